// The catalog store's write transaction, shared by the files that write: `store_write` (a
// catalog read and built off to the side, then published with one pointer swap), how a
// catalog file is opened, and the checks and error helpers every write uses. The
// transaction's members are in store_write.cc; the loads that drive it in
// catalog_store_load.cc.
#ifndef ERLI18N_SRC_STORE_WRITE_H
#define ERLI18N_SRC_STORE_WRITE_H

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "catalog.h"
#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "file_io.h"
#include "store_impl.h"

namespace erli18n::detail {

using store_impl = catalog_store::impl;

// The error constructors here, mo_reader.cc's and catalog.cc's are cold: GCC then moves
// the blocks that build an error (and the paths that lead only to them) out of the load
// path's code, which a short gettext program runs once at start-up, page by page
// (liberli18n_intl.so: `ls --help` runs one page fewer of it).
[[gnu::cold]] error make_error(errc code, std::string message, std::string file = {});

// A catalog's file, opened once: checking a pipe's first bytes for the MO magic and then
// opening it again would lose them. A regular file is read where it is (`fd`); a pipe or
// FIFO has been read whole into `bytes`.
class opened_catalog {
 public:
  opened_catalog() = default;
  opened_catalog(opened_catalog&& o) noexcept
      : stream(o.stream), size(o.size), bytes(std::move(o.bytes)), fd_(std::exchange(o.fd_, -1)) {}
  opened_catalog& operator=(opened_catalog&&) = delete;
  ~opened_catalog() { close(); }

  int fd() const noexcept { return fd_; }
  void adopt(int fd) noexcept { fd_ = fd; }
  void close() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  bool stream = false;
  std::size_t size = 0;  // a regular file's, as the open measured it (fstat)
  std::string bytes;

 private:
  int fd_ = -1;
};

// Opens `path` without blocking; a pipe or FIFO is read whole now (see store_write.cc).
result<opened_catalog> open_catalog(const std::string& path, std::size_t max_bytes, bool read_streams);

result<void> check_options(const load_options& o);

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

  result<void> read_file(detail::opened_catalog& file, const std::string& path, const load_options& options);

  result<void> read_buffer(std::string_view bytes, std::string_view name, const load_options& options,
                           bool in_place = false);

  result<void> publish(std::string source, bool from_file, const load_options& options,
                       bool from_pipe = false);

  // Publishes the store without this key's catalog (for a key with no catalog, such as
  // the empty domain, this re-publishes the same catalogs: set_fallback uses it).
  result<void> remove() { return commit(nullptr); }

  const catalog& published_catalog() const { return *s_.catalogs.at(key_); }
  std::size_t messages() const { return published_catalog().size(); }
  std::size_t bytes_read() const { return bytes_read_; }
  std::size_t fuzzy_skipped() const { return built_.fuzzy_skipped; }
  const std::string& locale() const { return key_.second; }

 private:
  static mo_open_options mo_limits(const load_options& options);

  result<void> read_bytes(std::string_view bytes, std::string_view name, const load_options& options,
                          bool in_place);

  static po_read_options po_limits(const load_options& options);
  result<void> build_po(result<po_file> parsed, const load_options& options);
  void share_retained_text();
  bool key_copies_mo_text() const;
  result<void> build_mo(result<mo_catalog> opened, const load_options& options);
  result<void> commit(std::unique_ptr<catalog> replacement);

  std::unique_ptr<catalog_map> build_map() const;

  void wait_for_deliveries(const catalog_map* retired) const noexcept;
  void retain(detail::catalog_slot* slot) noexcept;

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
[[gnu::cold]] error failure(errc code, const char* what) noexcept;

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

result<std::string> checked_locale(std::string_view locale);
[[gnu::cold]] error not_loaded(std::string_view domain, std::string_view locale);
result<void> checked_domain(std::string_view domain);
// The canonical locale of a load's key, once the domain and the options are known good.
result<std::string> checked_load(std::string_view domain, std::string_view locale,
                                 const load_options& options);
[[gnu::cold]] error called_from_observer();

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_STORE_WRITE_H
