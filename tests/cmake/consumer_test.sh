#!/usr/bin/env bash
# Usage: consumer_test.sh SOURCE_DIR BUILD_DIR WORK_DIR
# Installs BUILD_DIR into WORK_DIR/prefix, then builds and runs the consumer in tests/cmake/consumer
# with find_package, with add_subdirectory, and with pkg-config, each at -std=c++17.
set -euo pipefail
src=$1 build=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"

consumer=$src/tests/cmake/consumer
# find_package builds a copy, whose catalog the embedding check below edits.
cp -r "$consumer" "$work/consumer-copy"
cmake -S "$work/consumer-copy" -B "$work/package" -DCMAKE_PREFIX_PATH="$prefix" -DUSE_SUBDIRECTORY=OFF >"$work/package.log"
cmake --build "$work/package" >>"$work/package.log"
"$work/package/consumer" | tee "$work/package.out"
grep -qx 'ok' "$work/package.out"
# erli18n_embed_catalogs through find_package: the catalog is in the binary (run from an
# empty folder), and editing it rebuilds the program with the new text.
mkdir -p "$work/empty"
[ "$(cd "$work/empty" && "$work/package/embedded_consumer")" = Bonjour ]
sed -i 's/msgstr "Bonjour"/msgstr "Salut"/' "$work/consumer-copy/catalogs/fr/LC_MESSAGES/consumer.po"
cmake --build "$work/package" >>"$work/package.log"
[ "$(cd "$work/empty" && "$work/package/embedded_consumer")" = Salut ]

cmake -S "$consumer" -B "$work/subdir" -DUSE_SUBDIRECTORY=ON -DERLI18N_SOURCE_DIR="$src" >"$work/subdir.log"
cmake --build "$work/subdir" >>"$work/subdir.log"
"$work/subdir/consumer" | grep -qx 'ok'

export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name erli18n.pc)")
c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --define-variable=prefix="$prefix" --cflags erli18n) "$consumer/main.cc" \
  $(pkg-config --define-variable=prefix="$prefix" --libs erli18n) -o "$work/pkgconfig-consumer"
"$work/pkgconfig-consumer" | grep -qx 'ok'
# The README's examples compile as C++17 against the installed package and run.
awk -v dir="$work" '/^```cpp$/ { n++; out = dir "/readme_" n ".cc"; next } /^```$/ { out = ""; next } out { print > out }' \
  "$src/README.md"
for n in 1 2; do
  c++ -std=c++17 -Wall -Wextra -Werror -I"$prefix/include" "$work/readme_$n.cc" \
    $(pkg-config --define-variable=prefix="$prefix" --libs erli18n) -o "$work/readme_$n"
done
# 1: lookups through the store.
mkdir -p "$work/locale/fr/LC_MESSAGES"
printf '%s\n' 'msgid ""' 'msgstr "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n"' \
  '' 'msgid "Hello"' 'msgstr "Bonjour"' '' 'msgid "%d file"' 'msgid_plural "%d files"' 'msgstr[0] "%d fichier"' \
  'msgstr[1] "%d fichiers"' '' 'msgctxt "menu"' 'msgid "Open"' 'msgstr "Ouvrir"' >"$work/app.po"
msgfmt "$work/app.po" -o "$work/locale/fr/LC_MESSAGES/app.mo"
[ "$(cd "$work" && ./readme_1 | tr '\n' '|')" = 'Hello|%d fichiers|Ouvrir|' ]
# 2: the format API.
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "file"\nmsgstr "fichier"\n' >"$work/ru.po"
(cd "$work" && ./readme_2) | grep -qx 'file => fichier'
echo "consumer builds: find_package (with erli18n_embed_catalogs), add_subdirectory, pkg-config, README example"
