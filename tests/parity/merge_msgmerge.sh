#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to merge (src/tools/merge*.cc) or the PO writer, run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R merge_msgmerge` (or make test-all).
# `erli18n merge` against `msgmerge` (same options), on the crafted pairs of tests/data/merge
# with compendia (tests/data/merge_compendium), and on pairs built from real catalogs: a .mo under /usr/share/locale turned back into PO by
# msgunfmt is the catalog; the template is made from its msgids, then messages are edited,
# renamed, deleted, added and turned plural, and the catalog gets some fuzzy and some
# untranslated entries (all by entry number, so the pairs are the same on every run).
# Every pair must give the same decisions (kept, fuzzy from which entry, new, obsolete: the
# outputs without comments, sorted, are equal); at least 95% must be equal byte for byte.
# REAL_PAIRS (120) catalogs of 2-60 KiB are picked, spread over the sorted list; fails, rather
# than testing less, when fewer than MIN_PAIRS (100) of them make pairs.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP TEST_DATA
LOCALE_DIR=${LOCALE_DIR:-/usr/share/locale}
REAL_PAIRS=${REAL_PAIRS:-120}
MIN_PAIRS=${MIN_PAIRS:-100}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
MUTATE=$(cd "$(dirname "$0")" && pwd)/merge_mutate.awk
need_tools msgmerge msgunfmt msgcat
fresh_tmp
export LC_ALL=C

identical=0 same_decisions=0 total=0 failures=0

# decisions FILE: what was decided for each message, without the comments that carry no decision.
decisions() {
  grep -v -e '^#[.: ]' -e '^#$' "$1" | msgcat --no-wrap --sort-output - 2>/dev/null
}

# compare NAME DEF REF OPTIONS...: one merge by each tool, outputs compared.
compare() {
  local name=$1 def=$2 ref=$3
  shift 3
  local out="$TEST_TMP/out"
  total=$((total + 1))
  msgmerge -q "$@" "$def" "$ref" -o "$out.expected" 2>/dev/null
  if ! "$ERLI18N" merge "$@" "$def" "$ref" -o "$out.actual" 2>"$out.stderr"; then
    echo "FAIL $name $*: erli18n merge failed: $(cat "$out.stderr")"
    failures=$((failures + 1))
    return
  fi
  if cmp -s "$out.expected" "$out.actual"; then
    identical=$((identical + 1))
    same_decisions=$((same_decisions + 1))
    return
  fi
  if [ "$(decisions "$out.expected")" = "$(decisions "$out.actual")" ]; then
    same_decisions=$((same_decisions + 1))
    echo "BYTES $name $*"
    diff "$out.expected" "$out.actual" | sed -n 1,10p || true
  else
    echo "DECISIONS $name $*"
    diff <(decisions "$out.expected") <(decisions "$out.actual") | sed -n 1,20p || true
    failures=$((failures + 1))
  fi
}

# The crafted pairs: each one a rule found by experiment; all must be identical.
fixture_failures_before=$failures
fixture_identical_before=$identical
fixtures=0
pair_index=0
pair_dirs=("$TEST_DATA"/merge/*/)
for dir in "${pair_dirs[@]}"; do
  name=$(basename "$dir")
  # Every mode, or one per pair in turn in a sample (ERLI18N_PARITY_SAMPLE, real_catalogs.sh).
  mapfile -t modes < <(parity_modes $((pair_index++)) "${#pair_dirs[@]}" "" "--previous" "--no-fuzzy-matching" "--previous --no-wrap" \
    "--for-msgfmt" "--no-location" "--add-location=file" "--sort-output" "--sort-by-file" "--lang=pt_BR" "--width=40")
  for mode in "${modes[@]}"; do
    # shellcheck disable=SC2086
    compare "fixture:$name" "$dir/def.po" "$dir/ref.pot" $mode
    fixtures=$((fixtures + 1))
  done
done
fixture_identical=$((identical - fixture_identical_before))
echo "fixtures: $fixture_identical/$fixtures identical"
[ "$fixture_identical" -eq "$fixtures" ] || { echo "FAIL: a crafted pair differs"; exit 1; }
[ "$failures" -eq "$fixture_failures_before" ] || exit 1

# Compendia (-C, several): the same bytes as msgmerge's on the compendium fixtures.
comp=$TEST_DATA/merge_compendium
identical_before=$identical
for options in "-C $comp/c1.po" "-C $comp/c2.po" "-C $comp/c1.po -C $comp/c2.po" "-C $comp/c2.po -C $comp/c1.po --previous"; do
  # shellcheck disable=SC2086
  compare "compendium" "$comp/def.po" "$comp/ref.pot" $options
  # shellcheck disable=SC2086
  compare "compendium, basic pair" "$TEST_DATA/merge/basic/def.po" "$TEST_DATA/merge/basic/ref.pot" $options
done
[ $((identical - identical_before)) -eq 8 ] || { echo "FAIL: a merge with compendia differs"; exit 1; }

# make_pair PO DIR: DIR/def.po and DIR/ref.pot from a real catalog (see the file comment).
make_pair() {
  local po=$1 dir=$2
  msgcat --no-wrap "$po" > "$dir/flat.po"
  # Blocks separated by blank lines; n counts entries. The template: the header replaced by a
  # template header, msgstr emptied; entry n mutated by n mod some primes.
  awk -v mode=ref -f "$MUTATE" "$dir/flat.po" > "$dir/ref.pot"
  awk -v mode=def -f "$MUTATE" "$dir/flat.po" > "$dir/def.po"
}

real_catalogs_pick "$LOCALE_DIR" "$REAL_PAIRS" "$TEST_TMP/picked" -size -60k -size +2k
real=0
real_identical_before=$identical
while read -r mo; do
  dir="$TEST_TMP/pair"
  rm -rf "$dir" && mkdir -p "$dir"
  msgunfmt "$mo" -o "$dir/catalog.po" 2>/dev/null || continue
  make_pair "$dir/catalog.po" "$dir"
  # Pairs msgmerge itself rejects (a catalog whose charset cannot hold the template) are skipped.
  msgmerge -q "$dir/def.po" "$dir/ref.pot" -o /dev/null 2>/dev/null || { echo "SKIP $mo"; continue; }
  real=$((real + 1))
  compare "real:$mo" "$dir/def.po" "$dir/ref.pot" --previous
  compare "real:$mo" "$dir/def.po" "$dir/ref.pot"
done < "$TEST_TMP/picked"
echo "real pairs: $real ($(( identical - real_identical_before ))/$((real * 2)) merges identical)"
echo "all merges: $total, byte-identical $identical, same decisions $same_decisions, failures $failures"
real_catalogs_need merge_msgmerge "real pairs from the catalogs under $LOCALE_DIR" "$real" "$MIN_PAIRS"
[ "$failures" -eq 0 ] || { echo "FAIL: decisions differ"; exit 1; }
[ $((identical * 100)) -ge $((total * 95)) ] || { echo "FAIL: under 95% byte-identical"; exit 1; }
echo "PASS"
