// compare_plural_rules: the cost of one behavioural comparison of a catalog's Plural-Forms
// with CLDR's rule, which a catalog load pays once.
//
// The cases that agree are the expensive ones (every n tried is evaluated for both rules);
// a difference stops at the first n that differs. German's rule runs as native code
// (plural_known.h); Breton's five-form rule runs on the evaluator's program loop.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "erli18n/cldr_plurals.h"
#include "erli18n/plural.h"

namespace {

erli18n::plural_rule compile(std::string_view forms) {
  erli18n::result<erli18n::plural_rule> rule = erli18n::plural_rule::parse(forms);
  if (!rule) {
    std::cerr << "plural_compare_bench: " << forms << ": " << rule.error().message << '\n';
    std::exit(2);
  }
  return *rule;
}

erli18n::plural_rule cldr(std::string_view locale) { return compile(*erli18n::cldr_plural_forms(locale)); }

void compare(benchmark::State& state, const erli18n::plural_rule& a, const erli18n::plural_rule& b) {
  for (auto _ : state) {
    erli18n::plural_comparison c = erli18n::compare_plural_rules(a, b);
    benchmark::DoNotOptimize(c);
  }
}

}  // namespace

int main(int argc, char** argv) {
  // The cases keep references to these, alive until exit.
  static const erli18n::plural_rule de = cldr("de"), gettext_de = compile("nplurals=2; plural=n != 1;");
  static const erli18n::plural_rule ru = cldr("ru"),
                                    gettext_ru = compile(
                                        "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                                        "(n%100<12 || n%100>14) ? 1 : 2;");
  static const erli18n::plural_rule br = cldr("br"), br_parenthesized = compile("nplurals=5; plural=(" +
                                                                                br.expression() + ");");
  static const erli18n::plural_rule fr = cldr("fr"), gettext_fr = compile("nplurals=2; plural=(n > 1);"),
                                    fr_without_many = compile("nplurals=3; plural=n > 1 ? 2 : 0;");

  benchmark::RegisterBenchmark("same/identical_text", compare, de, de);
  benchmark::RegisterBenchmark("same/de_cldr_vs_gettext", compare, de, gettext_de);
  benchmark::RegisterBenchmark("same/ru_cldr_vs_gettext", compare, ru, gettext_ru);
  benchmark::RegisterBenchmark("same/br_cldr_vs_parenthesized", compare, br, br_parenthesized);
  benchmark::RegisterBenchmark("differ_at_2/fr_cldr_vs_gettext", compare, fr, gettext_fr);
  benchmark::RegisterBenchmark("differ_at_1e6/fr_cldr_vs_no_many", compare, fr, fr_without_many);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
