// Unicode line breaking and column counting for the PO writer (private).
//
// msgcat breaks long strings where Unicode allows a line break (UAX #14) and measures lines in
// display columns (wide East Asian characters count 2, combining marks 0). These helpers give
// the writer the same break opportunities and widths. Tables come from
// po_writer_unicode_gen.py. All functions are pure and thread-safe.
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

char_props props(char32_t c) noexcept;

/// props() of the ASCII characters, for the writer's inner loop.
extern const std::array<char_props, 128> ascii_props;

/// True when `charset` is one of the legacy CJK encodings in which ambiguous-width characters
/// take two columns and break like ideographs.
bool is_cjk_charset(std::string_view charset) noexcept;

enum class brk : std::uint8_t { prohibited, allowed, mandatory };

/// Fills `out[i]` with the break opportunity before `text[i]` (`out[0]` is always prohibited).
/// A hard line-break character (BK, CR, LF, NL) is itself marked `mandatory`.
/// `out.size()` must equal `text.size()`.
void line_breaks(std::span<const char32_t> text, bool cjk, std::span<brk> out) noexcept;

/// The same from the characters' properties (`props(text[i])`), for a caller that already
/// looked them up to measure the text.
void line_breaks(std::span<const char_props> text, bool cjk, std::span<brk> out) noexcept;

}  // namespace erli18n::po_unicode

#endif  // ERLI18N_SRC_PO_WRITER_UNICODE_H
