#!/usr/bin/env bash
# Slow: every .mo under /usr/share/locale opens, validates, and every entry is found again
# by lookup (LOOKUP is mo_lookup_parity), through the mmap and the buffer readers. Fails,
# rather than proving nothing, under MIN_CATALOGS (1000) catalogs.
set -euo pipefail
lookup=$1
root=${MO_ROOT:-/usr/share/locale}
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
mkdir -p "$TEST_TMP"
find "$root" -name '*.mo' -type f -print0 | LC_ALL=C sort -z > "$TEST_TMP/list"
total=$(tr -cd '\0' < "$TEST_TMP/list" | wc -c)
real_catalogs_need mo_read_all "catalogs under $root" "$total" "${MIN_CATALOGS:-1000}"
if xargs -0 -n 200 "$lookup" < "$TEST_TMP/list" > "$TEST_TMP/out" 2> "$TEST_TMP/err"; then rc=0; else rc=1; fi
ok=$(grep -c ' ok$' "$TEST_TMP/out" || true)
lookups=$(awk '{s += $(NF-2)} END {print s + 0}' "$TEST_TMP/out")
echo "mo_read_all: $ok of $total catalogs read, $lookups entries looked up"
if [ "$rc" -ne 0 ] || [ "$ok" -ne "$total" ]; then head -20 "$TEST_TMP/err" >&2; exit 1; fi
