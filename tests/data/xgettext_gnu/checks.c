/* What xgettext's --check=NAME finds (tests/parity/xgettext_gnu.sh), UTF-8. */
#include <stdio.h>
#include <libintl.h>

void checks(int n) {
  puts(gettext("Loading..."));
  puts(gettext("Loading ..."));
  puts(gettext("Loading \u2026"));
  puts(gettext("Saved. Quitting..."));
  puts(gettext("Wait... then go... now..."));
  puts(gettext("Done.  Next... (or not)"));
  puts(gettext("What...? Really...!"));
  puts(gettext("a...b stays in one sentence"));
  printf(ngettext("%d file...", "%d files...", n), n);
  puts(pgettext("menu...", "Open"));
  puts(gettext("Say \"hello\" and \"bye\""));
  puts(gettext("It's 'here' now"));
  puts(gettext("don't stop"));
  puts(gettext("press `q' to quit"));
  puts(gettext("Choose:\n- one\n- two"));
  puts(gettext("Choose:\n* one\n- two"));
  puts(gettext("List:\n  * one\n    - deep\n  * two"));
  puts(gettext("-a\n-b"));
  /* xgettext: no-ellipsis-unicode-check */
  puts(gettext("Quiet..."));
  /* xgettext: no-space-ellipsis-check, no-quote-unicode-check */
  puts(gettext("Spaced ... \"quoted\""));
  puts(gettext("Loading..."));
  /* xgettext: no-bullet-unicode-check */
  puts(gettext("Sure:\n- yes\n- no"));
  /* xgettext: ellipsis-unicode-check */
  puts(gettext("Asked for..."));
  /* xgettext: ellipsis-unicode-check */
  puts(gettext("Later off..."));
  /* xgettext: no-ellipsis-unicode-check */
  puts(gettext("Later off..."));
  puts(gettext("x'a 'b' c, \"a 'b' c, 'a 'b' c"));
  puts(gettext("`a' and \"`\" and aa'''`'`"));
}
