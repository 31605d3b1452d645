/// \file
/// The `Plural-Forms` compiler and evaluator.
///
/// `plural_rule::parse` compiles a PO header's `nplurals=N; plural=EXPR;` into a small,
/// flat, bounded program; `form(n)` evaluates it without recursion, allocation or failure,
/// and returns the index glibc's `ngettext` would use for the same `n`. A default-constructed
/// rule is GNU's default, `nplurals=2; plural=n != 1;`.
///
/// A `plural_rule` is an immutable value: share it between threads freely.
///
/// \code
/// auto rule = erli18n::plural_rule::parse(
///     "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
///     "(n%100<10 || n%100>=20) ? 1 : 2;");
/// if (rule) std::cout << rule->form(21) << '\n';  // 0
/// \endcode
///
/// What `parse` accepts — glibc's reading of the header value, established by experiment
/// with glibc 2.36 and msgfmt 0.21, so that a rule either means what it means to glibc or
/// is rejected:
///
///  - `nplurals=` and `plural=` are found as substrings (the first occurrence of each), in
///    either order, with any other text around them: `plural=n; nplurals=3` and
///    `nplurals=3, plural=n` are accepted. No blank is allowed before `=`
///    (`nplurals = 2` is rejected, as glibc and `msgfmt -c` reject it).
///  - After `nplurals=`: optional white space (space, tab, newline, CR, VT, FF), then
///    decimal digits; text after the digits is ignored (`nplurals=3x` is 3). The number must
///    be in 1..`plural_limits::max_nplurals` (glibc takes 0 too, and then always uses form 0).
///  - After `plural=`: C's grammar restricted to `n`, decimal constants (`010` is ten) and
///    `( ) ! * / % + - < > <= >= == != && || ?:`, with C's precedence and associativity
///    (`?:` groups to the right, every binary operator to the left). Spaces and tabs
///    separate tokens; no other white space is allowed inside the expression. The
///    expression ends at the first `;`, newline or NUL, or at the end of the value; what
///    follows is ignored. The trailing `;` is optional. Anything else — a unary `-`, `~`,
///    `&`, `=`, hexadecimal, a second operand without an operator — is a syntax error.
///  - Arithmetic is `unsigned long`, wrapping as in C: constants too (with a 64-bit long,
///    2^64 + 1 reads as 1), `n - 1` at `n == 0` is `ULONG_MAX`, comparisons and `!`, `&&`,
///    `||` yield 0 or 1.
///
/// Where the results differ from glibc, deliberately:
///  - glibc kills the process with SIGFPE when a divisor is zero (`10 / (n - 5)` at
///    `n == 5`). erli18n never traps: `x / 0` is 0 and `x % 0` is x, which keeps
///    `x == (x / y) * y + x % y` and is what AArch64's divide instruction, which does not
///    trap, yields for a division and a multiply-subtract remainder. A divisor that is zero
///    for every n (a subexpression without `n` that folds to 0: `n / 0`, `n % (2 - 2)`) is a
///    compile error, as `msgfmt -c` rejects it.
///  - When glibc cannot read a rule (a syntax error) it silently uses `nplurals=2;
///    plural=n != 1;`. `parse` itself fails closed so that the problem can be reported;
///    `parse_for_catalog` is what a catalog reader wants: glibc's default where glibc uses it,
///    and an error for a rule glibc would evaluate but that exceeds erli18n's limits (an
///    expression nested deeper than `max_depth`, longer than `max_bytes`, with more
///    forms than `max_nplurals`), so that such a catalog is refused rather than answer
///    differently from glibc. (glibc's own parser stops at about 9,995 nested parentheses,
///    or 3,333 levels of `0+(...)`, found by experiment with glibc 2.36.)
///
///  - glibc looks for `nplurals=` and `plural=` in the whole header entry, not only in its
///    `Plural-Forms:` field, so a `plural=` in an earlier field wins. Because an
///    expression ends at a newline, passing the whole header to `parse` (with `max_bytes`
///    raised to fit) reproduces that exactly; passing the field's value is the sane reading.
///
/// The error of a failed `parse` carries the 1-based byte column of the problem in the
/// value (`error::column`); `line` and `file` are left for the caller to fill.
///
/// Evaluation cost: the rules most catalogs use (English, French, Japanese, Russian,
/// Polish, Czech, Arabic, ...) are recognized whatever their spacing and parentheses and
/// run as native code; any other rule runs on a small interpreter (a few ns per operator).
#ifndef ERLI18N_PLURAL_H
#define ERLI18N_PLURAL_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

/// Bounds applied while compiling an untrusted plural expression.
struct plural_limits {
  std::size_t max_bytes = 2048;  ///< length of the whole `Plural-Forms` value
  /// Nesting: the expression is level 1, and each parenthesis, `!`, branch of `?:` and right
  /// operand of a binary operator opens one more level. Also bounds the parser's recursion:
  /// at most about 550 bytes of stack per level in an optimized build (70 KB at the default,
  /// several times that in a sanitizer build), so that a hostile rule cannot overflow the
  /// stack of the thread that loads it. Real rules nest fewer than 10 levels.
  std::size_t max_depth = 128;
  std::size_t max_nodes = 512;  ///< operators and operands in the expression
  /// Largest `nplurals` accepted (the smallest is 1).
  unsigned long max_nplurals = 100;

  /// Slots of the fixed evaluation stack. A rule that would need more (only possible with
  /// a `max_depth` far above the default) fails to compile with `errc::limit_exceeded`.
  static constexpr std::size_t stack_slots = 128;
};

class plural_compiler;

/// A compiled `Plural-Forms` rule: `nplurals` and the expression that picks a form for `n`.
///
/// An immutable value, cheap to evaluate from any thread (see plural.h).
class plural_rule {
 public:
  /// GNU's default rule: `nplurals=2; plural=n != 1;`.
  plural_rule();

  /// Compiles a `Plural-Forms` header value such as `nplurals=2; plural=(n > 1);`.
  static result<plural_rule> parse(std::string_view plural_forms, const plural_limits& limits = {});

  /// The rule glibc uses for a catalog whose header has this `Plural-Forms` value: `parse`'s
  /// rule; GNU's default rule when `parse` finds a syntax error (glibc falls back to
  /// `n != 1` too); `parse`'s error otherwise — a rule over `limits`, which glibc would
  /// evaluate (`errc::limit_exceeded`, with a message saying so), or `errc::out_of_memory`.
  static result<plural_rule> parse_for_catalog(std::string_view plural_forms,
                                               const plural_limits& limits = {});

  /// Number of plural forms the rule declares.
  unsigned long nplurals() const noexcept { return nplurals_; }

  /// The raw value of the expression for `n`, with glibc's unsigned long arithmetic.
  unsigned long evaluate(unsigned long n) const noexcept;

  /// `evaluate(n)`, or nullopt when glibc, evaluating the expression for `n`, divides by
  /// zero (SIGFPE: `10 / (n - 5)` at `n == 5`); `&&`, `||` and `?:` evaluate only what C's
  /// short circuit evaluates, as glibc's do. What `msgfmt --check` looks for (at n = 0..1000).
  std::optional<unsigned long> evaluate_checked(unsigned long n) const noexcept;

  /// The form index glibc uses: `evaluate(n)`, or 0 when that is `>= nplurals()`.
  unsigned long form(unsigned long n) const noexcept;

  /// The expression as written in the header, trimmed.
  const std::string& expression() const noexcept { return expression_; }

 private:
  friend class plural_compiler;

  // One step of the compiled program: postfix, with forward jumps for `?:`.
  struct instruction {
    unsigned long arg = 0;  // constant, right operand of a `_k` form, or jump distance
    std::uint32_t code = 0;
  };

  // The interpreter; with `checked`, it sets *divides_by_zero as evaluate_checked reports it.
  template <bool checked>
  unsigned long run(unsigned long n, bool* divides_by_zero) const noexcept;

  unsigned long nplurals_ = 2;
  std::string expression_;
  std::vector<instruction> program_;
  // The common rules (src/formats/plural_known.h) run as native code instead of program_.
  unsigned long (*native_)(unsigned long) noexcept = nullptr;
};

/// How two rules compare by behaviour (`compare_plural_rules`).
struct plural_comparison {
  /// The same nplurals, and the same form for every n tried.
  bool same = true;
  /// `a.nplurals()`.
  unsigned long nplurals_a = 0;
  /// `b.nplurals()`.
  unsigned long nplurals_b = 0;
  /// Some n tried selects different forms: the smallest such n, and the form of each rule.
  /// False with `same` false means that only the nplurals differ.
  bool forms_differ = false;
  /// With `forms_differ`: the smallest n tried for which the forms differ.
  unsigned long n = 0;
  /// With `forms_differ`: `a.form(n)`.
  unsigned long form_a = 0;
  /// With `forms_differ`: `b.form(n)`.
  unsigned long form_b = 0;
};

/// Compares two rules by what they do rather than how they are written: form i of `a` is
/// taken to mean form i of `b` (forms are msgstr indexes), and both rules are evaluated with
/// `form` at every n from 0 to 10000 and at each k * 10^j - 1, k * 10^j and k * 10^j + 1 above
/// that (k = 1..9), at 2^31, at 2^32 and 2^63 and their neighbours, and at ULONG_MAX - 1 and
/// ULONG_MAX. That covers the rules CLDR and gettext use, which test n against small ranges
/// and its remainders modulo powers of ten up to 10^6; agreement is not a proof of
/// equivalence for arbitrary rules. Rules with the same nplurals and expression text are the
/// same without evaluation. Cost: up to 10,416 evaluations of each rule, 70 us for rules that
/// run as native code to about 2 ms for the longest CLDR rule (docs/performance.md); a
/// difference stops early.
plural_comparison compare_plural_rules(const plural_rule& a, const plural_rule& b) noexcept;

}  // namespace erli18n

#endif  // ERLI18N_PLURAL_H
