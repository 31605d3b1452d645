// A consumer of erli18n_embed_catalogs (find_package only): prints the French "Hello" of the
// catalog compiled into it.
#include <iostream>

#include <erli18n/catalog_store.h>
#include <erli18n/embedded.h>

ERLI18N_EMBEDDED_CATALOGS(consumer_catalogs)

int main() {
  erli18n::catalog_store store;
  if (auto n = consumer_catalogs::register_catalogs(store); !n || *n != 1) return 1;
  std::cout << store.dlgettext("consumer", "fr", "Hello") << '\n';
  return 0;
}
