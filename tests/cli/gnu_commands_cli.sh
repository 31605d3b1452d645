#!/usr/bin/env bash
# The GNU-compatible commands: build/gnu/bin holds a link per GNU tool to erli18n, and the
# program runs the command it was started as (the link's name, whatever its folder) or the one
# its first argument names (`erli18n msgfmt ...`); other names run erli18n's own subcommands.
. "$(dirname "$0")/lib.sh" || exit 1
need_env GNU_BIN
commands=(xgettext msgfmt msgmerge msgcat msgunfmt msginit msgattrib msguniq)
# The commands not written yet: they say so and fail, so that a build that calls them stops.
for command in "${commands[@]}"; do
  link=$GNU_BIN/$command
  [ -L "$link" ] || fail "$link is not a link"
  [ "$(readlink -f "$link")" = "$(readlink -f "$ERLI18N")" ] || fail "$link does not point to erli18n"
done
ok

# A link of the same name elsewhere runs the same command: the name decides, not the folder.
# Each says so in --version's first line (build scripts read its first number).
mkdir bin
for command in "${commands[@]}"; do
  [ "$command" = msgunfmt ] || ln -s "$(readlink -f "$ERLI18N")" "bin/$command"
  for run in "$GNU_BIN/$command" "bin/$command" "$ERLI18N $command"; do
    [ -e "${run%% *}" ] || continue
    first=$($run --version | head -1) || fail "$run --version failed"
    [ "$first" = "$command (GNU gettext-tools compatible) 0.21" ] || fail "$run --version: $first"
  done
done
ok

# --help lists GNU's long options; autotools' configure greps msgmerge's for " --for-msgfmt "
# (without it, po/Makefile gets msgmerge options for gettext older than 0.20).
"$GNU_BIN/msgmerge" --help | grep -q -- ' --for-msgfmt ' || fail "msgmerge --help lacks --for-msgfmt"
"$GNU_BIN/xgettext" --help | grep -q -- '^  --from-code=VALUE $' || fail "xgettext --help lacks --from-code"
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

# msgfmt is GNU's too: its version line, however it is started, and a catalog compiled.
for run in "$GNU_BIN/msgfmt" "$ERLI18N msgfmt"; do
  $run --version | head -1 | grep -q '^msgfmt .* 0\.21$' || fail "$run --version: $($run --version | head -1)"
done
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "b"\n' > in.po
"$ERLI18N" msgfmt -o ours.mo in.po
msgfmt -o gnu.mo in.po
cmp -s gnu.mo ours.mo || fail "erli18n msgfmt -o ours.mo in.po: not msgfmt's bytes"
ok

# Any other name runs erli18n's own commands.
ln -s "$(readlink -f "$ERLI18N")" bin/msgfmt-not
bin/msgfmt-not --version | grep -q '^erli18n ' || fail "another name did not run erli18n"
"$ERLI18N" --version | grep -q '^erli18n ' || fail "erli18n --version"
ok
passed gnu_commands_cli
