/* A short-lived gettext program starts no thread in liberli18n_intl.so: a process linked
 * against it (its gettext before libc's, as with LD_PRELOAD) that makes a few hundred lookups
 * has one thread, its own, before and after them (counted in /proc/self/task). The store
 * defers its indexer thread until a catalog has answered many lookups (docs/c-abi.md,
 * "Start-up"). The catalog is a .po, which glibc cannot read: the translations prove the
 * lookups were the library's.
 * Usage: intl_no_thread_test TMPDIR */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int threads(void) {
  DIR* d = opendir("/proc/self/task");
  if (d == NULL) return -1;
  int n = 0;
  for (struct dirent* e; (e = readdir(d)) != NULL;)
    if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: intl_no_thread_test TMPDIR\n");
    return 2;
  }
  char dir[2048], path[4096]; /* path: dir and at most 40 bytes more */
  if (snprintf(dir, sizeof dir, "%s/no_thread_locale", argv[1]) >= (int)sizeof dir) return 2;
  snprintf(path, sizeof path, "%s/de", dir);
  mkdir(dir, 0755);
  mkdir(path, 0755);
  snprintf(path, sizeof path, "%s/de/LC_MESSAGES", dir);
  mkdir(path, 0755);
  snprintf(path, sizeof path, "%s/de/LC_MESSAGES/app.po", dir);
  FILE* f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "intl_no_thread_test: cannot write %s\n", path);
    return 2;
  }
  fputs("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n", f);
  for (int i = 0; i < 50; i++) fprintf(f, "msgid \"message %d\"\nmsgstr \"Nachricht %d\"\n\n", i, i);
  if (fclose(f) != 0) return 2;

  int before = threads();
  if (setlocale(LC_ALL, "C.UTF-8") == NULL) {
    fprintf(stderr, "intl_no_thread_test: no C.UTF-8 locale\n");
    return 2;
  }
  setenv("LANGUAGE", "de", 1);
  bindtextdomain("app", dir);
  textdomain("app");
  int translated = 0;
  char msgid[64], expected[64];
  for (int round = 0; round < 4; round++)
    for (int i = 0; i < 50; i++) {
      snprintf(msgid, sizeof msgid, "message %d", i); /* a fresh buffer each time: no remembered pointer */
      snprintf(expected, sizeof expected, "Nachricht %d", i);
      translated += strcmp(gettext(msgid), expected) == 0;
    }
  int after = threads();
  printf("threads before %d, after 200 lookups %d; translated %d of 200\n", before, after, translated);
  if (translated != 200) {
    fprintf(stderr, "intl_no_thread_test: the lookups were not liberli18n_intl.so's\n");
    return 1;
  }
  if (before != 1 || after != 1) {
    fprintf(stderr, "intl_no_thread_test: a thread was started\n");
    return 1;
  }
  return 0;
}
