// The sample project's source (tests/data/project).
#include <erli18n/gettext.h>

#define TR(msgid) (erli18n::gettext)(msgid)

void show(unsigned long n) {
  // TRANSLATORS: the page's title.
  TR("Shop");
  (void)n;
  TR("Thank you");
}
