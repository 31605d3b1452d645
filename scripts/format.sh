#!/usr/bin/env bash
# Formats (or with --check, verifies the format of) every tracked C++ file with .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -- '*.cc' '*.h' 2>/dev/null || find . -name '*.cc' -o -name '*.h')
[ ${#files[@]} -eq 0 ] && exit 0
if [ "${1:-}" = "--check" ]; then
  if ! clang-format --dry-run --Werror "${files[@]}"; then
    echo "format-check: run 'make format' to fix the files above" >&2
    exit 1
  fi
  echo "format-check: ${#files[@]} files clean"
else
  clang-format -i "${files[@]}"
fi
