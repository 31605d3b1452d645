// erli18n's side of the locale-matcher parity test: the same lines as locale_match_icu
// ("AVAILABLE<TAB>ACCEPT-LANGUAGE"), answered by erli18n's best-fit matcher with the index of
// the available locale chosen, or "-" when none matches.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "erli18n/negotiate.h"

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) {
      std::cerr << "locale_match_ours: a line without a tab: " << line << '\n';
      return 2;
    }
    std::vector<std::string> available;
    std::stringstream names(line.substr(0, tab));
    for (std::string name; std::getline(names, name, ',');) available.push_back(name);
    const erli18n::locale_matcher matcher(available);
    const std::optional<std::size_t> match =
        matcher.find(erli18n::parse_accept_language(line.substr(tab + 1)));
    if (match)
      std::cout << *match << '\n';
    else
      std::cout << "-\n";
  }
  return 0;
}
