#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msgattrib (tools/erli18n/gnu/msgattrib_command.cc, gnu_options.cc) or the library code it
# runs, run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msgattrib_gnu`
# (or make test-all).
# The GNU-compatible msgattrib (build/gnu/bin/msgattrib) against GNU msgattrib 0.21: each
# selection and change it supports, alone and combined, spelled as GNU's users spell it (long,
# abbreviated, short, bundled, attached, after the operand), the same bytes on standard output
# or in the -o file and the same exit status; over the crafted catalogs of tests/data/attrib
# (fuzzy, obsolete, previous msgids, untranslated, plural and context entries, a fuzzy header,
# a header alone, ISO-8859-1) and a sample of the real catalogs (real_catalogs.sh) decompiled
# by msgunfmt. The options it refuses exit 1 with a word saying so.
# Usage: msgattrib_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
# shellcheck source=gnu_compare.sh
. "$(dirname "$0")/gnu_compare.sh"
need_env GNU_BIN TEST_DATA
need_tools msgattrib msgunfmt
count=${1:-30}
ours=$GNU_BIN/msgattrib
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: GNU's msgattrib and ours on ARGS (gnu_compare.sh).
compare() { compare_with_gnu msgattrib "$@"; }

cp "$TEST_DATA"/attrib/*.po .
inputs=(mixed.po header-fuzzy.po header-only.po latin1.po)
selections=(--translated --untranslated --no-fuzzy --only-fuzzy --no-obsolete --only-obsolete
  "--translated --no-fuzzy" "--untranslated --only-fuzzy" "--translated --untranslated" "--only-fuzzy --no-fuzzy"
  "--no-obsolete --only-fuzzy")
changes=(--set-fuzzy --clear-fuzzy --set-obsolete --clear-obsolete --clear-previous "--clear-fuzzy --empty" --empty
  "--set-fuzzy --previous" --previous "--set-fuzzy --clear-fuzzy" "--set-obsolete --clear-obsolete" --fuzzy
  --obsolete "--set-fuzzy --only-file=only.po" "--set-fuzzy --ignore-file=only.po" "--set-obsolete --only-file=only.po"
  "--clear-fuzzy --empty --ignore-file=only.po" "--only-fuzzy --set-obsolete" "--untranslated --set-fuzzy --previous"
  "--clear-obsolete --no-fuzzy" "--obsolete --clear-previous")
spellings=("" "-o out.po" "--output-file=out.po" "--output out.po" "-o -" "--no-wrap" "--no-wr" "-w 30" "--width=20"
  "--wid 45" "-w5" "--force-po" "--force" "-e" "--no-escape" "--force-po -o out.po" "-s" "--sort-output" "--sort-o"
  "-F" "--sort-by-file" "-Fo out.po" "-sw 30" "--no-location" "--no-l" "-n" "--add-location" "--add-location=file"
  "--add-location=never" "--add-location=full" "--add-location=yes" "--add-location=no" "--add=file" "-n --no-location"
  "--no-location -n" "--add-location=file -n" "-D . " "--directory=." "--trans" "--untr" "--only-f" "--only-o"
  "--no-fu" "--no-ob" "--set-f" "--set-o" "--clear-f" "--clear-o" "--clear-p" "--prev --set-fuzzy" "--em --fuzzy"
  "--fuz" "--obs" "--only-fi=only.po --set-fuzzy" "--ig only.po --set-fuzzy" "-i" "--indent" "--ind" "-iw 30"
  "-si" "-io out.po" "-i --no-wrap" "--indent --set-fuzzy --previous" "-i --clear-obsolete" "-i --only-obsolete"
  "-E" "--escape" "--esc" "-Ew 30" "-E -e" "-e -E" "-Ei" "-E --set-fuzzy --previous" "--strict" "--stric"
  "--strict -i" "--strict --add-location=file" "--strict -E --only-obsolete" "--strict --clear-obsolete")
# Every input under every mode, and every selection with every change, or a sample of each grid
# that keeps every row and column (parity_modes).
for i in "${!inputs[@]}"; do
  input=${inputs[i]}
  mapfile -t input_modes < <(parity_modes "$i" "${#inputs[@]}" "${selections[@]}" "${changes[@]}" "${spellings[@]}")
  for mode in "${input_modes[@]}"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$input" $mode "$input"
    # shellcheck disable=SC2086
    compare "$input (options after the operand)" "$input" $mode
  done
  ok
  # Every selection with every change.
  for s in "${!selections[@]}"; do
    selection=${selections[s]}
    mapfile -t selection_changes < <(parity_modes "$((s + i))" "${#selections[@]}" "${changes[@]}")
    for change in "${selection_changes[@]}"; do
      # shellcheck disable=SC2086
      compare "$input" $selection $change "$input"
    done
  done
  ok
done

# The input and the --only-file list found through -D (with .po added), and not beside it.
mkdir -p d1 d2
cp mixed.po d2/in.po
cp only.po d2/list.po
compare "-D" -D d1 -D d2 in
compare "-D" -D d1 -D d2 in.po --set-fuzzy --only-file=list
compare "-D" -Dd2 --directory d1 --ignore-file list.po --set-fuzzy in
compare "-D, not found beside" -D d1 mixed.po
compare ".po added" mixed
ok

# Standard input: no operand, or `-`.
stdin=mixed.po
compare "standard input"
compare "standard input" -
compare "standard input" --only-fuzzy -o out.po -
compare "standard input" -- -
stdin=header-only.po
compare "standard input, header only" -
compare "standard input, header only" --force-po
stdin=
ok

# Bad command lines: the same exit status.
compare "unknown option" --no-such-option mixed.po
compare "unknown short option" -Z mixed.po
compare "ambiguous prefix" --s mixed.po
compare "ambiguous prefix" --only mixed.po
compare "missing argument" mixed.po -o
compare "missing argument" mixed.po --only-file
compare "argument refused" --no-wrap=yes mixed.po
compare "bad --add-location" --add-location=fi mixed.po
compare "both sorts" -s -F mixed.po
compare "two inputs" mixed.po only.po
compare "a missing file" no-such-file.po
compare "a missing --only-file" --only-file=no-such-file.po mixed.po
compare "not a PO file" --only-file=/dev/null mixed.po
printf 'msgid "a"\nmsgstr "b"\nmsgid "a"\n' > broken.po
compare "a broken PO file" broken.po
ok

# What is not supported says so and fails, rather than writing something else.
for option in -p -P --properties-input --stringtable-input --stringtable-output \
  --color --color=never "--style=x.css"; do
  set +e
  "$ours" "$option" mixed.po > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# A sample of the real catalogs, decompiled, each under a few of the option sets.
real_catalogs_pick /usr/share/locale "$count" picked
mapfile -t real < picked
real_catalogs_need msgattrib_gnu "real catalogs" "${#real[@]}" "$count"
i=0
all=("${selections[@]}" "${changes[@]}" "${spellings[@]}")
for mo in "${real[@]}"; do
  msgunfmt --force-po "$mo" -o real.po
  # Some fuzzy entries to select: every fifth message after the header marked so.
  awk '/^msgid / && n++ % 5 == 4 { print "#, fuzzy" } { print }' real.po > fuzzy.po
  for input in real.po fuzzy.po; do
    for mode in "" "--only-fuzzy" "--no-fuzzy --translated" "--clear-fuzzy --empty" "-s" "-F --no-wrap" -i \
      "--indent --set-fuzzy --previous" -E "--strict --set-fuzzy --previous" "-E --strict -w 40" \
      "${all[i % ${#all[@]}]}" "${all[(i * 7 + 3) % ${#all[@]}]}"; do
      # shellcheck disable=SC2086
      compare "$mo" $mode "$input"
    done
  done
  i=$((i + 1))
  ok
done
passed msgattrib_gnu
