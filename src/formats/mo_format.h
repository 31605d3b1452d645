// The MO format's shared pieces, private to the library: the hash function, the hash table
// size, the segment expansions of system-dependent strings, and the image builder the
// writer (and the reader, for converted catalogs) use. The layout follows the MO format
// section of the GNU gettext manual; the choices msgfmt makes that the manual leaves open
// (table order, hash size, string order) were established by experiment with msgfmt 0.21.
#ifndef ERLI18N_SRC_MO_FORMAT_H
#define ERLI18N_SRC_MO_FORMAT_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace erli18n::mo_format {

inline constexpr std::uint32_t magic = 0x950412deU;
inline constexpr std::uint32_t segment_end = 0xffffffffU;
inline constexpr std::size_t header_words_v0 = 7;
inline constexpr std::size_t header_words_v1 = 12;

/// The "hashpjw" function of the gettext manual, over the bytes up to the first NUL.
/// Each step without a branch: the top nibble's fold (`g >> 24` into bits 4 to 7, then `g`
/// cleared) is a no-op when that nibble is zero, so it is done always, as a shift, a mask
/// and two logic operations. A lookup made before the store's index exists hashes its whole
/// key so (the help text of `ls --help` is kilobytes of keys), and the branch was taken at
/// random for the key's first bytes.
struct hashpjw {
  std::uint32_t value = 0;
  static std::uint32_t step(std::uint32_t v, unsigned char c) noexcept {
    v = (v << 4) + c;
    return (v ^ ((v >> 24) & 0xf0U)) & 0x0fffffffU;
  }
  void add(unsigned char c) noexcept { value = step(value, c); }
  void add(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    std::size_t n = s.size();
    std::uint32_t v = value;
    for (; n >= 4; n -= 4, p += 4) v = step(step(step(step(v, p[0]), p[1]), p[2]), p[3]);
    for (; n > 0; --n, ++p) v = step(v, *p);
    value = v;
  }
};

inline std::uint32_t hash_string(std::string_view s) noexcept {
  hashpjw h;
  h.add(s.substr(0, s.find('\0')));
  return h.value;
}

/// The hash table size msgfmt picks for `count` strings: the first candidate at or above
/// count*4/3 (made odd) that no odd number from 3 up divides — so 3 itself is skipped —
/// and at least 3.
std::uint32_t hash_table_size(std::uint32_t count) noexcept;

/// What glibc substitutes for a segment name on this platform ("PRIu64" -> "lu", "I" ->
/// "I"), or nullopt for a name it does not know.
std::optional<std::string_view> expand_segment(std::string_view name) noexcept;

/// How msgunfmt shows a segment: `<PRIu64>` for a macro, the bare `I` for the flag.
std::string display_segment(std::string_view name);
/// Appends `display_segment(name)` to `out`, without a string of its own.
void append_display_segment(std::string& out, std::string_view name);
/// `display_segment(name).size()`, without building it.
inline std::size_t display_segment_size(std::string_view name) noexcept {
  return name == "I" ? 1 : name.size() + 2;
}

/// A system-dependent string: texts[0] segments[0] texts[1] ... texts[k], k = segments.size().
struct segmented {
  std::vector<std::string> texts{std::string()};
  std::vector<std::string> segments;
};

/// Splits a c-format string at its `<PRI...>` macros (and, in a translation, its `I`
/// flags) as msgfmt does. A string that is not a valid C format (an unknown conversion,
/// numbered and unnumbered arguments mixed, `I` in an msgid) yields no segments; `valid`,
/// when given, tells which case it was.
segmented segment_c_format(std::string_view s, bool translation, bool* valid);

/// The input of `build_image`: static pairs (sorted by key, as they will be written) and
/// system-dependent pairs (in the order they will be written). Strings exclude the final
/// NUL but may hold inner ones (plural forms, msgid_plural).
struct image_input {
  std::vector<std::pair<std::string, std::string>> statics;
  std::vector<std::pair<segmented, segmented>> sysdeps;
};

/// The MO file msgfmt writes for `input`.
/// `alignment` (at least 1): each string starts at a multiple of it, as `msgfmt -a` writes.
std::string build_image(const image_input& input, bool with_hash, bool big_endian, std::size_t alignment = 1);

}  // namespace erli18n::mo_format

#endif  // ERLI18N_SRC_MO_FORMAT_H
