#!/usr/bin/env bash
# `erli18n normalize`: output destinations, options, diagnostics and exit codes
# (0 ok, 1 input error, 2 usage error).
. "$(dirname "$0")/lib.sh" || exit 1
# Every failed check is reported, not only the first: ok and fail count.
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# run EXPECTED_RC CMD...: runs CMD, stdout to out, stderr to err, checks the exit status.
run() {
  local expected=$1; shift
  set +e; "$@" > out 2> err; local rc=$?; set -e
  if [ "$rc" -eq "$expected" ]; then ok; else fail "$* exited $rc, expected $expected"; cat err; fi
}

long="The quick brown fox jumps over the lazy dog and keeps running far away into the distance"
cat > in.po <<PO
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

#: b.c:2 a.c:1
#, c-format, fuzzy
msgid "$long"
msgstr "line one\nline two"
PO

# Default: standard output, 79 columns, same as msgcat.
run 0 "$ERLI18N" normalize in.po
msgcat in.po > expected
cmp -s out expected && ok || fail "default output differs from msgcat"
grep -q '^#, fuzzy, c-format$' out && ok || fail "flags not canonicalised"
[ ! -s err ] && ok || fail "unexpected diagnostics: $(cat err)"

# -o writes the file and nothing to standard output; a second run overwrites it.
run 0 "$ERLI18N" normalize in.po -o written.po
cmp -s written.po expected && ok || fail "-o file differs from msgcat"
[ ! -s out ] && ok || fail "-o also wrote to standard output"
run 0 "$ERLI18N" normalize in.po --output written.po
cmp -s written.po expected && ok || fail "--output did not overwrite"

# --width=N and --no-wrap.
for width in 30 60 120; do
  run 0 "$ERLI18N" normalize --width=$width in.po
  msgcat --width=$width in.po > expected
  cmp -s out expected && ok || fail "--width=$width differs from msgcat"
done
run 0 "$ERLI18N" normalize -w 40 in.po
msgcat -w 40 in.po > expected
cmp -s out expected && ok || fail "-w 40 differs from msgcat"
run 0 "$ERLI18N" normalize --no-wrap in.po
msgcat --no-wrap in.po > expected
cmp -s out expected && ok || fail "--no-wrap differs from msgcat"
grep -qF "msgid \"$long\"" out && ok || fail "--no-wrap still wrapped the msgid"

# Input errors exit 1 with a diagnostic.
run 1 "$ERLI18N" normalize does-not-exist.po
grep -q 'does-not-exist.po' err && ok || fail "missing file not named: $(cat err)"
[ ! -s out ] && ok || fail "output written for a missing file"

printf 'msgid "a"\nmsgstr "b"\n\nmsgid "c"\nmsgstr "d" garbage\n' > syntax.po
run 1 "$ERLI18N" normalize syntax.po
grep -qE '^syntax\.po:5:[0-9]+: error: [a-z]' err && ok || fail "syntax error not FILE:LINE:COL: error: ...: $(cat err)"

printf 'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n' > dup.po
run 1 "$ERLI18N" normalize dup.po
grep -qE '^dup\.po:4:1: error: duplicate message definition' err && ok || fail "duplicate not reported: $(cat err)"

printf 'msgid "a"\nmsgstr "b"\n\n#~ msgid "a"\n#~ msgstr "c"\n' > dup_obsolete.po
run 1 "$ERLI18N" normalize dup_obsolete.po
grep -qE '^dup_obsolete\.po:4:[0-9]+: error: duplicate message definition' err && ok || fail "obsolete duplicate not reported: $(cat err)"

printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=CHARSET\\n"\n\nmsgid "a"\nmsgstr ""\n' > template.po
run 1 "$ERLI18N" normalize template.po
grep -q 'error: present charset "CHARSET" is not a portable encoding name' err && ok || fail "template charset accepted: $(cat err)"

run 1 "$ERLI18N" normalize in.po -o "$TEST_TMP/no/such/dir/out.po"
grep -q 'error: cannot write' err && ok || fail "unwritable output not reported: $(cat err)"

# Several inputs are concatenated as msgcat concatenates them (the code of the GNU-compatible msgcat).
for set in "a.po b.po" "c.po d.po" "h1.po h2.po h3.po" "l1.po u.po" "untranslated_a.po untranslated_b.po"; do
  # shellcheck disable=SC2086 # several names
  run 0 env -C "$TEST_DATA/cat" "$ERLI18N" normalize $set
  # shellcheck disable=SC2086
  (cd "$TEST_DATA/cat" && msgcat $set 2> /dev/null) > expected
  cmp -s out expected && ok || fail "normalize $set differs from msgcat"
done
run 1 env -C "$TEST_DATA/cat" "$ERLI18N" normalize a.po dup.po
grep -qE '^dup\.po:[0-9]+:1: error: duplicate message definition' err && ok || fail "duplicate in a second input: $(cat err)"
# Usage errors exit 2.
run 2 "$ERLI18N" normalize
run 2 "$ERLI18N" normalize in.po --bogus
run 2 "$ERLI18N" normalize in.po --width=0
run 2 "$ERLI18N" normalize in.po --width=abc

echo "normalize_cli: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
