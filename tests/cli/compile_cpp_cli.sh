#!/usr/bin/env bash
# `erli18n compile --cpp`: the generated source compiles with the project's warnings as
# errors, its registered catalogs answer exactly as the same .mo files loaded from disk
# (tests/cli/embedded_compare.cc), the output is deterministic (argument order, .po or
# msgfmt's .mo input), and bad input is refused with a diagnostic.
# Needs: ERLI18N, TEST_TMP, SOURCE_DIR, LIBRARY (the static erli18n), CXXFLAGS_EXTRA.
. "$(dirname "$0")/lib.sh" || exit 1
need_env SOURCE_DIR LIBRARY

# catalog LOCALE PLURAL_FORMS FORM0 FORM1: a catalog with a context, a plural, non-ASCII,
# quotes, a backslash, a question mark pair and control bytes (all escaped in the source).
catalog() {
  mkdir -p "locale/$1/LC_MESSAGES"
  cat > "locale/$1/LC_MESSAGES/app.po" <<PO
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: $2\n"

msgid "Hello"
msgstr "Hello in $1 – ünïcødé"

msgctxt "menu"
msgid "Open"
msgstr "Open ($1) \"quoted\" \\\\ ??= tab\there"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "$3"
msgstr[1] "$4"

msgid "untranslated"
msgstr ""
PO
}
catalog fr 'nplurals=2; plural=(n > 1);' '%d fichier' '%d fichiers'
catalog de 'nplurals=2; plural=(n != 1);' '%d Datei' '%d Dateien'
mkdir -p locale/ru/LC_MESSAGES
cat > locale/ru/LC_MESSAGES/app.po <<'PO'
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"
PO
for l in fr de ru; do msgfmt -o "$l.mo" "locale/$l/LC_MESSAGES/app.po"; done

"$ERLI18N" compile --cpp -o gen.cc --namespace generated locale/fr/LC_MESSAGES/app.po \
  locale/de/LC_MESSAGES/app.po locale/ru/LC_MESSAGES/app.po
grep -q '^alignas(4) constexpr char catalog_2\[\] =$' gen.cc || fail "three catalogs expected in gen.cc"
grep -q '"de", catalog_0' gen.cc || fail "catalogs are not sorted by locale"
ok

# Determinism: the same bytes for another argument order, and for msgfmt's .mo files
# (compile_mo writes msgfmt's bytes) named with --domain/--locale rules from their paths.
"$ERLI18N" compile --cpp -o gen2.cc --namespace generated locale/ru/LC_MESSAGES/app.po \
  locale/fr/LC_MESSAGES/app.po locale/de/LC_MESSAGES/app.po
cmp gen.cc gen2.cc || fail "output depends on the argument order"
ok
mkdir -p mo/fr/LC_MESSAGES mo/de/LC_MESSAGES mo/ru/LC_MESSAGES
for l in fr de ru; do cp "$l.mo" "mo/$l/LC_MESSAGES/app.mo"; done
"$ERLI18N" compile --cpp -o gen3.cc --namespace generated mo/*/LC_MESSAGES/app.mo
cmp gen.cc gen3.cc || fail "embedding msgfmt's .mo files differs from embedding the .po files"
ok
# Flat layout: LOCALE.po with --domain.
mkdir -p flat && cp locale/fr/LC_MESSAGES/app.po flat/fr.po && cp locale/de/LC_MESSAGES/app.po flat/de.po
cp locale/ru/LC_MESSAGES/app.po flat/ru.po
"$ERLI18N" compile --cpp -o gen4.cc --namespace generated --domain app flat/fr.po flat/ru.po flat/de.po
cmp gen.cc gen4.cc || fail "the flat layout with --domain app differs"
ok

# The generated source compiles cleanly with the project's warnings, and what it registers
# answers exactly as the .mo files loaded from disk.
flags=(-std=c++17 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror $CXXFLAGS_EXTRA -I"$SOURCE_DIR/include")
"${CXX:-c++}" "${flags[@]}" -c gen.cc -o gen.o
"${CXX:-c++}" "${flags[@]}" -c "$SOURCE_DIR/tests/cli/embedded_compare.cc" -o compare.o
"${CXX:-c++}" $CXXFLAGS_EXTRA compare.o gen.o "$LIBRARY" -pthread -o compare
./compare fr=fr.mo de=de.mo ru=ru.mo > compare.out || fail "embedded and loaded catalogs differ"
cat compare.out
# Keys: the headers (3), fr/de: Hello, Open, %d file (the untranslated one is not compiled);
# ru: %d file. All 10 answer something other than their msgid (the empty msgid answers the
# header, as glibc's does); 31 counts each for the plural forms; no byte copied.
grep -qx 'catalogs=3 keys=10 translated=10 plural_checks=310 copied=0' compare.out || fail "unexpected counts"
ok
# C++20 too.
"${CXX:-c++}" -std=c++20 -Wall -Wextra -Wpedantic -Werror $CXXFLAGS_EXTRA -I"$SOURCE_DIR/include" -fsyntax-only gen.cc
ok

# Bad input: file: error: ... and exit 1, no output written.
expect_error() {
  local pattern=$1
  shift
  if "$ERLI18N" compile --cpp -o bad.cc "$@" 2> err.txt; then fail "accepted: $*"; fi
  grep -q -- "$pattern" err.txt || { cat err.txt; fail "diagnostic for $* lacks '$pattern'"; }
  [ ! -e bad.cc ] || fail "output written for $*"
  ok
}
expect_error "flat/fr.po: error: cannot tell the catalog's domain" flat/fr.po
expect_error "two catalogs for domain 'app' and locale 'fr'" --domain app flat/fr.po locale/fr/LC_MESSAGES/app.po
expect_error "is not a C++ namespace name" --namespace '1bad' flat/fr.po
expect_error "is not a C++ namespace name" --namespace 'a::' flat/fr.po
expect_error "--locale names the locale of one catalog only" --locale fr flat/fr.po flat/de.po
expect_error "'not a locale!' is not a locale name" --domain app --locale 'not a locale!' flat/fr.po
printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "x"\nmsgstr "broken\n' > broken.po
expect_error "broken.po:" --domain app --locale fr broken.po
# An MO file is told by its magic number, whatever its name; a corrupt one is refused.
printf '\336\022\004\225\000\000\000\000\377\377\377\377 and garbage after the header...' > bad.gmo
expect_error "bad.gmo: error: " --domain app --locale fr bad.gmo
cp fr.mo fr.gmo
"$ERLI18N" compile --cpp -o gmo.cc --namespace generated --domain app --locale fr fr.gmo
"$ERLI18N" compile --cpp -o po.cc --namespace generated --domain app --locale fr flat/fr.po
cmp gmo.cc po.cc || fail "a .gmo is not read as an MO file"
ok
# A catalog with nothing translated, not even a header, is skipped with a warning (msgfmt
# writes no file for it either).
printf 'msgid "x"\nmsgstr ""\n' > flat/ja.po
"$ERLI18N" compile --cpp -o skip.cc --domain app flat/ja.po flat/fr.po 2> err.txt
grep -q 'flat/ja.po: warning: no translated message; not embedded' err.txt || fail "no warning for ja"
grep -q '"fr", catalog_0' skip.cc && ! grep -q '"ja"' skip.cc || fail "ja should be skipped"
ok
# No catalog at all still gives a source that compiles and registers nothing.
"$ERLI18N" compile --cpp -o empty.cc --domain app flat/ja.po 2> /dev/null
"${CXX:-c++}" "${flags[@]}" -fsyntax-only empty.cc
ok

passed compile_cpp_cli
