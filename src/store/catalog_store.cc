#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <thread>
#include <utility>

#include "epoch.h"
#include "erli18n/catalog_store.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/locale_name.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "fault_injection.h"
#include "locale_chain.h"
#include "process_defaults.h"
#include "store_impl.h"

namespace erli18n {
namespace detail {
namespace {

std::atomic<fault_hook> installed_hook{nullptr};

error make_error(errc code, std::string message, std::string file = {}) {
  error e;
  e.code = code;
  e.message = std::move(message);
  e.file = std::move(file);
  return e;
}

error io_error(const std::string& path, const char* what, int err) {
  return make_error(errc::io, std::string(what) + ": " + std::strerror(err), path);
}

// A catalog's file, opened once: checking a pipe's first bytes for the MO magic and then
// opening it again would lose them. A regular file is read where it is (`fd`); a pipe or
// FIFO has been read whole into `bytes`.
class opened_catalog {
 public:
  opened_catalog() = default;
  opened_catalog(opened_catalog&& o) noexcept
      : stream(o.stream), bytes(std::move(o.bytes)), fd_(std::exchange(o.fd_, -1)) {}
  opened_catalog& operator=(opened_catalog&&) = delete;
  ~opened_catalog() { close(); }

  int fd() const noexcept { return fd_; }
  void adopt(int fd) noexcept { fd_ = fd; }
  void close() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  bool stream = false;
  std::string bytes;

 private:
  int fd_ = -1;
};

// Appends what `fd` gives until its end, at most `max_bytes` in all.
result<void> read_to_end(int fd, const std::string& path, std::size_t max_bytes, std::string& out) {
  char chunk[65536];
  for (;;) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_error(path, "cannot read", errno);
    if (got == 0) return {};
    if (static_cast<std::size_t>(got) > max_bytes - out.size())
      return make_error(errc::limit_exceeded,
                        "catalog exceeds the limit of " + std::to_string(max_bytes) + " bytes", path);
    out.append(chunk, static_cast<std::size_t>(got));
  }
}

// Opens `path` without blocking (a FIFO with no writer would block a plain open forever).
// A regular file is left to be read; a pipe or FIFO is read whole now, and an empty one (a
// FIFO with no writer reads as empty at once) is an error: no catalog is empty. Anything
// else (a folder, a device, a socket) is refused. With `read_streams` false (a reload, which
// holds the writer lock) a pipe is refused too rather than waited for.
result<opened_catalog> open_catalog(const std::string& path, std::size_t max_bytes, bool read_streams) {
  opened_catalog file;
  file.adopt(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (file.fd() < 0) return io_error(path, "cannot open", errno);
  struct stat st {};
  if (::fstat(file.fd(), &st) != 0) return io_error(path, "cannot stat", errno);
  if (S_ISREG(st.st_mode)) return file;
  if (!S_ISFIFO(st.st_mode)) return make_error(errc::io, "not a regular file or a pipe", path);
  if (!read_streams)
    return make_error(errc::io, "is a pipe, which a reload does not read (load it again)", path);
  // Its writer keeps its own pace: blocking reads from here on.
  const int flags = ::fcntl(file.fd(), F_GETFL);
  if (flags < 0 || ::fcntl(file.fd(), F_SETFL, flags & ~O_NONBLOCK) != 0)
    return io_error(path, "cannot read", errno);
  file.stream = true;
  if (result<void> r = read_to_end(file.fd(), path, max_bytes, file.bytes); !r) return r.error();
  file.close();
  if (file.bytes.empty())
    return make_error(errc::io, "nothing to read: the pipe is empty or has no writer", path);
  return file;
}

result<void> check_options(const load_options& o) {
  // Entry sizes are stored in 32 bits.
  if (o.max_bytes > UINT32_MAX) return make_error(errc::invalid_argument, "max_bytes must be below 4 GiB");
  return {};
}

}  // namespace

fault_hook set_fault_hook(fault_hook hook) noexcept { return installed_hook.exchange(hook); }

void fault_point(write_step step) {
  if (fault_hook h = installed_hook.load(std::memory_order_acquire)) h(step);
}

const catalog_map::slot* catalog_map::find_entry(const lookup_key& k) const noexcept {
  if (slots.empty()) return nullptr;
  for (std::uint64_t i = k.hash & mask;; i = (i + 1) & mask) {
    const slot& s = slots[i];
    if (s.value == nullptr) return nullptr;
    if (s.hash == k.hash && s.value->locale == k.locale && s.value->domain == k.domain) return &s;
  }
}

const catalog* catalog_map::find(const lookup_key& k) const noexcept {
  const slot* s = find_entry(k);
  return s ? s->value : nullptr;
}

const std::vector<std::string>* catalog_map::chain(std::string_view locale) const noexcept {
  auto it = std::lower_bound(chains.begin(), chains.end(), locale,
                             [](const auto& entry, std::string_view l) { return entry.first < l; });
  return it != chains.end() && it->first == locale ? &it->second : nullptr;
}

namespace {

// The translation `forms` holds for n. When the rule selects a form the entry does not have
// (a singular entry asked for a plural, a short plural entry), glibc shows the first form.
std::string_view pick_form(const catalog& c, std::string_view forms, bool plural, unsigned long n) noexcept {
  std::size_t first = std::min(forms.find('\0'), forms.size());
  if (!plural) return forms.substr(0, first);
  unsigned long index = c.plural.form(n);
  std::size_t start = 0, end = first;
  for (; index > 0; --index) {
    if (end >= forms.size()) return forms.substr(0, first);
    start = end + 1;
    end = std::min(forms.find('\0', start), forms.size());
  }
  return forms.substr(start, end - start);
}

std::optional<std::string_view> translate(const catalog* c, const std::string_view* context,
                                          std::string_view msgid, bool plural, unsigned long n) noexcept {
  if (c == nullptr) return std::nullopt;
  const catalog_entry* e = c->find(context, msgid);
  if (e == nullptr) return std::nullopt;
  if (!plural) return e->first_form();
  return pick_form(*c, e->translation_view(), true, n);
}

lookup_key key_of(std::string_view domain, std::string_view locale) noexcept {
  return {domain, locale, hash_pair(hash_text(domain), hash_text(locale))};
}

}  // namespace
}  // namespace detail

using detail::catalog;
using detail::catalog_map;
using detail::fault_point;
using detail::write_step;

std::string_view catalog_store::impl::lookup(const detail::lookup_key& key, const std::string_view* context,
                                             std::string_view msgid, const std::string_view* msgid_plural,
                                             unsigned long n, const detail::catalog_slot* slot,
                                             const detail::catalog_slot** found_slot) const noexcept {
  const bool plural = msgid_plural != nullptr;
  std::string_view answer = plural && n != 1 ? *msgid_plural : msgid;  // the miss rule
  // Set only when an observer wants lookup events: then the event is delivered after the
  // read section (an observer may look strings up itself), and `answered_by` keeps a copy
  // of the fallback locale that answered, which the map owns.
  const detail::observer_list* listeners = nullptr;
  char answered_by[max_locale_name + 1];
  std::size_t answered_by_size = 0;
  {
    detail::read_section section;
    const catalog_map* map = published.load(std::memory_order_seq_cst);
    if (map != nullptr) {
      const catalog* c = nullptr;
      if (slot) {
        c = slot->current.load(std::memory_order_seq_cst);
      } else if (const catalog_map::slot* entry = map->find_entry(key)) {
        c = entry->value;
        if (found_slot) *found_slot = entry->key_slot;
      }
      if (auto s = detail::translate(c, context, msgid, plural, n)) return *s;
      listeners = map->lookup_observers.get();
      // Counted inside the section, so a writer that unpublishes the list and then
      // synchronizes sees the count and waits for the delivery to end.
      if (listeners) listeners->lookups_delivering.fetch_add(1, std::memory_order_seq_cst);
      if (map->fallback != locale_fallback::mode::off) {
        auto try_locale = [&](std::string_view locale) {
          std::optional<std::string_view> s =
              detail::translate(map->find(detail::key_of(key.domain, locale)), context, msgid, plural, n);
          if (s && listeners && locale.size() < sizeof answered_by) {
            std::memcpy(answered_by, locale.data(), locale.size());
            answered_by_size = locale.size();
          }
          return s;
        };
        std::optional<std::string_view> found;
        if (map->fallback == locale_fallback::mode::base_language) {
          detail::visit_parent_locales(
              key.locale, [&](std::string_view locale) { return (found = try_locale(locale)).has_value(); });
          std::string_view default_locale = detail::process_default_locale();
          if (!found && default_locale != key.locale) found = try_locale(default_locale);
        } else if (const std::vector<std::string>* chain = map->chain(key.locale)) {
          for (const std::string& locale : *chain)
            if ((found = try_locale(locale))) break;
        }
        if (found) {
          if (!listeners) return *found;
          answer = *found;
        }
      }
      if (!listeners) return answer;
    }
  }
  if (listeners) {
    store_event e;
    e.kind = answered_by_size != 0 ? event_kind::fallback_used : event_kind::lookup_miss;
    e.domain = key.domain;
    e.locale = key.locale;
    if (context) e.context = *context;
    e.msgid = msgid;
    e.fallback_locale = std::string_view(answered_by, answered_by_size);
    detail::deliver_lookup_event(this, *listeners, e, observer_failures);
    listeners->lookups_delivering.fetch_sub(1, std::memory_order_release);
  }
  return answer;
}

std::optional<detail::found_message> catalog_store::impl::find_message(const detail::lookup_key& key,
                                                                       const detail::catalog_slot* slot,
                                                                       const std::string_view* context,
                                                                       std::string_view msgid, bool plural,
                                                                       unsigned long n) const noexcept {
  detail::read_section section;
  const catalog* c = nullptr;
  if (slot) {
    c = slot->current.load(std::memory_order_seq_cst);
  } else if (const catalog_map* map = published.load(std::memory_order_seq_cst)) {
    if (const catalog_map::slot* entry = map->find_entry(key)) c = entry->value;
  }
  if (c == nullptr) return std::nullopt;
  const detail::catalog_entry* e = c->find(context, msgid);
  if (e == nullptr) return std::nullopt;
  detail::found_message out;
  out.text = plural ? detail::pick_form(*c, e->translation_view(), true, n) : e->first_form();
  out.msgid = e->msgid_view();
  if (e->context != nullptr) out.context = e->context_view();
  return out;
}

std::string_view catalog_store::impl::lookup_named(std::string_view domain, std::string_view locale,
                                                   const std::string_view* context, std::string_view msgid,
                                                   const std::string_view* msgid_plural,
                                                   unsigned long n) const noexcept {
  char canonical[max_locale_name + 1];
  std::size_t size = canonical_locale(locale, canonical, sizeof canonical);
  if (size != 0) locale = std::string_view(canonical, size);
  return lookup(detail::key_of(domain, locale), context, msgid, msgid_plural, n);
}

const detail::catalog_slot* catalog_store::impl::find_slot(std::string_view domain,
                                                           std::string_view locale) const {
  std::lock_guard lock(writer);
  auto it = slots.find(std::pair<std::string, std::string>(domain, locale));
  return it == slots.end() ? nullptr : it->second.get();
}

// No reader may use a store being destroyed; its catalogs and text die with it (`current`
// owns what `published` points to).
catalog_store::impl::~impl() = default;

namespace {

using store_impl = catalog_store::impl;

// The pieces of a write, in the order it happens; `commit` is the only step that changes
// what readers see, and nothing in it can fail.
class store_write {
 public:
  store_write(store_impl& s, std::string domain, std::string locale)
      : s_(s), key_(std::move(domain), std::move(locale)) {}

  const catalog* previous() const {
    auto it = s_.catalogs.find(key_);
    return it == s_.catalogs.end() ? nullptr : it->second.get();
  }

  // Loads a file (from open_catalog) or a buffer into `built_`; nothing shared is touched.
  result<void> read_file(detail::opened_catalog& file, const std::string& path, const load_options& options) {
    fault_point(write_step::read);
    if (file.stream) return read_bytes(file.bytes, path, options, false);
    char head[4];
    ssize_t got = 0;
    do got = ::pread(file.fd(), head, sizeof head, 0);
    while (got < 0 && errno == EINTR);
    if (got < 0) return detail::io_error(path, "cannot read", errno);
    if (is_mo_image(std::string_view(head, static_cast<std::size_t>(got)))) {
      // The reader maps the path (a regular file can be opened again; one replaced meanwhile
      // by something else is refused by its own checks).
      return build_mo(mo_catalog::open(path, mo_limits(options)), options);
    }
    std::string text;
    if (result<void> r = detail::read_to_end(file.fd(), path, options.max_bytes, text); !r) return r;
    bytes_read_ = text.size();
    return build_po(read_po(text, path, po_limits(options)), options);
  }

  // `in_place`: the bytes outlive the store (load_static), so the .mo is read where it is.
  result<void> read_buffer(std::string_view bytes, std::string_view name, const load_options& options,
                           bool in_place = false) {
    fault_point(write_step::read);
    return read_bytes(bytes, name, options, in_place);
  }

  // Publishes the built catalog in place of the previous one (if any).
  result<void> publish(std::string source, bool from_file, const load_options& options,
                       bool from_pipe = false) {
    built_.value->domain = key_.first;
    built_.value->locale = key_.second;
    built_.value->source = std::move(source);
    built_.value->from_file = from_file && !from_pipe;
    built_.value->from_pipe = from_pipe;
    built_.value->options = options;
    return commit(std::move(built_.value));
  }

  // Publishes the store without this key's catalog (for a key with no catalog, such as
  // the empty domain, this re-publishes the same catalogs: set_fallback uses it).
  result<void> remove() { return commit(nullptr); }

  const catalog& published_catalog() const { return *s_.catalogs.at(key_); }
  std::size_t messages() const { return published_catalog().size(); }
  std::size_t bytes_read() const { return bytes_read_; }
  std::size_t fuzzy_skipped() const { return built_.fuzzy_skipped; }
  const std::string& locale() const { return key_.second; }

 private:
  // The expansion of system-dependent strings is bounded by max_bytes too (mo.h).
  static mo_open_options mo_limits(const load_options& options) {
    mo_open_options o;
    o.max_bytes = options.max_bytes;
    return o;
  }

  result<void> read_bytes(std::string_view bytes, std::string_view name, const load_options& options,
                          bool in_place) {
    bytes_read_ = bytes.size();
    if (bytes.size() > options.max_bytes)
      return detail::make_error(errc::limit_exceeded,
                                "catalog of " + std::to_string(bytes.size()) +
                                    " bytes exceeds the limit of " + std::to_string(options.max_bytes),
                                std::string(name));
    if (in_place) {
      in_place_ = true;
      if (!is_mo_image(bytes))
        return detail::make_error(errc::invalid_argument, "not an MO catalog", std::string(name));
      return build_mo(mo_catalog::from_memory(bytes.data(), bytes.size(), name, mo_limits(options)), options);
    }
    if (is_mo_image(bytes)) {
      // Read for the strings it changes only: they are copied, and the bytes can go.
      if (key_copies_mo_text())
        return build_mo(mo_catalog::from_memory(bytes.data(), bytes.size(), name, mo_limits(options)),
                        options);
      // The caller's buffer may go away: the store keeps its own copy (if it is needed).
      buffer_ = std::make_unique<char[]>(bytes.size());
      std::memcpy(buffer_.get(), bytes.data(), bytes.size());
      buffer_size_ = bytes.size();
      return build_mo(mo_catalog::from_memory(buffer_.get(), bytes.size(), name, mo_limits(options)),
                      options);
    }
    return build_po(read_po(bytes, name, po_limits(options)), options);
  }

  static po_read_options po_limits(const load_options& options) {
    po_read_options o;
    o.max_bytes = options.max_bytes;
    o.max_entries = options.max_entries;
    o.keep_comments = false;  // a catalog reads none: comment lines then cost no memory
    return o;
  }

  // Builds the catalog of a parsed .po (or passes on the reader's error).
  result<void> build_po(result<po_file> parsed, const load_options& options) {
    if (!parsed) return std::move(parsed).error();
    fault_point(write_step::parse);
    const po_file& po = *parsed;
    fault_point(write_step::validate);
    result<detail::built_catalog> b = detail::build_catalog(po, options, previous());
    if (!b) return std::move(b).error();
    fault_point(write_step::build);
    built_ = std::move(*b);
    share_retained_text();
    return {};
  }

  // The same new text was retained before (a catalog going back to an earlier version):
  // point into that copy instead of keeping a second one.
  void share_retained_text() {
    detail::text_block& block = built_.new_text;
    if (block.size == 0) return;
    text_hash_ = detail::hash_text(std::string_view(block.bytes.get(), block.size));
    for (const store_impl::retained_text& t : s_.text)
      if (t.hash == text_hash_ && t.size == block.size &&
          std::memcmp(t.bytes.get(), block.bytes.get(), t.size) == 0) {
        built_.value->rebase(block.bytes.get(), block.size, t.bytes.get());
        block = {};
        break;
      }
  }

  // Whether a `.mo` for this key is read only for the strings it changes (copied, after
  // which it is closed) rather than in place: once the key has an image retained, so that
  // reloads never pin one image each (an image that outlives the store, load_static's, is
  // always read in place).
  bool key_copies_mo_text() const {
    if (in_place_) return false;
    auto it = s_.slots.find(key_);
    return it != s_.slots.end() && it->second->image_retained;
  }

  // Builds the catalog of an opened .mo (or passes on the reader's error).
  result<void> build_mo(result<mo_catalog> opened, const load_options& options) {
    if (!opened) return std::move(opened).error();
    fault_point(write_step::parse);
    mo_ = std::make_unique<mo_catalog>(std::move(*opened));
    if (bytes_read_ == 0) bytes_read_ = mo_->image().size();
    fault_point(write_step::validate);
    // A file whose bytes the store already holds (a catalog going back to an earlier
    // version) is read from the retained copy: nothing is copied, the new one is dropped.
    const mo_catalog* source = mo_.get();
    mo_hash_ = detail::hash_text(mo_->image());
    for (const store_impl::retained_mo& r : s_.mo_files)
      if (r.hash == mo_hash_ && r.mo->image() == mo_->image()) {
        source = r.mo.get();
        mo_reused_ = true;
        break;
      }
    result<detail::built_catalog> b =
        detail::build_catalog(*source, options, previous(), !mo_reused_ && key_copies_mo_text());
    if (!b) {
      // Read from the retained copy, the error is still about the file being loaded.
      error e = std::move(b).error();
      e.file = mo_->name();
      return e;
    }
    fault_point(write_step::build);
    built_ = std::move(*b);
    share_retained_text();
    return {};
  }

  result<void> commit(std::unique_ptr<catalog> replacement) {
    // Everything that can fail happens before the swap: the map is built, room is made in
    // the retained lists, the key's node exists.
    auto [it, inserted] = s_.catalogs.try_emplace(key_);
    try {
      s_.text.reserve(s_.text.size() + 1);
      s_.mo_files.reserve(s_.mo_files.size() + 1);
      // Loaded keys get a slot (kept even if this write fails: it then stays as it was).
      detail::catalog_slot* slot = nullptr;
      if (auto found = s_.slots.find(key_); found != s_.slots.end())
        slot = found->second.get();
      else if (replacement)
        slot = s_.slots.emplace(key_, std::make_unique<detail::catalog_slot>()).first->second.get();
      auto map = build_map(it->first, replacement.get());
      fault_point(write_step::publish);
      // From here on nothing throws.
      s_.published.store(map.get(), std::memory_order_seq_cst);
      if (slot) slot->current.store(replacement.get(), std::memory_order_seq_cst);
      std::unique_ptr<catalog_map> retired_map = std::exchange(s_.current, std::move(map));
      std::unique_ptr<catalog> retired = std::exchange(it->second, std::move(replacement));
      if (!it->second) s_.catalogs.erase(it);
      retain(slot);
      // Readers that started before the swap may still use the old map and catalog.
      detail::synchronize();
      wait_for_deliveries(retired_map.get());
      return {};
    } catch (...) {
      if (inserted) s_.catalogs.erase(it);
      throw;
    }
  }

  std::unique_ptr<catalog_map> build_map(const std::pair<std::string, std::string>& key,
                                         const catalog* replacement) const {
    auto map = std::make_unique<catalog_map>();
    std::size_t count = 0;
    for (const auto& [k, c] : s_.catalogs) count += (k == key ? replacement != nullptr : c != nullptr);
    map->fallback = s_.fallback.kind;
    for (const auto& [locale, chain] : s_.fallback.chains) map->chains.emplace_back(locale, chain);
    if (s_.observers && s_.observers->wants_lookup_events) map->lookup_observers = s_.observers;
    if (count == 0) return map;
    std::size_t capacity = 8;
    while (capacity < 2 * count) capacity *= 2;
    map->slots.resize(capacity);
    map->mask = capacity - 1;
    for (const auto& [k, c] : s_.catalogs) {
      const catalog* value = k == key ? replacement : c.get();
      if (value == nullptr) continue;
      const std::uint64_t h = detail::key_of(k.first, k.second).hash;
      std::uint64_t i = h & map->mask;
      while (map->slots[i].value != nullptr) i = (i + 1) & map->mask;
      map->slots[i] = {h, value, s_.slots.at(k).get()};
    }
    return map;
  }

  // Lookups may still be delivering events to the observers of a list the new map no
  // longer has (they counted themselves inside their read section, which synchronize has
  // waited out): the list, and the observers removed with it, must outlive them.
  void wait_for_deliveries(const catalog_map* retired) const noexcept {
    if (retired == nullptr || !retired->lookup_observers) return;
    if (retired->lookup_observers == s_.current->lookup_observers) return;
    while (retired->lookup_observers->lookups_delivering.load(std::memory_order_acquire) != 0)
      std::this_thread::yield();
  }

  // Keeps the text the new catalog points into (noexcept: room was reserved). A `.mo` read
  // for its copies only (or found identical to a retained one) is closed with this write.
  void retain(detail::catalog_slot* slot) noexcept {
    if (built_.new_text.size != 0) {
      s_.text_bytes += built_.new_text.size;
      s_.text.push_back({std::move(built_.new_text.bytes), built_.new_text.size, text_hash_});
    }
    if (built_.uses_mo_text && mo_ && !mo_reused_) {
      s_.mapped_bytes += mo_->owned_bytes();
      s_.text_bytes += buffer_size_;
      s_.mo_files.push_back({std::move(mo_), std::move(buffer_), mo_hash_});
      if (slot && !in_place_) slot->image_retained = true;
    }
  }

  store_impl& s_;
  std::pair<std::string, std::string> key_;
  std::unique_ptr<char[]> buffer_;  // a `.mo` buffer's copy
  std::size_t buffer_size_ = 0;
  std::unique_ptr<mo_catalog> mo_;
  bool mo_reused_ = false;  // the catalog reads a retained .mo with the same bytes as mo_
  bool in_place_ = false;   // load_static: the bytes outlive the store
  std::uint64_t mo_hash_ = 0;
  std::uint64_t text_hash_ = 0;
  std::size_t bytes_read_ = 0;
  detail::built_catalog built_;
};

// Runs a write; exceptions (allocation failures, a throwing callback or test hook) become
// errors, and the store is as it was.
// The message itself may not be allocatable when memory is exhausted: the code alone
// then tells what happened (an error with empty strings allocates nothing).
error failure(errc code, const char* what) noexcept {
  try {
    return detail::make_error(code, what);
  } catch (...) {
    error e;
    e.code = code;
    return e;
  }
}

template <class F>
auto guarded(F&& f) noexcept -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return failure(errc::out_of_memory, "out of memory; nothing was changed");
  } catch (const std::exception& e) {
    try {
      return detail::make_error(errc::internal,
                                std::string("unexpected exception: ") + e.what() + "; nothing was changed");
    } catch (...) {
      return failure(errc::internal, "");
    }
  } catch (...) {
    return failure(errc::internal, "unexpected exception; nothing was changed");
  }
}

result<std::string> checked_locale(std::string_view locale) { return canonical_locale(locale); }

error not_loaded(std::string_view domain, std::string_view locale) {
  return detail::make_error(errc::not_found, "no catalog loaded for domain '" + std::string(domain) +
                                                 "' and locale '" + std::string(locale) + "'");
}

result<void> checked_domain(std::string_view domain) {
  if (domain.empty()) return detail::make_error(errc::invalid_argument, "empty domain name");
  if (domain.find('\0') != std::string_view::npos)
    return detail::make_error(errc::invalid_argument, "domain name contains a NUL byte");
  return {};
}

// The canonical locale of a load's key, once the domain and the options are known good.
result<std::string> checked_load(std::string_view domain, std::string_view locale,
                                 const load_options& options) {
  if (result<void> r = checked_domain(domain); !r) return r.error();
  if (result<void> r = detail::check_options(options); !r) return r.error();
  return checked_locale(locale);
}

}  // namespace

catalog_store::catalog_store() : impl_(std::make_unique<impl>()) {}
catalog_store::~catalog_store() = default;

catalog_store& catalog_store::default_store() noexcept {
  // Never destroyed: its text must outlive every thread that may still hold a view.
  static catalog_store* store = new catalog_store();
  return *store;
}

namespace {

error called_from_observer() {
  return detail::make_error(errc::invalid_argument,
                            "an observer may not change the store that called it (it would wait for itself)");
}

// The events of one load or reload, raised under the writer lock: load_start when reading
// begins, then load_stop (or reload) with what was published, or load_failure.
class load_report {
 public:
  load_report(store_impl& s, std::string_view domain, std::string_view locale) noexcept
      : s_(s), domain_(domain), locale_(locale) {}

  // Copies `source`: the failure event may come after the caller's string is gone (reload
  // reads the path from the catalog it replaces).
  void begin(std::string_view source) {
    source_.assign(source);
    reading_ = true;
    start_ = std::chrono::steady_clock::now();
    raise(event(event_kind::load_start));
  }

  // After `w` published its catalog: the outcome, and the events of a success.
  load_outcome published(const store_write& w, event_kind kind) noexcept {
    const load_outcome outcome{w.messages(), false};
    store_event e = event(kind);
    e.duration = elapsed();
    e.messages = outcome.messages;
    e.bytes = w.bytes_read();
    raise(e);
    if (w.fuzzy_skipped() != 0) {
      store_event f = event(event_kind::fuzzy_skipped);
      f.count = w.fuzzy_skipped();
      raise(f);
    }
    check_plural_rule(w.published_catalog());
    check_memory();
    return outcome;
  }

  void failed(const error& failure) noexcept {
    store_event e = event(event_kind::load_failure);
    e.duration = elapsed();
    e.failure = &failure;
    raise(e);
  }

 private:
  store_event event(event_kind kind) const noexcept {
    store_event e;
    e.kind = kind;
    e.domain = domain_;
    e.locale = locale_;
    e.source = source_;
    return e;
  }

  std::chrono::nanoseconds elapsed() const noexcept {
    if (!reading_) return std::chrono::nanoseconds(0);  // failed before reading
    return std::chrono::steady_clock::now() - start_;
  }

  void raise(const store_event& e) const noexcept {
    detail::deliver(&s_, s_.observers.get(), e, s_.observer_failures);
  }

  // A plural-divergence event when the catalog's Plural-Forms picks other forms than CLDR's
  // rule for its locale. Only with observers (the comparison costs up to a few ms), only for
  // a header that declares a rule, and never a change: the header's rule is the one used.
  void check_plural_rule(const catalog& c) const noexcept {
    if (!s_.observers || !c.plural_declared) return;
    try {
      const std::optional<cldr_divergence> d = compare_with_cldr(c.plural, c.locale);
      if (!d) return;
      const std::string catalog_rule =
          "nplurals=" + std::to_string(c.plural.nplurals()) + "; plural=" + c.plural.expression() + ";";
      store_event e = event(event_kind::plural_divergence);
      e.catalog_rule = catalog_rule;
      e.cldr_rule = d->cldr->plural_forms;
      e.n = d->comparison.n;
      e.catalog_form = d->comparison.form_a;
      e.cldr_form = d->comparison.form_b;
      e.forms_differ = d->comparison.forms_differ;
      raise(e);
    } catch (...) {
      // Out of memory: the check is skipped; the load it follows has already succeeded.
    }
  }

  // A memory warning when retained text and mappings passed the threshold, at most once
  // per interval.
  void check_memory() noexcept {
    const std::size_t retained = s_.text_bytes + s_.mapped_bytes;
    if (s_.memory_warning_bytes == 0 || retained < s_.memory_warning_bytes || !s_.observers) return;
    const auto now = std::chrono::steady_clock::now();
    auto& last = s_.last_memory_warning;  // writer lock held
    if (last && now - *last < s_.memory_warning_interval) return;
    last = now;
    store_event e = event(event_kind::memory_warning);
    e.bytes = retained;
    raise(e);
  }

  store_impl& s_;
  std::string_view domain_;
  std::string_view locale_;
  std::string source_;
  bool reading_ = false;
  std::chrono::steady_clock::time_point start_;
};

// Runs a load or reload of (domain, locale): `f(canonical_locale, report)` under the
// writer lock. Every failure, the arguments' included, raises load_failure.
template <class F>
result<load_outcome> loading(store_impl& s, std::string_view domain, std::string_view locale,
                             const load_options* options, F&& f) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  return guarded([&]() -> result<load_outcome> {
    result<std::string> canonical = options ? checked_load(domain, locale, *options) : checked_locale(locale);
    std::lock_guard lock(s.writer);
    load_report report(s, domain, canonical ? std::string_view(*canonical) : locale);
    result<load_outcome> r = canonical ? guarded([&] { return f(*canonical, report); })
                                       : result<load_outcome>(std::move(canonical).error());
    if (!r) report.failed(r.error());
    return r;
  });
}

result<load_outcome> load_file(store_impl& s, std::string_view domain, std::string_view locale,
                               const std::string& path, const load_options& options, bool only_if_absent) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  // Opened, and a pipe read whole, before the writer lock is taken: a pipe's writer keeps
  // its own pace, and no other write may wait for it. A failure is the load's, reported
  // under the lock (unless the arguments are wrong: that error comes first).
  result<detail::opened_catalog> file = guarded([&]() -> result<detail::opened_catalog> {
    if (!checked_load(domain, locale, options)) return detail::make_error(errc::invalid_argument, "");
    return detail::open_catalog(path, options.max_bytes, true);
  });
  return loading(s, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(s, std::string(domain), canonical);
                   if (only_if_absent)
                     if (const catalog* c = w.previous()) return load_outcome{c->size(), true};
                   report.begin(path);
                   if (!file) return file.error();
                   if (result<void> r = w.read_file(*file, path, options); !r) return r.error();
                   if (result<void> r = w.publish(path, true, options, file->stream); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

}  // namespace

result<load_outcome> detail::load_file_bytes(store_impl& s, std::string_view domain, std::string_view locale,
                                             const std::string& path, std::string_view bytes,
                                             const load_options& options) {
  return loading(s, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(s, std::string(domain), canonical);
                   report.begin(path);
                   if (result<void> r = w.read_buffer(bytes, path, options); !r) return r.error();
                   if (result<void> r = w.publish(path, true, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::ensure_loaded(std::string_view domain, std::string_view locale,
                                                  const std::string& path, const load_options& options) {
  return load_file(*impl_, domain, locale, path, options, true);
}

result<load_outcome> catalog_store::load(std::string_view domain, std::string_view locale,
                                         const std::string& path, const load_options& options) {
  return load_file(*impl_, domain, locale, path, options, false);
}

result<load_outcome> catalog_store::load_buffer(std::string_view domain, std::string_view locale,
                                                std::string_view bytes, std::string_view name,
                                                const load_options& options) {
  return loading(*impl_, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(*impl_, std::string(domain), canonical);
                   report.begin(name);
                   if (result<void> r = w.read_buffer(bytes, name, options); !r) return r.error();
                   if (result<void> r = w.publish(std::string(name), false, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::load_static(std::string_view domain, std::string_view locale,
                                                std::string_view mo_bytes, std::string_view name,
                                                const load_options& options) {
  return loading(*impl_, domain, locale, &options,
                 [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
                   store_write w(*impl_, std::string(domain), canonical);
                   report.begin(name);
                   if (result<void> r = w.read_buffer(mo_bytes, name, options, true); !r) return r.error();
                   if (result<void> r = w.publish(std::string(name), false, options); !r) return r.error();
                   return report.published(w, event_kind::load_stop);
                 });
}

result<load_outcome> catalog_store::reload(std::string_view domain, std::string_view locale) {
  return loading(
      *impl_, domain, locale, nullptr,
      [&](const std::string& canonical, load_report& report) -> result<load_outcome> {
        store_write w(*impl_, std::string(domain), canonical);
        const catalog* c = w.previous();
        if (c == nullptr) return not_loaded(domain, locale);
        if (c->from_pipe)
          return detail::make_error(errc::invalid_argument,
                                    "catalog '" + c->source + "' was read from a pipe; load it again");
        if (!c->from_file)
          return detail::make_error(
              errc::invalid_argument,
              "catalog '" + c->source + "' was loaded from memory; load it again with load_buffer");
        const std::string path = c->source;
        const load_options options = c->options;
        report.begin(path);
        // Under the writer lock: a path that became a pipe is refused, not waited for.
        result<detail::opened_catalog> file = detail::open_catalog(path, options.max_bytes, false);
        if (!file) return file.error();
        if (result<void> r = w.read_file(*file, path, options); !r) return r.error();
        if (result<void> r = w.publish(path, true, options); !r) return r.error();
        return report.published(w, event_kind::reload);
      });
}

namespace {

// A write that changes no catalog's content but what the store publishes with them (the
// fallback rule, the observers): `change()` updates the store's state and returns a
// function that undoes it, then the same catalogs are published again. An empty function
// means nothing changed: nothing is published.
template <class Change>
result<void> republish(store_impl& s, Change&& change) {
  if (detail::inside_observer_of(&s)) return called_from_observer();
  return guarded([&]() -> result<void> {
    std::lock_guard lock(s.writer);
    const std::function<void()> undo = change();
    if (!undo) return {};
    // A write of no catalog's key (the empty domain): the same catalogs, published again.
    store_write w(s, std::string(), std::string());
    try {
      return w.remove();
    } catch (...) {
      undo();
      throw;
    }
  });
}

}  // namespace

result<void> catalog_store::unload(std::string_view domain, std::string_view locale) {
  if (detail::inside_observer_of(impl_.get())) return called_from_observer();
  return guarded([&]() -> result<void> {
    result<std::string> canonical = checked_locale(locale);
    if (!canonical) return std::move(canonical).error();
    std::lock_guard lock(impl_->writer);
    store_write w(*impl_, std::string(domain), *canonical);
    const catalog* c = w.previous();
    if (c == nullptr) return not_loaded(domain, locale);
    const std::string source = c->source;
    if (result<void> r = w.remove(); !r) return r;
    store_event e;
    e.kind = event_kind::unload;
    e.domain = domain;
    e.locale = *canonical;
    e.source = source;
    detail::deliver(impl_.get(), impl_->observers.get(), e, impl_->observer_failures);
    return {};
  });
}

std::vector<result<load_outcome>> catalog_store::load_many(const std::vector<load_request>& requests) {
  std::vector<result<load_outcome>> results;
  results.reserve(requests.size());
  for (const load_request& r : requests)
    results.push_back(ensure_loaded(r.domain, r.locale, r.path, r.options));
  return results;
}

result<void> catalog_store::set_fallback(const locale_fallback& fallback) {
  locale_fallback canonical;
  result<void> checked = guarded([&]() -> result<void> {
    canonical.kind = fallback.kind;
    for (const auto& [locale, chain] : fallback.chains) {
      result<std::string> from = checked_locale(locale);
      if (!from) return std::move(from).error();
      std::vector<std::string>& to = canonical.chains[*from];
      for (const std::string& l : chain) {
        result<std::string> c = checked_locale(l);
        if (!c) return std::move(c).error();
        to.push_back(std::move(*c));
      }
    }
    return {};
  });
  if (!checked) return checked;
  return republish(*impl_, [&] {
    return [this, previous = std::make_shared<locale_fallback>(std::exchange(
                      impl_->fallback, std::move(canonical)))] { impl_->fallback = std::move(*previous); };
  });
}

result<observer_id> catalog_store::add_observer(observer fn, const observer_options& options) {
  if (!fn) return detail::make_error(errc::invalid_argument, "empty observer");
  if (options.sample_every == 0)
    return detail::make_error(errc::invalid_argument, "sample_every must be at least 1");
  observer_id id = 0;
  result<void> r = republish(*impl_, [&] {
    auto entry = std::make_shared<detail::observer_entry>();
    entry->id = id = impl_->next_observer_id;
    entry->fn = std::move(fn);
    entry->options = options;
    auto list = std::make_shared<detail::observer_list>();
    if (impl_->observers) list->entries = impl_->observers->entries;
    list->entries.push_back(std::move(entry));
    list->wants_lookup_events =
        (impl_->observers && impl_->observers->wants_lookup_events) || options.lookup_events;
    auto previous = std::exchange(impl_->observers, std::move(list));
    ++impl_->next_observer_id;
    return [this, previous] {
      impl_->observers = previous;
      --impl_->next_observer_id;
    };
  });
  if (!r) return r.error();
  return id;
}

result<void> catalog_store::remove_observer(observer_id id) {
  bool found = false;
  result<void> r = republish(*impl_, [&]() -> std::function<void()> {
    auto list = std::make_shared<detail::observer_list>();
    if (impl_->observers)
      for (const auto& entry : impl_->observers->entries) {
        if (entry->id == id) {
          found = true;
          continue;
        }
        list->entries.push_back(entry);
        list->wants_lookup_events = list->wants_lookup_events || entry->options.lookup_events;
      }
    if (!found) return {};
    auto previous = std::exchange(impl_->observers, list->entries.empty() ? nullptr : std::move(list));
    return [this, previous] { impl_->observers = previous; };
  });
  if (!r) return r;
  if (!found) return detail::make_error(errc::not_found, "no observer with id " + std::to_string(id));
  return {};
}

std::uint64_t catalog_store::observer_failures() const noexcept {
  return impl_->observer_failures.load(std::memory_order_relaxed);
}

result<void> catalog_store::set_memory_warning(std::size_t bytes, std::chrono::milliseconds min_interval) {
  if (min_interval.count() < 0) return detail::make_error(errc::invalid_argument, "negative min_interval");
  if (detail::inside_observer_of(impl_.get())) return called_from_observer();
  std::lock_guard lock(impl_->writer);
  impl_->memory_warning_bytes = bytes;
  impl_->memory_warning_interval = min_interval;
  impl_->last_memory_warning.reset();
  return {};
}

std::string_view catalog_store::dlgettext(std::string_view domain, std::string_view locale,
                                          std::string_view msgid) const noexcept {
  return impl_->lookup_named(domain, locale, nullptr, msgid, nullptr, 0);
}
std::string_view catalog_store::dlngettext(std::string_view domain, std::string_view locale,
                                           std::string_view msgid, std::string_view msgid_plural,
                                           unsigned long n) const noexcept {
  return impl_->lookup_named(domain, locale, nullptr, msgid, &msgid_plural, n);
}
std::string_view catalog_store::dlpgettext(std::string_view domain, std::string_view locale,
                                           std::string_view context, std::string_view msgid) const noexcept {
  return impl_->lookup_named(domain, locale, &context, msgid, nullptr, 0);
}
std::string_view catalog_store::dlnpgettext(std::string_view domain, std::string_view locale,
                                            std::string_view context, std::string_view msgid,
                                            std::string_view msgid_plural, unsigned long n) const noexcept {
  return impl_->lookup_named(domain, locale, &context, msgid, &msgid_plural, n);
}

store_memory catalog_store::memory() const {
  std::lock_guard lock(impl_->writer);
  store_memory m;
  m.text_bytes = impl_->text_bytes;
  m.mapped_bytes = impl_->mapped_bytes;
  for (const auto& [key, c] : impl_->catalogs) m.index_bytes += c->index_bytes();
  if (impl_->current)
    m.index_bytes += sizeof(catalog_map) + impl_->current->slots.capacity() * sizeof(catalog_map::slot);
  return m;
}

std::vector<catalog_info> catalog_store::catalogs() const {
  std::lock_guard lock(impl_->writer);
  std::vector<catalog_info> out;
  for (const auto& [key, c] : impl_->catalogs)
    out.push_back({c->domain, c->locale, c->source, c->from_mo, c->size()});
  return out;
}

std::vector<std::string> catalog_store::locales() const {
  std::lock_guard lock(impl_->writer);
  std::vector<std::string> out;
  for (const auto& [key, c] : impl_->catalogs) out.push_back(key.second);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

result<std::vector<catalog_key>> catalog_store::keys(std::string_view domain, std::string_view locale) const {
  result<std::string> canonical = checked_locale(locale);
  if (!canonical) return std::move(canonical).error();
  std::lock_guard lock(impl_->writer);
  auto it = impl_->catalogs.find(std::pair<std::string, std::string>(domain, *canonical));
  if (it == impl_->catalogs.end()) return not_loaded(domain, locale);
  std::vector<catalog_key> out;
  out.reserve(it->second->size());
  for (const detail::catalog_entry& e : it->second->entries())
    out.push_back({e.context != nullptr, std::string(e.context_view()), std::string(e.msgid_view())});
  return out;
}

}  // namespace erli18n
