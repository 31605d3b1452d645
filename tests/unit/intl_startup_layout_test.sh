#!/usr/bin/env bash
# liberli18n_intl.so's layout for a short program's start (src/c_api/startup_order.ld, docs/c-abi.md
# "Start-up"): the functions a preloaded `ls --help` runs in the library lie in its start-up
# section, the large tables in the cold section after the rest of the read-only data, and its
# relocated data (every page of which a start writes) stays small. Fails when the ordering has
# gone stale (regenerate it with scripts/gen_startup_order.py) or a table of pointers comes back.
# Usage: intl_startup_layout_test.sh LIB        (needs valgrind: scripts/install-deps.sh)
set -euo pipefail
lib=$(readlink -f "$1")
fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# section NAME: its start and end addresses (hex, without 0x), or nothing.
section() {
  readelf -SW "$lib" | awk -v name="$1" '{ for (i = 1; i < NF; i++) if ($i == name) { print $(i + 2), $(i + 4); exit } }'
}
read -r start_addr start_size < <(section .text.erli18n_startup) || true
read -r cold_addr cold_size < <(section .rodata.erli18n_cold) || true
if [[ -z "${start_addr:-}" || -z "${cold_addr:-}" ]]; then
  echo "FAIL: $lib has no .text.erli18n_startup or .rodata.erli18n_cold section (not linked with startup_order.ld?)"
  exit 1
fi
start_lo=$((16#$start_addr)) start_hi=$((16#$start_addr + 16#$start_size))

# The library's functions that a program ran, by address (callgrind's own symbol table of the
# library, so that local and cloned functions count too).
interp=$(readelf -l /bin/ls | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
ran() {
  local out=$work/callgrind.out
  LANG=C.UTF-8 LANGUAGE=$1 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$out" \
    "$interp" --preload "$lib" "${@:2}" > /dev/null 2>&1
  # Every function that ran, whatever its object (callgrind names that of a library with
  # debug information `???`); the loop below keeps those the library defines.
  callgrind_annotate --threshold=100 "$out" | sed -n 's/^ *[0-9,]* ([^)]*) *[^ ]*:\([^ ]*\) \[.*\]$/\1/p' |
    sed "s/'[0-9]*$//" | sort -u
}
for lang in fr xx; do
  ran "$lang" /bin/ls --help > "$work/ran-$lang"
  # Each function of the library that ran, and its address; the ones outside the section.
  total=0 outside=0
  while read -r addr name; do
    total=$((total + 1))
    a=$((16#$addr))
    if ((a < start_lo || a >= start_hi)); then
      outside=$((outside + 1))
      echo "  outside the start-up section: $name"
    fi
  done < <(nm "$lib" | awk 'NR == FNR { want[$1] = 1; next } ($2 ~ /^[tTW]$/) && ($3 in want) { print $1, $3 }' "$work/ran-$lang" - | sort -u -k2,2)
  echo "LANGUAGE=$lang ls --help: $total functions of the library ran, $outside outside .text.erli18n_startup"
  # A few may be new since the list was made (and the run must have run the library at all).
  if ((total < 50 || outside * 20 > total)); then
    echo "FAIL: more than 5% of the functions run at start lie outside the start-up section"
    fail=1
  fi
done

# The cold section holds the big tables, and they are big.
if ((16#$cold_size < 200 * 1024)); then
  echo "FAIL: .rodata.erli18n_cold holds $((16#$cold_size)) bytes: the large tables are not in it"
  fail=1
fi
# Relocated data: the dynamic linker writes every page of it at every start.
read -r _ relro_size < <(section .data.rel.ro)
if ((16#$relro_size > 12 * 1024)); then
  echo "FAIL: .data.rel.ro is $((16#$relro_size)) bytes (at most 12 KiB: a table of pointers is relocated at every start)"
  fail=1
fi
exit $fail
