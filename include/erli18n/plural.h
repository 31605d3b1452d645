// erli18n/plural.h — the `Plural-Forms` compiler and evaluator.
//
// `plural_rule::parse` compiles a PO header's `nplurals=N; plural=EXPR;` into a small,
// flat, bounded program; `form(n)` evaluates it without recursion, allocation or failure,
// and returns the index glibc's `ngettext` would use for the same `n`. A default-constructed
// rule is GNU's default, `nplurals=2; plural=n != 1;`.
//
// A `plural_rule` is an immutable value: share it between threads freely.
//
//   auto rule = erli18n::plural_rule::parse(
//       "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
//       "(n%100<10 || n%100>=20) ? 1 : 2;");
//   if (rule) std::cout << rule->form(21) << '\n';  // 0
#ifndef ERLI18N_PLURAL_H
#define ERLI18N_PLURAL_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

/// Bounds applied while compiling an untrusted plural expression.
struct plural_limits {
  std::size_t max_bytes = 2048;   ///< length of the whole `Plural-Forms` value
  std::size_t max_depth = 64;     ///< nesting of parentheses and operators
  std::size_t max_nodes = 512;    ///< operators and operands in the expression
  unsigned long max_nplurals = 100;
};

class plural_rule {
 public:
  /// GNU's default rule: `nplurals=2; plural=n != 1;`.
  plural_rule();

  /// Compiles a `Plural-Forms` header value such as `nplurals=2; plural=(n > 1);`.
  static result<plural_rule> parse(std::string_view plural_forms, const plural_limits& limits = {});

  /// Number of plural forms the rule declares.
  unsigned long nplurals() const noexcept { return nplurals_; }

  /// The raw value of the expression for `n`, with glibc's unsigned long arithmetic.
  unsigned long evaluate(unsigned long n) const noexcept;

  /// The form index glibc uses: `evaluate(n)`, or 0 when that is `>= nplurals()`.
  unsigned long form(unsigned long n) const noexcept;

  /// The expression as written in the header, trimmed.
  const std::string& expression() const noexcept { return expression_; }

 private:
  unsigned long nplurals_ = 2;
  std::string expression_;
  std::vector<std::uint32_t> program_;
};

}  // namespace erli18n

#endif  // ERLI18N_PLURAL_H
