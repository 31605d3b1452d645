#!/usr/bin/env bash
# liberli18n_intl.so, as preloaded into any program: it loads no C++ runtime of its own
# (no libstdc++.so, no libgcc_s.so: their start-up is most of what a short gettext program
# would pay for the preload), and its dynamic symbols are the libintl functions, the C API
# of erli18n/erli18n.h and erli18n's C++ API only: none of the C++ runtime it carries, nor
# the standard-library templates it instantiated, which would interpose on other libraries'.
# Usage: intl_exports_test.sh LIB
set -euo pipefail
lib=$1
fail=0

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
# to is a symbol the dynamic linker looks up at every start (src/c_api/exports.map). Only the
# types' vtables and typeinfo, which -Bsymbolic binds at link time.
data=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[BDGRSuV]$/ {print $3}' | c++filt |
  grep -vE '^(typeinfo|typeinfo name|vtable|VTT|construction vtable) for ' || true)
if [[ -n "$data" ]]; then
  echo "FAIL: data exported (add it to the local names of src/c_api/exports.map):"
  head -n 20 <<<"$data"
  fail=1
fi
if ! grep -q '^erli18n::setlocale(' < <(grep '^_Z' <<<"$exports" | c++filt); then
  echo "FAIL: erli18n's C++ API (erli18n::setlocale) is not exported"
  fail=1
fi
[[ $fail == 0 ]] && echo "ok: $(wc -l <<<"$exports") symbols, libintl + erli18n only; needs:" $needed
exit $fail
