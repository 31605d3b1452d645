/* The C API of erli18n/erli18n.h, compiled as C11 and linked against liberli18n_intl.so:
 * loading a .po it writes, lookups (singular, plural, context, misses, NULLs), errors with
 * their GNU-style messages, and text that outlives an unload.
 * Usage: c_api_test TMPDIR */
#include "erli18n/erli18n.h"

#include <stdio.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                            \
  do {                                                                         \
    checks++;                                                                  \
    if (!(cond)) {                                                             \
      failures++;                                                              \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

static int write_file(const char* path, const char* text) {
  FILE* f = fopen(path, "w");
  if (f == NULL) return 0;
  int ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

static int same(const char* a, const char* b) { return a != NULL && b != NULL && strcmp(a, b) == 0; }

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: c_api_test TMPDIR\n");
    return 2;
  }
  char good[4096], bad[4096];
  snprintf(good, sizeof good, "%s/de.po", argv[1]);
  snprintf(bad, sizeof bad, "%s/bad.po", argv[1]);
  if (!write_file(good,
                  "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                  "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
                  "msgid \"Hello\"\nmsgstr \"Hallo\"\n\n"
                  "msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"\\303\\226ffnen\"\n\n"
                  "msgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"%d Datei\"\nmsgstr[1] \"%d "
                  "Dateien\"\n") ||
      !write_file(bad, "msgid \"Hello\"\nmsgstr \"Hallo\"\nmsgid \"unterminated\n")) {
    fprintf(stderr, "c_api_test: cannot write to %s\n", argv[1]);
    return 2;
  }

  CHECK(erli18n_load("app", "de_DE.UTF-8", good) == ERLI18N_OK);
  CHECK(same(erli18n_last_error(), ""));
  /* Another spelling of the same locale reaches the same catalog; another locale does not. */
  CHECK(same(erli18n_gettext("app", "de", "Hello"), "Hello"));
  const char* hallo = erli18n_gettext("app", "de-DE", "Hello");
  CHECK(same(hallo, "Hallo"));
  CHECK(same(erli18n_pgettext("app", "de_DE", "menu", "Open"),
             "\xc3\x96"
             "ffnen"));
  CHECK(same(erli18n_ngettext("app", "de_DE", "%d file", "%d files", 1), "%d Datei"));
  CHECK(same(erli18n_ngettext("app", "de_DE", "%d file", "%d files", 7), "%d Dateien"));
  CHECK(same(erli18n_npgettext("app", "de_DE", "menu", "x", "xs", 2), "xs"));

  /* Misses return the argument itself. */
  const char* missing = "not in the catalog";
  CHECK(erli18n_gettext("app", "de_DE", missing) == missing);
  CHECK(erli18n_gettext("app", "fr", "Hello") != NULL &&
        same(erli18n_gettext("app", "fr", "Hello"), "Hello"));
  const char *one = "one", *many = "many";
  CHECK(erli18n_ngettext("app", "de_DE", one, many, 1) == one);
  CHECK(erli18n_ngettext("app", "de_DE", one, many, 2) == many);
  CHECK(erli18n_gettext("app", "de_DE", NULL) == NULL);
  CHECK(erli18n_gettext(NULL, "de_DE", missing) == missing);
  CHECK(erli18n_pgettext("app", "de_DE", NULL, missing) == missing);

  /* Errors: a status, and a GNU-style message naming the file and line. */
  CHECK(erli18n_load("app", "fr", bad) == ERLI18N_ERR_SYNTAX);
  CHECK(strstr(erli18n_last_error(), "bad.po:3:") != NULL);
  CHECK(strstr(erli18n_last_error(), "error:") != NULL);
  CHECK(same(erli18n_gettext("app", "fr", "Hello"), "Hello")); /* nothing was loaded */
  CHECK(erli18n_load("app", "de_DE", "/nonexistent/erli18n.po") == ERLI18N_ERR_IO);
  CHECK(same(erli18n_gettext("app", "de_DE", "Hello"), "Hallo")); /* the old catalog stays */
  CHECK(erli18n_load("app", "not a locale!", good) == ERLI18N_ERR_ARGUMENT);
  CHECK(erli18n_load(NULL, "de", good) == ERLI18N_ERR_ARGUMENT);
  CHECK(erli18n_unload("app", "fr") == ERLI18N_ERR_NOT_FOUND);
  CHECK(same(erli18n_status_string(ERLI18N_ERR_NOT_FOUND), "not found"));
  CHECK(same(erli18n_status_string((erli18n_status)99), "unknown status"));

  /* Unload: lookups miss, and text returned before stays readable. */
  CHECK(erli18n_unload("app", "de_DE") == ERLI18N_OK);
  CHECK(erli18n_gettext("app", "de_DE", missing) == missing);
  CHECK(same(erli18n_gettext("app", "de_DE", "Hello"), "Hello"));
  CHECK(same(hallo, "Hallo"));

  printf("c_api_test: %d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}
