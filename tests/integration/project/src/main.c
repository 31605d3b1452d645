/* The C half of the project: xgettext reads it as C (-L C by its extension). */
#include <inttypes.h>
#include <stdio.h>

#include "gettext-defs.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/share/locale"
#endif

void greet(const char* name, int count);

/* Marked for extraction only, translated where they are printed. */
static const char* const colours[] = {N_("red"), N_("green"), N_("blue")};

int main(int argc, char** argv) {
  setlocale(LC_ALL, "");
  bindtextdomain("greeter", LOCALEDIR);
  textdomain("greeter");

  /* TRANSLATORS: the program's name, as shown in the window title. */
  printf("%s\n", _("Greeter"));
  int files = argc - 1;
  printf(ngettext("%d file given\n", "%d files given\n", files), files);
  uint64_t bytes = 1024;
  printf(_("%" PRIu64 " bytes read, %" PRId32 " skipped\n"), bytes, (int32_t)0);

  /* TRANSLATORS: a menu entry that opens a file. */
  puts(pgettext("menu", "Open"));
  /* TRANSLATORS: a button that opens the door. */
  puts(pgettext("door", "Open"));
  printf(npgettext("inbox", "%d new message\n", "%d new messages\n", files), files);

  for (size_t i = 0; i < sizeof colours / sizeof colours[0]; ++i)
    puts(gettext(colours[i]));

  /* xgettext:no-c-format */
  puts(_("100% sure"));
  /* Not for translators: no tag, so xgettext leaves this comment out. */
  puts(_("Café au lait, naïve résumé"));
  puts(_("A long message that the tools wrap at the width of the line, seventy-nine columns "
         "by default, so that it takes several lines in the catalogs."));

  greet(argc > 1 ? argv[1] : "world", files);
  return 0;
}
