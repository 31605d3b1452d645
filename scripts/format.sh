#!/usr/bin/env bash
# Formats (or with --check, verifies the format of) every C++ file of the tree with .clang-format:
# the tracked ones and the new ones not yet added (not those .gitignore ignores).
# The version is pinned: another clang-format lays out some constructs differently, so the check
# would pass or fail with the machine's default. clang-format-14 (Debian 12's) is what the tree
# is formatted with; scripts/install-deps.sh installs it.
set -euo pipefail
clang_format=clang-format-14
command -v "$clang_format" > /dev/null ||
  { echo "format: $clang_format not found: run scripts/install-deps.sh" >&2; exit 1; }
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cc' '*.h' 2>/dev/null || find . -name '*.cc' -o -name '*.h')
[ ${#files[@]} -eq 0 ] && exit 0
if [ "${1:-}" = "--check" ]; then
  if ! "$clang_format" --dry-run --Werror "${files[@]}"; then
    echo "format-check: run 'make format' to fix the files above" >&2
    exit 1
  fi
  echo "format-check: ${#files[@]} files clean"
else
  "$clang_format" -i "${files[@]}"
fi
