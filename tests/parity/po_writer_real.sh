#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to the PO reader or writer (src/formats/po_*.cc), run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R po_writer` (or make test-all).
# Parity on real catalogs: the .mo files installed under /usr/share/locale, turned back into PO
# by msgunfmt, are written by `erli18n normalize` exactly as by `msgcat`, in the default
# layout, with --no-wrap and with --width=60. The sample is deterministic (sorted paths, every
# Nth catalog under a size bound, so domains and languages are spread), includes every
# catalog whose charset is not UTF-8, and adds real catalogs converted by msgconv to legacy
# charsets (Shift_JIS, Big5, GB2312, KOI8-R, ...) where their text is representable.
# Fails, rather than testing less, with fewer than MIN_CATALOGS (300) catalogs compared or
# fewer than MIN_LANGUAGES (40) languages.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP
LOCALE_DIR=${LOCALE_DIR:-/usr/share/locale}
MIN_CATALOGS=${MIN_CATALOGS:-300}
MIN_LANGUAGES=${MIN_LANGUAGES:-40}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP/work"
need_tools msgcat msgunfmt msgconv

export LC_ALL=C
# msgcat's time grows with catalog size, so the sample keeps to catalogs under 80 KiB.
find "$LOCALE_DIR" -name '*.mo' -type f -size -80k | sort > "$TEST_TMP/small"
# Catalogs not in UTF-8 (their header names another charset).
xargs -d '\n' grep -L -a -i 'charset=utf-8' < "$TEST_TMP/small" > "$TEST_TMP/legacy" || true
parity_filter "$TEST_TMP/legacy"
real_catalogs_pick "$LOCALE_DIR" 250 "$TEST_TMP/picked" -size -80k
sort -u "$TEST_TMP/picked" "$TEST_TMP/legacy" > "$TEST_TMP/selection"

# Each job: one source (a .mo file, or "conv:CHARSET:file.mo"), three comparisons. Prints
# "OK <lang>" or "SKIP ..." or a diff.
check_one() {
  local src=$1 dir po lang mode rc_expected rc_actual status=OK
  dir=$(mktemp -d "$TEST_TMP/work/XXXXXX")
  po="$dir/in.po"
  if [[ $src == conv:* ]]; then
    # conv:CHARSET:LANGUAGE: the first of the language's catalogs that CHARSET can represent.
    local cs=${src#conv:} language mo found=""
    language=${cs#*:}; cs=${cs%%:*}
    while read -r mo; do
      if msgunfmt "$mo" -o "$dir/utf8.po" 2>/dev/null && msgconv --to-code="$cs" "$dir/utf8.po" -o "$po" 2>/dev/null; then
        found=$mo; break
      fi
    done < <(grep "^$LOCALE_DIR/$language/LC_MESSAGES/" "$TEST_TMP/small" | head -40)
    [ -n "$found" ] || { echo "SKIP $src (not representable)"; rm -rf "$dir"; return 0; }
    src="$found"
  else
    msgunfmt "$src" -o "$po" 2>/dev/null || { echo "SKIP $src (msgunfmt failed)"; rm -rf "$dir"; return 0; }
  fi
  lang=${src#"$LOCALE_DIR"/}; lang=${lang%%/*}
  for mode in "" "--no-wrap" "--width=60"; do
    set +e
    # shellcheck disable=SC2086
    msgcat $mode "$po" > "$dir/expected" 2>/dev/null; rc_expected=$?
    # shellcheck disable=SC2086
    "$ERLI18N" normalize $mode "$po" > "$dir/actual" 2>"$dir/stderr"; rc_actual=$?
    set -e
    [ "$rc_expected" -eq 0 ] || rc_expected=1
    if [ "$rc_expected" -ne "$rc_actual" ] || ! cmp -s "$dir/expected" "$dir/actual"; then
      status=FAIL
      echo "MISMATCH $1 [${mode:-default}] exit msgcat=$rc_expected erli18n=$rc_actual"
      head -3 "$dir/stderr"
      diff "$dir/expected" "$dir/actual" | head -12 || true
    fi
  done
  echo "$status $lang $(grep -a -o -i -m1 'charset=[A-Za-z0-9_-]*' "$po" | head -1)"
  rm -rf "$dir"
}
export -f check_one
export ERLI18N TEST_TMP LOCALE_DIR

# Legacy-charset conversions of real catalogs (msgconv), in languages that use them.
conversions=()
add_conv() { conversions+=("conv:$1:$2"); }  # charset, language
add_conv SHIFT_JIS ja; add_conv EUC-JP ja; add_conv BIG5 zh_TW; add_conv GB2312 zh_CN
add_conv KOI8-R ru; add_conv ISO-8859-2 pl; add_conv ISO-8859-1 fr; add_conv ISO-8859-7 el
add_conv EUC-KR ko; add_conv CP1251 bg; add_conv ISO-8859-9 tr

{ cat "$TEST_TMP/selection"; printf '%s\n' "${conversions[@]}"; } |
  xargs -d '\n' -P2 -n1 bash -c 'check_one "$1"' _ > "$TEST_TMP/results"

catalogs=$(grep -c -E '^(OK|FAIL) ' "$TEST_TMP/results" || true)
failed=$(grep -c '^FAIL ' "$TEST_TMP/results" || true)
languages=$(grep -E '^(OK|FAIL) ' "$TEST_TMP/results" | awk '{print $2}' | sort -u | wc -l)
charsets=$(grep -E '^(OK|FAIL) ' "$TEST_TMP/results" | awk '{print ($3 == "" ? "charset=none" : toupper($3))}' | sort | uniq -c |
  awk '{printf "%s%s x%s", (NR>1?", ":""), substr($2, 9), $1}')
skipped=$(grep -c '^SKIP ' "$TEST_TMP/results" || true)
grep -v -E '^OK ' "$TEST_TMP/results" || true
echo "po_writer_real: $catalogs catalogs, $languages languages, $((catalogs * 3)) comparisons," \
  "$failed catalogs with mismatches, $skipped skipped"
echo "po_writer_real: charsets: $charsets"
[ "$failed" -eq 0 ] || exit 1
real_catalogs_need po_writer_real "catalogs compared under $LOCALE_DIR" "$catalogs" "$MIN_CATALOGS"
real_catalogs_need po_writer_real "languages among the catalogs compared" "$languages" "$MIN_LANGUAGES"
echo "po_writer_real: ok"
