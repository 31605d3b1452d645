#!/usr/bin/env bash
# `erli18n lookup`: answers JSON-line requests from a .po and from the .mo msgfmt compiles
# of it, identically; defaults for --domain/--locale; malformed requests are reported with
# their line and answered with null; a catalog that does not load is exit 1; a .po beside its
# .mo is answered from, with a warning naming both.
. "$(dirname "$0")/lib.sh" || exit 1
need_env TEST_DATA
po="$TEST_DATA/mo/po/basic.po"

cat > requests.jsonl <<'JSON'
{"msgid": "b"}
{"msgid": "a", "context": "ctx"}
{"msgid": "a"}
{"msgid": "one", "plural": "many", "n": 1}
{"msgid": "one", "plural": "many", "n": 0}
{"msgid": "one", "plural": "many", "n": 18446744073709551615}
{"msgid": "fz"}
{"msgid": "untr"}
{"msgid": "missing", "plural": "missings", "n": 2}
{"msgid": "a", "context": "other", "plural": "as", "n": 1}
{"msgid": "quote \" and \\ and \u00e9"}
JSON
cat > expected.txt <<'TXT'
"B"
"A"
"a"
"un"
"des"
"des"
"fz"
"untr"
"missings"
"a"
"quote \" and \\ and é"
TXT
mkdir -p root/fr/LC_MESSAGES
msgfmt "$po" -o root/fr/LC_MESSAGES/basic.mo
cp "$po" root/fr/LC_MESSAGES/basic.po
# The .po and .mo side by side: each answers from the file named, with a warning that a
# program reading the folder loads the .mo.
for file in root/fr/LC_MESSAGES/basic.mo root/fr/LC_MESSAGES/basic.po; do
  "$ERLI18N" lookup "$file" < requests.jsonl > got.txt 2> err.txt || fail "$file: exit $?"
  diff -u expected.txt got.txt || fail "$file: answers differ"
  [ "$(cat err.txt)" = "root/fr/LC_MESSAGES/basic.po: warning: root/fr/LC_MESSAGES/basic.mo is beside it: a program reading this folder loads the .mo, and edits to the .po change nothing until it is compiled again" ] ||
    fail "$file: warning: $(cat err.txt)"
  ok
done

# Explicit names, and --use-fuzzy for a .po.
printf '{"msgid": "fz"}\n' | "$ERLI18N" lookup --domain d --locale fr-FR --use-fuzzy "$po" > fuzzy.txt
[ "$(cat fuzzy.txt)" = '"FZ"' ] || fail "--use-fuzzy: $(cat fuzzy.txt)"
ok

# Malformed requests: reported with their line, answered with null, the rest answered.
printf '{"msgid": "b"}\n{"msgid": 3}\nnot json\n{"msgid": "b", "n": 2}\n{"msgid": "b", "extra": 1}\n{"msgid": "b"}\n' \
  > bad.jsonl
set +e
"$ERLI18N" lookup "$po" < bad.jsonl > bad_out.txt 2> bad_err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "malformed requests: exit $rc, expected 1"
[ "$(tr '\n' ' ' < bad_out.txt)" = '"B" null null null null "B" ' ] || fail "malformed answers: $(cat bad_out.txt)"
grep -q '^<stdin>:2:1: error: "msgid" must be a string$' bad_err.txt || fail "line 2 diagnostic: $(cat bad_err.txt)"
grep -q '^<stdin>:3:[0-9]*: error: invalid JSON' bad_err.txt || fail "line 3 diagnostic"
grep -q '^<stdin>:4:1: error: "plural" and "n" must be given together$' bad_err.txt || fail "line 4 diagnostic"
grep -q '^<stdin>:5:1: error: unknown field "extra"$' bad_err.txt || fail "line 5 diagnostic"
ok

# A number too large for a double (found by fuzz_lookup_request: it used to abort the
# command): a diagnostic at its line, null, and the next request still answered.
printf '{"msgid": "b", "plural": "bs", "n": 1e400}\n{"msgid": "b"}\n' > overflow.jsonl
set +e
"$ERLI18N" lookup "$po" < overflow.jsonl > overflow_out.txt 2> overflow_err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "number overflow: exit $rc, expected 1"
[ "$(tr '\n' ' ' < overflow_out.txt)" = 'null "B" ' ] || fail "number overflow answers: $(cat overflow_out.txt)"
grep -q '^<stdin>:1:1: error: invalid JSON: number overflow' overflow_err.txt ||
  fail "number overflow diagnostic: $(cat overflow_err.txt)"
ok

# A catalog that does not load: its diagnostic, exit 1, nothing answered.
printf 'msgid "x"\nmsgstr "y\n' > broken.po
set +e
echo '{"msgid": "x"}' | "$ERLI18N" lookup broken.po > none.txt 2> broken_err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "broken catalog: exit $rc"
grep -q '^broken.po:2:[0-9]*: error: ' broken_err.txt || fail "broken catalog diagnostic: $(cat broken_err.txt)"
[ ! -s none.txt ] || fail "broken catalog answered"
ok

# A catalog read from a pipe is read whole: every message answers (the check for the MO
# magic used to eat the pipe's first bytes, and then the msgid came back).
for file in "$po" root/fr/LC_MESSAGES/basic.mo; do
  "$ERLI18N" lookup --domain basic --locale fr <(cat "$file") < requests.jsonl > piped.txt || fail "piped $file: exit $?"
  diff -u expected.txt piped.txt || fail "piped $file: answers differ"
  ok
done

# Usage error: no catalog argument.
set +e
"$ERLI18N" lookup < /dev/null 2> /dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "no argument: exit $rc, expected 2"
ok

passed lookup_cli
