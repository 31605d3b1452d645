#!/usr/bin/env bash
# Usage: consumer_test.sh SOURCE_DIR BUILD_DIR WORK_DIR
# Installs BUILD_DIR into WORK_DIR/installed, moves it to WORK_DIR/prefix (the installed tree is
# relocatable), then builds and runs the consumer in tests/cmake/consumer with find_package (a
# program per exported target: the runtime, the tools, the C ABI shared and static, the HTTP
# targets; the shared libraries, then the static ones), with add_subdirectory, and with
# pkg-config, each at -std=c++17.
set -euo pipefail
src=$1 build=$2 work=$3
jobs=$(nproc)
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/installed" >"$work/install.log"
prefix=$work/prefix
mv "$work/installed" "$prefix"
fail() { echo "FAIL: $*"; exit 1; }
# The shared libraries, each with its versioned SONAME and the project's version in its name.
version=$(sed -n 's/^project(erli18n VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
for lib in erli18n erli18n_tools erli18n_intl erli18n_http erli18n_http_httplib; do
  [ -f "$prefix/lib/lib$lib.so.$version" ] && [ -L "$prefix/lib/lib$lib.so.0" ] && [ -L "$prefix/lib/lib$lib.so" ] ||
    fail "$prefix/lib has no lib$lib.so.$version with its links .so.0 and .so"
  soname=$(readelf -d "$prefix/lib/lib$lib.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "lib$lib.so.0" ] || fail "lib$lib.so's SONAME is '$soname', not lib$lib.so.0"
done
for lib in erli18n erli18n_tools erli18n_intl erli18n_http erli18n_http_httplib; do
  [ -f "$prefix/lib/lib$lib.a" ] || fail "no static lib$lib.a in $prefix/lib"
done
# The GNU-compatible commands: links in libexec/erli18n/gnu to the installed erli18n, each
# running the command it is named after.
for command in xgettext msgfmt msgmerge msgcat msgunfmt msginit msgattrib msguniq; do
  link=$prefix/libexec/erli18n/gnu/$command
  [ -L "$link" ] && [ "$(readlink -f "$link")" = "$(readlink -f "$prefix/bin/erli18n")" ] ||
    { echo "FAIL: $link is not a link to the installed erli18n"; exit 1; }
done
# (Refused, while msguniq is not written, or as an unknown option once it is: either names it.)
said=$("$prefix/libexec/erli18n/gnu/msguniq" --no-such-option < /dev/null 2>&1 || true)
grep -q 'msguniq: ' <<< "$said" || { echo "FAIL: the installed msguniq link does not run msguniq: $said"; exit 1; }

consumer=$src/tests/cmake/consumer
# find_package builds a copy, whose catalog the embedding check below edits.
cp -r "$consumer" "$work/consumer-copy"
cmake -S "$work/consumer-copy" -B "$work/package" -DCMAKE_PREFIX_PATH="$prefix" -DUSE_SUBDIRECTORY=OFF >"$work/package.log"
cmake --build "$work/package" -j "$jobs" >>"$work/package.log"
grep -q 'erli18n [0-9.]*, shared libraries' "$work/package.log" || fail "find_package(erli18n) did not default to the shared libraries"
"$work/package/consumer" | tee "$work/package.out"
grep -qx 'ok' "$work/package.out"
# The shared libraries by default, found in the moved prefix.
ldd "$work/package/consumer" | grep "liberli18n.so.0 => $prefix/lib/liberli18n.so.0" >/dev/null ||
  fail "the find_package consumer does not run on $prefix/lib/liberli18n.so.0: $(ldd "$work/package/consumer")"
ldd "$work/package/tools_consumer" | grep "liberli18n_tools.so.0 => $prefix/lib/" >/dev/null || fail "tools_consumer does not use liberli18n_tools.so.0"
# erli18n_add_translations: the .mo in the build tree's locale folder, which the program reads,
# and installed to share/locale.
[ -f "$work/package/locale/fr/LC_MESSAGES/consumer.mo" ] || fail "no build/locale/fr/LC_MESSAGES/consumer.mo"
mkdir -p "$work/empty-translated"
[ "$(cd "$work/empty-translated" && "$work/package/translated_consumer")" = Bonjour ] ||
  fail "translated_consumer does not read its catalog from the build tree"
cmake --install "$work/package" --prefix "$work/consumer-installed" >>"$work/package.log"
# (An installed program has no run path to the prefix.)
[ "$(LD_LIBRARY_PATH=$prefix/lib "$work/consumer-installed/bin/translated_consumer" "$work/consumer-installed/share/locale")" = Bonjour ] ||
  fail "erli18n_add_translations did not install share/locale/fr/LC_MESSAGES/consumer.mo"
"$work/package/tools_consumer" | grep -qx ok
fr_po=$consumer/catalogs/fr/LC_MESSAGES/consumer.po
"$work/package/intl_consumer" "$fr_po" | grep -qx ok
"$work/package/intl_static_consumer" "$fr_po" | grep -qx ok
"$work/package/intl_cxx_consumer" "$fr_po" | grep -qx ok
# The static C ABI is self-contained: no libstdc++ or liberli18n at run time.
if ldd "$work/package/intl_static_consumer" | grep liberli18n >/dev/null; then
  echo "FAIL: intl_static_consumer needs a shared erli18n library at run time"
  exit 1
fi
# Both HTTP adapters are exported (scripts/install-deps.sh installs their libraries).
"$work/package/http_consumer" | grep -qx ok
# erli18n_embed_catalogs through find_package: the catalog is in the binary (run from an
# empty folder), and editing it rebuilds the program with the new text.
mkdir -p "$work/empty"
[ "$(cd "$work/empty" && "$work/package/embedded_consumer")" = Bonjour ]
sed -i 's/msgstr "Bonjour"/msgstr "Salut"/' "$work/consumer-copy/catalogs/fr/LC_MESSAGES/consumer.po"
cmake --build "$work/package" -j "$jobs" >>"$work/package.log"
[ "$(cd "$work/empty" && "$work/package/embedded_consumer")" = Salut ]
# The same edit recompiled erli18n_add_translations' .mo.
[ "$("$work/package/translated_consumer")" = Salut ] || fail "editing the .po did not recompile the translations' .mo"

# The static libraries, asked for with the component `static`: the programs need no erli18n
# library at run time.
cmake -S "$consumer" -B "$work/static" -DCMAKE_PREFIX_PATH="$prefix" -DERLI18N_COMPONENTS=static >"$work/static.log"
grep -q 'erli18n [0-9.]*, static libraries' "$work/static.log" || fail "COMPONENTS static did not give the static libraries"
cmake --build "$work/static" -j "$jobs" --target consumer tools_consumer >>"$work/static.log"
"$work/static/consumer" | grep -qx ok
"$work/static/tools_consumer" | grep -qx ok
if ldd "$work/static/consumer" "$work/static/tools_consumer" | grep liberli18n >/dev/null; then
  fail "the static consumers need a shared erli18n library at run time"
fi

# add_subdirectory: generating the build proves that every erli18n:: name the consumer links
# exists in the source tree too (a `::` name that is not a target fails generation, CMP0028);
# building the runtime's consumer proves the tree builds as a subproject. Only that program is
# built: the whole library again (toolchain, C ABI, HTTP adapters) would prove nothing more
# than the find_package build above, whose package this very tree built.
# erli18n_add_translations works in the source tree too, with the tool this build made.
cmake -S "$consumer" -B "$work/subdir" -DUSE_SUBDIRECTORY=ON -DERLI18N_SOURCE_DIR="$src" \
  -DERLI18N_EXECUTABLE="$build/bin/erli18n" >"$work/subdir.log"
cmake --build "$work/subdir" -j "$jobs" --target consumer translated_consumer >>"$work/subdir.log"
"$work/subdir/consumer" | grep -qx 'ok'
[ "$("$work/subdir/translated_consumer")" = Bonjour ] || fail "erli18n_add_translations in the source tree"

# The .pc files name the prefix they are found in, not the one they were installed to.
export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name erli18n.pc)")
for pc in erli18n erli18n_tools erli18n_intl; do
  include_dir=$(pkg-config --cflags-only-I "$pc" | sed 's/^-I//; s/ *$//')
  [ "$(realpath "$include_dir")" = "$prefix/include" ] || fail "pkg-config --cflags $pc gives -I$include_dir, not $prefix/include"
  lib_dir=$(pkg-config --libs-only-L "$pc" | sed 's/^-L//; s/ .*//')
  [ "$(realpath "$lib_dir")" = "$prefix/lib" ] || fail "pkg-config --libs $pc gives -L$lib_dir, not $prefix/lib"
done
c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags erli18n) "$consumer/main.cc" \
  $(pkg-config --libs erli18n) -o "$work/pkgconfig-consumer"
LD_LIBRARY_PATH=$prefix/lib "$work/pkgconfig-consumer" | grep -qx 'ok'
# A C program links the static C ABI with the flags its .pc file gives, and nothing else (the
# archive named as a file: beside the .so, -lerli18n_intl would pick the shared form).
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags erli18n_intl) \
  "$consumer/intl.c" -o "$work/pkgconfig-intl" \
  $(pkg-config --static --libs erli18n_intl | sed 's/-lerli18n_intl/-l:liberli18n_intl.a/')
"$work/pkgconfig-intl" "$fr_po" | grep -qx ok
# The README's tour (its first C++ example) builds as C++17 against the installed package and
# prints what the README says it prints (the block after it), in the docs' example folder.
# Its fence may carry the docs harness's env=NAME=VALUE attributes (the locale it runs in).
tour_env=$(awk '/^```cpp( |$)/ { for (i = 2; i <= NF; i++) if (sub(/^env=/, "", $i)) print $i; exit }' "$src/README.md")
awk -v dir="$work" '/^```cpp( |$)/ && !n { n = 1; out = dir "/readme_tour.cc"; next }
  /^```output$/ && n == 1 { n = 2; out = dir "/readme_tour.expected"; next }
  /^```$/ { out = ""; if (n == 2) exit; next } out { print > out }' "$src/README.md"
c++ -std=c++17 -Wall -Wextra -Werror -I"$prefix/include" "$work/readme_tour.cc" \
  $(pkg-config --libs erli18n) -o "$work/readme_tour"
rm -rf "$work/tour-run" && cp -r "$src/docs/examples/fixture" "$work/tour-run"
for po in "$work"/tour-run/locale/*/LC_MESSAGES/app.po; do msgfmt "$po" -o "${po%.po}.mo"; done
# In the docs harness's environment (tests/docs/doc_examples.py: LC_ALL=C.UTF-8, no LANGUAGE),
# not the caller's: under the C locale (a fresh system's root shell sets no LANG) LANGUAGE is
# ignored, as glibc ignores it, and the tour would print its English.
# shellcheck disable=SC2086 # one NAME=VALUE word per attribute
(cd "$work/tour-run" && env -u LANGUAGE -u LANG -u LC_MESSAGES LC_ALL=C.UTF-8 LD_LIBRARY_PATH="$prefix/lib" \
  $tour_env "$work/readme_tour") >"$work/readme_tour.out"
cmp "$work/readme_tour.expected" "$work/readme_tour.out"
echo "consumer builds: find_package on a moved prefix (shared, static, erli18n_embed_catalogs, erli18n_add_translations), add_subdirectory, pkg-config, README example"
