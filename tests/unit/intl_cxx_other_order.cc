// erli18n/gettext.h first, then erli18n/libintl.h: see intl_cxx_test.cc.
#include "erli18n/gettext.h"
#include "erli18n/libintl.h"

#include <string>

#include "intl_cxx_other_order.h"

namespace intl_cxx_other_order {

std::string lookups(const char* domain) {
  erli18n::locale_scope scope("de");
  const erli18n::translator de(erli18n::catalog_store::default_store(), domain, "de");
  std::string out;
  out += ::dpgettext(domain, "menu", "Open");
  out += '|';
  out += erli18n::dpgettext(domain, "menu", "Open");
  out += '|';
  out += ::dnpgettext(domain, "files", "%d file", "%d files", 2);
  out += '|';
  out += erli18n::dnpgettext(domain, "files", "%d file", "%d files", 2);
  out += '|';
  out += de.pgettext("menu", "Open");
  out += '|';
  out += ::dgettext(domain, "Open");
  return out;
}

}  // namespace intl_cxx_other_order
