/* erli18n/libintl.h's context lookups, linked against liberli18n_intl.so, compiled as C11
 * with glibc's <libintl.h> included first (the two headers must agree). The catalog is made
 * by intl_header_test.sh from a PO it writes (domain "ctx", language de).
 * Usage: intl_header_test DIR   (run with LANG=C.UTF-8 LANGUAGE=de) */
#include <errno.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "erli18n/libintl.h"

static int failures, checks;

static void expect(const char* what, const char* got, const char* want) {
  checks++;
  if (strcmp(got, want) != 0) {
    failures++;
    fprintf(stderr, "%s: got \"%s\", want \"%s\"\n", what, got, want);
  }
}

int main(int argc, char** argv) {
  if (argc != 2 || setlocale(LC_ALL, "") == NULL) return 2;
  bindtextdomain("ctx", argv[1]);
  bindtextdomain("poonly", argv[1]);
  /* Only erli18n reads a .po: this answer proves the program calls erli18n's gettext. */
  expect("dgettext(poonly, Hello)", dgettext("poonly", "Hello"), "Hallo");
  textdomain("ctx");
  expect("pgettext(menu, Open)", pgettext("menu", "Open"),
         "\xc3\x96"
         "ffnen");
  expect("gettext(Open)", gettext("Open"), "Offen");
  expect("dpgettext(ctx, menu, Open)", dpgettext("ctx", "menu", "Open"),
         "\xc3\x96"
         "ffnen");
  expect("dcpgettext(..., LC_MESSAGES)", dcpgettext("ctx", "menu", "Open", LC_MESSAGES),
         "\xc3\x96"
         "ffnen");
  /* A context the catalog lacks: the msgid, not the glued key. */
  const char* id = "Open";
  expect("pgettext(nope, Open)", pgettext("nope", "Open"), id);
  for (unsigned long n = 0; n < 4; n++) {
    char what[64];
    snprintf(what, sizeof what, "npgettext(files, n=%lu)", n);
    expect(what, npgettext("files", "%d file", "%d files", n), n == 1 ? "%d Datei" : "%d Dateien");
    snprintf(what, sizeof what, "npgettext(nope, n=%lu)", n);
    expect(what, npgettext("nope", "%d file", "%d files", n), n == 1 ? "%d file" : "%d files");
    snprintf(what, sizeof what, "dnpgettext(ctx, files, n=%lu)", n);
    expect(what, dnpgettext("ctx", "files", "%d file", "%d files", n), n == 1 ? "%d Datei" : "%d Dateien");
  }
  /* NULL and empty arguments, errno and categories, as glibc 2.36 answers (found by
   * experiment; docs/intl-status.md). The same program linked with glibc passes these. */
  errno = 1234;
  (void)gettext("Open");
  (void)gettext("Open"); /* now a remembered answer: the C ABI's shortest path keeps errno too */
  (void)dgettext("ctx", "no such message");
  checks++;
  if (errno != 1234) {
    failures++;
    fprintf(stderr, "errno changed to %d\n", errno);
  }
  checks++;
  if (gettext(NULL) != NULL || ngettext(NULL, "x", 2) != NULL || bindtextdomain(NULL, "/x") != NULL ||
      bindtextdomain("", "/x") != NULL || bind_textdomain_codeset(NULL, "UTF-8") != NULL) {
    failures++;
    fprintf(stderr, "a NULL or empty argument did not give NULL\n");
  }
  const char* plural = "%d files";
  checks++;
  if (ngettext("x", NULL, 2) != NULL || ngettext("x", plural, 2) != plural) {
    failures++;
    fprintf(stderr, "ngettext misses do not return msgid_plural itself\n");
  }
  expect("textdomain(NULL)", textdomain(NULL), "ctx");
  expect("dgettext(NULL, Open)", dgettext(NULL, "Open"), "Offen");
  expect("dgettext(\"\", Open)", dgettext("", "Open"), "Open");
  expect("dcgettext(LC_ALL)", dcgettext("ctx", "Open", LC_ALL), "Open");
  expect("bindtextdomain(unbound, NULL)", bindtextdomain("unbound", NULL), "/usr/share/locale");
  expect("bindtextdomain(ctx, NULL)", bindtextdomain("ctx", NULL), argv[1]);
  expect("gettext(\"\") is the header", gettext(""),
         "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n");
  expect("textdomain(\"\")", textdomain(""), "messages");
  expect("gettext after textdomain(\"\")", gettext("Open"), "Open");
  printf("intl_header_test: %d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}
