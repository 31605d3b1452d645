#!/usr/bin/env bash
# ERLI18N_DEBUG=1 makes liberli18n_intl.so (here under LD_PRELOAD of PROBE, intl_probe) say on
# standard error why a lookup answers in English: a catalog that fails to load gives its
# `file:line:col: error:`, a .po shadowed by the .mo beside it a warning naming both. Without
# the variable (or with ERLI18N_DEBUG=0) the library writes nothing, as glibc. A broken file is
# diagnosed once, however many lookups try it. (Setuid programs ignore the variable:
# intl_setuid.sh.)
# Usage: intl_debug.sh PROBE LIB   (env: TEST_TMP)
set -euo pipefail
probe=$1 lib=$2
rm -rf "$TEST_TMP"
dir=$TEST_TMP/locale
mkdir -p "$dir/de/LC_MESSAGES" "$dir/fr/LC_MESSAGES"
preload=$lib
runtimes=$(ldd "$lib" | awk '/lib(asan|ubsan)\.so|libclang_rt\.(asan|ubsan)/ {print $3}' | paste -sd:)
if [[ -n $runtimes ]]; then preload=$runtimes:$lib; fi
fail() {
  echo "intl_debug: $*" >&2
  exit 1
}
header='msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
# de: line 6 opens a string it never closes.
printf "$header"'msgid "hello"\nmsgstr "Hallo\n' > "$dir/de/LC_MESSAGES/probe.po"
# fr: a .mo, and a newer .po beside it that nothing reads.
printf "$header"'msgid "hello"\nmsgstr "Bonjour"\n' > "$TEST_TMP/fr.po"
msgfmt -o "$dir/fr/LC_MESSAGES/probe.mo" "$TEST_TMP/fr.po"
printf "$header"'msgid "hello"\nmsgstr "Salut"\n' > "$dir/fr/LC_MESSAGES/probe.po"

run() {  # run LANGUAGE [VAR=VALUE]: answers to "hello" twice in $out, stderr in $err
  out=$(printf 'hello\nhello\n' | env -i LANG=C.UTF-8 LANGUAGE="$1" ${2:+"$2"} LD_PRELOAD="$preload" \
    "$probe" probe "$dir" 2> "$TEST_TMP/err" | paste -sd' ')
  err=$(cat "$TEST_TMP/err")
}

run de
[[ $out == "hello hello" ]] || fail "broken de: got '$out'"
[[ -z $err ]] || fail "without ERLI18N_DEBUG, stderr: $err"
run de ERLI18N_DEBUG=0
[[ -z $err ]] || fail "ERLI18N_DEBUG=0, stderr: $err"
run de ERLI18N_DEBUG=1
[[ $out == "hello hello" ]] || fail "broken de with ERLI18N_DEBUG: got '$out'"
[[ $err =~ ^"$dir/de/LC_MESSAGES/probe.po:6:"[0-9]+": error: "[^$'\n']+$ ]] ||
  fail "ERLI18N_DEBUG=1, broken .po: stderr '$err'"

run fr
[[ $out == "Bonjour Bonjour" && -z $err ]] || fail "fr without ERLI18N_DEBUG: '$out', stderr '$err'"
run fr ERLI18N_DEBUG=1
[[ $out == "Bonjour Bonjour" ]] || fail "fr with ERLI18N_DEBUG: got '$out'"
[[ $err == "$dir/fr/LC_MESSAGES/probe.po: warning: not read: $dir/fr/LC_MESSAGES/probe.mo beside it is the catalog loaded" ]] ||
  fail "ERLI18N_DEBUG=1, .po beside .mo: stderr '$err'"
echo "intl_debug: load failures and shadowed .po on stderr with ERLI18N_DEBUG=1, silence without: ok"
