// embed_startup MODE DIR ROUNDS: time to install 20 locales' catalogs in a fresh store.
//   embedded  register the catalogs compiled into this program (erli18n compile --cpp)
//   mo        load DIR/LOCALE/LC_MESSAGES/bench.mo for each locale
//   po        load DIR/LOCALE/LC_MESSAGES/bench.po for each locale
// Each round uses a new store; prints the median and the fastest round in milliseconds.
// Built and run by bench/embed_startup.sh, which generates the catalogs.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/embedded.h"

ERLI18N_EMBEDDED_CATALOGS(bench_catalogs)

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: embed_startup embedded|mo|po DIR ROUNDS\n";
    return 2;
  }
  const std::string mode = argv[1], dir = argv[2];
  const int rounds = std::atoi(argv[3]);
  const std::vector<std::string> locales = {"af", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "fi",
                                            "fr", "he", "hu", "it", "ja", "ko", "nl", "pl", "pt", "ru"};
  std::vector<double> ms;
  std::size_t messages = 0;
  for (int r = 0; r < rounds; ++r) {
    erli18n::catalog_store store;
    const auto start = std::chrono::steady_clock::now();
    if (mode == "embedded") {
      if (auto n = bench_catalogs::register_catalogs(store); !n) {
        std::cerr << n.error().to_string() << '\n';
        return 1;
      }
    } else {
      for (const std::string& l : locales) {
        auto n = store.load("bench", l, dir + "/" + l + "/LC_MESSAGES/bench." + mode);
        if (!n) {
          std::cerr << n.error().to_string() << '\n';
          return 1;
        }
      }
    }
    const auto stop = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    messages = 0;
    for (const auto& c : store.catalogs()) messages += c.messages;
    // A lookup answers from each mode's catalogs, so no mode skips work.
    if (store.dlgettext("bench", "el", "message 4998 of the benchmark") != "el: translation 4998") {
      std::cerr << "wrong translation\n";
      return 1;
    }
  }
  std::sort(ms.begin(), ms.end());
  std::cout << mode << ": " << messages << " messages in 20 catalogs, median " << ms[ms.size() / 2]
            << " ms, fastest " << ms.front() << " ms over " << rounds << " rounds\n";
  return 0;
}
