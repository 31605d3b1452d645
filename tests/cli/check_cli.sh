#!/usr/bin/env bash
# `erli18n check`: a tree whose templates were just extracted passes; an added, removed or
# changed message fails with its account; a creation-date-only difference passes; moved code
# passes with --names-only only; missing and stale templates are reported; --po names the
# messages a catalog lacks; usage errors exit 2.
. "$(dirname "$0")/lib.sh" || exit 1

# run EXPECTED_EXIT ARGS…: runs `erli18n check ARGS…` into out.txt/err.txt, checks the exit.
run() {
  local expected=$1
  shift
  set +e
  "$ERLI18N" check "$@" > out.txt 2> err.txt
  local rc=$?
  set -e
  if [ "$rc" -ne "$expected" ]; then
    echo "--- stdout" >&2; cat out.txt >&2; echo "--- stderr" >&2; cat err.txt >&2
    fail "check $*: exit $rc, expected $expected"
  fi
}
has() { grep -qF -- "$1" out.txt || { cat out.txt >&2; fail "output lacks: $1"; }; }

write_sources() {
  mkdir -p src
  cat > src/a.cc <<'CC'
#include <erli18n/gettext.h>

void f(const erli18n::translator& tr, unsigned long n) {
  erli18n::gettext("Hello");
  tr.ngettext("%d file", "%d files", n);
  erli18n::pgettext("menu", "Open");
  erli18n::dgettext("errors", "Disk full");
}
CC
  cat > src/b.cc <<'CC'
#include <erli18n/gettext.h>

void g() { erli18n::gettext("Hello"); erli18n::gettext("Bye"); }
CC
}

fresh_tree() {
  rm -rf src po
  write_sources
  mkdir -p po
  "$ERLI18N" extract --output-dir po src 2> /dev/null || fail "extract failed"
  [ -f po/messages.pot ] && [ -f po/errors.pot ] || fail "extract wrote $(ls po)"
}

# A clean tree passes.
fresh_tree
run 0 --pot-dir po src
has "erli18n check: 2 templates up to date"
[ ! -s err.txt ] || fail "clean tree: stderr not empty: $(cat err.txt)"
ok

# The default --pot-dir is po.
run 0 src
ok

# A creation-date-only difference passes.
sed -i 's/^"POT-Creation-Date: .*\\n"$/"POT-Creation-Date: 1999-01-01 00:00+0000\\n"/' po/messages.pot
grep -q '1999-01-01' po/messages.pot || fail "could not change the date"
run 0 --pot-dir po src
ok

# An added message fails with its account.
fresh_tree
sed -i 's|erli18n::gettext("Bye");|erli18n::gettext("Bye"); erli18n::gettext("New text");|' src/b.cc
run 1 --pot-dir po src
has "po/messages.pot: 1 added"
has '  + "New text" (src/b.cc:3)'
has "erli18n check: 1 of 2 templates out of date"
grep -q 'errors.pot' out.txt && fail "errors.pot reported"
ok

# A removed message.
fresh_tree
sed -i '/"Bye"/s/ erli18n::gettext("Bye");//' src/b.cc
run 1 --pot-dir po src
has "po/messages.pot: 1 removed"
has '  - "Bye" (src/b.cc:3)'
ok

# A changed message: same msgid, another plural.
fresh_tree
sed -i 's/"%d files"/"%d file(s)"/' src/a.cc
run 1 --pot-dir po src
has "po/messages.pot: 1 changed"
has '  ~ "%d file" (src/a.cc:5): msgid_plural "%d files" -> "%d file(s)"'
ok

# Moved code: the references' lines change. Fails by default, passes with --names-only.
fresh_tree
sed -i '1i // a new first line' src/a.cc src/b.cc
run 1 --pot-dir po src
has "po/messages.pot: 4 changed"
has '  ~ "Hello" (src/a.cc:5 and 1 more): references src/a.cc:4 src/b.cc:3 -> src/a.cc:5 src/b.cc:4'
run 0 --pot-dir po --names-only src
ok

# --names-only still fails on an added message and on a message used in another file.
sed -i 's|erli18n::gettext("Bye");|erli18n::gettext("Bye"); erli18n::gettext("Open");|' src/b.cc
run 1 --pot-dir po --names-only src
has "po/messages.pot: 1 added"
has '  + "Open" (src/b.cc:4)'
fresh_tree
sed -i 's|erli18n::gettext("Bye");|erli18n::gettext("Bye"); erli18n::pgettext("menu", "Open");|' src/b.cc
run 1 --pot-dir po --names-only src
has '  ~ "Open" [context "menu"] (src/a.cc:6 and 1 more): references src/a.cc -> src/a.cc src/b.cc'
ok

# A stale template (its domain is no longer used) and a missing one.
fresh_tree
sed -i '/"errors"/d' src/a.cc
run 1 --pot-dir po src
has 'po/errors.pot (stale: no message of this domain is extracted): 1 removed'
has '  - "Disk full" (src/a.cc:7)'
fresh_tree
rm po/errors.pot
run 1 --pot-dir po src
has 'po/errors.pot (missing): 1 added'
has '  + "Disk full" (src/a.cc:7)'
ok

# A committed template that does not parse is a difference, with its diagnostic.
fresh_tree
printf 'msgid "unterminated\n' > po/errors.pot
run 1 --pot-dir po src
has "po/errors.pot: cannot be compared"
has "po/errors.pot:1:"
ok

# Same messages, other layout (a msgid wrapped differently): fails, except with --names-only.
fresh_tree
sed -i 's/^msgid "Bye"$/msgid ""\n"Bye"/' po/messages.pot
grep -q '^"Bye"$' po/messages.pot || fail "could not re-wrap"
run 1 --pot-dir po src
has "po/messages.pot: layout differs from what erli18n extract writes"
run 0 --pot-dir po --names-only src
ok

# Extraction options must be the ones extract used.
fresh_tree
"$ERLI18N" extract --output-dir po --sort-output src 2> /dev/null
run 1 --pot-dir po src
has "po/messages.pot: order changed"
run 0 --pot-dir po --sort-output src
"$ERLI18N" extract --output-dir po --package-name=demo src 2> /dev/null
run 1 --pot-dir po src
has '  header: Project-Id-Version "demo" -> "PACKAGE VERSION"'
run 0 --pot-dir po --package-name=demo src
ok

# --po: every catalog must hold every message of its template.
fresh_tree
mkdir -p po/fr/LC_MESSAGES po/de/LC_MESSAGES po/notalocale
msginit --no-translator --locale=fr --input=po/messages.pot -o po/fr/LC_MESSAGES/messages.po 2> /dev/null
awk -v RS= -v ORS='\n\n' '!/msgid "Bye"/' po/fr/LC_MESSAGES/messages.po > po/de/LC_MESSAGES/messages.po
grep -q '"Bye"' po/de/LC_MESSAGES/messages.po && fail "could not drop a message"
run 0 --pot-dir po src
run 1 --pot-dir po --po src
has "po/de/LC_MESSAGES/messages.po: 1 missing"
has '  "Bye" (src/b.cc:3)'
grep -q 'po/fr/' out.txt && fail "--po: the complete catalog was reported"
has "erli18n check: some catalogs lack messages of their template; run erli18n merge --for-each-locale DIR (or erli18n merge -U CATALOG TEMPLATE)"
grep -q msgmerge out.txt && fail "--po: msgmerge is named instead of erli18n merge"
cp po/fr/LC_MESSAGES/messages.po po/de/LC_MESSAGES/messages.po
run 0 --pot-dir po --po src
has "erli18n check: 2 templates up to date, 2 catalogs complete"
ok

# --template FILE: the one merged template `extract -o FILE` writes.
fresh_tree
"$ERLI18N" extract -o po/app.pot src 2> /dev/null
run 0 --template po/app.pot src
has "erli18n check: 1 template up to date"
sed -i 's|erli18n::gettext("Bye");|erli18n::gettext("Bye"); erli18n::dgettext("errors", "No space");|' src/b.cc
run 1 --template po/app.pot src
has "po/app.pot: 1 added"
has '  + "No space" (src/b.cc:3)'
has "erli18n check: 1 of 1 template out of date"
ok

# Warnings from extraction go to stderr; they do not fail the check.
fresh_tree
sed -i 's|erli18n::gettext("Bye");|erli18n::gettext("Bye"); erli18n::gettext(name);|' src/b.cc
run 0 --pot-dir po src
# A redirected stderr gets the warning and nothing else (no progress bar), byte for byte.
printf '%s\n' "src/b.cc:3: warning: msgid argument 1 of 'gettext' is not a string literal; call skipped" > want.txt
cmp -s want.txt err.txt || fail "stderr: $(od -c err.txt)"
ok

# -k and -c are read as extract reads them (and xgettext): a value only when attached.
fresh_tree
printf '// TAG: hi\nerli18n::gettext("Tagged");\n// note\nerli18n::gettext("Noted");\n' > src/t.cc
"$ERLI18N" extract -o po/tags.pot -cTAG: -k -ktr src 2> /dev/null
grep -q 'Tagged' po/tags.pot && fail "extract -k: the defaults were kept"
run 0 --template po/tags.pot -cTAG: -k -ktr src
run 1 --template po/tags.pot -cTAG: src
has "po/tags.pot: "
"$ERLI18N" extract -o po/tags.pot -cTAG: src 2> /dev/null
grep -qx '#. TAG: hi' po/tags.pot || fail "extract -cTAG: $(cat po/tags.pot)"
run 0 --template po/tags.pot -cTAG: src
run 1 --template po/tags.pot -c src
has "po/tags.pot: "
run 2 --template po/tags.pot -c TAG: src
grep -q '^TAG:: error: cannot open: no such file or directory' err.txt || fail "check -c TAG: $(cat err.txt)"
run 2 --template po/tags.pot -k tr src
grep -q 'no keywords to look for' err.txt || fail "check -k tr: $(cat err.txt)"
ok

# Usage errors exit 2.
fresh_tree
run 2 --pot-dir po
grep -q "no source paths" err.txt || fail "no paths: $(cat err.txt)"
run 2 --pot-dir po --bogus src
run 2 --pot-dir po --keyword=bad:0 src
run 2 --pot-dir po src/missing.cc
run 2 --pot-dir po --add-location=sometimes src
ok

passed check_cli
