# shellcheck shell=bash
# Sourced by the parity tests of the GNU-compatible commands that write to standard output or
# one -o file (msgattrib, msgcat, msgmerge, msgunfmt, msguniq): how they run GNU's tool and
# ours on the same command line and what must match.
#
# compare_with_gnu TOOL WHAT ARGS...: GNU's TOOL and ours ($ours) run with ARGS in the current
# folder (standard input from $stdin when set, else /dev/null); their exit status, standard
# output and the out.po an -o wrote must match byte for byte. With compare_stderr=yes, standard
# error too when GNU succeeds without a warning (ours named as TOOL; GNU's warnings about
# non-ASCII msgids are not written by ours). WHAT names the case in the failure.
compare_with_gnu() {
  local tool=$1 what=$2 rc_gnu rc_ours
  shift 2
  parity_in_shard || return 0
  rm -f out.po
  set +e
  "$tool" "$@" < "${stdin:-/dev/null}" > gnu.out 2> gnu.err
  rc_gnu=$?
  if [ -e out.po ]; then mv out.po gnu.file; else rm -f gnu.file; fi
  "${ours:?the sourcing script sets ours}" "$@" < "${stdin:-/dev/null}" > ours.out 2> ours.err
  rc_ours=$?
  set -e
  if [ -e out.po ]; then mv out.po ours.file; else rm -f ours.file; fi
  [ "$rc_gnu" = "$rc_ours" ] || fail "$what: $tool $*: exit $rc_ours, GNU's $rc_gnu ($(head -c 300 ours.err))"
  cmp -s gnu.out ours.out || { diff gnu.out ours.out | head -20 || true; fail "$what: $tool $*: standard output differs"; }
  if [ "${compare_stderr:-}" = yes ] && [ "$rc_gnu" = 0 ] && ! grep -q 'warning:' gnu.err; then
    sed "s|^$ours:|$tool:|" ours.err > ours_named.err
    cmp -s gnu.err ours_named.err ||
      fail "$what: $tool $*: standard error differs: $(head -c 300 ours.err) / GNU: $(head -c 300 gnu.err)"
  fi
  if [ -e gnu.file ] || [ -e ours.file ]; then
    cmp -s gnu.file ours.file ||
      { diff gnu.file ours.file | head -20 || true; fail "$what: $tool $*: the -o file differs (or only one was written)"; }
  fi
}
