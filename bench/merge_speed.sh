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
mkdir -p "$work/mo"
cd "$work"
i=0
for mo in /usr/share/locale/de/LC_MESSAGES/*.mo; do
  i=$((i + 1))
  { msgunfmt "$mo" | msgconv --no-wrap -t UTF-8 -o "mo/$i.po"; } 2> /dev/null || rm -f "mo/$i.po"
done
# The first N distinct msgids after the first header (records are blank-line separated; a
# record's key is its text up to msgid_plural or msgstr).
awk -v max="$messages" 'BEGIN { RS = ""; ORS = "\n\n" }
  /^msgid ""\nmsgstr ""\n/ { if (!header++) print; next }
  {
    key = $0; sub(/\nmsgid_plural .*|\nmsgstr.*/, "", key)
    if (!(key in seen) && taken < max) { seen[key] = 1; taken++; print }
  }' $(ls mo/*.po | sort -t/ -k2 -n) > def.po
awk 'BEGIN { RS = ""; FS = "\n" }
  NR == 1 { print "msgid \"\"\nmsgstr \"\"\n\"POT-Creation-Date: 2024-03-01 12:00+0000\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"; next }
  {
    n = NR - 1; kind = (n % 20 == 0) ? (n / 20) % 4 : -1
    if (kind == 2) next  # deleted
    out = ""; plural = 0; section = ""
    for (i = 1; i <= NF; i++) {
      line = $i
      if (line ~ /^msgctxt /) { section = "keep"; out = out line "\n"; continue }
      if (line ~ /^msgid_plural /) { section = "keep"; plural = 1; out = out line "\n"; continue }
      if (line ~ /^msgid /) {
        section = "keep"
        if (kind == 0) sub(/"$/, "!\"", line)
        if (kind == 1) { out = out "msgid \"A new wording of message " n "\"\n"; section = "skip"; continue }
        if (kind == 3) sub(/^msgid "/, "msgid \"Now ", line)
        out = out line "\n"; continue
      }
      if (line ~ /^msgstr/) { section = "skip"; continue }
      if (line ~ /^"/ && section == "keep") out = out line "\n"
    }
    print out (plural ? "msgstr[0] \"\"\nmsgstr[1] \"\"\n" : "msgstr \"\"\n")
  }' def.po > ref.pot
echo "catalog: $(grep -c '^msgid ' def.po) entries; template: $(grep -c '^msgid ' ref.pot) entries"

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
