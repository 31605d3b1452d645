#!/usr/bin/env bash
# The GNU-compatible commands: build/gnu/bin holds a link per GNU tool to erli18n, and the
# program runs the command it was started as (the link's name, whatever its folder) or the one
# its first argument names (`erli18n msgfmt ...`); other names run erli18n's own subcommands.
. "$(dirname "$0")/lib.sh" || exit 1
need_env GNU_BIN
commands=(xgettext msgfmt msgmerge msgcat msgunfmt msginit msgattrib msguniq)
# The commands not written yet: they say so and fail, so that a build that calls them stops.
not_yet=(xgettext msgfmt msgmerge msginit msgattrib)

for command in "${commands[@]}"; do
  link=$GNU_BIN/$command
  [ -L "$link" ] || fail "$link is not a link"
  [ "$(readlink -f "$link")" = "$(readlink -f "$ERLI18N")" ] || fail "$link does not point to erli18n"
done
ok

# A link of the same name elsewhere runs the same command: the name decides, not the folder.
mkdir bin
for command in "${not_yet[@]}"; do
  ln -s "$(readlink -f "$ERLI18N")" "bin/$command"
  for run in "$GNU_BIN/$command" "bin/$command" "$ERLI18N $command"; do
    set +e
    $run -o out.po in.po > out.txt 2> err.txt
    rc=$?
    set -e
    [ "$rc" -eq 1 ] || fail "$run: exit $rc, expected 1"
    [ "$(cat err.txt)" = "$command: not implemented yet in erli18n" ] || fail "$run: stderr: $(cat err.txt)"
    [ ! -s out.txt ] || fail "$run wrote to standard output"
  done
done
ok

# msgunfmt is GNU's: an unknown option is refused in glibc's words, named as it was started.
ln -s "$(readlink -f "$ERLI18N")" bin/msgunfmt
for run in "$GNU_BIN/msgunfmt" bin/msgunfmt; do
  set +e
  $run --no-such-option > /dev/null 2> err.txt
  rc=$?
  set -e
  [ "$rc" -eq 1 ] || fail "$run --no-such-option: exit $rc, expected 1"
  printf "%s: unrecognized option '--no-such-option'\nTry '%s --help' for more information.\n" "$run" "$run" > want.txt
  cmp -s want.txt err.txt || fail "$run --no-such-option: stderr: $(cat err.txt)"
done
set +e
"$ERLI18N" msgunfmt --no-such-option 2> err.txt
set -e
msgunfmt --no-such-option 2> gnu_err.txt || true
cmp -s gnu_err.txt err.txt || fail "erli18n msgunfmt --no-such-option: stderr: $(cat err.txt)"
ok

# Any other name runs erli18n's own commands.
ln -s "$(readlink -f "$ERLI18N")" bin/msgfmt-not
bin/msgfmt-not --version | grep -q '^erli18n ' || fail "another name did not run erli18n"
"$ERLI18N" --version | grep -q '^erli18n ' || fail "erli18n --version"
ok
passed gnu_commands_cli
