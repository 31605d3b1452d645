// An `erli18n_embed_catalogs` program: its catalogs (locale/*/LC_MESSAGES/embedded.po) are
// compiled into the binary, so it translates with no catalog file at run time.
//
//   embedded [LOCALE...]   (default: fr de)
#include <iostream>
#include <string>
#include <vector>

#include "erli18n/embedded.h"
#include "erli18n/format.h"
#include "erli18n/gettext.h"

// Defined by the source erli18n_embed_catalogs generates (NAMESPACE embedded_catalogs).
ERLI18N_EMBEDDED_CATALOGS(embedded_catalogs)

int main(int argc, char** argv) {
  erli18n::result<std::size_t> registered = embedded_catalogs::register_catalogs();
  if (!registered) {
    std::cerr << registered.error().to_string() << '\n';
    return 1;
  }
  std::vector<std::string> locales(argv + 1, argv + argc);
  if (locales.empty()) locales = {"fr", "de"};
  for (const std::string& locale : locales) {
    const erli18n::translator t(erli18n::catalog_store::default_store(), "embedded", locale);
    std::cout << locale << ": " << t.gettext("Hello from inside the binary!") << " | "
              << t.pgettext("menu", "Open") << " | "
              << erli18n::format(
                     t.ngettext("%{count} catalog compiled in", "%{count} catalogs compiled in", *registered))
              << '\n';
  }
  return 0;
}
