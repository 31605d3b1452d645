#!/usr/bin/env bash
# Issue 22's integration test: one small C/C++ project (tests/integration/project: C and C++
# sources with gettext, ngettext, pgettext, npgettext and GLib-style keywords, catalogs for de,
# pt_BR and ja) builds its translations the three ways real projects do:
#   meson     i18n.gettext (preset glib): ninja greeter-pot, greeter-update-po, ninja (the .mo)
#   cmake     FindGettext's GETTEXT_CREATE_TRANSLATIONS and GETTEXT_PROCESS_POT_FILE, the template
#             made by an xgettext custom command: cmake --build
#   autotools gettext's po/ directory (autopoint's po/Makefile.in.in): autoreconf, configure,
#             make -C po update-po, make
# and then, after a message is added to a source, as a developer's next build: meson
# greeter-update-po and ninja, cmake --build, make -C po update-po.
# Each twice, in fresh copies: with GNU's tools, then with GNU_BIN (build/gnu/bin) first on PATH.
# Every file the runs produce (.pot, .po, .mo, .gmo) must be the same bytes, every tool call the
# same command line, exit status and standard error. A logging wrapper first on PATH records each
# call (call-log.gnu.txt and call-log.ours.txt in TEST_TMP: the command lines the build systems
# run) and the program that ran, which must be GNU_BIN's in the second run.
# POT-Creation-Date and PO-Revision-Date values are normalised only where a tool wrote the time of
# the run (both tools write the current time there); every other date is compared.
# Usage: build_systems.sh [--gnu-only] [meson|cmake|autotools...]  (env: GNU_BIN, TEST_TMP)
#   --gnu-only runs GNU's half alone (what the project's builds call, and that GNU's tools build
#   it), without the comparison. To check the comparison itself, give a GNU_BIN of links to GNU's
#   own tools (ln -s /usr/bin/msgfmt DIR/msgfmt, ... for the eight names): every check passes.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env GNU_BIN TEST_TMP
need_tools meson ninja cmake autoreconf autopoint aclocal automake make cc c++ perl \
  xgettext msgfmt msgmerge msginit
here=$(cd "$(dirname "$0")" && pwd)
gnu_only=0
if [ "${1:-}" = --gnu-only ]; then
  gnu_only=1
  shift
fi
systems=("$@")
[ ${#systems[@]} -gt 0 ] || systems=(meson cmake autotools)
fresh_tmp
cd "$TEST_TMP"

# The tools a build system may call: the eight erli18n provides and the rest of gettext's, so
# that a call of one erli18n lacks shows up in the log too.
ours_tools=(xgettext msgfmt msgmerge msgcat msgunfmt msginit msgattrib msguniq)
other_tools=(msgconv msgfilter msgen msgcomm msggrep msgexec msgcmp)
mkdir wrap
for tool in "${ours_tools[@]}" "${other_tools[@]}"; do
  ln -s "$here/logging_wrapper.sh" "wrap/$tool"
done
for tool in "${ours_tools[@]}"; do
  [ $gnu_only = 1 ] || [ -x "$GNU_BIN/$tool" ] || fail "$GNU_BIN/$tool is missing (the erli18n_cli target links it)"
done
# PATH without GNU_BIN, whatever the caller's was.
base_path=:$PATH:
base_path=${base_path//:$GNU_BIN:/:}
base_path=${base_path#:}
base_path=${base_path%:}

# The times of day a tool may write as "now", to the minute in UTC (TZ=UTC for every run).
start_epoch=$(date -u +%s)

# build SYSTEM TOOLS: builds a fresh copy of the project in TOOLS/SYSTEM (TOOLS gnu or ours);
# the log of each step in TOOLS/SYSTEM.log. Returns 0, or the step that failed (in $failed_step).
failed_step=
build() {
  local system=$1 which=$2 dir path
  dir=$TEST_TMP/$which/$system
  mkdir -p "$dir"
  cp -R "$here/project/." "$dir"
  path=$TEST_TMP/wrap:$base_path
  [ "$which" = ours ] && path=$TEST_TMP/wrap:$GNU_BIN:$base_path
  : > "$TEST_TMP/$which/$system.calls"
  failed_step=
  (
    cd "$dir"
    export CCACHE_DISABLE=1 PATH=$path TZ=UTC LC_ALL=C.UTF-8 RUN_ROOT=$dir CALL_LOG=$TEST_TMP/$which/$system.calls
    unset LANGUAGE LINGUAS MAKEFLAGS MFLAGS MAKELEVEL GETTEXTDATADIRS
    step() {
      echo "+ $*"
      "$@" || { echo "$*" > "$TEST_TMP/$which/$system.failed"; exit 1; }
    }
    # A developer's next day: a new message in a source, and the build run again.
    edit_source() {
      printf '%s\n' '' '// Added after the first build: the second one extracts it.' \
        'extern "C" const char* see_you() { return _("See you soon"); }' >> src/greet.cpp
    }
    case $system in
      meson)
        step meson setup --wrap-mode=nodownload build
        step ninja -j1 -C build greeter-pot
        step ninja -j1 -C build greeter-update-po
        step ninja -j1 -C build
        step edit_source
        step ninja -j1 -C build greeter-update-po
        step ninja -j1 -C build
        ;;
      cmake)
        step cmake -S . -B build -G Ninja
        step cmake --build build -j1
        step edit_source
        step cmake --build build -j1
        ;;
      autotools)
        step autoreconf -fi
        step ./configure -q
        step make -C po update-po
        step make
        step edit_source
        # po/'s `all` remakes the template only when it is missing: update-po is the maintainer's
        # step after a change.
        step make -C po update-po
        ;;
    esac
  ) > "$TEST_TMP/$which/$system.log" 2>&1 || failed_step=$(cat "$TEST_TMP/$which/$system.failed")
}

# The files a run produced that hold translations, relative to its copy of the project.
products() {
  (cd "$1" && find . \( -name '*.pot' -o -name '*.po' -o -name '*.mo' -o -name '*.gmo' \) -type f |
    sed 's,^\./,,' | LC_ALL=C sort)
}

# normalise FILE OUT ROOT [dots]: the dates a tool wrote at the time of the run become a fixed
# string of the same length (so an MO file keeps its layout); ROOT, the path of the run's copy,
# becomes ROOT; with `dots`, a progress line of dots and " done." becomes "... done.".
now_stamps=()
normalise() {
  local file=$1 out=$2 stamp expr="" root=$3
  for stamp in "${now_stamps[@]}"; do
    expr+="s/\\Q$stamp\\E/YYYY-MM-DD HH:MM+ZZZZ/g;"
  done
  if [ "${4:-}" = dots ]; then expr+='s/^\.+ done\.$/... done./;'; fi
  ROOT_DIR=$root perl -pe "$expr"'s/\Q$ENV{ROOT_DIR}\E/ROOT/g' "$file" > "$out"
}

# What the project must produce with GNU's tools (the proof that GNU's half ran through).
expected_products() {
  case $1 in
    meson) printf '%s\n' po/greeter.pot po/de.po po/pt_BR.po po/ja.po \
      build/po/{de,pt_BR,ja}/LC_MESSAGES/greeter.mo ;;
    cmake) printf '%s\n' build/po/greeter.pot po/de.po po/pt_BR.po po/ja.po build/po/{de,pt_BR,ja}.gmo \
      build/po/process/{de,pt_BR,ja}.po build/po/process/{de,pt_BR,ja}.gmo ;;
    autotools) printf '%s\n' po/greeter.pot po/de.po po/pt_BR.po po/ja.po po/{de,pt_BR,ja}.gmo ;;
  esac
}

report=()
for system in "${systems[@]}"; do
  build "$system" gnu
  [ -z "$failed_step" ] || { tail -30 "gnu/$system.log" >&2; fail "$system: '$failed_step' failed with GNU's tools (gnu/$system.log)"; }
  for file in $(expected_products "$system"); do
    [ -s "gnu/$system/$file" ] || fail "$system: GNU's run did not produce $file"
  done
  # The second build, after the source changed, took the new message into the template.
  pot=$(expected_products "$system" | grep '\.pot$')
  grep -q '^msgid "See you soon"' "gnu/$system/$pot" || fail "$system: GNU's second build left the new message out of $pot"
  # Every call resolved to GNU's tool, outside GNU_BIN.
  if grep -q -P "\t\Q$GNU_BIN\E/" "gnu/$system.calls"; then fail "$system: GNU's run called $GNU_BIN"; fi
  ok
  {
    echo "== $system: the calls of the gettext tools (with GNU's tools)"
    cut -f2,4- "gnu/$system.calls" | sed 's/^/  /'
  } >> call-log.gnu.txt
  [ $gnu_only = 1 ] && continue

  build "$system" ours
  [ -z "$failed_step" ] || report+=("$system: '$failed_step' failed with $GNU_BIN first on PATH (ours/$system.log)")
  {
    echo "== $system: the calls of the gettext tools ($GNU_BIN first on PATH)"
    cut -f2,4- "ours/$system.calls" | sed 's/^/  /'
  } >> call-log.ours.txt
done
end_epoch=$(date -u +%s)

# The command lines the build systems run, in the test's log (ctest keeps standard output).
cat call-log.gnu.txt
if [ $gnu_only = 1 ]; then
  passed "build_systems (GNU's tools only)"
  exit 0
fi

# Every minute from the start of the runs to their end, as GNU's tools write the time.
for ((t = start_epoch / 60 * 60; t <= end_epoch; t += 60)); do
  now_stamps+=("$(date -u -d "@$t" '+%Y-%m-%d %H:%M+0000')")
done

mkdir -p norm/gnu norm/ours
for system in "${systems[@]}"; do
  # The programs that ran: GNU_BIN's for every command erli18n provides.
  while IFS=$'\t' read -r n _ real _ cmd; do
    case " ${ours_tools[*]} " in
      *" ${cmd%% *} "*) [ "$real" = "$GNU_BIN/${cmd%% *}" ] ||
        report+=("$system: call $n ran $real, not $GNU_BIN/${cmd%% *}: $cmd") ;;
      *) report+=("$system: call $n ran $real, a tool erli18n does not provide: $cmd") ;;
    esac
  done < "ours/$system.calls"

  # The same calls, in the same order, with the same exit status and standard error.
  n_gnu=$(wc -l < "gnu/$system.calls")
  n_ours=$(wc -l < "ours/$system.calls")
  for ((i = 1; i <= n_gnu || i <= n_ours; i++)); do
    # rc, folder, command line
    IFS=$'\t' read -r gnu_rc gnu_where gnu_cmd < <(sed -n "${i}p" "gnu/$system.calls" | cut -f2,4-) || true
    IFS=$'\t' read -r ours_rc ours_where ours_cmd < <(sed -n "${i}p" "ours/$system.calls" | cut -f2,4-) || true
    stderr=$( [ -e "ours/$system.calls.$i.err" ] && head -c 300 "ours/$system.calls.$i.err" | sed 's/^/      stderr: /' || true)
    if [ "${gnu_where:-}:${gnu_cmd:-}" != "${ours_where:-}:${ours_cmd:-}" ]; then
      report+=("$system: call $i differs (the calls after it follow from it):
    GNU's run:  ${gnu_cmd:-(no such call)} (in ${gnu_where:-})
    our run:    ${ours_cmd:-(no such call)} (in ${ours_where:-}, exit ${ours_rc:-})
$stderr")
      break
    fi
    if [ "$gnu_rc" != "$ours_rc" ]; then
      report+=("$system: call $i, $ours_cmd (in $ours_where): exit $ours_rc, GNU's $gnu_rc
$stderr")
      break
    fi
    # msgmerge's progress line (one dot per so many messages, written by its worker threads) has
    # as many dots as its threads happen to print: GNU's own runs differ there.
    normalise "gnu/$system.calls.$i.err" "norm/gnu/err" "$TEST_TMP/gnu/$system" dots
    normalise "ours/$system.calls.$i.err" "norm/ours/err" "$TEST_TMP/ours/$system" dots
    if ! cmp -s norm/gnu/err norm/ours/err; then
      report+=("$system: call $i, $ours_cmd: standard error differs (< GNU, > ours):
$(diff norm/gnu/err norm/ours/err | head -10 | sed 's/^/    /' || true)")
    fi
  done

  # The same files, the same bytes.
  products "gnu/$system" > "norm/gnu/$system.list"
  products "ours/$system" > "norm/ours/$system.list"
  while read -r file; do
    report+=("$system: $file: only GNU's run produced it")
  done < <(comm -23 "norm/gnu/$system.list" "norm/ours/$system.list")
  while read -r file; do
    report+=("$system: $file: only our run produced it")
  done < <(comm -13 "norm/gnu/$system.list" "norm/ours/$system.list")
  while read -r file; do
    normalise "gnu/$system/$file" norm/gnu/file "$TEST_TMP/gnu/$system"
    normalise "ours/$system/$file" norm/ours/file "$TEST_TMP/ours/$system"
    if cmp -s norm/gnu/file norm/ours/file; then
      ok
    elif [[ $file == *.po || $file == *.pot ]]; then
      report+=("$system: $file differs (< GNU, > ours):
$(diff norm/gnu/file norm/ours/file | head -12 | sed 's/^/    /' || true)")
    else
      report+=("$system: $file differs (binary: $(cmp norm/gnu/file norm/ours/file | head -1 || true))")
    fi
  done < <(comm -12 "norm/gnu/$system.list" "norm/ours/$system.list")
done

if [ ${#report[@]} -gt 0 ]; then
  {
    echo "FAIL: the builds differ with $GNU_BIN first on PATH (logs and copies in $TEST_TMP):"
    printf -- '- %s\n' "${report[@]}"
  } >&2
  exit 1
fi
passed build_systems
