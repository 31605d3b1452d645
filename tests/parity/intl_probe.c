/* Answers dgettext(DOMAIN, line) for each line of stdin, flushing each answer, so that a
 * script can change catalogs on disk between questions. The line "first" prints the first
 * answer again through the pointer returned then: returned text must stay valid forever,
 * even after its catalog was reloaded.
 * Usage: intl_probe DOMAIN DIR   (run with LANG=C.UTF-8 and LANGUAGE set) */
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: intl_probe DOMAIN DIR\n");
    return 2;
  }
  if (setlocale(LC_ALL, "") == NULL) return 2;
  bindtextdomain(argv[1], argv[2]);
  static char lines[64][256]; /* msgids must outlive their lookups: a miss returns them */
  const char* first = NULL;
  for (int i = 0; i < 64 && fgets(lines[i], sizeof lines[i], stdin) != NULL; i++) {
    lines[i][strcspn(lines[i], "\n")] = '\0';
    if (strcmp(lines[i], "first") == 0) {
      printf("%s\n", first ? first : "(none)");
    } else {
      const char* answer = dgettext(argv[1], lines[i]);
      if (first == NULL) first = answer;
      printf("%s\n", answer);
    }
    fflush(stdout);
  }
  return 0;
}
