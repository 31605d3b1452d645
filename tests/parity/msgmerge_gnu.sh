#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msgmerge (tools/erli18n/gnu/msgmerge_command.cc, gnu_options.cc) or the library code it runs,
# run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msgmerge_gnu` (or
# make test-all).
# The GNU-compatible msgmerge (build/gnu/bin/msgmerge) against GNU msgmerge 0.21: for each
# option it supports, spelled as GNU's users spell it (long, abbreviated, short, bundled,
# attached, after the operands), the same bytes on standard output and standard error (the
# progress dots and -v's counts; msgmerge runs on one thread here, where its dots do not depend
# on timing) and in the -o file, the same exit status; over the crafted pairs of tests/data/merge,
# the compendia of tests/data/merge_compendium, the command lines build systems use (-U with
# backups included), bad command lines, and pairs made from a sample of the real catalogs.
# The options it refuses exit 1 with a word saying so.
# Usage: msgmerge_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
# shellcheck source=gnu_compare.sh
. "$(dirname "$0")/gnu_compare.sh"
need_env GNU_BIN TEST_DATA
need_tools msgmerge msgunfmt msgcat
count=${1:-30}
ours=$GNU_BIN/msgmerge
MUTATE=$(cd "$(dirname "$0")" && pwd)/merge_mutate.awk
export LC_ALL=C OMP_NUM_THREADS=1
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: GNU's msgmerge and ours on ARGS (gnu_compare.sh).
compare_stderr=yes
compare() { compare_with_gnu msgmerge "$@"; }

modes=("" "-q" "--quiet" "--silent" "--qui" "-v" "-qv" "--verbose -q" "-o out.po" "--output-file=out.po -q"
  "--output-f out.po" "-qo out.po" "-o -" "--previous" "-q --pre" "-N" "--no-fuzzy" "-qN" "--for-msgfmt -q"
  "--for -q" "--no-location -q" "--no-l" "--add-location=file -q" "-n file -q" "-qnfile" "--add-location -q"
  "--add-loc=never" "-s -q" "-qs" "--sort-o" "-F -q" "--sort-by" "-qF" "--lang=pt_BR -q" "--lang pt_BR" "--lang= -q" "--color=auto -q"
  "-w 40 -q" "-qw40" "--width=30" "--wid 100" "--no-wrap -q" "--no-w" "--force-po -q" "-e -q" "--no-escape"
  "-m -q" "--multi" "-qm" "--color=never -q" "--previous -N -s --no-wrap -q" "-qsw 50 --lang=de"
  "-i -q" "--indent -q" "--ind" "-qi" "-iq --previous" "-i --no-wrap -q" "-qiw 40"
  "-E -q" "--escape -q" "--esc" "-qEw 30" "-E -e -q" "-qEi --previous" "--strict -q" "--stric" "--strict -i -q"
  "--strict --add-location=file -q" "--strict -E --previous -q" "--add-location=yes -q" "-n no -q")

# The crafted pairs, each under every mode (or one in turn in a sample: real_catalogs.sh), with
# the options before and after the operands.
pair_index=0
pair_dirs=("$TEST_DATA"/merge/*/ "$TEST_DATA"/merge_compendium/)
for dir in "${pair_dirs[@]}"; do
  mapfile -t pair_modes < <(parity_modes $((pair_index++)) "${#pair_dirs[@]}" "${modes[@]}")
  for mode in "${pair_modes[@]}"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$(basename "$dir")" $mode "$dir/def.po" "$dir/ref.pot"
    # shellcheck disable=SC2086
    compare "$(basename "$dir") (options after the operands)" "$dir/def.po" "$dir/ref.pot" $mode
  done
  ok
done

# Catalogs of several domains (`domain "NAME"` lines): without -m the template goes to the
# default domain and every other domain's entries, header included, go obsolete; with -m it
# goes to each domain (empty ones dropped), each keeping its own header. def.po has three
# domains, starts.po begins with a directive (an empty default domain), repeated.po names a
# domain twice.
md=$TEST_DATA/merge_multidomain
for def in def starts repeated; do
  for mode in "" "-m" "--multi-domain -q" "-mv" "-v" "-q --previous -m" "-m -N -q" "-m --for-msgfmt" \
    "--for-msgfmt" "-m -s -q" "-qm --no-location" "-m --lang=de -q" "-o out.po -m -q" "-qmw 30" \
    "-qm --strict" "-q --strict -E"; do
    # shellcheck disable=SC2086
    compare "multi-domain $def" $mode "$md/$def.po" "$md/ref.pot"
  done
done
ok

# A range read up to its maximum (what follows is ignored): changed against 1..4, not 1..3.
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n#, range: 1..3x\nmsgid "a"\nmsgstr "x"\n' > range_def.po
for max in 3 4; do
  printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n#, range: 1..%s\nmsgid "a"\nmsgstr ""\n' "$max" > range_ref.pot
  compare "range 1..3x against 1..$max" -q range_def.po range_ref.pot
done
ok

# Compendia: the first translating a message gives it, then the catalog's and the compendia's
# most similar entries; an ISO-8859-1 compendium converted; -D finds inputs.
c=$TEST_DATA/merge_compendium
for mode in "" "-q" "-v" "--previous -q" "-N -q" "-s -q" "--for-msgfmt"; do
  for comp in "-C $c/c1.po" "-C $c/c2.po" "-C $c/c1.po -C $c/c2.po" "--compendium=$c/c2.po --compendium $c/c1.po" \
    "--comp=$c/c1.po -C$c/c2.po" "-qC $c/c2.po"; do
    # shellcheck disable=SC2086
    compare "compendium" $mode $comp "$c/def.po" "$c/ref.pot"
    # shellcheck disable=SC2086
    compare "compendium with the basic pair" $mode $comp "$TEST_DATA/merge/basic/def.po" "$TEST_DATA/merge/basic/ref.pot"
  done
  # shellcheck disable=SC2086
  compare "-D" $mode -D /nonexistent -D "$c" -C c2.po def.po ref.pot
  # shellcheck disable=SC2086
  compare "--directory" $mode --directory="$TEST_DATA/merge/basic" --dir "$c" def.po ref.pot
  # The operands swapped: a template whose messages carry translations of their own.
  # shellcheck disable=SC2086
  compare "--directory" $mode --directory="$c" --dir "$TEST_DATA/merge/basic" ref.pot def.po
  ok
done
compare "a missing compendium" -q -C no-such.po "$c/def.po" "$c/ref.pot"

# Standard input and output.
stdin=$TEST_DATA/merge/basic/def.po
compare "standard input" -q - "$TEST_DATA/merge/basic/ref.pot"
compare "standard input" - "$TEST_DATA/merge/basic/ref.pot" -o -
stdin=$TEST_DATA/merge/basic/ref.pot
compare "standard input" -q "$TEST_DATA/merge/basic/def.po" -
stdin=
ok

# The command lines of the build systems, and -U with each backup choice: the folders must
# hold the same files with the same bytes afterwards.
update() {
  local what=$1 tool dir rc rcs=()
  shift
  for tool in gnu ours; do
    dir=$TEST_TMP/update/$tool
    rm -rf "$dir" && mkdir -p "$dir"
    cp "${update_def:-$TEST_DATA/merge/basic/def.po}" "$dir/fr.po"
    cp "${update_ref:-$TEST_DATA/merge/basic/ref.pot}" "$dir/demo.pot"
    : > "$dir/old.po~"
    set +e
    if [ "$tool" = gnu ]; then (cd "$dir" && msgmerge "$@" > ../gnu.out 2> ../gnu.err); else (cd "$dir" && "$ours" "$@" > ../ours.out 2> ../ours.err); fi
    rc=$?
    set -e
    rcs+=("$rc")
  done
  [ "${rcs[0]}" = "${rcs[1]}" ] || fail "$what: msgmerge $*: exit ${rcs[1]}, GNU's ${rcs[0]}"
  diff -r "$TEST_TMP/update/gnu" "$TEST_TMP/update/ours" > /dev/null || fail "$what: msgmerge $*: the folders differ"
  cmp -s "$TEST_TMP/update/gnu.out" "$TEST_TMP/update/ours.out" || fail "$what: msgmerge $*: standard output differs"
  sed "s|^$ours:|msgmerge:|" "$TEST_TMP/update/ours.err" > "$TEST_TMP/update/ours_named.err"
  cmp -s "$TEST_TMP/update/gnu.err" "$TEST_TMP/update/ours_named.err" || fail "$what: msgmerge $*: standard error differs"
}
update "meson" -q -o fr.new.po fr.po demo.pot
update "meson, --previous" -q --previous -o fr.new.po fr.po demo.pot
update "CMake GETTEXT_CREATE_TRANSLATIONS" --quiet --update --backup=none -s fr.po demo.pot
update "CMake GETTEXT_PROCESS_POT_FILE" --quiet --update --backup=none fr.po demo.pot
update "po/Makefile.in.in" --update --quiet --lang=fr fr.po demo.pot
update "po/Makefile.in.in, --previous" --update --quiet --previous --lang=fr fr.po demo.pot
update "po/Makefile.in.in, for msgfmt" --for-msgfmt -o fr.1po fr.po demo.pot
update "configure's probe" --update -q /dev/null /dev/null
for backup in "" --backup=none --backup=off --backup=simple --backup=never --backup=numbered --backup=t \
  --backup=existing --backup=nil "--backup=simple --suffix=.bak" "--suffix=.old" "--back=numbered" "--suf .s"; do
  # shellcheck disable=SC2086
  update "-U $backup" -U $backup fr.po demo.pot
  # shellcheck disable=SC2086
  update "-U $backup" fr.po demo.pot --update -q $backup
done
update "-U --indent" -U -q --indent fr.po demo.pot
update "-U -i, twice" -U -qi --previous fr.po demo.pot
update "a bad --backup" -U --backup=sometimes fr.po demo.pot
# -U on a catalog of several domains; then on one that -m has merged already but for an older
# POT-Creation-Date in each header, which msgmerge leaves alone (no backup either).
update_def=$md/def.po update_ref=$md/ref.pot
for args in "-U -q" "-U -m -q" "-U --multi-domain --backup=numbered" "-U -m --previous -q --backup=simple"; do
  # shellcheck disable=SC2086
  update "multi-domain $args" $args fr.po demo.pot
done
msgmerge -q -m "$md/def.po" "$md/ref.pot" | sed 's/^"POT-Creation-Date: .*/"POT-Creation-Date: 2019-01-01 00:00+0000\\n"/' > merged_md.po
grep -c 'POT-Creation-Date: 2019' merged_md.po | grep -qx 2 || fail "the merged multi-domain catalog: $(grep POT-Creation merged_md.po)"
update_def=$TEST_TMP/merged_md.po
update "multi-domain, only POT-Creation-Date newer" -U -m -q fr.po demo.pot
update "multi-domain, only POT-Creation-Date newer, without -m" -U -q fr.po demo.pot
update_def='' update_ref=''
ok

# Bad command lines: GNU's words (named as started), then the same exit status.
for args in "" "-q" "x.po" "a b c" "-U -o x" "-U -o x d.po r.pot" "-U --for-msgfmt d.po r.pot" \
  "-U -o x --for-msgfmt d.po r.pot" "--backup=x d.po r.pot" "--suffix=y -s -F d.po r.pot" "-s -F d.po r.pot" \
  "-U -s -F --for-msgfmt d.po r.pot" "--add-location=foo d.po r.pot" "-n d.po r.pot" "--no-such-option" "-Z" \
  "--s" "--p" "--st" "--no-" "--c" "--f" "d.po r.pot -o" "--lang" "--no-wrap=1" "--quiet=yes" "--add-location=" \
  "no-such.po no-such.pot"; do
  set +e
  # shellcheck disable=SC2086 # several words
  "$ours" $args > /dev/null 2> ours.err
  rc_ours=$?
  # shellcheck disable=SC2086
  msgmerge $args > /dev/null 2> gnu.err
  rc_gnu=$?
  set -e
  [ "$rc_gnu" = "$rc_ours" ] || fail "msgmerge $args: exit $rc_ours, GNU's $rc_gnu"
  [ "$args" = "no-such.po no-such.pot" ] && continue  # erli18n's own words for a missing file
  sed "s|^$ours:|msgmerge:|; s|'$ours --help'|'msgmerge --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || fail "msgmerge $args: diagnostic differs: $(cat ours.err) / GNU: $(cat gnu.err)"
done
ok

# --version: the first number is the version (po/Makefile.in.in and configure read it).
[ "$("$ours" --version | head -1 | grep -o '[0-9][0-9.]*' | head -1)" = 0.21 ] || fail "--version: $("$ours" --version | head -1)"
"$ours" --help | grep -q '^Usage: msgmerge ' || fail "--help: $("$ours" --help | head -1)"
ok

# What is not supported says so and fails, rather than writing something else.
for option in -p -P --properties-input --stringtable-input --stringtable-output \
  --color "--style=x.css" -vv; do
  set +e
  "$ours" "$option" "$TEST_DATA/merge/basic/def.po" "$TEST_DATA/merge/basic/ref.pot" > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# Pairs made from a sample of the real catalogs (as merge_msgmerge.sh makes them), each merged
# under a few modes, the previous pair's catalog as a compendium.
real_catalogs_pick /usr/share/locale "$count" picked -size -60k -size +2k
mapfile -t real < picked
pairs=0
previous=
i=0
for mo in "${real[@]}"; do
  dir=$TEST_TMP/pair$i
  mkdir -p "$dir"
  msgunfmt "$mo" -o "$dir/catalog.po" 2> /dev/null || continue
  msgcat --no-wrap "$dir/catalog.po" > "$dir/flat.po" 2> /dev/null
  awk -v mode=ref -f "$MUTATE" "$dir/flat.po" > "$dir/ref.pot"
  awk -v mode=def -f "$MUTATE" "$dir/flat.po" > "$dir/def.po"
  msgmerge -q "$dir/def.po" "$dir/ref.pot" -o /dev/null 2> /dev/null || continue
  pairs=$((pairs + 1))
  for mode in "-q" "" "--previous -q" "-v" "-qi --previous" "-qE" "-q --strict --previous" \
    "${modes[i % ${#modes[@]}]}"; do
    # shellcheck disable=SC2086
    compare "$mo" $mode "$dir/def.po" "$dir/ref.pot"
  done
  [ -n "$previous" ] && compare "$mo, a compendium" -q -C "$previous" "$dir/def.po" "$dir/ref.pot"
  previous=$dir/def.po
  i=$((i + 1))
  ok
done
real_catalogs_need msgmerge_gnu "real pairs" "$pairs" $((count * 3 / 4))
passed msgmerge_gnu
