#!/usr/bin/env bash
# Tests scripts/fuzz_check.sh (ctest `fuzz_check_script`) with stand-in fuzzers: small
# scripts that print what libFuzzer prints, so that every verdict is checked in the normal
# build, without clang. The real fuzzers' output format is checked by
# `fuzz_check.sh --self-test` in `make fuzz-check`.
#
#   fuzz/fuzz_check_test.sh SCRIPT
set -euo pipefail
script="${1:?usage: $0 path/to/fuzz_check.sh}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
src="$tmp/src"
build="$tmp/build"
mkdir -p "$src/fuzz/corpus" "$build/bin"

fails=0
expect() {  # expect WHAT CONDITION-COMMAND...
  local what="$1"
  shift
  if "$@"; then
    echo "ok: $what"
  else
    echo "FAILED: $what"
    fails=$((fails + 1))
  fi
}

# A stand-in fuzzer NAME that prints COUNT as its executed units (none when COUNT is "-") and
# exits with RC. It records its arguments and writes a new input into its corpus folder (its
# last argument), as libFuzzer does.
fake() {
  local name="$1" count="$2" rc="$3"
  touch "$src/fuzz/$name.cc"
  mkdir -p "$src/fuzz/corpus/$name"
  echo seed >"$src/fuzz/corpus/$name/seed"
  cat >"$build/bin/$name" <<EOF
#!/usr/bin/env bash
printf '%s\n' "\$@" >"$tmp/$name.args"
for last; do :; done
echo new >"\$last/new-input"
if [[ "$count" != - ]]; then echo "stat::number_of_executed_units: $count"; fi
if [[ $rc -ne 0 ]]; then echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow"; echo "artifact_prefix='x'; Test unit written to $build/crash-1"; fi
exit $rc
EOF
  chmod +x "$build/bin/$name"
}

fake fuzz_good 90000 0
fake fuzz_other 6000 0
fake fuzz_few 12 0
fake fuzz_crash 70 1
fake fuzz_silent - 0
touch "$src/fuzz/fuzz_unbuilt.cc"
mkdir -p "$src/fuzz/corpus/fuzz_unbuilt" && echo seed >"$src/fuzz/corpus/fuzz_unbuilt/seed"
fake fuzz_seedless 9000 0
rm -rf "$src/fuzz/corpus/fuzz_seedless"

run() {  # run LOG ARGS...: the check's exit status
  local log="$1"
  shift
  local rc=0
  bash "$script" --source "$src" --seconds 1 --min-execs 5000 "$@" >"$log" 2>&1 || rc=$?
  return $rc
}

expect "fuzzers that run enough pass" run "$tmp/good.log" --jobs 2 "$build" fuzz_good fuzz_other
expect "the verdict gives the count" grep -q '^fuzz-check: ok   fuzz_good: 90000 inputs in' "$tmp/good.log"
expect "the time limit and the final stats are asked for" \
  bash -c "grep -qx -- -max_total_time=1 '$tmp/fuzz_good.args' && grep -qx -- -print_final_stats=1 '$tmp/fuzz_good.args'"
corpus_arg="$(tail -n 1 "$tmp/fuzz_good.args")"
expect "the fuzzer is given a copy of its corpus" test "$corpus_arg" != "$src/fuzz/corpus/fuzz_good"
expect "the seed corpus is left unchanged" test ! -e "$src/fuzz/corpus/fuzz_good/new-input"
expect "the copy is removed afterwards" test ! -e "$corpus_arg"

for f in fuzz_few fuzz_crash fuzz_silent fuzz_unbuilt fuzz_seedless; do
  expect "$f alone fails the check" bash -c "! bash '$script' --source '$src' --seconds 1 --min-execs 5000 '$build' $f >/dev/null 2>&1"
done

expect "all of fuzz/ fails when one fails" bash -c "! bash '$script' --source '$src' --seconds 1 --min-execs 5000 --jobs 3 '$build' >'$tmp/all.log' 2>&1"
expect "too few inputs is reported" grep -q '^fuzz-check: FAIL fuzz_few: executed 12 inputs in [0-9]* s, fewer than 5000$' "$tmp/all.log"
expect "a finding is reported with its input" \
  grep -q "^fuzz-check: FAIL fuzz_crash: finding (libFuzzer exit 1 after 70 inputs), input in $build/crash-1$" "$tmp/all.log"
expect "a finding's log is shown" grep -q 'AddressSanitizer: heap-buffer-overflow' "$tmp/all.log"
expect "missing stats are reported" grep -q '^fuzz-check: FAIL fuzz_silent: no stat::number_of_executed_units' "$tmp/all.log"
expect "an unbuilt fuzzer is reported" grep -q '^fuzz-check: FAIL fuzz_unbuilt: not built' "$tmp/all.log"
expect "a fuzzer without seeds is reported" grep -q '^fuzz-check: FAIL fuzz_seedless: no seed corpus' "$tmp/all.log"
expect "the good ones still pass among them" grep -q '^fuzz-check: ok   fuzz_good:' "$tmp/all.log"
expect "the summary counts the failures" grep -q '^fuzz-check: 7 fuzzers, 5 failed' "$tmp/all.log"

if [[ $fails -ne 0 ]]; then
  echo "---- $tmp/all.log"
  cat "$tmp/all.log"
  exit 1
fi
echo "fuzz_check.sh: all verdicts as expected"
