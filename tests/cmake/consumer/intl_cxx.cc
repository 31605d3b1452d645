// liberli18n_intl_cxx.so from C++: the libintl functions and erli18n's C++ API share one
// store and one thread locale. A catalog loaded with the C API answers the C++ API's dgettext
// under erli18n::setlocale, and the libintl dgettext with the same thread locale.
#include <erli18n/erli18n.h>
#include <erli18n/gettext.h>
#include <erli18n/libintl.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  if (erli18n_load("consumer", "fr", argv[1]) != ERLI18N_OK) {
    std::fprintf(stderr, "load: %s\n", erli18n_last_error());
    return 1;
  }
  if (!erli18n::setlocale("fr")) return 1;
  if (erli18n::dgettext("consumer", "Hello") != "Bonjour") return 1;
  std::puts("ok");
  return 0;
}
