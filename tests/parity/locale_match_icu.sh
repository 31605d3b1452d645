#!/usr/bin/env bash
# erli18n's best-fit matcher against ICU's LocaleMatcher (the one Android and Chrome use), with
# its defaults: for every set of available locales in tests/data/locale_match/available_sets.txt
# and the catalogs of /usr/share/locale, and every header of headers.txt, the same available
# locale chosen, or none by both, except where erli18n picks a locale named with glibc's script
# modifier (ICU does not read it). Known differences (docs/locales.md explains each) are listed
# in known_differences.txt and must still differ, so that a fix is noticed.
# Usage: locale_match_icu.sh ICU_ORACLE OURS  (env: TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
need_env TEST_DATA
icu=$1 ours=$2
data=$TEST_DATA/locale_match
fresh_tmp
cd "$TEST_TMP"

grep -v '^#' "$data/available_sets.txt" > sets.txt
# The catalogs of this machine, as a server would list its folders: sets of at most 150.
find /usr/share/locale -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort |
  grep -E '^[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?(@[a-z]+)?$' | paste -d, - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - |
  paste -d, - - - | sed 's/,,*$//; s/,,*/,/g' >> sets.txt
grep -v '^#' "$data/headers.txt" > headers.txt
: > cases.txt
while IFS= read -r set; do
  while IFS= read -r header; do printf '%s\t%s\n' "$set" "$header" >> cases.txt; done < headers.txt
done < sets.txt
cases=$(wc -l < cases.txt)
[ "$cases" -ge 500 ] || fail "only $cases cases (at least 500 expected)"
"$icu" < cases.txt > icu.out || fail "the ICU oracle failed"
"$ours" < cases.txt > ours.out || fail "erli18n's matcher failed"
# ICU does not read glibc's script modifiers (sr@latin is Latin Serbian; ICU takes the @ part
# for a keyword and sees Cyrillic sr): a difference where erli18n chose such a locale is by
# design (docs/locales.md), counted apart.
paste cases.txt icu.out ours.out | awk -F'\t' '$3 != $4' > all_differ.txt
awk -F'\t' '{ n = split($1, a, ","); pick = ($4 == "-") ? "" : a[$4 + 1]
  if (pick ~ /@(latin|cyrillic|devanagari)$/) print > "by_design.txt"; else print }' all_differ.txt > differ.txt
touch by_design.txt
{ grep -v "^#" "$data/known_differences.txt" || true; } | cut -f1-2 | LC_ALL=C sort > known.txt
cut -f1-2 differ.txt | LC_ALL=C sort > found.txt
unexpected=$(LC_ALL=C comm -23 found.txt known.txt | wc -l)
fixed=$(LC_ALL=C comm -13 found.txt known.txt | wc -l)
if [ "$unexpected" -gt 0 ]; then
  LC_ALL=C comm -23 found.txt known.txt | head -40 | while IFS=$'\t' read -r set header; do
    line=$(grep -F -- "$set	$header	" differ.txt | head -1)
    printf '  available=%s header=%s: ICU %s, erli18n %s\n' "$set" "$header" "$(cut -f3 <<< "$line")" "$(cut -f4 <<< "$line")"
  done
  fail "$unexpected of $cases cases differ from ICU (above, as indexes into available)"
fi
[ "$fixed" -eq 0 ] || fail "$fixed known differences no longer differ: remove them from known_differences.txt and docs/locales.md"
echo "$cases cases, $(wc -l < differ.txt) known differences, $(wc -l < by_design.txt) by design (a glibc script modifier)"
ok
