// Fuzzes the Plural-Forms compiler and evaluator: compilation fails closed, and a compiled
// rule evaluates every n without trapping and always yields an index below nplurals.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "erli18n/plural.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  erli18n::result<erli18n::plural_rule> rule = erli18n::plural_rule::parse(text);
  if (!rule) return 0;
  const unsigned long samples[] = {0, 1, 2, 3, 5, 11, 21, 100, 101, 1000000, ULONG_MAX / 2, ULONG_MAX};
  for (unsigned long n : samples) {
    (void)rule->evaluate(n);
    if (rule->form(n) >= rule->nplurals()) std::abort();
  }
  return 0;
}
