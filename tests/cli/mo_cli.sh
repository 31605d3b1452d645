#!/usr/bin/env bash
# `erli18n compile` / `decompile` behave as msgfmt / msgunfmt at the command line: default
# output name, `-o -`, option spellings, exit codes, and `file:line:col: error:` diagnostics.
. "$(dirname "$0")/lib.sh" || exit 1
need_env TEST_DATA
po="$TEST_DATA/mo/po/basic.po"

# Default output name is messages.mo, in the current directory, as msgfmt's.
rm -f messages.mo
"$ERLI18N" compile "$po"
[ -f messages.mo ] || fail "no messages.mo written"
msgfmt "$po" -o gnu.mo
cmp -s messages.mo gnu.mo || fail "default output differs from msgfmt"
ok

# -o - writes to standard output; long option spellings work.
"$ERLI18N" compile "$po" -o - > stdout.mo
cmp -s stdout.mo gnu.mo || fail "-o - differs"
"$ERLI18N" compile --output=long.mo --endianness=big --no-hash --use-fuzzy "$po"
msgfmt --output-file=gnu_long.mo --endianness=big --no-hash --use-fuzzy "$po"
cmp -s long.mo gnu_long.mo || fail "long options differ"
"$ERLI18N" compile -f "$po" -o short.mo
msgfmt -f "$po" -o gnu_short.mo
cmp -s short.mo gnu_short.mo || fail "-f differs"
ok

# Bad option values are usage errors (exit 2).
set +e
"$ERLI18N" compile --endianness=middle "$po" -o x.mo 2> err.txt
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "--endianness=middle: exit $rc, expected 2"
ok

# No translated message: msgfmt writes no file and succeeds; so do we.
rm -f empty.mo
"$ERLI18N" compile "$TEST_DATA/mo/po/untranslated_only.po" -o empty.mo
[ ! -e empty.mo ] || fail "a file was written for a catalog without translations"
ok

# Duplicates and newline mismatches fail with a located diagnostic.
for bad in dup dup_context dup_fuzzy newline_end newline_mixed; do
  set +e
  "$ERLI18N" compile "$TEST_DATA/mo/po/$bad.po" -o bad.mo 2> err.txt
  rc=$?
  set -e
  [ "$rc" -eq 1 ] || fail "$bad: exit $rc, expected 1"
  grep -Eq "^$TEST_DATA/mo/po/$bad.po:[0-9]+:[0-9]+: error: [a-z']" err.txt || fail "$bad: diagnostic: $(cat err.txt)"
  ok
done
grep -q "duplicate message definition" <("$ERLI18N" compile "$TEST_DATA/mo/po/dup.po" -o bad.mo 2>&1 || true) ||
  fail "dup: message"
grep -q "^$TEST_DATA/mo/po/dup.po:7:1: error: duplicate message definition (first defined at line 4)" \
  <("$ERLI18N" compile "$TEST_DATA/mo/po/dup.po" -o bad.mo 2>&1 || true) || fail "dup: position"
ok

# A missing input is an error naming the file.
set +e
"$ERLI18N" compile no-such-file.po -o x.mo 2> err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "no-such-file.po" err.txt || fail "missing input: exit $rc"
ok

# decompile: stdout by default, -o FILE, and msgunfmt's bytes.
"$ERLI18N" decompile gnu.mo > ours.po
msgunfmt gnu.mo > gnu.po
cmp -s ours.po gnu.po || fail "decompile differs from msgunfmt"
"$ERLI18N" decompile gnu.mo -o ours2.po
cmp -s ours2.po gnu.po || fail "decompile -o differs"
ok

# decompile rejects what is not an MO file, with the byte offset in the message.
set +e
"$ERLI18N" decompile "$po" 2> err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "decompile of a PO file: exit $rc"
grep -q "^$po: error: bad magic number 0x[0-9a-f]* at offset 0" err.txt || fail "decompile diagnostic: $(cat err.txt)"
head -c 40 gnu.mo > truncated.mo
set +e
"$ERLI18N" decompile truncated.mo 2> err.txt
rc=$?
set -e
[ "$rc" -eq 1 ] && grep -q "^truncated.mo: error: .*outside the 40-byte file" err.txt || fail "truncated: $(cat err.txt)"
ok

passed mo_cli
