// The Plural-Forms compiler.
//
// The compiler is a recursive-descent parser whose recursion is bounded by
// plural_limits::max_depth. It emits the postfix program as it parses, so no syntax tree is
// ever built: every subexpression is a tail segment of the program, which lets constant
// folding and `?:` with a constant condition simply cut the tail. Forward jumps are
// relative, so cutting code before or after a `?:` never invalidates them.
//
// The evaluator is plural_eval.cc's; the instruction set both share, plural_program.h's.
#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "erli18n/plural.h"
#include "out_of_memory.h"
#include "plural_known.h"
#include "plural_program.h"

namespace erli18n {
using namespace detail::plural_program;

namespace {

// Binding strength of the binary operators, C's order; 0 for anything else.
constexpr int precedence(std::uint32_t op) noexcept {
  switch (op) {
    case op_or:
      return 1;
    case op_and:
      return 2;
    case op_eq:
    case op_ne:
      return 3;
    case op_lt:
    case op_gt:
    case op_le:
    case op_ge:
      return 4;
    case op_add:
    case op_sub:
      return 5;
    case op_mul:
    case op_div:
    case op_mod:
      return 6;
    default:
      return 0;
  }
}

constexpr std::string_view nplurals_key = "nplurals=";
constexpr std::string_view plural_key = "plural=";

// C's isspace in the "C" locale: what glibc skips before the nplurals digits.
constexpr bool is_c_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

}  // namespace

class plural_compiler {
 public:
  using instruction = plural_rule::instruction;

  plural_compiler(std::string_view text, const plural_limits& limits) : text_(text), limits_(limits) {}

  result<plural_rule> compile();

  // The native evaluator of a known rule with this program, or nullptr.
  static detail::plural_native find_native(std::string_view expression,
                                           const std::vector<instruction>& program);

 private:
  enum class tok { end, n, number, lparen, rparen, bang, question, colon, binary, invalid };
  struct token {
    tok kind = tok::end;
    std::uint32_t op = 0;     // for tok::binary
    unsigned long value = 0;  // for tok::number
    std::size_t pos = 0;
    std::size_t len = 0;
  };
  // A compiled subexpression: the tail of program_ from `start`. When `is_const`, that tail
  // is exactly one op_const instruction holding `value`.
  struct operand {
    std::size_t start = 0;
    bool is_const = false;
    unsigned long value = 0;
    std::size_t stack = 1;  // evaluation stack slots it needs, its result included
  };

  void advance();
  bool enter(std::size_t depth);
  operand parse_ternary(std::size_t depth);
  operand parse_binary(int min_precedence, std::size_t depth);
  operand parse_unary(std::size_t depth);
  bool count_node();
  void fold(operand& x, unsigned long value);
  void emit(std::uint32_t code, unsigned long arg = 0) { program_.push_back(instruction{arg, code}); }
  void fail(errc code, std::string message, std::size_t pos);
  // The failures the recursive parse meets, out of line: building their messages inline
  // would put std::string temporaries in every frame of the recursion, which bounds how
  // deep an expression may nest in a given stack.
  [[gnu::noinline, gnu::cold]] void fail_syntax(const char* message, std::size_t pos);
  [[gnu::noinline, gnu::cold]] void fail_token(const char* prefix);  // prefix, then the token
  [[gnu::noinline, gnu::cold]] void fail_depth();
  [[gnu::noinline, gnu::cold]] void fail_nodes();
  std::string describe(const token& t) const;

  std::string_view text_;
  const plural_limits& limits_;
  std::size_t pos_ = 0;  // lexer position in text_
  std::size_t expression_end_ = 0;
  token cur_;
  std::size_t nodes_ = 0;
  std::vector<instruction> program_;
  bool failed_ = false;
  error error_;
};

void plural_compiler::fail(errc code, std::string message, std::size_t pos) {
  if (failed_) return;  // the first problem is the one worth reporting
  failed_ = true;
  error_ = error{code, std::move(message), "", 0, pos + 1};
}

void plural_compiler::fail_syntax(const char* message, std::size_t pos) { fail(errc::syntax, message, pos); }

void plural_compiler::fail_token(const char* prefix) {
  fail(errc::syntax, prefix + describe(cur_), cur_.pos);
}

void plural_compiler::fail_depth() {
  fail(errc::limit_exceeded, "expression nests deeper than " + std::to_string(limits_.max_depth) + " levels",
       cur_.pos);
}

void plural_compiler::fail_nodes() {
  fail(errc::limit_exceeded,
       "expression has more than " + std::to_string(limits_.max_nodes) + " operators and operands", cur_.pos);
}

std::string plural_compiler::describe(const token& t) const {
  if (t.kind == tok::end) return "the end of the expression";
  std::string_view spelling = text_.substr(t.pos, t.len);
  if (t.kind == tok::invalid) {
    unsigned char c = static_cast<unsigned char>(spelling[0]);
    if (c < 0x20 || c >= 0x7f) {
      static constexpr char hex[] = "0123456789abcdef";
      // Built in place: GCC 12 -O3 warns (-Wrestrict, falsely) on a chain of operator+.
      std::string out = "byte 0x";
      out += hex[c >> 4];
      out += hex[c & 15];
      return out;
    }
  }
  return "'" + std::string(spelling) + "'";
}

// Long (about 90 lines) on purpose: the tokenizer of the Plural-Forms grammar, one short case
// per operator over the shared position.
void plural_compiler::advance() {
  while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  token t;
  t.pos = pos_;
  t.len = 1;
  if (pos_ >= text_.size() || text_[pos_] == ';' || text_[pos_] == '\n' || text_[pos_] == '\0') {
    t.kind = tok::end;
    t.len = 0;
    expression_end_ = pos_;
    cur_ = t;
    return;
  }
  const char c = text_[pos_];
  const char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
  auto binary = [&t](std::uint32_t op, std::size_t len) {
    t.kind = tok::binary;
    t.op = op;
    t.len = len;
  };
  switch (c) {
    case 'n':
      t.kind = tok::n;
      break;
    case '(':
      t.kind = tok::lparen;
      break;
    case ')':
      t.kind = tok::rparen;
      break;
    case '?':
      t.kind = tok::question;
      break;
    case ':':
      t.kind = tok::colon;
      break;
    case '*':
      binary(op_mul, 1);
      break;
    case '/':
      binary(op_div, 1);
      break;
    case '%':
      binary(op_mod, 1);
      break;
    case '+':
      binary(op_add, 1);
      break;
    case '-':
      binary(op_sub, 1);
      break;
    case '<':
      next == '=' ? binary(op_le, 2) : binary(op_lt, 1);
      break;
    case '>':
      next == '=' ? binary(op_ge, 2) : binary(op_gt, 1);
      break;
    case '!':
      if (next == '=') {
        binary(op_ne, 2);
      } else {
        t.kind = tok::bang;
      }
      break;
    case '=':
      if (next == '=') binary(op_eq, 2);
      break;
    case '&':
      if (next == '&') binary(op_and, 2);
      break;
    case '|':
      if (next == '|') binary(op_or, 2);
      break;
    default:
      if (is_digit(c)) {
        // Constants wrap modulo 2^(bits of unsigned long), as glibc reads them.
        std::size_t end = pos_;
        unsigned long value = 0;
        while (end < text_.size() && is_digit(text_[end])) {
          value = value * 10 + static_cast<unsigned long>(text_[end] - '0');
          ++end;
        }
        t.kind = tok::number;
        t.value = value;
        t.len = end - pos_;
      }
      break;
  }
  // `t.kind` is still tok::end only for a character that starts no token.
  if (t.kind == tok::end) t.kind = tok::invalid;
  pos_ += t.len;
  cur_ = t;
}

bool plural_compiler::enter(std::size_t depth) {
  if (depth <= limits_.max_depth) return true;
  fail_depth();
  return false;
}

bool plural_compiler::count_node() {
  if (++nodes_ <= limits_.max_nodes) return true;
  fail_nodes();
  return false;
}

void plural_compiler::fold(operand& x, unsigned long value) {
  program_.resize(x.start);
  emit(op_const, value);
  x.is_const = true;
  x.value = value;
  x.stack = 1;
}

plural_compiler::operand plural_compiler::parse_ternary(std::size_t depth) {
  if (!enter(depth)) return {};
  operand cond = parse_binary(1, depth);
  if (failed_ || cur_.kind != tok::question) return cond;
  if (!count_node()) return {};
  advance();
  const std::size_t jz_at = program_.size();
  emit(op_jz);
  operand then_branch = parse_ternary(depth + 1);
  if (failed_) return {};
  if (cur_.kind != tok::colon) {
    fail_token("expected ':', found ");
    return {};
  }
  advance();
  const std::size_t jmp_at = program_.size();
  emit(op_jmp);
  operand else_branch = parse_ternary(depth + 1);
  if (failed_) return {};
  const std::size_t end = program_.size();
  program_[jz_at].arg = jmp_at - jz_at;  // lands just past the jmp
  program_[jmp_at].arg = end - jmp_at - 1;

  operand out;
  out.start = cond.start;
  if (cond.is_const) {
    // Only the chosen branch remains; its jumps are relative, so moving it is safe.
    const operand& kept = cond.value != 0 ? then_branch : else_branch;
    if (cond.value != 0) {
      program_.erase(program_.begin() + static_cast<std::ptrdiff_t>(jmp_at), program_.end());
      program_.erase(program_.begin() + static_cast<std::ptrdiff_t>(cond.start),
                     program_.begin() + static_cast<std::ptrdiff_t>(jz_at + 1));
    } else {
      program_.erase(program_.begin() + static_cast<std::ptrdiff_t>(cond.start),
                     program_.begin() + static_cast<std::ptrdiff_t>(jmp_at + 1));
    }
    out.is_const = kept.is_const;
    out.value = kept.value;
    out.stack = kept.stack;
    return out;
  }
  out.stack = std::max({cond.stack, then_branch.stack, else_branch.stack});
  return out;
}

plural_compiler::operand plural_compiler::parse_binary(int min_precedence, std::size_t depth) {
  if (!enter(depth)) return {};
  operand lhs = parse_unary(depth);
  while (!failed_ && cur_.kind == tok::binary && precedence(cur_.op) >= min_precedence) {
    const token op = cur_;
    if (!count_node()) return {};
    advance();
    // Every binary operator groups to the left: the right operand binds tighter.
    operand rhs = parse_binary(precedence(op.op) + 1, depth + 1);
    if (failed_) return {};
    if ((op.op == op_div || op.op == op_mod) && rhs.is_const && rhs.value == 0) {
      fail_syntax(op.op == op_div ? "division by zero for every n" : "modulo by zero for every n", op.pos);
      return {};
    }
    if (lhs.is_const && rhs.is_const) {
      fold(lhs, apply(op.op, lhs.value, rhs.value));
    } else if (rhs.is_const) {
      program_.resize(rhs.start);
      if (program_.size() == lhs.start + 1 && program_.back().code == op_n) {
        program_.back() = instruction{rhs.value, op.op | k_flag | n_flag};
      } else {
        emit(op.op | k_flag, rhs.value);
      }
      lhs.is_const = false;
    } else {
      emit(op.op);
      lhs.stack = std::max(lhs.stack, rhs.stack + 1);
      lhs.is_const = false;
    }
  }
  return lhs;
}

plural_compiler::operand plural_compiler::parse_unary(std::size_t depth) {
  if (!enter(depth)) return {};
  operand x;
  x.start = program_.size();
  switch (cur_.kind) {
    case tok::n:
      if (!count_node()) return {};
      emit(op_n);
      advance();
      return x;
    case tok::number:
      if (!count_node()) return {};
      fold(x, cur_.value);
      advance();
      return x;
    case tok::bang: {
      if (!count_node()) return {};
      advance();
      operand inner = parse_unary(depth + 1);
      if (failed_) return {};
      if (inner.is_const) {
        fold(inner, bit(inner.value == 0));
      } else {
        emit(op_not);
      }
      return inner;
    }
    case tok::lparen: {
      advance();
      operand inner = parse_ternary(depth + 1);
      if (failed_) return {};
      if (cur_.kind != tok::rparen) {
        fail_token("expected ')', found ");
        return {};
      }
      advance();
      return inner;
    }
    case tok::invalid:
      fail_token("invalid character ");
      return {};
    default:
      fail_token("expected an operand, found ");
      return {};
  }
}

result<plural_rule> plural_compiler::compile() {
  if (text_.size() > limits_.max_bytes) {
    return error{errc::limit_exceeded,
                 "plural forms value is longer than " + std::to_string(limits_.max_bytes) + " bytes", "", 0,
                 limits_.max_bytes + 1};
  }
  plural_rule rule;

  // nplurals: the first "nplurals=", white space, then digits; glibc ignores what follows.
  const std::size_t key = text_.find(nplurals_key);
  if (key == std::string_view::npos) return error{errc::syntax, "missing 'nplurals='", "", 0, 1};
  std::size_t p = key + nplurals_key.size();
  while (p < text_.size() && is_c_space(text_[p])) ++p;
  if (p >= text_.size() || !is_digit(text_[p])) {
    return error{errc::syntax, "expected a number after 'nplurals='", "", 0, p + 1};
  }
  const std::size_t number_at = p;
  unsigned long nplurals = 0;
  bool too_big = false;
  for (; p < text_.size() && is_digit(text_[p]); ++p) {
    nplurals = nplurals * 10 + static_cast<unsigned long>(text_[p] - '0');
    if (nplurals > limits_.max_nplurals) too_big = true;  // and stays true: no wraparound
  }
  if (too_big) {
    return error{errc::limit_exceeded,
                 "nplurals is above the limit of " + std::to_string(limits_.max_nplurals), "", 0,
                 number_at + 1};
  }
  if (nplurals == 0) return error{errc::syntax, "nplurals must be at least 1", "", 0, number_at + 1};

  const std::size_t plural_at = text_.find(plural_key);
  if (plural_at == std::string_view::npos) return error{errc::syntax, "missing 'plural='", "", 0, 1};
  const std::size_t expression_begin = plural_at + plural_key.size();

  pos_ = expression_begin;
  advance();
  const operand root = parse_ternary(1);
  if (!failed_ && cur_.kind != tok::end) {
    fail(errc::syntax, "expected an operator or the end of the expression, found " + describe(cur_),
         cur_.pos);
  }
  if (!failed_ && root.stack > plural_limits::stack_slots) {
    fail(errc::limit_exceeded,
         "expression needs more than " + std::to_string(plural_limits::stack_slots) +
             " evaluation stack slots",
         expression_begin);
  }
  if (failed_) return std::move(error_);

  std::string_view expression = text_.substr(expression_begin, expression_end_ - expression_begin);
  while (!expression.empty() && (expression.back() == ' ' || expression.back() == '\t')) {
    expression.remove_suffix(1);
  }
  while (!expression.empty() && (expression.front() == ' ' || expression.front() == '\t')) {
    expression.remove_prefix(1);
  }
  rule.nplurals_ = nplurals;
  rule.expression_ = std::string(expression);
  program_.shrink_to_fit();
  rule.program_ = std::move(program_);
  return rule;
}

namespace {

// `expression` without blanks and without the parentheses that enclose all of it, into
// `out`; nullopt when it is longer than `out`. Two valid expressions equal this way
// compile to one program: blanks never join or split a valid expression's tokens.
std::optional<std::string_view> squeezed(std::string_view expression, std::array<char, 256>& out) noexcept {
  std::size_t size = 0;
  for (const char c : expression) {
    if (c == ' ' || c == '\t') continue;
    if (size == out.size()) return std::nullopt;
    out[size++] = c;
  }
  std::string_view e(out.data(), size);
  while (e.size() >= 2 && e.front() == '(') {
    std::size_t depth = 0, close = 0;
    for (std::size_t i = 0; i < e.size(); ++i) {
      if (e[i] == '(') ++depth;
      if (e[i] == ')' && --depth == 0) {
        close = i;
        break;
      }
    }
    if (close != e.size() - 1) break;
    e = e.substr(1, e.size() - 2);
  }
  return e;
}

}  // namespace

detail::plural_native plural_compiler::find_native(std::string_view expression,
                                                   const std::vector<instruction>& program) {
  // Most catalogs spell a known rule as it is written there but for blanks and enclosing
  // parentheses: found by its text, without compiling the known rules (a short-lived
  // program opens one catalog and exits).
  std::array<char, 256> buffer, known_buffer;
  if (std::optional<std::string_view> text = squeezed(expression, buffer)) {
    for (const detail::known_plural_rule& k : detail::known_plural_rules)
      if (squeezed(k.expression, known_buffer) == *text) return k.evaluate;
  }
  // Compiled once; comparing programs makes `(n != 1)` and `n!=1` both match `n != 1`.
  static const std::vector<std::vector<instruction>> known = [] {
    std::vector<std::vector<instruction>> programs;
    for (const detail::known_plural_rule& k : detail::known_plural_rules) {
      const std::string value = "nplurals=9; plural=" + std::string(k.expression);
      result<plural_rule> rule = plural_compiler(value, plural_limits{}).compile();
      programs.push_back(rule ? rule->program_ : std::vector<instruction>{});
    }
    return programs;
  }();
  for (std::size_t i = 0; i < known.size(); ++i) {
    const bool same =
        known[i].size() == program.size() && std::equal(program.begin(), program.end(), known[i].begin(),
                                                        [](const instruction& x, const instruction& y) {
                                                          return x.code == y.code && x.arg == y.arg;
                                                        });
    if (same && !program.empty()) return detail::known_plural_rules[i].evaluate;
  }
  return nullptr;
}

plural_rule::plural_rule()
    : expression_("n != 1"),
      program_{{1, op_ne | k_flag | n_flag}},
      native_(detail::known_plural_rules[0].evaluate) {}

result<plural_rule> plural_rule::parse(std::string_view plural_forms, const plural_limits& limits) {
  try {
    result<plural_rule> rule = plural_compiler(plural_forms, limits).compile();
    if (rule) rule->native_ = plural_compiler::find_native(rule->expression_, rule->program_);
    return rule;
  } catch (const std::bad_alloc&) {
    // Not a property of the rule: callers that fall back to the default rule for an
    // invalid one must not do so here.
    return out_of_memory("compiling the plural expression");
  }
}

result<plural_rule> plural_rule::parse_for_catalog(std::string_view plural_forms,
                                                   const plural_limits& limits) {
  result<plural_rule> rule = parse(plural_forms, limits);
  if (rule) return rule;
  if (rule.error().code == errc::syntax) return plural_rule();
  error e = std::move(rule).error();
  if (e.code == errc::limit_exceeded)
    e.message = "Plural-Forms: " + e.message + " (byte " + std::to_string(e.column) +
                " of the value); glibc would evaluate this rule, so it is refused rather than read as n != 1";
  return e;
}

namespace {

// The n above the dense range 0..compare_dense_limit at which compare_plural_rules evaluates
// both rules, sorted: where rules built from ranges and remainders modulo powers of ten
// change their answer (k * 10^j and its neighbours), and the edges of the integer types.
constexpr unsigned long compare_dense_limit = 10000;
constexpr std::size_t compare_sparse_capacity = 512;
struct sparse_probes {
  std::array<unsigned long, compare_sparse_capacity> values{};
  std::size_t size = 0;
};

constexpr sparse_probes make_sparse_probes() {
  sparse_probes p;
  auto add = [&p](unsigned long long v) {
    if (v > compare_dense_limit && v <= ULONG_MAX) p.values[p.size++] = static_cast<unsigned long>(v);
  };
  for (unsigned long long power = 10000;; power *= 10) {
    for (unsigned long long k = 1; k <= 9 && k <= ULLONG_MAX / power; ++k) {
      add(k * power - 1);
      add(k * power);
      add(k * power + 1);
    }
    if (power > ULLONG_MAX / 10) break;
  }
  for (unsigned long long v : {1ull << 31, (1ull << 32) - 1, 1ull << 32, (1ull << 32) + 1, (1ull << 63) - 1,
                               1ull << 63, (1ull << 63) + 1, ULLONG_MAX - 1, ULLONG_MAX})
    add(v);
  std::sort(p.values.begin(), p.values.begin() + static_cast<std::ptrdiff_t>(p.size));
  p.size = static_cast<std::size_t>(
      std::unique(p.values.begin(), p.values.begin() + static_cast<std::ptrdiff_t>(p.size)) -
      p.values.begin());
  return p;
}

constexpr sparse_probes compare_sparse = make_sparse_probes();

}  // namespace

plural_comparison compare_plural_rules(const plural_rule& a, const plural_rule& b) noexcept {
  plural_comparison c;
  c.nplurals_a = a.nplurals();
  c.nplurals_b = b.nplurals();
  if (c.nplurals_a == c.nplurals_b && a.expression() == b.expression()) return c;
  auto differs = [&](unsigned long n) noexcept {
    const unsigned long fa = a.form(n);
    const unsigned long fb = b.form(n);
    if (fa == fb) return false;
    c.forms_differ = true;
    c.n = n;
    c.form_a = fa;
    c.form_b = fb;
    return true;
  };
  bool found = false;
  for (unsigned long n = 0; n <= compare_dense_limit && !found; ++n) found = differs(n);
  for (std::size_t i = 0; i < compare_sparse.size && !found; ++i) found = differs(compare_sparse.values[i]);
  c.same = !found && c.nplurals_a == c.nplurals_b;
  return c;
}

}  // namespace erli18n
