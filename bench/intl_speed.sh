#!/usr/bin/env bash
# glibc's gettext against liberli18n_intl.so (LD_PRELOAD) on the same lookups: the keys of
# six domains' German catalogs, mixed, through dgettext/dngettext, in 1 and 2 threads.
# One run each; the machine's load shows in the figures (run it on an idle machine).
# Usage: bench/intl_speed.sh INTL_SPEED LIB [ROUNDS]
set -euo pipefail
bin=$1 lib=$2 rounds=${3:-100}
domains=(glib20 coreutils libc gettext-tools gettext-runtime make)
for threads in 1 2; do
  printf 'glibc    '
  env -i LANG=C.UTF-8 "$bin" de "$threads" "$rounds" "${domains[@]}"
  printf 'erli18n  '
  env -i LANG=C.UTF-8 LD_PRELOAD="$lib" "$bin" de "$threads" "$rounds" "${domains[@]}"
done
