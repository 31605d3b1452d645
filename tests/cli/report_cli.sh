#!/usr/bin/env bash
# `erli18n report`: finding catalogs in a directory (LOCALE/LC_MESSAGES/DOMAIN.po, templates
# naming domains, stray directories left out) and loose files (locale from Language, domain
# from the name or the template beside it); the text table, JSON and HTML; diagnostics,
# exit codes, -o. The expected figures were counted by hand from the catalogs below.
. "$(dirname "$0")/lib.sh" || exit 1

# run EXPECTED_STATUS ARGS...: keeps stdout in out.txt and stderr in err.txt.
run() {
  local want=$1 status=0
  shift
  "$ERLI18N" report "$@" > out.txt 2> err.txt || status=$?
  [ "$status" = "$want" ] || { cat err.txt >&2; fail "report $*: exit $status, expected $want"; }
  ok
}

header() {
  printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
  [ -z "${1:-}" ] || printf '"Language: %s\\n"\n' "$1"
  printf '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
}
entry() { printf 'msgid "%s"\nmsgstr "%s"\n\n' "$1" "$2"; }
fuzzy() { printf '#, fuzzy\nmsgid "%s"\nmsgstr "%s"\n\n' "$1" "$2"; }
obsolete() { printf '#~ msgid "%s"\n#~ msgstr "%s"\n\n' "$1" "$2"; }
plural() { printf 'msgid "%s"\nmsgid_plural "%ss"\nmsgstr[0] "%s"\nmsgstr[1] "%s"\n\n' "$1" "$1" "$2" "$3"; }

mkdir -p po/de/LC_MESSAGES po/fr/LC_MESSAGES po/ja/LC_MESSAGES po/stray
header de > po/app.pot
header > po/lib.pot
echo "not a catalog" > po/README
touch po/stray/app.po
# de/app: 2 translated, 1 fuzzy, 1 untranslated, 1 obsolete: 2 of 4, 50.0%.
{ header de; entry a A; plural b B Bs; fuzzy c C; entry d ""; obsolete e E; } > po/de/LC_MESSAGES/app.po
# fr/app: 3 of 3.
{ header fr; entry a A; entry b B; entry c C; } > po/fr/LC_MESSAGES/app.po
# fr/lib: 1 translated, 2 untranslated (one of them a plural with an empty second form): 33.3%.
{ header fr; entry x X; plural y Y ""; entry z ""; } > po/fr/LC_MESSAGES/lib.po

run 0 po
# A missing catalog counts its domain's messages as untranslated: app has 4 (de's), lib 3
# (fr's), so "(all) de" is 2 of 7, not 2 of 4, and ja, with no catalog, 0 of 7.
cat > expected.txt <<'EOF'
domain  locale  translated  fuzzy  untranslated  obsolete  complete
app     de               2      1             1         1     50.0%
app     fr               3      0             0         0    100.0%
app     ja      (no catalog)
app     (all)            5      1             5         1     45.4%
lib     de      (no catalog)
lib     fr               1      0             2         0     33.3%
lib     ja      (no catalog)
lib     (all)            1      0             8         0     11.1%
(all)   de               2      1             4         1     28.5%
(all)   fr               4      0             2         0     66.6%
(all)   ja               0      0             7         0      0.0%
(all)   (all)            6      1            13         1     30.0%
note: a missing catalog counts its domain's messages as untranslated (app: 4, lib: 3)
note: 1 plural message(s) with a translated first form but an empty other form count as untranslated (msgfmt --statistics counts them as translated)
EOF
diff -u expected.txt out.txt || fail "text report differs"
[ ! -s err.txt ] || fail "unexpected stderr: $(cat err.txt)"
ok

# The same catalogs named one by one: no template, so only the domains that have catalogs.
run 0 po/fr/LC_MESSAGES/app.po po/de/LC_MESSAGES/app.po
cat > expected.txt <<'EOF'
domain  locale  translated  fuzzy  untranslated  obsolete  complete
app     de               2      1             1         1     50.0%
app     fr               3      0             0         0    100.0%
app     (all)            5      1             1         1     71.4%
(all)   (all)            5      1             1         1     71.4%
EOF
diff -u expected.txt out.txt || fail "text report of two files differs"
ok

# JSON: every catalog (missing ones too, with the messages they count as untranslated), the totals.
run 0 --format json po
python3 - <<'PY' || fail "json: $(cat out.txt)"
import json
d = json.load(open("out.txt"))
cats = {(c["domain"], c["locale"]): c for c in d["catalogs"]}
assert [(c["domain"], c["locale"]) for c in d["catalogs"]] == [
    ("app", "de"), ("app", "fr"), ("app", "ja"), ("lib", "de"), ("lib", "fr"), ("lib", "ja")], d["catalogs"]
de = cats[("app", "de")]
assert de["status"] == "ok" and de["file"] == "po/de/LC_MESSAGES/app.po", de
assert (de["translated"], de["fuzzy"], de["untranslated"], de["partial_plurals"], de["obsolete"], de["total"],
        de["percent_complete"]) == (2, 1, 1, 0, 1, 4, 50.0), de
lib = cats[("lib", "fr")]
assert (lib["translated"], lib["untranslated"], lib["partial_plurals"], lib["percent_complete"]) == (1, 2, 1, 33.3), lib
assert cats[("app", "ja")] == {"domain": "app", "locale": "ja", "status": "missing", "untranslated": 4}, cats[("app", "ja")]
assert cats[("lib", "de")]["untranslated"] == 3, cats[("lib", "de")]
loc = {l["locale"]: l for l in d["locales"]}
assert (loc["ja"]["catalogs"], loc["ja"]["missing"], loc["ja"]["untranslated"], loc["ja"]["percent_complete"]) == (0, 2, 7, 0.0), loc["ja"]
assert (loc["de"]["catalogs"], loc["de"]["missing"], loc["de"]["total"], loc["de"]["percent_complete"]) == (1, 1, 7, 28.5), loc["de"]
assert loc["fr"]["catalogs"] == 2 and loc["fr"]["translated"] == 4 and loc["fr"]["percent_complete"] == 66.6, loc
dom = {x["domain"]: x for x in d["domains"]}
assert dom["app"]["catalogs"] == 2 and dom["app"]["missing"] == 1 and dom["app"]["percent_complete"] == 45.4, dom
t = d["total"]
assert (t["catalogs"], t["missing"], t["translated"], t["fuzzy"], t["untranslated"], t["obsolete"], t["total"]) == (3, 3, 6, 1, 13, 1, 20), t
PY
ok

# Loose files: the locale from Language (canonicalized), else the name; the domain from the
# name, or from the only template beside a file named after its locale.
mkdir -p gnu other
header > gnu/hello.pot
{ header fr; entry a A; entry b ""; } > gnu/fr.po
{ header; entry a A; } > gnu/pt_BR.po
{ header pt-BR; entry a A; } > other/tool.po
header de > other/de.po
run 0 --format json gnu/fr.po gnu/pt_BR.po other/tool.po other/de.po
python3 - <<'PY' || fail "loose files: $(cat out.txt)"
import json
d = json.load(open("out.txt"))
got = sorted((c["domain"], c["locale"], c.get("file")) for c in d["catalogs"] if c["status"] == "ok")
assert got == [("hello", "fr", "gnu/fr.po"), ("hello", "pt_BR", "gnu/pt_BR.po"), ("messages", "de", "other/de.po"),
               ("tool", "pt_BR", "other/tool.po")], got
PY
ok

# Bad input: file:line:col on stderr, exit 1, the other catalogs still reported (broken.po has
# no readable Language, so its name is its locale and its domain xgettext's "messages").
printf 'msgid "x"\nmsgstr "unterminated\n' > broken.po
run 1 po/fr/LC_MESSAGES/app.po broken.po missing.po
grep -q '^broken.po:2:[0-9]*: error: ' err.txt || fail "broken.po: $(cat err.txt)"
grep -q '^missing.po: error: cannot open: no such file or directory$' err.txt || fail "missing: $(cat err.txt)"
grep -q '^app  *fr  *3  *0  *0  *0  *100.0%$' out.txt || fail "fr not reported: $(cat out.txt)"
grep -q '^messages  *broken  *(unreadable)$' out.txt || fail "broken row: $(cat out.txt)"
ok
run 1 --format json broken.po
python3 -c '
import json; c = json.load(open("out.txt"))["catalogs"][0]
assert c["status"] == "error" and c["error"].startswith("broken.po:2:"), c' || fail "json error: $(cat out.txt)"
ok

run 1 --format html broken.po
grep -q '<td data-sort="-2" class="error" title="broken.po:2:[0-9]*: error: [^"]*">unreadable</td>' out.txt ||
  fail "html error cell: $(grep -o '<td[^>]*class="error"[^>]*>' out.txt)"
ok

# Two files for one (domain, locale): the second is an error, not a silent sum.
mkdir -p again/de/LC_MESSAGES && cp po/de/LC_MESSAGES/app.po again/de/LC_MESSAGES/app.po
run 1 po again
grep -q "^again/de/LC_MESSAGES/app.po: error: domain 'app' in locale 'de' is already counted from po/de/LC_MESSAGES/app.po$" err.txt ||
  fail "duplicate: $(cat err.txt)"
ok

# -o FILE: nothing on stdout; an unwritable output is an error.
run 0 --format html -o report.html po
[ ! -s out.txt ] && [ -s report.html ] || fail "-o did not write report.html"
ok
run 1 -o no/such/dir/report.txt po
grep -q '^no/such/dir/report.txt: error: cannot write' err.txt || fail "unwritable: $(cat err.txt)"
ok

# HTML: self-contained (no address of any kind), names escaped, cells as in the text report.
grep -q 'Content-Security-Policy" content="default-src .none.' report.html || fail "no CSP"
! grep -q -E '(https?:|//|src=|href=)' report.html || fail "the page refers to something: $(grep -E '(https?:|//|src=|href=)' report.html)"
grep -q '<meta name="viewport" content="width=device-width, initial-scale=1">' report.html || fail "no viewport"
ok
mkdir -p esc/de/LC_MESSAGES
{ header de; entry a A; } > 'esc/de/LC_MESSAGES/a<b&"c>'"'"'.po'
run 0 --format html esc
grep -q '<th scope="row" data-sort="a&lt;b&amp;&quot;c&gt;&#39;">a&lt;b&amp;&quot;c&gt;&#39;</th>' out.txt ||
  fail "escaping: $(grep 'scope="row"' out.txt)"
! grep -q 'a<b' out.txt || fail "unescaped name in the page"
ok
run 0 esc
grep -q "^a<b&\"c>'  de  " out.txt || fail "text keeps the name as is: $(cat out.txt)"
ok

# A path that names nothing, or a folder without any catalog, is an error, not a row of an
# empty catalog.
mkdir -p empty
run 1 no/such/dir/
[ "$(cat err.txt)" = "no/such/dir/: error: cannot open: no such file or directory" ] || fail "no such dir: $(cat err.txt)"
! grep -q messages out.txt || fail "a row for a path that names nothing: $(cat out.txt)"
ok
run 1 empty
[ "$(cat err.txt)" = "empty: error: no catalog here (looked for LOCALE/LC_MESSAGES/DOMAIN.po, *.po and *.pot)" ] ||
  fail "empty folder: $(cat err.txt)"
ok

# Two folders naming one locale: one locale, the runtime's name, read from the folder the
# runtime reads (the first in byte order), with a warning naming both.
mkdir -p twins/pt-br/LC_MESSAGES twins/pt_BR.UTF-8/LC_MESSAGES
{ header pt-BR; entry a A; } > twins/pt-br/LC_MESSAGES/app.po
{ header pt-BR; entry a ""; } > twins/pt_BR.UTF-8/LC_MESSAGES/app.po
run 0 twins
[ "$(cat err.txt)" = "twins/pt_BR.UTF-8: warning: names locale 'pt_BR' as twins/pt-br does; only twins/pt-br is read (the first in byte order)" ] ||
  fail "two folders of one locale: $(cat err.txt)"
grep -q '^app  *pt_BR  *1  *0  *0  *0  *100.0%$' out.txt || fail "pt_BR: $(cat out.txt)"
[ "$(grep -c pt out.txt)" = 1 ] || fail "one locale expected: $(cat out.txt)"
ok

# A .po beside its .mo: counted, with a warning that the runtime loads the .mo.
mkdir -p shadow/de/LC_MESSAGES
{ header de; entry a A; } > shadow/de/LC_MESSAGES/web.po
printf 'x' > shadow/de/LC_MESSAGES/web.mo
run 0 shadow
[ "$(cat err.txt)" = "shadow/de/LC_MESSAGES/web.po: warning: shadow/de/LC_MESSAGES/web.mo is beside it: a program reading this folder loads the .mo, and edits to the .po change nothing until it is compiled again" ] ||
  fail "shadowed .po: $(cat err.txt)"
ok

# Usage errors exit 2.
run 2
run 2 --format xml po

passed report_cli
