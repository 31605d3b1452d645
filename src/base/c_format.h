// c_format.h — msgfmt's check of a `c-format` string, for `erli18n lint` and `merge`, the MO
// writer and reader (a system-dependent string must be a valid one) and extract's c-format guess.
//
// `parse_c_format` lists the arguments a format string consumes, in argument order, each
// with the type printf reads it as. Two strings agree when these lists agree; that is the
// comparison `msgfmt --check-format` makes between a msgid and its translations.
//
// The directive grammar and which string counts as numbered or unnumbered are documented with
// the one directive reader, src/base/printf_directive.h; this file adds the argument types and
// msgfmt's rules: no mixing, no gaps, one type per argument number.
//
// Bounded: linear in the input; positional numbers above `max_c_format_args` are refused.
#ifndef ERLI18N_C_FORMAT_H
#define ERLI18N_C_FORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n::c_format {

/// Highest argument number accepted in `%N$`.
inline constexpr std::size_t max_c_format_args = 1024;

/// What kind of value printf reads.
enum class base : std::uint8_t { signed_int, unsigned_int, floating, character, string, pointer, count };

/// The size an integer (or `%n`'s pointee) has; for the other bases only `plain` and
/// `wide`/`long_double` are used.
enum class size : std::uint8_t {
  plain,
  char_,      // hh
  short_,     // h
  long_,      // l
  long_long,  // ll, L, q
  intmax,     // j, <PRI.MAX>
  size_t_,    // z, Z
  ptrdiff,    // t
  intptr,     // <PRI.PTR>
  exact8,
  exact16,
  exact32,
  exact64,  // <PRId8> ...
  least8,
  least16,
  least32,
  least64,  // <PRIdLEAST8> ...
  fast8,
  fast16,
  fast32,
  fast64,       // <PRIdFAST8> ...
  wide,         // lc, ls, C, S
  long_double,  // Lf
};

struct arg_type {
  base kind = base::signed_int;
  size width = size::plain;
  friend bool operator==(const arg_type& a, const arg_type& b) {
    return a.kind == b.kind && a.width == b.width;
  }
  friend bool operator!=(const arg_type& a, const arg_type& b) { return !(a == b); }
};

/// A readable name for a type, such as "long", "unsigned int", "char*", "int64_t".
std::string describe(arg_type t);

/// The arguments of a valid format string, or why it is not one.
struct parsed {
  bool valid = true;
  std::vector<arg_type> args;  ///< argument i+1's type
  std::string reason;          ///< when !valid: what is wrong, e.g. "directive 2: 'y' is not a conversion"
  std::size_t offset = 0;      ///< when !valid: byte offset of the offending directive's `%`
};

parsed parse_c_format(std::string_view text);

}  // namespace erli18n::c_format

#endif  // ERLI18N_C_FORMAT_H
