#!/usr/bin/env bash
# bench/embed_startup.sh [BUILD_DIR] [ROUNDS]: startup cost of 20 locales x 5,000 messages,
# registered from catalogs compiled into the program (erli18n compile --cpp) against loading
# the same catalogs as .mo files and as .po files. BUILD_DIR (default build) must hold the
# erli18n tool and the static library (targets erli18n_cli and erli18n). Writes its inputs
# and program in BUILD_DIR/embed-bench and prints one line per mode.
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
rounds=${2:-20}
src=$(cd "$(dirname "$0")/.." && pwd)
work=$build/embed-bench
rm -rf "$work" && mkdir -p "$work/locale"
cd "$work"

# 20 locales (the list embed_startup.cc has), 5,000 messages each, every 10th a plural;
# msgids of about 30 bytes.
for l in af ar bg ca cs da de el es fi fr he hu it ja ko nl pl pt ru; do
  mkdir -p "locale/$l/LC_MESSAGES"
  awk -v loc="$l" 'BEGIN {
    printf "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    printf "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
    for (m = 0; m < 5000; m++) {
      if (m % 10 == 9) {
        printf "msgid \"%d item of the benchmark\"\nmsgid_plural \"%d items of the benchmark\"\n", m, m
        printf "msgstr[0] \"%s: item %d\"\nmsgstr[1] \"%s: items %d\"\n\n", loc, m, loc, m
      } else {
        printf "msgid \"message %d of the benchmark\"\nmsgstr \"%s: translation %d\"\n\n", m, loc, m
      }
    }
  }' > "locale/$l/LC_MESSAGES/bench.po"
  "$build/bin/erli18n" compile -o "locale/$l/LC_MESSAGES/bench.mo" "locale/$l/LC_MESSAGES/bench.po"
done
"$build/bin/erli18n" compile --cpp --namespace bench_catalogs -o catalogs.cc locale/*/LC_MESSAGES/bench.po
c++ -std=c++17 -O2 -I"$src/include" "$src/bench/embed_startup.cc" catalogs.cc "$build/src/liberli18n.a" \
  -pthread -o embed_startup
echo "generated source: $(wc -c < catalogs.cc) bytes; program: $(wc -c < embed_startup) bytes"
for mode in embedded mo po; do ./embed_startup "$mode" "$work/locale" "$rounds"; done
