// Best-fit locale matching for one request: a browser's Accept-Language (3 to 5 languages)
// against 50 available locales, by erli18n's prepared matcher (what the HTTP negotiator uses),
// by find_locale without preparation, by RFC 4647 lookup, and by ICU's LocaleMatcher (the
// oracle of the parity test) on the same inputs. Target (issue 23): at most 1 µs a request.
#include <benchmark/benchmark.h>
#include <unicode/localematcher.h>

#include <string>
#include <vector>

#include "erli18n/negotiate.h"

namespace {

const std::vector<std::string> available = {
    "en",      "zh_Hans", "zh_Hant", "es", "es_419", "pt_BR", "pt_PT", "nb", "nn", "fr", "fr_CA", "de", "it",
    "ja",      "ko",      "ru",      "ar", "he",     "tr",    "pl",    "nl", "sv", "da", "fi",    "cs", "uk",
    "hu",      "ro",      "el",      "th", "vi",     "id",    "ms",    "hi", "bn", "ca", "eu",    "gl", "sr",
    "sr_Latn", "hr",      "bs",      "sl", "sk",     "bg",    "lt",    "lv", "et", "fa", "ur"};

// Real headers: Chrome and Firefox for users in Germany, Brazil, Mexico, Taiwan and Norway.
const std::vector<std::string> headers = {
    "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7",
    "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7",
    "es-MX,es;q=0.9,en;q=0.8",
    "zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7",
    "nb-NO,nb;q=0.9,no;q=0.8,nn;q=0.7,en;q=0.5",
};

void BM_PreparedMatcher(benchmark::State& state) {
  const erli18n::locale_matcher matcher(available);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(matcher.find(erli18n::parse_accept_language(headers[i])));
    i = (i + 1) % headers.size();
  }
}

void BM_FindLocaleBestFit(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(erli18n::find_locale(erli18n::parse_accept_language(headers[i]), available));
    i = (i + 1) % headers.size();
  }
}

void BM_FindLocaleLookup(benchmark::State& state) {
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(erli18n::find_locale(erli18n::parse_accept_language(headers[i]), available,
                                                  erli18n::match_scheme::lookup));
    i = (i + 1) % headers.size();
  }
}

void BM_IcuLocaleMatcher(benchmark::State& state) {
  std::vector<icu::Locale> locales;
  for (const std::string& name : available) locales.emplace_back(name.c_str());
  UErrorCode status = U_ZERO_ERROR;
  const icu::LocaleMatcher matcher =
      icu::LocaleMatcher::Builder().setSupportedLocales(locales.begin(), locales.end()).build(status);
  if (U_FAILURE(status)) state.SkipWithError("ICU LocaleMatcher failed");
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(matcher.getBestMatchForListString(headers[i], status));
    i = (i + 1) % headers.size();
  }
}

BENCHMARK(BM_PreparedMatcher);
BENCHMARK(BM_FindLocaleBestFit);
BENCHMARK(BM_FindLocaleLookup);
BENCHMARK(BM_IcuLocaleMatcher);

}  // namespace

BENCHMARK_MAIN();
