#!/usr/bin/env bash
# The compile-time checks of erli18n/checked.h with a header from `erli18n compile --keys`:
# valid code compiles with -Werror (C++17 and C++20) and prints what the unchecked calls
# print; each mistake fails compilation with its readable message; the checked calls
# compile to the same assembly as the unchecked ones.
# Needs: ERLI18N, TEST_TMP, SOURCE_DIR, LIBRARY, CXXFLAGS_EXTRA.
set -euo pipefail
export LC_ALL=C  # the compiler quotes names with plain apostrophes
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP"
cd "$TEST_TMP"
here=$SOURCE_DIR/tests/checked
checks=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); }

"$ERLI18N" compile --keys -o keys.h --namespace app_keys "$here/app.pot"
grep -q '^#define ERLI18N_CHECKED_KEYS app_keys::keys$' keys.h || fail "no ERLI18N_CHECKED_KEYS in keys.h"
grep -q 'key_data, 7};' keys.h || fail "7 keys expected (no header, no obsolete entry)"
! grep -q Obsolete keys.h || fail "the obsolete entry is listed"
ok
# Two templates: a key in both is listed once.
"$ERLI18N" compile --keys -o keys2.h --namespace app_keys "$here/app.pot" "$here/app.pot"
cmp keys.h keys2.h || fail "a key listed twice"
ok

flags=(-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror $CXXFLAGS_EXTRA -I"$SOURCE_DIR/include" -I.)
for std in c++17 c++20; do
  c++ -std=$std "${flags[@]}" "$here/valid.cc" "$LIBRARY" -pthread -o valid
  ./valid > valid.out
  cat > valid.expected <<'OUT'
Hello
Open
Hellos
%d file
Größe
Hello, Ada!
3 files in /tmp
one file in /tmp
100% of disk at 12.5, %{1x} kept
OUT
  diff valid.expected valid.out || fail "valid.cc ($std) printed something else"
  ok
done

# extract knows the checked macros by default: the template it extracts from valid.cc holds
# every key valid.cc checks (with its context and plural), so the keys header made from it
# compiles valid.cc. xgettext keeps GNU's defaults: the macros are no keywords there.
"$ERLI18N" extract -o extracted.pot "$here/valid.cc"
for key in 'msgid "Hello"' 'msgctxt "menu"' 'msgid_plural "%d files"' 'msgid "Größe"' \
  'msgid "Hello, %{name}!"' 'msgid_plural "%{count} files in %{dir}"' 'msgctxt "status"'; do
  grep -qF -- "$key" extracted.pot || { cat extracted.pot; fail "extract: no '$key' from the macros"; }
done
mkdir -p extracted
"$ERLI18N" compile --keys -o extracted/keys.h --namespace app_keys extracted.pot
c++ -std=c++17 -Iextracted "${flags[@]}" -fsyntax-only "$here/valid.cc" || fail "valid.cc against the extracted keys"
"$ERLI18N" xgettext --force-po -o gnu.pot "$here/valid.cc"
! grep -qF 'msgid "Hello"' gnu.pot || fail "xgettext extracted the ERLI18N_ macros"
ok

# must_fail NAME MESSAGE CODE: CODE (a statement in main) must fail to compile with MESSAGE.
must_fail() {
  local name=$1 message=$2 code=$3
  printf '#include <string>\n#include "keys.h"\nint main() {\n  const std::string user = "Ada";\n  %s\n  (void)user;\n}\n' \
    "$code" > "$name.cc"
  if c++ -std=c++17 "${flags[@]}" -fsyntax-only "$name.cc" 2> "$name.err"; then fail "$name compiled: $code"; fi
  grep -qF -- "$message" "$name.err" || { cat "$name.err"; fail "$name: no '$message' in the diagnostic"; }
  ok
}
must_fail missing_msgid 'erli18n: msgid "Helo" is not in the templates' '(void)ERLI18N_GETTEXT("Helo");'
must_fail missing_in_plural 'erli18n: msgid "Helo" is not in the templates' '(void)ERLI18N_NGETTEXT("Helo", "Helos", 2);'
must_fail context_needed 'erli18n: msgid "Open" is not in the templates' '(void)ERLI18N_GETTEXT("Open");'
must_fail wrong_context 'erli18n: msgid "Open" in context "file" is not in the templates' \
  '(void)ERLI18N_PGETTEXT("file", "Open");'
must_fail plural_context 'erli18n: msgid "%d file" in context "menu" is not in the templates' \
  '(void)ERLI18N_NPGETTEXT("menu", "%d file", "%d files", 2);'
must_fail msgid_macro 'erli18n: msgid "Obsolete" is not in the templates' '(void)ERLI18N_MSGID("Obsolete");'
must_fail not_literal "'id' is not captured" \
  'const char* id = "Hello"; (void)ERLI18N_GETTEXT(id);'
must_fail missing_binding 'erli18n: a %{placeholder} of "Hello, %{name}!" has no binding among {"nme", user}' \
  '(void)ERLI18N_GETTEXTF("Hello, %{name}!", {"nme", user});'
must_fail unknown_binding 'erli18n: the bindings {"name", user}, {"extra", 1} must be {"name", value} pairs, each naming a different %{placeholder} of "Hello, %{name}!"' \
  '(void)ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user}, {"extra", 1});'
must_fail repeated_binding 'each naming a different %{placeholder}' \
  '(void)ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user}, {"name", user});'
must_fail variable_name 'must be {"name", value} pairs' \
  'std::string_view key = "name"; (void)ERLI18N_GETTEXTF("Hello, %{name}!", {key, user});'
must_fail plural_missing 'has no binding among {"count", 3}' \
  '(void)ERLI18N_NGETTEXTF("%{count} file in %{dir}", "%{count} files in %{dir}", 3, {"count", 3});'
must_fail context_format 'has no binding among {"what", 1}' \
  '(void)ERLI18N_PGETTEXTF("status", "100%% of %{what} at %{when}, %{1x} kept", {"what", 1});'
# A binding viewing a temporary string is refused, wherever the binding is kept (issue 24):
# the string dies at the end of the statement, before a named arg or array of them is read.
must_fail temporary_arg "use of deleted function 'erli18n::arg_value::arg_value(std::string&&)'" \
  'erli18n::arg a{"name", user + "!"}; (void)a;'
must_fail temporary_array "use of deleted function 'erli18n::arg_value::arg_value(std::string&&)'" \
  'erli18n::arg args[] = {{"name", user + "!"}}; (void)erli18n::format("%{name}", args);'
must_fail temporary_list "use of deleted function 'erli18n::arg_value::arg_value(std::string&&)'" \
  'erli18n::arg_list args = {{"name", user + "!"}}; (void)erli18n::format("%{name}", args);'
must_fail temporary_call "use of deleted function 'erli18n::arg_value::arg_value(std::string&&)'" \
  '(void)ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user + "!"});'
must_fail format_key 'erli18n: msgid "Hello, %{nam}!" is not in the templates' \
  '(void)ERLI18N_GETTEXTF("Hello, %{nam}!", {"nam", user});'

# Zero cost: the checked calls compile to the very instructions of the unchecked ones
# (the object code disassembled, with its relocations, compared byte for byte).
for mode in checked plain; do
  define=""
  [ $mode = checked ] && define=-DCHECKED
  c++ -std=c++17 -O2 $define "${flags[@]}" -c "$here/zero_cost.cc" -o $mode.o
  objdump -dr --no-show-raw-insn $mode.o | grep -v 'file format' > $mode.dis
done
for f in gettext pgettext ngettext format; do
  grep -q "R_[A-Z0-9_]*[[:space:]]*_ZN7erli18n[0-9]*${f}[EB]" plain.dis || fail "the plain build does not call $f"
done
diff plain.dis checked.dis > /dev/null || { diff plain.dis checked.dis | sed -n 1,40p; fail "checked calls cost something"; }
ok
echo "checked_test: $checks checks passed"
