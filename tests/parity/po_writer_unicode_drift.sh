#!/usr/bin/env bash
# src/formats/po_writer_unicode_table.inc is what scripts/gen_po_writer_unicode.py makes of the
# installed Unicode data (unicode-data: LineBreak.txt, EastAsianWidth.txt) and the installed
# libunistring's uc_width (libunistring2, which msgcat counts columns with).
. "$(dirname "$0")/../lib.sh" || exit 1
check_generated src/formats/po_writer_unicode_table.inc "Unicode data (unicode-data) and libunistring2" -- \
  python3 scripts/gen_po_writer_unicode.py
