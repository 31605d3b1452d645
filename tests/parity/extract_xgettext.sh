#!/usr/bin/env bash
# Parity: `erli18n extract` writes what `xgettext --language=C++ --from-code=UTF-8` writes
# with the equivalent keywords, byte for byte, except the POT-Creation-Date line and
# erli18n's own `erli18n-format` flag, on the fixtures of tests/data/extract/parity (*.cpp, so that the format check leaves their layout alone) and the
# project's examples, under many option sets. The fixtures of tests/data/extract/differs hold
# the inputs xgettext gets wrong: there the test checks that the outputs do differ and that
# ours equals the reviewed expectation (*.pot beside each fixture).
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"  # parity_in_shard
need_env ERLI18N TEST_DATA TEST_TMP
need_tools xgettext
fresh_tmp
root=$(cd "$TEST_DATA/../.." && pwd)
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC LC_ALL=C

# erli18n's default keywords in xgettext's syntax (the `d` domain marks removed); `-k` first
# clears xgettext's own defaults.
keywords=(-k)
for spec in gettext:1 ngettext:1,2 pgettext:1c,2 npgettext:1c,2,3 \
            dgettext:2 dngettext:2,3 dpgettext:2c,3 dnpgettext:2c,3,4 \
            dlgettext:3 dlngettext:3,4 dlpgettext:3c,4 dlnpgettext:3c,4,5 \
            dcgettext:2 dcngettext:2,3 dcpgettext:2c,3 dcnpgettext:2c,3,4 _:1 N_:1 gettext_noop:1; do
  keywords+=("--keyword=$spec")
done

normalize() {  # drop the creation date and erli18n's own flag
  sed -e '/^"POT-Creation-Date: /d' -e '/^#, erli18n-format$/d' -e 's/^\(#, .*\), erli18n-format/\1/' "$1"
}

cd "$root"
inputs=()
for f in tests/data/extract/parity/*.cpp; do inputs+=("$f"); done
inputs+=(examples/hello/main.cc)

comparisons=0 failures=0
compare() {  # compare LABEL [options...] -- files...
  local label=$1; shift
  local opts=() files=()
  while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
  files=("$@")
  comparisons=$((comparisons + 1))
  set +e
  xgettext --language=C++ --from-code=UTF-8 "${keywords[@]}" "${opts[@]}" -o "$TEST_TMP/expected" "${files[@]}" 2>/dev/null
  local xrc=$?
  "$ERLI18N" extract "${opts[@]}" -o "$TEST_TMP/actual" "${files[@]}" 2>/dev/null
  local rc=$?
  set -e
  if [ "$xrc" -ne 0 ] || [ "$rc" -ne 0 ] ||
     ! cmp -s <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual"); then
    failures=$((failures + 1))
    echo "MISMATCH: $label [${opts[*]}] exit xgettext=$xrc erli18n=$rc"
    diff <(normalize "$TEST_TMP/expected") <(normalize "$TEST_TMP/actual") | head -30 || true
  fi
}

option_sets=(
  ""
  "--add-comments"
  "--add-comments=TRANSLATORS:"
  "-c"
  "-cTRANSLATORS:"
  "-cTRANSLATORS: --add-comments"
  "--sort-output"
  "--sort-by-file"
  "--add-location=file"
  "--add-location=never"
  "--omit-header"
  "--package-name=demo --package-version=1.2 --msgid-bugs-address=bugs@example.org --copyright-holder=Example_Inc"
)
for f in "${inputs[@]}"; do
  for o in "${option_sets[@]}"; do
    # Without a header xgettext drops the non-ASCII bytes of messages (escapes.cpp in
    # differs/ shows it); the UTF-8 fixture is compared with a header only.
    case "$f:$o" in *utf8.cpp:--omit-header) continue ;; esac
    parity_in_shard || continue
    # shellcheck disable=SC2086  # o holds zero or more options
    compare "$f" $o -- "$f"
  done
done
# All inputs in one run: references merged across files, in the order given.
for o in "${option_sets[@]}"; do
  [ "$o" = "--omit-header" ] && continue
  # shellcheck disable=SC2086
  compare "all" $o -- "${inputs[@]}"
done

# `-c` and `--add-comments` take a tag only when attached: the next argument is a path.
compare "-c then a path" -c tests/data/extract/parity/comments.cpp -- examples/hello/main.cc
compare "--add-comments then a path" --add-comments tests/data/extract/parity/comments.cpp -- examples/hello/main.cc

# Where xgettext is wrong: the outputs must differ, and ours must be the reviewed one.
for f in tests/data/extract/differs/*.cpp; do
  comparisons=$((comparisons + 1))
  xgettext --language=C++ --from-code=UTF-8 "${keywords[@]}" --omit-header -o "$TEST_TMP/xgettext" "$f" 2>/dev/null || true
  "$ERLI18N" extract --omit-header -o "$TEST_TMP/ours" "$f" 2>/dev/null
  if cmp -s "$TEST_TMP/xgettext" "$TEST_TMP/ours"; then
    failures=$((failures + 1))
    echo "EXPECTED A DIFFERENCE: $f (xgettext now agrees: move it to parity/)"
  fi
  if ! cmp -s "${f%.cpp}.pot" "$TEST_TMP/ours"; then
    failures=$((failures + 1))
    echo "WRONG RESULT: $f"
    diff "${f%.cpp}.pot" "$TEST_TMP/ours" | head -30 || true
  fi
done

echo "extract_xgettext: ${#inputs[@]} inputs, $comparisons comparisons, $failures mismatches"
[ "$failures" -eq 0 ]
