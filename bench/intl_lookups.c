/* A short-lived gettext program, whole: it looks up LOOKUPS msgids of one real catalog
 * (DISTINCT different keys of it in a fixed shuffled order, asked again in turn until
 * LOOKUPS calls were made: coreutils' French catalog by default), as a program that prints
 * its messages does, then exits. bench/intl_startup.sh runs it with glibc and with
 * liberli18n_intl.so preloaded, timed as a whole process (hyperfine), and it prints its own
 * time around the lookups, the catalog's load included (it happens in the first call).
 *
 * Usage: intl_lookups [LANGUAGE [DOMAIN [LOOKUPS [DISTINCT]]]]   (with LANG=C.UTF-8)
 *        defaults: fr coreutils 10000 2000
 * Prints: keys, lookups, translated (calls whose answer is not the msgid: the same with
 * glibc and with erli18n), microseconds for all the lookups, of them the first call. */
#define _POSIX_C_SOURCE 200809L
#include <libintl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "intl_mo_keys.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static const char* ask(const struct key* k, unsigned long n) {
  return k->plural ? dngettext(k->domain, k->msgid, k->plural, n) : dgettext(k->domain, k->msgid);
}

int main(int argc, char** argv) {
  const char* language = argc > 1 ? argv[1] : "fr";
  const char* domain = argc > 2 ? argv[2] : "coreutils";
  long lookups = argc > 3 ? atol(argv[3]) : 10000;
  size_t distinct = argc > 4 ? (size_t)atol(argv[4]) : 2000;
  if (setlocale(LC_ALL, "") == NULL || lookups < 1 || distinct < 1) {
    fprintf(stderr, "usage: intl_lookups [LANGUAGE [DOMAIN [LOOKUPS [DISTINCT]]]]  (with LANG=C.UTF-8)\n");
    return 2;
  }
  setenv("LANGUAGE", language, 1);
  if (!add_catalog(language, domain) || nkeys == 0) {
    fprintf(stderr, "intl_lookups: no catalog /usr/share/locale/%s/LC_MESSAGES/%s.mo\n", language, domain);
    return 1;
  }
  shuffle_keys();
  if (distinct > nkeys) distinct = nkeys;

  long translated = 0;
  double start = now_us();
  const char* first = ask(&keys[0], 1);
  double first_done = now_us();
  translated += first != keys[0].msgid && first != keys[0].plural;
  for (long i = 1; i < lookups; i++) {
    const struct key* k = &keys[(size_t)i % distinct];
    unsigned long n = (unsigned long)(i % 7);
    const char* s = ask(k, n);
    translated += s != k->msgid && s != k->plural;
  }
  double done = now_us();
  printf("keys %zu lookups %ld translated %ld us %.1f first_us %.1f\n", distinct, lookups, translated,
         done - start, first_done - start);
  return 0;
}
