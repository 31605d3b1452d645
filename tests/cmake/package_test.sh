#!/usr/bin/env bash
# Usage: package_test.sh SOURCE_DIR BUILD_DIR WORK_DIR
# Makes the Debian packages from BUILD_DIR (what `make package` runs), then checks them:
# - always: their file lists, the libraries' SONAMEs (readelf -d), that they are stripped with
#   the debug info in erli18n-dbgsym, the Depends; and the consumer (tests/cmake/consumer)
#   built with find_package against the packages' files extracted with dpkg-deb -x;
# - as root (CI, on a fresh Debian 12): `apt-get install ./erli18n_*.deb ./erli18n-dev_*.deb`,
#   the consumer built and run against /usr (shared and static libraries, pkg-config,
#   erli18n_add_translations), then `apt-get purge` of both, which leaves the machine as it
#   was (purged). ERLI18N_PACKAGE_TEST_NO_INSTALL=1 skips the installation (a developer's machine).
set -euo pipefail
src=$1 build=$2 work=$3
jobs=$(nproc)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
version=$(sed -n 's/^project(erli18n VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
arch=$(dpkg --print-architecture)
cpack --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack"; }
runtime=$work/pkg/erli18n_${version}_$arch.deb
dev=$work/pkg/erli18n-dev_${version}_$arch.deb
dbgsym=$work/pkg/erli18n-dbgsym_${version}_$arch.ddeb
for deb in "$runtime" "$dev" "$dbgsym"; do [ -f "$deb" ] || fail "cpack made no $(basename "$deb"): $(ls "$work/pkg")"; done

# The file lists: the shared libraries and the CLI in erli18n, the rest in erli18n-dev.
dpkg-deb -c "$runtime" | awk '{print $6}' | sed 's|^\./||' | sort >"$work/runtime.files"
dpkg-deb -c "$dev" | awk '{print $6}' | sed 's|^\./||' | sort >"$work/dev.files"
has() { grep -qx "$2" "$work/$1.files" || fail "$1 package lacks $2"; }
lacks() { ! grep -q "$2" "$work/$1.files" || fail "$1 package holds $(grep "$2" "$work/$1.files" | head -1)"; }
libs="erli18n erli18n_tools erli18n_intl erli18n_http erli18n_http_httplib"
for lib in $libs; do
  has runtime "usr/lib/lib$lib.so.$version"
  has runtime "usr/lib/lib$lib.so.0"
  has dev "usr/lib/lib$lib.so"
  has dev "usr/lib/lib$lib.a"
done
has runtime usr/bin/erli18n
for command in xgettext msgfmt msgmerge msgcat msgunfmt msginit msgattrib msguniq; do
  has runtime "usr/libexec/erli18n/gnu/$command"
done
lacks runtime 'usr/include/'
lacks runtime '\.a$'
lacks runtime 'usr/lib/cmake/'
lacks runtime 'pkgconfig'
has dev usr/include/erli18n/gettext.h
has dev usr/include/erli18n/http_httplib.h
for file in erli18nConfig.cmake erli18nConfigVersion.cmake erli18nTargets.cmake erli18nSharedTargets.cmake \
  erli18nStaticTargets.cmake erli18nEmbed.cmake erli18nTranslations.cmake; do
  has dev "usr/lib/cmake/erli18n/$file"
done
for pc in erli18n erli18n_tools erli18n_intl; do has dev "usr/lib/pkgconfig/$pc.pc"; done
lacks dev 'usr/bin/'
lacks dev '\.so\.'

# The SONAMEs, the stripped binaries, the debug info beside them.
dpkg-deb -x "$runtime" "$work/root"
dpkg-deb -x "$dev" "$work/root"
dpkg-deb -x "$dbgsym" "$work/dbgsym"
for lib in $libs; do
  file=$work/root/usr/lib/lib$lib.so.$version
  soname=$(readelf -d "$file" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "lib$lib.so.0" ] || fail "lib$lib.so's SONAME is '$soname', not lib$lib.so.0"
  [ "$(readlink "$work/root/usr/lib/lib$lib.so.0")" = "lib$lib.so.$version" ] || fail "lib$lib.so.0 is no link to lib$lib.so.$version"
  [ "$(readlink "$work/root/usr/lib/lib$lib.so")" = "lib$lib.so.0" ] || fail "lib$lib.so is no link to lib$lib.so.0"
done
for file in "$work"/root/usr/lib/*.so."$version" "$work/root/usr/bin/erli18n"; do
  ! readelf -S -W "$file" | grep '\.debug_info' >/dev/null || fail "$file is not stripped"
done
for file in "$work"/root/usr/lib/*.a; do
  ! readelf -S -W "$file" | grep '\.debug_info' >/dev/null || fail "$file holds debug info"
  nm "$file" 2>/dev/null | grep ' T ' >/dev/null || fail "$file lost its symbols"
done
[ -n "$(find "$work/dbgsym" -name '*.debug' -size +100k)" ] || fail "erli18n-dbgsym holds no debug info"
intl_size=$(stat -c %s "$work/root/usr/lib/liberli18n_intl.so.$version")
[ "$intl_size" -lt 4000000 ] || fail "the packaged liberli18n_intl.so is $intl_size bytes"

# The Depends: erli18n's from dpkg-shlibdeps (the C and C++ runtimes, cpp-httplib's library),
# erli18n-dev's on erli18n of the same version and what its CMake package finds again.
runtime_depends=$(dpkg-deb -f "$runtime" Depends)
for package in libc6 libstdc++6 libgcc-s1; do
  grep -q "\b$package\b" <<<"$runtime_depends" || fail "erli18n does not depend on $package: $runtime_depends"
done
! grep -q 'erli18n' <<<"$runtime_depends" || fail "erli18n depends on itself: $runtime_depends"
dev_depends=$(dpkg-deb -f "$dev" Depends)
grep -q "erli18n (= $version)" <<<"$dev_depends" || fail "erli18n-dev does not depend on erli18n (= $version): $dev_depends"
grep -q 'libcpp-httplib-dev' <<<"$dev_depends" || fail "erli18n-dev does not depend on libcpp-httplib-dev: $dev_depends"
[ "$(dpkg-deb -f "$runtime" Package)" = erli18n ] && [ "$(dpkg-deb -f "$dev" Package)" = erli18n-dev ] ||
  fail "the packages are not named erli18n and erli18n-dev"
echo "packages: file lists, SONAMEs (lib*.so.0), stripped with erli18n-dbgsym, Depends: $runtime_depends"

consumer=$src/tests/cmake/consumer
# The CMake package of the extracted files (its prefix is where it is found): the consumer links
# the packaged shared libraries.
cmake -S "$consumer" -B "$work/extracted" -DCMAKE_PREFIX_PATH="$work/root/usr" >"$work/extracted.log"
cmake --build "$work/extracted" -j "$jobs" --target consumer translated_consumer >>"$work/extracted.log"
ldd "$work/extracted/consumer" | grep "liberli18n.so.0 => $work/root/usr/lib/" >/dev/null || fail "the consumer does not use the packaged liberli18n.so.0"
"$work/extracted/consumer" | grep -qx ok
[ "$("$work/extracted/translated_consumer")" = Bonjour ] || fail "erli18n_add_translations with the packaged erli18n"

if [ "$(id -u)" -ne 0 ] || [ -n "${ERLI18N_PACKAGE_TEST_NO_INSTALL:-}" ]; then
  echo "not root (or ERLI18N_PACKAGE_TEST_NO_INSTALL): the packages were checked extracted (dpkg-deb -x), not installed"
  exit 0
fi
for package in erli18n erli18n-dev; do
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    fail "$package is installed already: the test installs and removes it, and leaves it alone"
  fi
done
apt_get() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 -y -q "$@"; }
# purge, not only remove: dpkg would keep a record of the removed packages (state rc).
remove() { apt_get purge erli18n erli18n-dev >"$work/apt-remove.log" 2>&1 || cat "$work/apt-remove.log"; }
trap remove EXIT
(cd "$work/pkg" && apt_get install --no-install-recommends "./$(basename "$runtime")" "./$(basename "$dev")") \
  >"$work/apt-install.log" 2>&1 || { cat "$work/apt-install.log"; fail "apt-get install of the packages"; }
/usr/bin/erli18n compile "$consumer/catalogs/fr/LC_MESSAGES/consumer.po" -o "$work/consumer.mo" && [ -s "$work/consumer.mo" ] ||
  fail "the installed /usr/bin/erli18n"
[ "$(readlink -f /usr/libexec/erli18n/gnu/msgfmt)" = /usr/bin/erli18n ] || fail "/usr/libexec/erli18n/gnu/msgfmt"
# find_package in /usr, as any project would: shared, then static.
cmake -S "$consumer" -B "$work/system" >"$work/system.log"
grep -q 'erli18n [0-9.]*, shared libraries' "$work/system.log" || fail "the installed package did not give the shared libraries"
cmake --build "$work/system" -j "$jobs" >>"$work/system.log"
for program in consumer tools_consumer http_consumer; do "$work/system/$program" | grep -qx ok; done
"$work/system/intl_consumer" "$consumer/catalogs/fr/LC_MESSAGES/consumer.po" | grep -qx ok
# (/lib is /usr/lib on Debian 12: ld.so may name either.)
ldd "$work/system/consumer" | grep -E 'liberli18n.so.0 => (/usr)?/lib/liberli18n.so.0' >/dev/null ||
  fail "the consumer does not use /usr/lib/liberli18n.so.0: $(ldd "$work/system/consumer")"
[ "$("$work/system/translated_consumer")" = Bonjour ] || fail "erli18n_add_translations against /usr"
[ "$(cd "$work" && "$work/system/embedded_consumer")" = Bonjour ] || fail "erli18n_embed_catalogs against /usr"
cmake -S "$consumer" -B "$work/system-static" -DERLI18N_COMPONENTS=static >"$work/system-static.log"
cmake --build "$work/system-static" -j "$jobs" --target consumer tools_consumer >>"$work/system-static.log"
"$work/system-static/consumer" | grep -qx ok
"$work/system-static/tools_consumer" | grep -qx ok
! ldd "$work/system-static/consumer" | grep liberli18n >/dev/null || fail "the static consumer needs a shared erli18n library"
# pkg-config: /usr's own folders are left out of the flags.
[ -z "$(pkg-config --cflags erli18n)" ] || fail "pkg-config --cflags erli18n gives '$(pkg-config --cflags erli18n)' for /usr"
c++ -std=c++17 -Wall -Wextra -Werror "$consumer/main.cc" $(pkg-config --libs erli18n) -o "$work/pkgconfig-consumer"
"$work/pkgconfig-consumer" | grep -qx ok
trap - EXIT
remove
for package in erli18n erli18n-dev; do
  ! dpkg-query -W "$package" >/dev/null 2>&1 || fail "dpkg still knows $package: $(dpkg-query -W -f='${Status}' "$package")"
done
[ ! -e /usr/lib/liberli18n.so.0 ] && [ ! -e /usr/include/erli18n ] || fail "apt-get remove left erli18n's files in /usr"
echo "installed with apt-get: the consumer built against /usr (shared, static, pkg-config, erli18n_add_translations); packages removed"
