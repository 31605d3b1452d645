# shellcheck shell=bash
# The prologue of the CLI tests, sourced first: . "$(dirname "$0")/lib.sh" || exit 1
# tests/lib.sh (strict mode, need_env, need_tools, fail, ok, passed), then ERLI18N and
# TEST_TMP checked, and the test running in an empty TEST_TMP.
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP
fresh_tmp
cd "$TEST_TMP" || exit 1
