#!/usr/bin/env bash
# Installs every Debian package erli18n's build, tests, benchmarks, fuzzers and tools need.
# Idempotent: installs only what is missing. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  # build
  cmake make g++ pkg-config
  # libraries the CLI and tests use
  libcli11-dev nlohmann-json3-dev libgtest-dev libgmock-dev
  # benchmarks: Google Benchmark, Boost.Locale and Abseil for the comparisons
  libbenchmark-dev libboost-locale-dev libabsl-dev
  # bench/run.sh: whole-process timing of erli18n normalize against msgcat
  hyperfine
  # the GNU oracle and real catalogs for the parity tests
  gettext locales iso-codes libglib2.0-data coreutils grep
  # CLDR's plurals.xml, source of src/cldr_plurals_table.inc (scripts/gen_cldr_plurals.py)
  unicode-cldr-core python3
  # tests/cli/report_html.sh renders the HTML report in a headless browser; its screenshot
  # needs a font to draw the text (chromium only recommends one, and recommends are skipped)
  chromium fonts-dejavu-core
  # the HTTP adapters (cpp-httplib, Boost.Beast) and their tests; wrk for bench/http_overhead.sh;
  # a Japanese font for the web example's screenshots (DejaVu has no CJK glyphs)
  libcpp-httplib-dev libboost-dev wrk fonts-vlgothic
  iproute2  # ss: examples/web/server_test.sh checks the web example's listen queue
  # formatting check and fuzzers
  clang-format clang-19 libclang-rt-19-dev
  # the API reference (make docs, the api_docs test)
  doxygen
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
