#!/usr/bin/env bash
# Whole-process start-up of short gettext programs, glibc against liberli18n_intl.so
# preloaded (issue 25, goal 4): `ls --help`, `grep --help` and `date --help` in French,
# German, Japanese and a language with no catalog (xx), and intl_lookups (10,000 lookups of
# coreutils' French catalog) timed whole and around its lookups.
#
# Each pair runs in one hyperfine call (-N, 5 warm-ups, RUNS runs each), ROUNDS times, the
# order swapped every round; the table gives the median over all runs of each, the ratio
# erli18n / glibc (at most 1.0 is the goal: no slower than glibc) and that of CPU times. Both commands start
# through the dynamic linker, `ld.so [--preload LIB] PROGRAM`, so that nothing but the
# preload differs between them (an `env LD_PRELOAD=...` would add a process to one side, or
# preload the library into env too).
# Usage: bench/intl_startup.sh LIB [INTL_LOOKUPS]   (ROUNDS=3 RUNS=100 in the environment)
# On an idle machine: the figures are whole milliseconds and every other process shows.
set -euo pipefail
lib=$(readlink -f "$1")
lookups_bin=${2:-}
rounds=${ROUNDS:-3}
runs=${RUNS:-100}
command -v hyperfine > /dev/null || { echo "intl_startup.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
interp=$(readelf -l /bin/ls | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LANG=C.UTF-8
unset LC_ALL LC_MESSAGES

for lang in fr de ja; do
  for domain in coreutils grep; do
    [[ -f /usr/share/locale/$lang/LC_MESSAGES/$domain.mo ]] ||
      echo "warning: no /usr/share/locale/$lang/LC_MESSAGES/$domain.mo (shipped by the $domain package)" >&2
  done
done

# medians PREFIX: the medians, in milliseconds, of all the runs of each command in the
# rounds' JSON files PREFIX*.json, their ratio, and the ratio of their CPU times (user +
# system, hyperfine's means per round, averaged): wall time waits for the CPU when other
# processes run, CPU time much less.
medians() {
  python3 - "$@" << 'EOF'
import glob, json, statistics, sys
times = {"glibc": [], "ours": []}
cpu = {"glibc": [], "ours": []}
for path in glob.glob(sys.argv[1] + "*.json"):
    for result in json.load(open(path))["results"]:
        form = "ours" if "--preload" in result["command"] else "glibc"
        times[form] += result["times"]
        cpu[form].append(result["user"] + result["system"])
g, o = statistics.median(times["glibc"]) * 1e3, statistics.median(times["ours"]) * 1e3
cpu_ratio = statistics.mean(cpu["ours"]) / statistics.mean(cpu["glibc"])
print(f"{g:8.3f} {o:8.3f} {o / g:6.2f} {cpu_ratio:6.2f}")
EOF
}

# pair NAME PROGRAM ARGS...: both forms of the command, ROUNDS hyperfine calls.
pair() {
  local name=$1
  shift
  local glibc="$interp $*" ours="$interp --preload $lib $*"
  rm -f "$work/$name"-*.json
  for ((round = 0; round < rounds; round++)); do
    if ((round % 2 == 0)); then set -- "$glibc" "$ours"; else set -- "$ours" "$glibc"; fi
    hyperfine -N -w 5 -r "$runs" --export-json "$work/$name-$round.json" "$@" > /dev/null 2>&1
  done
  medians "$work/$name-"
}

printf '%-22s %-4s %8s %8s %6s %6s\n' command lang "glibc ms" "ours ms" ratio "cpu"
for lang in fr de ja xx; do
  for program in ls grep date; do
    printf '%-22s %-4s ' "$program --help" "$lang"
    LANGUAGE=$lang pair "$program-$lang" "$(command -v "$program")" --help
  done
done
if [[ -n "$lookups_bin" ]]; then
  bin=$(readlink -f "$lookups_bin")
  printf '%-22s %-4s ' "intl_lookups (whole)" fr
  pair lookups "$bin" fr coreutils 10000 2000
  # Around the lookups (the catalog's load is in the first one): the median of 21 runs each.
  for form in glibc ours; do
    preload=()
    [[ $form == ours ]] && preload=(--preload "$lib")
    for i in $(seq 21); do "$interp" "${preload[@]}" "$bin" fr coreutils 10000 2000; done |
      awk '{print $8}' | sort -n | sed -n 11p > "$work/loop-$form"
  done
  awk -v g="$(cat "$work/loop-glibc")" -v o="$(cat "$work/loop-ours")" 'BEGIN {
    printf "%-22s %-4s %8.3f %8.3f %6.2f   (around the lookups: glibc / ours %.2fx)\n",
           "intl_lookups (loop)", "fr", g / 1000, o / 1000, o / g, g / o }'
fi
