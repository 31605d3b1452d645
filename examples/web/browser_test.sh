#!/usr/bin/env bash
# browser_test.sh ERLI18N_WEB OUT_DIR: starts the web example on a free port of 127.0.0.1 and
# runs browser_test.py (headless Chromium, Debian package `chromium`) against it; the
# screenshots stay in OUT_DIR.
set -euo pipefail
web=$1
out=$2
command -v chromium >/dev/null || { echo "chromium is not installed (scripts/install-deps.sh installs it)"; exit 1; }
rm -rf "$out" && mkdir -p "$out"
"$web" --port 0 > "$out/server.txt" 2> "$out/server.err" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' "$out/server.txt" && break
  sleep 0.1
done
url=$(sed -n 's/^listening on //p' "$out/server.txt")
[ -n "$url" ] || { echo "FAIL: the server did not start: $(cat "$out/server.err")"; exit 1; }
timeout 240 python3 "$(dirname "$0")/browser_test.py" "$url" "$out"
