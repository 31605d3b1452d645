#!/usr/bin/env bash
# A setuid-root program linked with liberli18n_intl, run by an unprivileged user, must not read
# catalogs the user names through LANGUAGE: in secure mode (AT_SECURE) an entry containing `/`,
# or `..` alone, selects no file, and the rest of the list still works (glibc 2.36's behaviour,
# docs/c-abi.md). Each PROBE (intl_setuid_probe, shared and static) is copied into a fresh folder
# under /tmp, made setuid root and run as uid/gid 65534 with setpriv; the same copy run as root
# (no secure mode) reads the planted catalog, as glibc does, which proves the plant is reachable.
# Needs root (CI runs as root); otherwise it exits 77, which ctest reports as skipped.
# Usage: intl_setuid.sh PROBE...
set -euo pipefail
fail() {
  echo "intl_setuid: $*" >&2
  exit 1
}
if [[ $(id -u) != 0 ]]; then
  echo "intl_setuid: SKIPPED: needs root to make a setuid-root copy of the probe (CI runs as root)" >&2
  exit 77
fi
command -v setpriv > /dev/null || fail "setpriv (util-linux) is missing"
command -v msgfmt > /dev/null || fail "msgfmt (gettext) is missing"

tmp=$(mktemp -d /tmp/erli18n-setuid.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
if findmnt -n -o OPTIONS -T "$tmp" | tr , '\n' | grep -qx nosuid; then
  fail "$tmp is on a nosuid mount: the setuid bit would be ignored and nothing tested"
fi

catalog() {  # catalog DIR TEXT [po]: DIR/LC_MESSAGES/app.mo (or .po) translating "hello" as TEXT
  mkdir -p "$1/LC_MESSAGES"
  printf '%s\n' 'msgid ""' 'msgstr ""' '"Content-Type: text/plain; charset=UTF-8\n"' '' \
    'msgid "hello"' "msgstr \"$2\"" > "$1/LC_MESSAGES/app.po"
  if [[ ${3:-} != po ]]; then
    msgfmt -o "$1/LC_MESSAGES/app.mo" "$1/LC_MESSAGES/app.po"
    rm "$1/LC_MESSAGES/app.po"
  fi
}
# The program's own catalogs. The German one is a .po only: glibc cannot read it, so its
# answer proves that erli18n, not libc's gettext, answered.
catalog "$tmp/locale/de" "Hallo" po
catalog "$tmp/locale/fr" "Bonjour"
# The attacker's: a catalog outside the bound folder, and one in the folder just above it
# (which `LANGUAGE=..` would name: DIR/../LC_MESSAGES/app.mo).
catalog "$tmp/evil" "EVIL"
catalog "$tmp" "EVIL PARENT"
# A broken catalog: ERLI18N_DEBUG would show its error, except in secure mode.
mkdir -p "$tmp/locale/es/LC_MESSAGES"
printf '%s\n' 'msgid "hello"' 'msgstr "Hola' > "$tmp/locale/es/LC_MESSAGES/app.po"
chmod -R a+rX "$tmp"
# From DIR=$tmp/locale, enough `..` to reach / and come back down to the plant.
evil=../../../../../../../../../..$tmp/evil

run() {  # run WHO PROBE LANGUAGE: the probe's answers, "secure=N" first
  local who=$1 probe=$2 language=$3
  local -a as=()
  [[ $who == user ]] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  env -i LANG=C.UTF-8 LANGUAGE="$language" "${as[@]}" "$probe" app "$tmp/locale" hello | paste -sd' '
}
expect() {  # expect WHO PROBE LANGUAGE WANT
  local got
  got=$(run "$1" "$2" "$3") || fail "$(basename "$2") as $1, LANGUAGE=$3: the probe failed"
  [[ $got == "$4" ]] || fail "$(basename "$2") as $1, LANGUAGE=$3: got '$got', want '$4'"
}

mkdir "$tmp/bin"
for probe in "$@"; do
  copy=$tmp/bin/$(basename "$probe")
  cp "$probe" "$copy"
  chown root:root "$copy"
  chmod 4755 "$copy"
  # An unprivileged user running the setuid copy: secure mode.
  expect user "$copy" de "secure=1 Hallo"
  expect user "$copy" "$evil" "secure=1 hello"
  expect user "$copy" "$evil:de" "secure=1 Hallo"
  expect user "$copy" "fr:$evil:de" "secure=1 Bonjour"
  expect user "$copy" "xx:$evil:de" "secure=1 Hallo"
  expect user "$copy" "$tmp/evil:de" "secure=1 Hallo"
  expect user "$copy" "..:de" "secure=1 Hallo"
  expect user "$copy" "de/../../evil:de" "secure=1 Hallo"
  # The same file run by root is not in secure mode: LANGUAGE is taken as given, as glibc does.
  expect root "$copy" "$evil:de" "secure=0 EVIL"
  expect root "$copy" "..:de" "secure=0 EVIL PARENT"
  # ERLI18N_DEBUG: ignored in secure mode; the same copy run by root writes the diagnostic.
  for who in user root; do
    as=()
    [[ $who == user ]] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    env -i LANG=C.UTF-8 LANGUAGE=es ERLI18N_DEBUG=1 "${as[@]}" "$copy" app "$tmp/locale" hello \
      > /dev/null 2> "$tmp/err" || fail "$(basename "$copy") as $who with ERLI18N_DEBUG: the probe failed"
    if [[ $who == user ]]; then
      [[ ! -s $tmp/err ]] || fail "$(basename "$copy"): ERLI18N_DEBUG honoured in secure mode: $(cat "$tmp/err")"
    else
      grep -q "^$tmp/locale/es/LC_MESSAGES/app.po:2:[0-9]*: error: " "$tmp/err" ||
        fail "$(basename "$copy") as root with ERLI18N_DEBUG: stderr '$(cat "$tmp/err")'"
    fi
  done
  echo "intl_setuid: $(basename "$probe"): planted catalogs refused in secure mode, bound ones read: ok"
done
