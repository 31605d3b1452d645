#!/usr/bin/env bash
# `erli18n extract` against `xgettext --language=C++` on a generated tree of C++ sources
# (scripts/gen_cpp_tree.py, 2,000 files by default): first checks that both write the same
# template (the POT-Creation-Date line aside), then times both with hyperfine.
#
#   bench/extract_speed.sh [ERLI18N] [WORK_DIR] [FILES]
#
# ERLI18N defaults to build-bench/bin/erli18n (a Release build), WORK_DIR to
# /tmp/erli18n-extract-bench. Both tools get the same keyword list (the erli18n API's call
# forms the generator writes, with xgettext's `-k` specs); erli18n then writes one template
# with every message, as xgettext does. The one intended difference, erli18n's
# `#, erli18n-format` flag on `%{name}` messages, is removed before comparing.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
erli18n="${1:-$here/build-bench/bin/erli18n}"
work="${2:-/tmp/erli18n-extract-bench}"
files="${3:-2000}"
command -v hyperfine > /dev/null || { echo "extract_speed: hyperfine is not installed" >&2; exit 1; }
command -v xgettext > /dev/null || { echo "extract_speed: xgettext is not installed" >&2; exit 1; }
[ -x "$erli18n" ] || { echo "extract_speed: $erli18n is not built" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
# shellcheck source=inputs.sh
. "$here/bench/inputs.sh"
extract_inputs "$here" "$work" "$files"
cd "$work"
keywords=("${extract_keywords[@]}")
export SOURCE_DATE_EPOCH=0
xgettext_cmd="xgettext --language=C++ --from-code=UTF-8 ${keywords[*]} -f files.txt -o xgettext.pot"
erli18n_cmd="$erli18n extract ${keywords[*]} -f files.txt -o erli18n.pot"

$xgettext_cmd 2> xgettext.err
$erli18n_cmd 2> erli18n.err
grep -v '^"POT-Creation-Date:' xgettext.pot > xgettext.cmp
grep -v '^"POT-Creation-Date:' erli18n.pot | sed '/^#, erli18n-format$/d; s/^\(#,.*\), erli18n-format/\1/' > erli18n.cmp
if ! cmp -s xgettext.cmp erli18n.cmp; then
  echo "extract_speed: the templates differ (first lines of the diff below); not timing" >&2
  diff -u xgettext.cmp erli18n.cmp | head -40 >&2
  exit 1
fi
echo "templates identical except the creation date: $(grep -c '^msgid ' erli18n.pot) msgids," \
  "$(wc -c < erli18n.pot) bytes"

hyperfine -N -w 1 -r "${RUNS:-10}" --export-markdown extract_speed.md \
  -n "erli18n extract" "$erli18n_cmd" -n "xgettext" "$xgettext_cmd"
cat extract_speed.md
