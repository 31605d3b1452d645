#!/usr/bin/env bash
# Parity of keyword specs (tests/data/extract/keywords): `erli18n extract -k SPEC…` against
# `xgettext --language=C++ -k SPEC…`, byte for byte except the creation date, with and
# without comments: `Nc`, `Nt` choosing among specs of one name, comment parts `N,"text"`.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_DATA TEST_TMP
need_tools xgettext
fresh_tmp
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC LC_ALL=C
cd "$TEST_DATA/extract/keywords"
specs=(-k -ktr:1c,2 -ktrn:1c,2,3 -klog:1,1t -klog:2,2t -klog:2,3t '-knote:1,"Fixed comment"'
       '-knote2:2,"first","second, with a comma"')
normalize() { sed -e '/^"POT-Creation-Date: /d' "$1"; }
comparisons=0 failures=0
for opts in "" "--add-comments" "--add-comments=TRANSLATORS:" "--omit-header"; do
  comparisons=$((comparisons + 1))
  set +e
  # shellcheck disable=SC2086  # opts holds zero or one option
  xgettext --language=C++ "${specs[@]}" $opts -o "$TEST_TMP/expected" specs.cpp
  xrc=$?
  # shellcheck disable=SC2086
  "$ERLI18N" extract "${specs[@]}" $opts -o "$TEST_TMP/actual" specs.cpp
  rc=$?
  set -e
  if [ "$xrc" -ne "$rc" ] || ! cmp -s <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual"); then
    failures=$((failures + 1))
    echo "MISMATCH [$opts]: exit xgettext=$xrc erli18n=$rc"
    diff <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual") | head -20 || true
  fi
done
echo "extract_keywords: $comparisons comparisons, $failures mismatches"
[ "$failures" -eq 0 ]
