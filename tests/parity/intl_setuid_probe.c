/* A program linked with liberli18n_intl (the .so or the .a) for intl_setuid.sh: prints
 * whether it runs in secure mode (AT_SECURE: setuid, setgid or file capabilities), then
 * dgettext(DOMAIN, MSGID) for each MSGID, one per line.
 * Usage: intl_setuid_probe DOMAIN DIR MSGID...   (run with LANG=C.UTF-8, LANGUAGE set) */
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <sys/auxv.h>

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: intl_setuid_probe DOMAIN DIR MSGID...\n");
    return 2;
  }
  if (setlocale(LC_ALL, "") == NULL) return 2;
  bindtextdomain(argv[1], argv[2]);
  printf("secure=%lu\n", getauxval(AT_SECURE));
  for (int i = 3; i < argc; i++) printf("%s\n", dgettext(argv[1], argv[i]));
  return 0;
}
