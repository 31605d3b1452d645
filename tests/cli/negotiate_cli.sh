#!/usr/bin/env bash
# `erli18n negotiate`: prints the chosen locale (as spelled in --available) or the default,
# which is the first available locale unless --default says otherwise; a missing or malformed
# --available or --default is a usage error (exit 2) with a diagnostic naming the option.
. "$(dirname "$0")/lib.sh" || exit 1

# expect OUTPUT ARGS...: the command succeeds and prints exactly OUTPUT and a newline.
expect() {
  local want=$1
  shift
  local got
  got=$("$ERLI18N" negotiate "$@") || fail "negotiate $*: exit $?"
  [ "$got" = "$want" ] || fail "negotiate $*: printed '$got', expected '$want'"
  "$ERLI18N" negotiate "$@" | od -c | grep -q '\\n' || fail "negotiate $*: no newline"
  ok
}

# The issue's example: nothing serves fr_CH or fr, de is preferred to en.
expect de --available en,pt,de 'fr-CH, de;q=0.9, en;q=0.5'
# Prefix fallback, script subtags, the caller's spelling kept.
expect pt-BR --available en,pt-BR 'pt-br-x-foo;q=0.8, en;q=0.1'
expect pt --available en,pt 'pt-BR'
# Best-fit matching (the issue's examples), and RFC 4647 lookup with --lookup.
expect zh_CN --available en,zh_CN zh
expect zh_Hant --available en,zh_Hant zh-TW
expect zh_TW --available en,zh_TW zh-Hant-TW
expect pt_BR --available en,pt_BR pt
expect nb --available en,nb no
expect es_419 --available en,es_419 es-MX
expect pt_PT --available en,pt_PT,pt_BR pt-AO
expect zh_TW --available en,zh_CN,zh_TW zh-HK
expect en --available en,ca es
expect en --available en,pt_BR --lookup pt
expect en --available en,zh_Hant --lookup zh-TW
expect zh_Hant --available en,zh_Hant --lookup zh-Hant-TW
expect zh_Hant --available en,zh_Hans,zh_Hant 'zh-Hant-TW'
# --available may be repeated.
expect de --available en --available de 'de-AT'
# No match: the first available locale, or --default (which need not be available).
expect en --available en,de 'fr, it;q=0.5'
expect fr --available en,de --default fr 'it'
expect en --available en,de ''
# `*` and q=0 select nothing; malformed elements are skipped.
expect de --available en,de --default de '*'
expect en --available en,de 'de;q=0, #bad!, en;q=0.1'

# usage_error PATTERN ARGS...: exit 2, nothing on stdout, a diagnostic matching PATTERN.
usage_error() {
  local pattern=$1
  shift
  set +e
  "$ERLI18N" negotiate "$@" > out.txt 2> err.txt
  local rc=$?
  set -e
  [ "$rc" -eq 2 ] || fail "negotiate $*: exit $rc, expected 2"
  [ ! -s out.txt ] || fail "negotiate $*: printed $(cat out.txt)"
  grep -q -- "$pattern" err.txt || fail "negotiate $*: diagnostic $(cat err.txt)"
  ok
}

usage_error '--available is required' 'en'
usage_error "^erli18n: error: --available: invalid locale name 'en/US': invalid character" --available de,en/US 'en'
usage_error "^erli18n: error: --available: invalid locale name '': empty locale name" --available '' 'en'
usage_error "^erli18n: error: --default: invalid locale name '../x': " --available en --default ../x 'en'
usage_error "^erli18n: error: --default: invalid locale name '': empty locale name" --available en --default '' 'en'
usage_error 'header is required' --available en

passed negotiate_cli
