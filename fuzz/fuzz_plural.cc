// Fuzzes the Plural-Forms compiler and evaluator: compilation fails closed with a well-formed
// error, and a compiled rule evaluates every n without trapping, deterministically, with
// form(n) == evaluate(n) when that is below nplurals and 0 otherwise. The trimmed
// expression() recompiles to a rule that agrees for every sampled n, so what the rule
// reports is what it runs.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "erli18n/plural.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

void check_error(const erli18n::error& e, std::size_t size) {
  check(!e.message.empty());
  check(e.message[0] < 'A' || e.message[0] > 'Z');  // lower-case messages
  check(e.column <= size + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);

  // Tight limits too, so that every bound is reached by small inputs.
  erli18n::plural_limits tight;
  tight.max_bytes = 200;
  tight.max_depth = 6;
  tight.max_nodes = 20;
  tight.max_nplurals = 7;
  erli18n::result<erli18n::plural_rule> small = erli18n::plural_rule::parse(text, tight);
  if (!small) check_error(small.error(), size);

  erli18n::result<erli18n::plural_rule> rule = erli18n::plural_rule::parse(text);
  if (!rule) {
    check_error(rule.error(), size);
    check(!small);  // the tight limits cannot accept what the default ones refuse
    return 0;
  }
  check(rule->nplurals() >= 1 && rule->nplurals() <= erli18n::plural_limits{}.max_nplurals);
  check(text.find(rule->expression()) != std::string_view::npos);

  unsigned long samples[24] = {0,
                               1,
                               2,
                               3,
                               5,
                               7,
                               11,
                               21,
                               100,
                               101,
                               1000000,
                               4294967295,
                               4294967296,
                               ULONG_MAX / 2,
                               ULONG_MAX - 1,
                               ULONG_MAX};
  // The last samples come from the input itself, to reach values a rule singles out.
  for (std::size_t i = 16; i < 24; ++i) {
    unsigned long v = 0;
    const std::size_t at = (i - 16) * 8;
    if (size >= at + 8) std::memcpy(&v, data + size - at - 8, 8);
    samples[i] = v;
  }

  const std::string again = "nplurals=" + std::to_string(rule->nplurals()) + "; plural=" + rule->expression();
  erli18n::plural_limits room;  // the same rule, spelled with a possibly longer prefix
  room.max_bytes = again.size();
  erli18n::result<erli18n::plural_rule> reparsed = erli18n::plural_rule::parse(again, room);
  check(reparsed.has_value());
  for (unsigned long n : samples) {
    const unsigned long v = rule->evaluate(n);
    check(rule->evaluate(n) == v);
    check(rule->form(n) == (v < rule->nplurals() ? v : 0));
    check(reparsed->evaluate(n) == v);
    if (small) check(small->evaluate(n) == v);
  }
  return 0;
}
