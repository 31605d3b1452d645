#include "catalog_files.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <ctime>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "catalog_paths.h"
#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "lookup_internal.h"

namespace erli18n::intl {

// The store keys a catalog by (domain, locale); here the domain is the `.mo` path, which is
// unique, and the locale is this fixed well-formed placeholder.
constexpr std::string_view store_locale = "und";

// Moves on every (re)load of any catalog: answers remembered under one value may be stale
// under another.
std::atomic<std::uint64_t> catalog_loads{0};

struct file_identity {
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = -1;
  std::int64_t mtime_ns = 0;
  bool operator==(const file_identity&) const = default;
};

struct catalog_file {
  std::string mo_path;
  std::atomic<bool> loaded{false};
  std::atomic<bool> checked{false};         // the first look at the disk is done
  std::atomic<std::int64_t> next_check{0};  // monotonic second of the next look
  std::mutex refresh;                       // one thread looks at the disk at a time
  file_identity identity;                   // of the file loaded; under `refresh`
  file_identity told;                       // of the file last diagnosed; under `refresh`
  // Bound to this catalog's key once it is first loaded (then it reaches the catalog
  // without searching the store's map, and still sees reloads). Never freed.
  std::atomic<const translator*> reader{nullptr};
};

namespace {

struct catalog_files {
  std::shared_mutex lock;
  std::unordered_map<std::string, std::unique_ptr<catalog_file>> by_path;
  catalog_store store;
};

// Never destroyed, as glibc's catalogs: text handed out must outlive every caller. Made on
// the first lookup that gets past the "C" locale, not before main: a program that never
// translates pays nothing for it.
catalog_files& state() {
  // The store reads a `.mo` in O(1) and answers from its own hash table; the catalog's
  // lookups build the faster index after a few hundred of them (src/store/catalog.h), so a
  // program that prints its --help and exits never builds one, and no thread is started.
  static catalog_files* f = new catalog_files();
  return *f;
}

std::optional<file_identity> identity_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return file_identity{st.st_dev, st.st_ino, st.st_size,
                       static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

// ERLI18N_DEBUG set to anything but "" or "0" asks for diagnostics on standard error: a
// catalog that fails to load says why, a .po that a .mo beside it shadows says so. Never in
// secure mode: a setuid program's stderr is not the place for what its user cannot read.
bool debugging() noexcept {
  static const bool on = [] {
    if (secure_mode()) return false;
    const char* v = ::secure_getenv("ERLI18N_DEBUG");
    return v != nullptr && *v != '\0' && std::string_view(v) != "0";
  }();
  return on;
}

// One line on stderr, in a single write (lines of threads do not mix).
void tell(std::string line) noexcept {
  line += '\n';
  (void)!::write(STDERR_FILENO, line.data(), line.size());
}

// How the C ABI loads a catalog: the store's bounds, and the first MiB of a `.mo` put in its
// mapping at once (load_options::populate_mo_bytes). A gettext program's lookups reach most
// pages of a catalog of that size soon (`ls --help` fr reads 66 of coreutils' 96), and each
// page would otherwise cost a page fault at its first read; one system call maps them all
// (`ls --help` fr 1.5 to 2% faster, docs/performance.md). A larger file's tables and first
// strings come first in it (msgfmt's layout).
const load_options& load_settings() {
  static const load_options options = [] {
    load_options o;
    o.populate_mo_bytes = std::size_t{1} << 20;
    return o;
  }();
  return options;
}

// Loads the file behind `f` again if it is new or was replaced. Caller holds `f.refresh`.
void refresh(catalog_file& f, catalog_store& store) {
  std::string path = f.mo_path;
  std::optional<file_identity> id = identity_of(path);
  if (!id) {
    path.replace(path.size() - 3, 3, ".po");  // mo_path always ends in ".mo"
    id = identity_of(path);
  }
  if (!id) return;  // nothing there (or gone): keep what is loaded, if anything
  if (f.loaded.load(std::memory_order_relaxed) && *id == f.identity) return;
  // A broken file is tried again each second: it is diagnosed once per version of it.
  const bool tell_now = debugging() && !(*id == f.told);
  if (tell_now) {
    f.told = *id;
    std::string po = f.mo_path;
    po.replace(po.size() - 3, 3, ".po");
    if (path == f.mo_path && identity_of(po))
      tell(po + ": warning: not read: " + f.mo_path + " beside it is the catalog loaded");
  }
  result<load_outcome> loaded = store.load(f.mo_path, store_locale, path, load_settings());
  if (!loaded && tell_now) tell(loaded.error().to_string());
  if (loaded) {
    f.identity = *id;
    if (f.reader.load(std::memory_order_relaxed) == nullptr)
      f.reader.store(new translator(store, f.mo_path, store_locale), std::memory_order_release);
    f.loaded.store(true, std::memory_order_release);
    catalog_loads.fetch_add(1, std::memory_order_release);
  }
}

}  // namespace

catalog_file& catalog_at(const std::string& mo_path) {
  catalog_files& s = state();
  {
    std::shared_lock guard(s.lock);
    auto it = s.by_path.find(mo_path);
    if (it != s.by_path.end()) return *it->second;
  }
  std::unique_lock guard(s.lock);
  auto& slot = s.by_path[mo_path];
  if (!slot) {
    slot = std::make_unique<catalog_file>();
    slot->mo_path = mo_path;
  }
  return *slot;
}

bool catalog_ready(catalog_file& f, std::int64_t now) {
  catalog_files& s = state();
  if (!f.checked.load(std::memory_order_acquire)) {
    // The first look waits, so that no thread answers untranslated while another loads.
    std::lock_guard guard(f.refresh);
    if (!f.checked.load(std::memory_order_relaxed)) {
      refresh(f, s.store);
      f.next_check.store(now + 1, std::memory_order_relaxed);
      f.checked.store(true, std::memory_order_release);
    }
  } else {
    std::int64_t due = f.next_check.load(std::memory_order_relaxed);
    if (now >= due && f.next_check.compare_exchange_strong(due, now + 1, std::memory_order_relaxed)) {
      std::unique_lock guard(f.refresh, std::try_to_lock);
      if (guard.owns_lock()) refresh(f, s.store);
    }
  }
  return f.loaded.load(std::memory_order_acquire);
}

std::optional<catalog_message> lookup_message(const catalog_file& file, const std::string_view* context,
                                              std::string_view msgid, const std::string_view* msgid_plural,
                                              unsigned long n) noexcept {
  const translator* reader = file.reader.load(std::memory_order_acquire);
  if (reader == nullptr) return std::nullopt;
  auto found = detail::find_message(*reader, context, msgid, msgid_plural != nullptr, n);
  if (!found) return std::nullopt;
  return catalog_message{found->text, found->msgid, found->context};
}

}  // namespace erli18n::intl
