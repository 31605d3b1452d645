#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to lint (src/tools/lint*.cc) or the PO reader, run it on every input: `ERLI18N_PARITY_SAMPLE=100
# ctest --test-dir build -R lint_msgfmt` (or make test-all).
# Parity of `erli18n lint` with `msgfmt --check`: the errors of both are at the same
# entries. Entries are the blank-line-separated blocks of the file; an error is counted at
# the block of its line (msgfmt's first line of a two-part message; line 0 = the whole
# file, e.g. no header). Only our checks that msgfmt also makes count (header,
# plural-forms, c-format, newlines): placeholders, language and plural-cldr are ours alone.
#  1. every fixture in tests/data/lint/: the same set of erroneous entries and the same
#     number of header-field warnings, and at least one of either (each has a defect);
#  2. a deterministic sample of real catalogs (msgunfmt of /usr/share/locale/**/*.mo, COUNT
#     of them spread over the sorted list, see real_catalogs.sh): the same (nearly always no
#     errors; msgunfmt writes no c-format flags, so there the header and plural checks are
#     compared). Fails, rather than testing less, when fewer than MIN were compared.
# Usage: lint_msgfmt.sh [COUNT [MIN]]   (env: ERLI18N, TEST_DATA, TEST_TMP; MO_ROOT overrides
# /usr/share/locale)
set -euo pipefail
count=${1:-120}
min=${2:-100}
root=${MO_ROOT:-/usr/share/locale}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP"
t=$TEST_TMP

# compare PO: prints "ok ERRORS WARNINGS" (erroneous entries, header-field warnings) or a
# difference, from both tools' outputs.
compare() {
  local po=$1
  msgfmt --check -o /dev/null "$po" 2> "$t/gnu.txt" || true
  "$ERLI18N" lint --format json "$po" > "$t/ours.json" 2> /dev/null || true
  python3 - "$po" "$t/gnu.txt" "$t/ours.json" <<'PY'
import json, re, sys
po, gnu_path, ours_path = sys.argv[1:]
lines = open(po, "rb").read().split(b"\n")
block_of = {0: "file"}
block = 0
for i, row in enumerate(lines, 1):
    if row.strip() == b"":
        block += 1
    block_of[i] = block
gnu = set()
gnu_header_warnings = ours_header_warnings = 0
pattern = re.compile(r"^(?:msgfmt: )?" + re.escape(po) + r"(?::(\d+))?: (.*)$")
for row in open(gnu_path, encoding="utf-8", errors="replace"):
    m = pattern.match(row.rstrip("\n"))
    if not m:
        continue
    line, text = int(m.group(1) or 0), m.group(2)
    if text.startswith("..."):
        continue  # the second part of a two-part message
    if text.startswith("warning: header field "):
        gnu_header_warnings += 1
        continue
    if text.startswith("warning:") and "header missing or invalid" not in text:
        continue  # msgfmt's warnings are not errors (this one is counted as fatal)
    gnu.add(block_of.get(line, "?"))
ours = set()
for d in json.load(open(ours_path)):
    if d["severity"] == "warning" and d["check"] == "header":
        ours_header_warnings += 1
    if d["severity"] == "error" and d["check"] in ("header", "plural-forms", "c-format", "newlines"):
        ours.add(block_of.get(d["line"], "?"))
if gnu != ours:
    print("differ: msgfmt at blocks %s, erli18n at %s" % (sorted(map(str, gnu)), sorted(map(str, ours))))
elif gnu_header_warnings != ours_header_warnings:
    print("differ: %d header warnings from msgfmt, %d from erli18n" % (gnu_header_warnings, ours_header_warnings))
else:
    print("ok %d %d" % (len(gnu), gnu_header_warnings))
PY
}

fixtures=0
for po in "$TEST_DATA"/lint/*.po; do
  cp "$po" "$t/$(basename "$po")"
  (cd "$t" && compare "$(basename "$po")") > "$t/verdict.txt"
  verdict=$(cat "$t/verdict.txt")
  case $verdict in
    "ok 0 0") echo "FAIL: $(basename "$po"): nothing found; each fixture has a defect" >&2; exit 1 ;;
    ok*) fixtures=$((fixtures + 1)) ;;
    *) echo "FAIL: $(basename "$po"): $verdict" >&2; cat "$t/gnu.txt" >&2; cat "$t/ours.json" >&2; exit 1 ;;
  esac
done
[ "$fixtures" -ge 10 ] || { echo "FAIL: only $fixtures fixtures" >&2; exit 1; }

real_catalogs_pick "$root" "$count" "$t/picked"
real=0 with_errors=0 failed=0
while read -r mo <&3; do
  msgunfmt "$mo" > "$t/real.po" 2> /dev/null || continue  # msgunfmt refuses the file
  verdict=$(cd "$t" && compare real.po)
  case $verdict in
    "ok 0 "*) ;;
    ok*) with_errors=$((with_errors + 1)) ;;
    *) echo "FAIL: $mo: $verdict" >&2; failed=$((failed + 1)) ;;
  esac
  real=$((real + 1))
done 3< "$t/picked"
[ "$failed" -eq 0 ] || { echo "FAIL: $failed of $real real catalogs differ" >&2; exit 1; }
real_catalogs_need lint_msgfmt "real catalogs compared under $root" "$real" "$min"
echo "lint_msgfmt: $fixtures fixtures and $real real catalogs ($with_errors with errors) agree"
