/* The C ABI from C11: erli18n/libintl.h and erli18n/erli18n.h, linking erli18n::intl (shared)
   or erli18n::intl_static (the archive). Answers from a catalog loaded through the C API. */
#include <erli18n/erli18n.h>
#include <erli18n/libintl.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  if (erli18n_load("consumer", "fr", argv[1]) != ERLI18N_OK) {
    fprintf(stderr, "load: %s\n", erli18n_last_error());
    return 1;
  }
  if (strcmp(erli18n_gettext("consumer", "fr", "Hello"), "Bonjour") != 0) return 1;
  /* Not bound: the libintl call answers with the msgid. */
  if (strcmp(gettext("Untranslated"), "Untranslated") != 0) return 1;
  puts("ok");
  return 0;
}
