#!/usr/bin/env bash
# Stands in PATH for a gettext tool under the name it was linked as (build_systems.sh makes a
# link per tool): runs the tool of that name that PATH finds after this folder, and appends a
# line to $CALL_LOG: call number, exit status, the program that ran, the folder it ran in and
# its arguments (each %q-quoted; $RUN_ROOT written as ROOT, so two runs' lines compare). Its
# standard error also goes to $CALL_LOG.N.err, for the comparison of diagnostics. Build
# systems record a tool's path when they configure, so this one is what they all call.
name=${0##*/}
here=$(cd "${0%/*}" && pwd)
path=:$PATH:
path=${path//:$here:/:}
path=${path#:}
export PATH=${path%:}
real=$(command -v "$name") || { echo "logging_wrapper: no $name in PATH" >&2; exit 127; }
n=$(($(wc -l < "$CALL_LOG") + 1))
# The tool gets its plain name as argv[0], as when a build system finds it in PATH.
"$name" "$@" 2> "$CALL_LOG.$n.err"
rc=$?
cat "$CALL_LOG.$n.err" >&2
args=$(printf ' %q' "$@")
where=$(pwd)
printf '%s\t%s\t%s\t%s\t%s%s\n' "$n" "$rc" "$real" "${where/#$RUN_ROOT/ROOT}" "$name" "${args//$RUN_ROOT/ROOT}" >> "$CALL_LOG"
exit "$rc"
