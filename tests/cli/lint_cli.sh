#!/usr/bin/env bash
# `erli18n lint`: plural rules compared with CLDR's (warning), a Plural-Forms that does not
# compile (error), the header's Language (error or warning), c-format agreement, %{name}
# placeholders, newlines, header fields, --check-duplicates, --use-fuzzy;
# `file:line:col: severity: ... [check]` on stderr, JSON on stdout with --format json, exit 1
# on errors or with --werror on warnings. (Parity with msgfmt --check: tests/parity/lint_msgfmt.sh.)
. "$(dirname "$0")/lib.sh" || exit 1

# catalog FILE LANGUAGE PLURAL_FORMS: a small catalog (an empty field is left out).
catalog() {
  mkdir -p "$(dirname "$1")"
  {
    printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    [ -n "$2" ] && printf '"Language: %s\\n"\n' "$2"
    [ -n "$3" ] && printf '"Plural-Forms: %s\\n"\n' "$3"
    # The other fields msgfmt --check expects, so that only the tested defect is reported.
    printf '"%s\\n"\n' "Project-Id-Version: demo 1" "PO-Revision-Date: 2026-01-01 00:00+0000" \
      "Last-Translator: T <t@example.org>" "Language-Team: L <l@example.org>" "MIME-Version: 1.0" \
      "Content-Transfer-Encoding: 8bit"
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
printf 'msgstr[2] "c"\n' >> ru.po  # Russian has three forms
run 0 ru.po
[ "$(cat err.txt)" = "ru.po:2:1: warning: the header has no Language field [header]" ] || fail "ru.po: $(cat err.txt)"
ok

# A Plural-Forms that does not compile is an error.
catalog bad.po de 'nplurals=2; plural=(n !=;'
run 1 bad.po
grep -q '^bad.po:5:2: error: Plural-Forms does not compile (.*); glibc would use n != 1 \[plural-forms\]$' err.txt ||
  fail "bad.po: $(cat err.txt)"
ok

# A rule glibc reads but deeper than erli18n's limits: the catalog would not load, say so.
deep=$(printf '(%.0s' $(seq 200))n$(printf ')%.0s' $(seq 200))
catalog deep.po de "nplurals=2; plural=$deep != 1;"
run 1 deep.po
grep -q "^deep.po:5:2: error: Plural-Forms is over erli18n's limits (.*); the catalog will not load \[plural-forms\]$" err.txt ||
  fail "deep.po: $(cat err.txt)"
ok

# Language: not canonical, or not a locale at all.
catalog pt.po pt-BR 'nplurals=2; plural=(n > 1);'
run 0 pt.po
grep -q "^pt.po:4:2: warning: Language 'pt-BR' is not in canonical form; write 'pt_BR' \[language\]$" err.txt ||
  fail "pt.po: $(cat err.txt)"
ok
catalog junk.po 'not a locale' ''
run 1 junk.po
grep -q "^junk.po:4:2: error: Language 'not a locale' is not a locale name: .* \[language\]$" err.txt ||
  fail "junk.po: $(cat err.txt)"
ok

# Unreadable and malformed files are errors; the other files are still checked.
printf 'msgid "x\n' > broken.po
run 1 missing.po broken.po fr.po
grep -q '^missing.po: error: cannot open: no such file or directory \[read\]$' err.txt || fail "missing: $(cat err.txt)"
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

# entry FILE ARGS...: appends an entry made of the lines ARGS (printf %s\n each).
entry() {
  local f=$1
  shift
  { printf '\n'; printf '%s\n' "$@"; } >> "$f"
}

# c-format: the arguments of each msgstr against the msgid's; an error at the msgstr.
catalog cf.po de 'nplurals=2; plural=(n != 1);'
entry cf.po '#, c-format' 'msgid "%s has %ld bytes"' 'msgstr "%s hat %d Bytes"'
entry cf.po '#, c-format' 'msgid "%d of %s"' 'msgstr "%2$s: %1$d"'
entry cf.po '#, c-format' 'msgid "Page %d"' 'msgstr "Seite"'
entry cf.po 'msgid "Not flagged %d"' 'msgstr "Nicht markiert %s"'
run 1 cf.po
[ "$(cat err.txt)" = "cf.po:20:1: error: argument 2 is long in the msgid but int in the msgstr [c-format]
cf.po:28:1: error: the msgid reads 1 argument, the msgstr 0 [c-format]" ] || fail "cf.po: $(cat err.txt)"
ok

# %{name} placeholders: missing and extra names, at the msgstr.
catalog ph.po de 'nplurals=2; plural=(n != 1);'
entry ph.po 'msgid "Hello %{name}, %{count} new"' 'msgstr "Hallo %{nom}, %{count} neu"'
run 1 ph.po
[ "$(cat err.txt)" = "ph.po:19:1: error: the msgstr lacks %{name} of the msgid [placeholders]
ph.po:19:1: error: the msgstr has %{nom}, which the msgid does not have [placeholders]" ] ||
  fail "ph.po: $(cat err.txt)"
ok

# Newlines, and fuzzy entries checked only with --use-fuzzy.
catalog nl.po de 'nplurals=2; plural=(n != 1);'
entry nl.po '#, fuzzy' 'msgid "Done\n"' 'msgstr "Fertig"'
run 0 nl.po
[ ! -s err.txt ] || fail "nl.po: $(cat err.txt)"
run 1 --use-fuzzy nl.po
[ "$(cat err.txt)" = 'nl.po:20:1: error: the msgid does end with \n, the msgstr does not [newlines]' ] ||
  fail "nl.po --use-fuzzy: $(cat err.txt)"
ok

# Duplicate translations: only with --check-duplicates, a warning naming both entries.
catalog dup.po de 'nplurals=2; plural=(n != 1);'
entry dup.po 'msgid "Open"' 'msgstr "Offen"'
entry dup.po 'msgid "Close"' 'msgstr "Offen"'
run 0 dup.po
[ ! -s err.txt ] || fail "dup.po: $(cat err.txt)"
run 0 --check-duplicates dup.po
[ "$(cat err.txt)" = "dup.po:22:1: warning: the translation 'Offen' of 'Close' is also the translation of 'Open' at line 19 [duplicates]" ] ||
  fail "dup.po --check-duplicates: $(cat err.txt)"
ok
run 1 --check-duplicates --werror dup.po

# Plural counts against nplurals: an error at the header's Plural-Forms.
catalog three.po de 'nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);'
run 1 three.po
grep -q '^three.po:5:2: error: nplurals is 3, but the entry at line 15 has 2 plural forms \[plural-forms\]$' err.txt ||
  fail "three.po: $(cat err.txt)"
ok

# Header fields still at the POT template's values, and a catalog without header.
printf 'msgid ""\nmsgstr ""\n"Project-Id-Version: PACKAGE VERSION\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "b"\n' > tpl.po
run 0 tpl.po
grep -q "^tpl.po:3:2: warning: Project-Id-Version still holds the template's value 'PACKAGE VERSION' \[header\]$" err.txt ||
  fail "tpl.po: $(cat err.txt)"
[ "$(grep -c 'warning: the header has no .* field \[header\]$' err.txt)" = 6 ] || fail "tpl.po: $(cat err.txt)"
ok
printf 'msgid "a"\nmsgstr "b"\n' > nohdr.po
run 1 nohdr.po
[ "$(cat err.txt)" = 'nohdr.po: error: the catalog has no header entry (msgid "") [header]' ] || fail "nohdr.po: $(cat err.txt)"
ok

# JSON carries the new checks' ids.
run 1 --format json cf.po ph.po
python3 - <<'PY' || fail "json: $(cat out.txt)"
import json
d = json.load(open("out.txt"))
assert [(x["file"], x["line"], x["column"], x["severity"], x["check"]) for x in d] == [
    ("cf.po", 20, 1, "error", "c-format"), ("cf.po", 28, 1, "error", "c-format"),
    ("ph.po", 19, 1, "error", "placeholders"), ("ph.po", 19, 1, "error", "placeholders")], d
PY
ok

# Usage errors exit 2.
run 2
run 2 --format xml fr.po

passed lint_cli
