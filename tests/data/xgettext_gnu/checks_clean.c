/* Nothing for xgettext's --check to find, but its comments (tests/parity/xgettext_gnu.sh). */
#include <libintl.h>

const char *clean(void) {
  /* TRANSLATORS: xgettext: no-ellipsis-unicode-check */
  gettext("Ready\u2026");
  /* xgettext: no-quote-unicode-check c-format */
  return gettext("Say \"%s\"");
}
