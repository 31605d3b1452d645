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

struct key {
  const char *domain, *msgid, *plural; /* plural NULL for a singular key */
};

static struct key* keys;
static size_t nkeys, capkeys;
static long rounds;
static volatile uintptr_t sink; /* keeps the answers alive for the optimizer */

static uint32_t word(const unsigned char* p, int swap) {
  uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
  return swap ? (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24) : v;
}

static int add_catalog(const char* language, const char* domain) {
  char path[1024];
  snprintf(path, sizeof path, "/usr/share/locale/%s/LC_MESSAGES/%s.mo", language, domain);
  FILE* f = fopen(path, "rb");
  if (f == NULL) return 0;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* mo = malloc((size_t)size); /* kept: the keys point into it */
  if (mo == NULL || fread(mo, 1, (size_t)size, f) != (size_t)size || size < 28) {
    fclose(f);
    return 0;
  }
  fclose(f);
  int swap = word(mo, 0) != 0x950412deu;
  uint32_t count = word(mo + 8, swap), table = word(mo + 12, swap);
  if (table > (uint32_t)size || count > ((uint32_t)size - table) / 8) return 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t len = word(mo + table + 8 * i, swap), off = word(mo + table + 8 * i + 4, swap);
    if (off > (uint32_t)size || len >= (uint32_t)size - off || len == 0) continue;
    if (nkeys == capkeys) {
      capkeys = capkeys ? capkeys * 2 : 4096;
      keys = realloc(keys, capkeys * sizeof *keys);
      if (keys == NULL) return 0;
    }
    const char* msgid = (const char*)mo + off;
    size_t first = strlen(msgid);
    keys[nkeys++] = (struct key){domain, msgid, first < len ? msgid + first + 1 : NULL};
  }
  return 1;
}

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
  uint64_t state = 88172645463325252u; /* a fixed shuffle (xorshift): domains interleaved */
  for (size_t i = nkeys - 1; i > 0; i--) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    size_t j = (size_t)(state % (i + 1));
    struct key t = keys[i];
    keys[i] = keys[j];
    keys[j] = t;
  }
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
