#!/usr/bin/env bash
# embedded_test.sh PROGRAM RUN_DIR: runs the embedded example from an empty folder (no
# catalog anywhere near it) and checks that it translates from its compiled-in catalogs.
set -euo pipefail
program=$1 run=$2
rm -rf "$run" && mkdir -p "$run" && cd "$run"
output=$("$program" fr de ja)
printf '%s\n' "$output"
expected='fr: Bonjour depuis l’intérieur du binaire ! | Ouvrir | 2 catalogues compilés dedans
de: Hallo aus dem Inneren des Programms! | Öffnen | 2 Kataloge einkompiliert
ja: Hello from inside the binary! | Open | 2 catalogs compiled in'
if [ "$output" != "$expected" ]; then
  echo "FAIL: expected:"
  printf '%s\n' "$expected"
  exit 1
fi
[ -z "$(ls -A "$run")" ] || { echo "FAIL: the program wrote files"; exit 1; }
echo "embedded_test: ok"
