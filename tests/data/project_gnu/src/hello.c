/* The GNU-layout sample project's source (tests/data/project_gnu). */
#include <libintl.h>
#include <stdio.h>
#define _(s) gettext(s)

int main(void) {
  puts(_("Hello"));
  return 0;
}
