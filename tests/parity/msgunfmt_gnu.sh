#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msgunfmt (tools/erli18n/gnu/msgunfmt_command.cc, gnu_options.cc) or the library code it runs,
# run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msgunfmt_gnu` (or
# make test-all).
# The GNU-compatible msgunfmt (build/gnu/bin/msgunfmt) against GNU msgunfmt 0.21: for each
# option it supports, spelled as GNU's users spell it (long, abbreviated, short, bundled,
# attached, after the operands), the same bytes on standard output or in the -o file, the same
# exit status, and the same diagnostics for a bad command line; over the MO fixtures, the
# fixtures' PO compiled by msgfmt, a catalog of nothing but its header, and a sample of the
# real catalogs (real_catalogs.sh). The options it refuses exit 1 with a word saying so.
# Usage: msgunfmt_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
# shellcheck source=gnu_compare.sh
. "$(dirname "$0")/gnu_compare.sh"
need_env GNU_BIN TEST_DATA
need_tools msgunfmt msgfmt
count=${1:-40}
ours=$GNU_BIN/msgunfmt
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: GNU's msgunfmt and ours on ARGS (gnu_compare.sh).
compare() { compare_with_gnu msgunfmt "$@"; }

# A catalog of nothing but its header: written only under --force-po (and no -o file without).
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n' > header.po
msgfmt header.po -o header.mo
inputs=("$TEST_DATA"/mo/*.mo header.mo)
for po in "$TEST_DATA"/mo/po/*.po; do
  name=$(basename "$po" .po)
  msgfmt --use-fuzzy "$po" -o "fixture_$name.mo" 2> /dev/null && [ -s "fixture_$name.mo" ] && inputs+=("fixture_$name.mo")
done
modes=("" "-o out.po" "--output-file=out.po" "--output-f out.po" "-o -" "--no-wrap" "--no-w" "-w 30" "--width=20"
  "--wid 45" "-w5" "-w100" "--force-po" "--force" "-e" "--no-escape" "--force-po -o out.po" "--no-wrap -w 40"
  "-v" "--verbose" "-vv" "-ve" "-s" "--sort-output" "--sort" "-sw 30" "-svo out.po" "-i" "--indent" "--ind" "-is"
  "-iw 30" "-io out.po" "-i --no-wrap" "-E" "--escape" "--esc" "-Ew 30" "-E -e" "-e -E" "-Ei" "-Es" "--strict"
  "--stric" "--strict -i" "--strict -E -w 40")
# Every input under every mode, or a sample of the grid that keeps each (parity_modes).
for i in "${!inputs[@]}"; do
  input=${inputs[i]}
  mapfile -t input_modes < <(parity_modes "$i" "${#inputs[@]}" "${modes[@]}")
  for mode in "${input_modes[@]}"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$(basename "$input")" $mode "$input"
    # shellcheck disable=SC2086
    compare "$(basename "$input") (options after the operand)" "$input" $mode
  done
  ok
done

# Standard input: no operand, or `-`.
stdin=$TEST_DATA/mo/basic.mo
compare "standard input" 
compare "standard input" -
compare "standard input" --force-po -o out.po -
compare "standard input" -- -
stdin=header.mo
compare "standard input, header only" -
compare "standard input, header only" --force-po
stdin=
ok

# Bad command lines: GNU's words (named as started), then the same exit status.
compare "unknown option" --no-such-option "$TEST_DATA/mo/basic.mo"
compare "unknown short option" -Z "$TEST_DATA/mo/basic.mo"
compare "ambiguous prefix" --s "$TEST_DATA/mo/basic.mo"
compare "missing argument" "$TEST_DATA/mo/basic.mo" -o
compare "missing argument" "$TEST_DATA/mo/basic.mo" --output-file
compare "argument refused" --no-wrap=yes "$TEST_DATA/mo/basic.mo"
compare "a missing file" no-such-file.mo
compare "not an MO file" header.po
# The words too, for every prefix shared by several of GNU msgunfmt's options (the list names
# them in GNU's order) and for each kind of error.
for args in --c --cs --no- --st --s --v "--no-such-option x.mo" "-Z x.mo" "x.mo -o" "x.mo --w" "--o" \
  "--no-wrap=1 x.mo" "--force-po=yes"; do
  set +e
  # shellcheck disable=SC2086 # several words
  "$ours" $args > /dev/null 2> ours.err
  # shellcheck disable=SC2086
  msgunfmt $args > /dev/null 2> gnu.err
  set -e
  sed "s|^$ours:|msgunfmt:|; s|'$ours --help'|'msgunfmt --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || fail "msgunfmt $args: diagnostic differs: $(cat ours.err) / GNU: $(cat gnu.err)"
done
ok

# What is not supported says so and fails, rather than writing something else.
for option in -p -j --tcl --color "--style=x.css"; do
  set +e
  "$ours" "$option" "$TEST_DATA/mo/basic.mo" > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# Several inputs: their messages in one list, in order, repeats and every header included (-s
# sorts the whole list, repeats in their order).
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "A"\n\nmsgid "b"\nmsgstr "B1"\n' > m1.po
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nX: y\\n"\n\nmsgid "b"\nmsgstr "B2"\n\nmsgid "c"\nmsgstr "C"\n' > m2.po
msgfmt m1.po -o m1.mo
msgfmt m2.po -o m2.mo
b=$TEST_DATA/mo/basic.mo
for mode in "" "-s" "--strict" "-s --strict" "-i" "-o out.po" "--force-po" "-E -w 30"; do
  for files in "m1.mo m2.mo" "m2.mo m1.mo" "m1.mo m1.mo" "m1.mo $b m2.mo" "header.mo header.mo" "header.mo m1.mo" \
    "m1.mo header.mo" "m1.mo no-such-file.mo" "m1.mo header.po"; do
    # shellcheck disable=SC2086 # several words
    compare "several inputs" $mode $files
  done
done
stdin=m2.mo
compare "several inputs, standard input" m1.mo -
stdin=
ok

# A sample of the real catalogs, each under a few of the option sets.
charset_of() { msgunfmt "$1" 2> /dev/null | grep -m1 -o 'charset=[^\\]*' || true; }
real_catalogs_pick /usr/share/locale "$count" picked
mapfile -t real < picked
real_catalogs_need msgunfmt_gnu "real catalogs" "${#real[@]}" "$count"
i=0
for mo in "${real[@]}"; do
  for mode in "" "--no-wrap" "-w 60" "-s" "-i" "--indent -w 60" -E "--strict -s" "${modes[i % ${#modes[@]}]}"; do
    # shellcheck disable=SC2086
    compare "$mo" $mode "$mo"
  done
  # With the previous catalog when both have one charset (erli18n refuses a mix).
  if [ "$i" -gt 0 ] && [ "$(charset_of "$mo")" = "$(charset_of "${real[i - 1]}")" ]; then
    compare "$mo with the previous" -s "$mo" "${real[i - 1]}"
  fi
  i=$((i + 1))
  ok
done
passed msgunfmt_gnu
