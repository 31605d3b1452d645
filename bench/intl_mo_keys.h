/* The keys of real catalogs, read from their .mo files, for the libintl benchmarks
 * (intl_speed.c, intl_lookups.c): each key as a domain, a msgid ("ctx\004msgid" for a
 * context) and the msgid_plural of a plural entry (NULL for a singular one). */
#ifndef ERLI18N_BENCH_INTL_MO_KEYS_H
#define ERLI18N_BENCH_INTL_MO_KEYS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct key {
  const char *domain, *msgid, *plural; /* plural NULL for a singular key */
};

static struct key* keys;
static size_t nkeys, capkeys;

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

/* A fixed shuffle (xorshift) of the keys: domains interleaved, the same order in every run. */
static void shuffle_keys(void) {
  uint64_t state = 88172645463325252u;
  for (size_t i = nkeys - 1; i > 0; i--) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    size_t j = (size_t)(state % (i + 1));
    struct key t = keys[i];
    keys[i] = keys[j];
    keys[j] = t;
  }
}

#endif /* ERLI18N_BENCH_INTL_MO_KEYS_H */
