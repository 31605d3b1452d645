/* A gettext program's first lookup, timed alone: the microseconds and minor page faults of
 * its first dcgettext (the catalog's search and load, in glibc or in liberli18n_intl.so
 * preloaded), then of the next three, in coreutils' domain. docs/performance.md ("Where a
 * first lookup's time goes") runs it with LANGUAGE=fr and LANGUAGE=xx (no catalog), with
 * glibc and through `ld.so --preload`, and takes the median of 15 runs.
 *
 * Usage: LANG=C.UTF-8 LANGUAGE=fr intl_first_call
 * Prints: first US us N faults; next 3 US us N faults; translated|untranslated */
#define _POSIX_C_SOURCE 200809L
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

static long minor_faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int main(void) {
  if (setlocale(LC_ALL, "") == NULL) return 2;
  static const char* const msgids[] = {
      "Usage: %s [OPTION]... [FILE]...\n",
      "Mandatory arguments to long options are mandatory for short options too.\n",
      "  -a, --all                  do not ignore entries starting with .\n",
      "Try '%s --help' for more information.\n",
  };
  (void)now_us();  /* the clock's first read (a page fault of its own) before the timing */
  long f0 = minor_faults();
  double t0 = now_us();
  const char* s = dcgettext("coreutils", msgids[0], LC_MESSAGES);
  double t1 = now_us();
  long f1 = minor_faults();
  for (int i = 1; i < 4; i++) s = dcgettext("coreutils", msgids[i], LC_MESSAGES);
  double t2 = now_us();
  long f2 = minor_faults();
  printf("first %.1f us %ld faults; next 3 %.1f us %ld faults; %s\n", t1 - t0, f1 - f0, t2 - t1, f2 - f1,
         s == msgids[3] ? "untranslated" : "translated");
  return 0;
}
