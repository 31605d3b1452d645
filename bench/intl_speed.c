/* Lookup speed through the libintl C API: the keys of several real catalogs of one language,
 * mixed in a fixed shuffled order (singular and plural, contexts as "ctx\004msgid"), each
 * asked through dgettext / dngettext. Run it as is (glibc answers) and with LD_PRELOAD of
 * liberli18n_intl.so (erli18n answers); bench/intl_speed.sh does both.
 *
 * Usage: intl_speed LANGUAGE THREADS ROUNDS DOMAIN...   (run with LANG=C.UTF-8)
 * Prints: keys, threads, lookups, seconds, ns per lookup per thread, lookups per second. */
#define _POSIX_C_SOURCE 200809L
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "intl_mo_keys.h"

static long rounds;
static volatile uintptr_t sink; /* keeps the answers alive for the optimizer */

static void* run(void* arg) {
  uintptr_t acc = (uintptr_t)arg;
  for (long r = 0; r < rounds; r++)
    for (size_t i = 0; i < nkeys; i++) {
      const struct key* k = &keys[i];
      const char* s = k->plural ? dngettext(k->domain, k->msgid, k->plural, (unsigned long)(i % 7))
                                : dgettext(k->domain, k->msgid);
      acc += (uintptr_t)s[0];
    }
  sink = acc;
  return NULL;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char** argv) {
  if (argc < 5 || setlocale(LC_ALL, "") == NULL) {
    fprintf(stderr, "usage: intl_speed LANGUAGE THREADS ROUNDS DOMAIN...  (with LANG=C.UTF-8)\n");
    return 2;
  }
  setenv("LANGUAGE", argv[1], 1);
  int threads = atoi(argv[2]);
  rounds = atol(argv[3]);
  for (int i = 4; i < argc; i++) add_catalog(argv[1], argv[i]);
  if (nkeys == 0 || threads < 1 || threads > 64 || rounds < 1) return 2;
  shuffle_keys();
  long saved = rounds;
  rounds = 1;
  run(NULL); /* warm: catalogs loaded, caches filled */
  rounds = saved;
  pthread_t tid[64];
  double start = now();
  for (int t = 0; t < threads; t++) pthread_create(&tid[t], NULL, run, (void*)(uintptr_t)t);
  for (int t = 0; t < threads; t++) pthread_join(tid[t], NULL);
  double seconds = now() - start;
  double lookups = (double)nkeys * (double)rounds * threads;
  printf("keys %zu threads %d lookups %.0f seconds %.3f ns/lookup/thread %.1f lookups/s %.3g\n", nkeys,
         threads, lookups, seconds, seconds * 1e9 * threads / lookups, lookups / seconds);
  return 0;
}
