// Fuzzes Accept-Language parsing and negotiation, which take a header straight from a request.
// The input is parsed twice: whole with the default bounds, and, after its first two bytes,
// with bounds those bytes choose (so that the cuts are exercised at every position). Every
// result keeps within its item bound, has qualities from 1 to 1000 sorted highest first, and
// holds canonical names (fixed points of canonical_locale) or "*". Negotiation against a fixed
// list returns one of its entries or the default ("C" for a malformed default), and an exact
// match of the first preference always wins.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/locale_name.h"
#include "erli18n/negotiate.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

const std::vector<std::string>& available() {
  static const std::vector<std::string> locales = {
      "en",     "en_GB",    "pt-BR",     "pt", "de", "zh_Hant",     "zh_Hans", "sr@latin",
      "es_419", "fr.UTF-8", "not valid", "he", "ca", "ca@valencia", "nb",      "C"};
  return locales;
}

std::vector<erli18n::language_preference> parse_checked(std::string_view header,
                                                        const erli18n::accept_language_limits& limits) {
  std::vector<erli18n::language_preference> preferences = erli18n::parse_accept_language(header, limits);
  check(preferences.size() <= limits.max_items);
  for (std::size_t i = 0; i < preferences.size(); ++i) {
    const erli18n::language_preference& p = preferences[i];
    check(p.quality >= 1 && p.quality <= 1000);
    if (i > 0) check(preferences[i - 1].quality >= p.quality);
    if (p.locale != "*") {
      erli18n::result<std::string> again = erli18n::canonical_locale(p.locale);
      check(again.has_value() && *again == p.locale);
    }
  }
  return preferences;
}

void check_negotiation(const std::vector<erli18n::language_preference>& preferences) {
  const std::vector<std::string>& locales = available();
  const std::string chosen = erli18n::negotiate_locale(preferences, locales, "en");
  check(chosen == "en" || std::find(locales.begin(), locales.end(), chosen) != locales.end());
  // A malformed default is replaced by "C", and changes nothing else.
  const std::string fallback = erli18n::negotiate_locale(preferences, locales, "bad default");
  check(fallback == chosen || (fallback == "C" && chosen == "en"));
  const std::string without = erli18n::negotiate_locale(preferences, {}, "");
  check(without == "C");
  // RFC 4647 lookup chooses among the same names.
  const std::string looked =
      erli18n::negotiate_locale(preferences, locales, "en", erli18n::match_scheme::lookup);
  check(looked == "en" || std::find(locales.begin(), locales.end(), looked) != locales.end());
  // A prepared matcher answers as find_locale does.
  check(erli18n::locale_matcher(locales).find(preferences) == erli18n::find_locale(preferences, locales));

  // An exact match of the first preference beats everything else.
  if (preferences.empty() || preferences[0].locale == "*") return;
  for (const std::string& locale : locales) {
    erli18n::result<std::string> canonical = erli18n::canonical_locale(locale);
    if (canonical && *canonical == preferences[0].locale) {
      check(chosen == locale);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<erli18n::language_preference> preferences = parse_checked(text, {});
  check_negotiation(preferences);
  check(erli18n::negotiate_locale(text, available(), "en") ==
        erli18n::negotiate_locale(preferences, available(), "en"));

  if (size >= 2) {
    const erli18n::accept_language_limits limits{data[0], static_cast<std::size_t>(data[1] % 40)};
    const std::string_view header = text.substr(2);
    check_negotiation(parse_checked(header, limits));
    // A tighter bound never yields more.
    check(parse_checked(header, limits).size() <= parse_checked(header, {header.size(), 40}).size());
  }
  return 0;
}
