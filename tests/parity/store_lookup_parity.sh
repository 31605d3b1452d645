#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to the store or the lookups (src/store/, src/lookup/), run it on every input:
# `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R store_lookup` (or make test-all).
# Store lookups against glibc on real catalogs. Selects the catalogs in /usr/share/locale of
# the domains that the packages of scripts/install-deps.sh ship (so a fresh machine selects
# the same set): glib20 (libglib2.0-data: plurals and contexts in ~100 languages),
# coreutils and libc (system-dependent `%<PRIdMAX>` strings), gettext-tools and
# gettext-runtime (plurals; several in legacy charsets: ISO-8859-x, EUC-JP), make (their
# packages are in catalog_packages or the GNU tools of scripts/install-deps.sh). Each is
# msgunfmt'ed into a PO, and LOOKUP (store_lookup_parity) asks glibc and the store loaded
# from the .mo and from the PO every key, near misses and plural counts 0..200.
# Fails, rather than skips, when the machine has fewer catalogs than the check needs.
# Usage: store_lookup_parity.sh LOOKUP   (env: TEST_TMP; MO_ROOT overrides /usr/share/locale)
set -euo pipefail
lookup=$1
root=${MO_ROOT:-/usr/share/locale}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
domains=(glib20 coreutils libc gettext-tools gettext-runtime make)
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP/po" "$TEST_TMP/glibc"
manifest=$TEST_TMP/manifest.tsv
: > "$manifest"
count=0 plurals=0 contexts=0 refused=0 index=0
declare -A langs=()
# glib20's catalogs of these languages are kept at any sample: their plural rules are the
# kinds the lookup must meet (one form; two; Slavic three; Czech's; Arabic's six).
key_langs=(ru pl ar cs ja fr de)
is_key_catalog() {
  local lang
  [ "$1" = glib20 ] || return 1
  for lang in "${key_langs[@]}"; do [ "$lang" = "$2" ] && return 0; done
  return 1
}
for domain in "${domains[@]}"; do
  mapfile -t files < <(find "$root" -path "*/LC_MESSAGES/$domain.mo" -type f | LC_ALL=C sort)
  for mo in "${files[@]}"; do
    rel=${mo#"$root"/}
    lang=${rel%%/*}
    # ERLI18N_PARITY_SAMPLE (real_catalogs.sh)
    parity_keep $((index++)) || is_key_catalog "$domain" "$lang" || continue
    po=$TEST_TMP/po/$lang.$domain.po
    if ! msgunfmt "$mo" > "$po" 2> /dev/null; then
      refused=$((refused + 1))  # msgunfmt itself refuses the file: no PO to compare
      continue
    fi
    if grep -q '^msgid_plural ' "$po"; then plurals=$((plurals + 1)); fi
    if grep -q '^msgctxt ' "$po"; then contexts=$((contexts + 1)); fi
    langs[$lang]=1
    count=$((count + 1))
    printf '%s\t%s\t%s\n' "$lang" "$mo" "$po" >> "$manifest"
  done
done
echo "store_lookup_parity: $count catalogs ($plurals with plurals, $contexts with contexts," \
  "${#langs[@]} languages), $refused refused by msgunfmt"
missing=()
for lang in "${key_langs[@]}"; do [ -n "${langs[$lang]:-}" ] || missing+=("$lang"); done
real_catalogs_need store_lookup_parity "catalogs of the domains ${domains[*]}" "$count" 100
real_catalogs_need store_lookup_parity "catalogs with plurals" "$plurals" 60
real_catalogs_need store_lookup_parity "catalogs with contexts" "$contexts" 30
# Not scaled to the sample: the key catalogs are in every sample.
if ((${#missing[@]} > 0)); then
  echo "FAIL: store_lookup_parity: no glib20 catalog of ${missing[*]}; install the packages" \
    "that ship real catalogs with scripts/install-deps.sh: $(real_catalogs_packages)" >&2
  exit 1
fi
"$lookup" "$manifest" "$TEST_TMP/glibc"
