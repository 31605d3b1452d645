// Unicode line breaking and column counting for the PO writer (private).
//
// msgcat breaks long strings where Unicode allows a line break (UAX #14) and measures lines in
// display columns (wide East Asian characters count 2, combining marks 0). These helpers give
// the writer the same break opportunities and widths. Tables come from
// scripts/gen_po_writer_unicode.py (po_writer_unicode_table.inc). All functions are pure and
// thread-safe.
#ifndef ERLI18N_SRC_PO_WRITER_UNICODE_H
#define ERLI18N_SRC_PO_WRITER_UNICODE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace erli18n::po_unicode {

/// UAX #14 line-break classes, in the generator's order.
enum class lb : std::uint8_t {
  XX,
  BK,
  CR,
  LF,
  NL,
  SP,
  ZW,
  WJ,
  GL,
  CB,
  CL,
  CP,
  EX,
  IN,
  NS,
  OP,
  QU,
  IS,
  NU,
  PO,
  PR,
  SY,
  AI,
  AL,
  CJ,
  H2,
  H3,
  HL,
  ID,
  JL,
  JV,
  JT,
  RI,
  SA,
  SG,
  CM,
  ZWJ,
  EB,
  EM,
  BA,
  BB,
  B2,
  HY
};

struct char_props {
  lb cls = lb::AL;
  /// Display columns: 0, 1 or 2; control characters count 0.
  std::uint8_t width = 1;
  bool control = false;          ///< a C0/C1 control character or DEL
  bool ambiguous = false;        ///< East Asian ambiguous width: 2 columns in CJK encodings
  bool east_asian_wide = false;  ///< East Asian Width F, W or H
};

namespace detail {
// A table row packs width (bits 0-1, 3 = control), ambiguous (bit 2), east Asian wide (bit 3)
// and the class (bits 4-10).
constexpr char_props decode(std::uint32_t row) noexcept {
  char_props p;
  p.cls = static_cast<lb>((row >> 4) & 0x7f);
  const std::uint32_t code = row & 0xf;
  p.control = (code & 3) == 3;
  p.width = p.control ? 0 : static_cast<std::uint8_t>(code & 3);
  p.ambiguous = (code & 4) != 0;
  p.east_asian_wide = (code & 8) != 0;
  return p;
}
/// The row of every code point of the Basic Multilingual Plane.
extern const std::array<std::uint16_t, 0x10000> bmp_rows;
std::uint16_t row_beyond_bmp(char32_t c) noexcept;
}  // namespace detail

/// The properties of `c` packed in 11 bits (see decode); inline because the writer asks for
/// every character it writes, and two bytes per character is cheap to keep.
inline std::uint16_t row_of(char32_t c) noexcept {
  return c < 0x10000 ? detail::bmp_rows[c] : detail::row_beyond_bmp(c);
}

inline char_props props(char32_t c) noexcept { return detail::decode(row_of(c)); }

/// True when `charset` is one of the legacy CJK encodings in which ambiguous-width characters
/// take two columns and break like ideographs.
bool is_cjk_charset(std::string_view charset) noexcept;

enum class brk : std::uint8_t { prohibited, allowed, mandatory };

/// Fills `out[i]` with the break opportunity before `text[i]` (`out[0]` is always prohibited).
/// A hard line-break character (BK, CR, LF, NL) is itself marked `mandatory`.
/// `out.size()` must equal `text.size()`.
void line_breaks(std::span<const char32_t> text, bool cjk, std::span<brk> out) noexcept;

/// The same from the characters' packed properties (`row_of(text[i])`), for a caller that
/// already looked them up to measure the text.
void line_breaks(std::span<const std::uint16_t> rows, bool cjk, std::span<brk> out) noexcept;

}  // namespace erli18n::po_unicode

#endif  // ERLI18N_SRC_PO_WRITER_UNICODE_H
