#!/usr/bin/env bash
# src/locale/cldr_locale_data.inc (the best-fit matcher's, the parent chains' and text
# direction's data) is what scripts/gen_cldr_locales.py makes of the installed CLDR
# (unicode-cldr-core).
. "$(dirname "$0")/../lib.sh" || exit 1
check_generated src/locale/cldr_locale_data.inc "CLDR data (unicode-cldr-core)" -- \
  python3 scripts/gen_cldr_locales.py
