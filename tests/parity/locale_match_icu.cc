// The oracle of the locale-matcher parity test: ICU's LocaleMatcher (Android's and Chrome's)
// with its defaults, on lines "AVAILABLE<TAB>ACCEPT-LANGUAGE" (AVAILABLE comma-separated, as
// the caller spells the names), printing for each the index of the available locale ICU picks
// in AVAILABLE, or "-" when none is close enough. A test tool only: the runtime never uses ICU.
#include <unicode/localematcher.h>
#include <unicode/locid.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) {
      std::cerr << "locale_match_icu: a line without a tab: " << line << '\n';
      return 2;
    }
    std::vector<icu::Locale> available;
    std::stringstream names(line.substr(0, tab));
    for (std::string name; std::getline(names, name, ',');) available.emplace_back(name.c_str());
    UErrorCode status = U_ZERO_ERROR;
    icu::LocaleMatcher matcher = icu::LocaleMatcher::Builder()
                                     .setSupportedLocales(available.begin(), available.end())
                                     .setNoDefaultLocale()
                                     .build(status);
    if (U_FAILURE(status)) {
      std::cerr << "locale_match_icu: " << u_errorName(status) << '\n';
      return 2;
    }
    const icu::Locale* best = matcher.getBestMatchForListString(line.substr(tab + 1), status);
    if (U_FAILURE(status)) {
      std::cout << "-\n";
      continue;
    }
    int index = -1;
    for (std::size_t i = 0; best != nullptr && i < available.size() && index < 0; ++i)
      if (available[i] == *best) index = static_cast<int>(i);
    if (index < 0)
      std::cout << "-\n";
    else
      std::cout << index << '\n';
  }
  return 0;
}
