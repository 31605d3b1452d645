/* Looks up every key of the catalogs a manifest lists through the standard libintl API and
 * prints each answer, so that two runs — glibc's own gettext, and the same binary under
 * LD_PRELOAD of liberli18n_intl.so — can be compared byte for byte.
 *
 * Manifest lines: LANGUAGE-VALUE <TAB> DOMAIN <TAB> PATH-OF-THE-.mo. For each catalog the
 * program sets LANGUAGE, reads the keys from the .mo itself, and asks dgettext for each
 * singular key ("context\004msgid" for a key with a context, as pgettext passes it) and
 * dngettext for n = 0..50 for each plural key, plus a key that is surely missing (the answer
 * must then be the argument itself, pointer included). The last line counts the answers
 * that were translations.
 *
 * Usage: intl_lookup_all MANIFEST   (run with LANG=C.UTF-8) */
#include <libintl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long translated, lookups;

static char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  char* data = NULL;
  size_t cap = 0, used = 0;
  for (;;) {
    if (used == cap) {
      cap = cap ? cap * 2 : 65536;
      char* bigger = realloc(data, cap);
      if (bigger == NULL) break;
      data = bigger;
    }
    size_t got = fread(data + used, 1, cap - used, f);
    if (got == 0) break;
    used += got;
  }
  fclose(f);
  *size = used;
  return data;
}

static uint32_t word(const unsigned char* p, int swap) {
  uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  if (swap) v = (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
  return v;
}

static void show(const char* what, const char* answer, const char* argument) {
  lookups++;
  if (answer != argument) translated++;
  printf("%s %s\n", what, answer == NULL ? "(null)" : answer);
}

static int lookup_catalog(const char* language, const char* domain, const char* path) {
  size_t size = 0;
  unsigned char* mo = (unsigned char*)read_file(path, &size);
  if (mo == NULL || size < 28) {
    fprintf(stderr, "%s: cannot read\n", path);
    free(mo);
    return 1;
  }
  int swap;
  if (word(mo, 0) == 0x950412deu) {
    swap = 0;
  } else if (word(mo, 1) == 0x950412deu) {
    swap = 1;
  } else {
    fprintf(stderr, "%s: not a .mo file\n", path);
    free(mo);
    return 1;
  }
  uint32_t count = word(mo + 8, swap), table = word(mo + 12, swap);
  if (table > size || count > (size - table) / 8) {
    fprintf(stderr, "%s: key table outside the file\n", path);
    free(mo);
    return 1;
  }
  setenv("LANGUAGE", language, 1);
  /* glibc caches each answer per (domain, category, locale, msgid) and ignores a change of
   * LANGUAGE until its catalog counter moves; textdomain() moves it, as the GNU manual
   * advises after changing LANGUAGE. */
  textdomain(textdomain(NULL));
  printf("== %s %s %u keys\n", language, domain, count);
  char what[64];
  for (uint32_t i = 0; i < count; i++) {
    uint32_t len = word(mo + table + 8 * i, swap), off = word(mo + table + 8 * i + 4, swap);
    if (off > size || len >= size - off) continue; /* a corrupt entry: glibc skips it too */
    const char* key = (const char*)mo + off;
    size_t first = strlen(key);
    if (first < len) { /* msgid NUL msgid_plural */
      const char* plural = key + first + 1;
      for (unsigned long n = 0; n <= 50; n++) {
        const char* answer = dngettext(domain, key, plural, n);
        snprintf(what, sizeof what, "%u n=%lu", i, n);
        show(what, answer, n == 1 ? key : plural);
      }
    } else {
      snprintf(what, sizeof what, "%u", i);
      show(what, dgettext(domain, key), key);
    }
  }
  static const char missing[] = "erli18n: a msgid no catalog has";
  const char* answer = dgettext(domain, missing);
  printf("miss %s\n", answer == missing ? "returns the argument" : "returns another pointer");
  free(mo);
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: intl_lookup_all MANIFEST\n");
    return 2;
  }
  if (setlocale(LC_ALL, "") == NULL) {
    fprintf(stderr, "intl_lookup_all: the locale of the environment is not available\n");
    return 2;
  }
  size_t size = 0;
  char* manifest = read_file(argv[1], &size);
  if (manifest == NULL) {
    fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 2;
  }
  char* text = realloc(manifest, size + 1);
  if (text == NULL) return 2;
  text[size] = '\0';
  int failures = 0;
  for (char* line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
    char* domain = strchr(line, '\t');
    char* path = domain ? strchr(domain + 1, '\t') : NULL;
    if (path == NULL) {
      fprintf(stderr, "%s: malformed line: %s\n", argv[1], line);
      return 2;
    }
    *domain++ = '\0';
    *path++ = '\0';
    failures += lookup_catalog(line, domain, path);
  }
  printf("%lu lookups, %lu translated\n", lookups, translated);
  free(text);
  return failures ? 1 : 0;
}
