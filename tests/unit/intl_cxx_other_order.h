// The lookups of intl_cxx_other_order.cc, which includes the headers in the other order.
#ifndef ERLI18N_TESTS_INTL_CXX_OTHER_ORDER_H
#define ERLI18N_TESTS_INTL_CXX_OTHER_ORDER_H

#include <string>

namespace intl_cxx_other_order {
// The C and C++ context lookups of `domain` in the locale "de", joined with '|'.
std::string lookups(const char* domain);
}  // namespace intl_cxx_other_order

#endif
