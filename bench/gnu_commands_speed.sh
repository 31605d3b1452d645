#!/usr/bin/env bash
# Each GNU-compatible command (BUILD_DIR/gnu/bin/NAME, issue 22) against GNU's tool of that name
# and against the erli18n subcommand it shares its code with, as whole processes with hyperfine
# (-N, warm-ups, HYPERFINE_RUNS runs), on the inputs the other benchmarks use (bench/inputs.sh):
#   msgcat, msguniq  largest.po and concat-cli.po (bench/run.sh's)  vs  erli18n normalize
#   msgfmt           largest.po and concat-cli.po                   vs  erli18n compile
#   msgunfmt         largest.po compiled by msgfmt                  vs  erli18n decompile
#   msgmerge         def.po and ref.pot (bench/merge_speed.sh's), --previous  vs  erli18n merge
#   msginit          ref.pot, -l de --no-translator                 vs  erli18n init
#   msgattrib        msgmerge's output of def.po and ref.pot, --no-obsolete (no subcommand)
#   xgettext         the generated C++ tree (bench/extract_speed.sh's)  vs  erli18n extract
# Before timing a command it checks that our command writes GNU's bytes (the dates a tool writes
# as "now" aside); a command whose output differs, or that fails, is reported and not timed,
# since the times would compare different work. For each command it prints the median wall time
# and the mean CPU time of the three, the ratio GNU/ours against issue 22's target (msgcat,
# msgfmt, msgmerge at least 5x, xgettext 3x) and the ratio subcommand/command (at least 1: the
# command as fast as the subcommand). The exit status is 1 when a command was not timed.
#
#   bash bench/gnu_commands_speed.sh [BUILD_DIR]     (default build-bench, a Release build)
#
# Environment: HYPERFINE_RUNS (default 10), ERLI18N_BENCH_LOCALE_DIR (default /usr/share/locale),
# ERLI18N_BENCH_CONCAT_BYTES (default 20000000), MERGE_MESSAGES (default 10000), EXTRACT_FILES
# (default 2000), ONLY (a space-separated list of the commands to run, default all).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build-bench}" && pwd)
runs=${HYPERFINE_RUNS:-10}
erli18n=$build/bin/erli18n
gnu_bin=$build/gnu/bin
data=$build/bench-data
work=$data/gnu-commands
only=" ${ONLY:-msgcat msguniq msgfmt msgunfmt msgmerge msginit msgattrib xgettext} "
for tool in hyperfine msgcat msguniq msgfmt msgunfmt msgmerge msginit msgattrib msgconv xgettext python3 cmp awk; do
  command -v "$tool" > /dev/null || { echo "gnu_commands_speed: $tool is not installed (make deps)" >&2; exit 1; }
done
[ -x "$erli18n" ] || { echo "gnu_commands_speed: $erli18n is missing; build $build first (make bench)" >&2; exit 1; }
[ -d "$gnu_bin" ] || { echo "gnu_commands_speed: $gnu_bin is missing (the erli18n_cli target makes it)" >&2; exit 1; }
export LC_ALL=C.UTF-8 TZ=UTC

# shellcheck source=inputs.sh
. "$root/bench/inputs.sh"

section() { printf '\n=== %s\n' "$*"; }

section "machine"
echo "date:   $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "cpu:    $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) cores available)"
echo "load:   $(cut -d' ' -f1-3 /proc/loadavg)"
echo "gnu:    $(msgcat --version | sed -n 1p)"
echo "build:  $build ($(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt"))"

section "inputs"
catalog_inputs "$data" "${ERLI18N_BENCH_LOCALE_DIR:-/usr/share/locale}" "${ERLI18N_BENCH_CONCAT_BYTES:-20000000}"
rm -rf "$work"
mkdir -p "$work/merge"
(cd "$work/merge" && merge_inputs "${MERGE_MESSAGES:-10000}")
extract_inputs "$root" "$work/extract" "${EXTRACT_FILES:-2000}"
msgfmt -o "$work/largest.mo" "$largest"
msgmerge -q --previous -o "$work/merged.po" "$work/merge/def.po" "$work/merge/ref.pot"
echo "largest.mo: $(stat -c %s "$work/largest.mo") bytes; merged.po (msgattrib's input):" \
  "$(grep -c '^#~ msgid' "$work/merged.po") obsolete entries"

# Lines holding the time a tool wrote as "now", left out of the comparison of outputs.
dated='^"(POT-Creation-Date|PO-Revision-Date): '
same_output() {
  if [[ $2 == *.mo ]]; then cmp -s "$1" "$2"; else cmp -s <(grep -Ev "$dated" "$1") <(grep -Ev "$dated" "$2"); fi
}

status=0
# bench NAME LABEL TARGET GNU_OUT OUR_OUT SUB_OUT -- GNU_COMMAND... -- SUB_COMMAND...
#   runs GNU's command, then the same arguments with our NAME, then the subcommand (SUB_COMMAND
#   empty when there is none), checks the outputs, and times the three with hyperfine.
bench() {
  local name=$1 label=$2 target=$3 gnu_out=$4 our_out=$5 sub_out=$6
  shift 7
  local gnu_cmd=() sub_cmd=() our_cmd
  while [ "$1" != -- ]; do gnu_cmd+=("$1"); shift; done
  shift
  sub_cmd=("$@")
  our_cmd=("$gnu_bin/$name" "${gnu_cmd[@]:1}")
  case $only in *" $name "*) ;; *) return 0 ;; esac
  section "$name: $label"
  local gnu_line our_line sub_line
  gnu_line="${gnu_cmd[*]}"
  our_line="${our_cmd[*]}"
  "${gnu_cmd[@]}" > /dev/null 2> "$work/$name.gnu.err" || { echo "SKIPPED: GNU's $name failed: $(head -3 "$work/$name.gnu.err")"; status=1; return 0; }
  mv "$gnu_out" "$gnu_out.gnu"
  if ! "${our_cmd[@]}" > /dev/null 2> "$work/$name.ours.err"; then
    echo "SKIPPED: $our_line failed: $(head -3 "$work/$name.ours.err")"
    status=1
    return 0
  fi
  if ! same_output "$gnu_out.gnu" "$our_out"; then
    echo "SKIPPED: $gnu_bin/$name writes other bytes than GNU's $name, so timing them would compare" \
      "different work; first lines of the difference (< GNU, > ours):"
    diff "$gnu_out.gnu" "$our_out" | head -12 || true
    status=1
    return 0
  fi
  echo "outputs identical ($(stat -c %s "$our_out") bytes)"
  local commands=(--command-name "GNU $name" "$gnu_line" --command-name "erli18n $name" "$our_line")
  if [ ${#sub_cmd[@]} -gt 0 ]; then
    sub_line="${sub_cmd[*]}"
    if "${sub_cmd[@]}" > /dev/null 2> "$work/$name.sub.err"; then
      same_output "$gnu_out.gnu" "$sub_out" && echo "erli18n ${sub_cmd[1]} writes the same bytes" ||
        echo "erli18n ${sub_cmd[1]} writes other bytes (timed all the same: it is the baseline)"
      commands+=(--command-name "erli18n ${sub_cmd[1]}" "$sub_line")
    else
      echo "erli18n ${sub_cmd[1]} failed, not timed: $(head -3 "$work/$name.sub.err")"
    fi
  fi
  hyperfine -N --warmup 3 --runs "$runs" --export-csv "$work/$name.csv" "${commands[@]}"
  ratios "$work/$name.csv" "GNU $name" "erli18n $name" "$target"
}

# ratios CSV GNU OURS TARGET: from hyperfine's CSV (command,mean,stddev,median,user,system,...),
# the median wall and mean CPU times, GNU/ours against TARGET (0: none), subcommand/ours.
ratios() {
  awk -F, -v gnu="$2" -v ours="$3" -v target="$4" '
    NR > 1 { name[NR - 1] = $1; median[$1] = $4; cpu[$1] = $5 + $6; n = NR - 1 }
    END {
      for (i = 1; i <= n; i++)
        printf "  %-26s median wall %9.1f ms   mean CPU %9.1f ms\n", name[i], median[name[i]] * 1000, cpu[name[i]] * 1000
      r = median[gnu] / median[ours]; c = cpu[gnu] / cpu[ours]
      verdict = target > 0 ? sprintf(" (target %dx: %s)", target, r >= target ? "met" : "NOT met") : ""
      printf "  ratio %s / %s: %.2fx wall, %.2fx CPU%s\n", gnu, ours, r, c, verdict
      if (n == 3) {
        sub_name = name[3]
        r = median[sub_name] / median[ours]; c = cpu[sub_name] / cpu[ours]
        printf "  ratio %s / %s: %.2fx wall, %.2fx CPU (%s)\n", sub_name, ours, r, c,
          (r >= 0.97 ? "as fast as the subcommand" : "SLOWER than the subcommand")
      }
    }' "$1"
}

cd "$work"
for input in "$largest" "$concat_cli"; do
  base=$(basename "$input" .po)
  bench msgcat "$base.po" 5 msgcat.out msgcat.out normalize.out -- \
    msgcat -o msgcat.out "$input" -- "$erli18n" normalize -o normalize.out "$input"
  bench msguniq "$base.po" 0 msguniq.out msguniq.out normalize.out -- \
    msguniq -o msguniq.out "$input" -- "$erli18n" normalize -o normalize.out "$input"
  bench msgfmt "$base.po" 5 msgfmt.mo msgfmt.mo compile.mo -- \
    msgfmt -o msgfmt.mo "$input" -- "$erli18n" compile -o compile.mo "$input"
done
bench msgunfmt "largest.mo" 0 msgunfmt.out msgunfmt.out decompile.out -- \
  msgunfmt -o msgunfmt.out largest.mo -- "$erli18n" decompile -o decompile.out largest.mo
bench msgmerge "def.po and ref.pot, --previous" 5 msgmerge.out msgmerge.out merge.out -- \
  msgmerge -q --previous -o msgmerge.out merge/def.po merge/ref.pot -- \
  "$erli18n" merge --previous -o merge.out merge/def.po merge/ref.pot
bench msginit "ref.pot, -l de" 0 msginit.out msginit.out init.out -- \
  msginit --no-translator -l de -i merge/ref.pot -o msginit.out -- "$erli18n" init -l de -o init.out merge/ref.pot
bench msgattrib "merged.po, --no-obsolete" 0 msgattrib.out msgattrib.out "" -- \
  msgattrib --no-obsolete -o msgattrib.out merged.po --
cd "$work/extract"
bench xgettext "$(wc -l < files.txt) generated C++ files" 3 xgettext.pot xgettext.pot extract.pot -- \
  xgettext --language=C++ --from-code=UTF-8 "${extract_keywords[@]}" -f files.txt -o xgettext.pot -- \
  "$erli18n" extract "${extract_keywords[@]}" -f files.txt -o extract.pot
exit $status
