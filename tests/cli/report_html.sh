#!/usr/bin/env bash
# The HTML report in a real browser (headless Chromium, Debian package `chromium`): the cell
# texts of the DOM after the page's script ran, sorting through the column headers' click
# handlers (`#sort=KEY` clicks them on load), and a screenshot at a phone's size (390x844).
. "$(dirname "$0")/lib.sh" || exit 1
need_tools chromium

header() { printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'; }
entry() { printf 'msgid "%s"\nmsgstr "%s"\n\n' "$1" "$2"; }
mkdir -p po/de/LC_MESSAGES po/fr/LC_MESSAGES
header > po/lib.pot
# app: de 2 of 4 (1 fuzzy), fr 3 of 3; lib: de missing (its 3 messages untranslated), fr 1 of
# 3; zeta: de 1 of 1, fr 0 of 2.
{ header; entry a A; entry b B; printf '#, fuzzy\n'; entry c C; entry d ""; } > po/de/LC_MESSAGES/app.po
{ header; entry a A; entry b B; entry c C; } > po/fr/LC_MESSAGES/app.po
{ header; entry x X; entry y ""; entry z ""; } > po/fr/LC_MESSAGES/lib.po
{ header; entry q Q; } > po/de/LC_MESSAGES/zeta.po
{ header; entry q ""; entry r ""; } > po/fr/LC_MESSAGES/zeta.po
"$ERLI18N" report --format html -o report.html po || fail "report failed"

# browser ARGS...: headless Chromium with a profile of its own, as root in CI (no sandbox).
browser() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$TEST_TMP/profile" \
    "$@" 2>> chromium.log
}

# table FRAGMENT: the table's rows as the browser has them, one line per row, cells joined by
# " | " (each cell's text content), header row first, footer row last.
table() {
  browser --dump-dom "file://$TEST_TMP/report.html$1" > dom.html || fail "chromium failed: $(tail -5 chromium.log)"
  python3 - <<'PY'
from html.parser import HTMLParser
class Rows(HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.cell = None; self.sorted = []
    def handle_starttag(self, tag, attrs):
        if tag == "tr": self.rows.append([])
        if tag in ("td", "th"):
            self.cell = ""
            a = dict(attrs)
            if a.get("aria-sort"): self.sorted.append(a["aria-sort"])
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip()); self.cell = None
    def handle_data(self, data):
        if self.cell is not None: self.cell += data
p = Rows(); p.feed(open("dom.html", encoding="utf-8").read())
for r in p.rows: print(" | ".join(r))
print("sorted: " + ",".join(p.sorted))
PY
}

# Unsorted: domains in name order, every cell as computed, totals last.
table "" > got.txt
cat > expected.txt <<'EOF'
Domain | de | fr | All locales
app | 50.0%2/4 · 1 fuzzy | 100.0%3/3 | 71.4%5/7 · 1 fuzzy
lib | no catalog | 33.3%1/3 | 16.6%1/6
zeta | 100.0%1/1 | 0.0%0/2 | 33.3%1/3
All domains | 37.5%3/8 · 1 fuzzy | 50.0%4/8 | 43.7%7/16 · 1 fuzzy
sorted: 
EOF
diff -u expected.txt got.txt || fail "cells differ"
ok
# The headline counts lib's missing German catalog too: 7 of 16, not 7 of 13.
grep -q '<p class="summary">7 of 16 messages translated (43.7%), ' report.html ||
  fail "summary: $(grep -o '<p class="summary">[^<]*' report.html)"
ok

# rows FRAGMENT: the domain order after the page loaded with FRAGMENT, and the sort marker.
rows() { table "$1" | awk -F ' [|] ' 'NR > 1 && $1 != "All domains" && !/^sorted:/ {printf "%s ", $1} /^sorted:/ {print $0}'; }

# One click on "de": ascending, a missing catalog first.
[ "$(rows '#sort=de')" = "lib app zeta sorted: ascending" ] || fail "sort by de: $(rows '#sort=de')"
ok
# Two clicks: descending.
[ "$(rows '#sort=-de')" = "zeta app lib sorted: descending" ] || fail "sort by -de: $(rows '#sort=-de')"
ok
# Totals column: lib lowest, its missing German catalog counted as untranslated.
[ "$(rows '#sort=(all)')" = "lib zeta app sorted: ascending" ] || fail "sort by total: $(rows '#sort=(all)')"
ok
# The domain column sorts by name.
[ "$(rows '#sort=-domain')" = "zeta lib app sorted: descending" ] || fail "sort by -domain: $(rows '#sort=-domain')"
ok

# A phone-sized screenshot: a PNG of 390x844 with something drawn on it.
browser --screenshot="$TEST_TMP/phone.png" --window-size=390,844 "file://$TEST_TMP/report.html" > /dev/null ||
  fail "chromium screenshot failed: $(tail -5 chromium.log)"
python3 - <<'PY' || fail "screenshot"
import struct, zlib
data = open("phone.png", "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (390, 844), (width, height)
idat, pos = b"", 8
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT": idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
pixels = zlib.decompress(idat)
# A blank page has a handful of byte values; text and coloured bars give many more.
assert len(set(pixels)) > 40, "the screenshot looks blank"
print("screenshot: %dx%d, %d bytes" % (width, height, len(data)))
PY
ok

passed report_html
