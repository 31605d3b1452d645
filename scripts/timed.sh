#!/usr/bin/env bash
# Usage: timed.sh LOG PHASE COMMAND...: runs COMMAND and prints how long it took as
# `make test: PHASE: N s` (also appended to LOG), so that a CI log shows where the time of
# `make test` goes (HACKING.md "How make test is organised"). Exits with COMMAND's status.
set -uo pipefail
log=$1 phase=$2
shift 2
start=$(date +%s)
"$@"
status=$?
line="make test: $phase: $(($(date +%s) - start)) s$( ((status == 0)) || echo " (failed, status $status)")"
echo "$line" >&2
mkdir -p "$(dirname "$log")" && echo "$line" >> "$log"
exit "$status"
