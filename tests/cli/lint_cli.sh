#!/usr/bin/env bash
# `erli18n lint`: plural rules compared with CLDR's (warning), a Plural-Forms that does not
# compile (error), the header's Language (warning); `file:line:col: severity: ... [check]` on
# stderr, JSON on stdout with --format json, exit 1 on errors or with --werror on warnings.
set -euo pipefail
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP"
cd "$TEST_TMP"
checks=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); }

# catalog FILE LANGUAGE PLURAL_FORMS: a small catalog (an empty field is left out).
catalog() {
  mkdir -p "$(dirname "$1")"
  {
    printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    [ -n "$2" ] && printf '"Language: %s\\n"\n' "$2"
    [ -n "$3" ] && printf '"Plural-Forms: %s\\n"\n' "$3"
    printf '\nmsgid "%%d file"\nmsgid_plural "%%d files"\nmsgstr[0] "a"\nmsgstr[1] "b"\n'
  } > "$1"
}

# run EXPECTED_STATUS ARGS...: runs lint, keeps stderr in err.txt and stdout in out.txt.
run() {
  local want=$1 status=0
  shift
  "$ERLI18N" lint "$@" > out.txt 2> err.txt || status=$?
  [ "$status" = "$want" ] || { cat err.txt >&2; fail "lint $*: exit $status, expected $want"; }
  ok
}

# A rule that agrees with CLDR (German), written differently: nothing to say.
catalog de.po de 'nplurals=2; plural=(n != 1);'
run 0 de.po
[ ! -s err.txt ] || fail "de.po: unexpected diagnostics: $(cat err.txt)"

# French with gettext's two forms: CLDR 41 has one/many/other. A warning at the field's
# position (line 5, column 2: the P of Plural-Forms), exit 0, exit 1 with --werror.
catalog fr.po fr 'nplurals=2; plural=(n > 1);'
run 0 fr.po
grep -q '^fr.po:5:2: warning: Plural-Forms differs from CLDR 41.s rule for .fr., .nplurals=3;.*. (forms one many other): for n = 2 the catalog uses form 1, CLDR form 2; the catalog.s rule is the one used \[plural-cldr\]$' err.txt ||
  fail "fr.po: $(cat err.txt)"
ok
run 1 --werror fr.po

# The locale comes from the path when the header has no Language.
catalog locale/ja/LC_MESSAGES/app.po '' 'nplurals=2; plural=(n != 1);'
run 0 locale/ja/LC_MESSAGES/app.po
grep -q "warning: .*rule for 'ja'.*for n = 0 the catalog uses form 1, CLDR form 0" err.txt || fail "ja: $(cat err.txt)"
ok
catalog ru.po '' 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'
run 0 ru.po
[ ! -s err.txt ] || fail "ru.po: $(cat err.txt)"

# A Plural-Forms that does not compile is an error.
catalog bad.po de 'nplurals=2; plural=(n !=;'
run 1 bad.po
grep -q '^bad.po:5:2: error: Plural-Forms does not compile (.*); glibc would use n != 1 \[plural-forms\]$' err.txt ||
  fail "bad.po: $(cat err.txt)"
ok

# Language: not canonical, or not a locale at all.
catalog pt.po pt-BR 'nplurals=2; plural=(n > 1);'
run 0 pt.po
grep -q "^pt.po:4:2: warning: Language 'pt-BR' is not in canonical form; write 'pt_BR' \[language\]$" err.txt ||
  fail "pt.po: $(cat err.txt)"
ok
catalog junk.po 'not a locale' ''
run 0 junk.po
grep -q "^junk.po:4:2: warning: Language 'not a locale' is not a locale name: .* \[language\]$" err.txt ||
  fail "junk.po: $(cat err.txt)"
ok

# Unreadable and malformed files are errors; the other files are still checked.
printf 'msgid "x\n' > broken.po
run 1 missing.po broken.po fr.po
grep -q '^missing.po: error: cannot open the file \[read\]$' err.txt || fail "missing: $(cat err.txt)"
grep -q '^broken.po:1:[0-9]*: error: .* \[syntax\]$' err.txt || fail "broken: $(cat err.txt)"
grep -q '^fr.po:5:2: warning:' err.txt || fail "fr.po not checked after errors: $(cat err.txt)"
ok

# JSON: one object per diagnostic, on stdout.
run 1 --format json fr.po bad.po
python3 - <<'PY' || fail "json: $(cat out.txt)"
import json
d = json.load(open("out.txt"))
assert [(x["file"], x["line"], x["column"], x["severity"], x["check"]) for x in d] == [
    ("fr.po", 5, 2, "warning", "plural-cldr"), ("bad.po", 5, 2, "error", "plural-forms")], d
assert "for n = 2" in d[0]["message"], d
PY
ok

# Usage errors exit 2.
run 2
run 2 --format xml fr.po

echo "lint_cli: $checks checks passed"
