#!/usr/bin/env bash
# Parity of `--from-code` (tests/data/extract/charset): `erli18n extract --from-code=X` against
# `xgettext --language=C++ --from-code=X`, and `--from-code=ASCII` against xgettext without
# the option (its default). Compared: the exit status; on success the template bytes (the
# creation date aside); on failure that neither wrote the output file and that both report
# the same kind (non-ASCII string or comment) at the same file:line. Not compared: invalid
# UTF-8 under --from-code=UTF-8, where xgettext 0.21 aborts (exit 134) and ours must give a
# file:line error and exit 1.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_DATA TEST_TMP
need_tools xgettext
fresh_tmp
root=$(cd "$TEST_DATA/../.." && pwd)
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC LC_ALL=C
cd "$root"

# xgettext's defaults, the same as erli18n's for these fixtures' calls.
keywords=(-k --keyword=gettext:1 --keyword=ngettext:1,2)
normalize() { sed -e '/^"POT-Creation-Date: /d' "$1"; }
# The kind and place of a charset diagnostic, in either tool's wording.
where() {
  sed -n -e 's/^xgettext: Non-ASCII \(string\) at \(.*\)\.$/\1 \2/p' \
         -e 's/^xgettext: Non-ASCII \(comment\) at or before \(.*\)\.$/\1 \2/p' \
         -e 's/^\([^ ]*:[0-9]*\): error: non-ASCII \(string\).*/\2 \1/p' \
         -e 's/^\([^ ]*:[0-9]*\): error: non-ASCII \(comment\) at or before.*/\2 \1/p' "$1"
}

comparisons=0 failures=0
fail() { failures=$((failures + 1)); echo "MISMATCH: $*"; }
compare() {  # compare LABEL "XGETTEXT_OPTS" "ERLI18N_OPTS" FILE
  local label=$1 xopts=$2 opts=$3 f=$4
  comparisons=$((comparisons + 1))
  rm -f "$TEST_TMP/expected" "$TEST_TMP/actual"
  set +e
  # shellcheck disable=SC2086  # the option strings hold zero or more options
  xgettext --language=C++ "${keywords[@]}" $xopts -o "$TEST_TMP/expected" "$f" 2> "$TEST_TMP/expected.err"
  local xrc=$?
  # shellcheck disable=SC2086
  "$ERLI18N" extract $opts -o "$TEST_TMP/actual" "$f" 2> "$TEST_TMP/actual.err"
  local rc=$?
  set -e
  if [ "$xrc" -ne "$rc" ]; then
    fail "$label $f: exit xgettext=$xrc erli18n=$rc"; cat "$TEST_TMP/actual.err"; return
  fi
  if [ "$rc" -eq 0 ]; then
    cmp -s <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual") ||
      { fail "$label $f: templates differ"; diff <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual") | head -20; }
    return
  fi
  [ ! -e "$TEST_TMP/expected" ] && [ ! -e "$TEST_TMP/actual" ] || fail "$label $f: an output file was written"
  local xw ow
  xw=$(where "$TEST_TMP/expected.err") ow=$(where "$TEST_TMP/actual.err")
  [ -n "$xw" ] && [ "$xw" = "$ow" ] || fail "$label $f: diagnostics differ: xgettext '$xw', erli18n '$ow'"
}

for f in tests/data/extract/charset/*.cpp; do
  for c in "" "--add-comments"; do
    case $f in
      *latin1.cpp | *string_escape.cpp) ;;  # not UTF-8 (xgettext aborts): see the end
      *) compare "UTF-8 $c" "--from-code=UTF-8 $c" "--from-code=UTF-8 $c" "$f" ;;
    esac
    compare "default $c" "$c" "--from-code=ASCII $c" "$f"
    compare "ASCII $c" "--from-code=ASCII $c" "--from-code=ASCII $c" "$f"
    compare "US-ASCII $c" "--from-code=US-ASCII $c" "--from-code=US-ASCII $c" "$f"
  done
done
for c in "" "--add-comments"; do
  compare "ISO-8859-1 $c" "--from-code=ISO-8859-1 $c" "--from-code=ISO-8859-1 $c" tests/data/extract/charset/latin1.cpp
  compare "latin1 $c" "--from-code=latin1 $c" "--from-code=latin1 $c" tests/data/extract/charset/latin1.cpp
done

# Invalid UTF-8 in a message under --from-code=UTF-8 (raw bytes, or an escape): a positioned
# error, exit 1, no output.
for case in latin1.cpp:3 string_escape.cpp:2; do
  comparisons=$((comparisons + 1))
  f=tests/data/extract/charset/${case%:*}
  rm -f "$TEST_TMP/actual"
  set +e
  "$ERLI18N" extract --from-code=UTF-8 -o "$TEST_TMP/actual" "$f" 2> "$TEST_TMP/actual.err"
  rc=$?
  set -e
  grep -qx "$f:${case#*:}: error: invalid UTF-8 in a string (--from-code=UTF-8)" "$TEST_TMP/actual.err" &&
    [ "$rc" -eq 1 ] && [ ! -e "$TEST_TMP/actual" ] || { fail "invalid UTF-8 $f: exit $rc"; cat "$TEST_TMP/actual.err"; }
done

echo "extract_from_code: $comparisons comparisons, $failures mismatches"
[ "$failures" -eq 0 ]
