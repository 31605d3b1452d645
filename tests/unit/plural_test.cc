#include "erli18n/plural.h"

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "plural_known.h"
#include "test_support.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace erli18n {
namespace {

using ::testing::HasSubstr;

// Value of `expression` for n, with a large nplurals so that form() is not involved.
unsigned long eval(const std::string& expression, unsigned long n) {
  result<plural_rule> rule = plural_rule::parse("nplurals=100; plural=" + expression + ";");
  EXPECT_TRUE(rule.has_value()) << expression << ": " << (rule ? "" : rule.error().message);
  return rule ? rule->evaluate(n) : ~0UL;
}

error parse_error(const std::string& value, const plural_limits& limits = {}) {
  result<plural_rule> rule = plural_rule::parse(value, limits);
  EXPECT_FALSE(rule.has_value()) << value << " was accepted";
  return rule ? error{} : rule.error();
}

std::string repeat(const std::string& s, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += s;
  return out;
}

TEST(PluralRule, DefaultIsGermanicRule) {
  plural_rule rule;
  EXPECT_EQ(rule.nplurals(), 2u);
  EXPECT_EQ(rule.expression(), "n != 1");
  EXPECT_EQ(rule.form(0), 1u);
  EXPECT_EQ(rule.form(1), 0u);
  EXPECT_EQ(rule.form(2), 1u);
  EXPECT_EQ(rule.form(ULONG_MAX), 1u);
}

TEST(PluralRule, EvaluationIsNoexcept) {
  plural_rule rule;
  static_assert(noexcept(rule.form(1)));
  static_assert(noexcept(rule.evaluate(1)));
  static_assert(noexcept(rule.nplurals()));
}

TEST(PluralRule, EveryOperator) {
  EXPECT_EQ(eval("n", 42), 42u);
  EXPECT_EQ(eval("7", 42), 7u);
  EXPECT_EQ(eval("n*3", 5), 15u);
  EXPECT_EQ(eval("n/4", 15), 3u);
  EXPECT_EQ(eval("n%4", 15), 3u);
  EXPECT_EQ(eval("n+4", 15), 19u);
  EXPECT_EQ(eval("n-4", 15), 11u);
  for (unsigned long n : {4UL, 5UL, 6UL}) {
    EXPECT_EQ(eval("n<5", n), n < 5 ? 1u : 0u) << n;
    EXPECT_EQ(eval("n>5", n), n > 5 ? 1u : 0u) << n;
    EXPECT_EQ(eval("n<=5", n), n <= 5 ? 1u : 0u) << n;
    EXPECT_EQ(eval("n>=5", n), n >= 5 ? 1u : 0u) << n;
    EXPECT_EQ(eval("n==5", n), n == 5 ? 1u : 0u) << n;
    EXPECT_EQ(eval("n!=5", n), n != 5 ? 1u : 0u) << n;
  }
  EXPECT_EQ(eval("!n", 0), 1u);
  EXPECT_EQ(eval("!n", 7), 0u);
  EXPECT_EQ(eval("n&&3", 0), 0u);
  EXPECT_EQ(eval("n&&3", 9), 1u);  // logical operators yield 0 or 1, not an operand
  EXPECT_EQ(eval("n&&0", 9), 0u);
  EXPECT_EQ(eval("n||0", 0), 0u);
  EXPECT_EQ(eval("n||0", 9), 1u);
  EXPECT_EQ(eval("0||n", 0), 0u);
  EXPECT_EQ(eval("n?10:20", 0), 20u);
  EXPECT_EQ(eval("n?10:20", 3), 10u);
  EXPECT_EQ(eval("(n)", 3), 3u);
}

TEST(PluralRule, OperatorsWithTwoVariableOperands) {
  // Both operands depend on n: no constant-operand shortcut applies.
  EXPECT_EQ(eval("n*n", 12), 144u);
  EXPECT_EQ(eval("(n+20)/n", 5), 5u);
  EXPECT_EQ(eval("(n+20)%n", 6), 2u);
  EXPECT_EQ(eval("n-(n/2)", 9), 5u);
  EXPECT_EQ(eval("n<n+1", 9), 1u);
  EXPECT_EQ(eval("n==n", 9), 1u);
  EXPECT_EQ(eval("n!=n%5", 3), 0u);
  EXPECT_EQ(eval("n&&n-1", 1), 0u);
  EXPECT_EQ(eval("n||n-1", 0), 1u);
  EXPECT_EQ(eval("10-n", 3), 7u);  // constant left operand
  EXPECT_EQ(eval("100/n", 7), 14u);
}

TEST(PluralRule, PrecedenceFollowsC) {
  EXPECT_EQ(eval("1+2*3", 0), 7u);
  EXPECT_EQ(eval("(1+2)*3", 0), 9u);
  EXPECT_EQ(eval("n+2*3", 1), 7u);
  EXPECT_EQ(eval("n*2+3", 1), 5u);
  EXPECT_EQ(eval("2*n%4", 3), 2u);      // (2*3)%4
  EXPECT_EQ(eval("1+2*n%3", 1), 3u);    // 1+((2*1)%3)
  EXPECT_EQ(eval("n+1<3", 1), 1u);      // (n+1)<3
  EXPECT_EQ(eval("n<2==1", 1), 1u);     // (n<2)==1
  EXPECT_EQ(eval("2==n<5", 1), 0u);     // 2==(n<5)
  EXPECT_EQ(eval("n==1&&n<2", 1), 1u);  // == binds tighter than &&
  EXPECT_EQ(eval("!n+1", 0), 2u);       // (!n)+1
  EXPECT_EQ(eval("!n==0", 5), 1u);      // (!n)==0
  EXPECT_EQ(eval("n||n&&0", 1), 1u);    // n||(n&&0)
  EXPECT_EQ(eval("0&&n||1", 0), 1u);    // (0&&n)||1
  EXPECT_EQ(eval("n||0?5:6", 0), 6u);   // (n||0)?5:6
  EXPECT_EQ(eval("n&&1?5:6", 2), 5u);
  EXPECT_EQ(eval("n ? 1+1 : 2*3", 0), 6u);
}

TEST(PluralRule, BinaryOperatorsGroupLeft) {
  EXPECT_EQ(eval("10-n-3", 2), 5u);    // (10-2)-3, not 10-(2-3)
  EXPECT_EQ(eval("100/n/5", 10), 2u);  // (100/10)/5
  EXPECT_EQ(eval("100%n%7", 60), 5u);  // (100%60)%7 = 40%7
  EXPECT_EQ(eval("1<2<n", 0), 0u);     // (1<2)<0
  EXPECT_EQ(eval("3>2>n", 0), 1u);     // (3>2)>0
  EXPECT_EQ(eval("n==n==1", 7), 1u);   // (7==7)==1
  EXPECT_EQ(eval("n<=1>=1", 2), 0u);   // (2<=1)>=1
}

TEST(PluralRule, TernaryGroupsRight) {
  EXPECT_EQ(eval("n ? 2 : 1 ? 0 : 1", 0), 0u);  // n ? 2 : (1 ? 0 : 1)
  EXPECT_EQ(eval("0 ? 1 : 0 ? 2 : 3", 0), 3u);
  EXPECT_EQ(eval("n>1 ? n>2 ? 2 : 1 : 0", 0), 0u);
  EXPECT_EQ(eval("n>1 ? n>2 ? 2 : 1 : 0", 2), 1u);
  EXPECT_EQ(eval("n>1 ? n>2 ? 2 : 1 : 0", 3), 2u);
  EXPECT_EQ(eval("n==1 ? 10 : n==2 ? 20 : n==3 ? 30 : 40", 3), 30u);
  EXPECT_EQ(eval("n==1 ? 10 : n==2 ? 20 : n==3 ? 30 : 40", 9), 40u);
}

TEST(PluralRule, ConstantConditionsAndFolding) {
  EXPECT_EQ(eval("1 ? n : 5", 9), 9u);
  EXPECT_EQ(eval("0 ? n : n+5", 9), 14u);
  EXPECT_EQ(eval("(2-2) ? n : (n ? 3 : 4)", 0), 4u);
  EXPECT_EQ(eval("(1 ? n>2 ? 7 : 8 : 9) + 1", 3), 8u);
  EXPECT_EQ(eval("!!7 + !0 + !5", 0), 2u);
  EXPECT_EQ(eval("3*4-2+n", 0), 10u);
  EXPECT_EQ(eval("n*(2+3)", 2), 10u);
  EXPECT_EQ(eval("(1 ? 2 : 3) * n", 4), 8u);
}

TEST(PluralRule, ArithmeticWrapsLikeUnsignedLong) {
  EXPECT_EQ(eval("n-1", 0), ULONG_MAX);
  EXPECT_EQ(eval("n+1", ULONG_MAX), 0u);
  EXPECT_EQ(eval("n*n", 4294967296UL), 0u);
  EXPECT_EQ(eval("n*n", 4294967297UL), 8589934593UL);
  EXPECT_EQ(eval("0-1", 0), ULONG_MAX);
  EXPECT_EQ(eval("n < n-1", 0), 1u);  // 0 < ULONG_MAX
  EXPECT_EQ(eval("n < n-1", 5), 0u);
  EXPECT_EQ(eval("n-1 > 5", 0), 1u);
  // Constants are read modulo 2^64, as glibc reads them.
  EXPECT_EQ(eval("18446744073709551615", 0), ULONG_MAX);
  EXPECT_EQ(eval("18446744073709551616", 0), 0u);
  EXPECT_EQ(eval("18446744073709551617*n", 5), 5u);
  EXPECT_EQ(eval("36893488147419103233*n", 5), 5u);
  EXPECT_EQ(eval("010", 0), 10u);  // decimal, not octal
}

TEST(PluralRule, FormIsZeroWhenOutOfRange) {
  result<plural_rule> rule = plural_rule::parse("nplurals=3; plural=n;");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->form(0), 0u);
  EXPECT_EQ(rule->form(2), 2u);
  EXPECT_EQ(rule->form(3), 0u);
  EXPECT_EQ(rule->evaluate(3), 3u);
  EXPECT_EQ(rule->form(ULONG_MAX), 0u);
  result<plural_rule> wrapped = plural_rule::parse("nplurals=2; plural=n-1;");
  ASSERT_TRUE(wrapped);
  EXPECT_EQ(wrapped->form(0), 0u);  // ULONG_MAX is out of range
  EXPECT_EQ(wrapped->form(2), 1u);
  result<plural_rule> single = plural_rule::parse("nplurals=1; plural=n;");
  ASSERT_TRUE(single);
  EXPECT_EQ(single->form(0), 0u);
  EXPECT_EQ(single->form(1), 0u);
  EXPECT_EQ(single->form(77), 0u);
}

TEST(PluralRule, DivisionByZeroDependingOnNHasDefinedResults) {
  // glibc dies of SIGFPE here; erli18n gives x/0 == 0 and x%0 == x.
  EXPECT_EQ(eval("10/(n-5)", 5), 0u);
  EXPECT_EQ(eval("10/(n-5)", 6), 10u);
  EXPECT_EQ(eval("10%(n-5)", 5), 10u);
  EXPECT_EQ(eval("10%(n-5)", 9), 2u);
  EXPECT_EQ(eval("n%(n-7)", 7), 7u);
  EXPECT_EQ(eval("n/(n-7)", 7), 0u);
  EXPECT_EQ(eval("n/n", 0), 0u);
  EXPECT_EQ(eval("n%n", 0), 0u);
  EXPECT_EQ(eval("5%n", 0), 5u);
  EXPECT_EQ(eval("5/n", 0), 0u);
  // The defined results keep x == (x / y) * y + x % y for every divisor, zero included.
  for (unsigned long n = 0; n < 20; ++n) {
    EXPECT_EQ(eval("(n*3)/(n%4) * (n%4) + (n*3)%(n%4)", n), n * 3) << n;
  }
  result<plural_rule> rule = plural_rule::parse("nplurals=3; plural=10/(n-5) % 3;");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->form(5), 0u);
  EXPECT_EQ(rule->form(7), 2u);  // 10/2 = 5, 5 % 3 = 2
}

// Whether glibc divides by zero evaluating `expression` for n (SIGFPE), by evaluate_checked.
bool traps(const std::string& expression, unsigned long n) {
  result<plural_rule> rule = plural_rule::parse("nplurals=100; plural=" + expression + ";");
  EXPECT_TRUE(rule.has_value()) << expression << ": " << (rule ? "" : rule.error().message);
  return rule && !rule->evaluate_checked(n).has_value();
}

TEST(PluralRule, EvaluateCheckedFindsTheNThatDivideByZero) {
  EXPECT_TRUE(traps("10/(n-5)", 5));
  EXPECT_FALSE(traps("10/(n-5)", 4));
  EXPECT_TRUE(traps("n%(n-3)", 3));
  EXPECT_TRUE(traps("5/n", 0));
  EXPECT_TRUE(traps("n%(n-n)", 7));
  EXPECT_TRUE(traps("(n/(n-2)) == 1", 2));  // a trap inside an operand
  EXPECT_TRUE(traps("!(1/(n-2))", 2));
  // Otherwise the value is evaluate's.
  result<plural_rule> rule = plural_rule::parse("nplurals=3; plural=10/(n-5) % 3;");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->evaluate_checked(7), std::optional<unsigned long>(2));
  EXPECT_EQ(rule->evaluate_checked(5), std::nullopt);
  // C's short circuit, as glibc's evaluator: the right operand of && and || and the branch
  // of ?: not taken are not evaluated; the condition always is.
  EXPECT_FALSE(traps("n!=3 && 1/(n-3)", 3));
  EXPECT_TRUE(traps("n==3 && 1/(n-3)", 3));
  EXPECT_FALSE(traps("n==3 || 1/(n-3)", 3));
  EXPECT_TRUE(traps("n!=3 || 1/(n-3)", 3));
  EXPECT_FALSE(traps("n==3 ? 0 : 1/(n-3)", 3));
  EXPECT_TRUE(traps("n==3 ? 1/(n-3) : 0", 3));
  EXPECT_TRUE(traps("1/(n-3) ? 0 : 1", 3));
  EXPECT_TRUE(traps("(1/(n-3) && 0) || 1", 3));
  // A known rule (native code) has constant divisors only.
  result<plural_rule> russian = plural_rule::parse(
      "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : "
      "2);");
  ASSERT_TRUE(russian);
  for (unsigned long n = 0; n <= 1000; ++n)
    EXPECT_EQ(russian->evaluate_checked(n), russian->evaluate(n)) << n;
}

TEST(PluralRule, ConstantZeroDivisorIsAnError) {
  error e = parse_error("nplurals=2; plural=n/0;");
  EXPECT_EQ(e.code, errc::syntax);
  EXPECT_EQ(e.message, "division by zero for every n");
  EXPECT_EQ(e.column, 21u);  // the '/'
  e = parse_error("nplurals=2; plural=n%(2-2);");
  EXPECT_EQ(e.message, "modulo by zero for every n");
  EXPECT_EQ(e.column, 21u);
  EXPECT_EQ(parse_error("nplurals=2; plural=n ? 1/(0 ? 1 : 0) : 0;").message, "division by zero for every n");
  EXPECT_EQ(parse_error("nplurals=2; plural=n % !5;").message, "modulo by zero for every n");
  EXPECT_EQ(parse_error("nplurals=2; plural=4/0;").message, "division by zero for every n");
  EXPECT_EQ(parse_error("nplurals=2; plural=n/18446744073709551616;").message,
            "division by zero for every n");
  // A divisor that is not constant is fine even when it is often zero.
  EXPECT_TRUE(plural_rule::parse("nplurals=2; plural=n/(n*0);"));
}

struct language_case {
  const char* name;
  const char* rule;
  std::vector<std::pair<unsigned long, unsigned long>> forms;  // n -> expected form
};

// The rules as real catalogs spell them, with the forms CLDR and the GNU gettext manual give.
const language_case languages[] = {
    {"japanese", "nplurals=1; plural=0;", {{0, 0}, {1, 0}, {2, 0}, {1000000, 0}}},
    {"english", "nplurals=2; plural=(n != 1);", {{0, 1}, {1, 0}, {2, 1}, {21, 1}}},
    {"french", "nplurals=2; plural=(n > 1);", {{0, 0}, {1, 0}, {2, 1}, {100, 1}}},
    {"russian",
     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
     {{0, 2},
      {1, 0},
      {2, 1},
      {4, 1},
      {5, 2},
      {11, 2},
      {12, 2},
      {14, 2},
      {21, 0},
      {22, 1},
      {25, 2},
      {101, 0},
      {111, 2},
      {112, 2},
      {122, 1},
      {1001, 0}}},
    {"polish",
     "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
     {{0, 2}, {1, 0}, {2, 1}, {4, 1}, {5, 2}, {12, 2}, {21, 2}, {22, 1}, {112, 2}, {122, 1}}},
    {"czech",
     "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
     {{0, 2}, {1, 0}, {2, 1}, {4, 1}, {5, 2}, {22, 2}}},
    {"arabic",
     "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
     {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {10, 3}, {11, 4}, {99, 4}, {100, 5}, {102, 5}, {103, 3}, {111, 4}}},
    {"irish",
     "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4;",
     {{0, 2}, {1, 0}, {2, 1}, {3, 2}, {6, 2}, {7, 3}, {10, 3}, {11, 4}, {100, 4}}},
    {"slovenian",
     "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
     {{0, 3}, {1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {101, 0}, {102, 1}, {104, 2}, {111, 3}}},
    {"lithuanian",
     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",
     {{0, 2}, {1, 0}, {2, 1}, {9, 1}, {10, 2}, {11, 2}, {19, 2}, {21, 0}, {29, 1}}},
    {"romanian",
     "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
     {{0, 1}, {1, 0}, {2, 1}, {19, 1}, {20, 2}, {100, 2}, {101, 1}, {120, 2}}},
    {"latvian",
     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",
     {{0, 2}, {1, 0}, {2, 1}, {11, 1}, {21, 0}, {111, 1}}},
};

TEST(PluralRule, RealLanguageRules) {
  for (const language_case& lang : languages) {
    result<plural_rule> rule = plural_rule::parse(lang.rule);
    ASSERT_TRUE(rule) << lang.name << ": " << rule.error().message;
    for (const auto& [n, expected] : lang.forms) {
      EXPECT_EQ(rule->form(n), expected) << lang.name << " n=" << n;
    }
    // Every form index stays in range, for every n and for the extremes.
    for (unsigned long n = 0; n < 2000; ++n) ASSERT_LT(rule->form(n), rule->nplurals()) << lang.name;
    EXPECT_LT(rule->form(ULONG_MAX), rule->nplurals()) << lang.name;
  }
}

TEST(PluralRule, NpluralsAndExpressionAreReported) {
  result<plural_rule> rule = plural_rule::parse("nplurals=6; plural=  n%100>=3 \t;");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->nplurals(), 6u);
  EXPECT_EQ(rule->expression(), "n%100>=3");
  rule = plural_rule::parse("nplurals=2; plural=(n != 1)");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->expression(), "(n != 1)");
}

TEST(PluralRule, AcceptsWhatGlibcAccepts) {
  struct accepted {
    const char* value;
    unsigned long nplurals;
    unsigned long n;
    unsigned long form;
  };
  const accepted cases[] = {
      {"nplurals=3; plural=n", 3, 2, 2},     // no trailing ';'
      {"nplurals=3;plural=n;", 3, 2, 2},     // no space
      {"plural=n%3; nplurals=3;", 3, 2, 2},  // either order
      {"nplurals=3, plural=n", 3, 2, 2},     // any separator
      {"nplurals=3 plural=n", 3, 2, 2},
      {"nplurals= \t3; plural=n;", 3, 2, 2},  // blanks before the number
      {"nplurals=\n3; plural=n;", 3, 2, 2},
      {"nplurals=3x; plural=n;", 3, 2, 2},  // text after the number
      {"nplurals=03; plural=n;", 3, 2, 2},
      {"nplurals=3; plural=n; garbage", 3, 2, 2},  // text after the expression
      {"nplurals=3; plural=n;;", 3, 2, 2},
      {"nplurals=3; plural=n\nnext line", 3, 2, 2},  // a newline ends the expression
      {"nplurals=3; plural=\t n \t;", 3, 2, 2},
      {"xnplurals=3; xplural=n;", 3, 2, 2},          // keys are found as substrings
      {"nplurals=3; plural=n; plural=0;", 3, 2, 2},  // the first plural= counts
  };
  for (const accepted& c : cases) {
    result<plural_rule> rule = plural_rule::parse(c.value);
    ASSERT_TRUE(rule) << c.value << ": " << rule.error().message;
    EXPECT_EQ(rule->nplurals(), c.nplurals) << c.value;
    EXPECT_EQ(rule->form(c.n), c.form) << c.value;
  }
  // A NUL ends the expression, as it ends glibc's C string.
  result<plural_rule> nul = plural_rule::parse(std::string_view("nplurals=3; plural=n\0 garbage", 29));
  ASSERT_TRUE(nul);
  EXPECT_EQ(nul->expression(), "n");
}

TEST(PluralRule, WholeHeaderReadsAsGlibcReadsIt) {
  // glibc takes the first plural= of the header entry, even outside Plural-Forms (seen with
  // glibc 2.36: this header evaluates `n`, not `0`).
  const std::string header =
      "Project-Id-Version: x\nX-Note: plural=n;\nContent-Type: text/plain; charset=UTF-8\n"
      "Plural-Forms: nplurals=3; plural=0;\n";
  result<plural_rule> rule = plural_rule::parse(header);
  ASSERT_TRUE(rule) << rule.error().message;
  EXPECT_EQ(rule->nplurals(), 3u);
  EXPECT_EQ(rule->expression(), "n");
  EXPECT_EQ(rule->form(2), 2u);
}

TEST(PluralRule, ErrorsCarryCodeMessageAndColumn) {
  struct rejected {
    std::string value;
    errc code;
    const char* message;
    std::size_t column;
  };
  const rejected cases[] = {
      {"", errc::syntax, "missing 'nplurals='", 1},
      {"plural=n;", errc::syntax, "missing 'nplurals='", 1},
      {"nplurals = 3; plural=n;", errc::syntax, "missing 'nplurals='", 1},
      {"nplurals=3;", errc::syntax, "missing 'plural='", 1},
      {"nplurals=3; plural = n;", errc::syntax, "missing 'plural='", 1},
      {"nplurals=; plural=n;", errc::syntax, "expected a number after 'nplurals='", 10},
      {"nplurals=+3; plural=n;", errc::syntax, "expected a number after 'nplurals='", 10},
      {"nplurals=", errc::syntax, "expected a number after 'nplurals='", 10},
      {"nplurals=0; plural=0;", errc::syntax, "nplurals must be at least 1", 10},
      {"nplurals=101; plural=n;", errc::limit_exceeded, "nplurals is above the limit of 100", 10},
      {"nplurals=  99999999999999999999999; plural=n;", errc::limit_exceeded,
       "nplurals is above the limit of 100", 12},
      {"nplurals=3; plural=;", errc::syntax, "expected an operand, found the end of the expression", 20},
      {"nplurals=3; plural=", errc::syntax, "expected an operand, found the end of the expression", 20},
      {"nplurals=3; plural=n garbage;", errc::syntax,
       "expected an operator or the end of the expression, found 'g'", 22},
      {"nplurals=3; plural=n 1;", errc::syntax,
       "expected an operator or the end of the expression, found '1'", 22},
      {"nplurals=3; plural=nn;", errc::syntax, "expected an operator or the end of the expression, found 'n'",
       21},
      {"nplurals=3; plural=n);", errc::syntax, "expected an operator or the end of the expression, found ')'",
       21},
      {"nplurals=3; plural=-n;", errc::syntax, "expected an operand, found '-'", 20},
      {"nplurals=3; plural=+n;", errc::syntax, "expected an operand, found '+'", 20},
      {"nplurals=3; plural=~n;", errc::syntax, "invalid character '~'", 20},
      {"nplurals=3; plural=N;", errc::syntax, "invalid character 'N'", 20},
      {"nplurals=3; plural=n & 1;", errc::syntax,
       "expected an operator or the end of the expression, found '&'", 22},
      {"nplurals=3; plural=n | 1;", errc::syntax,
       "expected an operator or the end of the expression, found '|'", 22},
      {"nplurals=3; plural=n = 1;", errc::syntax,
       "expected an operator or the end of the expression, found '='", 22},
      {"nplurals=3; plural=n => 1;", errc::syntax,
       "expected an operator or the end of the expression, found '='", 22},
      {"nplurals=3; plural=n+0x1;", errc::syntax,
       "expected an operator or the end of the expression, found 'x'", 23},
      {"nplurals=3; plural=n\r;", errc::syntax,
       "expected an operator or the end of the expression, found byte 0x0d", 21},
      {"nplurals=3; plural=\xc3\xa9;", errc::syntax, "invalid character byte 0xc3", 20},
      {"nplurals=3; plural=(n;", errc::syntax, "expected ')', found the end of the expression", 22},
      {"nplurals=3; plural=();", errc::syntax, "expected an operand, found ')'", 21},
      {"nplurals=3; plural=n ? 1;", errc::syntax, "expected ':', found the end of the expression", 25},
      {"nplurals=3; plural=n ? : 1;", errc::syntax, "expected an operand, found ':'", 24},
      {"nplurals=3; plural=n ? 1 : ;", errc::syntax, "expected an operand, found the end of the expression",
       28},
      {"nplurals=3; plural=n + ;", errc::syntax, "expected an operand, found the end of the expression", 24},
      {"nplurals=3; plural=!;", errc::syntax, "expected an operand, found the end of the expression", 21},
      {"nplurals=3; plural=n :  1;", errc::syntax,
       "expected an operator or the end of the expression, found ':'", 22},
  };
  for (const rejected& c : cases) {
    error e = parse_error(c.value);
    EXPECT_EQ(e.code, c.code) << c.value;
    EXPECT_EQ(e.message, c.message) << c.value;
    EXPECT_EQ(e.column, c.column) << c.value;
    EXPECT_EQ(e.line, 0u) << c.value;
    EXPECT_TRUE(e.file.empty()) << c.value;
  }
}

TEST(PluralRule, ByteLimit) {
  plural_limits limits;
  limits.max_bytes = 24;
  const std::string value = "nplurals=2; plural=n!=1;";  // 24 bytes
  ASSERT_EQ(value.size(), 24u);
  EXPECT_TRUE(plural_rule::parse(value, limits));
  error e = parse_error(value + " ", limits);
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_EQ(e.message, "plural forms value is longer than 24 bytes");
  EXPECT_EQ(e.column, 25u);
  // The default bound is 2048 bytes.
  EXPECT_EQ(parse_error("nplurals=2; plural=n;" + std::string(2048, ' ')).code, errc::limit_exceeded);
}

TEST(PluralRule, DepthLimit) {
  // The whole expression is level 1; each parenthesis, `!`, `?:` branch and right operand
  // of a binary operator opens one more.
  const std::string prefix = "nplurals=2; plural=";
  EXPECT_EQ(plural_limits{}.max_depth, 128u);
  EXPECT_TRUE(plural_rule::parse(prefix + repeat("(", 127) + "n" + repeat(")", 127)));
  error e = parse_error(prefix + repeat("(", 128) + "n" + repeat(")", 128));
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_EQ(e.message, "expression nests deeper than 128 levels");
  EXPECT_EQ(e.column, prefix.size() + 128 + 1);  // the innermost 'n'
  EXPECT_TRUE(plural_rule::parse(prefix + repeat("!", 127) + "n"));
  EXPECT_EQ(parse_error(prefix + repeat("!", 128) + "n").code, errc::limit_exceeded);
  plural_limits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(plural_rule::parse(prefix + "n ? n+1 : 2", limits));
  EXPECT_EQ(parse_error(prefix + "n ? (n+1) : 2", limits).code, errc::limit_exceeded);
  // Long left-grouped chains do not nest.
  EXPECT_TRUE(plural_rule::parse(prefix + "n" + repeat("+n", 200), limits));
}

TEST(PluralRule, NodeLimit) {
  plural_limits limits;
  limits.max_nodes = 5;
  const std::string prefix = "nplurals=2; plural=";
  EXPECT_TRUE(plural_rule::parse(prefix + "n+n+n", limits));           // 5 nodes
  EXPECT_TRUE(plural_rule::parse(prefix + "((n))+((n))+n;", limits));  // parentheses are free
  error e = parse_error(prefix + "n+n+n+n", limits);
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_EQ(e.message, "expression has more than 5 operators and operands");
  EXPECT_EQ(e.column, prefix.size() + 6);  // the third '+', the sixth node
  EXPECT_EQ(parse_error(prefix + "!!!n?1:0", limits).code, errc::limit_exceeded);  // ! and ?: count
  // Default: 512 nodes.
  EXPECT_TRUE(plural_rule::parse(prefix + "n" + repeat("+n", 255)));
  EXPECT_EQ(parse_error(prefix + "n" + repeat("+n", 256)).code, errc::limit_exceeded);
}

TEST(PluralRule, NpluralsLimit) {
  plural_limits limits;
  limits.max_nplurals = 6;
  EXPECT_TRUE(plural_rule::parse("nplurals=6; plural=n;", limits));
  error e = parse_error("nplurals=7; plural=n;", limits);
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_EQ(e.message, "nplurals is above the limit of 6");
  EXPECT_TRUE(plural_rule::parse("nplurals=100; plural=n;"));
}

TEST(PluralRule, EvaluationStackIsBounded) {
  // Right-nested operands need one stack slot per level; the fixed stack has 128.
  plural_limits limits;
  limits.max_depth = 100000;
  limits.max_nodes = 100000;
  auto nested = [](std::size_t operands) {
    return "nplurals=2; plural=" + repeat("n+(", operands - 1) + "n" + repeat(")", operands - 1);
  };
  result<plural_rule> fits = plural_rule::parse(nested(plural_limits::stack_slots), limits);
  ASSERT_TRUE(fits) << fits.error().message;
  EXPECT_EQ(fits->evaluate(3), 3 * plural_limits::stack_slots);
  error e = parse_error(nested(plural_limits::stack_slots + 1), limits);
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_THAT(e.message, HasSubstr("evaluation stack"));
}

TEST(PluralRule, CopiesEvaluateAlike) {
  result<plural_rule> rule = plural_rule::parse("nplurals=3; plural=n%3;");
  ASSERT_TRUE(rule);
  plural_rule copy = *rule;
  plural_rule moved = std::move(copy);
  for (unsigned long n = 0; n < 10; ++n) EXPECT_EQ(moved.form(n), n % 3);
  EXPECT_EQ(moved.expression(), "n%3");
}

TEST(PluralRule, NativeKnownRulesAgreeWithTheInterpreter) {
  // `(EXPR)*1` compiles to a different program than EXPR, so it runs on the interpreter,
  // while EXPR itself (and its spelling variants) runs on the native function.
  std::vector<unsigned long> numbers;
  for (unsigned long n = 0; n < 3000; ++n) numbers.push_back(n);
  for (unsigned long n :
       {4294967295UL, 4294967296UL, 4294967311UL, ULONG_MAX / 2, ULONG_MAX - 100, ULONG_MAX - 1, ULONG_MAX}) {
    numbers.push_back(n);
  }
  for (const detail::known_plural_rule& known : detail::known_plural_rules) {
    const std::string expression(known.expression);
    result<plural_rule> native = plural_rule::parse("nplurals=9; plural=" + expression + ";");
    result<plural_rule> spaced = plural_rule::parse("plural=( " + expression + " ) ; nplurals=9");
    result<plural_rule> interpreted = plural_rule::parse("nplurals=9; plural=(" + expression + ")*1;");
    ASSERT_TRUE(native && spaced && interpreted) << expression;
    for (unsigned long n : numbers) {
      const unsigned long expected = interpreted->evaluate(n);
      ASSERT_EQ(known.evaluate(n), expected) << expression << " n=" << n;
      ASSERT_EQ(native->evaluate(n), expected) << expression << " n=" << n;
      ASSERT_EQ(spaced->evaluate(n), expected) << expression << " n=" << n;
    }
  }
}

// Differential test: random expressions compiled by plural_rule against a tree-walking
// reference evaluator written here, independent of the compiler's folding and jumps.
struct node {
  enum kind_t { var, constant, negate, binary, ternary } kind = var;
  std::string op;
  unsigned long value = 0;
  std::unique_ptr<node> a, b, c;
};

unsigned long reference(const node& x, unsigned long n) {
  switch (x.kind) {
    case node::var:
      return n;
    case node::constant:
      return x.value;
    case node::negate:
      return reference(*x.a, n) == 0 ? 1 : 0;
    case node::ternary:
      return reference(*x.a, n) != 0 ? reference(*x.b, n) : reference(*x.c, n);
    case node::binary:
      break;
  }
  const unsigned long l = reference(*x.a, n), r = reference(*x.b, n);
  if (x.op == "*") return l * r;
  if (x.op == "/") return r == 0 ? 0 : l / r;
  if (x.op == "%") return r == 0 ? l : l % r;
  if (x.op == "+") return l + r;
  if (x.op == "-") return l - r;
  if (x.op == "<") return l < r;
  if (x.op == ">") return l > r;
  if (x.op == "<=") return l <= r;
  if (x.op == ">=") return l >= r;
  if (x.op == "==") return l == r;
  if (x.op == "!=") return l != r;
  if (x.op == "&&") return l != 0 && r != 0;
  return l != 0 || r != 0;
}

std::unique_ptr<node> random_node(std::mt19937_64& rng, int depth) {
  static const char* const ops[] = {"*", "/", "%", "+", "-", "<", ">", "<=", ">=", "==", "!=", "&&", "||"};
  auto x = std::make_unique<node>();
  const unsigned pick = depth <= 0 ? static_cast<unsigned>(rng() % 2) : static_cast<unsigned>(rng() % 10);
  if (pick == 0) return x;  // n
  if (pick == 1) {
    x->kind = node::constant;
    const unsigned long small[] = {0, 1, 2, 3, 5, 10, 100, ULONG_MAX};
    x->value = rng() % 3 == 0 ? rng() : small[rng() % 8];
    return x;
  }
  if (pick == 2) {
    x->kind = node::negate;
    x->a = random_node(rng, depth - 1);
    return x;
  }
  if (pick == 3) {
    x->kind = node::ternary;
    x->a = random_node(rng, depth - 1);
    x->b = random_node(rng, depth - 1);
    x->c = random_node(rng, depth - 1);
    return x;
  }
  x->kind = node::binary;
  x->op = ops[rng() % 13];
  x->a = random_node(rng, depth - 1);
  x->b = random_node(rng, depth - 1);
  // A divisor that folds to a constant zero is a compile error (even with `n` in a branch
  // that is never taken); use `n` instead of any divisor that looks zero for every n.
  if (x->op == "/" || x->op == "%") {
    bool always_zero = true;
    for (unsigned long n : {0UL, 1UL, 2UL, 3UL, 7UL, 100UL, ULONG_MAX})
      always_zero = always_zero && reference(*x->b, n) == 0;
    if (always_zero) x->b = std::make_unique<node>();
  }
  return x;
}

std::string print(const node& x, std::mt19937_64& rng) {
  const std::string sp = rng() % 4 == 0 ? " " : "";
  switch (x.kind) {
    case node::var:
      return "n";
    case node::constant:
      return std::to_string(x.value);
    case node::negate:
      return "!(" + print(*x.a, rng) + ")";
    case node::ternary:
      return "(" + print(*x.a, rng) + sp + "?" + print(*x.b, rng) + ":" + sp + print(*x.c, rng) + ")";
    case node::binary:
      break;
  }
  return "(" + print(*x.a, rng) + sp + x.op + sp + print(*x.b, rng) + ")";
}

TEST(PluralRule, MatchesReferenceEvaluatorOnRandomExpressions) {
  std::mt19937_64 rng(20261130);
  const unsigned long numbers[] = {
      0, 1, 2, 3, 4, 5, 7, 10, 11, 99, 100, 101, 4294967296UL, ULONG_MAX - 1, ULONG_MAX};
  plural_limits roomy;
  roomy.max_bytes = 1 << 20;
  roomy.max_nodes = 1 << 20;
  roomy.max_depth = 100;
  int compiled = 0;
  for (int i = 0; i < 3000; ++i) {
    std::unique_ptr<node> tree = random_node(rng, 1 + i % 6);
    const std::string expression = print(*tree, rng);
    result<plural_rule> rule = plural_rule::parse("nplurals=7; plural=" + expression + ";", roomy);
    ASSERT_TRUE(rule) << expression << ": " << rule.error().message;
    ++compiled;
    for (unsigned long n : numbers) {
      const unsigned long expected = reference(*tree, n);
      ASSERT_EQ(rule->evaluate(n), expected) << expression << " n=" << n;
      ASSERT_EQ(rule->form(n), expected < 7 ? expected : 0) << expression << " n=" << n;
    }
  }
  EXPECT_EQ(compiled, 3000);
}

TEST(PluralRule, ParseForCatalogFallsBackOnlyWhereGlibcDoes) {
  // A rule glibc cannot read either: its default, as glibc.
  for (const char* value : {"nplurals=3; plural=n garbage;", "nplurals=3; plural=(n;", "plural=n;"}) {
    result<plural_rule> rule = plural_rule::parse_for_catalog(value);
    ASSERT_TRUE(rule) << value;
    EXPECT_EQ(rule->expression(), "n != 1");
    EXPECT_EQ(rule->nplurals(), 2u);
  }
  result<plural_rule> fine = plural_rule::parse_for_catalog("nplurals=3; plural=n%3;");
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->form(5), 2u);
  // A rule glibc evaluates but that is over our limits: an error saying so, never n != 1.
  const std::string deep = "nplurals=3; plural=" + repeat("(", 200) + "n%3" + repeat(")", 200) + ";";
  result<plural_rule> rule = plural_rule::parse_for_catalog(deep);
  ASSERT_FALSE(rule);
  EXPECT_EQ(rule.error().code, errc::limit_exceeded);
  EXPECT_EQ(rule.error().message,
            "Plural-Forms: expression nests deeper than 128 levels (byte 148 of the value); glibc would "
            "evaluate this rule, so it is refused rather than read as n != 1");
  EXPECT_EQ(plural_rule::parse_for_catalog("nplurals=101; plural=n;").error().code, errc::limit_exceeded);
  EXPECT_EQ(plural_rule::parse_for_catalog("nplurals=2; plural=n;" + std::string(2048, ' ')).error().code,
            errc::limit_exceeded);
}

// A catalog whose plural forms read "f0", "f1", "f2" under `plural_forms`.
std::string forms_po(const std::string& plural_forms) {
  return "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: " +
         plural_forms +
         "\\n\"\n\nmsgid \"hello\"\nmsgstr \"bonjour\"\n\nmsgid \"one\"\nmsgid_plural \"many\"\n"
         "msgstr[0] \"f0\"\nmsgstr[1] \"f1\"\nmsgstr[2] \"f2\"\n";
}

std::string compiled(const std::string& po_text) { return test_support::mo_from_po(po_text, "nested.po"); }

TEST(PluralRule, CatalogsWithDeeplyNestedRulesAnswerAsGlibc) {
  // 70 nested parentheses: glibc 2.36 evaluates this (it accepts up to about 9,995); it
  // used to exceed the limit of 64 levels and read silently as n != 1.
  const std::string po = forms_po("nplurals=3; plural=" + repeat("(", 70) + "n%3" + repeat(")", 70) + ";");
  const std::string mo = compiled(po);
  for (bool from_mo : {false, true}) {
    SCOPED_TRACE(from_mo ? "mo" : "po");
    catalog_store store;
    auto r = store.load_buffer("app", "fr", from_mo ? mo : po, from_mo ? "nested.mo" : "nested.po");
    ASSERT_TRUE(r) << r.error().to_string();
    // glibc's dcngettext on this catalog (msgfmt's) gives f0 f1 f2 f0 f1 f2 for n = 0..5.
    for (unsigned long n = 0; n < 12; ++n)
      EXPECT_EQ(store.dlngettext("app", "fr", "one", "many", n), "f" + std::to_string(n % 3)) << n;
    EXPECT_EQ(store.dlngettext("app", "fr", "one", "many", ULONG_MAX), "f0");
  }
  auto opened = mo_catalog::from_memory(mo.data(), mo.size(), "nested.mo");
  ASSERT_TRUE(opened) << opened.error().to_string();
  EXPECT_EQ(opened->lookup_plural("one", 5).value_or("?"), "f2");
}

TEST(PluralRule, CatalogsWithRulesOverTheLimitsAreRefused) {
  // 200 levels: glibc evaluates it, we will not recurse that deep. The load fails, naming
  // the file and the header, and the catalog loaded before stays.
  const std::string po = forms_po("nplurals=3; plural=" + repeat("(", 200) + "n%3" + repeat(")", 200) + ";");
  const std::string mo = compiled(po);
  for (bool from_mo : {false, true}) {
    SCOPED_TRACE(from_mo ? "mo" : "po");
    catalog_store store;
    ASSERT_TRUE(store.load_buffer("app", "fr", forms_po("nplurals=3; plural=n%3;"), "good.po"));
    auto r = store.load_buffer("app", "fr", from_mo ? mo : po, from_mo ? "deep.mo" : "deep.po");
    ASSERT_FALSE(r) << "loaded; n = 2 reads " << store.dlngettext("app", "fr", "one", "many", 2);
    EXPECT_EQ(r.error().code, errc::limit_exceeded);
    EXPECT_THAT(r.error().to_string(),
                HasSubstr(std::string(from_mo ? "deep.mo: " : "deep.po:1: ") +
                          "error: Plural-Forms: expression nests deeper than 128 levels"));
    EXPECT_EQ(store.dlngettext("app", "fr", "one", "many", 2), "f2");
  }
}

}  // namespace
}  // namespace erli18n
