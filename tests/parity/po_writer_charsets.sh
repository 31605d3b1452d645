#!/usr/bin/env bash
# Parity in the charsets GNU calls "weird" (a byte 0x5C that is not a backslash: the second
# byte of a double-byte character, or in JOHAB and Shift_JIS a currency sign of its own):
# `erli18n normalize` writes exactly what `msgcat` writes, in three layouts, for a catalog
# holding escapes, `~`, raw backslashes in comments and characters whose second byte is 0x5C.
# The files are encoded by Python's codecs, which keep ASCII as ASCII, as PO files need.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP
need_tools msgcat python3
fresh_tmp

python3 - "$TEST_TMP" <<'EOF'
import sys
out = sys.argv[1]
# charset, text of the language (the first characters end in byte 0x5C)
cases = {
    "JOHAB": "겦굎 안녕하세요 한국어 번역",
    "SHIFT_JIS": "表ソ十能予 日本語の翻訳です",
    "BIG5": "許功蓋擺 中文翻譯",
    "BIG5-HKSCS": "許功 中文翻譯",
    "GBK": "乗俓僜 中文翻译",
    "GB18030": "乗俓 中文翻译",
}
for cs, text in cases.items():
    po = f'''msgid ""
msgstr ""
"Content-Type: text/plain; charset={cs}\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

# {text} \\ raw backslash ~ tilde
#. extracted \\ comment {text}
#: src/main.c:10
#, c-format
msgid "Hello, %s!\\n"
msgstr "{text}, %s!\\n"

msgid "C:\\\\Program Files\\\\app \\"quoted\\" \\ttab ~tilde"
msgstr "C:\\\\{text}\\\\ \\"{text}\\" \\t ~{text}"

msgid "ascii \\\\ only ~"
msgstr "ascii \\\\ only ~"

msgid "A long line of text that the writer must wrap at the default width of seventy-nine columns"
msgstr "{text} {text} \\\\ {text} {text} {text}\\n{text} {text} {text} {text} {text} {text}"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "{text} %d"

#| msgid "Old \\\\ text"
msgid "New text"
msgstr "{text}\\\\"

#~ msgid "obsolete \\\\ entry"
#~ msgstr "{text} \\\\ {text}"
'''
    with open(f"{out}/{cs}.po", "wb") as f:
        f.write(po.encode(cs))
EOF

comparisons=0 failures=0
for cs in JOHAB SHIFT_JIS BIG5 BIG5-HKSCS GBK GB18030; do
  po="$TEST_TMP/$cs.po"
  for mode in "" "--no-wrap" "--width=40"; do
    comparisons=$((comparisons + 1))
    set +e
    # shellcheck disable=SC2086  # mode holds zero or one option
    msgcat $mode "$po" > "$TEST_TMP/expected" 2> "$TEST_TMP/expected.err"; expected_rc=$?
    # shellcheck disable=SC2086
    "$ERLI18N" normalize $mode "$po" > "$TEST_TMP/actual" 2> "$TEST_TMP/actual.err"; actual_rc=$?
    set -e
    if [ "$expected_rc" -ne 0 ]; then
      echo "msgcat refuses $cs [${mode:-default}]: $(head -1 "$TEST_TMP/expected.err")"
      failures=$((failures + 1))
      continue
    fi
    if [ "$actual_rc" -ne 0 ] || ! cmp -s "$TEST_TMP/expected" "$TEST_TMP/actual"; then
      failures=$((failures + 1))
      echo "MISMATCH: $cs [${mode:-default}] erli18n exit $actual_rc: $(head -1 "$TEST_TMP/actual.err")"
      cmp "$TEST_TMP/expected" "$TEST_TMP/actual" 2>&1 | head -1 || true
    fi
  done
done
echo "po_writer_charsets: $comparisons comparisons, $failures mismatches"
[ "$failures" -eq 0 ]
