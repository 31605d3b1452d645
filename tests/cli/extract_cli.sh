#!/usr/bin/env bash
# `erli18n extract`: one template per text domain with --output-dir, -o merging them all,
# directories walked by extension, --files-from, --keyword (a bare one clears the defaults),
# warnings on stderr, SOURCE_DATE_EPOCH, exit codes 0 / 1 (bad input) / 2 (usage).
. "$(dirname "$0")/lib.sh" || exit 1
mkdir -p src/sub out
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC

cat > src/a.cc <<'CC'
#include "erli18n/gettext.h"
void f(const char* dynamic) {
  erli18n::gettext("Hello");
  erli18n::dgettext("errors", "Disk full");
  erli18n::dngettext("errors", "%d error", "%d errors", 2);
  erli18n::gettext(dynamic);
}
CC
cat > src/sub/b.hpp <<'CC'
inline void g() { erli18n::dpgettext("ui", "menu", "Open"); erli18n::gettext("Hello"); }
CC
echo 'gettext("not a source file");' > src/notes.txt

# --output-dir: one template per domain; warnings on stderr, exit 0.
"$ERLI18N" extract --output-dir out src 2> err.txt || fail "extract --output-dir failed"
[ "$(cd out && ls | tr '\n' ' ')" = "errors.pot messages.pot ui.pot " ] || fail "templates: $(ls out)"; ok
# A redirected stderr gets the warnings and nothing else (no progress bar), byte for byte.
printf '%s\n' "src/a.cc:6: warning: msgid argument 1 of 'gettext' is not a string literal; call skipped" > want.txt
cmp -s want.txt err.txt || fail "stderr: $(od -c err.txt)"; ok
grep -q '^"POT-Creation-Date: 2023-11-14 22:13+0000\\n"$' out/messages.pot || fail "SOURCE_DATE_EPOCH"; ok
grep -qx '#: src/a.cc:3 src/sub/b.hpp:1' out/messages.pot || fail "references: $(cat out/messages.pot)"; ok
grep -q 'Plural-Forms' out/messages.pot && fail "Plural-Forms without a plural message"; ok
grep -q 'Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;' out/errors.pot || fail "Plural-Forms"; ok
grep -q 'not a source file' out/*.pot && fail "notes.txt was read"; ok
"$ERLI18N" extract --output-dir out --default-domain app src 2>/dev/null && [ -f out/app.pot ] || fail "--default-domain"; ok

"$ERLI18N" extract --output-dir new/dir src 2>/dev/null && [ -f new/dir/ui.pot ] || fail "--output-dir not created"; ok

# -o: every domain in one template, in first-seen order.
"$ERLI18N" extract -o all.pot src 2>/dev/null || fail "extract -o failed"
[ "$(grep '^msgid "[^"]' all.pot | tr '\n' '|')" = 'msgid "Hello"|msgid "Disk full"|msgid "%d error"|msgid "Open"|' ] ||
  fail "merged order: $(grep '^msgid' all.pot)"; ok
"$ERLI18N" extract -o - src/a.cc 2>/dev/null | grep -q '^msgid "Hello"$' || fail "-o -"; ok

# --files-from, in the listed order; a listed .txt file is read as given.
printf 'src/sub/b.hpp\n# a comment\n\nsrc/notes.txt\n' > list.txt
"$ERLI18N" extract --files-from list.txt -o - 2>/dev/null > listed.pot || fail "--files-from"
[ "$(grep '^msgid "[^"]' listed.pot | tr '\n' '|')" = 'msgid "Open"|msgid "Hello"|msgid "not a source file"|' ] ||
  fail "files-from order: $(grep '^msgid' listed.pot)"; ok

# Keywords: a bare --keyword clears the defaults; specs add; a bad spec is a usage error.
echo 'tr("one"); gettext("two"); my_n("s", "p", 3);' > src/k.cc
out=$("$ERLI18N" extract --keyword --keyword=tr -kmy_n:1,2 --omit-header -o - src/k.cc | grep '^msgid ' | tr '\n' '|')
[ "$out" = 'msgid "one"|msgid "s"|' ] || fail "keywords: $out"; ok
set +e
"$ERLI18N" extract --keyword=1bad -o - src/k.cc > /dev/null 2> err.txt; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "invalid keyword spec '1bad'" err.txt || fail "bad spec: rc=$rc $(cat err.txt)"; ok

# xgettext's -k and -c take a value only when attached: -kSPEC, -cTAG. Alone they never take
# the next argument, which is a path (`-k name`: no default keywords, then the file `name`).
printf 'gettext("in tr");\n' > tr
out=$("$ERLI18N" extract -k tr --keyword=gettext --omit-header -o - src/k.cc | grep '^#: \|^msgid ' | tr '\n' '|')
[ "$out" = '#: tr:1|msgid "in tr"|#: src/k.cc:1|msgid "two"|' ] || fail "-k then a path: $out"; ok
out=$("$ERLI18N" extract -ktr --omit-header -o - src/k.cc | grep '^msgid ' | tr '\n' '|')
[ "$out" = 'msgid "one"|msgid "two"|' ] || fail "-kSPEC: $out"; ok
# -k then a path and no other keyword: nothing to look for, a usage error (as xgettext).
set +e
"$ERLI18N" extract -k tr -o - src/k.cc > /dev/null 2> err.txt; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q 'no keywords to look for' err.txt || fail "-k tr alone: rc=$rc $(cat err.txt)"; ok
# -k alone clears the defaults wherever it is; clusters of short options read as getopt does.
out=$("$ERLI18N" extract -ktr -k --omit-header -o - src/k.cc | grep '^msgid ' | tr '\n' '|')
[ "$out" = 'msgid "one"|' ] || fail "-kSPEC -k: $out"; ok
out=$("$ERLI18N" extract -sktr -k --omit-header -o - src/k.cc | grep '^msgid ' | tr '\n' '|')
[ "$out" = 'msgid "one"|' ] || fail "-sktr: $out"; ok
# The value of another option is left alone: `-o -k` writes the file named -k.
"$ERLI18N" extract --omit-header -o -k src/k.cc && grep -q '^msgid "two"$' ./-k || fail "-o -k"; ok
printf '// note\ngettext("x");\n// TAG: y\ngettext("y");\n' > src/tags.cc
comments() { "$ERLI18N" extract "$@" --omit-header -o - src/tags.cc | grep '^#\. ' | tr '\n' '|'; }
[ "$(comments -cTAG:)" = '#. TAG: y|' ] || fail "-cTAG: $(comments -cTAG:)"; ok
[ "$(comments -c)" = '#. note|#. TAG: y|' ] || fail "-c: $(comments -c)"; ok
# The last of -c[TAG] and --add-comments[=TAG] wins, as in xgettext.
[ "$(comments -cTAG: -c)" = '#. note|#. TAG: y|' ] || fail "-cTAG -c"; ok
[ "$(comments -c -cTAG:)" = '#. TAG: y|' ] || fail "-c -cTAG"; ok
[ "$(comments --add-comments -cTAG:)" = '#. TAG: y|' ] || fail "--add-comments -cTAG"; ok
[ "$(comments --add-comments=TAG: -c)" = '#. note|#. TAG: y|' ] || fail "--add-comments=TAG -c"; ok
# `-c TAG` and `--add-comments TAG`: TAG is a path (here a missing one: exit 1).
for opt in -c --add-comments; do
  set +e
  "$ERLI18N" extract $opt TAG: -o - src/tags.cc > /dev/null 2> err.txt; rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -qx 'TAG:: error: cannot open: no such file or directory' err.txt || fail "$opt TAG: rc=$rc $(cat err.txt)"; ok
done

# Comments, locations, header options.
printf '// TRANSLATORS: greet\ngettext("hi");\n' > src/c.cc
"$ERLI18N" extract --add-comments=TRANSLATORS: --add-location=never --omit-header -o - src/c.cc > c.pot
[ "$(cat c.pot)" = $'#. TRANSLATORS: greet\nmsgid "hi"\nmsgstr ""' ] || fail "comments: $(cat c.pot)"; ok
"$ERLI18N" extract --package-name=demo --package-version=2 --msgid-bugs-address=x@y -o - src/c.cc |
  grep -q '^"Project-Id-Version: demo 2\\n"$' || fail "package"; ok

# Exit codes: a missing path is bad input (1); no input, unknown options and -o with
# --output-dir are usage errors (2).
set +e
"$ERLI18N" extract -o - src/missing.cc > /dev/null 2> err.txt; rc=$?
[ "$rc" -eq 1 ] && grep -q 'src/missing.cc: error: cannot open: no such file or directory' err.txt || fail "missing: $rc $(cat err.txt)"; ok
"$ERLI18N" extract > /dev/null 2>&1; [ $? -eq 2 ] || fail "no input"; ok
"$ERLI18N" extract --bogus src > /dev/null 2>&1; [ $? -eq 2 ] || fail "unknown option"; ok
"$ERLI18N" extract -o x.pot --output-dir out src > /dev/null 2>&1; [ $? -eq 2 ] || fail "-o with --output-dir"; ok
"$ERLI18N" extract --add-location=sideways src > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad --add-location"; ok
echo 'dgettext("../evil", "x");' > src/evil.cc
"$ERLI18N" extract --output-dir out src/evil.cc > /dev/null 2> err.txt; rc=$?
[ "$rc" -eq 1 ] && [ ! -e evil.pot ] || fail "unsafe domain: rc=$rc"; ok
SOURCE_DATE_EPOCH=soon "$ERLI18N" extract -o - src/c.cc > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad SOURCE_DATE_EPOCH"; ok
"$ERLI18N" extract --jobs -1 -o - src > /dev/null 2>&1; [ $? -eq 2 ] || fail "--jobs -1"; ok
"$ERLI18N" extract --jobs many -o - src > /dev/null 2>&1; [ $? -eq 2 ] || fail "--jobs many"; ok
set -e

# --jobs: any number of threads writes the same template and the same warnings, in order.
"$ERLI18N" extract --jobs 1 -o jobs1.pot src 2> jobs1.err
for j in 2 5 0; do
  "$ERLI18N" extract --jobs $j -o jobs$j.pot src 2> jobs$j.err
  cmp -s jobs1.pot jobs$j.pot && cmp -s jobs1.err jobs$j.err || fail "--jobs $j differs from --jobs 1"; ok
done
grep -q '^msgid "Hello"$' jobs1.pot && [ -s jobs1.err ] || fail "--jobs 1 output"; ok

# --check=NAME: xgettext's syntax checks; a finding is an error at the message, exit 1, and
# no template is written; an unknown name is a usage error; a no-NAME-check comment spares one.
printf 'void f() {\n  gettext("Wait...");\n  /* xgettext: no-ellipsis-unicode-check */\n  gettext("Hush...");\n}\n' > checked.c
set +e
"$ERLI18N" extract --check=ellipsis-unicode -o checked.pot checked.c 2> checked.err
rc=$?
set -e
[ "$rc" -eq 1 ] && [ ! -e checked.pot ] || fail "--check: rc=$rc"
[ "$(cat checked.err)" = "checked.c:2: error: ASCII ellipsis ('...') instead of Unicode" ] || fail "--check: $(cat checked.err)"; ok
"$ERLI18N" extract --check=quote-unicode --sentence-end=double-space -o checked.pot checked.c && [ -s checked.pot ] ||
  fail "--check with nothing found"; ok
set +e
"$ERLI18N" extract --check=bogus -o - checked.c > /dev/null 2>&1; [ $? -eq 2 ] || fail "--check=bogus"; ok
"$ERLI18N" extract --sentence-end=bogus -o - checked.c > /dev/null 2>&1; [ $? -eq 2 ] || fail "--sentence-end=bogus"; ok
set -e

passed extract_cli
