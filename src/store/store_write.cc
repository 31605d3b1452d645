// The catalog store's write transaction: opening a catalog file (pipes included), the
// members of `store_write` (read, parse, validate and build the new catalog off to the side,
// then publish it and retire the old one once readers are done), the fault-injection hook
// its steps call, and the checks and error helpers of every write.
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
#include "erli18n/locale_name.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "fault_injection.h"
#include "file_io.h"
#include "mo_access.h"
#include "mo_format.h"
#include "store_impl.h"
#include "store_write.h"

namespace erli18n::detail {
namespace {

std::atomic<fault_hook> installed_hook{nullptr};

}  // namespace

error make_error(errc code, std::string message, std::string file) {
  error e;
  e.code = code;
  e.message = std::move(message);
  e.file = std::move(file);
  return e;
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
  if (S_ISREG(st.st_mode)) {
    file.size = static_cast<std::size_t>(st.st_size);
    return file;
  }
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

fault_hook set_fault_hook(fault_hook hook) noexcept { return installed_hook.exchange(hook); }

void fault_point(write_step step) {
  if (fault_hook h = installed_hook.load(std::memory_order_acquire)) h(step);
}

// ---- store_write ----

// Loads a file (from open_catalog) or a buffer into `built_`; nothing shared is touched.
result<void> store_write::read_file(detail::opened_catalog& file, const std::string& path,
                                    const load_options& options) {
  fault_point(write_step::read);
  if (file.stream) return read_bytes(file.bytes, path, options, false);
  // A file that can hold an MO header and is within the bound is mapped as one first, with
  // no read of its magic beforehand (a system call per catalog): the mapping reads it. Only
  // when that fails is the magic read, to tell a .po (read as text below, as before) from a
  // damaged .mo (whose error is the mapping's, as before). Smaller and larger files have
  // their magic read first, as both kinds refuse them with errors of their own.
  const bool mo_sized = file.size >= 4 * mo_format::header_words_v0 && file.size <= options.max_bytes;
  result<mo_catalog> mapped = mo_sized ? mo_access::map(file.fd(), file.size, path, mo_limits(options))
                                       : result<mo_catalog>(make_error(errc::io, "", path));
  if (mapped) return build_mo(std::move(mapped), options);
  char head[4];
  ssize_t got = 0;
  do got = ::pread(file.fd(), head, sizeof head, 0);
  while (got < 0 && errno == EINTR);
  if (got < 0) return io_error(path, "cannot read", errno);
  if (is_mo_image(std::string_view(head, static_cast<std::size_t>(got))))
    return build_mo(
        mo_sized ? std::move(mapped) : mo_access::map(file.fd(), file.size, path, mo_limits(options)),
        options);
  std::string text;
  if (result<void> r = read_to_end(file.fd(), path, options.max_bytes, text); !r) return r;
  bytes_read_ = text.size();
  return build_po(read_po(text, path, po_limits(options)), options);
}

// `in_place`: the bytes outlive the store (load_static), so the .mo is read where it is.
result<void> store_write::read_buffer(std::string_view bytes, std::string_view name,
                                      const load_options& options, bool in_place) {
  fault_point(write_step::read);
  return read_bytes(bytes, name, options, in_place);
}

// Publishes the built catalog in place of the previous one (if any).
result<void> store_write::publish(std::string source, bool from_file, const load_options& options,
                                  bool from_pipe) {
  built_.value->domain = key_.first;
  built_.value->locale = key_.second;
  built_.value->source = std::move(source);
  built_.value->from_file = from_file && !from_pipe;
  built_.value->from_pipe = from_pipe;
  built_.value->options = options;
  return commit(std::move(built_.value));
}

// The expansion of system-dependent strings is bounded by max_bytes too (mo.h).
mo_open_options store_write::mo_limits(const load_options& options) {
  mo_open_options o;
  o.max_bytes = options.max_bytes;
  o.populate_bytes = options.populate_mo_bytes;
  return o;
}

result<void> store_write::read_bytes(std::string_view bytes, std::string_view name,
                                     const load_options& options, bool in_place) {
  bytes_read_ = bytes.size();
  if (bytes.size() > options.max_bytes)
    return detail::make_error(errc::limit_exceeded,
                              "catalog of " + std::to_string(bytes.size()) + " bytes exceeds the limit of " +
                                  std::to_string(options.max_bytes),
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
      return build_mo(mo_catalog::from_memory(bytes.data(), bytes.size(), name, mo_limits(options)), options);
    // The caller's buffer may go away: the store keeps its own copy (if it is needed).
    buffer_ = std::make_unique<char[]>(bytes.size());
    std::memcpy(buffer_.get(), bytes.data(), bytes.size());
    buffer_size_ = bytes.size();
    return build_mo(mo_catalog::from_memory(buffer_.get(), bytes.size(), name, mo_limits(options)), options);
  }
  return build_po(read_po(bytes, name, po_limits(options)), options);
}

po_read_options store_write::po_limits(const load_options& options) {
  po_read_options o;
  o.max_bytes = options.max_bytes;
  o.max_entries = options.max_entries;
  o.keep_comments = false;  // a catalog reads none: comment lines then cost no memory
  return o;
}

// Builds the catalog of a parsed .po (or passes on the reader's error).
result<void> store_write::build_po(result<po_file> parsed, const load_options& options) {
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
void store_write::share_retained_text() {
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
bool store_write::key_copies_mo_text() const {
  if (in_place_) return false;
  auto it = s_.slots.find(key_);
  return it != s_.slots.end() && it->second->image_retained;
}

// Builds the catalog of an opened .mo (or passes on the reader's error).
result<void> store_write::build_mo(result<mo_catalog> opened, const load_options& options) {
  if (!opened) return std::move(opened).error();
  fault_point(write_step::parse);
  mo_ = std::make_unique<mo_catalog>(std::move(*opened));
  if (bytes_read_ == 0) bytes_read_ = mo_->image().size();
  fault_point(write_step::validate);
  // A file whose bytes the store already holds (a catalog going back to an earlier
  // version) is read from the retained copy: nothing is copied, the new one is dropped.
  // Images are hashed only when one of the same size is retained: a load of a file unlike
  // the others reads nothing of it here (the load stays O(1)). 0 is "not hashed yet".
  const mo_catalog* source = mo_.get();
  const std::string_view image = mo_->image();
  auto hash_of = [](std::string_view bytes) { return detail::hash_text(bytes) | 1; };
  for (auto [at, end] = s_.mo_files_by_size.equal_range(image.size()); at != end; ++at) {
    store_impl::retained_mo& r = s_.mo_files[at->second];
    if (mo_hash_ == 0) mo_hash_ = hash_of(image);
    if (r.hash == 0) r.hash = hash_of(r.mo->image());
    if (r.hash == mo_hash_ && r.mo->image() == image) {
      source = r.mo.get();
      mo_reused_ = true;
      break;
    }
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

result<void> store_write::commit(std::unique_ptr<catalog> replacement) {
  // Everything that can fail happens before the swap: a new map is built if one is needed,
  // room is made in the retained lists, the key's nodes exist.
  auto [it, inserted] = s_.catalogs.try_emplace(key_);
  std::optional<std::unordered_multimap<std::size_t, std::size_t>::iterator> by_size;
  try {
    // Grown geometrically (reserve(size + 1) would reallocate on every load).
    auto room_for_one = [](auto& list) {
      if (list.size() == list.capacity()) list.reserve(std::max<std::size_t>(8, 2 * list.size()));
    };
    room_for_one(s_.text);
    room_for_one(s_.mo_files);
    // The image retain() will keep, found by its size by later loads (entered now: retain
    // cannot allocate; taken out again if the write fails).
    if (built_.uses_mo_text && mo_ && !mo_reused_)
      by_size = s_.mo_files_by_size.emplace(mo_->image().size(), s_.mo_files.size());
    // Loaded keys get a slot (kept even if this write fails: it then stays as it was).
    detail::catalog_slot* slot = nullptr;
    if (auto found = s_.slots.find(key_); found != s_.slots.end()) {
      slot = found->second.get();
    } else if (replacement) {
      auto made = std::make_unique<detail::catalog_slot>();
      made->domain = key_.first;
      made->locale = key_.second;
      slot = s_.slots.emplace(key_, std::move(made)).first->second.get();
    }
    const detail::lookup_key lookup = detail::key_of(key_.first, key_.second);
    const std::uint64_t key_hash = lookup.hash;
    // Not yet in the published map (a first load, or one after a failed first load).
    const bool new_key = slot && s_.current && s_.current->find_entry(lookup) == nullptr;
    // A new map when the rule or the observers change (a write of the empty domain), or a
    // new key finds no room in place.
    std::unique_ptr<catalog_map> map;
    const bool republish = key_.first.empty();
    if (republish || !s_.current || (new_key && 2 * (s_.current->keys + 1) > s_.current->capacity))
      map = build_map();
    fault_point(write_step::publish);
    // From here on nothing throws.
    if (slot) slot->current.store(replacement.get(), std::memory_order_seq_cst);
    std::unique_ptr<catalog_map> retired_map;
    if (map) {
      s_.published.store(map.get(), std::memory_order_seq_cst);
      retired_map = std::exchange(s_.current, std::move(map));
    } else if (new_key) {
      s_.current->insert(slot, key_hash);
    }
    std::unique_ptr<catalog> retired = std::exchange(it->second, std::move(replacement));
    if (!it->second) s_.catalogs.erase(it);
    retain(slot);
    // Readers that started before the swap may still use the old map or catalog; with
    // neither retired (a first load of a key), there is nothing to wait for.
    if (retired || retired_map) detail::synchronize();
    wait_for_deliveries(retired_map.get());
    return {};
  } catch (...) {
    if (by_size) s_.mo_files_by_size.erase(*by_size);
    if (inserted) s_.catalogs.erase(it);
    throw;
  }
}

// A map of every key that has a slot (s_.slots: a key once loaded keeps its slot), in the
// smallest table at most half full: the size a table grown by in-place insertions has too
// (it is rebuilt when an insertion would pass half), so the size depends on the keys alone.
std::unique_ptr<catalog_map> store_write::build_map() const {
  auto map = std::make_unique<catalog_map>();
  map->fallback = s_.fallback.kind;
  for (const auto& [locale, chain] : s_.fallback.chains) map->chains.emplace_back(locale, chain);
  if (s_.observers && s_.observers->wants_lookup_events) map->lookup_observers = s_.observers;
  std::size_t capacity = 8;
  while (capacity < 2 * s_.slots.size()) capacity *= 2;
  map->slots.reset(new catalog_map::slot[capacity]);
  map->capacity = capacity;
  for (const auto& [k, slot] : s_.slots) map->insert(slot.get(), detail::key_of(k.first, k.second).hash);
  return map;
}

// Lookups may still be delivering events to the observers of a list the new map no
// longer has (they counted themselves inside their read section, which synchronize has
// waited out): the list, and the observers removed with it, must outlive them.
void store_write::wait_for_deliveries(const catalog_map* retired) const noexcept {
  if (retired == nullptr || !retired->lookup_observers) return;
  if (retired->lookup_observers == s_.current->lookup_observers) return;
  while (retired->lookup_observers->lookups_delivering.load(std::memory_order_acquire) != 0)
    std::this_thread::yield();
}

// Keeps the text the new catalog points into (noexcept: room was reserved). A `.mo` read
// for its copies only (or found identical to a retained one) is closed with this write.
void store_write::retain(detail::catalog_slot* slot) noexcept {
  if (built_.new_text.size != 0) {
    s_.text_bytes += built_.new_text.size;
    s_.text.push_back({std::move(built_.new_text.bytes), built_.new_text.size, text_hash_});
  }
  if (built_.uses_mo_text && mo_ && !mo_reused_) {
    s_.mapped_bytes += mo_->owned_bytes();
    s_.text_bytes += buffer_size_;
    const std::size_t size = mo_->image().size();
    s_.mo_files.push_back({std::move(mo_), std::move(buffer_), mo_hash_, size});
    if (slot && !in_place_) slot->image_retained = true;
  }
}

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

error called_from_observer() {
  return detail::make_error(errc::invalid_argument,
                            "an observer may not change the store that called it (it would wait for itself)");
}

}  // namespace erli18n::detail
