#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to report (src/tools/report.cc) or the PO reader, run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R report_msgfmt` (or make test-all).
# Parity of `erli18n report` with `msgfmt --statistics`: for each catalog, msgfmt's
# translated/fuzzy/untranslated equal ours once the one documented difference is mapped back
# (partial plurals: msgfmt translated, ours untranslated; see erli18n/tools/report.h):
#   msgfmt translated   = translated + partial_plurals
#   msgfmt fuzzy        = fuzzy
#   msgfmt untranslated = untranslated - partial_plurals
# Inputs: the fixtures in tests/data/report, real catalogs (msgunfmt of .mo files under
# /usr/share/locale, a deterministic sample), and the same real catalogs with fuzzy,
# untranslated, partly translated plural and obsolete entries made deterministically
# (entry k of the file gets a state from k mod small primes). Obsolete counts are checked
# against the number of entries made obsolete, since msgfmt ignores them. SAMPLE (120)
# catalogs under 200 KiB are picked; fails, rather than testing less, when fewer than
# MIN_CATALOGS (100) of them were compared.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_DATA TEST_TMP
LOCALE_DIR=${LOCALE_DIR:-/usr/share/locale}
SAMPLE=${SAMPLE:-120}
MIN_CATALOGS=${MIN_CATALOGS:-100}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP/real" "$TEST_TMP/made"
export LC_ALL=C

# gnu FILE: "T F U" from msgfmt --statistics (which omits zero fuzzy and untranslated counts).
# Bash alone rather than python or grep: the processes started per catalog are the test's cost.
gnu() {
  local text t=0 f=0 u=0
  text=$(LC_ALL=C msgfmt --statistics -o /dev/null "$1" 2>&1 >/dev/null) || { echo "$text"; return 1; }
  [[ $text =~ ([0-9]+)\ translated\ message ]] || { echo "$text"; return 1; }
  t=${BASH_REMATCH[1]}
  [[ $text =~ ([0-9]+)\ fuzzy\ translation ]] && f=${BASH_REMATCH[1]}
  [[ $text =~ ([0-9]+)\ untranslated\ message ]] && u=${BASH_REMATCH[1]}
  echo "$t $f $u"
}

# ours FILE: "T F U OBSOLETE PARTIAL" mapped to msgfmt's view, from our JSON report of FILE
# alone (pretty-printed: one `"key": value` per line; the first catalog's keys come first).
ours() {
  "$ERLI18N" report --format json "$1" | awk -F: '
    { gsub(/[ ",]/, "") }
    NF == 2 && !($1 in v) { v[$1] = $2 }
    END {
      if (v["status"] != "ok") exit 1
      p = v["partial_plurals"]
      print v["translated"] + p, v["fuzzy"], v["untranslated"] - p, v["obsolete"], p
    }'
}

compared=0 partial_seen=0 fuzzy_seen=0 obsolete_seen=0
# check FILE [EXPECTED_OBSOLETE]
check() {
  local g o
  g=$(gnu "$1") || { echo "msgfmt failed on $1: $g"; exit 1; }
  o=$(ours "$1") || { echo "report failed on $1"; exit 1; }
  read -r ot of ou oo op <<< "$o"
  if [ "$g" != "$ot $of $ou" ]; then
    echo "MISMATCH $1: msgfmt '$g', erli18n (mapped) '$ot $of $ou' (partial plurals $op)"
    exit 1
  fi
  if [ $# -ge 2 ] && [ "$oo" != "$2" ]; then
    echo "MISMATCH $1: $oo obsolete, $2 made"
    exit 1
  fi
  compared=$((compared + 1))
  [ "$op" -eq 0 ] || partial_seen=$((partial_seen + 1))
  [ "$of" -eq 0 ] || fuzzy_seen=$((fuzzy_seen + 1))
  [ "$oo" -eq 0 ] || obsolete_seen=$((obsolete_seen + 1))
}

# The fixtures, with the figures msgfmt gives pinned too, so that a change of rule on both
# sides cannot go unnoticed.
for f in "$TEST_DATA"/report/*.po; do check "$f"; done
[ "$(gnu "$TEST_DATA/report/mixed.po")" = "3 1 4" ] || { echo "mixed.po: msgfmt changed"; exit 1; }
[ "$(ours "$TEST_DATA/report/mixed.po")" = "3 1 4 2 1" ] || { echo "mixed.po: $(ours "$TEST_DATA/report/mixed.po")"; exit 1; }
[ "$(ours "$TEST_DATA/report/contexts_latin1.po")" = "4 1 1 1 1" ] || { echo "latin1: wrong"; exit 1; }
fixtures=$compared

# A deterministic sample of real catalogs: SAMPLE of the .mo files under 200 KiB, spread over
# the sorted list.
real_catalogs_pick "$LOCALE_DIR" "$SAMPLE" "$TEST_TMP/picked" -size -200k
i=0
while read -r mo; do
  i=$((i + 1))
  # msgunfmt writes nothing for a catalog without messages; such a file says nothing here.
  msgunfmt "$mo" -o "$TEST_TMP/real/$i.po" 2>/dev/null && [ -s "$TEST_TMP/real/$i.po" ] || rm -f "$TEST_TMP/real/$i.po"
done < "$TEST_TMP/picked"

# The same catalogs with states made, in one python run: entry k (header excluded) becomes
# fuzzy when k % 5 == 1, loses its translation when k % 7 == 2, loses its last plural form
# when k % 3 == 0 (not when the msgid ends in a newline: msgfmt requires the forms to agree
# on that, so an empty form would make the file invalid), and becomes obsolete when
# k % 11 == 4. made/N.obsolete holds how many entries were made obsolete.
python3 - "$TEST_TMP/real" "$TEST_TMP/made" <<'PY'
import os, re, sys
src, dst = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(src)):
    text = open(os.path.join(src, name), encoding="utf-8", errors="surrogateescape").read()
    entries = text.rstrip("\n").split("\n\n")
    out, obsolete = [entries[0]], 0
    for k, e in enumerate(entries[1:], start=1):
        if k % 7 == 2:
            e = re.sub(r'^(msgstr(\[\d+\])?) ".*"(\n".*")*', r'\1 ""', e, flags=re.M)
        msgid = re.search(r'^msgid ".*"(\n".*")*', e, flags=re.M).group(0)
        if k % 3 == 0 and re.search(r"^msgid_plural ", e, flags=re.M) and not msgid.endswith('\\n"'):
            last = max(int(n) for n in re.findall(r"^msgstr\[(\d+)\]", e, flags=re.M))
            e = re.sub(r'^(msgstr\[%d\]) ".*"(\n".*")*' % last, r'\1 ""', e, flags=re.M)
        if k % 5 == 1:
            e = "#, fuzzy\n" + e
        if k % 11 == 4:
            e = "\n".join(l if l.startswith("#,") else "#~ " + l for l in e.split("\n"))
            obsolete += 1
        out.append(e)
    with open(os.path.join(dst, name), "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("\n\n".join(out) + "\n")
    with open(os.path.join(dst, name[:-3] + ".obsolete"), "w") as f:
        f.write("%d\n" % obsolete)
PY

for po in "$TEST_TMP"/real/*.po; do
  name=${po##*/}
  check "$po"
  check "$TEST_TMP/made/$name" "$(cat "$TEST_TMP/made/${name%.po}.obsolete")"
done

real=$((compared - fixtures))
echo "report_msgfmt: $compared catalogs compared ($fixtures fixtures, $((real / 2)) real catalogs and as many with states made);" \
  "$fuzzy_seen with fuzzy, $partial_seen with partial plurals, $obsolete_seen with obsolete entries"
real_catalogs_need report_msgfmt "real catalogs compared under $LOCALE_DIR" $((real / 2)) "$MIN_CATALOGS"
# The minimums shrink with ERLI18N_PARITY_SAMPLE (real_catalogs.sh), as the sample does.
[ "$partial_seen" -ge "$(parity_scaled 5)" ] && [ "$fuzzy_seen" -ge "$(parity_scaled 100)" ] &&
  [ "$obsolete_seen" -ge "$(parity_scaled 100)" ] ||
  { echo "the made catalogs do not exercise every state"; exit 1; }
echo "report_msgfmt: ok"
