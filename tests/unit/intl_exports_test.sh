#!/usr/bin/env bash
# liberli18n_intl.so and liberli18n_intl_cxx.so, as preloaded into any program: neither loads
# a C++ runtime of its own (no libstdc++.so, no libgcc_s.so: their start-up is most of what a
# short gettext program would pay for the preload). liberli18n_intl.so's dynamic symbols are
# the libintl functions and the C API of erli18n/erli18n.h, nothing else (the dynamic linker
# reads its symbol table for every symbol of a program it is preloaded into);
# liberli18n_intl_cxx.so's are those and erli18n's C++ API only: none of the C++ runtime it
# carries, nor the standard-library templates it instantiated, which would interpose on other
# libraries'.
# Usage: intl_exports_test.sh LIB CXX_LIB
set -euo pipefail
fail=0

check() {
  local lib=$1 with_cxx=$2 needed exports c_symbols expected_c foreign data cxx
  needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  for runtime in libstdc++ libgcc_s; do
    if grep -q "^$runtime" <<<"$needed"; then
      echo "FAIL: $lib needs $runtime:" $needed
      fail=1
    fi
  done

  # Defined dynamic symbols (the undefined ones are the library's imports from libc).
  exports=$(nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort -u)
  c_symbols=$(grep -v '^_Z' <<<"$exports" || true)
  expected_c=$(printf '%s\n' gettext dgettext dcgettext ngettext dngettext dcngettext textdomain \
    bindtextdomain bind_textdomain_codeset erli18n_load erli18n_unload erli18n_gettext erli18n_ngettext \
    erli18n_pgettext erli18n_npgettext erli18n_last_error erli18n_status_string | sort)
  if [[ "$c_symbols" != "$expected_c" ]]; then
    echo "FAIL: the C symbols exported differ from the libintl and erli18n.h functions:"
    diff <(echo "$expected_c") <(echo "$c_symbols") || true
    fail=1
  fi
  # Every C++ symbol is erli18n's (its functions, types' vtables and typeinfo, templates of them).
  foreign=$(grep '^_Z' <<<"$exports" | c++filt | grep -v 'erli18n::' || true)
  if [[ -n "$foreign" ]]; then
    echo "FAIL: C++ symbols exported that are not erli18n's:"
    head -n 20 <<<"$foreign"
    fail=1
  fi
  # No data of the library's own: no program reads it, and each exported datum the library refers
  # to is a symbol the dynamic linker looks up at every start (src/c_api/exports_cxx.map). Only the
  # types' vtables and typeinfo, which -Bsymbolic binds at link time.
  data=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[BDGRSuV]$/ {print $3}' | c++filt |
    grep -vE '^(typeinfo|typeinfo name|vtable|VTT|construction vtable) for ' || true)
  if [[ -n "$data" ]]; then
    echo "FAIL: data exported by $lib (add it to the local names of src/c_api/exports_cxx.map):"
    head -n 20 <<<"$data"
    fail=1
  fi
  cxx=$(grep -c '^_Z' <<<"$exports" || true)
  if [[ $with_cxx == no && $cxx != 0 ]]; then
    echo "FAIL: $lib exports $cxx C++ symbols (they belong to liberli18n_intl_cxx.so)"
    fail=1
  fi
  if [[ $with_cxx == yes ]] && ! grep -q '^erli18n::setlocale(' < <(grep '^_Z' <<<"$exports" | c++filt); then
    echo "FAIL: erli18n's C++ API (erli18n::setlocale) is not exported by $lib"
    fail=1
  fi
  echo "$lib: $(wc -l <<<"$exports") symbols ($cxx C++); needs:" $needed
}

check "$1" no
check "$2" yes
[[ $fail == 0 ]] && echo ok
exit $fail
