# Builds one side of a merge pair from a catalog written by `msgcat --no-wrap` (one entry per
# blank-line-separated record). mode=ref: a template from the catalog's msgids, with entries
# edited, renamed, deleted, made plural or given a context, new ones added, references and
# c-format flags added. mode=def: the catalog with some entries made fuzzy, untranslated,
# commented or obsolete. Which entries: the record number modulo small primes.
BEGIN { RS = ""; FS = "\n" }

function template_header() {
  print "# Template built by merge_mutate.awk."
  print "#, fuzzy"
  print "msgid \"\""
  print "msgstr \"\""
  print "\"Project-Id-Version: PACKAGE VERSION\\n\""
  print "\"Report-Msgid-Bugs-To: \\n\""
  print "\"POT-Creation-Date: 2024-03-01 12:00+0000\\n\""
  print "\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\""
  print "\"Language: \\n\""
  print "\"MIME-Version: 1.0\\n\""
  print "\"Content-Type: text/plain; charset=UTF-8\\n\""
  print "\"Content-Transfer-Encoding: 8bit\\n\""
  print ""
}

function ref_entry(n,    i, line, section, out, plural, edited) {
  if (n % 23 == 5) return  # deleted from the template
  out = "#: src/file" (n % 7) ".c:" n "\n"
  if (n % 11 == 4) out = "#. Extracted comment " n "\n" out
  if (index($0, "%") > 0) out = out "#, c-format\n"
  if (n % 31 == 13 && $0 !~ /(^|\n)msgctxt /) out = out "msgctxt \"context " (n % 3) "\"\n"
  plural = 0
  section = ""
  for (i = 1; i <= NF; i++) {
    line = $i
    if (line ~ /^msgctxt /) { section = "ctxt"; out = out line "\n"; continue }
    if (line ~ /^msgid_plural /) { section = "plural"; plural = 1; out = out line "\n"; continue }
    if (line ~ /^msgid /) {
      section = "id"
      if (n % 19 == 7) { out = out "msgid \"Renamed message " n "\"\n"; section = "renamed"; continue }
      if (n % 17 == 3) sub(/"$/, "!\"", line)  # edited: one character more
      out = out line "\n"
      continue
    }
    if (line ~ /^msgstr/) { section = "str"; continue }
    if (line ~ /^"/) {
      if (section == "ctxt" || section == "id" || section == "plural") out = out line "\n"
      continue
    }
  }
  if (!plural && n % 29 == 11) { out = out "msgid_plural \"plural of entry " n "\"\n"; plural = 1 }
  if (plural) out = out "msgstr[0] \"\"\nmsgstr[1] \"\"\n"
  else out = out "msgstr \"\"\n"
  print out
  if (n % 37 == 0) print "#: src/new.c:" n "\nmsgid \"Brand new message number " n "\"\nmsgstr \"\"\n"
}

function def_entry(n,    i, line, out) {
  out = ""
  if (n % 43 == 10) out = "# Translator comment " n "\n"
  if (n % 13 == 2) out = out "#, fuzzy\n"
  for (i = 1; i <= NF; i++) {
    line = $i
    if (skip && line ~ /^"/) continue
    skip = 0
    if (n % 41 == 9 && line ~ /^msgstr/) { sub(/ ".*$/, " \"\"", line); skip = 1 }
    if (n % 47 == 20 && line !~ /^#/) line = "#~ " line
    out = out line "\n"
  }
  skip = 0
  print out
}

{
  n = NR
  if (NR == 1 && $0 ~ /^msgid ""/ || NR == 1 && $0 ~ /\nmsgid ""\nmsgstr/) {
    if (mode == "ref") template_header(); else print $0 "\n"
    next
  }
  if (mode == "ref") ref_entry(n); else def_entry(n)
}
