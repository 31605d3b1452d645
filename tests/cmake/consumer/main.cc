// Compiled as C++17 against the runtime's public headers, linking erli18n::erli18n alone:
// proves they stay C++17-clean and that the runtime links without the toolchain.
#include <erli18n/checked.h>
#include <erli18n/cldr_plurals.h>
#include <erli18n/embedded.h>
#include <erli18n/mo.h>
#include <erli18n/negotiate.h>
#include <erli18n/plural.h>
#include <erli18n/po.h>
#include <erli18n/result.h>
#include <erli18n/watch.h>

#include <iostream>

int main() {
  erli18n::plural_rule english;
  if (english.form(1) != 0 || english.form(2) != 1) return 1;
  if (!erli18n::cldr_plural_forms("en_US")) return 1;
  erli18n::result<erli18n::po_file> bad = erli18n::read_po("msgid \"x\"\n", "c17.po");
  if (bad) return 1;  // a msgid without msgstr is invalid
  if (erli18n::negotiate_locale("fr-CH, de;q=0.9", {"en", "de"}, "en") != "de") return 1;
  if (erli18n::watch_options{}.debounce.count() != 100) return 1;
  std::cout << "ok\n";
  return 0;
}
