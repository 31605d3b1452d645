#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msginit (tools/erli18n/gnu/msginit_command.cc, gnu_options.cc) or the library code it runs,
# run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msginit_gnu` (or
# make test-all).
# The GNU-compatible msginit (build/gnu/bin/msginit) against GNU msginit 0.21 --no-translator:
# the same bytes on standard output or in the output file, and the same exit status, for the
# crafted templates of tests/data/init (GNU's standard template, no header, fields missing or
# reordered, placeholders in the comments, filled plural forms, UTF-8, a header alone), the
# merge fixtures' templates and a sample of the real catalogs (real_catalogs.sh) decompiled by
# msgunfmt; over many locales (with and without territory, codeset and modifier); with each
# option spelled as GNU's users spell it; the template found in the current folder, the
# locale taken from the environment, the project named by the folder or its configure script.
# The options it refuses exit 1 with a word saying so.
# Usage: msginit_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
need_env GNU_BIN TEST_DATA
need_tools msginit msgunfmt
count=${1:-20}
ours=$GNU_BIN/msginit
fresh_tmp
cd "$TEST_TMP"

# compare WHAT ARGS...: both programs run with ARGS in the current folder, under a fixed
# environment (LC_ALL=C unless $environment says otherwise; standard input from $stdin when
# set); stdout, the files they create, and the exit status must match. A file there before
# (an existing de.po) must be left as it was by both.
compare() {
  local what=$1 rc_gnu rc_ours
  shift
  parity_in_shard || return 0
  # shellcheck disable=SC2206 # $environment is several assignments
  local env_args=(PATH="$PATH" ${environment:-LC_ALL=C})
  rm -rf ../gnu.files ../ours.files
  cp -a . ../before.files
  set +e
  env -i "${env_args[@]}" msginit "$@" < "${stdin:-/dev/null}" > ../gnu.out 2> ../gnu.err
  rc_gnu=$?
  set -e
  mv_created ../gnu.files
  set +e
  # Ours also keeps the sanitizers' settings (make test's ASan run: leak checks and glibc's
  # suppressed leak), which env -i would drop.
  env -i "${env_args[@]}" ${ASAN_OPTIONS:+ASAN_OPTIONS="$ASAN_OPTIONS"} ${LSAN_OPTIONS:+LSAN_OPTIONS="$LSAN_OPTIONS"} \
    ${UBSAN_OPTIONS:+UBSAN_OPTIONS="$UBSAN_OPTIONS"} "$ours" "$@" < "${stdin:-/dev/null}" > ../ours.out 2> ../ours.err
  rc_ours=$?
  set -e
  mv_created ../ours.files
  rm -rf ../before.files
  [ "$rc_gnu" = "$rc_ours" ] || fail "$what: msginit $*: exit $rc_ours, GNU's $rc_gnu ($(head -c 300 ../ours.err))"
  cmp -s ../gnu.out ../ours.out || { diff ../gnu.out ../ours.out | head -20 || true; fail "$what: msginit $*: standard output differs"; }
  diff -r ../gnu.files ../ours.files > ../files.diff || { head -20 ../files.diff; fail "$what: msginit $*: the files written differ"; }
}

# mv_created DIR: moves the files the run created (or changed) out of the current folder into DIR.
mv_created() {
  mkdir -p "$1"
  local f
  for f in *; do
    [ -e "$f" ] || continue
    if [ -d "$f" ] && [ -d "../before.files/$f" ]; then
      continue
    elif [ -e "../before.files/$f" ]; then
      cmp -s "$f" "../before.files/$f" || { cp "$f" "$1/changed-$f"; cp "../before.files/$f" "$f"; }
    else
      mv "$f" "$1/"
    fi
  done
}

mkdir -p work
cd work
templates=("$TEST_DATA"/init/*.pot)
merge_templates=("$TEST_DATA"/merge/*/ref.pot)
locales=(de pt_BR ja ar ru pl zh_CN zh_TW sr@latin sr_RS@latin sr_RS de_DE de_AT de_DE.UTF-8 de.UTF-8
  de_DE.ISO-8859-1@euro fr_FR fr_CA pt_PT es_ES es_MX en en_US en_GB nb_NO nn no uk be bg cs sk sl hr lt lv
  ga he hu ro tr vi ko eo et "fi" fo el it nl sv da ast ast_ES fil kok C POSIX x xx_YY qq@x en@quot en@boldquot)
# Every template in every locale, or a sample of the grid that keeps each (parity_modes).
for t in "${!templates[@]}"; do
  pot=${templates[t]}
  name=$(basename "$(dirname "$pot")")-$(basename "$pot")
  mapfile -t pot_locales < <(parity_modes "$t" "${#templates[@]}" "${locales[@]}")
  for locale in "${pot_locales[@]}"; do
    compare "$name" --no-translator -i "$pot" -l "$locale" -o -
  done
  ok
done
# The merge fixtures' templates under a few locales each, the spellings on a few templates.
i=0
for pot in "${merge_templates[@]}"; do
  name=$(basename "$(dirname "$pot")")-$(basename "$pot")
  for locale in de en "${locales[i % ${#locales[@]}]}" "${locales[(i * 7 + 3) % ${#locales[@]}]}"; do
    compare "$name" --no-translator -i "$pot" -l "$locale" -o -
  done
  i=$((i + 1))
  ok
done
for pot in "$TEST_DATA/init/standard.pot" "$TEST_DATA/init/utf8.pot" "$TEST_DATA/init/no-header.pot"; do
  name=$(basename "$pot")
  for mode in "-o out.po" "--output-file=out.po" "--output out.po" "--out=out.po" "--no-wrap -o -" "--no-w -o -" \
    "-w 30 -o -" "--width=20 -o -" "--wid 45 -o -" "-w5 -o -" "-o - --no-wrap -w 40" "" "-o -"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$name" --no-translator -i "$pot" -l ru $mode
    # shellcheck disable=SC2086
    compare "$name (options spelled otherwise)" $mode --no-t --input="$pot" --locale=pt_BR
    # shellcheck disable=SC2086
    compare "$name (short options attached)" $mode -i"$pot" -lpl --no-tr
    # shellcheck disable=SC2086
    compare "$name (abbreviated)" $mode --inp "$pot" --loc zh_CN --no-transl
  done
  ok
done

# The template from standard input.
stdin=$TEST_DATA/init/standard.pot
compare "standard input" --no-translator -i - -l de -o -
compare "standard input" --no-translator -i - -l de
stdin=
ok

# The template found in the current folder: one, none, several; the default output file and
# one already there.
compare "no template here" --no-translator -l de
cp "$TEST_DATA/init/standard.pot" .
compare "the template here" --no-translator -l de
compare "the template here" --no-translator -l pt_BR -o -
echo "# a translator's work" > de.po
compare "the output file exists" --no-translator -l de
compare "the output file exists" --no-translator -l de_DE.UTF-8
compare "-o overwrites" --no-translator -l de -o de.po
cp de.po keep.po && rm de.po
cp "$TEST_DATA/init/utf8.pot" second.pot
compare "two templates here" --no-translator -l de
rm -f second.pot keep.po
ok

# The locale from the environment: none installed but C, so LANG names one the C library does
# not know (GNU's falls back to C and says so) or C.UTF-8.
for environment in "LC_ALL=C" "LANG=de_DE.UTF-8" "LC_MESSAGES=fr" "LANG=C.UTF-8" "LANG=C.UTF-8 LANGUAGE=de" \
  "LC_ALL=C.UTF-8" "LANG=POSIX"; do
  compare "locale from $environment" --no-translator -o -
  compare "locale from $environment" --no-translator
done
environment=
ok

# The codeset of an installed locale: de_DE compiled here (LOCPATH) in UTF-8 and ISO-8859-1,
# when glibc's locale sources are installed (Debian's locales package). Templates without the
# SOME DESCRIPTIVE TITLE comment: under an installed locale GNU's adds a second title line in
# that language from its own translations, which erli18n does not (docs/cli.md).
mkdir -p ../loc
localedef -i de_DE -f UTF-8 ../loc/de_DE.UTF-8 > /dev/null 2>&1 || true
localedef -i de_DE -f ISO-8859-1 ../loc/de_DE > /dev/null 2>&1 || true
if [ -d ../loc/de_DE.UTF-8 ] && [ -d ../loc/de_DE ]; then
  loc=$(cd ../loc && pwd)
  for pot in no-header.pot reordered.pot odd-header.pot plural-forms-filled.pot; do
    for locale in de de_DE de_DE.UTF-8 de_DE.utf8; do
      environment="LC_ALL=C LOCPATH=$loc"
      compare "installed $locale" --no-translator -i "$TEST_DATA/init/$pot" -l "$locale" -o -
    done
    environment="LANG=de_DE.UTF-8 LOCPATH=$loc"
    compare "installed locale from LANG" --no-translator -i "$TEST_DATA/init/$pot" -o -
    environment="LANG=de_DE LOCPATH=$loc"
    compare "installed locale from LANG" --no-translator -i "$TEST_DATA/init/$pot" -o -
  done
  environment=
  ok
else
  echo "msginit_gnu: localedef cannot compile de_DE here: installed locales' codesets not compared"
fi

# The project the folder names (PACKAGE VERSION replaced): a folder with a version, a po folder
# in it, a configure script (GNU or not, computed values), a folder called i18n.
cd ..
mkdir -p hello-2.10/po proj_3/i18n conf/po gnuconf/po computed/po
printf "PACKAGE_NAME='hello'\nPACKAGE_VERSION='2.3'\n" > conf/configure
printf "PACKAGE_NAME='gtool'\nPACKAGE_VERSION='1.0'\n" > gnuconf/configure
echo "This is GNU gtool." > gnuconf/README
# shellcheck disable=SC2016 # the backquotes are the configure script's
printf 'PACKAGE=`echo x`\nVERSION=1\n' > computed/configure
for dir in hello-2.10 hello-2.10/po proj_3/i18n conf/po gnuconf gnuconf/po computed/po work; do
  (
    cd "$dir"
    for pot in "$TEST_DATA/init/standard.pot" "$TEST_DATA/init/no-header.pot" "$TEST_DATA/init/utf8.pot"; do
      compare "project of $dir" --no-translator -i "$pot" -l de -o -
    done
  )
done
cd work
ok

# Bad command lines: the same exit status.
compare "unknown option" --no-translator --no-such-option -l de
compare "unknown short option" --no-translator -Z -l de
compare "ambiguous prefix" --no- -l de
compare "missing argument" --no-translator -l
compare "operands" --no-translator -l de -i "$TEST_DATA/init/standard.pot" extra
compare "a missing file" --no-translator -l de -i no-such-file.pot -o -
compare "not a PO file" --no-translator -l de -i /dev/null -o -
ok

# What is not supported says so and fails, rather than writing something else; without
# --no-translator GNU's asks on the terminal and fetches addresses from the network.
for option in -p -P --properties-input --properties-output --stringtable-input --stringtable-output --color \
  --color=never "--style=x.css"; do
  set +e
  "$ours" --no-translator "$option" -l de -i "$TEST_DATA/init/standard.pot" -o - > /dev/null 2> ../ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ../ours.err || fail "$option: exit $rc: $(cat ../ours.err)"
done
set +e
"$ours" -l de -i "$TEST_DATA/init/standard.pot" -o - > /dev/null 2> ../ours.err
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q 'supports only --no-translator' ../ours.err || fail "no --no-translator: exit $rc"
ok

# A sample of the real catalogs, decompiled, as templates.
real_catalogs_pick /usr/share/locale "$count" ../picked
mapfile -t real < ../picked
real_catalogs_need msginit_gnu "real catalogs" "${#real[@]}" "$count"
i=0
for mo in "${real[@]}"; do
  msgunfmt "$mo" -o ../real.pot
  for locale in de "${locales[i % ${#locales[@]}]}" "${locales[(i * 7 + 3) % ${#locales[@]}]}"; do
    compare "$mo" --no-translator -i ../real.pot -l "$locale" -o -
  done
  i=$((i + 1))
  ok
done
passed msginit_gnu
