#!/usr/bin/env bash
# src/formats/cldr_plurals_table.inc is what scripts/gen_cldr_plurals.py makes of the installed CLDR
# plurals.xml (unicode-cldr-core) with the installed GNU cldr-plurals (gettext).
. "$(dirname "$0")/../lib.sh" || exit 1
check_generated src/formats/cldr_plurals_table.inc "CLDR data (unicode-cldr-core) and gettext" -- \
  python3 scripts/gen_cldr_plurals.py
