#!/usr/bin/env bash
# The progress bar of `erli18n extract` and `erli18n check` (tools/erli18n/progress.h): on a
# terminal stderr (a pseudo-terminal, tests/cli/run_in_pty.py) a run whose extraction lasts
# over a second draws it, and clears it before any warning or result; a redirected stderr
# gets the warnings and nothing else, byte for byte (tests/cli/progress_output.py compares).
# A run is made long for sure by a source that arrives late (a FIFO written 1.5 s after
# extraction opens it), and for real by a generated tree (scripts/gen_cpp_tree.py).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib.sh" || exit 1
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC
in_pty() { python3 "$here/run_in_pty.py" "$@"; }
compare() { python3 "$here/progress_output.py" "$@"; }

mkdir src
printf 'gettext("early");\ngettext(dynamic);\n' > src/a.cc
printf 'gettext("after");\n' > src/c.cc
warning="src/a.cc:2: warning: msgid argument 1 of 'gettext' is not a string literal; call skipped"
mkfifo late.cc
# Writes the late source 1.5 s after extraction opens it (given up after 20 s if nobody does).
feed_late() { timeout 20 sh -c "exec 3> late.cc; sleep 1.5; printf 'gettext(\"late\");\n' >&3" & }

# extract, stderr redirected: the warning and not one byte more, though the run is long.
feed_late
"$ERLI18N" extract -o pipe.pot src/a.cc late.cc src/c.cc 2> pipe.err || fail "extract (redirected)"
wait
[ "$(cat pipe.err)" = "$warning" ] && [ "$(wc -l < pipe.err)" -eq 1 ] || fail "redirected stderr: $(od -c pipe.err)"; ok
grep -q '^msgid "late"$' pipe.pot || fail "the late source was not read"; ok

# extract on a terminal: the bar, then the line cleared, then the same warning.
feed_late
in_pty tty.err "$ERLI18N" extract -o tty.pot src/a.cc late.cc src/c.cc || fail "extract (terminal)"
wait
compare tty.err pipe.err 3 --drawn || fail "extract on a terminal"; ok
cmp -s pipe.pot tty.pot || fail "the template depends on stderr"; ok

# check: the same, its account on stdout untouched by the bar.
feed_late
"$ERLI18N" check --template pipe.pot src/a.cc late.cc src/c.cc > check_pipe.out 2> check_pipe.err ||
  fail "check (redirected): $(cat check_pipe.out check_pipe.err)"
wait
cmp -s check_pipe.err pipe.err || fail "check, redirected stderr: $(od -c check_pipe.err)"; ok
feed_late
in_pty check_tty.err "$ERLI18N" check --template pipe.pot src/a.cc late.cc src/c.cc > check_tty.out ||
  fail "check (terminal)"
wait
compare check_tty.err pipe.err 3 --drawn || fail "check on a terminal"; ok
[ "$(cat check_tty.out)" = "erli18n check: 1 template up to date" ] && cmp -s check_pipe.out check_tty.out ||
  fail "check stdout: $(cat check_tty.out)"; ok

# A short run draws nothing, even on a terminal.
in_pty short.err "$ERLI18N" extract -o short.pot src/a.cc src/c.cc || fail "extract (short)"
[ "$(cat short.err)" = "$warning" ] || fail "short run on a terminal: $(od -c short.err)"; ok

# A real long run: the generated benchmark tree (2,000 files, 25 MB; its non-literal calls
# warn, 300 KB of warnings). Whether the bar shows depends on the machine's speed (it takes
# about 1 s here, and its delay is 1 s): the FIFO runs above prove that it is drawn; here the
# terminal must get well-formed bar lines, if any, then exactly the redirected bytes.
python3 "$root/scripts/gen_cpp_tree.py" tree --files 2000 > /dev/null
files=$(find tree/src -type f | wc -l)
"$ERLI18N" extract -o tree_pipe.pot tree/src 2> tree_pipe.err || fail "tree extract (redirected)"
grep -qv ': warning: ' tree_pipe.err && fail "redirected stderr holds more than warnings: $(grep -v ': warning: ' tree_pipe.err)"
! grep -q $'[\r\x1b]' tree_pipe.err || fail "control bytes in the redirected stderr"; ok
in_pty tree_tty.err "$ERLI18N" extract -o tree_tty.pot tree/src || fail "tree extract (terminal)"
compare tree_tty.err tree_pipe.err "$files" || fail "tree on a terminal"; ok
cmp -s tree_pipe.pot tree_tty.pot || fail "tree: the template depends on stderr"; ok

passed extract_progress
