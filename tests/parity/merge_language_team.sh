#!/usr/bin/env bash
# make test runs a sample of this test (ERLI18N_PARITY_SAMPLE, real_catalogs.sh). After a change
# to merge (src/tools/merge*.cc), run it on every input: `ERLI18N_PARITY_SAMPLE=100 ctest --test-
# dir build -R merge_language_team` (or make test-all).
# `erli18n merge` against `msgmerge` on the Language a catalog's header gets when it has a
# Language-Team and no Language (msgmerge guesses it from the team's name; src/tools/merge_header.cc):
#  1. `Language-Team: NAME <ADDRESS>` for every language name of ISO 639-2 (iso-codes), every
#     name erli18n knows, and near misses of every 8th of them (lower case, no address, a word
#     after the address, a web address, extra blanks);
#  2. the headers of the real catalogs under /usr/share/locale that have a Language-Team and
#     no Language (old catalogs: binutils', xkeyboard-config's, net-tools'), at least MIN_REAL (20).
# Each header is merged with a small template by both tools, and the Language lines of the
# two outputs must be the same.
. "$(dirname "$0")/../lib.sh" || exit 1
need_env ERLI18N TEST_TMP
LOCALE_DIR=${LOCALE_DIR:-/usr/share/locale}
MIN_REAL=${MIN_REAL:-20}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=real_catalogs.sh
. "$here/real_catalogs.sh"
rm -rf "$TEST_TMP"
mkdir -p "$TEST_TMP/cases"
export LC_ALL=C
t=$TEST_TMP

cat > "$t/ref.pot" << 'EOF'
msgid ""
msgstr ""
"Project-Id-Version: PACKAGE VERSION\n"
"POT-Creation-Date: 2024-03-01 12:00+0000\n"
"Language: \n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"

msgid "a"
msgstr ""
EOF

# The names: ISO 639-2's (each "; "-separated alias too), erli18n's table, and near misses.
python3 - "$here/../../src/tools/merge_header.cc" > "$t/teams" << 'PY'
import json, re, sys
names = set()
for entry in json.load(open("/usr/share/iso-codes/json/iso_639-2.json"))["639-2"]:
    for key in ("name", "common_name"):
        if key in entry:
            names.update(entry[key].split("; "))
if len(names) < 400:
    sys.exit("merge_language_team: fewer than 400 ISO 639-2 names: install iso-codes (scripts/install-deps.sh)")
# The table's rows ({"Name", "code"},), wherever they come from: names only ISO 639-3 has too.
known = re.findall(r'^\s*\{"((?:[^"\\]|\\.)*)", "[^"]*"\},$', open(sys.argv[1], encoding="utf-8").read(), re.M)
names.update(known)
for i, name in enumerate(sorted(set(known))):
    print(name + " <team@example.org>")
    if i % 8 == 0:
        print(name.lower() + " <team@example.org>")
        print(name)
        print(name + " <team@example.org> (since 2004)")
        print(name + " https://example.org/team/")
        print("  " + name + "\t <team@example.org>")
for name in sorted(names - set(known)):
    print(name + " <team@example.org>")
PY

# header_language FILE: sets $language to the Language line of a merged file's header ("none"
# when it has none). Read by bash itself: the test runs it twice for each of its ~600 cases.
header_language() {
  local line in_header=0
  language=none
  while IFS= read -r line; do
    if [[ $in_header -eq 0 ]]; then
      [[ $line == 'msgid ""' ]] && in_header=1
      continue
    fi
    [[ -z $line ]] && return
    [[ $line == '"Language:'* ]] && { language=$line; return; }
  done < "$1"
}

cases=0 differ=0
# check NAME DEF: both tools merge DEF; their Language lines must agree.
check() {
  local name=$1 def=$2 gnu ours
  cases=$((cases + 1))
  if ! msgmerge -q "$def" "$t/ref.pot" -o "$t/gnu.po" 2> /dev/null; then
    echo "FAIL $name: msgmerge refused the header"
    differ=$((differ + 1))
    return
  fi
  if ! "$ERLI18N" merge "$def" "$t/ref.pot" -o "$t/ours.po" 2> "$t/stderr"; then
    echo "FAIL $name: erli18n merge failed: $(cat "$t/stderr")"
    differ=$((differ + 1))
    return
  fi
  header_language "$t/gnu.po"
  gnu=$language
  header_language "$t/ours.po"
  ours=$language
  if [ "$gnu" != "$ours" ]; then
    echo "FAIL $name: msgmerge writes $gnu, erli18n $ours"
    differ=$((differ + 1))
  fi
}

team_index=0
while IFS= read -r team <&3; do
  parity_keep $((team_index++)) || continue  # ERLI18N_PARITY_SAMPLE (real_catalogs.sh)
  {
    printf 'msgid ""\nmsgstr ""\n"Project-Id-Version: x 1.0\\n"\n'
    escaped=${team//\\/\\\\}  # the team name as a PO string: \\ \" \t escaped
    escaped=${escaped//\"/\\\"}
    escaped=${escaped//$'\t'/\\t}
    printf '"Language-Team: %s\\n"\n' "$escaped"
    printf '"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "a"\nmsgstr "A"\n'
  } > "$t/def.po"
  check "team '$team'" "$t/def.po"
done 3< "$t/teams"
names=$cases

# Real headers: every catalog whose header has a Language-Team and no Language (they are rare,
# so all of them; the .mo headers are read here, and only those catalogs go through msgunfmt,
# whose first entry is the header merged).
python3 - "$LOCALE_DIR" > "$t/real" << 'PY'
import os, struct, sys
for folder, _, files in sorted(os.walk(sys.argv[1])):
    for f in sorted(files):
        path = os.path.join(folder, f)
        if not f.endswith(".mo") or not os.path.isfile(path):
            continue
        data = open(path, "rb").read()
        for order in "<>":
            if len(data) >= 20 and struct.unpack(order + "I", data[:4])[0] == 0x950412DE:
                break
        else:
            continue
        count, originals, translations = struct.unpack(order + "III", data[8:20])
        if count == 0 or struct.unpack(order + "I", data[originals:originals + 4])[0] != 0:
            continue  # no header: the empty msgid sorts first when there is one
        size, at = struct.unpack(order + "II", data[translations:translations + 8])
        fields = [line.split(b":")[0].strip().lower() for line in data[at:at + size].split(b"\n")]
        if b"language-team" in fields and b"language" not in fields:
            print(path)
PY
real=0 real_index=0
while IFS= read -r mo <&3; do
  parity_keep $((real_index++)) || continue
  msgunfmt "$mo" -o "$t/real.po" 2> /dev/null || continue
  sed -n '1,/^$/p' "$t/real.po" > "$t/def.po"
  printf 'msgid "a"\nmsgstr "A"\n' >> "$t/def.po"
  real=$((real + 1))
  check "real ${mo#"$LOCALE_DIR"/}" "$t/def.po"
done 3< "$t/real"

echo "merge_language_team: $names team names and $real real headers without Language, $differ differ"
[ "$differ" -eq 0 ] || exit 1
real_catalogs_need merge_language_team "real catalogs with a Language-Team and no Language under $LOCALE_DIR" \
  "$real" "$MIN_REAL"
echo "PASS"
