#!/usr/bin/env bash
# `erli18n merge`: merging twice changes nothing; -U rewrites the catalog only when it changes;
# --for-each-locale updates every LOCALE/LC_MESSAGES/DOMAIN.po of a tree; bad input is a
# file:line:col diagnostic with exit 1, bad usage exit 2. `erli18n init`: CLDR's Plural-Forms,
# that many forms per plural message, a catalog msgfmt accepts.
. "$(dirname "$0")/lib.sh" || exit 1
need_env TEST_DATA
data="$TEST_DATA/merge"

# Merging the result again with the same template is a fixpoint, for every crafted pair and option.
# Not for a template with obsolete messages: msgmerge 0.21 alternates between two catalogs there
# (one such message with no translation comes back live, then the next merge drops it).
for dir in "$data"/*/; do
  grep -q '^#~' "$dir/ref.pot" && continue
  for mode in "" "--previous" "--no-fuzzy-matching"; do
    # shellcheck disable=SC2086
    "$ERLI18N" merge $mode "$dir/def.po" "$dir/ref.pot" -o once.po
    # shellcheck disable=SC2086
    "$ERLI18N" merge $mode once.po "$dir/ref.pot" -o twice.po
    cmp -s once.po twice.po || { diff once.po twice.po >&2 || true; fail "$(basename "$dir") $mode: second merge changed the catalog"; }
    ok
  done
done

# -U writes the merge into the catalog; a second -U finds nothing to change and leaves the
# file untouched (its old modification time stays).
cp "$data/basic/def.po" work.po
"$ERLI18N" merge --previous "$data/basic/def.po" "$data/basic/ref.pot" -o expected.po
"$ERLI18N" merge --previous -U work.po "$data/basic/ref.pot"
cmp -s work.po expected.po || fail "-U did not write the merge"
ok
touch -d '2001-01-01 00:00:00' work.po
"$ERLI18N" merge --previous -U work.po "$data/basic/ref.pot"
[ "$(stat -c %Y work.po)" = "$(date -d '2001-01-01 00:00:00' +%s)" ] || fail "-U rewrote an unchanged catalog"
ok
# As msgmerge -U (tests/parity/merge_update.sh): the rewrite backed the catalog up as work.po~,
# the unchanged run made no second one.
cmp -s work.po~ "$data/basic/def.po" || fail "-U did not back the catalog up as work.po~"
ok

# The fuzzy match proposes the old translation, marked fuzzy, previous msgid with --previous.
grep -A3 '^#, fuzzy' expected.po | grep -q '^#| msgid "Close the window"$' || fail "no #| for the fuzzy match"
ok

# --for-each-locale: every catalog of every domain with a template; others untouched.
mkdir -p tree/fr/LC_MESSAGES tree/de/LC_MESSAGES tree/es/LC_MESSAGES
cp "$data/basic/ref.pot" tree/app.pot
cp "$data/basic/def.po" tree/fr/LC_MESSAGES/app.po
cp "$data/flags/def.po" tree/de/LC_MESSAGES/app.po
cp "$data/flags/def.po" tree/es/LC_MESSAGES/other.po
"$ERLI18N" merge --for-each-locale tree
"$ERLI18N" merge "$data/basic/def.po" "$data/basic/ref.pot" -o fr.expected
"$ERLI18N" merge "$data/flags/def.po" "$data/basic/ref.pot" -o de.expected
cmp -s tree/fr/LC_MESSAGES/app.po fr.expected || fail "--for-each-locale: fr differs from a single merge"
cmp -s tree/de/LC_MESSAGES/app.po de.expected || fail "--for-each-locale: de differs from a single merge"
cmp -s tree/es/LC_MESSAGES/other.po "$data/flags/def.po" || fail "--for-each-locale touched a domain with no template"
ok

# run EXPECTED_STATUS ARGS...: stderr in err.txt.
run() {
  local want=$1 status=0
  shift
  "$ERLI18N" "$@" > out.txt 2> err.txt || status=$?
  [ "$status" = "$want" ] || { cat err.txt >&2; fail "$*: exit $status, expected $want"; }
  ok
}

# A broken catalog: the reader's position, exit 1, nothing written.
printf 'msgid "a"\nmsgstr "A"\n\nmsgid "b\n' > broken.po
run 1 merge broken.po "$data/basic/ref.pot" -o never.po
grep -q '^broken.po:4:9: error: end-of-line within string$' err.txt || fail "broken.po: $(cat err.txt)"
[ ! -e never.po ] || fail "output written for a broken catalog"
ok
run 2 merge "$data/basic/def.po"
grep -q 'expected DEF.po REF.pot' err.txt || fail "missing template: $(cat err.txt)"
ok
mkdir -p empty-tree
run 1 merge --for-each-locale empty-tree
grep -q 'no .pot template' err.txt || fail "tree without templates: $(cat err.txt)"
ok

# init: Polish has three integer forms in CLDR; the catalog names them and every plural
# message gets three msgstr; msgfmt accepts the result.
run 0 init --locale pl "$data/basic/ref.pot" -o pl.po
grep -q '^"Plural-Forms: nplurals=3; plural=' pl.po || fail "init pl: $(cat pl.po)"
grep -q '^"Language: pl\\n"$' pl.po || fail "init pl: no Language"
grep -q '^"Content-Type: text/plain; charset=UTF-8\\n"$' pl.po || fail "init pl: charset not set"
[ "$(grep -c '^msgstr\[2\] ""$' pl.po)" = 2 ] || fail "init pl: plural messages without three forms"
! grep -q '^#, fuzzy' pl.po || fail "init pl: header still fuzzy"
msgfmt -c -o /dev/null pl.po || fail "msgfmt rejects the new catalog"
ok
run 2 init --locale xx-not-a-language "$data/basic/ref.pot"
grep -q "CLDR has no plural rule\|is not a locale name" err.txt || fail "init unknown: $(cat err.txt)"
ok
run 0 init --locale fr --plural-forms 'nplurals=2; plural=(n > 1);' "$data/basic/ref.pot" -o fr.po
grep -q '^"Plural-Forms: nplurals=2; plural=(n > 1);\\n"$' fr.po || fail "init --plural-forms ignored"
ok
run 2 init --locale fr --plural-forms 'nplurals=2; plural=(n >;' "$data/basic/ref.pot"

# init over a template as extract writes it: a header `lint --werror` accepts, with no
# placeholder of the template left; the translator from --translator, else ERLI18N_TRANSLATOR,
# else NAME and EMAIL; the date and year from SOURCE_DATE_EPOCH.
unset ERLI18N_TRANSLATOR NAME EMAIL
printf '#include <erli18n/gettext.h>\nconst char* f(unsigned long n) { return erli18n::ngettext("a file", "%%{count} files", n).data(); }\n' > app.cc
"$ERLI18N" extract -o app.pot app.cc
for how in option erli18n_translator name_email; do
  case $how in
  option) run 0 init --locale de --translator "Ada Lovelace <ada@example.org>" app.pot -o de.po ;;
  erli18n_translator) ERLI18N_TRANSLATOR="Ada Lovelace <ada@example.org>" EMAIL=other@example.org run 0 init --locale de app.pot -o de.po ;;
  name_email) NAME="Ada Lovelace" EMAIL=ada@example.org run 0 init --locale de app.pot -o de.po ;;
  esac
  grep -q '^"Last-Translator: Ada Lovelace <ada@example.org>\\n"$' de.po || fail "init ($how): translator: $(cat de.po)"
  grep -q '^# Ada Lovelace <ada@example.org>, 20[0-9][0-9]\.$' de.po || fail "init ($how): first author: $(cat de.po)"
  ! grep -E 'FULL NAME|EMAIL@ADDRESS|YEAR|PACKAGE|SOME DESCRIPTIVE|LANGUAGE|CHARSET|INTEGER' de.po ||
    fail "init ($how): a template placeholder is left"
  "$ERLI18N" lint --werror de.po > lint.txt 2>&1 || fail "init ($how): lint --werror: $(cat lint.txt)"
  ok
done
grep -q '^"Project-Id-Version: app\\n"$' de.po || fail "init: project not named after the template"
grep -q '^"Language-Team: none\\n"$' de.po || fail "init: Language-Team"
SOURCE_DATE_EPOCH=1700000000 TZ=UTC run 0 init --locale de --project "app 1.2" --language-team "German <de@example.org>" app.pot -o de.po
grep -q '^"PO-Revision-Date: 2023-11-14 22:13+0000\\n"$' de.po || fail "init: SOURCE_DATE_EPOCH: $(cat de.po)"
grep -q '^"Project-Id-Version: app 1.2\\n"$' de.po || fail "init: --project"
grep -q '^"Language-Team: German <de@example.org>\\n"$' de.po || fail "init: --language-team"
grep -q '^# Automatically generated, 2023\.$' de.po || fail "init: no translator known: $(cat de.po)"
grep -q '^# German translations for app package\.$' de.po || fail "init: title"
"$ERLI18N" lint --werror de.po > lint.txt 2>&1 || fail "init: lint --werror: $(cat lint.txt)"
msgfmt -c -o /dev/null de.po || fail "msgfmt -c rejects the new catalog"
ok
SOURCE_DATE_EPOCH=soon run 2 init --locale de app.pot
grep -q "SOURCE_DATE_EPOCH" err.txt || fail "init: bad SOURCE_DATE_EPOCH: $(cat err.txt)"
ok

passed merge_cli
