#!/usr/bin/env bash
# The parity tests' sampling (real_catalogs.sh, real_catalogs_kinds.pl): a sample keeps every
# fixture and every option set (parity_modes), the shards of a test together make each of its
# comparisons exactly once (parity_in_shard), a sample of real catalogs gains one of each kind
# it lacks, and a malformed setting fails instead of testing nothing.
# (env: TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
need_env TEST_TMP
need_tools msgfmt perl
# make test runs the ASan tests with a share of the comparisons (ERLI18N_PARITY_COMPARISONS):
# this test sets each setting itself and must not inherit one.
unset ERLI18N_PARITY_SAMPLE ERLI18N_PARITY_SHARD ERLI18N_PARITY_COMPARISONS
here=$(cd "$(dirname "$0")" && pwd)
fresh_tmp
cd "$TEST_TMP"

# cells PERCENT ROWS COLUMNS: the "row column" cells parity_modes keeps of the grid.
cells() {
  (
    export ERLI18N_PARITY_SAMPLE=$1
    . "$here/real_catalogs.sh"
    local modes=() row column
    for ((column = 0; column < $3; column++)); do modes+=("m$column"); done
    for ((row = 0; row < $2; row++)); do
      parity_modes "$row" "$2" "${modes[@]}" | sed "s/^m/$row /"
    done
  )
}

for grid in "1 100 29 87" "3 100 8 58" "10 4 3 5" "1 1 1 1" "5 40 1 12" "2 13 12 1" "100 100 7 9" "33 3 30 30"; do
  read -r percent expected_max rows columns <<< "$grid"
  cells "$percent" "$rows" "$columns" > kept
  for ((row = 0; row < rows; row++)); do
    grep -q "^$row " kept || fail "sample $percent%, $rows x $columns: fixture $row runs with no option set"
  done
  for ((column = 0; column < columns; column++)); do
    grep -q " $column\$" kept || fail "sample $percent%, $rows x $columns: option set $column runs with no fixture"
  done
  total=$((rows * columns)) kept_count=$(wc -l < kept)
  if ((percent == 100)); then
    ((kept_count == total)) || fail "sample 100%: $kept_count of $total cells"
  else
    # At most a share of step's of the grid, plus a diagonal's worth.
    ((kept_count <= total * percent / 100 + rows + columns)) ||
      fail "sample $percent%, $rows x $columns: $kept_count of $total cells kept"
  fi
  ok
done
# An empty option set is one (a line of its own).
n=$(export ERLI18N_PARITY_SAMPLE=100 && . "$here/real_catalogs.sh" && parity_modes 0 1 "" "-x" | wc -l)
[ "$n" = 2 ] || fail "parity_modes dropped the empty option set: $n lines"
ok

# Shards: every comparison made by exactly one of the N parts.
for n in 1 2 3 4 7; do
  for ((k = 1; k <= n; k++)); do
    (
      export ERLI18N_PARITY_SHARD=$k/$n
      . "$here/real_catalogs.sh"
      for ((call = 0; call < 50; call++)); do
        if parity_in_shard; then echo "$call"; fi
      done
    )
  done | sort -n > made
  seq 0 49 | cmp -s - made || fail "$n shards: the comparisons made are not 0..49 once each: $(tr '\n' ' ' < made)"
  ok
done

# A share of the comparisons: every step-th of each part's, whatever the number of parts.
for n in 1 3; do
  for ((k = 1; k <= n; k++)); do
    (
      export ERLI18N_PARITY_SHARD=$k/$n ERLI18N_PARITY_COMPARISONS=25
      . "$here/real_catalogs.sh"
      for ((call = 0; call < 48; call++)); do
        if parity_in_shard; then echo "$call"; fi
      done
    )
  done > made
  [ "$(wc -l < made)" = 12 ] || fail "25% of 48 comparisons in $n parts: $(tr '\n' ' ' < made)"
  [ "$(sort -u made | wc -l)" = 12 ] || fail "25% of 48 comparisons in $n parts, one made twice: $(tr '\n' ' ' < made)"
  ok
done

# Malformed settings fail, naming the variable.
for setting in "ERLI18N_PARITY_SHARD=0/2" "ERLI18N_PARITY_SHARD=3/2" "ERLI18N_PARITY_SHARD=2" \
  "ERLI18N_PARITY_SAMPLE=0" "ERLI18N_PARITY_SAMPLE=101" "ERLI18N_PARITY_SAMPLE=x" "ERLI18N_PARITY_COMPARISONS=0"; do
  if (export "${setting?}" && . "$here/real_catalogs.sh") > /dev/null 2> err; then
    fail "$setting was accepted"
  fi
  grep -q "FAIL: ${setting%%=*}=" err || fail "$setting: $(cat err)"
  ok
done

# Kinds: a sample of UTF-8 catalogs with two plural forms gains a catalog in an 8-bit charset,
# one with three plural forms and one with system-dependent strings, and nothing it already has:
# the fewest that cover them (a catalog of two missing kinds before two of one each), else the
# first.
mkdir -p root
header() { printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=%s\\n"\n"Plural-Forms: %s\\n"\n\n' "$1" "$2"; }
two="nplurals=2; plural=(n != 1);"
three="nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
plural3='msgid "f"\nmsgid_plural "fs"\nmsgstr[0] "1"\nmsgstr[1] "2"\nmsgstr[2] "3"\n'
{ header UTF-8 "$two"; printf 'msgid "a"\nmsgstr "b"\n'; } > a.po
{ header UTF-8 "$two"; printf 'msgid "c"\nmsgstr "d"\n'; } > b.po
{ header ISO-8859-1 "$two"; printf 'msgid "e"\nmsgstr "\351"\n'; } > latin1.po
{ header UTF-8 "$three"; printf "$plural3"; } > three.po
{ header KOI8-R "$three"; printf "$plural3"; } > koi8three.po
{ header UTF-8 "$two"; printf '#, c-format\nmsgid "%%<PRIu64> x"\nmsgstr "%%<PRIu64> y"\n'; } > sysdep.po
for po in a b latin1 three koi8three sysdep; do msgfmt "$po.po" -o "root/$po.mo"; done
printf '%s\n' "$PWD/root/a.mo" > picked
printf '%s\n' "$PWD"/root/{a,b,latin1,sysdep,three}.mo | perl "$here/real_catalogs_kinds.pl" picked > sample
printf '%s\n' "$PWD"/root/{a,latin1,sysdep,three}.mo | cmp -s - sample ||
  fail "real_catalogs_kinds.pl: the sample is $(tr '\n' ' ' < sample)"
ok
printf '%s\n' "$PWD"/root/{a,b,latin1,three,sysdep,koi8three}.mo | perl "$here/real_catalogs_kinds.pl" picked > sample
printf '%s\n' "$PWD"/root/{a,koi8three,sysdep}.mo | cmp -s - sample ||
  fail "real_catalogs_kinds.pl, the fewest catalogs: the sample is $(tr '\n' ' ' < sample)"
ok
passed sampling_test
