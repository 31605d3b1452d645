#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to extract (src/tools/extract*.cc, tools/erli18n/gnu/xgettext_command.cc), run it on every
# input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R xgettext_gnu` (or make test-all).
# The GNU-compatible xgettext (build/gnu/bin/xgettext) against GNU xgettext 0.21: for each
# option it supports, spelled as GNU's users spell it (long, abbreviated, short, bundled,
# attached, after the operands, `-` for standard input and output), the same standard output,
# the same files written (none when nothing is extracted), the same exit status, over the
# fixtures of tests/data/xgettext_gnu; the command lines of meson, autotools and configure;
# bad command lines in GNU's words. POT-Creation-Date's value is left out (xgettext 0.21
# ignores SOURCE_DATE_EPOCH). The options it refuses exit 1 with a word saying so.
# (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"  # parity_in_shard
need_env GNU_BIN TEST_DATA
need_tools xgettext python3
ours=$GNU_BIN/xgettext
fixtures=$TEST_DATA/xgettext_gnu
export TZ=UTC LC_ALL=C
fresh_tmp
cd "$TEST_TMP"

# POT-Creation-Date's value, in every file under a folder (and the standard output), made
# the same: the two programs run a second or more apart (more under a sanitizer), across a
# minute's turn at times. Its date and time are replaced where they stand rather than its
# line deleted: with -w 30 or 20 the header's line is wrapped, the value on the lines after
# `"POT-Creation-Date: "`, even split at its blank. (The fixtures hold no such digits.)
normalize() {
  find "$@" -type f -exec sed -i -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}/YYYY-MM-DD/g; s/[0-9]{2}:[0-9]{2}[+-][0-9]{4}/HH:MM+ZONE/g' {} +
}

# compare ARGS...: both programs run with ARGS in a fresh copy of the fixtures (standard
# input from $stdin when set); standard output, every file of the folder afterwards, and the
# exit status must match.
compare() {
  local rc_gnu rc_ours
  parity_in_shard || return 0
  rm -rf gnu ours
  cp -r "$fixtures" gnu
  cp -r "$fixtures" ours
  mkdir gnu/po ours/po  # for -p po (an output folder must exist)
  set +e
  (cd gnu && xgettext "$@" < "${stdin:-/dev/null}" > ../gnu.out 2> ../gnu.err)
  rc_gnu=$?
  (cd ours && "$ours" "$@" < "${stdin:-/dev/null}" > ../ours.out 2> ../ours.err)
  rc_ours=$?
  set -e
  normalize gnu ours gnu.out ours.out
  [ "$rc_gnu" = "$rc_ours" ] ||
    fail "xgettext $*: exit $rc_ours, GNU's $rc_gnu (ours: $(head -c 300 ours.err); GNU's: $(head -c 300 gnu.err))"
  cmp -s gnu.out ours.out || { diff gnu.out ours.out | head -20 || true; fail "xgettext $*: standard output differs"; }
  diff -r gnu ours > tree.diff || { head -30 tree.diff; fail "xgettext $*: the files written differ"; }
}

# The keywords of the fixtures beyond xgettext's defaults: each form of a spec.
keywords=(-k_ -kN_ -kQ_:1g --keyword=C_:1c,2 --keyword=tr:1c,2 -klog:1,2t -klog:2,3t
  '--keyword=report:1,"A keyword comment"')
inputs=(main.c widgets.cc)

# Output file location: -o FILE, -o -, -d NAME (NAME.po), -p DIR, messages.po by default.
for mode in "" "-o out.pot" "--output=out.pot" "--outp out.pot" "-oout.pot" "-o -" "--output=-" \
  "-d dom" "--default-domain=dom" "--default-d dom" "-ddom" "-p po" "--output-dir=po" "-p po -o out.pot" \
  "-p po -d dom" "-p po -o -"; do
  # shellcheck disable=SC2086 # a mode is several words
  compare $mode "${keywords[@]}" "${inputs[@]}"
  # shellcheck disable=SC2086
  compare "${keywords[@]}" "${inputs[@]}" $mode
done
ok

# Each option, spelled every way, on the fixtures; first alone, then after the operands.
options=(
  "-c" "--add-comments" "--add-c" "-cTRANSLATORS:" "-c TRANSLATORS:" "--add-comments=TRANSLATORS:"
  "--add-comments=TRANSLATORS" "-sc" "-scTRANSLATORS" "-cs"
  "-n" "--add-location" "--add-location=full" "--add-location=file" "--add-location=never" "--add-l=file"
  "--no-location" "--no-l" "-s" "--sort-output" "--sort-o" "-F" "--sort-by-file" "--sort-b" "-Fn"
  "-w 30" "-w30" "--width=40" "--width 20" "--wid=50" "--no-wrap" "--no-w" "-w 30 --no-wrap"
  "--force-po" "--force" "--omit-header" "--om" "--foreign-user" "--foreign" "--copyright-holder=ACME Inc."
  "--copyright-holder=" "--copyright-holder=X --foreign-user" "--package-name=hello" "--package-name=hello --package-version=1.2"
  "--package-version=1.2" "--msgid-bugs-address=bugs@example.org" "--msgid=bugs@example.org"
  "-m" "-mPRE:" "--msgstr-prefix" "--msgstr-prefix=PRE " "-M" "-M:SUF" "--msgstr-suffix=SUF" "-m -M"
  "-e" "--no-escape" "-v" "--verbose" "-T" "--trigraphs" "--tri" "-C" "--c++" "-L C" "-LC" "-L C++" "-L c++"
  "--language=C" "--language=c" "--lang=C++" "-a" "--extract-all" "--extract" "-ac" "-a -s"
  "--from-code=UTF-8" "--from-code=utf-8" "--from-code=ASCII" "--from-code=ISO-8859-1" "--from=UTF-8"
  "-x exclude.po" "--exclude-file=exclude.po" "-xexclude.po" "--exclude=exclude.po"
  "-j -o existing.pot" "--join-existing -o existing.pot" "--join -o existing.pot" "-jo existing.pot"
  "-j -s -o existing.pot" "-j -F -o existing.pot" "-j -o -"
  "-D sub" "--directory=sub" "-D . -D sub" "-D sub -D ." "-Dsub" "--dir=."
  "-k" "-k -kgettext" "--keyword" "--keyword=gettext:1" "-kgettext:1" "-kngettext:1,2 -k"
  "-i" "--indent" "--ind" "-ic" "-si" "-iw 30" "-i --no-wrap" "-i -j -o existing.pot" "-iF -o -"
  "-E" "--escape" "--esc" "-Ew 30" "-E -e" "-Ei" "--strict" "--stric" "--strict -i" "--strict --add-location=file"
  "--strict -E -s" "--strict -j -o existing.pot" "--add-location=yes" "--add-location=no"
)
for option in "${options[@]}"; do
  # shellcheck disable=SC2086
  compare $option "${keywords[@]}" "${inputs[@]}"
  # shellcheck disable=SC2086
  compare "${keywords[@]}" "${inputs[@]}" $option
done
ok

# Input file location: --files-from (a file, or `-`: standard input), -D, `-` as the input.
compare -f POTFILES "${keywords[@]}"
compare --files-from=POTFILES "${keywords[@]}" nothing.c
compare "${keywords[@]}" --files=POTFILES -o -
compare -fPOTFILES -f POTFILES "${keywords[@]}"
stdin=$fixtures/POTFILES
compare -f - "${keywords[@]}"
compare --files-from=- "${keywords[@]}" -o -
stdin=$fixtures/main.c
compare -o - -
compare -o out.pot -c -
compare -L C -o - -
compare -o - main.c - widgets.cc
stdin=
compare -D lib util.c
compare -D lib -D sub util.c main.c -o -
compare -D sub main.c lib/util.c
ok

# The reading edges: a call 999 levels deep, <inttypes.h> macros, #line, block comments with
# `*` continuations, trigraphs, an unknown extension (read as C, with a warning).
for args in "deep.c" "-o - deep.c" "raw.cc" "-c main.c" "-cTRANSLATORS main.c" "-T main.c" "--trigraphs -o - main.c" \
  "script.in" "-L C script.in" "-o - script.in main.c"; do
  # shellcheck disable=SC2086
  compare $args
done
ok

# --flag rules for C format strings, spelled long and abbreviated.
for args in "" "--flag=foo:1:c-format" "--flag foo:1:c-format --flag=bar:2:c-format" "--fl=baz:1:no-c-format" \
  "--flag=qux:1:possible-c-format" "--flag=_:1:c-format" "--flag=_:1:no-c-format" "--flag=my_:1:pass-c-format" \
  "--flag=my_:1:pass-c-format --flag=foo:2:c-format --flag=baz:1:no-c-format"; do
  # shellcheck disable=SC2086
  compare -k_ -kmy_ $args -o - flags.c
done
ok

# --qt and --kde: Qt's and KDE's format markers (not both).
for args in "--qt" "--kde" "--qt -kprintf" "--q" "--kd" "--qt --kde"; do
  # shellcheck disable=SC2086
  compare -ktr -ktrn:1,2 $args -o - qt.cc
done
ok

# --boost: Boost.Format directives (%1%, %|1$5d|, printf's, %%) give boost-format next to any
# c-format, in C++ files only (by extension, or -L); not with --qt or --kde.
for args in "--boost" "--boo" "--boost main.c" "--boost -L C" "--boost -C" "--boost -L C++" \
  "--boost --qt" "--kde --boost" "--boost -s" "--boost -F"; do
  # shellcheck disable=SC2086
  compare -k_ -kN_ $args -o - boost.cc
done
stdin=$fixtures/boost.cc
compare --boost -o - -
stdin=
compare -ktr --qt -L C -o - qt.cc
compare --boost -kgettext -o out.pot boost.cc widgets.cc
ok

# Nothing extracted: no file (not even an empty one), unless --force-po; charsets.
for args in "nothing.c" "-o out.pot nothing.c" "-o - nothing.c" "-d dom nothing.c" "--force-po nothing.c" \
  "--force-po -o out.pot nothing.c" "--force-po --omit-header -o out.pot nothing.c" "-o out.pot -x exclude.po -kgettext:1 lib/util.c" \
  "utf8.c" "-o out.pot utf8.c" "--from-code=UTF-8 utf8.c" "--from-code=UTF-8 -o - utf8.c" \
  "utf8_comment.c" "-c utf8_comment.c" "--from-code=UTF-8 -c utf8_comment.c" "--from-code=UTF-8 -E utf8.c" \
  "--from-code=UTF-8 -E -w 30 -o - utf8.c" "--from-code=UTF-8 --strict -E -o - utf8.c"; do
  # shellcheck disable=SC2086
  compare $args
done
ok

# The command lines of the build systems: meson's i18n.gettext, autotools' po/Makefile.in.in,
# configure's probe.
compare --package-name=hello -p po -D . -k_ --from-code=UTF-8 --files-from=POTFILES -o hello.pot
compare --package-name=hello -p po -D . -k_ --from-code=UTF-8 --files-from=POTFILES -o hello.pot -kN_ -kQ_:1g
compare --default-domain=hello --directory=. --add-comments=TRANSLATORS: --files-from=POTFILES \
  "--copyright-holder=Free Software Foundation, Inc." --package-name=hello --package-version=1.0 \
  --msgid-bugs-address=bug@example.org -k_ -kN_
compare --omit-header --copyright-holder= --msgid-bugs-address= /dev/null
ok
# --version: its first number is GNU's version (po/Makefile.in.in reads it so).
[ "$("$ours" --version | head -1 | grep -o '[0-9][0-9.]*' | head -1)" = "0.21" ] || fail "--version: $("$ours" --version)"
ok

# Bad command lines: GNU's words (named as started), then the same exit status.
for args in "--no-such-option main.c" "-Z main.c" "--s main.c" "main.c -o" "main.c --output" "--omit-header=1 main.c" \
  "--e" "--f" "--k main.c" "--p" "-s -F main.c" "--add-location=bogus main.c" "" "-k main.c" "--keyword main.c"; do
  set +e
  # shellcheck disable=SC2086 # several words
  (cd ours && "$ours" $args > /dev/null 2> ../ours.err) < /dev/null
  rc_ours=$?
  # shellcheck disable=SC2086
  (cd gnu && xgettext $args > /dev/null 2> ../gnu.err) < /dev/null
  rc_gnu=$?
  set -e
  [ "$rc_gnu" = "$rc_ours" ] || fail "xgettext $args: exit $rc_ours, GNU's $rc_gnu"
  sed "s|^$ours:|xgettext:|; s|'$ours --help'|'xgettext --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || fail "xgettext $args: diagnostic differs: $(cat ours.err) / GNU: $(cat gnu.err)"
done
ok

# --check=NAME and --sentence-end=TYPE (checks.c): the same diagnostics, in the same order
# (per message in the output's order, check by check, msgid before plural), the same count
# line, exit 1 and nothing written; `xgettext: [no-]NAME-check` comments (the last occurrence
# saying so wins, a check line is no extracted comment), msgctxt unchecked.
for args in "--check=ellipsis-unicode" "--check=space-ellipsis" "--check=quote-unicode" "--check=bullet-unicode" \
  "--check=bullet-unicode --check=quote-unicode --check space-ellipsis --check=ellipsis-unicode" \
  "--check=ellipsis-unicode --sentence-end=double-space" "--check=space-ellipsis --sentence-end double-space" \
  "--check=ellipsis-unicode --sentence-end=single-space" "--chec=quote-unicode --sen=double-space" \
  "-s --check=ellipsis-unicode --check=quote-unicode" "-F --check=ellipsis-unicode" \
  "--no-location --check=bullet-unicode" "-o out.pot --check=ellipsis-unicode" "" \
  "--check=bogus" "--sentence-end=bogus" "--check=ellipsis-unicode,quote-unicode" "--check"; do
  # shellcheck disable=SC2086 # several words
  compare --from-code=UTF-8 $args checks.c
  sed "s|^$ours:|xgettext:|; s|'$ours --help'|'xgettext --help'|" ours.err > ours_named.err
  cmp -s gnu.err ours_named.err || { diff gnu.err ours_named.err | head -10; fail "xgettext $args: diagnostics differ"; }
done
# Nothing found, the comments kept out of the output: the template is written as without --check.
compare --from-code=UTF-8 --check=ellipsis-unicode --check=quote-unicode --add-comments -o out.pot checks_clean.c
ok

# What is not supported says so and fails, rather than writing something else.
for option in --properties-output --stringtable-output --itstool --its=x.its \
  --debug --color --style=x.css \
  --flag=printf:1:qt-format "-l 10" "-W 1" "-L Python" "-L PO"; do
  set +e
  # shellcheck disable=SC2086
  (cd ours && "$ours" $option main.c > /dev/null 2> ../ours.err)
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
  [ ! -e ours/messages.po ] || fail "$option: messages.po was written"
done
ok
passed xgettext_gnu
