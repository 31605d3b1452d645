// What the catalog store reads of an open mo_catalog to serve it in place: the tables
// themselves (for its own index over them) and the MO's own lookup (for the lookups made
// before that index exists). Library-private.
#ifndef ERLI18N_SRC_MO_ACCESS_H
#define ERLI18N_SRC_MO_ACCESS_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "erli18n/mo.h"

namespace erli18n::detail {

// The static strings' tables of an image (a converted catalog's are its own UTF-8 image).
struct mo_tables {
  const unsigned char* data = nullptr;
  std::size_t size = 0;
  bool swap = false;        // the file's byte order is not the host's
  bool check_utf8 = false;  // the catalog is read as UTF-8: a string that is not is unusable
  std::uint32_t count = 0;
  std::uint32_t orig_table = 0;
  std::uint32_t trans_table = 0;

  std::uint32_t word(std::size_t offset) const noexcept {
    const std::uint32_t v = native_word(offset);
    return swap ? __builtin_bswap32(v) : v;
  }
  // The word as the host reads it: word() of an image in the host's byte order.
  std::uint32_t native_word(std::size_t offset) const noexcept {
    std::uint32_t v;
    std::memcpy(&v, data + offset, 4);
    return v;
  }
  // String `i` of the table at `table`, or nullopt unless it lies in the image and is
  // NUL-terminated (the tables themselves were bounds-checked at open).
  std::optional<std::string_view> string(std::uint32_t table, std::uint32_t i) const noexcept {
    const std::uint32_t len = word(table + std::size_t{8} * i);
    const std::uint32_t off = word(table + std::size_t{8} * i + 4);
    if (off >= size || len >= size - off || data[off + len] != 0) return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(data) + off, len);
  }
};

// A message found by the MO's own rules (hash table or binary search, static strings before
// system-dependent ones). `index` is the static string's, or count + k for the k-th
// system-dependent one; `forms` is nullopt when the translation is damaged.
struct mo_hit {
  std::uint32_t index = 0;
  std::string_view orig;  // the whole original string: key, then NUL and msgid_plural
  std::optional<std::string_view> forms;
};

struct mo_access {
  // mo_catalog::open of a regular file of `size` bytes (its fstat's) the caller opened (and
  // closes: the mapping outlives it).
  static result<mo_catalog> map(int fd, std::size_t size, const std::string& path,
                                const mo_open_options& options);
  static mo_tables tables(const mo_catalog& mo) noexcept;
  static std::optional<mo_hit> find(const mo_catalog& mo, const std::string_view* context,
                                    std::string_view msgid) noexcept;
  // The system-dependent strings expanded for this platform: the k-th one, or nullopt when
  // this platform cannot expand it (it is never found).
  static std::size_t system_dependent_count(const mo_catalog& mo) noexcept;
  static std::optional<mo_entry> system_dependent(const mo_catalog& mo, std::size_t k) noexcept;
};

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MO_ACCESS_H
