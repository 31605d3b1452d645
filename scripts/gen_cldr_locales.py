#!/usr/bin/env python3
"""Generates src/locale/cldr_locale_data.inc: the CLDR data behind erli18n's best-fit locale
matcher, its parent-locale fallback and text direction.

Inputs (Debian's unicode-cldr-core by default, --cldr DIR for another copy of CLDR's common/):
  supplemental/likelySubtags.xml     likely subtags (`zh_TW` -> `zh_Hant_TW`)
  supplemental/supplementalMetadata.xml  language and territory aliases (`iw` -> `he`)
  supplemental/supplementalData.xml  parent locales and territory containment
  supplemental/languageInfo.xml      the language-matching rules ("written_new")
  properties/scriptMetadata.txt      which scripts are written right to left

What the table holds (names in erli18n's canonical form: `_` between subtags, scripts
title-case, regions upper-case), every array sorted for binary search unless said otherwise:
  likely_subtags       {from, to}: CLDR's rows as they are (`und` for an unknown language)
  language_aliases     {from, to}: aliases of a bare language subtag; `to` may add a script or
                       region (`sh` -> `sr_Latn`)
  territory_aliases    {from, to}: `to` is CLDR's space-separated replacements (`SU` -> `RU AM
                       ...`: the one in the language's likely region, else the first, is meant)
  script_aliases       {from, to}
  parent_locales       {child, parent}: CLDR's explicit parents (`es_MX` -> `es_419`); `root`
                       is written as the empty string
  rtl_scripts          the scripts CLDR marks RTL
  match_variables      {name, regions}: each `$name` of the rules as the space-separated regions
                       it contains, macroregions expanded through territoryContainment (the
                       macroregions themselves included)
  macroregions         {region, leaves}: every region that contains others, with the leaf
                       regions it contains (space-separated)
  match_rules          {desired, supported, distance, oneway}: in CLDR's order, which is
                       the order the rules are tried in (not sorted)
  paradigm_locales     in CLDR's order
The {from, to} tables whose strings are all short are short_pair<F, T> (the strings in the
rows, F and T the longest: no pointer for the dynamic linker to relocate at start-up), the
others string_pair.

Usage: gen_cldr_locales.py [--cldr DIR] [-o OUT]
"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET


def canonical(name):
    """CLDR's `zh_Hant_TW` style, checked: erli18n's canonical spelling."""
    parts = name.split("_")
    out = [parts[0].lower()]
    for p in parts[1:]:
        if len(p) == 4 and p.isalpha():
            out.append(p.title())
        else:
            out.append(p.upper())
    return "_".join(out)


def language_subtag(s):
    return s == "und" or (2 <= len(s) <= 8 and s.isalpha() and s.islower())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cldr", default="/usr/share/unicode/cldr/common")
    ap.add_argument("-o", dest="out", default="-")
    args = ap.parse_args()
    sup = os.path.join(args.cldr, "supplemental")

    likely = {}
    for e in ET.parse(os.path.join(sup, "likelySubtags.xml")).getroot().iter("likelySubtag"):
        likely[canonical(e.get("from"))] = canonical(e.get("to"))

    meta = ET.parse(os.path.join(sup, "supplementalMetadata.xml")).getroot()
    language_aliases = {}
    for e in meta.iter("languageAlias"):
        frm, to = e.get("type"), e.get("replacement")
        # Only aliases of a bare language subtag: the matcher canonicalizes a language, not
        # whole tags (`zh_guoyu`, `sgn_BR`), and an empty replacement drops nothing useful.
        if "_" in frm or not language_subtag(frm) or not to or frm == "und":
            continue
        to_parts = to.split("_")
        if not language_subtag(to_parts[0]):
            continue
        language_aliases[frm] = canonical(to)
    territory_aliases = {}
    for e in meta.iter("territoryAlias"):
        territory_aliases[e.get("type")] = e.get("replacement")
    script_aliases = {e.get("type"): e.get("replacement") for e in meta.iter("scriptAlias")}

    data = ET.parse(os.path.join(sup, "supplementalData.xml")).getroot()
    parents = {}
    for block in data.iter("parentLocales"):
        if block.get("component"):  # CLDR 42+ adds component-specific parents (collations...)
            continue
        for e in block.iter("parentLocale"):
            parent = "" if e.get("parent") == "root" else canonical(e.get("parent"))
            for child in e.get("locales").split():
                parents[canonical(child)] = parent
    contains = {}
    for g in data.iter("group"):
        if g.get("status") in ("grouping", "deprecated"):
            continue
        contains.setdefault(g.get("type"), []).extend(g.get("contains").split())

    def leaves_and_groups(region, seen=None):
        """Every region inside `region`, itself included."""
        out = [region]
        for c in contains.get(region, []):
            out.extend(leaves_and_groups(c))
        return out

    macroregions = {}
    for region in sorted(contains):
        macroregions[region] = sorted({r for r in leaves_and_groups(region) if r not in contains})

    info = ET.parse(os.path.join(sup, "languageInfo.xml")).getroot()
    matches = None
    for m in info.iter("languageMatches"):
        if m.get("type") == "written_new":
            matches = m
    if matches is None:
        sys.exit("gen_cldr_locales.py: no written_new languageMatches in languageInfo.xml")
    variables = {}
    paradigms = []
    rules = []
    for e in matches:
        if e.tag == "paradigmLocales":
            paradigms = [canonical(x) for x in e.get("locales").split()]
        elif e.tag == "matchVariable":
            regions = set()
            for r in e.get("value").split("+"):
                regions.update(leaves_and_groups(r))
            variables[e.get("id").lstrip("$")] = sorted(regions)
        elif e.tag == "languageMatch":
            rules.append((e.get("desired"), e.get("supported"), int(e.get("distance")),
                          e.get("oneway") == "true"))

    rtl = []
    with open(os.path.join(args.cldr, "properties", "scriptMetadata.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            if len(fields) > 6 and fields[6] == "YES":
                rtl.append(fields[0])

    version = ""
    dtd = os.path.join(args.cldr, "dtd", "ldmlSupplemental.dtd")
    if os.path.exists(dtd):
        m = re.search(r'cldrVersion CDATA #FIXED "([^"]+)"', open(dtd, encoding="utf-8").read())
        version = m.group(1) if m else ""

    def q(s):
        return '"' + s + '"'

    def pairs(name, mapping):
        rows = ["    {%s, %s}," % (q(k), q(v)) for k, v in sorted(mapping.items())]
        # Short strings are held in the rows (short_pair: no pointer for the dynamic linker to
        # relocate at every start, see cldr_locale_data.h), sized to the table's longest.
        if mapping and max(len(k) for k in mapping) <= 64 and max(len(v) for v in mapping.values()) <= 64:
            row_type = "short_pair<%d, %d>" % (max(len(k) for k in mapping), max(len(v) for v in mapping.values()))
        else:
            row_type = "string_pair"
        return "inline constexpr %s %s[] = {\n%s\n};\n" % (row_type, name, "\n".join(rows))

    out = []
    out.append("// Generated by scripts/gen_cldr_locales.py from CLDR %s (unicode-cldr-core); do not edit.\n"
               "// tests/parity/cldr_locales_drift.sh checks that it matches the installed data.\n"
               "// Included by src/locale/cldr_locale_data.h only.\n" % version)
    out.append(pairs("likely_subtags", likely))
    out.append(pairs("language_aliases", language_aliases))
    out.append(pairs("territory_aliases", territory_aliases))
    out.append(pairs("script_aliases", script_aliases))
    out.append(pairs("parent_locales", parents))
    out.append("inline constexpr std::string_view rtl_scripts[] = {\n%s\n};\n" %
               "\n".join("    %s," % q(s) for s in sorted(rtl)))
    out.append(pairs("match_variables", {k: " ".join(v) for k, v in variables.items()}))
    out.append(pairs("macroregions", {k: " ".join(v) for k, v in macroregions.items()}))
    out.append("inline constexpr match_rule match_rules[] = {\n%s\n};\n" % "\n".join(
        "    {%s, %s, %d, %s}," % (q(d), q(s), dist, "true" if one else "false") for d, s, dist, one in rules))
    out.append("inline constexpr std::string_view paradigm_locales[] = {\n%s\n};\n" %
               "\n".join("    %s," % q(p) for p in paradigms))
    text = "\n".join(out)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
