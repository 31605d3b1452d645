#!/usr/bin/env bash
# Runs every libFuzzer binary of a fuzz build for a bounded time and fails when one finds
# something or when one does not really fuzz. `make fuzz-check` runs it; `make test` too.
#
#   scripts/fuzz_check.sh [--seconds S] [--min-execs N] [--jobs J] [--source DIR] FUZZ_BUILD [FUZZER...]
#   scripts/fuzz_check.sh --self-test FUZZ_BUILD
#
# Each fuzzer runs for S seconds (default 25) from a copy of its seed corpus
# (fuzz/corpus/NAME) in a temporary folder, so fuzz/corpus is never written. It fails on:
#  - a finding: a crash, a sanitizer report, a leak, a timeout or an out-of-memory (libFuzzer
#    exits non-zero; its input is kept in FUZZ_BUILD/fuzz-check/ for replaying);
#  - fewer than N executed inputs (default 5000), as libFuzzer's final
#    `stat::number_of_executed_units` reports them: a fuzzer that dies or is stuck on its
#    first inputs, or rejects everything before reaching the code it is for, proves nothing;
#  - a fuzzer of fuzz/fuzz_*.cc that was not built, or one without a seed corpus.
# Without FUZZER arguments every fuzz/fuzz_*.cc is run. J fuzzers run at once (default 1);
# the count threshold is per fuzzer, whatever J. Extra libFuzzer flags can be given in
# FUZZ_CHECK_FLAGS (e.g. `-runs=100`).
#
# --self-test proves on a real fuzzer that the count is read and enforced: fuzz_po stopped
# after 100 runs (-runs=100) must fail the check as "fewer than 1000". fuzz/fuzz_check_test.sh
# (ctest `fuzz_check_script`) tests the other verdicts with stand-in fuzzers.
set -euo pipefail

seconds=25
min_execs=5000
jobs=1
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
usage() {
  echo "usage: $0 [--seconds S] [--min-execs N] [--jobs J] [--source DIR] FUZZ_BUILD [FUZZER...]" >&2
  exit 2
}
self_test=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --self-test) self_test=1; shift ;;
    --seconds) seconds="${2:?}"; shift 2 ;;
    --min-execs) min_execs="${2:?}"; shift 2 ;;
    --jobs) jobs="${2:?}"; shift 2 ;;
    --source) source_dir="${2:?}"; shift 2 ;;
    -*) usage ;;
    *) break ;;
  esac
done
[[ $# -ge 1 ]] || usage
build="$1"
shift

if [[ $self_test -eq 1 ]]; then
  log="$(mktemp)"
  if FUZZ_CHECK_FLAGS=-runs=100 bash "$0" --seconds 5 --min-execs 1000 --source "$source_dir" "$build" fuzz_po \
    >"$log" 2>&1; then
    cat "$log"
    echo "fuzz-check self-test: FAIL: a fuzzer stopped after 100 runs passed the check" >&2
    exit 1
  fi
  if ! grep -Eq '^fuzz-check: FAIL fuzz_po: executed [0-9]+ inputs in [0-9]+ s, fewer than 1000$' "$log"; then
    cat "$log"
    echo "fuzz-check self-test: FAIL: the check failed, but not for the count" >&2
    exit 1
  fi
  grep '^fuzz-check: FAIL' "$log" | sed 's/^/fuzz-check self-test: ok, as expected: /'
  rm -f "$log"
  exit 0
fi
for n in "$seconds" "$min_execs" "$jobs"; do
  [[ "$n" =~ ^[0-9]+$ ]] || usage
done
[[ "$jobs" -ge 1 ]] || usage

fuzzers=("$@")
if [[ ${#fuzzers[@]} -eq 0 ]]; then
  for f in "$source_dir"/fuzz/fuzz_*.cc; do
    name="$(basename "$f" .cc)"
    fuzzers+=("$name")
  done
fi
[[ ${#fuzzers[@]} -gt 0 ]] || { echo "fuzz-check: no fuzzers in $source_dir/fuzz" >&2; exit 1; }

# Stack traces with function names and lines: ASan finds no symbolizer on its own when only a
# versioned or unversioned llvm-symbolizer is installed outside clang's folder.
if [[ -z "${ASAN_SYMBOLIZER_PATH:-}" ]]; then
  for s in llvm-symbolizer-19 llvm-symbolizer; do
    if command -v "$s" >/dev/null; then
      ASAN_SYMBOLIZER_PATH="$(command -v "$s")"
      export ASAN_SYMBOLIZER_PATH
      break
    fi
  done
fi

out="$build/fuzz-check"
rm -rf "$out"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One fuzzer: its verdict goes to $out/NAME.verdict ("ok ..." or "FAIL ..."), its log to
# $out/NAME.log.
run_one() {
  local name="$1"
  local binary="$build/bin/$name" seeds="$source_dir/fuzz/corpus/$name"
  local log="$out/$name.log" verdict="$out/$name.verdict"
  if [[ ! -x "$binary" ]]; then
    echo "FAIL $name: not built ($binary)" >"$verdict"
    return
  fi
  if [[ ! -d "$seeds" ]] || [[ -z "$(ls -A "$seeds")" ]]; then
    echo "FAIL $name: no seed corpus in $seeds" >"$verdict"
    return
  fi
  local corpus="$work/$name"
  mkdir -p "$corpus"
  cp -R "$seeds/." "$corpus/"
  local rc=0 start end
  start=$(date +%s)
  # -timeout: an input that runs for 10 s is a hang; -rss_limit_mb: a runaway allocation is a
  # finding too. No -max_len: libFuzzer derives it from the corpus.
  # shellcheck disable=SC2086
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}" \
    "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/$name-" ${FUZZ_CHECK_FLAGS:-} "$corpus" >"$log" 2>&1 || rc=$?
  end=$(date +%s)
  local execs
  execs="$(sed -n 's/^stat::number_of_executed_units: *\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)"
  if [[ $rc -ne 0 ]]; then
    local artifact
    artifact="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)"
    echo "FAIL $name: finding (libFuzzer exit $rc after ${execs:-?} inputs)${artifact:+, input in $artifact}" >"$verdict"
  elif [[ -z "$execs" ]]; then
    echo "FAIL $name: no stat::number_of_executed_units in its output" >"$verdict"
  elif [[ "$execs" -lt "$min_execs" ]]; then
    echo "FAIL $name: executed $execs inputs in $((end - start)) s, fewer than $min_execs" >"$verdict"
  else
    echo "ok   $name: $execs inputs in $((end - start)) s" >"$verdict"
  fi
}

started=$(date +%s)
running=0
for name in "${fuzzers[@]}"; do
  run_one "$name" &
  running=$((running + 1))
  if [[ $running -ge $jobs ]]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

failed=0
for name in "${fuzzers[@]}"; do
  verdict="$(cat "$out/$name.verdict")"
  echo "fuzz-check: $verdict"
  if [[ "$verdict" == FAIL* ]]; then
    failed=$((failed + 1))
    if [[ -f "$out/$name.log" ]]; then
      echo "---- last lines of $out/$name.log"
      tail -n 40 "$out/$name.log"
      echo "----"
    fi
  fi
done
echo "fuzz-check: ${#fuzzers[@]} fuzzers, $failed failed, $(($(date +%s) - started)) s" \
  "(${seconds} s each, at least $min_execs inputs each)"
[[ $failed -eq 0 ]]
