// The C++ half of the project: xgettext reads it as C++ (-L C++ by its extension).
#include <cstdio>
#include <string>

#include "gettext-defs.h"

extern "C" void greet(const char* name, int count) {
  // TRANSLATORS: %s is the name of the person greeted.
  std::printf(_("Hello, %s!\n"), name);
  std::printf(ngettext("You have %d apple.\n", "You have %d apples.\n", count), count);
  const std::string farewell = C_("farewell", "Bye");
  std::puts(farewell.c_str());
  std::puts(_("Press \"Enter\" to continue\t(or Ctrl+C to stop)"));
  std::puts(_("Open"));
}
