// A consumer of erli18n_add_translations: loads the .mo the build compiled from the catalog,
// from the build tree (LOCALE_DIR, the target's ERLI18N_LOCALE_DIR) or from the folder given
// (the installed share/locale), and prints its French "Hello".
#include <iostream>
#include <string>

#include <erli18n/catalog_store.h>

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : LOCALE_DIR;
  erli18n::catalog_store store;
  if (auto loaded = store.ensure_loaded("consumer", "fr", dir + "/fr/LC_MESSAGES/consumer.mo"); !loaded) {
    std::cerr << loaded.error().to_string() << '\n';
    return 1;
  }
  std::cout << store.dlgettext("consumer", "fr", "Hello") << '\n';
  return 0;
}
