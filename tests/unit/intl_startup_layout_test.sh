#!/usr/bin/env bash
# liberli18n_intl.so's layout for a short program's start (docs/c-abi.md "Start-up";
# src/c_api/CMakeLists.txt): the functions a preloaded `ls --help` runs in the library lie
# together at the start of its .text, its large tables before the read-only data a start-up
# reads, its relocated data (every page of which each start writes) small, the zeroed
# variables a start-up writes together at the start of its .bss, and the layout
# stays one a debugger or valgrind reads (one .text: callgrind names the library's functions
# by their object). Fails when src/c_api/startup_functions.ld has gone stale (regenerate it
# with scripts/gen_startup_order.py) or a table of pointers comes back.
# Usage: intl_startup_layout_test.sh LIB        (needs valgrind: scripts/install-deps.sh)
set -euo pipefail
lib=$(readlink -f "$1")
fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# section NAME: its address and size (hex, without 0x).
section() {
  readelf -SW "$lib" | awk -v name="$1" '{ for (i = 1; i < NF; i++) if ($i == name) { print $(i + 2), $(i + 4); exit } }'
}
read -r text_addr text_size < <(section .text)
text_lo=$((16#$text_addr))
# The start-up group: 128 KiB at most (about 96 KiB), under half of the text (330 to 410 KB
# by build type: the C functions' code and what they call, --gc-sections drops the rest; the
# code run once per catalog or locale is compiled for size, cmake/layers.cmake).
group_kib=128
group_end=$((text_lo + group_kib * 1024))
if ((16#$text_size < 2 * group_kib * 1024)); then
  echo "FAIL: .text is $((16#$text_size)) bytes: too small for this test's $group_kib KiB bound to mean anything"
  fail=1
fi

interp=$(readelf -l /bin/ls | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
# ran LANGUAGE: callgrind's report of a preloaded `ls --help`.
ran() {
  LANG=C.UTF-8 LANGUAGE=$1 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind.out" \
    "$interp" --preload "$lib" /bin/ls --help > /dev/null 2>&1
  callgrind_annotate --threshold=100 "$work/callgrind.out"
}

for lang in fr xx; do
  ran "$lang" > "$work/report-$lang"
  # The functions that ran, then those of them the library defines, with their addresses.
  sed -n 's/^ *[0-9,]* ([^)]*) *[^ ]*:\([^ ]*\) \[.*\]$/\1/p' "$work/report-$lang" | sed "s/'[0-9]*$//" |
    sort -u > "$work/ran-$lang"
  total=0 outside=0
  while read -r addr name; do
    total=$((total + 1))
    a=$((16#$addr))
    if ((a < text_lo || a >= group_end)); then
      outside=$((outside + 1))
      echo "  outside the start-up group: $name"
    fi
  done < <(nm "$lib" | awk 'NR == FNR { want[$1] = 1; next } ($2 ~ /^[tTW]$/) && ($3 in want) { print $1, $3 }' \
    "$work/ran-$lang" - | sort -u -k2,2)
  echo "LANGUAGE=$lang ls --help: $total functions of the library ran, $outside outside the first $group_kib KiB of .text"
  # A few may be new since the list was made (and the run must have run the library at all).
  if ((total < 40 || outside * 20 > total)); then
    echo "FAIL: more than 5% of the functions run at start lie outside the start-up group"
    fail=1
  fi
done
# valgrind knows the library's code as its own (a second text section would hide it).
if ! grep -q "_ZN7erli18n4intl9translateEPKcS2_S2_bmi \[$lib\]" "$work/report-fr"; then
  echo "FAIL: callgrind does not name $lib as the object of erli18n::intl::translate:"
  grep "_ZN7erli18n4intl9translate" "$work/report-fr" || true
  fail=1
fi

# address SYMBOL: a data symbol's address (decimal), or nothing.
address() { nm "$lib" | awk -v s="$1" '$3 == s { print $1; exit }' | { read -r a && echo $((16#$a)); } || true; }
hot=$(address _ZZN7erli18n9mo_format14expand_segmentESt17basic_string_viewIcSt11char_traitsIcEEE5table)
# The cold tables of src/c_api/cold_rodata.ld that the library has (--gc-sections drops those
# no C function reaches: the PO writer's and the matcher's, libstdc++'s to_chars tables).
present=0
for cold in _ZN7erli18n10po_unicode6detail8bmp_rowsE _ZN7erli18n4cldr14likely_subtagsE \
  _ZN7erli18n4cldr11match_rulesE _ZN7erli18n4cldr14parent_localesE _ZN12_GLOBAL__N_13ryuL13POW10_SPLIT_2E; do
  at=$(address "$cold")
  [[ -z "$at" ]] && continue
  present=$((present + 1))
  if [[ -z "$hot" ]] || ((at > hot)); then
    echo "FAIL: $cold (at $at) does not lie before the start-up's data (expand_segment's table, at ${hot:-?})"
    fail=1
  fi
done
if ((present == 0)); then
  echo "FAIL: none of the cold tables is in the library: this check means nothing"
  fail=1
fi

# Zeroed data: the variables a start-up writes lie in .bss before the store's reader slots
# (64 KiB, of which a program uses the first), and each page of them costs an anonymous page
# at every start. An object of a few KiB among them (CLDR's plural table was one: 12 KB,
# now on the heap) pushes the slots onto a page of their own.
read -r bss_addr _ < <(section .bss)
slots=$(address _ZN7erli18n6detail12_GLOBAL__N_15slotsE)
if [[ -z "$slots" ]]; then
  echo "FAIL: no reader slots (_ZN7erli18n6detail12_GLOBAL__N_15slotsE) in the library: this check means nothing"
  fail=1
elif ((slots - 16#$bss_addr > 1024)); then
  echo "FAIL: the reader slots lie $((slots - 16#$bss_addr)) bytes into .bss (at most 1 KiB: the variables before them are small)"
  nm -S --size-sort "$lib" | awk '$3 ~ /^[bB]$/' | tail -5
  fail=1
fi

# Relocated data: the dynamic linker writes every page of it at every start.
read -r _ relro_size < <(section .data.rel.ro)
if ((16#$relro_size > 4 * 1024)); then
  echo "FAIL: .data.rel.ro is $((16#$relro_size)) bytes (at most 4 KiB: a table of pointers is relocated at every start)"
  fail=1
fi
# The writable segment's bytes from the file (relocated data, then .data): every page of them
# is written at every start, a private copy each. Two: the relocated part ends on a page
# boundary (RELRO), the rest starts the next page.
read -r rw_vaddr rw_filesz < <(readelf -lW "$lib" | awk '$1 == "LOAD" && $7 ~ /W/ { print $3, $5; exit }')
rw_pages=$(((((rw_vaddr + rw_filesz + 4095) >> 12) - (rw_vaddr >> 12))))
if ((rw_pages > 2)); then
  echo "FAIL: the writable segment's $((rw_filesz)) bytes from the file span $rw_pages pages (at most 2)"
  fail=1
fi
# libstdc++'s verbose terminate handler links the demangler, whose tables of pointers were
# half of .data.rel.ro (src/c_api/terminate_handler.cc takes the handler's place).
if nm "$lib" | grep -q -w -e __cxa_demangle -e _ZN9__gnu_cxx27__verbose_terminate_handlerEv; then
  echo "FAIL: the library links libstdc++'s verbose terminate handler or its demangler"
  fail=1
fi
exit $fail
