#!/usr/bin/env bash
# Parity on real catalogs: a deterministic sample of the .mo files in /usr/share/locale
# (COUNT of them spread over the sorted list, see real_catalogs.sh). For each catalog:
#   msgunfmt original > PO;  erli18n compile PO == msgfmt PO            (bytes)
#   erli18n decompile original == msgunfmt original                     (bytes)
#   LOOKUP original: every entry is found by lookup with the same forms (reader)
# and, for every 4th catalog, the same on the big-endian file msgfmt --endianness=big writes.
# Fails, rather than testing less, when fewer than MIN_CATALOGS (300) catalogs in
# MIN_LANGUAGES (40) languages were compared.
# Usage: mo_real_catalogs.sh [COUNT [LOOKUP]]   (env: ERLI18N, TEST_TMP; MO_ROOT overrides
# /usr/share/locale)
set -euo pipefail
count=${1:-330}
lookup=${2:-}
root=${MO_ROOT:-/usr/share/locale}
min_catalogs=${MIN_CATALOGS:-300}
min_languages=${MIN_LANGUAGES:-40}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
mkdir -p "$TEST_TMP"
real_catalogs_pick "$root" "$count" "$TEST_TMP/picked"
total=$(find "$root" -name '*.mo' -type f | wc -l)
mapfile -t files < "$TEST_TMP/picked"
pass=0 fail=0 big=0 skipped=0 n=0
declare -A langs=()
fail_with() { echo "FAIL: $*" >&2; fail=$((fail + 1)); }
t=$TEST_TMP
for mo in "${files[@]}"; do
  rel=${mo#"$root"/}
  lang=${rel%%/*}
  if ! msgunfmt "$mo" > "$t/in.po" 2> /dev/null; then
    skipped=$((skipped + 1))  # msgunfmt itself refuses the file
    continue
  fi
  langs[$lang]=1
  n=$((n + 1))
  ok=1
  variants=(little)
  if ((n % 4 == 0)); then variants+=(big); fi
  for endian in "${variants[@]}"; do
    rm -f "$t/gnu.mo" "$t/ours.mo" "$t/big.mo"
    if [ "$endian" = little ]; then
      src="$mo"
      cp "$t/in.po" "$t/gnu.po"
    else
      src="$t/big.mo"
      msgfmt --endianness=big "$t/in.po" -o "$src" 2> /dev/null
      [ -e "$src" ] || continue  # nothing translated: msgfmt writes no file
      msgunfmt "$src" > "$t/gnu.po" 2> /dev/null
      big=$((big + 1))
    fi
    msgfmt --endianness=$endian "$t/in.po" -o "$t/gnu.mo" 2> /dev/null
    if ! "$ERLI18N" compile --endianness=$endian "$t/in.po" -o "$t/ours.mo"; then
      fail_with "compile $rel ($endian)"; ok=0
    elif [ ! -e "$t/gnu.mo" ]; then
      if [ -e "$t/ours.mo" ]; then fail_with "msgfmt wrote no file, erli18n did: $rel"; ok=0; fi
    elif ! cmp -s "$t/gnu.mo" "$t/ours.mo"; then
      fail_with "compile output differs from msgfmt: $rel ($endian)"; ok=0
    fi
    if ! "$ERLI18N" decompile "$src" -o "$t/ours.po"; then
      fail_with "decompile $rel ($endian)"; ok=0
    elif ! cmp -s "$t/gnu.po" "$t/ours.po"; then
      fail_with "decompile output differs from msgunfmt: $rel ($endian)"; ok=0
    fi
    if [ -n "$lookup" ] && ! "$lookup" "$src" > /dev/null; then
      fail_with "lookup parity $rel ($endian)"; ok=0
    fi
  done
  if ((ok)); then pass=$((pass + 1)); fi
done
echo "mo_real_catalogs: ${#files[@]} catalogs sampled from $total, ${#langs[@]} languages, $pass passed" \
  "($big also big-endian), $fail failures, $skipped refused by msgunfmt"
[ "$fail" -eq 0 ] || exit 1
real_catalogs_need mo_real_catalogs "catalogs compared under $root" "$pass" "$min_catalogs"
real_catalogs_need mo_real_catalogs "languages among the catalogs compared" "${#langs[@]}" "$min_languages"
