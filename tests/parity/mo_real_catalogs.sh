#!/usr/bin/env bash
# Parity on real catalogs: a deterministic sample of the .mo files in /usr/share/locale
# (every STEP-th of the sorted list). For each catalog:
#   msgunfmt original > PO;  erli18n compile PO == msgfmt PO            (bytes)
#   erli18n decompile original == msgunfmt original                     (bytes)
#   LOOKUP original: every entry is found by lookup with the same forms (reader)
# and, for every 4th catalog, the same on the big-endian file msgfmt --endianness=big writes.
# Usage: mo_real_catalogs.sh [STEP [LOOKUP]]   (env: ERLI18N, TEST_TMP)
set -euo pipefail
step=${1:-10}
lookup=${2:-}
root=${MO_ROOT:-/usr/share/locale}
mkdir -p "$TEST_TMP"
mapfile -t all < <(find "$root" -name '*.mo' -type f | LC_ALL=C sort)
files=()
for ((i = 0; i < ${#all[@]}; i += step)); do files+=("${all[$i]}"); done
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
echo "mo_real_catalogs: ${#files[@]} catalogs sampled from ${#all[@]}, ${#langs[@]} languages, $pass passed" \
  "($big also big-endian), $fail failures, $skipped refused by msgunfmt"
[ "$fail" -eq 0 ] && [ "$pass" -ge 300 ] && [ "${#langs[@]}" -ge 40 ]
