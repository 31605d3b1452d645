// The instruction set of a compiled plural rule (plural_rule::instruction's codes), shared by
// the compiler (plural.cc, which also folds constants with apply) and the evaluator
// (plural_eval.cc). Private to the formats layer.
#ifndef ERLI18N_SRC_PLURAL_PROGRAM_H
#define ERLI18N_SRC_PLURAL_PROGRAM_H

#include <cstdint>

namespace erli18n::detail::plural_program {

enum opcode : std::uint32_t {
  op_n = 1,  // push n
  op_const,  // push arg
  op_not,    // top = !top
  op_jz,     // pop; when it was 0, skip the next arg instructions
  op_jmp,    // skip the next arg instructions
  op_mul,    // binary operators: pop the right operand, replace the left one
  op_div,
  op_mod,
  op_add,
  op_sub,
  op_lt,
  op_gt,
  op_le,
  op_ge,
  op_eq,
  op_ne,
  op_and,
  op_or,
};
// A binary operator whose right operand is a constant carries it in `arg` (k_flag), and one
// whose left operand is `n` as well pushes its result directly (n_flag): most rules compare
// or reduce n by constants, so this shrinks the program to about a third.
constexpr std::uint32_t k_flag = 0x20;  // opcodes stay below it, and the codes dense
constexpr std::uint32_t n_flag = 0x40;

constexpr unsigned long bit(bool b) noexcept { return b ? 1UL : 0UL; }

// The defined results for a zero divisor are documented in plural.h.
constexpr unsigned long apply(std::uint32_t op, unsigned long a, unsigned long b) noexcept {
  switch (op) {
    case op_mul:
      return a * b;
    case op_div:
      return b == 0 ? 0 : a / b;
    case op_mod:
      return b == 0 ? a : a % b;
    case op_add:
      return a + b;
    case op_sub:
      return a - b;
    case op_lt:
      return bit(a < b);
    case op_gt:
      return bit(a > b);
    case op_le:
      return bit(a <= b);
    case op_ge:
      return bit(a >= b);
    case op_eq:
      return bit(a == b);
    case op_ne:
      return bit(a != b);
    case op_and:
      return bit(a != 0 && b != 0);
    case op_or:
      return bit(a != 0 || b != 0);
    default:
      return 0;
  }
}

// `op` with a constant right operand. The compiler has ruled out a zero divisor, and 10 and
// 100 — the divisors of nearly every real rule — compile to multiplications when the
// divisor is a constant, instead of a 64-bit divide that costs tens of cycles.
constexpr unsigned long apply_k(std::uint32_t op, unsigned long a, unsigned long k) noexcept {
  if (op == op_mod) return k == 10 ? a % 10 : k == 100 ? a % 100 : a % k;
  if (op == op_div) return k == 10 ? a / 10 : k == 100 ? a / 100 : a / k;
  return apply(op, a, k);
}

}  // namespace erli18n::detail::plural_program

#endif  // ERLI18N_SRC_PLURAL_PROGRAM_H
