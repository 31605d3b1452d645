#!/usr/bin/env bash
# src/formats/cldr_plurals_table.inc is what scripts/gen_cldr_plurals.py makes of the installed CLDR
# plurals.xml (unicode-cldr-core) with the installed GNU cldr-plurals (gettext): rerun the
# generator and compare bytes.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env TEST_TMP
root=$(cd "$(dirname "$0")/../.." && pwd)
committed=$root/src/formats/cldr_plurals_table.inc
mkdir -p "$TEST_TMP"
fresh=$TEST_TMP/cldr_plurals_table.inc

if ! python3 "$root/scripts/gen_cldr_plurals.py" -o "$fresh"; then
  echo "FAIL: the generator failed (are unicode-cldr-core and gettext installed? scripts/install-deps.sh)"
  exit 1
fi
if ! cmp -s "$committed" "$fresh"; then
  diff -u "$committed" "$fresh" | head -40 || true
  echo "FAIL: src/formats/cldr_plurals_table.inc is out of date with the installed CLDR data or gettext."
  echo "Regenerate it and commit the result:"
  echo "  python3 scripts/gen_cldr_plurals.py -o src/formats/cldr_plurals_table.inc"
  exit 1
fi
echo "cldr_plurals_table.inc: in sync with the installed CLDR data and converter"
