#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msgcat (tools/erli18n/gnu/msgcat_command.cc, gnu_options.cc) or the library code it runs, run
# it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msgcat_gnu` (or make
# test-all).
# The GNU-compatible msgcat (build/gnu/bin/msgcat) against GNU msgcat 0.21: for each option it
# supports, spelled as GNU's users spell it (long, abbreviated, short, bundled, attached, after
# the operands), the same bytes on standard output or in the -o file and the same exit status;
# over the crafted inputs of tests/data/cat (duplicates with equal and differing translations,
# differing headers, comments, flags, obsolete entries, plural messages, contexts, charsets),
# every pair of format and wrap flags, and real catalogs: two versions of one catalog
# (merge_mutate.awk makes the second) and one domain's catalogs in several locales. The options
# it refuses exit 1 with a word saying so.
# Usage: msgcat_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
# shellcheck source=gnu_compare.sh
. "$(dirname "$0")/gnu_compare.sh"
need_env GNU_BIN TEST_DATA
need_tools msgcat msgunfmt
count=${1:-30}
ours=$GNU_BIN/msgcat
MUTATE=$(cd "$(dirname "$0")" && pwd)/merge_mutate.awk
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: GNU's msgcat and ours on ARGS (gnu_compare.sh).
compare() { compare_with_gnu msgcat "$@"; }

d=$TEST_DATA/cat
sets=("$d/a.po $d/b.po" "$d/b.po $d/a.po" "$d/c.po $d/d.po" "$d/d.po $d/c.po" "$d/h1.po $d/h2.po $d/h3.po"
  "$d/h3.po $d/h1.po $d/h2.po" "$d/q1.po $d/q2.po" "$d/r1.po $d/r2.po" "$d/r2.po $d/r1.po"
  "$d/flags_a.po $d/flags_b.po" "$d/flags_b.po $d/flags_a.po" "$d/l1.po $d/u.po" "$d/u.po $d/l1.po"
  "$d/l1.po $d/l2.po" "$d/t2.pot $d/u.po" "$d/t2.pot $d/t2.pot" "$d/sub/e.po $d/f.po" "$d/c.po $d/c.po"
  "$d/a.po" "$d/l1.po" "$d/n3.po" "$d/a.po $d/b.po $d/c.po $d/d.po $d/q1.po $d/r1.po"
  "$d/dup.po" "$d/a.po $d/dup.po" "$d/flags_b.po $d/a.po" "$d/flags_b.po $d/l1.po $d/u.po"
  "$d/untranslated_a.po" "$d/untranslated_a.po $d/untranslated_b.po" "$d/untranslated_b.po $d/untranslated_a.po")
modes=("" "-o out.po" "--output-file=out.po" "--output out.po" "-o -" "--use-first" "--use" "--more-than=1"
  "--mo 1" "->1" "-> 1" "--less-than=2" "--le=2" "-<2" "-u" "--unique" "--un" "-t UTF-8" "--to-code=ISO-8859-1"
  "--to=ASCII" "--lang=de" "--lang pt_BR" "--la=" "-s" "--sort-output" "--sort-o" "-F" "--sort-by-file"
  "--sort-b" "-n" "--add-location" "--add-location=file" "--add-location=never" "--add-location=full"
  "--no-location" "--no-l" "-w 30" "-w30" "--width=40" "--wid 25" "--no-wrap" "--no-w" "--force-po" "--force"
  "-e" "--no-escape" "-suw 40" "-Fo out.po" "--use-first -u" "-u --more-than=1" "--more-than=-1"
  "--more-than=3x" "--more-than=1 --less-than=3" "-ut UTF-8" "--force-po -o out.po" "--no-location -F"
  "-i" "--indent" "--ind" "-iw 30" "-ui" "-io out.po" "-i --no-wrap" "--indent -w 20" "--indent --use-first -F"
  "-E" "--escape" "--esc" "-Ew 30" "-E --no-wrap" "-E -e" "-e -E" "-Ei" "--strict" "--stric" "--strict -i"
  "--strict --add-location=file" "--strict -E -w 40" "--strict -F" "--add-location=yes" "--add-location=no")
# Every set under every mode, or a sample of the grid that keeps each (parity_modes).
for i in "${!sets[@]}"; do
  set=${sets[i]}
  mapfile -t set_modes < <(parity_modes "$i" "${#sets[@]}" "${modes[@]}")
  for mode in "${set_modes[@]}"; do
    # shellcheck disable=SC2086 # a mode and a set are several words
    compare "$set" $mode $set
    # shellcheck disable=SC2086
    compare "$set (options after the operands)" $set $mode
  done
  ok
done

# Every pair of format and wrap flags, in both orders.
flags=("" "c-format" "no-c-format" "possible-c-format" "impossible-c-format" "python-format" "no-python-format"
  "wrap" "no-wrap" "range: 1..5" "range: 3..9" "c-format, no-wrap")
for i in "${!flags[@]}"; do
  a=${flags[i]}
  mapfile -t pair_flags < <(parity_modes "$i" "${#flags[@]}" "${flags[@]}")
  for b in "${pair_flags[@]}"; do
    printf '#, %s\nmsgid "m"\nmsgstr "t"\n\n#, %s\nmsgid "n"\nmsgstr ""\n' "$a" "$a" > fa.po
    printf '#, %s\nmsgid "m"\nmsgstr "t"\n\n#, %s\nmsgid "n"\nmsgstr ""\n' "$b" "$b" > fb.po
    compare "flags [$a] [$b]" fa.po fb.po
    compare "flags [$a] [$b]" --use-first fa.po fb.po
    compare "flags [$a] [$b]" -i fa.po fb.po
  done
done
ok

# Catalogs of several domains (`domain "NAME"` lines): each domain's inputs concatenated, the
# default domain first, then in the order they appear; selecting by count is refused.
md=$TEST_DATA/merge_multidomain
for set in "$md/def.po" "$md/starts.po" "$md/repeated.po" "$md/def.po $md/starts.po" "$md/starts.po $md/def.po" \
  "$md/def.po $md/repeated.po" "$md/ref.pot $md/def.po" "$d/a.po $md/starts.po"; do
  for mode in "" "-s" "-F" "--use-first" "-i" "--strict" "-E --strict" "--no-location" "-w 30" "--force-po" \
    "-t ISO-8859-1"; do
    # shellcheck disable=SC2086 # a mode and a set are several words
    compare "domains: $set" $mode $set
  done
done
ok

# Standard input, -D and -f.
stdin=$d/a.po
compare "standard input" - "$d/b.po"
compare "standard input" "$d/b.po" -
compare "standard input" -u -- - "$d/b.po"
stdin=
compare "-D" -D "$d" a.po b.po
compare "-D" --directory="$d/sub" --dir "$d" e.po f.po
compare "-D, a file in none of them" -D "$d/sub" e.po f.po
compare "-D, an absolute name" -D "$d/sub" "$d/a.po"
printf '%s  \n\n# a comment\n%s\n' "$d/a.po" "$d/b.po" > list
printf '%s\n' "$d/c.po" > list2
compare "-f" -f list
compare "-f" --files-from=list "$d/c.po"
compare "-f" "$d/c.po" --files-f list
compare "-f, the last one" -f list2 -f list
compare "-f" -f list -D "$d" d.po
compare "-f, a missing list" -f no-such-list
ok

# Bad command lines: the same exit status; glibc's words, named as started.
compare "no input" 
compare "no input" --force-po
compare "a missing file" no-such-file.po
compare "sorted twice" -s -F "$d/a.po"
compare "impossible selection" --more-than=2 --less-than=2 "$d/a.po"
compare "impossible selection" --less-than=-1 "$d/a.po"
compare "bad --add-location" --add-location=bogus "$d/a.po"
compare "non-portable --to-code" -t latin1 "$d/a.po"
compare "unknown option" --no-such-option "$d/a.po"
compare "missing argument" "$d/a.po" -o
for args in --f --l --n --p --s --u --st --sort "--no-such-option x.po" "-Z x.po" "x.po -o" "x.po --w" \
  "--no-wrap=1 x.po" "--force-po=yes" "--more" "--to"; do
  set +e
  # shellcheck disable=SC2086 # several words
  "$ours" $args > /dev/null 2> ours.err < /dev/null
  # shellcheck disable=SC2086
  msgcat $args > /dev/null 2> gnu.err < /dev/null
  set -e
  sed "s|^$ours:|msgcat:|; s|'$ours --help'|'msgcat --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || fail "msgcat $args: diagnostic differs: $(cat ours.err) / GNU: $(cat gnu.err)"
done
ok

# What is not supported says so and fails, rather than writing something else.
for option in -p -P --stringtable-input --stringtable-output --color \
  "--style=x.css"; do
  set +e
  "$ours" "$option" "$d/a.po" > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# Real catalogs: each picked catalog with a second version of itself (some entries fuzzy,
# untranslated, commented or obsolete) and with its template, and its domain in other locales.
real_catalogs_pick /usr/share/locale "$count" picked -size -80k -size +2k
real=0
while read -r mo; do
  msgunfmt "$mo" -o v1.po 2> /dev/null || continue
  msgcat --no-wrap v1.po -o flat.po
  awk -v mode=def -f "$MUTATE" flat.po > v2.po
  awk -v mode=ref -f "$MUTATE" flat.po > v0.pot
  domain=$(basename "$mo")
  locales=()
  for other in /usr/share/locale/*/LC_MESSAGES/"$domain"; do
    [ "$other" = "$mo" ] && continue
    locales+=("$other")
    [ ${#locales[@]} -ge 3 ] && break
  done
  others=()
  for i in "${!locales[@]}"; do
    msgunfmt "${locales[i]}" -o "locale$i.po" 2> /dev/null && others+=("locale$i.po")
  done
  real=$((real + 1))
  compare "real:$mo" v1.po v2.po
  compare "real:$mo" v2.po v1.po
  compare "real:$mo" --use-first v2.po v1.po
  compare "real:$mo" -u v1.po v2.po
  compare "real:$mo" --more-than=1 -s v1.po v2.po
  compare "real:$mo" v0.pot v1.po
  compare "real:$mo" -F v1.po v0.pot
  compare "real:$mo" v1.po "${others[@]}"
  compare "real:$mo" -t UTF-8 --no-wrap v1.po "${others[@]}"
  compare "real:$mo" -i v1.po v2.po
  compare "real:$mo" --indent -w 60 v0.pot v1.po
  compare "real:$mo" -i --no-wrap v2.po "${others[@]}"
  compare "real:$mo" --use-first --lang=xx "${others[@]}" v1.po
  compare "real:$mo" -E v1.po v2.po
  compare "real:$mo" --escape -w 50 -t UTF-8 v1.po "${others[@]}"
  compare "real:$mo" -Ei v0.pot v1.po
  compare "real:$mo" --strict v1.po v2.po
  compare "real:$mo" --strict -E --add-location=file v0.pot v1.po
  ok
done < picked
real_catalogs_need msgcat_gnu "real catalogs" "$real" "$((count / 2))"
passed msgcat_gnu
