// %{name} interpolation: the grammar (escapes, malformed placeholders), binding resolution
// (lenient, strict, first binding wins), value rendering of every kind, byte transparency,
// and the bounds (value, substitutions, output) with their UTF-8-safe cuts.
#include "erli18n/interpolate.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <locale>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace erli18n {
namespace {

// Lenient, and the appending form agrees with it.
std::string fill(std::string_view text, arg_list args) {
  result<std::string> r = interpolate(text, args);
  if (!r) {
    ADD_FAILURE() << "lenient interpolation failed: " << r.error().message;
    return "<error>";
  }
  std::string appended = "prefix:";
  EXPECT_TRUE(interpolate_to(appended, text, args));
  EXPECT_EQ(appended, "prefix:" + *r);
  return *r;
}

// Strict; the error message when it fails.
std::string fill_strict(std::string_view text, arg_list args) {
  result<std::string> r = interpolate(text, args, interpolation_mode::strict);
  if (!r) {
    EXPECT_EQ(r.error().code, errc::not_found);
    return "error: " + r.error().message;
  }
  return *r;
}

std::string render(arg_value v) { return fill("%{v}", {{"v", v}}); }

// ---- grammar ----

TEST(Interpolate, TextWithoutPlaceholdersIsUnchanged) {
  EXPECT_EQ(fill("", {}), "");
  EXPECT_EQ(fill("plain text", {}), "plain text");
  EXPECT_EQ(fill("plain text", {{"x", 1}}), "plain text");
  EXPECT_EQ(fill("{x} $x ${x} {{x}}", {{"x", 1}}), "{x} $x ${x} {{x}}");
}

TEST(Interpolate, PlaceholdersAreReplacedByName) {
  EXPECT_EQ(fill("Hello, %{name}!", {{"name", "Ada"}}), "Hello, Ada!");
  EXPECT_EQ(fill("%{a}%{b}%{a}", {{"a", "1"}, {"b", "2"}}), "121");  // adjacent and repeated
  EXPECT_EQ(fill("%{b} before %{a}", {{"a", "A"}, {"b", "B"}}), "B before A");
  EXPECT_EQ(fill("%{_}%{_x9}%{X_Y}", {{"_", 1}, {"_x9", 2}, {"X_Y", 3}}), "123");
  EXPECT_EQ(fill("%{Name} %{name}", {{"name", "lower"}}), "%{Name} lower");  // names are case-sensitive
}

TEST(Interpolate, DoublePercentIsALiteralPercent) {
  EXPECT_EQ(fill("%%", {}), "%");
  EXPECT_EQ(fill("100%% sure", {}), "100% sure");
  EXPECT_EQ(fill("%%%%", {}), "%%");
  EXPECT_EQ(fill("%%{x}", {{"x", "X"}}), "%{x}");
  EXPECT_EQ(fill("%%%{x}", {{"x", "X"}}), "%X");
  EXPECT_EQ(fill("%%%%{x}", {{"x", "X"}}), "%%{x}");
  EXPECT_EQ(fill("%{x}%%", {{"x", 50}}), "50%");
}

TEST(Interpolate, LonePercentIsLiteral) {
  EXPECT_EQ(fill("%", {}), "%");
  EXPECT_EQ(fill("50%", {}), "50%");
  EXPECT_EQ(fill("%d files, %s", {}), "%d files, %s");
  EXPECT_EQ(fill("% {x}", {{"x", 1}}), "% {x}");
  EXPECT_EQ(fill("%%%", {}), "%%");
}

TEST(Interpolate, MalformedPlaceholdersAreLiteralText) {
  const arg x{"x", "X"};
  EXPECT_EQ(fill("%{}", {x}), "%{}");
  EXPECT_EQ(fill("%{1x}", {x, {"1x", "no"}}), "%{1x}");  // leading digit: never a name
  EXPECT_EQ(fill("%{x", {x}), "%{x");                    // unterminated
  EXPECT_EQ(fill("%{", {x}), "%{");
  EXPECT_EQ(fill("a %{x b", {x}), "a %{x b");
  EXPECT_EQ(fill("%{x y}", {x}), "%{x y}");
  EXPECT_EQ(fill("%{ x}", {x}), "%{ x}");
  EXPECT_EQ(fill("%{x-y}", {x, {"x-y", "no"}}), "%{x-y}");
  EXPECT_EQ(fill("%{x.y}", {x}), "%{x.y}");
  EXPECT_EQ(fill("%{\xC3\xA9}", {{"\xC3\xA9", "no"}}), "%{\xC3\xA9}");  // names are ASCII
  EXPECT_EQ(fill("%{x\xC3\xA9}", {x}), "%{x\xC3\xA9}");
  EXPECT_EQ(fill(std::string_view("%{x\0}", 5), {x}), std::string("%{x\0}", 5));
  // Scanning resumes right after "%{": what follows is read again, and may hold a placeholder.
  EXPECT_EQ(fill("%{%{x}}", {x}), "%{X}");
  EXPECT_EQ(fill("%{1%{x}", {x}), "%{1X");
  EXPECT_EQ(fill("%{x%{x}", {x}), "%{xX");
  EXPECT_EQ(fill("%{%%}", {x}), "%{%}");
}

TEST(Interpolate, NamesUpToTheLimitAreAccepted) {
  const std::string longest(max_placeholder_name, 'n');
  const std::string too_long(max_placeholder_name + 1, 'n');
  EXPECT_EQ(fill("<%{" + longest + "}>", {{longest, "v"}}), "<v>");
  EXPECT_EQ(fill("<%{" + too_long + "}>", {{too_long, "v"}}), "<%{" + too_long + "}>");
  EXPECT_EQ(fill_strict("<%{" + too_long + "}>", {}), "<%{" + too_long + "}>");
}

TEST(Interpolate, OutputIsNeverRescanned) {
  EXPECT_EQ(fill("%{a}", {{"a", "%{b}"}, {"b", "B"}}), "%{b}");
  EXPECT_EQ(fill("%{a}", {{"a", "100%%"}}), "100%%");
  EXPECT_EQ(fill("%{a}{b}", {{"a", "%"}, {"b", "B"}}), "%{b}");
  EXPECT_EQ(fill("%{a}%{b}", {{"a", "%"}, {"b", "{b}"}}), "%{b}");
}

// ---- binding resolution ----

TEST(Interpolate, LenientLeavesUnboundPlaceholdersAsWritten) {
  EXPECT_EQ(fill("Hi %{name}, %{count}", {{"count", 2}}), "Hi %{name}, 2");
  EXPECT_EQ(fill("%{a}%{b}", {}), "%{a}%{b}");
}

TEST(Interpolate, StrictNamesTheFirstUnboundPlaceholder) {
  EXPECT_EQ(fill_strict("Hi %{name}", {}), "error: missing binding 'name'");
  EXPECT_EQ(fill_strict("%{a} %{b} %{c}", {{"a", 1}}), "error: missing binding 'b'");
  EXPECT_EQ(fill_strict("Hi %{name}", {{"name", "Ada"}}), "Hi Ada");
  // Only placeholders count: escapes and malformed references are text.
  EXPECT_EQ(fill_strict("%%{x} %{} %{1x} %{x %", {}), "%{x} %{} %{1x} %{x %");
  const std::string longest(max_placeholder_name, 'q');
  EXPECT_EQ(fill_strict("%{" + longest + "}", {}), "error: missing binding '" + longest + "'");
}

TEST(Interpolate, StrictFailureLeavesTheOutputAsItWas) {
  std::string out = "kept";
  result<void> r =
      interpolate_to(out, "partial %{a} then %{missing}", {{"a", "A"}}, interpolation_mode::strict);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::not_found);
  EXPECT_EQ(r.error().message, "missing binding 'missing'");
  EXPECT_EQ(r.error().to_string(), "error: missing binding 'missing'");
  EXPECT_EQ(out, "kept");
}

TEST(Interpolate, FirstBindingOfANameWins) {
  EXPECT_EQ(fill("%{x}", {{"x", "first"}, {"x", "second"}}), "first");
  EXPECT_EQ(fill("%{x}", {{"x", 1}, {"x", "second"}}), "1");
}

TEST(Interpolate, BindingsFromArraysAndVectors) {
  const arg array[] = {{"a", "A"}, {"b", 2}};
  EXPECT_EQ(fill("%{a}%{b}", array), "A2");
  std::vector<arg> vec;
  vec.push_back({"a", "vector"});
  vec.push_back({"n", 7u});
  EXPECT_EQ(fill("%{a} %{n}", {vec.data(), vec.size()}), "vector 7");
  EXPECT_EQ(fill("%{a}", {vec.data(), 0}), "%{a}");
  const arg_list list(array);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_FALSE(list.empty());
  EXPECT_TRUE(arg_list().empty());
}

// ---- values ----

TEST(InterpolateValues, Strings) {
  const std::string owned = "owned";
  const std::string_view view = "view";
  const char* const null_text = nullptr;
  EXPECT_EQ(fill("%{a} %{b} %{c} %{d}|", {{"a", "literal"}, {"b", owned}, {"c", view}, {"d", ""}}),
            "literal owned view |");
  EXPECT_EQ(render(null_text), "");
  EXPECT_EQ(render(std::string_view("a\0b", 3)), std::string("a\0b", 3));
  EXPECT_EQ(render(arg_value("x")).size(), 1u);
  EXPECT_EQ(arg_value(owned).type(), arg_value::kind::string);
  EXPECT_EQ(arg_value(owned).as_string().data(), owned.data());  // a view, not a copy
}

TEST(InterpolateValues, Integers) {
  EXPECT_EQ(render(0), "0");
  EXPECT_EQ(render(42), "42");
  EXPECT_EQ(render(-42), "-42");
  EXPECT_EQ(render(std::numeric_limits<long long>::min()), "-9223372036854775808");
  EXPECT_EQ(render(std::numeric_limits<long long>::max()), "9223372036854775807");
  EXPECT_EQ(render(std::numeric_limits<unsigned long long>::max()), "18446744073709551615");
  EXPECT_EQ(render(std::numeric_limits<unsigned long>::max()), "18446744073709551615");
  EXPECT_EQ(render(static_cast<short>(-7)), "-7");
  EXPECT_EQ(render(static_cast<std::uint8_t>(200)), "200");  // a number, not a character
  EXPECT_EQ(render(static_cast<std::int8_t>(-5)), "-5");
  EXPECT_EQ(render(std::size_t{3}), "3");
  EXPECT_EQ(arg_value(-1).type(), arg_value::kind::signed_integer);
  EXPECT_EQ(arg_value(1u).type(), arg_value::kind::unsigned_integer);
}

TEST(InterpolateValues, Booleans) {
  EXPECT_EQ(render(true), "true");
  EXPECT_EQ(render(false), "false");
  EXPECT_EQ(arg_value(true).type(), arg_value::kind::boolean);
}

TEST(InterpolateValues, DoublesAreShortestRoundTrip) {
  EXPECT_EQ(render(0.1), "0.1");
  EXPECT_EQ(render(3.5), "3.5");
  EXPECT_EQ(render(100.0), "100.0");
  EXPECT_EQ(render(0.0), "0.0");
  EXPECT_EQ(render(-0.0), "-0.0");
  EXPECT_EQ(render(-2.25), "-2.25");
  EXPECT_EQ(render(1e300), "1.0e300");
  EXPECT_EQ(render(1.5e-10), "1.5e-10");
  EXPECT_EQ(render(1e-7), "1.0e-7");
  EXPECT_EQ(render(1e21), "1.0e21");
  EXPECT_EQ(render(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(render(123456.789), "123456.789");
  EXPECT_EQ(render(DBL_MAX), "1.7976931348623157e308");
  EXPECT_EQ(render(-DBL_MAX), "-1.7976931348623157e308");
  EXPECT_EQ(render(DBL_TRUE_MIN), "5.0e-324");
  EXPECT_EQ(render(0.1f), "0.10000000149011612");  // float widened to double
  EXPECT_EQ(arg_value(2.0f).type(), arg_value::kind::floating);
}

TEST(InterpolateValues, DoublesReadBackExactly) {
  const double samples[] = {0.1,           1.0 / 3,
                            2.0 / 3,       1e23,
                            5e-324,        9007199254740993.0,
                            6.02214076e23, -1e-300,
                            4.35,          1234567890123456789.0};
  for (double d : samples) {
    const std::string text = render(d);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), d) << text;
    EXPECT_NE(text.find_first_of(".e"), std::string::npos) << text;
  }
}

TEST(InterpolateValues, NonFiniteDoubles) {
  EXPECT_EQ(render(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(render(-std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(render(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(render(-std::numeric_limits<double>::infinity()), "-inf");
}

struct comma_decimal : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

TEST(InterpolateValues, RenderingIgnoresTheGlobalLocale) {
  const std::locale saved = std::locale::global(std::locale(std::locale::classic(), new comma_decimal));
  const std::string d = render(1234.5);
  const std::string i = render(1234567);
  std::locale::global(saved);
  EXPECT_EQ(d, "1234.5");
  EXPECT_EQ(i, "1234567");
}

// What a call site may and may not bind.
static_assert(std::is_convertible_v<const char*, arg_value>);
static_assert(std::is_convertible_v<std::string&, arg_value>);
static_assert(std::is_convertible_v<const std::string&, arg_value>);
// A temporary string is refused: a binding kept past its statement would view freed memory.
static_assert(!std::is_convertible_v<std::string, arg_value>);
static_assert(!std::is_constructible_v<arg_value, std::string&&>);
static_assert(std::is_convertible_v<std::string_view, arg_value>);
static_assert(std::is_convertible_v<int, arg_value>);
static_assert(std::is_convertible_v<unsigned long long, arg_value>);
static_assert(std::is_convertible_v<std::uint8_t, arg_value>);
static_assert(std::is_convertible_v<double, arg_value>);
static_assert(std::is_convertible_v<bool, arg_value>);
static_assert(!std::is_constructible_v<arg_value, char>);
static_assert(!std::is_constructible_v<arg_value, char32_t>);
static_assert(!std::is_constructible_v<arg_value, std::nullptr_t>);
static_assert(!std::is_constructible_v<arg_value, const int*>);
static_assert(!std::is_constructible_v<arg_value, std::vector<int>>);
static_assert(std::is_trivially_copyable_v<arg_value> && std::is_trivially_destructible_v<arg>);
static_assert(sizeof(arg_value) <= 3 * sizeof(void*));
// Built at compile time: no heap, no constructor code.
constexpr arg compile_time[] = {{"name", "Ada"}, {"count", 3}, {"ratio", 0.5}, {"ok", true}};
static_assert(compile_time[1].value.as_signed() == 3 && compile_time[0].value.as_string() == "Ada");

// ---- bytes ----

TEST(Interpolate, InvalidUtf8PassesThroughUnchanged) {
  const std::string bad_text = "\xFF\xFE %{v} \xC3 \x80\xE2\x82";
  const std::string bad_value = "\xC0\xAF\xED\xA0\x80";
  EXPECT_EQ(fill(bad_text, {{"v", bad_value}}), "\xFF\xFE " + bad_value + " \xC3 \x80\xE2\x82");
  EXPECT_EQ(fill("caf\xC3\xA9 %{v} \xF0\x9F\x98\x80", {{"v", "\xE2\x82\xAC"}}),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  EXPECT_EQ(fill("%\xFF%{\xFF}", {}), "%\xFF%{\xFF}");
}

// ---- bounds ----

TEST(InterpolateBounds, LongStringValuesAreCutAtACodepointBoundary) {
  const std::string exact(max_interpolated_value, 'a');
  EXPECT_EQ(render(exact), exact);
  const std::string longer = exact + "b";  // named: a temporary string is no arg_value
  EXPECT_EQ(render(longer), exact);
  // 'a' then two-byte sequences: the cut at 8192 would split one, so it backs off a byte.
  std::string utf8 = "a";
  while (utf8.size() < max_interpolated_value + 10) utf8 += "\xC3\xA9";
  const std::string cut = render(utf8);
  EXPECT_EQ(cut.size(), max_interpolated_value - 1);
  EXPECT_EQ(cut, utf8.substr(0, max_interpolated_value - 1));
  // Four-byte sequences: at most three bytes are given back.
  std::string emoji = "ab";
  while (emoji.size() < max_interpolated_value + 10) emoji += "\xF0\x9F\x98\x80";
  EXPECT_EQ(render(emoji).size(), max_interpolated_value - 2);
  // Continuation bytes only (invalid): the back-off stops after three.
  const std::string continuations(max_interpolated_value + 5, '\x80');
  EXPECT_EQ(render(continuations).size(), max_interpolated_value - 3);
  // Numbers are short, but never cut.
  EXPECT_EQ(render(std::numeric_limits<long long>::min()).size(), 20u);
}

TEST(InterpolateBounds, AtMostMaxSubstitutionsPerCall) {
  std::string text;
  for (std::size_t i = 0; i < max_substitutions + 2; ++i) text += "%{x}%{nobody}";
  const std::string out = fill(text, {{"x", "V"}});
  std::string expected;
  for (std::size_t i = 0; i < max_substitutions; ++i) expected += "V%{nobody}";
  expected += "%{x}%{nobody}%{x}%{nobody}";
  EXPECT_EQ(out, expected);  // unbound placeholders did not use up the budget
}

TEST(InterpolateBounds, OutputIsCappedAndTheRestDropped) {
  const std::string big(max_interpolated_output + 100, 'a');
  EXPECT_EQ(fill(big, {}).size(), max_interpolated_output);
  EXPECT_EQ(fill(big.substr(0, max_interpolated_output), {}).size(), max_interpolated_output);
  // The value that overflows is cut; nothing after it is scanned.
  const std::string value(max_interpolated_value, 'v');
  std::string text;
  for (int i = 0; i < 10; ++i) text += "%{v}";
  text += "%{missing}";
  const std::string out = fill(text, {{"v", value}});
  EXPECT_EQ(out, std::string(max_interpolated_output, 'v'));
  EXPECT_EQ(fill_strict(text, {{"v", value}}), std::string(max_interpolated_output, 'v'));
  // A cut in the text itself backs off to a codepoint boundary too.
  const std::string text_utf8 = std::string(max_interpolated_output - 1, 'a') + "\xC3\xA9" + "tail";
  EXPECT_EQ(fill(text_utf8, {}), std::string(max_interpolated_output - 1, 'a'));
  // Cut in the literal text just before a placeholder: the placeholder is dropped unchecked,
  // so a strict call does not report it (fuzz_interpolate's finding).
  const std::string literal_then_missing = big + "%{missing}";
  EXPECT_EQ(fill_strict(literal_then_missing, {}), std::string(max_interpolated_output, 'a'));
}

TEST(InterpolateBounds, TheCapCountsOnlyWhatOneCallAppends) {
  std::string out(100000, 'p');
  ASSERT_TRUE(interpolate_to(out, std::string(max_interpolated_output + 1, 'a'), {}));
  EXPECT_EQ(out.size(), 100000 + max_interpolated_output);
}

// Inputs that make a naive scanner quadratic (re-reading names, or searching the rest of the
// text for a '}' from every "%{"). Megabytes of them finish at once; the bounded output
// tells what each was read as.
TEST(InterpolateBounds, HugeHostileInputsAreBounded) {
  const std::size_t mb = 1 << 20;
  std::string opens;
  while (opens.size() < mb) opens += "%{";
  EXPECT_EQ(fill(opens, {}), opens.substr(0, max_interpolated_output));
  EXPECT_EQ(fill_strict(opens, {}), opens.substr(0, max_interpolated_output));

  const std::string percents(mb, '%');
  EXPECT_EQ(fill(percents, {}), std::string(max_interpolated_output, '%'));

  const std::string long_name = "%{" + std::string(mb, 'a');  // never closed
  EXPECT_EQ(fill(long_name, {}), long_name.substr(0, max_interpolated_output));

  std::string names;
  while (names.size() < mb) names += "%{" + std::string(200, 'n');
  EXPECT_EQ(fill(names, {}), names.substr(0, max_interpolated_output));

  std::string unbound;
  while (unbound.size() < mb) unbound += "%{x}";
  EXPECT_EQ(fill(unbound, {{"y", 1}}), unbound.substr(0, max_interpolated_output));
  EXPECT_EQ(fill_strict(unbound, {{"y", 1}}), "error: missing binding 'x'");

  std::string bound;
  while (bound.size() < mb) bound += "%{x}";
  const std::string out = fill(bound, {{"x", "yz"}});
  ASSERT_EQ(out.size(), max_interpolated_output);
  EXPECT_EQ(out.substr(0, 2 * max_substitutions), [] {
    std::string s;
    for (std::size_t i = 0; i < max_substitutions; ++i) s += "yz";
    return s;
  }());
  EXPECT_EQ(out.substr(2 * max_substitutions, 8), "%{x}%{x}");
}

}  // namespace
}  // namespace erli18n
