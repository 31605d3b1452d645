// The plural rule evaluator: one loop over the compiler's program (plural.cc) with a
// fixed-size stack whose bound the compiler has checked; it cannot fail, allocate or recurse.
// A translation unit of its own, compiled for speed, as the compiler is for size
// (cmake/layers.cmake): it runs at every plural lookup of a rule with no native evaluator.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "erli18n/plural.h"
#include "plural_program.h"

namespace erli18n {
using namespace detail::plural_program;

// One switch over every opcode, so each instruction costs a single dispatch; `op` is a
// constant in each case, so apply() and apply_k() reduce to the one operation.
// A binary operator's case, with a constant right operand, and with `n` and a constant. With
// `checked`, `trapped[i]` says whether computing stack[i] divided by zero (glibc's SIGFPE);
// `&&` and `||` evaluate both operands here, so a trap in the right one counts only where C's
// short circuit would have evaluated it. A constant divisor is never zero (the compiler).
#define ERLI18N_PLURAL_BINARY_CASES(op)                                                           \
  case op:                                                                                        \
    --sp;                                                                                         \
    if constexpr (checked)                                                                        \
      trapped[sp - 1] = binary_traps(op, stack[sp - 1], stack[sp], trapped[sp - 1], trapped[sp]); \
    stack[sp - 1] = apply(op, stack[sp - 1], stack[sp]);                                          \
    break;                                                                                        \
  case op | k_flag:                                                                               \
    stack[sp - 1] = apply_k(op, stack[sp - 1], in.arg);                                           \
    break;                                                                                        \
  case op | k_flag | n_flag:                                                                      \
    if constexpr (checked) trapped[sp] = false;                                                   \
    stack[sp++] = apply_k(op, n, in.arg);                                                         \
    break;

namespace {

// Whether `a op b` traps in glibc, given whether computing a and b did.
constexpr bool binary_traps(std::uint32_t op, unsigned long a, unsigned long b, bool a_traps,
                            bool b_traps) noexcept {
  if (a_traps) return true;
  if (op == op_and) return a != 0 && b_traps;
  if (op == op_or) return a == 0 && b_traps;
  return b_traps || ((op == op_div || op == op_mod) && b == 0);
}

}  // namespace

template <bool checked>
unsigned long plural_rule::run(unsigned long n, bool* divides_by_zero) const noexcept {
  // The compiler proved that the program never needs more than stack_slots slots and that
  // it leaves exactly one value; stack[0] is preset for a moved-from (empty) rule.
  unsigned long stack[plural_limits::stack_slots];
  [[maybe_unused]] bool trapped[checked ? plural_limits::stack_slots : 1];
  stack[0] = 0;
  if constexpr (checked) trapped[0] = false;
  std::size_t sp = 0;
  const instruction* code = program_.data();
  const std::size_t size = program_.size();
  for (std::size_t pc = 0; pc < size; ++pc) {
    const instruction& in = code[pc];
    switch (in.code) {
      case op_n:
        if constexpr (checked) trapped[sp] = false;
        stack[sp++] = n;
        break;
      case op_const:
        if constexpr (checked) trapped[sp] = false;
        stack[sp++] = in.arg;
        break;
      case op_not:
        stack[sp - 1] = bit(stack[sp - 1] == 0);
        break;
      case op_jz:
        // A trap in the condition has happened whichever branch follows.
        if constexpr (checked)
          if (trapped[sp - 1]) {
            *divides_by_zero = true;
            return 0;
          }
        if (stack[--sp] == 0) pc += in.arg;
        break;
      case op_jmp:
        pc += in.arg;
        break;
        ERLI18N_PLURAL_BINARY_CASES(op_mul)
        ERLI18N_PLURAL_BINARY_CASES(op_div)
        ERLI18N_PLURAL_BINARY_CASES(op_mod)
        ERLI18N_PLURAL_BINARY_CASES(op_add)
        ERLI18N_PLURAL_BINARY_CASES(op_sub)
        ERLI18N_PLURAL_BINARY_CASES(op_lt)
        ERLI18N_PLURAL_BINARY_CASES(op_gt)
        ERLI18N_PLURAL_BINARY_CASES(op_le)
        ERLI18N_PLURAL_BINARY_CASES(op_ge)
        ERLI18N_PLURAL_BINARY_CASES(op_eq)
        ERLI18N_PLURAL_BINARY_CASES(op_ne)
        ERLI18N_PLURAL_BINARY_CASES(op_and)
        ERLI18N_PLURAL_BINARY_CASES(op_or)
      default:
        break;  // not produced by the compiler
    }
  }
  if constexpr (checked) *divides_by_zero = trapped[0];
  return stack[0];
}

unsigned long plural_rule::evaluate(unsigned long n) const noexcept {
  if (native_ != nullptr) return native_(n);
  return run<false>(n, nullptr);
}

std::optional<unsigned long> plural_rule::evaluate_checked(unsigned long n) const noexcept {
  // The native rules divide by constants only, and the program is kept for them too.
  bool divides_by_zero = false;
  const unsigned long value = run<true>(n, &divides_by_zero);
  if (divides_by_zero) return std::nullopt;
  return value;
}

#undef ERLI18N_PLURAL_BINARY_CASES

unsigned long plural_rule::form(unsigned long n) const noexcept {
  const unsigned long v = evaluate(n);
  return v < nplurals_ ? v : 0;
}

}  // namespace erli18n
