/* Fixture of tests/parity/xgettext_gnu.sh: the C calls xgettext reads by default. */
#include <stdio.h>
#include <inttypes.h>
#include "main.h"

int main(int argc, char **argv) {
  /* TRANSLATORS: the greeting shown first.
   * It spans two lines.
   */
  puts(gettext("Hello, world!"));
  printf(ngettext("%d file", "%d files", argc), argc);
  /* A comment that is not tagged. */
  printf(gettext("Copied %" PRId64 " of %" PRIu64 " bytes\n"), (int64_t)1, (uint64_t)2);
  puts(pgettext("menu", "Open"));
  puts(dgettext("other", "From another domain"));
  puts(dcgettext("other", "With a category", LC_MESSAGES));
  puts(npgettext("files", "one", "many", argc));
  // xgettext: no-c-format
  puts(gettext("100% sure"));
  puts(gettext("A long message that goes on and on past the width of the page, so that the writer has to wrap it at a space"));
  puts(gettext("Line one\nLine two\n"));
  puts(_("Underscore is no default keyword"));
  puts(N_("Nor is N_"));
  puts(gettext_noop("No-op"));
  puts(gettext("Trigraph ??! and ??( here"));
#line 200 "generated.c"
  puts(gettext("After a #line directive"));
  puts(gettext("Hello, world!"));
  return 0;
}
