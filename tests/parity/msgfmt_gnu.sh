#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to msgfmt (tools/erli18n/gnu/msgfmt_command.cc, gnu_options.cc) or the library code it runs, run
# it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-dir build -R msgfmt_gnu` (or make
# test-all).
# The GNU-compatible msgfmt (build/gnu/bin/msgfmt) against GNU msgfmt 0.21: for each option
# it supports, spelled as GNU's users spell it (long, abbreviated, short, bundled, attached,
# after the operands), the same MO files (messages.mo, -o FILE, DOMAIN.mo for `domain`
# directives) byte for byte, the same standard output (-o -), the same standard error (the
# --statistics and -v lines, the -c and --check-* diagnostics, "found N fatal errors") and the
# same exit status; over the fixtures of tests/data/msgfmt, tests/data/lint and
# tests/data/mo/po, several inputs merged, standard input, and a sample of the real catalogs
# (real_catalogs.sh) taken back to PO by msgunfmt. Build systems' calls are among them. The
# options of msgfmt's other modes exit 1 with a word saying they are not supported.
# One known difference is left out of the comparison: msgfmt follows a plural-forms error
# with a "Try using the following, valid for LANGUAGE:" hint from its own table of languages,
# which erli18n does not print (docs/cli.md).
# Usage: msgfmt_gnu.sh [COUNT]  (env: GNU_BIN, TEST_DATA, TEST_TMP)
. "$(dirname "$0")/../lib.sh" || exit 1
# shellcheck source=real_catalogs.sh
. "$(dirname "$0")/real_catalogs.sh"
need_env GNU_BIN TEST_DATA
need_tools msgunfmt msgfmt
count=${1:-40}
gnu_path=$PATH
ours_path=$GNU_BIN:$PATH
fresh_tmp
cd "$TEST_TMP"
mkdir gnu ours

# run DIR PATH ARGS...: msgfmt (as found on PATH, so that both are named `msgfmt` in their
# diagnostics) in DIR, standard input from $stdin; its outputs in DIR.
run() {
  local dir=$1 path=$2
  shift 2
  rm -rf "$dir" && mkdir "$dir"
  set +e
  (cd "$dir" && PATH=$path msgfmt "$@" < "${stdin:-/dev/null}" > ../"$dir".out 2> ../"$dir".err)
  echo $? > "$dir".rc
  set -e
  # The hint GNU prints from its table of languages (see above).
  sed -i '/^ *Try using the following, valid for /d; /^ *"Plural-Forms: .*\\n"$/d' "$dir".err
}

# compare WHAT ARGS...: the same exit status, standard output and error, and files written.
compare() {
  local what=$1
  shift
  parity_in_shard || return 0
  run gnu "$gnu_path" "$@"
  run ours "$ours_path" "$@"
  cmp -s gnu.rc ours.rc || fail "$what: msgfmt $*: exit $(cat ours.rc), GNU's $(cat gnu.rc) ($(head -c 300 ours.err))"
  cmp -s gnu.err ours.err || { diff gnu.err ours.err | head -20 || true; fail "$what: msgfmt $*: standard error differs"; }
  cmp -s gnu.out ours.out || fail "$what: msgfmt $*: standard output differs"
  diff -r gnu ours > /dev/null || { diff -r gnu ours | head -5 || true; fail "$what: msgfmt $*: the files written differ"; }
}

inputs=("$TEST_DATA"/msgfmt/*.po "$TEST_DATA"/lint/*.po)
modes=("" "-o out.mo" "--output-file=out.mo" "--output out.mo" "-o -" "-oout.mo" "-c" "--check" "--che"
  "--check-format" "--check-header" "--check-domain" "--check-f" "--statistics" "--stat" "-v" "--verbose"
  "-vv" "-v -v --statistics" "-cv" "-f" "--use-fuzzy" "-f --statistics" "-fc" "--no-hash" "--no-h"
  "--endianness=big" "--endian little" "--endianness big -o -" "-cvo out.mo" "--strict -o out" "--strict"
  "-a 1" "-a1" "--alignment=1" "-c --statistics --verbose -o out.gmo" "-o out.gmo" "--check-domain -o out.mo"
  "-c -o out.mo" "--check-accelerators" "--check-acc=_" "--check-accelerators=&" "-C" "--check-compat" "-Cf"
  "-C --statistics" "-cC")
# Every input under every mode, or a sample of the grid that keeps each (parity_modes).
for i in "${!inputs[@]}"; do
  input=${inputs[i]}
  mapfile -t input_modes < <(parity_modes "$i" "${#inputs[@]}" "${modes[@]}")
  for mode in "${input_modes[@]}"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$(basename "$input")" $mode "$input"
    # shellcheck disable=SC2086
    compare "$(basename "$input") (options after the operand)" "$input" $mode
  done
  ok
done

# The MO writer's fixtures (duplicates, newlines, charsets, system-dependent strings, headers
# without a charset or empty), under the options whose output they change.
for input in "$TEST_DATA"/mo/po/*.po; do
  for mode in "" "-c" "--check-header" "--check-format" "-c --statistics" "-f -v" "-C" "--no-hash -o -" \
    "--endianness=big"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$(basename "$input")" $mode "$input"
  done
  ok
done

# Several inputs merged into one catalog: a second file without a header adds its messages;
# two headers, or a message in both, are duplicates (file:line of each), as msgfmt reports.
m=$TEST_DATA/msgfmt
for args in "$m/statistics.po $m/second_part.po" "$m/second_part.po $m/statistics.po" \
  "-o out.mo $m/statistics.po $m/second_part.po" "-vv --statistics $m/statistics.po $m/second_part.po" \
  "$m/statistics.po $m/duplicates.po" "-c $m/domains.po $m/second_part.po" \
  "-c $m/statistics.po $m/no_header.po"; do
  # shellcheck disable=SC2086
  compare "several inputs" $args
done
# -D: inputs looked for in the folder, with .po added when missing.
compare "-D" -D "$m" statistics.po
compare "-D" --directory="$m" statistics
compare "-D" -D "$m" -D /nonexistent second_part.po statistics.po
ok

# Standard input.
stdin=$m/statistics.po
compare "standard input" -
compare "standard input" --statistics -vv -
compare "standard input" -o - -
stdin=
# Build systems' calls: meson, CMake's FindGettext, autotools' po/Makefile.in.in and its
# configure probe, which must not print a usage message.
compare "meson" -o out.mo "$m/statistics.po"
compare "FindGettext" -o out.gmo "$m/statistics.po"
compare "autotools" -c --statistics --verbose -o fr.gmo "$m/statistics.po"
compare "configure" --statistics /dev/null
ok

# Bad command lines: GNU's words and exit status.
compare "no input" 
compare "no input" -c
compare "unknown option" --no-such-option "$m/statistics.po"
compare "unknown short option" -Z "$m/statistics.po"
compare "ambiguous prefix" --c "$m/statistics.po"
compare "missing argument" "$m/statistics.po" -o
compare "argument refused" --check=yes "$m/statistics.po"
compare "bad endianness" --endianness=middle "$m/statistics.po"
compare "a missing file" no-such-file.po
compare "no such option in 0.21" --no-convert "$m/statistics.po"
compare "accelerator not punctuation" --check-accelerators=a "$m/accelerators.po"
compare "accelerator too long" --check-accelerators=ab "$m/accelerators.po"
ok

# -a: each string at a multiple of the alignment (system-dependent ones too), the value read
# as strtoul reads it, none (no digits) taken for msgfmt's 1. msgfmt 0.21 crashes on 0, a
# negative or a huge value, which erli18n refuses instead (below).
for input in "$m/statistics.po" "$m/c_format_plural.po" "$TEST_DATA"/mo/po/sysdep_*.po; do
  for mode in "-a 2" "-a4" "--alignment=8" "--align 3" "-a 16 --no-hash" "-a 4 --endianness=big" "-a 0x10" \
    "-a 010" "-a 4x" "-a x" "-a 4 -o -" "-a 65536"; do
    # shellcheck disable=SC2086 # a mode is several words
    compare "$(basename "$input")" $mode "$input"
  done
  ok
done

# What is not supported says so and fails, rather than writing something else.
for option in -j --java --java2 --csharp --csharp-resources --tcl --qt --desktop --xml -x -P \
  --properties-input --stringtable-input "-r res" "-l fr" "-d dir" "-L glade" --source "--template=t" \
  "--keyword=k" --use-untranslated "-a 0" "-a -4" "-a 99999999999"; do
  set +e
  # shellcheck disable=SC2086 # several words
  PATH=$ours_path msgfmt $option -o /dev/null "$m/statistics.po" > /dev/null 2> ours.err
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q 'not supported by erli18n' ours.err || fail "$option: exit $rc: $(cat ours.err)"
done
ok

# A sample of the real catalogs, taken back to PO by msgunfmt, each under a few option sets.
real_catalogs_pick /usr/share/locale "$count" picked
mapfile -t real < picked
real_catalogs_need msgfmt_gnu "real catalogs" "${#real[@]}" "$count"
i=0
for mo in "${real[@]}"; do
  msgunfmt "$mo" -o real.po
  for mode in "" "-c --statistics --verbose" "--no-hash -o -" "${modes[i % ${#modes[@]}]}"; do
    # shellcheck disable=SC2086
    compare "$mo" $mode "$TEST_TMP/real.po"
  done
  i=$((i + 1))
  ok
done
passed msgfmt_gnu
