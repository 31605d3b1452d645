#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msguniq (tools/erli18n/gnu/msguniq_command.cc, gnu_options.cc) or the library code it runs,
# run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msguniq_gnu` (or
# make test-all).
# The GNU-compatible msguniq (build/gnu/bin/msguniq) against GNU msguniq 0.21: for each option
# it supports, spelled as GNU's users spell it (long, abbreviated, short, bundled, attached,
# after the operand), the same bytes on standard output or in the -o file and the same exit
# status; over catalogs with duplicates of every kind (tests/data/cat/dup*.po: equal and
# differing translations, comments, flags, contexts, plural and obsolete duplicates), catalogs
# without any, and real catalogs each written twice into one file, the second time changed by
# merge_mutate.awk. The options it refuses exit 1 with a word saying so.
# Usage: msguniq_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
# shellcheck source=gnu_compare.sh
. "$(dirname "$0")/gnu_compare.sh"
need_env GNU_BIN TEST_DATA
need_tools msguniq msgunfmt msgcat
count=${1:-30}
ours=$GNU_BIN/msguniq
MUTATE=$(cd "$(dirname "$0")" && pwd)/merge_mutate.awk
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: GNU's msguniq and ours on ARGS (gnu_compare.sh).
compare() { compare_with_gnu msguniq "$@"; }

d=$TEST_DATA/cat
inputs=("$d/dup.po" "$d/dup2.po" "$d/untranslated_a.po" "$d/a.po" "$d/c.po" "$d/l1.po" "$d/t2.pot" "$d/r1.po")
modes=("" "-o out.po" "--output-file=out.po" "--out out.po" "-o -" "-d" "--repeated" "--rep" "-u" "--unique"
  "--un" "-d -u" "-u -d" "--use-first" "--use" "-d --use-first" "-du" "-t UTF-8" "--to-code=ISO-8859-1" "--to ASCII"
  "-s" "--sort-output" "--sort-o" "-F" "--sort-by-file" "--sort-b" "-n" "--add-location" "--add-location=file"
  "--add-location=never" "--no-location" "--no-l" "-w 30" "-w30" "--width=40" "--no-wrap" "--no-w" "--force-po"
  "--force" "-e" "--no-escape" "-dsw 40" "-uFo out.po" "--force-po -u -o out.po" "-i" "--indent" "--ind" "-di" "-iw 30"
  "-i --no-wrap" "-E" "--escape" "--esc" "-Ew 30" "-E -e" "-dE" "-Ei" "--strict" "--stric" "--strict -i"
  "--strict --add-location=file" "--strict -E -u" "--add-location=yes" "--add-location=no")
# A catalog of several domains (`domain "NAME"` lines): each domain on its own.
md=$TEST_DATA/merge_multidomain
for input in "$md/def.po" "$md/starts.po" "$md/repeated.po"; do
  for mode in "" "-s" "--use-first" "-i" "--strict" "-E --strict" "--no-location"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "domains: $input" $mode "$input"
  done
done
ok

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

# Standard input: no operand, or `-`; -D.
stdin=$d/dup2.po
compare "standard input"
compare "standard input" -
compare "standard input" -d -o out.po -
compare "standard input" -- -
stdin=
compare "-D" -D "$d" dup.po
compare "-D" --directory="$d/sub" --dir "$d" dup2.po
compare "-D, a file in none of them" -D "$d/sub" dup.po
ok

# Bad command lines: the same exit status; glibc's words, named as started.
compare "two inputs" "$d/dup.po" "$d/a.po"
compare "a missing file" no-such-file.po
compare "sorted twice" -s -F "$d/dup.po"
compare "bad --add-location" --add-location=bogus "$d/dup.po"
compare "non-portable --to-code" -t latin1 "$d/dup.po"
for args in --n --p --s --u --st --sort "--no-such-option x.po" "-Z x.po" "x.po -o" "x.po --w" "--no-wrap=1 x.po" \
  "--force-po=yes" "--more-than=1" "-f x" "--to"; do
  set +e
  # shellcheck disable=SC2086 # several words
  "$ours" $args > /dev/null 2> ours.err < /dev/null
  # shellcheck disable=SC2086
  msguniq $args > /dev/null 2> gnu.err < /dev/null
  set -e
  sed "s|^$ours:|msguniq:|; s|'$ours --help'|'msguniq --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || fail "msguniq $args: diagnostic differs: $(cat ours.err) / GNU: $(cat gnu.err)"
done
ok

# What is not supported says so and fails, rather than writing something else.
for option in -p -P --stringtable-input --stringtable-output --color \
  "--style=x.css"; do
  set +e
  "$ours" "$option" "$d/dup.po" > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# Real catalogs, each followed in one file by a changed copy of its messages.
real_catalogs_pick /usr/share/locale "$count" picked -size -80k -size +2k
real=0
while read -r mo; do
  msgunfmt "$mo" -o v1.po 2> /dev/null || continue
  msgcat --no-wrap v1.po -o flat.po
  awk -v mode=def -f "$MUTATE" flat.po > v2.po
  # The second copy without its header: the header is not duplicated, the messages are.
  { cat v1.po; echo; awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 1' v2.po; } > twice.po
  real=$((real + 1))
  compare "real:$mo" twice.po
  compare "real:$mo" -d twice.po
  compare "real:$mo" -u twice.po
  compare "real:$mo" --use-first -s twice.po
  compare "real:$mo" v1.po
  compare "real:$mo" -i twice.po
  compare "real:$mo" --indent -d -w 50 twice.po
  compare "real:$mo" -E twice.po
  compare "real:$mo" --strict -d twice.po
  ok
done < picked
real_catalogs_need msguniq_gnu "real catalogs" "$real" "$((count / 2))"
passed msguniq_gnu
