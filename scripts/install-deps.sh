#!/usr/bin/env bash
# Installs every Debian package erli18n's build, tests, benchmarks, fuzzers and tools need.
# Idempotent: installs only what is missing. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  # build
  cmake make g++ pkg-config
  # objects compiled before, served again to every later build on the machine (CMakeLists.txt)
  ccache
  # make package: CPack's DEB generator computes erli18n's Depends with dpkg-shlibdeps
  dpkg-dev file
  # libraries the CLI and tests use
  libcli11-dev nlohmann-json3-dev libgtest-dev libgmock-dev
  # benchmarks: Google Benchmark, Boost.Locale and Abseil for the comparisons
  libbenchmark-dev libboost-locale-dev libabsl-dev
  # bench/run.sh: whole-process timing of erli18n normalize against msgcat
  hyperfine
  # the GNU oracle for the parity tests (and the catalogs of its own domains)
  gettext locales coreutils grep
  # CLDR's plurals.xml, source of src/formats/cldr_plurals_table.inc (scripts/gen_cldr_plurals.py),
  # and its locale data, source of src/locale/cldr_locale_data.inc (scripts/gen_cldr_locales.py)
  unicode-cldr-core python3
  # ICU's LocaleMatcher: the oracle of the best-fit matcher's parity test and benchmark (never
  # linked into the runtime)
  libicu-dev
  # Unicode's LineBreak.txt and EastAsianWidth.txt and libunistring's uc_width (what msgcat
  # counts columns with), sources of src/formats/po_writer_unicode_table.inc
  # (scripts/gen_po_writer_unicode.py, checked by the po_writer_unicode_table_drift test)
  unicode-data libunistring2
  # tests/cli/report_html.sh renders the HTML report in a headless browser; its screenshot
  # needs a font to draw the text (chromium only recommends one, and recommends are skipped)
  chromium fonts-dejavu-core
  # the HTTP adapters (cpp-httplib, Boost.Beast) and their tests; wrk for bench/http_overhead.sh;
  # a Japanese font for the web example's screenshots (DejaVu has no CJK glyphs)
  libcpp-httplib-dev libboost-dev wrk fonts-vlgothic
  iproute2  # ss: examples/web/server_test.sh checks the web example's listen queue
  # the formatting check (scripts/format.sh runs this version by name); the sanitizer builds
  # and the fuzzers (clang-19 and its runtimes; llvm-19 for the llvm-symbolizer that reads
  # their reports: Debian's default one, llvm-14's, fails with clang-19's runtimes)
  clang-format-14 clang-19 libclang-rt-19-dev llvm-19
  # callgrind: the intl_startup_layout test lists the functions a preloaded `ls --help` runs
  # (and scripts/gen_startup_order.py, which writes src/c_api/startup_functions.ld from them)
  valgrind
  # the API reference (make docs, the api_docs test)
  doxygen
  # tests/integration: the three build systems that run the GNU-compatible commands (meson's
  # i18n module, CMake with Ninja, autotools' po/ directory from autopoint), and perl, which
  # normalises the dates the tools write
  meson ninja-build autopoint autoconf automake perl
)

# Real catalogs (/usr/share/locale) for the parity tests, which sample a fixed number of them
# and fail below a stated minimum naming these packages (tests/parity/real_catalogs.sh reads
# this line). A minimal Debian 12 with everything above has about 2,300 catalogs; these make
# that count independent of what the other packages happen to pull in, and add domains:
#   iso-codes        669 catalogs: ISO 639/3166/4217/15924 names in 100+ languages
#   libgtk-3-common  236: gtk30, gtk30-properties (plurals, contexts)
#   binutils-common  122: binutils, bfd, gas, gprof, ld, opcodes (old headers, no Language:)
#   libglib2.0-data  100: glib20 (plurals and contexts in ~100 languages)
#   xdg-user-dirs     74, python-apt-common 51: small packages, many languages
#   xkb-data          45: xkeyboard-config (9 old headers without Language:)
#   libc-l10n         37: libc (system-dependent `%<PRIdMAX>` strings)
#   net-tools          6: 5 old headers without Language: (merge_language_team needs 20)
catalog_packages=(iso-codes libgtk-3-common binutils-common libglib2.0-data xdg-user-dirs python-apt-common
  xkb-data libc-l10n net-tools)
packages+=("${catalog_packages[@]}")

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
