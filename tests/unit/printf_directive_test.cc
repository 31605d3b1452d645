// The one printf directive reader (src/base/printf_directive.h): each piece of the grammar
// and each malformed form, read from a `%` inside a longer text.
#include "printf_directive.h"

#include <gtest/gtest.h>

#include <string>

namespace erli18n {
namespace {

// Reads the directive at the first `%` of `text`.
printf_directive read(std::string_view text) { return read_printf_directive(text, text.find('%')); }

using kind = printf_amount::kind;

TEST(PrintfDirective, Plain) {
  const printf_directive d = read("x%dy");
  EXPECT_EQ(d.problem, printf_problem::none);
  EXPECT_EQ(d.start, 1U);
  EXPECT_EQ(d.end, 3U);
  EXPECT_EQ(d.conversion, 'd');
  EXPECT_FALSE(d.number);
  EXPECT_TRUE(d.flags.empty());
  EXPECT_EQ(d.width.form, kind::none);
  EXPECT_FALSE(d.has_precision);
  EXPECT_TRUE(d.sizes.empty());
  EXPECT_TRUE(d.reads_argument());
  EXPECT_FALSE(d.bare_percent());
}

TEST(PrintfDirective, EveryConversion) {
  for (char c : std::string("diouxXeEfFgGaAcCsSpnm%")) {
    const std::string text = std::string("%") + c + "!";
    const printf_directive d = read(text);
    EXPECT_EQ(d.problem, printf_problem::none) << text;
    EXPECT_EQ(d.conversion, c) << text;
    EXPECT_EQ(d.end, 2U) << text;
    EXPECT_EQ(d.reads_argument(), c != '%' && c != 'm') << text;
  }
}

TEST(PrintfDirective, Percent) {
  EXPECT_TRUE(read("%%").bare_percent());
  // A `%` conversion after other pieces is read, but is not the bare one.
  const printf_directive d = read("%5%");
  EXPECT_EQ(d.problem, printf_problem::none);
  EXPECT_EQ(d.conversion, '%');
  EXPECT_EQ(d.end, 3U);
  EXPECT_FALSE(d.bare_percent());
  EXPECT_FALSE(read("%1$%").bare_percent());
}

TEST(PrintfDirective, Position) {
  printf_directive d = read("%12$s");
  EXPECT_EQ(d.number, 12U);
  EXPECT_EQ(d.end, 5U);
  EXPECT_EQ(read("%0$d").number, 0U);  // read as written: the callers refuse it
  EXPECT_EQ(read("%99999999999$d").number, printf_number_cap);
  // Digits without `$` are a width (after the `0` flag here), not a position.
  d = read("%05d");
  EXPECT_FALSE(d.number);
  EXPECT_EQ(d.flags, "0");
  EXPECT_EQ(d.width.form, kind::digits);
  EXPECT_EQ(d.conversion, 'd');
}

TEST(PrintfDirective, Flags) {
  const printf_directive d = read("%1$-+ #0'Id");
  EXPECT_EQ(d.number, 1U);
  EXPECT_EQ(d.flags, "-+ #0'I");
  EXPECT_EQ(d.conversion, 'd');
  EXPECT_EQ(d.flags.data(), std::string_view("%1$-+ #0'Id").data() + 3);
}

TEST(PrintfDirective, WidthAndPrecision) {
  std::string_view text = "%10.3f";
  printf_directive d = read(text);
  EXPECT_EQ(d.width.form, kind::digits);
  EXPECT_TRUE(d.has_precision);
  EXPECT_EQ(d.precision.form, kind::digits);
  EXPECT_EQ(d.end, text.size());
  d = read("%*.*f");
  EXPECT_EQ(d.width.form, kind::star);
  EXPECT_FALSE(d.width.number);
  EXPECT_EQ(d.precision.form, kind::star);
  EXPECT_FALSE(d.precision.number);
  d = read("%3$*1$.*2$f");
  EXPECT_EQ(d.number, 3U);
  EXPECT_EQ(d.width.number, 1U);
  EXPECT_EQ(d.precision.number, 2U);
  EXPECT_EQ(d.conversion, 'f');
  d = read("%.d");  // a `.` alone is a precision of zero
  EXPECT_TRUE(d.has_precision);
  EXPECT_EQ(d.precision.form, kind::none);
  EXPECT_EQ(d.conversion, 'd');
}

TEST(PrintfDirective, DigitsAfterAStarWithoutDollarAreNoWidth) {
  const printf_directive d = read("%*5d");
  EXPECT_EQ(d.width.form, kind::star);
  EXPECT_FALSE(d.width.number);
  EXPECT_EQ(d.problem, printf_problem::bad_conversion);
  EXPECT_EQ(d.conversion, '5');
  EXPECT_EQ(d.end, 2U);
}

TEST(PrintfDirective, Sizes) {
  for (const char* sizes : {"hh", "h", "l", "ll", "L", "q", "j", "z", "Z", "t", "lh", "hhh", "Ll"}) {
    const std::string text = std::string("%") + sizes + "d";
    const printf_directive d = read(text);
    EXPECT_EQ(d.problem, printf_problem::none) << text;
    EXPECT_EQ(d.sizes, sizes) << text;
    EXPECT_EQ(d.conversion, 'd') << text;
  }
}

TEST(PrintfDirective, Macro) {
  std::string_view text = "a %-08<PRIdLEAST64> b";
  printf_directive d = read(text);
  EXPECT_EQ(d.problem, printf_problem::none);
  EXPECT_EQ(d.conversion, '<');
  EXPECT_EQ(d.macro, "PRIdLEAST64");
  EXPECT_EQ(d.end, text.find(" b"));
  d = read("%l<PRId64>");  // read, with its size letter: msgfmt refuses it, the callers decide
  EXPECT_EQ(d.sizes, "l");
  EXPECT_EQ(d.macro, "PRId64");
  d = read("%<anything>");  // the name is checked by read_pri_macro
  EXPECT_EQ(d.problem, printf_problem::none);
  EXPECT_EQ(d.macro, "anything");
}

TEST(PrintfDirective, Malformed) {
  printf_directive d = read("50%");
  EXPECT_EQ(d.problem, printf_problem::ends_inside);
  EXPECT_EQ(d.conversion, '\0');
  EXPECT_EQ(d.end, 3U);
  for (const char* text : {"%1$", "%-", "%5", "%*", "%*1$", "%.", "%.*", "%ll"})
    EXPECT_EQ(read(text).problem, printf_problem::ends_inside) << text;
  d = read("%5y");
  EXPECT_EQ(d.problem, printf_problem::bad_conversion);
  EXPECT_EQ(d.conversion, 'y');
  EXPECT_EQ(d.end, 2U);
  EXPECT_EQ(read("%@").problem, printf_problem::bad_conversion);
  EXPECT_EQ(read("%{name}").problem, printf_problem::bad_conversion);
  EXPECT_EQ(read(std::string_view("%\0d", 3)).problem, printf_problem::bad_conversion);
  d = read("%<PRId64");
  EXPECT_EQ(d.problem, printf_problem::unclosed_macro);
  EXPECT_EQ(d.conversion, '<');
}

TEST(PrintfDirective, PriMacros) {
  std::optional<pri_macro> m = read_pri_macro("PRId64");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->conversion, 'd');
  EXPECT_EQ(m->kind, pri_macro::family::exact);
  EXPECT_EQ(m->bits, 64U);
  m = read_pri_macro("PRIXLEAST8");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->conversion, 'X');
  EXPECT_EQ(m->kind, pri_macro::family::least);
  EXPECT_EQ(m->bits, 8U);
  m = read_pri_macro("PRIuFAST16");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, pri_macro::family::fast);
  EXPECT_EQ(m->bits, 16U);
  EXPECT_EQ(read_pri_macro("PRIoMAX")->kind, pri_macro::family::max);
  EXPECT_EQ(read_pri_macro("PRIxPTR")->kind, pri_macro::family::ptr);
  for (const char* c : {"d", "i", "o", "u", "x", "X"})
    for (const char* w : {"8", "16", "32", "64", "LEAST32", "FAST64", "MAX", "PTR"})
      EXPECT_TRUE(read_pri_macro(std::string("PRI") + c + w)) << c << w;
  for (const char* no : {"", "PRI", "PRId", "PRId7", "PRIf64", "SCNd32", "PRIdLEAST", "PRIdLEASTMAX",
                         "PRIdFAST", "PRId640", "PRIMAX", "prid64", "I"})
    EXPECT_FALSE(read_pri_macro(no)) << no;
}

}  // namespace
}  // namespace erli18n
