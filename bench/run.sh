#!/usr/bin/env bash
# bench/run.sh [BUILD_DIR]: runs erli18n's benchmarks and prints every result on stdout.
#
# `make bench` builds BUILD_DIR (default build-bench) with -DERLI18N_BUILD_BENCH=ON and then
# runs this script. It
#   1. prepares the inputs in BUILD_DIR/bench-data from the real catalogs on the machine
#      (once; delete that folder to rebuild them):
#        largest.po  the largest .mo under the locale folder, decompiled with msgunfmt
#        concat.po   a few hundred UTF-8 catalogs in one file (~20 MB), each message given a
#                    msgctxt naming its catalog so that no msgid repeats, then put through
#                    msgcat so the file is exactly what msgcat writes
#   2. runs the in-process benchmarks (po_read_bench: PO read and write throughput, with a
#      memchr and a UTF-8 validation floor; lookup_bench: lookups on one real catalog against
#      glibc, Boost.Locale and a hash-map floor, with a summary of the ratios at the end;
#      mo_open_bench: MO open time against catalog size, on catalogs it generates;
#      store_open_bench: open + first lookup through catalog_store against size;
#      all_catalogs_load: every .mo of the locale folder loaded into one store (time, RSS);
#      many_locales_bench: 100 locales x 5 domains x 5,000 messages beside glibc and Boost;
#      plural_compare_bench: one compare_plural_rules call, CLDR's rule against a header's);
#   3. compares whole processes, `erli18n normalize` against `msgcat` and, on largest.po,
#      `erli18n compile` against `msgfmt`, with hyperfine, after checking that both write the
#      same bytes.
#
# Environment: ERLI18N_BENCH_LOCALE_DIR (default /usr/share/locale), ERLI18N_BENCH_CONCAT_BYTES
# (default 20000000), ERLI18N_BENCH_ARGS (extra Google Benchmark flags), HYPERFINE_RUNS
# (default 10).
set -euo pipefail

build=$(cd "${1:-build-bench}" && pwd)
locale_dir=${ERLI18N_BENCH_LOCALE_DIR:-/usr/share/locale}
concat_bytes=${ERLI18N_BENCH_CONCAT_BYTES:-20000000}
runs=${HYPERFINE_RUNS:-10}
data=$build/bench-data
erli18n=$build/bin/erli18n
mkdir -p "$data"

for tool in msgunfmt msgcat msgfmt hyperfine cmp awk; do
  command -v "$tool" >/dev/null || { echo "run.sh: error: $tool is not installed (make deps)" >&2; exit 1; }
done
for bin in "$erli18n" "$build/bin/po_read_bench" "$build/bin/lookup_bench" "$build/bin/mo_open_bench" \
  "$build/bin/plural_compare_bench" "$build/bin/store_open_bench" "$build/bin/all_catalogs_load" \
  "$build/bin/many_locales_bench"; do
  [ -x "$bin" ] || { echo "run.sh: error: $bin is missing; build $build first (make bench)" >&2; exit 1; }
done

section() { printf '\n=== %s\n' "$*"; }

section "machine"
echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "cpu:      $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores available)"
echo "kernel:   $(uname -sr)"
echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
echo "msgcat:   $(msgcat --version | sed -n 1p)"
echo "compiler: $(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" \
  "($(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt"))"

section "inputs"
# shellcheck source=inputs.sh
. "$(dirname "$0")/inputs.sh"
catalog_inputs "$data" "$locale_dir" "$concat_bytes"

section "in-process: PO read and write throughput (po_read_bench)"
echo "B/s is in decimal units (M/s = MB/s); bytes_per_second in binary units (M/s = MiB/s)."
# Google Benchmark's 'Library was built as DEBUG' refers to Debian's libbenchmark, not erli18n.
# shellcheck disable=SC2086
ERLI18N_BENCH_LARGEST=$largest ERLI18N_BENCH_CONCAT=$concat "$build/bin/po_read_bench" \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process, warm allocator: read_po and write_po again with malloc keeping freed memory"
# By default glibc serves the big arrays of a large file with fresh mmap'd pages every time,
# and faulting those in costs more than parsing on this kind of VM. Keeping freed memory
# shows what the parser itself costs; the default run above is what a first load pays.
# shellcheck disable=SC2086
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1073741824:glibc.malloc.trim_threshold=4294967295 \
  ERLI18N_BENCH_LARGEST=$largest ERLI18N_BENCH_CONCAT=$concat "$build/bin/po_read_bench" \
  --benchmark_filter='^(read|write)_po' --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process: lookups (lookup_bench)"
# Prepares its own inputs (a copy of fr and de glib20.mo, the .po from msgunfmt, and the
# glibc locales through localedef when the machine lacks them) in a temporary folder.
# shellcheck disable=SC2086
ERLI18N_BENCH_LOCALE_DIR=$locale_dir "$build/bin/lookup_bench" --benchmark_min_time=0.2 \
  --benchmark_repetitions=10 --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process: MO open time against catalog size (mo_open_bench)"
# shellcheck disable=SC2086
"$build/bin/mo_open_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process: open + first lookup through catalog_store against size (store_open_bench)"
# shellcheck disable=SC2086
"$build/bin/store_open_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process: every catalog of $locale_dir in one store (all_catalogs_load)"
"$build/bin/all_catalogs_load" --dir "$locale_dir" 2>&1

section "in-process: 100 locales x 5 domains x 5,000 messages (many_locales_bench)"
# shellcheck disable=SC2086
"$build/bin/many_locales_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  ${ERLI18N_BENCH_ARGS:-} 2>&1

section "in-process: plural rule comparison against CLDR (plural_compare_bench)"
# shellcheck disable=SC2086
"$build/bin/plural_compare_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  ${ERLI18N_BENCH_ARGS:-} 2>&1

# time_pair CSV GNU_NAME GNU_COMMAND OUR_NAME OUR_COMMAND [BYTES]: times both commands with
# hyperfine (results also in CSV), then prints the median wall time and mean CPU time of each
# and the ratios GNU/ours; with BYTES, the wall-time rates in MB/s too.
time_pair() {
  hyperfine -N --warmup 3 --runs "$runs" --export-csv "$1" \
    --command-name "$2" "$3" --command-name "$4" "$5"
  print_ratios "$1" "$2" "$4" "${6:-0}"
}

# print_ratios CSV GNU_NAME OUR_NAME BYTES: the summary time_pair prints, from hyperfine's CSV
# (command,mean,stddev,median,user,system,min,max, in seconds).
print_ratios() {
  awk -F, -v gnu="$2" -v ours="$3" -v bytes="$4" '
    function rate(t) { return bytes > 0 ? sprintf(" (%.0f MB/s)", bytes / t / 1e6) : "" }
    NR > 1 { median[$1] = $4; cpu[$1] = $5 + $6 }
    END {
      g = median[gnu]; e = median[ours]
      printf "median wall: %s %.1f ms%s, %s %.1f ms%s; ratio %s/erli18n = %.2fx\n",
        gnu, g * 1000, rate(g), ours, e * 1000, rate(e), gnu, g / e
      # On a busy machine CPU time is steadier than wall time.
      g = cpu[gnu]; e = cpu[ours]
      printf "mean CPU (user+sys): %s %.1f ms, %s %.1f ms; ratio %s/erli18n = %.2fx\n",
        gnu, g * 1000, ours, e * 1000, gnu, g / e
    }' "$1"
}

section "whole process: erli18n normalize vs msgcat (hyperfine)"
status=0
for name in largest concat-cli; do
  in=$data/$name.po
  out_gnu=$data/$name.msgcat.out
  out_ours=$data/$name.erli18n.out
  echo "--- $name.po ($(stat -c %s "$in") bytes)"
  msgcat -o "$out_gnu" "$in" 2>/dev/null
  if ! "$erli18n" normalize -o "$out_ours" "$in" 2>"$data/$name.erli18n.err"; then
    echo "SKIPPED: erli18n normalize failed: $(head -3 "$data/$name.erli18n.err")"
    status=1
    continue
  fi
  if ! cmp "$out_gnu" "$out_ours"; then
    echo "SKIPPED: outputs differ ($(diff "$out_gnu" "$out_ours" | grep -c '^[<>]') lines), so timing" \
      "them would compare different work; first difference (< msgcat, > erli18n):"
    diff "$out_gnu" "$out_ours" | awk '/^[0-9]/ && ++hunks > 1 { exit } { print }' || true
    status=1
    continue
  fi
  echo "outputs identical ($(stat -c %s "$out_ours") bytes)"
  time_pair "$data/$name.csv" msgcat "msgcat -o $out_gnu $in" \
    "erli18n normalize" "$erli18n normalize -o $out_ours $in" "$(stat -c %s "$in")"
done

section "whole process: erli18n compile vs msgfmt on largest.po (hyperfine)"
mo_gnu=$data/largest.msgfmt.mo
mo_ours=$data/largest.erli18n.mo
msgfmt -o "$mo_gnu" "$largest"
if ! "$erli18n" compile -o "$mo_ours" "$largest" 2>"$data/largest.compile.err"; then
  echo "SKIPPED: erli18n compile failed: $(head -3 "$data/largest.compile.err")"
  status=1
elif ! cmp "$mo_gnu" "$mo_ours"; then
  echo "SKIPPED: the MO files differ, so timing them would compare different work"
  status=1
else
  echo "outputs identical ($(stat -c %s "$mo_ours") bytes)"
  time_pair "$data/largest.compile.csv" msgfmt "msgfmt -o $mo_gnu $largest" \
    "erli18n compile" "$erli18n compile -o $mo_ours $largest"
fi
exit $status
