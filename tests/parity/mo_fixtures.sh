#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to the MO reader or writer (src/formats/mo_*.cc), run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R mo_fixtures` (or make test-all).
# Parity on hand-written PO files: tests/data/po/{valid,invalid}/*.po (the PO fixtures) and
# tests/data/mo/po/*.po (MO-specific ones: system-dependent strings, headers, fuzzy, ...).
# For each file and each option set, `erli18n compile` writes the bytes `msgfmt` writes
# (or fails where msgfmt fails), and `erli18n decompile` of msgfmt's file prints what
# `msgunfmt` prints; LOOKUP (mo_lookup_parity) finds every entry again. Whatever msgfmt
# refuses, erli18n refuses too.
# Usage: mo_fixtures.sh [LOOKUP]   (env: ERLI18N, TEST_DATA, TEST_TMP)
set -euo pipefail
lookup=${1:-}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"  # parity_modes: one option set per fixture in a sample
mkdir -p "$TEST_TMP"
t=$TEST_TMP
shopt -s nullglob
files=("$TEST_DATA"/po/valid/*.po "$TEST_DATA"/po/invalid/*.po "$TEST_DATA"/mo/po/*.po)
checked=0 compiled=0 refused=0 gaps=0 fail=0 index=0
fail_with() { echo "FAIL: $*" >&2; fail=$((fail + 1)); }
for po in "${files[@]}"; do
  name=${po#"$TEST_DATA"/}
  option_sets=("" "--no-hash" "--endianness=big" "--use-fuzzy" "--no-hash --endianness=big")
  # Invalid files fail while being read, whatever the options: one run is enough.
  [[ $name == po/invalid/* ]] && option_sets=("")
  mapfile -t option_sets < <(parity_modes "$index" "${#files[@]}" "${option_sets[@]}")
  index=$((index + 1))
  for opts in "${option_sets[@]}"; do
    parity_in_shard || continue
    rm -f "$t/gnu.mo" "$t/ours.mo"
    # shellcheck disable=SC2086
    if msgfmt $opts "$po" -o "$t/gnu.mo" 2> /dev/null; then gnu_rc=0; else gnu_rc=1; fi
    # shellcheck disable=SC2086
    if "$ERLI18N" compile $opts "$po" -o "$t/ours.mo" 2> "$t/err"; then ours_rc=0; else ours_rc=1; fi
    checked=$((checked + 1))
    if [ "$gnu_rc" -eq 0 ] && [ "$ours_rc" -ne 0 ] && [[ $name == po/invalid/* ]]; then
      # Known gap: the PO reader converts to UTF-8 and refuses what msgcat refuses (unknown
      # charsets, invalid bytes); msgfmt copies such bytes through unconverted.
      gaps=$((gaps + 1))
      echo "note: msgfmt accepts, erli18n refuses: $name [$opts]: $(head -1 "$t/err")" >&2
      continue
    fi
    if [ "$gnu_rc" -ne "$ours_rc" ]; then
      fail_with "$name [$opts]: msgfmt exit $gnu_rc, erli18n exit $ours_rc: $(head -1 "$t/err")"
      continue
    fi
    if [ "$gnu_rc" -ne 0 ]; then
      refused=$((refused + 1))
      grep -q ': error: ' "$t/err" || fail_with "$name [$opts]: no 'error:' diagnostic"
      continue
    fi
    if [ ! -e "$t/gnu.mo" ]; then
      [ -e "$t/ours.mo" ] && fail_with "$name [$opts]: msgfmt wrote no file, erli18n did"
      continue
    fi
    compiled=$((compiled + 1))
    cmp -s "$t/gnu.mo" "$t/ours.mo" || fail_with "$name [$opts]: compile differs from msgfmt"
    msgunfmt "$t/gnu.mo" > "$t/gnu.po" 2> /dev/null
    if ! "$ERLI18N" decompile "$t/gnu.mo" -o "$t/ours.po"; then
      fail_with "$name [$opts]: decompile failed"
    elif ! cmp -s "$t/gnu.po" "$t/ours.po"; then
      fail_with "$name [$opts]: decompile differs from msgunfmt"
    fi
    if [ -n "$lookup" ] && ! "$lookup" "$t/gnu.mo" > /dev/null; then fail_with "$name [$opts]: lookup parity"; fi
  done
done
echo "mo_fixtures: ${#files[@]} PO files, $checked runs: $compiled compiled identically checked, $refused refused by both, $gaps refused by erli18n only (charset), $fail failures"
[ "${#files[@]}" -gt 0 ] && [ "$fail" -eq 0 ]
