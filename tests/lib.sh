# shellcheck shell=bash
# The prologue the script tests share (tests/cli, tests/parity), sourced first:
#   . "$(dirname "$0")/../lib.sh" || exit 1   (no strict mode yet if it is missing)
# It turns on strict mode and defines:
#   need_env VAR...     every VAR is set (ctest sets them: tests/CMakeLists.txt), else fail
#   need_tools TOOL...  every TOOL is installed, else fail: a machine without one must not
#                       pass by testing less (scripts/install-deps.sh installs them all)
#   fresh_tmp           TEST_TMP emptied and made again (a rerun starts from nothing)
#   fail MESSAGE        FAIL: MESSAGE on stderr, exit 1
#   ok                  counts one check passed (in $checks)
#   passed NAME         the last line: NAME: N checks passed
#   check_generated FILE WHAT -- GENERATOR...
#                       a committed generated FILE (relative to the repository) is what
#                       GENERATOR... -o OUT makes now of WHAT (the installed data it reads):
#                       runs it and compares bytes, else fails saying how to regenerate
set -euo pipefail

need_env() {
  local var
  for var; do
    [[ -n ${!var:-} ]] || { echo "FAIL: $var is not set (ctest sets it, see tests/CMakeLists.txt)" >&2; exit 1; }
  done
}

need_tools() {
  local tool
  for tool; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-deps.sh installs it)" >&2; exit 1; }
  done
}

fresh_tmp() {
  need_env TEST_TMP
  rm -rf "$TEST_TMP"
  mkdir -p "$TEST_TMP"
}

checks=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); }
passed() { echo "$1: $checks checks passed"; }

check_generated() {
  local file=$1 what=$2 root fresh
  shift 3  # FILE WHAT --
  need_env TEST_TMP
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  mkdir -p "$TEST_TMP"
  fresh=$TEST_TMP/$(basename "$file")
  (cd "$root" && "$@" -o "$fresh") || fail "the generator failed ($*): is $what installed? (scripts/install-deps.sh)"
  if ! cmp -s "$root/$file" "$fresh"; then
    diff -u "$root/$file" "$fresh" | head -40 || true
    fail "$file is out of date with the installed $what (or was edited by hand). Regenerate it and commit the result:
  $* -o $file"
  fi
  echo "$file: in sync with the installed $what"
}
