#!/usr/bin/env bash
# hello_test.sh HELLO CATALOG_DIR: checks the demo's catalogs and the plural forms it prints.
#
# Every catalog must pass `msgfmt --check` (the GNU oracle), and hello must pick the right
# form for counts where languages differ: Russian 1/2/5/21 use three different forms (21 is
# "one" again), Arabic 0/1/2/5/11/101 use all six. Any mistake in the reader, the
# Plural-Forms parser or its evaluation shows up as a wrong line here.
set -uo pipefail
hello=$1
catalogs=$2
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

for po in "$catalogs"/*/LC_MESSAGES/hello.po; do
  msgfmt --check -o /dev/null "$po" || fail "msgfmt --check rejects $po"
done

output=$("$hello" "$catalogs")
rc=$?
printf '%s\n' "$output"
[ "$rc" -eq 0 ] || fail "hello exited with $rc"

# The text hello prints for count N in language LANG's section.
line_for() {
  local lang=$1 n=$2
  printf '%s\n' "$output" | awk -v lang="$lang" -v n="$n" '
    /^=== / { inside = ($2 == lang ":") }
    inside && $1 == "n=" n { sub(/^ *n=[0-9]+ +/, ""); print; exit }'
}

expect() {
  local lang=$1 n=$2 want=$3 got
  got=$(line_for "$lang" "$n")
  [ "$got" = "$want" ] || fail "$lang n=$n: expected '$want', got '$got'"
}

# Counts the distinct texts among the given counts of a language.
distinct() {
  local lang=$1
  shift
  for n in "$@"; do line_for "$lang" "$n" | sed 's/[0-9]\+//'; done | sort -u | wc -l
}

expect ru 1 "1 файл"
expect ru 2 "2 файла"
expect ru 5 "5 файлов"
expect ru 21 "21 файл"
expect ru 11 "11 файлов"
[ "$(distinct ru 1 2 5)" -eq 3 ] || fail "ru: 1, 2 and 5 should use three different forms"

expect ar 0 "لا ملفات"
expect ar 1 "ملف واحد"
expect ar 2 "ملفان"
expect ar 5 "5 ملفات"
expect ar 11 "11 ملفًا"
expect ar 101 "101 ملف"
[ "$(distinct ar 0 1 2 5 11 101)" -eq 6 ] || fail "ar: 0, 1, 2, 5, 11 and 101 should use six forms"

expect pl 21 "21 plików"
expect fr 0 "0 fichier"
expect ja 5 "5 個のファイル"

# Context keeps the two "Open" apart.
printf '%s\n' "$output" | grep -q '^  Open (command) *Ouvrir$' || fail "fr: Open (command) is not Ouvrir"
printf '%s\n' "$output" | grep -q '^  Open (state) *Ouvert$' || fail "fr: Open (state) is not Ouvert"

# A locale without a catalog, through a translator and base-language fallback.
expect "fr_CA" 5 "5 fichiers"
printf '%s\n' "$output" | grep -q '^=== fr_CA: French ===$' || fail "fr_CA: not the French header"

# A missing folder is an error, not an empty success.
if "$hello" /nonexistent/erli18n-hello >/dev/null 2>&1; then fail "hello succeeded without catalogs"; fi

if [ "$failures" -ne 0 ]; then
  echo "hello_test: $failures failure(s)"
  exit 1
fi
echo "hello_test: ok"
