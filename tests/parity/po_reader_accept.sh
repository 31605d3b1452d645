#!/usr/bin/env bash
# Parity of acceptance: every fixture in data/po/valid must be accepted by both `msgcat` and
# our reader (po_check), every fixture in data/po/invalid rejected by both, and our
# diagnostics must read `FILE:LINE:COL: error: message`. For the invalid ones we also report
# (without failing) where GNU's first diagnostic names a different line than ours.
#
# msgcat judges a file whose header says `charset=CHARSET` by its name: it accepts ASCII-only
# templates only under a .pot name, so such fixtures are given to msgcat as .pot copies.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env TEST_DATA TEST_TMP PO_CHECK
need_tools msgcat
fresh_tmp

fail=0
checked=0
line_diffs=0

run_msgcat() {  # run_msgcat FILE -> msgcat's exit status; its stderr in $TEST_TMP/msgcat.err
  local f="$1" target="$1"
  if grep -q 'charset=CHARSET' "$f"; then
    target="$TEST_TMP/$(basename "${f%.po}").pot"
    cp "$f" "$target"
  fi
  LC_ALL=C.UTF-8 msgcat "$target" >/dev/null 2>"$TEST_TMP/msgcat.err"
}

for f in "$TEST_DATA"/po/valid/*.po; do
  checked=$((checked + 1))
  if ! run_msgcat "$f"; then
    echo "FAIL: msgcat rejects valid fixture $f:"; sed 's/^/    /' "$TEST_TMP/msgcat.err"
    fail=1
  fi
  if ! out=$("$PO_CHECK" "$f"); then
    echo "FAIL: erli18n rejects valid fixture: $out"
    fail=1
  fi
done

for f in "$TEST_DATA"/po/invalid/*.po; do
  checked=$((checked + 1))
  if run_msgcat "$f"; then
    echo "FAIL: msgcat accepts invalid fixture $f"
    fail=1
  fi
  if out=$("$PO_CHECK" "$f"); then
    echo "FAIL: erli18n accepts invalid fixture $f: $out"
    fail=1
    continue
  fi
  if ! [[ "$out" =~ ^"$f":([0-9]+):[0-9]+:\ error:\ [a-z\'\"\<] ]]; then
    echo "FAIL: diagnostic not in FILE:LINE:COL: error: form: $out"
    fail=1
    continue
  fi
  ours=${BASH_REMATCH[1]}
  gnu=$(grep -o -m1 -E '\.pot?:[0-9]+' "$TEST_TMP/msgcat.err" | head -1 | cut -d: -f2 || true)
  if [[ -n "$gnu" && "$gnu" != "$ours" ]]; then
    echo "note: $(basename "$f"): msgcat reports line $gnu, erli18n line $ours"
    line_diffs=$((line_diffs + 1))
  fi
done

if [[ $fail -ne 0 ]]; then
  echo "po_reader_accept: FAILED ($checked fixtures checked)"
  exit 1
fi
echo "po_reader_accept: $checked fixtures, msgcat and erli18n agree on all ($line_diffs report a different line)"
