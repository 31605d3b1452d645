#!/usr/bin/env bash
# Usage: consumer_test.sh SOURCE_DIR BUILD_DIR WORK_DIR
# Installs BUILD_DIR into WORK_DIR/prefix, then builds and runs the consumer in tests/cmake/consumer
# with find_package (a program per exported target: the runtime, the tools, the C ABI shared and
# static, the HTTP targets), with add_subdirectory, and with pkg-config, each at -std=c++17.
set -euo pipefail
src=$1 build=$2 work=$3
jobs=$(nproc)
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
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
"$work/package/consumer" | tee "$work/package.out"
grep -qx 'ok' "$work/package.out"
"$work/package/tools_consumer" | grep -qx ok
fr_po=$consumer/catalogs/fr/LC_MESSAGES/consumer.po
"$work/package/intl_consumer" "$fr_po" | grep -qx ok
"$work/package/intl_static_consumer" "$fr_po" | grep -qx ok
# The static C ABI is self-contained: no libstdc++ or liberli18n at run time.
if ldd "$work/package/intl_static_consumer" | grep -q liberli18n; then
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

# add_subdirectory: generating the build proves that every erli18n:: name the consumer links
# exists in the source tree too (a `::` name that is not a target fails generation, CMP0028);
# building the runtime's consumer proves the tree builds as a subproject. Only that program is
# built: the whole library again (toolchain, C ABI, HTTP adapters) would prove nothing more
# than the find_package build above, whose package this very tree built.
cmake -S "$consumer" -B "$work/subdir" -DUSE_SUBDIRECTORY=ON -DERLI18N_SOURCE_DIR="$src" >"$work/subdir.log"
cmake --build "$work/subdir" -j "$jobs" --target consumer >>"$work/subdir.log"
"$work/subdir/consumer" | grep -qx 'ok'

export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name erli18n.pc)")
c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --define-variable=prefix="$prefix" --cflags erli18n) "$consumer/main.cc" \
  $(pkg-config --define-variable=prefix="$prefix" --libs erli18n) -o "$work/pkgconfig-consumer"
"$work/pkgconfig-consumer" | grep -qx 'ok'
# A C program links the static C ABI with the flags its .pc file gives, and nothing else (the
# archive named as a file: beside the .so, -lerli18n_intl would pick the shared form).
cc -std=c11 -Wall -Wextra -Werror $(pkg-config --define-variable=prefix="$prefix" --cflags erli18n_intl) \
  "$consumer/intl.c" -o "$work/pkgconfig-intl" \
  $(pkg-config --define-variable=prefix="$prefix" --static --libs erli18n_intl | sed 's/-lerli18n_intl/-l:liberli18n_intl.a/')
"$work/pkgconfig-intl" "$fr_po" | grep -qx ok
# The README's tour (its first C++ example) builds as C++17 against the installed package and
# prints what the README says it prints (the block after it), in the docs' example folder.
awk -v dir="$work" '/^```cpp$/ && !n { n = 1; out = dir "/readme_tour.cc"; next }
  /^```output$/ && n == 1 { n = 2; out = dir "/readme_tour.expected"; next }
  /^```$/ { out = ""; if (n == 2) exit; next } out { print > out }' "$src/README.md"
c++ -std=c++17 -Wall -Wextra -Werror -I"$prefix/include" "$work/readme_tour.cc" \
  $(pkg-config --define-variable=prefix="$prefix" --libs erli18n) -o "$work/readme_tour"
rm -rf "$work/tour-run" && cp -r "$src/docs/examples/fixture" "$work/tour-run"
for po in "$work"/tour-run/locale/*/LC_MESSAGES/app.po; do msgfmt "$po" -o "${po%.po}.mo"; done
(cd "$work/tour-run" && "$work/readme_tour") >"$work/readme_tour.out"
cmp "$work/readme_tour.expected" "$work/readme_tour.out"
echo "consumer builds: find_package (with erli18n_embed_catalogs), add_subdirectory, pkg-config, README example"
