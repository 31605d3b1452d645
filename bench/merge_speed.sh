#!/usr/bin/env bash
# `erli18n merge` against `msgmerge` on a catalog of 10,000 messages with 5% of them changed in
# the template. The catalog: the German catalogs installed under /usr/share/locale, turned
# back into PO by msgunfmt (in UTF-8) and concatenated, the first 10,000 distinct messages. The template: those msgids, every 20th message changed in turn by one
# added character, a new wording, a deletion or an added word. Checks first that both tools
# write the same bytes (with --previous, and with the default options), then times both with
# hyperfine.
#
#   bench/merge_speed.sh [ERLI18N] [WORK_DIR] [MESSAGES]
#
# ERLI18N defaults to build-bench/bin/erli18n (a Release build), WORK_DIR to
# /tmp/erli18n-merge-bench.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
erli18n="${1:-$here/build-bench/bin/erli18n}"
work="${2:-/tmp/erli18n-merge-bench}"
messages="${3:-10000}"
for tool in hyperfine msgmerge msgunfmt msgcat; do
  command -v "$tool" > /dev/null || { echo "merge_speed: $tool is not installed" >&2; exit 1; }
done
[ -x "$erli18n" ] || { echo "merge_speed: $erli18n is not built" >&2; exit 1; }
export LC_ALL=C

rm -rf "$work"
mkdir -p "$work"
cd "$work"
# shellcheck source=inputs.sh
. "$here/bench/inputs.sh"
merge_inputs "$messages"

for mode in "--previous" ""; do
  # shellcheck disable=SC2086
  msgmerge -q $mode def.po ref.pot -o msgmerge.po
  # shellcheck disable=SC2086
  "$erli18n" merge $mode def.po ref.pot -o erli18n.po
  cmp msgmerge.po erli18n.po || { echo "merge_speed: outputs differ ($mode)" >&2; exit 1; }
done
echo "outputs identical ($(grep -c '^#, fuzzy' erli18n.po) fuzzy entries, $(grep -c '^#~ msgid' erli18n.po) obsolete)"

hyperfine --warmup 2 --min-runs 10 --export-markdown merge_speed.md \
  -n msgmerge "msgmerge -q --previous def.po ref.pot -o msgmerge.po" \
  -n "erli18n merge" "$erli18n merge --previous def.po ref.pot -o erli18n.po"
cat merge_speed.md
