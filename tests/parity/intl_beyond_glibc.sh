#!/usr/bin/env bash
# What liberli18n_intl.so does beyond glibc, through PROBE (intl_probe) under LD_PRELOAD:
# a .po is read where no .mo is; a catalog renamed over on disk is read again once a second
# has passed, while text returned before stays readable; glibc, for contrast, reads no .po.
# Usage: intl_beyond_glibc.sh PROBE LIB   (env: TEST_TMP)
set -euo pipefail
probe=$1 lib=$2
rm -rf "$TEST_TMP"
dir=$TEST_TMP/locale
mkdir -p "$dir/de/LC_MESSAGES"
preload=$lib
runtimes=$(ldd "$lib" | awk '/lib(asan|ubsan)\.so|libclang_rt\.(asan|ubsan)/ {print $3}' | paste -sd:)
if [[ -n $runtimes ]]; then preload=$runtimes:$lib; fi

catalog() {  # catalog VERSION: a PO translating "hello" as "Hallo VERSION"
  printf '%s\n' 'msgid ""' 'msgstr ""' '"Content-Type: text/plain; charset=UTF-8\n"' '' \
    'msgid "hello"' "msgstr \"Hallo $1\""
}
fail() {
  echo "intl_beyond_glibc: $*" >&2
  exit 1
}
ask() {  # ask MSGID: one question to the running probe, its answer in $answer
  echo "$1" >&"${PROBE[1]}"
  IFS= read -r -t 10 answer <&"${PROBE[0]}" || fail "no answer to $1"
}

catalog v1 > "$dir/de/LC_MESSAGES/probe.po"
glibc=$(echo hello | env -i LANG=C.UTF-8 LANGUAGE=de "$probe" probe "$dir")
[[ $glibc == hello ]] || fail "glibc read the .po?? ($glibc)"

coproc PROBE { env -i LANG=C.UTF-8 LANGUAGE=de LD_PRELOAD="$preload" "$probe" probe "$dir"; }
probe_pid=$PROBE_PID  # bash unsets PROBE_PID as soon as the coprocess exits
ask hello
[[ $answer == "Hallo v1" ]] || fail ".po beside no .mo: got '$answer', want 'Hallo v1'"

# A .mo appears (renamed in, as catalogs must be replaced): read once a second has passed.
catalog v2 > "$TEST_TMP/v2.po"
msgfmt -o "$dir/de/LC_MESSAGES/probe.mo.new" "$TEST_TMP/v2.po"
mv "$dir/de/LC_MESSAGES/probe.mo.new" "$dir/de/LC_MESSAGES/probe.mo"
sleep 1.2
ask hello
[[ $answer == "Hallo v2" ]] || fail "new .mo: got '$answer', want 'Hallo v2'"

# The .mo replaced by another.
catalog v3 > "$TEST_TMP/v3.po"
msgfmt -o "$dir/de/LC_MESSAGES/probe.mo.new" "$TEST_TMP/v3.po"
mv "$dir/de/LC_MESSAGES/probe.mo.new" "$dir/de/LC_MESSAGES/probe.mo"
sleep 1.2
ask hello
[[ $answer == "Hallo v3" ]] || fail "replaced .mo: got '$answer', want 'Hallo v3'"
ask first
[[ $answer == "Hallo v1" ]] || fail "text returned before the reloads: got '$answer', want 'Hallo v1'"
ask missing-msgid
[[ $answer == missing-msgid ]] || fail "a miss: got '$answer'"
exec {PROBE[1]}>&-
wait "$probe_pid" || fail "probe exited with $?"
echo "intl_beyond_glibc: .po fallback, two reloads, old text kept: ok"
