#!/usr/bin/env bash
# Real gettext programs with and without LD_PRELOAD of liberli18n_intl.so: coreutils' ls,
# cp and date and GNU grep, usage and error messages, under LANGUAGE set to each of 10
# languages and two locale aliases (locale C.UTF-8), must print the same bytes and exit with the same status.
# Messages glibc translates for itself (strerror's, in the libc domain) go through glibc's
# internal calls in both runs. Fails when a language's output is untranslated (the
# comparison would then prove nothing).
# Usage: intl_real_programs.sh LIB   (env: TEST_TMP)
set -uo pipefail
lib=$1
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP"
# german and french are names from glibc's locale.alias (de_DE.ISO-8859-1, fr_FR.ISO-8859-1).
languages=(de fr es it ja ru pl pt_BR zh_CN uk german french)
commands=(
  "ls --help"
  "ls /nonexistent-erli18n"
  "grep --help"
  "grep"
  "cp"
  "cp /nonexistent-erli18n $TEST_TMP/x"
  "date -d erli18n-not-a-date"
  "date --help"
)
# A sanitizer build of the library needs its runtime loaded first into programs built
# without it; their own leaks are not ours to report.
preload=$lib sanitizer_env=()
runtimes=$(ldd "$lib" | awk '/lib(asan|ubsan)\.so|libclang_rt\.(asan|ubsan)/ {print $3}' | paste -sd:)
if [[ -n $runtimes ]]; then
  preload=$runtimes:$lib
  sanitizer_env=(ASAN_OPTIONS=detect_leaks=0)
fi
failures=0 runs=0
for language in "${languages[@]}"; do
  for command in "${commands[@]}"; do
    base=$TEST_TMP/$language.$((runs % ${#commands[@]}))
    # shellcheck disable=SC2086 # the command is split on purpose
    env -i PATH=/usr/bin:/bin LANG=C.UTF-8 LANGUAGE="$language" $command > "$base.glibc" 2>&1
    echo "exit $?" >> "$base.glibc"
    # shellcheck disable=SC2086
    env -i PATH=/usr/bin:/bin LANG=C.UTF-8 LANGUAGE="$language" "${sanitizer_env[@]}" LD_PRELOAD="$preload" $command \
      > "$base.erli18n" 2>&1
    echo "exit $?" >> "$base.erli18n"
    runs=$((runs + 1))
    if ! cmp -s "$base.glibc" "$base.erli18n"; then
      echo "intl_real_programs: LANGUAGE=$language $command: outputs differ (glibc <, erli18n >)" >&2
      diff "$base.glibc" "$base.erli18n" | sed -n 1,10p >&2
      failures=$((failures + 1))
    fi
  done
  # ls --help in English starts "Usage:"; translated, it does not.
  if grep -q '^Usage: ls' "$TEST_TMP/$language.0.glibc"; then
    echo "intl_real_programs: LANGUAGE=$language: ls --help is not translated" >&2
    failures=$((failures + 1))
  fi
done
echo "intl_real_programs: $runs runs (${#languages[@]} languages x ${#commands[@]} commands), $failures differ"
((failures == 0))
