#include "erli18n/cldr_plurals.h"

#include <gtest/gtest.h>

#include <climits>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "erli18n/locale_name.h"
#include "erli18n/plural.h"

namespace erli18n {
namespace {

plural_rule compile(std::string_view forms) {
  result<plural_rule> rule = plural_rule::parse(forms);
  EXPECT_TRUE(rule) << forms << ": " << rule.error().message;
  return rule ? *rule : plural_rule{};
}

plural_rule cldr(std::string_view locale) {
  std::optional<std::string_view> forms = cldr_plural_forms(locale);
  EXPECT_TRUE(forms) << locale;
  return forms ? compile(*forms) : plural_rule{};
}

std::size_t count_words(std::string_view s) {
  std::istringstream in{std::string(s)};
  std::size_t n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

using forms_at = std::initializer_list<std::pair<unsigned long, unsigned long>>;  // {n, form}

void expect_forms(std::string_view locale, forms_at expected) {
  const plural_rule rule = cldr(locale);
  for (const auto& [n, form] : expected) EXPECT_EQ(rule.form(n), form) << locale << " n=" << n;
}

// Every field of `got` against `want`.
void expect_comparison(const plural_comparison& got, const plural_comparison& want) {
  EXPECT_EQ(got.same, want.same);
  EXPECT_EQ(got.nplurals_a, want.nplurals_a);
  EXPECT_EQ(got.nplurals_b, want.nplurals_b);
  EXPECT_EQ(got.forms_differ, want.forms_differ);
  if (!want.forms_differ) return;
  EXPECT_EQ(got.n, want.n);
  EXPECT_EQ(got.form_a, want.form_a);
  EXPECT_EQ(got.form_b, want.form_b);
}

// What compare_plural_rules returns for rules that first differ at n (forms, nplurals: of a
// and b), for rules whose forms agree, and for those that agree throughout.
plural_comparison differ_at(unsigned long n, unsigned long form_a, unsigned long form_b,
                            unsigned long nplurals_a, unsigned long nplurals_b) {
  return {false, nplurals_a, nplurals_b, true, n, form_a, form_b};
}
plural_comparison only_nplurals_differ(unsigned long nplurals_a, unsigned long nplurals_b) {
  return {false, nplurals_a, nplurals_b, false, 0, 0, 0};
}
plural_comparison same(unsigned long nplurals) { return {true, nplurals, nplurals, false, 0, 0, 0}; }

TEST(CldrPlurals, Version) { EXPECT_EQ(cldr_version(), "41"); }

TEST(CldrPlurals, EveryEntryCompilesWithOneFormPerIntegerCategory) {
  const cldr_plural_table table = cldr_plural_entries();
  EXPECT_EQ(table.size(), 212u);  // CLDR 41 lists 218 names: minus root and 5 withdrawn codes
  std::string_view previous;
  for (const cldr_plural_entry& e : table) {
    SCOPED_TRACE(std::string(e.locale));
    EXPECT_LT(previous, e.locale);  // sorted, unique
    previous = e.locale;
    result<std::string> key = canonical_locale(e.locale);
    ASSERT_TRUE(key);
    EXPECT_EQ(*key, e.locale);
    EXPECT_EQ(e.plural_forms.data()[e.plural_forms.size()], '\0');
    result<plural_rule> rule = plural_rule::parse(e.plural_forms);
    ASSERT_TRUE(rule) << e.plural_forms << ": " << rule.error().message;
    EXPECT_EQ(rule->nplurals(), e.nplurals);
    // One form per CLDR category that applies to integers, in CLDR's order, `other` last
    // when it applies to integers.
    EXPECT_EQ(count_words(e.categories), e.nplurals);
    EXPECT_EQ(find_cldr_plural(e.locale), &e);
  }
}

TEST(CldrPlurals, Lookup) {
  // {name as given, the entry found ("" for none)}
  const std::pair<std::string, std::string_view> cases[] = {
      {"pt_BR", "pt"},
      {"PT-br", "pt"},
      {"pt_BR.UTF-8", "pt"},
      {"pt_PT", "pt_PT"},
      {"pt-pt", "pt_PT"},
      {"de_AT", "de"},
      {"de", "de"},
      {"sr_RS@latin", "sr"},
      {"zh-Hant-TW", "zh"},
      {"iw_IL", "he"},  // a withdrawn code, canonicalized
      {"qq", ""},
      {"qq_PT", ""},
      {"C", ""},
      {"root", ""},
      {"", ""},
      {"../pt", ""},
      {std::string(200, 'a'), ""},
  };
  for (const auto& [name, want] : cases) {
    const cldr_plural_entry* e = find_cldr_plural(name);
    EXPECT_EQ(e ? e->locale : std::string_view(), want) << name;
  }
  EXPECT_FALSE(cldr_plural_forms("qq"));
  EXPECT_EQ(cldr_plural_forms("de_AT"), "nplurals=2; plural=(n != 1);");
  EXPECT_EQ(cldr_plural_forms("ja"), "nplurals=1; plural=0;");
}

TEST(CldrPlurals, SpotChecks) {
  EXPECT_EQ(cldr("ru").nplurals(), 3u);
  expect_forms("ru", {{1, 0}, {2, 1}, {5, 2}, {11, 2}, {21, 0}, {112, 2}});
  EXPECT_EQ(find_cldr_plural("ru")->categories, "one few many");  // `other` is for decimals

  EXPECT_EQ(cldr("ar").nplurals(), 6u);
  expect_forms(
      "ar",
      {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {10, 3}, {11, 4}, {99, 4}, {100, 5}, {102, 5}, {103, 3}, {111, 4}});

  const plural_rule ja = cldr("ja");
  EXPECT_EQ(ja.nplurals(), 1u);
  for (unsigned long n : {0ul, 1ul, 2ul, 1000000ul, ULONG_MAX}) EXPECT_EQ(ja.form(n), 0u);

  EXPECT_EQ(find_cldr_plural("cs")->nplurals, 3u);  // CLDR's `many` is for decimals only
  EXPECT_TRUE(
      compare_plural_rules(cldr("cs"), compile("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"))
          .same);
}

// Two-form rules whose `one` condition is an `or`: gettext 0.21's converter prints them
// un-negated; the generator repairs them.
TEST(CldrPlurals, RepairedTwoFormRules) {
  for (const char* locale : {"hi", "am", "bn", "fa", "zu"}) {
    const plural_rule r = cldr(locale);
    EXPECT_EQ(r.form(0), 0u) << locale;
    EXPECT_EQ(r.form(1), 0u) << locale;
    EXPECT_EQ(r.form(2), 1u) << locale;
    EXPECT_EQ(r.form(100), 1u) << locale;
  }
  expect_forms("is", {{1, 0}, {11, 1}, {21, 0}, {111, 1}, {0, 1}});
  expect_forms("mk", {{1, 0}, {11, 1}, {21, 0}, {2, 1}});
  expect_forms("fil", {{1, 0}, {4, 1}, {5, 0}, {14, 1}, {16, 1}, {20, 0}});
  expect_forms("tzm", {{0, 0}, {1, 0}, {2, 1}, {11, 0}, {99, 0}, {100, 1}});
}

TEST(CldrPlurals, FrenchGainedManyInCldr38) {
  const plural_rule fr = cldr("fr");
  EXPECT_EQ(fr.nplurals(), 3u);
  EXPECT_EQ(find_cldr_plural("fr")->categories, "one many other");
  EXPECT_EQ(fr.form(0), 0u);
  EXPECT_EQ(fr.form(1), 0u);
  EXPECT_EQ(fr.form(2), 2u);
  EXPECT_EQ(fr.form(999999), 2u);
  EXPECT_EQ(fr.form(1000000), 1u);
  EXPECT_EQ(fr.form(1000001), 2u);
  EXPECT_EQ(fr.form(2000000), 1u);

  // Against gettext's traditional rule, form by form: form 1 means `many` to CLDR but
  // `other` to the traditional rule, so they part at n = 2 already.
  expect_comparison(compare_plural_rules(fr, compile("nplurals=2; plural=(n > 1);")),
                    differ_at(2, 2, 1, 3, 2));

  // A three-form header without the `many` case: the first difference is n = 10^6.
  expect_comparison(compare_plural_rules(fr, compile("nplurals=3; plural=n > 1 ? 2 : 0;")),
                    differ_at(1000000, 1, 2, 3, 3));
}

TEST(CldrPlurals, GermanAgreesWithGettext) {
  expect_comparison(compare_plural_rules(cldr("de"), compile("nplurals=2; plural=n != 1;")), same(2));
  EXPECT_TRUE(compare_plural_rules(cldr("de_AT"), plural_rule{}).same);
}

TEST(CldrPlurals, PortugueseAndEuropeanPortugueseDifferAtZero) {
  // Form 0 is `one` in both, form 2 `other`.
  expect_comparison(compare_plural_rules(cldr("pt"), cldr("pt_PT")), differ_at(0, 0, 2, 3, 3));
  EXPECT_TRUE(compare_plural_rules(cldr("pt_BR"), cldr("pt")).same);
}

// Every CLDR rule that uses the exponent operand, evaluated by hand from plurals.xml with
// i = n, v = 0 and e = c = 0, against the generated expression.
TEST(CldrPlurals, ExponentRulesMatchAHandEvaluationAtEZero) {
  const unsigned long e = 0;
  // many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 (fr, es, it, pt, pt_PT)
  auto many = [e](unsigned long i) { return (e == 0 && i != 0 && i % 1000000 == 0) || e > 5; };
  const std::map<std::string, std::function<unsigned long(unsigned long)>> by_hand = {
      {"fr", [&](unsigned long i) { return i == 0 || i == 1 ? 0ul
                                           : many(i)        ? 1ul
                                                            : 2ul; }},  // one: i = 0,1
      {"pt", [&](unsigned long i) { return i <= 1    ? 0ul
                                           : many(i) ? 1ul
                                                     : 2ul; }},  // one: i = 0..1
      {"it", [&](unsigned long i) { return i == 1    ? 0ul
                                           : many(i) ? 1ul
                                                     : 2ul; }},  // one: i = 1 and v = 0
      {"pt_PT", [&](unsigned long i) { return i == 1    ? 0ul
                                              : many(i) ? 1ul
                                                        : 2ul; }},
      {"es", [&](unsigned long i) { return i == 1    ? 0ul
                                           : many(i) ? 1ul
                                                     : 2ul; }},  // one: n = 1
  };

  // The generated table names each rule it converted with e = 0; the list above must cover
  // exactly those.
  std::ifstream in(std::string(ERLI18N_TEST_DATA) + "/../../src/formats/cldr_plurals_table.inc");
  ASSERT_TRUE(in);
  std::set<std::string> rewritten;
  // A note reads `// LOCALE CATEGORY: 'RULE' -> 'REWRITTEN'`; those whose RULE relates the
  // operand e or c are the e = 0 conversions. (Plain string scanning: GCC 12 warns inside
  // <regex> at -O1, which the ASan build treats as an error.)
  auto uses_exponent = [](std::string_view rule) {
    for (std::string_view op : {"e = ", "e != ", "e % ", "c = ", "c != ", "c % "})
      for (std::size_t at = rule.find(op); at != std::string_view::npos; at = rule.find(op, at + 1))
        if (at == 0 || rule[at - 1] == ' ') return true;
    return false;
  };
  for (std::string line; std::getline(in, line);) {
    const std::size_t quote = line.find('\'');
    const std::size_t arrow = line.find("' -> '");
    if (line.rfind("// ", 0) != 0 || quote == std::string::npos || arrow == std::string::npos ||
        arrow < quote)
      continue;
    if (uses_exponent(std::string_view(line).substr(quote + 1, arrow - quote - 1)))
      rewritten.insert(line.substr(3, line.find(' ', 3) - 3));
  }
  std::set<std::string> covered;
  for (const auto& [locale, rule] : by_hand) covered.insert(locale);
  EXPECT_EQ(rewritten, covered);

  for (const auto& [locale, rule] : by_hand) {
    const plural_rule generated = cldr(locale);
    EXPECT_EQ(generated.nplurals(), 3u) << locale;
    for (unsigned long n : {0ul, 1ul, 2ul, 5ul, 11ul, 100ul, 999999ul, 1000000ul, 1000001ul, 1500000ul,
                            2000000ul, 10000000ul, 1000000000000ul, 18446744073709000000ul, ULONG_MAX})
      EXPECT_EQ(generated.form(n), rule(n)) << locale << " n=" << n;
  }
}

TEST(ComparePluralRules, IsNoexcept) {
  static_assert(
      noexcept(compare_plural_rules(std::declval<const plural_rule&>(), std::declval<const plural_rule&>())));
}

TEST(ComparePluralRules, IdenticalText) {
  const plural_rule a = compile("nplurals=3; plural=n%3;");
  expect_comparison(compare_plural_rules(a, a), same(3));
}

TEST(ComparePluralRules, SameBehaviourDifferentText) {
  EXPECT_TRUE(
      compare_plural_rules(compile("nplurals=2; plural=n != 1;"), compile("nplurals=2; plural=((n!=1));"))
          .same);
  EXPECT_TRUE(compare_plural_rules(compile("nplurals=2; plural=n > 1;"),
                                   compile("nplurals=2; plural=n >= 2 ? 1 : 0;"))
                  .same);
  // Values out of range select form 0 in both.
  EXPECT_TRUE(compare_plural_rules(compile("nplurals=2; plural=n == 1 ? 0 : 1;"),
                                   compile("nplurals=2; plural=n != 1 ? 7 - 6 : 5;"))
                  .same);
}

TEST(ComparePluralRules, Differ) {
  expect_comparison(
      compare_plural_rules(compile("nplurals=2; plural=n != 1;"), compile("nplurals=2; plural=n > 1;")),
      differ_at(0, 1, 0, 2, 2));
}

TEST(ComparePluralRules, DifferingNpluralsOnly) {
  expect_comparison(
      compare_plural_rules(compile("nplurals=3; plural=n != 1;"), compile("nplurals=2; plural=n != 1;")),
      only_nplurals_differ(3, 2));
}

TEST(ComparePluralRules, DifferencesFarAboveTheDenseRange) {
  const plural_rule zero = compile("nplurals=2; plural=0;");
  auto first_difference = [&](std::string_view forms) {
    const plural_comparison c = compare_plural_rules(compile(forms), zero);
    EXPECT_TRUE(c.forms_differ) << forms;
    return c.n;
  };
  EXPECT_EQ(first_difference("nplurals=2; plural=n == 10001;"), 10001u);
  EXPECT_EQ(first_difference("nplurals=2; plural=n > 10000000 && n%1000000 == 1;"), 10000001u);
  EXPECT_EQ(first_difference("nplurals=2; plural=n >= 4294967296;"), 4294967296u);
  EXPECT_EQ(first_difference("nplurals=2; plural=n == 18446744073709551615;"), ULONG_MAX);
  EXPECT_EQ(first_difference("nplurals=2; plural=n > 18446744073709551614;"), ULONG_MAX);
}

}  // namespace
}  // namespace erli18n
