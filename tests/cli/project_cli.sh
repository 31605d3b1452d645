#!/usr/bin/env bash
# `erli18n update` and `erli18n check` in a project (docs/project-file.md): the sample project
# (tests/data/project, erli18n.conf) goes through update then check (passes); a source edit
# makes check fail naming the stale template, update fixes it; a second update with another
# creation date changes nothing; the command line overrides the file; a project of GNU's
# po/POTFILES.in and po/LINGUAS only works without erli18n.conf; a bad project file is an
# error at its file:line:col.
. "$(dirname "$0")/lib.sh" || exit 1

# run COMMAND EXPECTED_EXIT ARGS…: runs `erli18n COMMAND ARGS…` into out.txt/err.txt.
run() {
  local command=$1 expected=$2
  shift 2
  set +e
  "$ERLI18N" "$command" "$@" > out.txt 2> err.txt
  local rc=$?
  set -e
  if [ "$rc" -ne "$expected" ]; then
    echo "--- stdout" >&2; cat out.txt >&2; echo "--- stderr" >&2; cat err.txt >&2
    fail "$command $*: exit $rc, expected $expected"
  fi
}
has() { grep -qF -- "$1" "${2:-out.txt}" || { cat "${2:-out.txt}" >&2; fail "${2:-out.txt} lacks: $1"; }; }

export SOURCE_DATE_EPOCH=1764460800
cp -r "$TEST_DATA/project" proj
cd proj

# update writes the template and merges the catalog; check then passes, with no argument.
run update 0
has "po/shop.pot: updated"
has "po/fr/LC_MESSAGES/shop.po: updated"
has "erli18n update: 1 template and 1 catalog, 2 files changed"
has '#. TRANSLATORS: the page'"'"'s title.' po/shop.pot
has 'msgid "Thank you"' po/fr/LC_MESSAGES/shop.po
has 'Project-Id-Version: shop' po/shop.pot
run check 0
has "erli18n check: po/shop.pot up to date, 1 catalog merged and lint-clean"
[ ! -s err.txt ] || fail "clean project: stderr: $(cat err.txt)"
ok

# A second update with another creation date writes nothing (msgmerge -U's rule).
cp po/shop.pot pot.before
cp po/fr/LC_MESSAGES/shop.po po.before
SOURCE_DATE_EPOCH=1764547200 run update 0
has "erli18n update: 1 template and 1 catalog, 0 files changed"
cmp -s po/shop.pot pot.before || fail "the template was rewritten for its date only"
cmp -s po/fr/LC_MESSAGES/shop.po po.before || fail "the catalog was rewritten for its date only"
ok

# A source edit: check fails naming the stale template; update fixes it.
sed -i 's/TR("Thank you")/TR("Thank you!")/' src/shop.cc
run check 1
has 'po/shop.pot: 1 added, 1 removed'
has '+ "Thank you!" (src/shop.cc:10)'
has "erli18n check: po/shop.pot is out of date; run erli18n update and commit the result"
has "erli18n check: 1 of 1 catalog not merged with the template; run erli18n update"
run update 0
has "po/shop.pot: updated"
grep -qF -- '#| msgid "Thank you"' po/fr/LC_MESSAGES/shop.po || fail "previous = true: no #| line"
run check 0
has "erli18n check: po/shop.pot up to date, 1 catalog merged and lint-clean"
ok

# A lint error in a catalog fails the check, with its position.
sed -i 's/msgstr "Boutique"/msgstr "Boutique\\n"/' po/fr/LC_MESSAGES/shop.po
run check 1
has "po/fr/LC_MESSAGES/shop.po:"
has "[newlines]"
has "erli18n check: 1 of 1 catalog with lint errors"
sed -i 's/msgstr "Boutique\\n"/msgstr "Boutique"/' po/fr/LC_MESSAGES/shop.po
ok

# From elsewhere: -C DIR and --project FILE.
cd ..
run check 0 -C proj
has "erli18n check: po/shop.pot up to date"
run check 0 --project proj/erli18n.conf
has "erli18n check: po/shop.pot up to date"
ok

# The command line wins over the file: other keywords give another template.
run check 1 -C proj --keyword=TRN:1,2
has "po/shop.pot: "
has "removed"
run update 0 -C proj --template po/other.pot
[ -f proj/po/other.pot ] || fail "--template: no po/other.pot"
cmp -s proj/po/other.pot proj/po/shop.pot || fail "--template: not the project's template"
ok

# A locale listed without a catalog: update says so and creates nothing; check fails.
echo 'locales = fr de' >> proj/erli18n.conf
run update 0 -C proj
has "erli18n update: warning: po/de/LC_MESSAGES/shop.po: no catalog for locale de (listed in erli18n.conf)" err.txt
[ ! -e proj/po/de ] || fail "update created po/de"
run check 1 -C proj
has "po/de/LC_MESSAGES/shop.po: missing: no catalog for locale de (listed in erli18n.conf)"
ok

# GNU's po/POTFILES.in and po/LINGUAS alone: po/LL.po catalogs, the domain from -d, then from
# the one template of po/.
cp -r "$TEST_DATA/project_gnu" gnu
run update 0 -C gnu -d hello
has "po/hello.pot: updated"
has "po/de.po: updated"
has "erli18n update: 1 template and 2 catalogs, 3 files changed"
has '#: src/hello.c:7' gnu/po/hello.pot
run check 0 -C gnu
has "erli18n check: po/hello.pot up to date, 2 catalogs merged and lint-clean"
! grep -q "warning" out.txt || fail "GNU project: lint warnings: $(cat out.txt)"
cd gnu
run check 0
cd ..
echo 'es' >> gnu/po/LINGUAS
run update 0 -C gnu
has "erli18n update: warning: po/es.po: no catalog for locale es (listed in po/LINGUAS)" err.txt
run check 1 -C gnu
has "po/es.po: missing: no catalog for locale es (listed in po/LINGUAS)"
sed -i '/^es$/d' gnu/po/LINGUAS
printf '#include <libintl.h>\nvoid bye(void) { gettext("Bye"); }\n' > gnu/src/bye.c
echo 'src/bye.c' >> gnu/po/POTFILES.in
run check 1 -C gnu
has '+ "Bye" (src/bye.c:2)'
has "erli18n check: po/hello.pot is out of date"
ok

# A bad project file: an error at its file:line:col, exit 2, nothing written.
mkdir bad
bad() {  # bad TEXT EXPECTED-ERROR
  printf '%s\n' "$1" > bad/erli18n.conf
  rm -rf bad/po
  run update 2 -C bad
  has "$2" err.txt
  [ ! -e bad/po ] || fail "a bad project file wrote po/"
  run check 2 -C bad
  has "$2" err.txt
}
mkdir -p bad/src && echo 'void f() { gettext("x"); }' > bad/src/a.cc
bad $'domain = shop\nwidth = wide' "erli18n.conf:2:9: error: 'width' takes a number from 1 to 100000, not 'wide'"
bad $'# a comment\n\n  colour = blue' "erli18n.conf:3:3: error: unknown key 'colour'"
bad $'add-comments = "TRANSLATORS: ' "erli18n.conf:1:16: error: unterminated quoted value"
bad $'domain shop' "erli18n.conf:1:8: error: expected '=' after 'domain'"
bad $'domain = shop\ndomain = other' "erli18n.conf:2:1: error: 'domain' is already set at line 1"
bad $'domain = a b' "erli18n.conf:1:12: error: 'domain' takes one value (put a value with spaces in double quotes)"
bad $'layout = tree' "erli18n.conf:1:10: error: 'layout' takes one of flat lc_messages, not 'tree'"
bad $'sources = src/*.cc\nsources = lib/*.c' "erli18n.conf:2:11: error: pattern 'lib/*.c' matches no file"
bad $'sources = src/missing.cc' "erli18n.conf:1:11: error: source 'src/missing.cc' does not exist"
bad $'domain = "a\\q"' "erli18n.conf:1:12: error: unknown escape in a quoted value"
bad $'domain = a"b"' "erli18n.conf:1:11: error: a quote inside a word (quote the whole word)"
bad $'jobs = 300' "erli18n.conf:1:8: error: 'jobs' takes a number from 0 to 256, not '300'"
bad $'wrap = yes' "erli18n.conf:1:8: error: 'wrap' takes true or false, not 'yes'"
bad $'= shop' "erli18n.conf:1:1: error: expected a key"
bad $'domain =' "erli18n.conf:1:9: error: 'domain' needs a value"
ok

# Quoted words, a list over several lines, comments after a value.
printf '%s\n' 'sources = src/*.cc  # the sources' 'package-name = "my shop"' 'keywords = TR' \
  'keywords = "TRN:1,2" # more' 'add-comments = "NOTE: x \"y\""' > bad/erli18n.conf
rm -rf bad/po
run update 0 -C bad
has '"Project-Id-Version: my shop\n"' bad/po/messages.pot
has 'msgid "x"' bad/po/messages.pot
ok
ok

# No project at all.
mkdir empty
run update 2 -C empty
has "error: no project here: neither erli18n.conf nor po/POTFILES.in" err.txt
ok

passed project_cli
