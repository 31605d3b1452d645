#!/usr/bin/env bash
# `erli18n merge -U` against `msgmerge -U` (same options, same environment): after each run the
# folder holds the same files with the same bytes (the catalog and its backups), the exit status
# is the same, and a catalog that only a new POT-Creation-Date would change is left alone
# (bytes and mtime, no backup). Data: tests/data/merge_update (merged.po is def.po merged with
# changed.pot; new-date.pot differs from changed.pot in POT-Creation-Date only).
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP TEST_DATA
need_tools msgmerge
fresh_tmp
export LC_ALL=C
data="$TEST_DATA/merge_update"
checks=0

# run NAME START_FILES ENV... -- OPTIONS... POT: one -U run per tool in a folder of its own
# holding def.po (a copy of START_FILES' first file, mtime 2001) and the other START_FILES
# (existing backups); then both folders compared file by file, with mtimes.
run() {
  local name=$1 start=$2
  shift 2
  local env=()
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  local args=("$@") tool dir status
  for tool in gnu ours; do
    dir="$TEST_TMP/$name/$tool"
    mkdir -p "$dir"
    local first=1 f
    for f in $start; do
      if [ "$first" = 1 ]; then cp "$data/$f" "$dir/def.po"; first=0; else : > "$dir/$f"; fi
      touch -d '2001-01-01 00:00:00' "$dir"/*
    done
    cp "$data/${args[-1]}" "$dir/ref.pot"
    set +e
    if [ "$tool" = gnu ]; then
      (cd "$dir" && env "${env[@]}" msgmerge -q -U "${args[@]:0:${#args[@]}-1}" def.po ref.pot) 2>/dev/null
    else
      (cd "$dir" && env "${env[@]}" "$ERLI18N" merge -U "${args[@]:0:${#args[@]}-1}" def.po ref.pot) 2>/dev/null
    fi
    status=$?
    set -e
    echo "$status" > "$TEST_TMP/$name/$tool.status"
    (cd "$dir" && for f in *; do [ "$f" = ref.pot ] && continue; echo "$f $(stat -c %Y "$f") $(md5sum < "$f")"; done) \
      > "$TEST_TMP/$name/$tool.files"
  done
  cmp -s "$TEST_TMP/$name/gnu.status" "$TEST_TMP/$name/ours.status" ||
    fail "$name: exit status $(cat "$TEST_TMP/$name/ours.status"), msgmerge's $(cat "$TEST_TMP/$name/gnu.status")"
  # Rewritten files get the time of the run: compare mtimes only where msgmerge kept 2001's.
  diff <(sed 's/ [0-9]\{9,10\} / T /' "$TEST_TMP/$name/gnu.files") <(sed 's/ [0-9]\{9,10\} / T /' "$TEST_TMP/$name/ours.files") ||
    fail "$name: the folders differ (<: msgmerge, >: erli18n)"
  diff <(awk '$2 == 978307200 {print $1}' "$TEST_TMP/$name/gnu.files") \
    <(awk '$2 == 978307200 {print $1}' "$TEST_TMP/$name/ours.files") ||
    fail "$name: not the same files left untouched"
  ok
}
export TZ=UTC

run date-only merged.po -- new-date.pot
grep -q 978307200 "$TEST_TMP/date-only/ours.files" || fail "date-only: def.po was rewritten"
run unchanged merged.po -- --backup=numbered changed.pot
run no-backup def.po -- changed.pot
run simple def.po -- --backup=simple changed.pot
run never def.po -- --backup=never changed.pot
run numbered "def.po def.po.~1~ def.po.~3~" -- --backup=numbered changed.pot
run t def.po -- --backup=t changed.pot
run existing-simple def.po -- --backup=existing changed.pot
run existing-numbered "def.po def.po.~2~" -- --backup=nil changed.pot
run none def.po -- --backup=none changed.pot
run off def.po -- --backup=off changed.pot
run suffix-alone def.po -- --suffix=.bak changed.pot
run suffix-simple def.po -- --backup=simple --suffix=.orig changed.pot
run suffix-numbered def.po -- --backup=numbered --suffix=.orig changed.pot
run env-control def.po VERSION_CONTROL=numbered -- --suffix=.x changed.pot
run env-control-overridden def.po VERSION_CONTROL=numbered -- --backup=simple changed.pot
run env-control-alone def.po VERSION_CONTROL=numbered -- changed.pot
run env-suffix def.po SIMPLE_BACKUP_SUFFIX=.s -- --backup=simple changed.pot
passed merge_update
