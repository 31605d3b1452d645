#!/usr/bin/env bash
# src/formats/po_writer_unicode_table.inc is what scripts/gen_po_writer_unicode.py makes of the
# installed Unicode data (unicode-data: LineBreak.txt, EastAsianWidth.txt) and the installed
# libunistring's uc_width (libunistring2, which msgcat counts columns with): rerun the
# generator and compare bytes.
set -euo pipefail

: "${TEST_TMP:?}"
root=$(cd "$(dirname "$0")/../.." && pwd)
committed=$root/src/formats/po_writer_unicode_table.inc
mkdir -p "$TEST_TMP"
fresh=$TEST_TMP/po_writer_unicode_table.inc

if ! python3 "$root/scripts/gen_po_writer_unicode.py" -o "$fresh"; then
  echo "FAIL: the generator failed (are unicode-data and libunistring2 installed? scripts/install-deps.sh)"
  exit 1
fi
if ! cmp -s "$committed" "$fresh"; then
  diff -u "$committed" "$fresh" | head -40 || true
  echo "FAIL: src/formats/po_writer_unicode_table.inc is out of date with the installed Unicode data"
  echo "or libunistring (or was edited by hand). Regenerate it and commit the result:"
  echo "  python3 scripts/gen_po_writer_unicode.py -o src/formats/po_writer_unicode_table.inc"
  exit 1
fi
echo "po_writer_unicode_table.inc: in sync with the installed Unicode data and libunistring"
