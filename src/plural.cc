// Placeholder until the plural compiler lands.
#include "erli18n/plural.h"

namespace erli18n {

plural_rule::plural_rule() : expression_("n != 1") {}

result<plural_rule> plural_rule::parse(std::string_view, const plural_limits&) {
  return error{errc::syntax, "not implemented", "", 0, 0};
}

unsigned long plural_rule::evaluate(unsigned long n) const noexcept { return n != 1; }

unsigned long plural_rule::form(unsigned long n) const noexcept {
  unsigned long v = evaluate(n);
  return v < nplurals_ ? v : 0;
}

}  // namespace erli18n
