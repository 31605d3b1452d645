#!/usr/bin/env bash
# bench/http_overhead.sh [BUILD_DIR] [SECONDS] [ROUNDS]: what the HTTP middleware costs.
#
# Starts the web example twice on free ports of 127.0.0.1: with the middleware
# (erli18n::http::localized: negotiation, response headers, locale_scope) and with `--plain de`
# (the same handler and page, the locale fixed by the process default, no middleware). Both
# answer in German: the middleware server negotiates it from the Accept-Language header wrk
# sends, so the two do the same lookups and differ only by the middleware. wrk (Debian `wrk`)
# then loads them in turn, ROUNDS times each (alternating, so that a change in the machine's
# load hits both), SECONDS per run, one thread and 8 keep-alive connections (cpp-httplib's
# pool has 8 workers on this machine; more connections would only queue). Prints each run's
# requests per second and server CPU time per request, the medians, and the overheads:
# 1 - middleware / plain throughput, and middleware / plain CPU per request - 1.
set -euo pipefail
build=${1:-build}
seconds=${2:-10}
rounds=${3:-5}
web=$build/bin/erli18n-web
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh installs it)" >&2; exit 1; }
[ -x "$web" ] || { echo "$web is missing: cmake --build $build --target erli18n-web" >&2; exit 1; }
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT

# start NAME ARGS...: runs the server, waits for its "listening on URL" line, sets $url.
start() {
  local name=$1
  shift
  "$web" --port 0 "$@" > "$work/$name.txt" &
  pids+=($!)
  for _ in $(seq 100); do
    grep -q '^listening on ' "$work/$name.txt" && break
    sleep 0.1
  done
  url=$(sed -n 's/^listening on //p' "$work/$name.txt")
  [ -n "$url" ] || { echo "the $name server did not start" >&2; exit 1; }
}
start middleware
middleware_url="$url?n=5&name=Lea"
start plain --plain de
plain_url="$url?n=5&name=Lea"

# The two pages must be the same but for the line saying where the language came from.
python3 - "$middleware_url" "$plain_url" <<'PY'
import sys, urllib.request
pages = []
for url in sys.argv[1:]:
    req = urllib.request.Request(url, headers={"Accept-Language": "de"})
    pages.append([l for l in urllib.request.urlopen(req).read().decode().splitlines() if 'id="source"' not in l])
if pages[0] != pages[1]:
    sys.exit("the middleware and plain pages differ")
PY

# run URL PID: one wrk run; prints requests per second and the server's CPU time (user+system,
# from /proc) per request in microseconds. The CPU figure is the steadier one on a shared
# machine: another process's load lowers throughput but hardly changes the work per request.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
run() {
  local before after
  before=$(ticks "$2")
  wrk -t1 -c8 -d"${seconds}s" -H 'Accept-Language: de' "$1" > "$work/wrk.txt"
  after=$(ticks "$2")
  awk -v cpu=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    / requests in / {n = $1} /^Requests\/sec:/ {rps = $2}
    END {printf "%s %.1f\n", rps, cpu / hz * 1e6 / n}' "$work/wrk.txt"
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
: > "$work/m" && : > "$work/p"
for round in $(seq "$rounds"); do
  p=$(run "$plain_url" "${pids[1]}")
  m=$(run "$middleware_url" "${pids[0]}")
  echo "round $round: plain ${p% *} req/s ${p#* } us CPU/req, middleware ${m% *} req/s ${m#* } us CPU/req"
  echo "$p" >> "$work/p"
  echo "$m" >> "$work/m"
done
mp=$(cut -d' ' -f1 "$work/p" | median)
mm=$(cut -d' ' -f1 "$work/m" | median)
cp=$(cut -d' ' -f2 "$work/p" | median)
cm=$(cut -d' ' -f2 "$work/m" | median)
echo "median throughput: plain $mp req/s, middleware $mm req/s, overhead $(awk -v p="$mp" -v m="$mm" 'BEGIN {printf "%.1f%%", (1 - m / p) * 100}')"
echo "median server CPU per request: plain $cp us, middleware $cm us, overhead $(awk -v p="$cp" -v m="$cm" 'BEGIN {printf "%.1f%%", (m / p - 1) * 100}')"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
