#!/usr/bin/env bash
# Usage: layering_probes.sh BUILD_DIR
# Proves that the layering check can fail: a base-layer call into the store must fail to link
# (an undefined reference to the store), and a base-layer include of a store header must fail
# to compile (the file is not on the base layer's include path). Any other outcome fails.
set -uo pipefail
build=$1
fail=0
check() {  # check TARGET EXPECTED-TEXT WHAT
  local out
  if out=$(cmake --build "$build" --target "$1" 2>&1); then
    echo "FAIL: $3 was accepted (target $1 built)"
    fail=1
  elif ! grep -q "$2" <<<"$out"; then
    echo "FAIL: $3 was refused, but not for the expected reason ($2):"
    echo "$out" | tail -20
    fail=1
  else
    echo "ok: $3 is refused"
  fi
}
check layering_probe_upward_call "undefined reference to .*catalog_store" "a call from base into the store"
check layering_probe_upward_include "store_impl.h: No such file" "an include of a store header from base"
exit $fail
