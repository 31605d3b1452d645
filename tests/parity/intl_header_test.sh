#!/usr/bin/env bash
# Runs intl_header_test (erli18n/libintl.h's pgettext family, linked to liberli18n_intl.so
# or .a) on a catalog compiled here by msgfmt, and a .po that only erli18n reads.
# Usage: intl_header_test.sh TEST   (env: TEST_TMP)
set -euo pipefail
test_program=$1
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP/locale/de/LC_MESSAGES"
cat > "$TEST_TMP/ctx.po" <<'PO'
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgctxt "menu"
msgid "Open"
msgstr "Öffnen"

msgid "Open"
msgstr "Offen"

msgctxt "files"
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"
PO
msgfmt -o "$TEST_TMP/locale/de/LC_MESSAGES/ctx.mo" "$TEST_TMP/ctx.po"
# A catalog only erli18n reads (glibc reads no .po): proves which gettext the program got.
printf '%s\n' 'msgid ""' 'msgstr ""' '"Content-Type: text/plain; charset=UTF-8\n"' '' \
  'msgid "Hello"' 'msgstr "Hallo"' > "$TEST_TMP/locale/de/LC_MESSAGES/poonly.po"
env -i LANG=C.UTF-8 LANGUAGE=de "$test_program" "$TEST_TMP/locale"
