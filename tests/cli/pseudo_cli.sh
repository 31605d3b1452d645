#!/usr/bin/env bash
# `erli18n pseudo`: from a template as extract writes it, a catalog whose every msgstr is its
# msgid pseudo-localized (placeholders, printf directives and markup kept), plural forms as the
# locale's rule says, context kept, a header `lint --werror` accepts; GNU msgfmt -c accepts it
# too. Bad usage exits 2, an unreadable input 1.
. "$(dirname "$0")/lib.sh" || exit 1
need_tools msgfmt
unset ERLI18N_TRANSLATOR NAME EMAIL

cat > app.cc <<'SRC'
#include <cstdio>
#include <erli18n/format.h>
void f(unsigned long n, const char* who) {
  std::printf(erli18n::ngettext("%lu file in %s", "%lu files in %s", n).data(), n, "/tmp");
  std::printf(erli18n::gettext("%1$s owes %2$5.2f%%\n").data(), who, 1.5);
  (void)erli18n::format(erli18n::pgettext("menu", "Open %{name}"), {{"name", who}});
  (void)erli18n::gettext("<b>Bold</b> &amp; &File");
}
SRC
"$ERLI18N" extract -o app.pot app.cc
grep -q '^#, c-format' app.pot || fail "extract flagged no c-format message: $(cat app.pot)"

run() {
  local want=$1
  shift
  local status=0
  "$ERLI18N" pseudo "$@" > out.txt 2> err.txt || status=$?
  [ "$status" = "$want" ] || { cat err.txt >&2; fail "pseudo $*: exit $status, expected $want"; }
}

run 0 app.pot -o en_XA.po
grep -qF 'msgstr[0] "[%lu ƒíļé íñ %s ~~~]"' en_XA.po || fail "form 0: $(cat en_XA.po)"
grep -qF 'msgstr[1] "[%lu ƒíļéš íñ %s ~~~]"' en_XA.po || fail "form 1: $(cat en_XA.po)"
grep -qF 'msgstr "[%1$s öŵéš %2$5.2f%% ~~]\n"' en_XA.po || fail "printf and newline: $(cat en_XA.po)"
grep -qF 'msgstr "[Öþéñ %{name} ~~]"' en_XA.po || fail "placeholder: $(cat en_XA.po)"
grep -B2 -F 'msgstr "[Öþéñ %{name} ~~]"' en_XA.po | grep -q '^msgctxt "menu"$' || fail "context lost"
grep -qF 'msgstr "[<b>Ɓöļð</b> &amp; &Ƒíļé ~~~]"' en_XA.po || fail "markup: $(cat en_XA.po)"
grep -q '^"Language: en_XA\\n"$' en_XA.po || fail "Language: $(cat en_XA.po)"
grep -q '^"Plural-Forms: nplurals=2; plural=(n != 1);\\n"$' en_XA.po || fail "Plural-Forms: $(cat en_XA.po)"
[ "$(grep -c '^msgstr.* ""$' en_XA.po)" = 1 ] || fail "an untranslated message is left (or no header)"
"$ERLI18N" lint --werror en_XA.po > lint.txt 2>&1 || fail "lint --werror: $(cat lint.txt)"
msgfmt -c -o en_XA.mo en_XA.po || fail "msgfmt -c rejects the pseudo catalog"
ok

# The catalog msgfmt compiled loads, and its lookups answer the pseudo text (plurals by n).
printf '%s\n' '{"msgid": "Open %{name}", "context": "menu"}' \
  '{"msgid": "%lu file in %s", "plural": "%lu files in %s", "n": 1}' \
  '{"msgid": "%lu file in %s", "plural": "%lu files in %s", "n": 5}' > requests.jsonl
"$ERLI18N" lookup en_XA.mo < requests.jsonl > got.txt || fail "lookup: exit $?"
printf '%s\n' '"[Öþéñ %{name} ~~]"' '"[%lu ƒíļé íñ %s ~~~]"' '"[%lu ƒíļéš íñ %s ~~~]"' > want.txt
diff want.txt got.txt || fail "lookups in the pseudo catalog"
ok

# Polish: three forms, form 0 from the msgid; msgfmt -c checks each against the msgids.
run 0 --locale pl app.pot -o pl.po
[ "$(grep -c '^msgstr\[2\] "\[%lu ƒíļéš íñ %s ~~~\]"$' pl.po)" = 1 ] || fail "pl: $(cat pl.po)"
grep -q '^"Plural-Forms: nplurals=3;' pl.po || fail "pl: Plural-Forms"
"$ERLI18N" lint --werror pl.po > lint.txt 2>&1 || fail "pl: lint --werror: $(cat lint.txt)"
msgfmt -c -o /dev/null pl.po || fail "msgfmt -c rejects the Polish pseudo catalog"
ok

# From a translated catalog: the msgids are used, so a second pass gives the same catalog;
# standard output without -o; --expansion and --translator.
SOURCE_DATE_EPOCH=1700000000 run 0 app.pot -o first.po
SOURCE_DATE_EPOCH=1700000000 run 0 first.po -o again.po
cmp first.po again.po || fail "a second pass changed the catalog: $(diff first.po again.po)"
run 0 --expansion 0 --translator "Ada <ada@example.org>" app.pot
grep -qF 'msgstr "[Öþéñ %{name}]"' out.txt || fail "--expansion 0: $(cat out.txt)"
grep -q '^"Last-Translator: Ada <ada@example.org>\\n"$' out.txt || fail "--translator"
ok

run 2 --locale 'not a locale' app.pot
grep -q "is not a locale name" err.txt || fail "bad locale: $(cat err.txt)"
run 2 --plural-forms 'nplurals=2; plural=(n >;' app.pot
run 2 --expansion 5000 app.pot
run 1 missing.pot
grep -q "missing.pot" err.txt || fail "missing input: $(cat err.txt)"
ok

passed pseudo_cli
