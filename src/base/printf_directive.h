// printf_directive.h — reads one C printf directive: the one reader of the directive grammar
// behind `msgfmt --check-format` (tools/c_format), the MO writer's and reader's `<PRI...>`
// segmentation (formats/mo_format), msgcat's no-break-inside-a-directive wrapping
// (formats/po_writer) and xgettext's c-format guess (tools/cpp_lexer). The reader only says
// what is written; each caller keeps its own rules on top (which conversions it takes, the `I`
// flag, numbered and unnumbered arguments, gaps, argument types).
//
// What a directive is (glibc's printf, as msgfmt 0.21 reads it; established by experiment):
//   % [N$] [flags: - + space # 0 ' I] [width: digits | * | *N$] [. [digits | * | *N$]]
//     [size: h l L q j z Z t, any sequence] conversion
// Conversions: d i (signed), o u x X (unsigned), e E f F g G a A (double), c, s, p, n,
// C (= lc), S (= ls), `%` and `m` (no argument), and `<PRI...>` (ISO C99 <inttypes.h>
// macros such as `<PRId64>`, typed by the macro's width: `<PRId32>` is not `%d`). msgfmt
// takes a macro only right after the precision: `%l<PRId64>` is malformed.
// Sizes: `h` after `h` is hh, `l` after `l` is ll; L and q are ll; for doubles only L/ll/q
// matter (long double); `l` (or ll) makes c and s wide; p ignores sizes.
// Arguments are numbered (`%2$s`, `*1$`) or not, never both in one string (`%` and `m` read
// none, so they count as neither); numbered arguments must cover 1..max without gaps, and
// one used twice must be read the same way.
//
// Bounded: one directive is read in time linear in its length; numbers saturate.
#ifndef ERLI18N_PRINTF_DIRECTIVE_H
#define ERLI18N_PRINTF_DIRECTIVE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace erli18n {

/// Why a directive is malformed.
enum class printf_problem : std::uint8_t {
  none,
  ends_inside,     ///< the text ends before the conversion
  bad_conversion,  ///< `conversion` is not a conversion character
  unclosed_macro,  ///< `<` without a closing `>`
};

/// A width or a precision.
struct printf_amount {
  enum class kind : std::uint8_t { none, digits, star } form = kind::none;
  std::optional<std::size_t> number;  ///< N of `*N$`
};

/// One directive as written. The views point into the text read.
struct printf_directive {
  std::size_t start = 0;  ///< offset of its `%`
  std::size_t end = 0;    ///< one past its last byte; when malformed, the offending byte's offset
  printf_problem problem = printf_problem::none;
  std::optional<std::size_t> number;  ///< N of `%N$` (0 is read as 0: callers refuse it)
  std::string_view flags;             ///< as written, `I` included
  printf_amount width;
  bool has_precision = false;  ///< a `.` was read
  printf_amount precision;
  std::string_view sizes;  ///< the size letters as written, in order
  char conversion = '\0';  ///< the conversion character, `<` for a macro; '\0' at the text's end
  std::string_view macro;  ///< for `<`: the name between `<` and `>`, e.g. "PRId64"

  /// `%%` written bare: the one directive every reader takes as a literal percent sign.
  bool bare_percent() const noexcept { return conversion == '%' && end == start + 2; }
  /// Whether the conversion reads an argument (all but `%` and `m`).
  bool reads_argument() const noexcept { return conversion != '%' && conversion != 'm'; }
};

/// Numbers (`N$`, `*N$`) above this read as this.
inline constexpr std::size_t printf_number_cap = 1'000'000;

/// Reads the directive whose `%` is at `text[at]`.
printf_directive read_printf_directive(std::string_view text, std::size_t at) noexcept;

/// An `<inttypes.h>` macro name's conversion and width: "PRIuLEAST16" is {'u', least, 16}.
struct pri_macro {
  enum class family : std::uint8_t { exact, least, fast, max, ptr };
  char conversion = 'd';  ///< one of d i o u x X
  family kind = family::exact;
  unsigned bits = 0;  ///< 8, 16, 32 or 64 for exact, least and fast; 0 for max and ptr
};

/// The macro `name` (without the angle brackets) names, or nothing when it is none of
/// ISO C99 7.8.1's PRI macros.
std::optional<pri_macro> read_pri_macro(std::string_view name) noexcept;

}  // namespace erli18n

#endif  // ERLI18N_PRINTF_DIRECTIVE_H
