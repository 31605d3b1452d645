#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to the PO reader or writer (src/formats/po_*.cc), run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R po_writer` (or make test-all).
# Parity: `erli18n normalize` writes exactly what `msgcat` writes for every valid PO fixture,
# in the default layout, with --no-wrap and with --width=60; the wrap_* fixtures (which probe
# line breaking) also at many other widths. Exit status must agree too.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_DATA TEST_TMP
need_tools msgcat
fresh_tmp
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"  # parity_modes: one layout per fixture in a sample

fixtures=("$TEST_DATA"/po/valid/*.po)
files=0 comparisons=0 failures=0
for po in "${fixtures[@]}"; do
  files=$((files + 1))
  modes=("" "--no-wrap" "--width=60")
  case "$(basename "$po")" in
    wrap_*) modes+=("--width=1" "--width=19" "--width=20" "--width=21" "--width=33" "--width=40"
                    "--width=77" "--width=78" "--width=80" "--width=100" "--width=200"
                    "--no-wrap --width=30") ;;
  esac
  mapfile -t modes < <(parity_modes "$files" "${#fixtures[@]}" "${modes[@]}")
  for mode in "${modes[@]}"; do
    comparisons=$((comparisons + 1))
    # shellcheck disable=SC2086  # mode holds zero, one or two options
    set +e
    msgcat $mode "$po" > "$TEST_TMP/expected" 2>/dev/null; expected_rc=$?
    "$ERLI18N" normalize $mode "$po" > "$TEST_TMP/actual" 2>/dev/null; actual_rc=$?
    set -e
    if [ "$expected_rc" -ne 0 ]; then expected_rc=1; fi
    if [ "$expected_rc" -ne "$actual_rc" ] || ! cmp -s "$TEST_TMP/expected" "$TEST_TMP/actual"; then
      failures=$((failures + 1))
      echo "MISMATCH: $(basename "$po") [${mode:-default}] exit msgcat=$expected_rc erli18n=$actual_rc"
      diff "$TEST_TMP/expected" "$TEST_TMP/actual" | head -20 || true
    fi
  done
done
echo "po_writer_fixtures: $files fixtures, $comparisons comparisons, $failures mismatches"
[ "$files" -gt 0 ] && [ "$failures" -eq 0 ]
