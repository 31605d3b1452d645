# shellcheck shell=bash
# The real-catalog and generated inputs of the whole-process benchmarks, sourced by run.sh,
# merge_speed.sh, extract_speed.sh and gnu_commands_speed.sh so that each measures the same
# files:
#   catalog_inputs DATA LOCALE_DIR CONCAT_BYTES
#       DATA/largest.po (the largest .mo under LOCALE_DIR, decompiled by msgunfmt), DATA/concat.po
#       (a few hundred UTF-8 catalogs in one file of about CONCAT_BYTES, each message given a
#       msgctxt naming its catalog so that no msgid repeats, put through msgcat) and
#       DATA/concat-cli.po (its first entries below 16,000,000 bytes); each made once, then kept
#   merge_inputs MESSAGES
#       in the current folder: def.po (the German catalogs under /usr/share/locale, the first
#       MESSAGES distinct messages) and ref.pot (their msgids with every 20th one changed in turn
#       by an added character, a new wording, a deletion or an added word)
#   extract_inputs ROOT WORK FILES
#       in WORK: a tree of FILES generated C++ sources (ROOT/scripts/gen_cpp_tree.py) and
#       files.txt, their list sorted bytewise; extract_keywords holds the -k specs both tools get

catalog_inputs() {
  local data=$1 locale_dir=$2 concat_bytes=$3
  mkdir -p "$data"
  largest=$data/largest.po
  if [ ! -s "$largest" ]; then
    # Read to the end (no head): with pipefail, an early exit would fail the pipeline.
    mo=$(find "$locale_dir" -name '*.mo' -printf '%s %p\n' | sort -k1,1rn -k2 | awk 'NR == 1 { sub(/^[0-9]+ /, ""); print }')
    [ -n "$mo" ] || { echo "inputs: error: no .mo files under $locale_dir" >&2; exit 1; }
    msgunfmt -o "$largest" "$mo"
    echo "$mo" >"$data/largest.source"
  fi
  echo "largest.po: $(stat -c %s "$largest") bytes, from $(cat "$data/largest.source")"

  concat=$data/concat.po
  local stamp="locale=$locale_dir bytes=$concat_bytes" raw count mo rel tag
  if [ ! -s "$concat" ] || [ "$(cat "$data/concat.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "building concat.po from $locale_dir (takes a minute)..."
    raw=$data/concat.raw.po
    # One header for the whole file; the catalogs' own headers are dropped.
    printf '%s\n' 'msgid ""' 'msgstr ""' '"Content-Type: text/plain; charset=UTF-8\n"' \
      '"Content-Transfer-Encoding: 8bit\n"' '' >"$raw"
    count=0
    # Every 8th catalog in path order spreads the sample over languages and domains; only
    # UTF-8 ones, so that the file has one charset.
    for mo in $(find "$locale_dir" -name '*.mo' | LC_ALL=C sort | awk 'NR % 8 == 1'); do
      msgunfmt -o "$data/one.po" "$mo" 2>/dev/null || continue
      grep -qi '^"Content-Type: text/plain; charset=utf-8' "$data/one.po" || continue
      rel=${mo#"$locale_dir"/}
      tag=${rel%.mo}  # e.g. de/LC_MESSAGES/glib20 (coreutils also has LC_TIME catalogs)
      # msgunfmt writes no comments, so each entry is [msgctxt] msgid [msgid_plural] msgstr...
      # and entries are separated by blank lines, with none after the last. Prefix the context
      # with the catalog's tag, or add one, and drop the header entry (msgid "" without context).
      awk -v tag="$tag" '
        BEGIN { start = 1 }
        /^$/ { if (!header) print; start = 1; header = 0; has_ctx = 0; next }
        {
          if (start && $0 == "msgid \"\"") header = 1
          start = 0
          if (header) next
          if (substr($0, 1, 9) == "msgctxt \"") { has_ctx = 1; $0 = "msgctxt \"" tag "|" substr($0, 10) }
          else if (substr($0, 1, 7) == "msgid \"" && !has_ctx) print "msgctxt \"" tag "\""
          print
        }
        END { if (!start) print "" }' "$data/one.po" >>"$raw"
      count=$((count + 1))
      [ "$(stat -c %s "$raw")" -ge "$concat_bytes" ] && break
    done
    rm -f "$data/one.po"
    # msgcat both proves the file valid and makes it byte-for-byte what msgcat writes. Its
    # warnings about \a escapes in a few real catalogs are expected.
    msgcat -o "$concat" "$raw" 2>"$data/concat.msgcat-warnings"
    rm -f "$raw"
    echo "$count catalogs" >"$data/concat.info"
    echo "$stamp" >"$data/concat.stamp"
  fi
  echo "concat.po:  $(stat -c %s "$concat") bytes, $(cat "$data/concat.info") from $locale_dir," \
    "$(grep -c '^msgid ' "$concat") entries"

  # erli18n normalize treats its input as untrusted and refuses files over the reader's default
  # 16 MiB bound, with no option to raise it; the whole-process comparison therefore uses the
  # leading entries of concat.po, cut at an entry boundary below 16,000,000 bytes.
  concat_cli=$data/concat-cli.po
  if [ ! -s "$concat_cli" ] || [ "$concat_cli" -ot "$concat" ]; then
    LC_ALL=C awk '/^$/ && n >= 16000000 { exit } { n += length($0) + 1; print }' "$concat" >"$concat_cli"
  fi
  echo "concat-cli.po: $(stat -c %s "$concat_cli") bytes, the first $(grep -c '^msgid ' "$concat_cli") entries of concat.po"
}

merge_inputs() {
  local messages=$1 i=0 mo
  mkdir -p mo
  for mo in /usr/share/locale/de/LC_MESSAGES/*.mo; do
    i=$((i + 1))
    { msgunfmt "$mo" | msgconv --no-wrap -t UTF-8 -o "mo/$i.po"; } 2> /dev/null || rm -f "mo/$i.po"
  done
  # The first N distinct msgids after the first header (records are blank-line separated; a
  # record's key is its text up to msgid_plural or msgstr).
  # shellcheck disable=SC2046 # one argument per catalog
  awk -v max="$messages" 'BEGIN { RS = ""; ORS = "\n\n" }
    /^msgid ""\nmsgstr ""\n/ { if (!header++) print; next }
    {
      key = $0; sub(/\nmsgid_plural .*|\nmsgstr.*/, "", key)
      if (!(key in seen) && taken < max) { seen[key] = 1; taken++; print }
    }' $(ls mo/*.po | sort -t/ -k2 -n) > def.po
  awk 'BEGIN { RS = ""; FS = "\n" }
    NR == 1 { print "msgid \"\"\nmsgstr \"\"\n\"POT-Creation-Date: 2024-03-01 12:00+0000\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"; next }
    {
      n = NR - 1; kind = (n % 20 == 0) ? (n / 20) % 4 : -1
      if (kind == 2) next  # deleted
      out = ""; plural = 0; section = ""
      for (i = 1; i <= NF; i++) {
        line = $i
        if (line ~ /^msgctxt /) { section = "keep"; out = out line "\n"; continue }
        if (line ~ /^msgid_plural /) { section = "keep"; plural = 1; out = out line "\n"; continue }
        if (line ~ /^msgid /) {
          section = "keep"
          if (kind == 0) sub(/"$/, "!\"", line)
          if (kind == 1) { out = out "msgid \"A new wording of message " n "\"\n"; section = "skip"; continue }
          if (kind == 3) sub(/^msgid "/, "msgid \"Now ", line)
          out = out line "\n"; continue
        }
        if (line ~ /^msgstr/) { section = "skip"; continue }
        if (line ~ /^"/ && section == "keep") out = out line "\n"
      }
      print out (plural ? "msgstr[0] \"\"\nmsgstr[1] \"\"\n" : "msgstr \"\"\n")
    }' def.po > ref.pot
  echo "catalog: $(grep -c '^msgid ' def.po) entries; template: $(grep -c '^msgid ' ref.pot) entries"
}

extract_keywords=(
  -k -kgettext -kngettext:1,2 -kpgettext:1c,2 -knpgettext:1c,2,3
  -kdgettext:2 -kdngettext:2,3 -kdpgettext:2c,3 -kdnpgettext:2c,3,4
  -kdlgettext:3 -kdlngettext:3,4 -kdlpgettext:3c,4 -kdlnpgettext:3c,4,5
  -k_ -kN_ -kgettext_noop
)

extract_inputs() {
  local root=$1 work=$2 files=$3
  python3 "$root/scripts/gen_cpp_tree.py" "$work" --files "$files"
  # The file list, sorted bytewise as erli18n sorts a directory walk; both tools read it.
  (cd "$work" && find src -type f \( -name '*.cc' -o -name '*.h' \) | LC_ALL=C sort > files.txt)
  # shellcheck disable=SC2046 # one argument per file
  echo "tree: $(wc -l < "$work/files.txt") files, $(cd "$work" && cat $(cat files.txt) | wc -c) bytes," \
    "$(cd "$work" && cat $(cat files.txt) | wc -l) lines"
}
