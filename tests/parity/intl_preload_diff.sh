#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to the C ABI (src/c_api/), run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir
# build -R intl_preload_diff` (or make test-all).
# liberli18n_intl.so against glibc's own gettext on real catalogs: LOOKUP (intl_lookup_all)
# asks every key of each catalog through dgettext/dngettext, once as is (glibc answers) and
# once with LD_PRELOAD of LIB (erli18n answers); the two outputs must be identical.
# Catalogs: those in /usr/share/locale of the domains that the packages of
# scripts/install-deps.sh ship (catalog_packages and the GNU tools there: glib20, coreutils,
# libc, gettext-tools, gettext-runtime, make), so a fresh machine selects the same set;
# LANGUAGE is set to the catalog's directory name (every other one after a language without
# catalogs), with the locale C.UTF-8 (under "C" glibc ignores LANGUAGE and translates nothing).
# Fails, rather than skips, with fewer than 100 catalogs or when glibc translates nothing.
# Usage: intl_preload_diff.sh LOOKUP LIB   (env: TEST_TMP)
set -euo pipefail
lookup=$1 lib=$2
root=/usr/share/locale
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
domains=(glib20 coreutils libc gettext-tools gettext-runtime make)
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP"
manifest=$TEST_TMP/manifest.tsv
: > "$manifest"
count=0
for domain in "${domains[@]}"; do
  mapfile -t files < <(find "$root" -path "*/LC_MESSAGES/$domain.mo" -type f | LC_ALL=C sort)
  for mo in "${files[@]}"; do
    rel=${mo#"$root"/}
    language=${rel%%/*}
    # Every other catalog behind a language that has no catalog: the LANGUAGE list is walked.
    if ((count % 2)); then language="zz_ZZ.UTF-8@x:$language"; fi
    printf '%s\t%s\t%s\n' "$language" "$domain" "$mo" >> "$manifest"
    count=$((count + 1))
  done
done
real_catalogs_need intl_preload_diff "catalogs of the domains ${domains[*]} under $root" "$count" 100
env -i LANG=C.UTF-8 "$lookup" "$manifest" > "$TEST_TMP/glibc.out"
# A sanitizer build of the library needs its runtime ahead of it in the preload list.
preload=$lib
runtimes=$(ldd "$lib" | awk '/lib(asan|ubsan)\.so|libclang_rt\.(asan|ubsan)/ {print $3}' | paste -sd:)
if [[ -n $runtimes ]]; then preload=$runtimes:$lib; fi
env -i LANG=C.UTF-8 LD_PRELOAD="$preload" "$lookup" "$manifest" > "$TEST_TMP/erli18n.out"
summary=$(tail -n 1 "$TEST_TMP/glibc.out")
echo "intl_preload_diff: $count catalogs; glibc: $summary"
read -r _ _ translated _ <<< "$summary"
if ((translated == 0)); then
  echo "intl_preload_diff: glibc translated nothing: the check would prove nothing" >&2
  exit 1
fi
if ! cmp -s "$TEST_TMP/glibc.out" "$TEST_TMP/erli18n.out"; then
  echo "intl_preload_diff: answers differ (glibc <, erli18n >), first differences:" >&2
  diff "$TEST_TMP/glibc.out" "$TEST_TMP/erli18n.out" > "$TEST_TMP/diff.txt" || true
  sed -n 1,40p "$TEST_TMP/diff.txt" >&2
  echo "intl_preload_diff: $(grep -c '^<' "$TEST_TMP/diff.txt") answers differ" >&2
  exit 1
fi
echo "intl_preload_diff: identical ($(wc -l < "$TEST_TMP/glibc.out") lines)"
