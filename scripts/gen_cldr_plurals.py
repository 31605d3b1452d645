#!/usr/bin/env python3
"""Generates src/formats/cldr_plurals_table.inc: CLDR's cardinal plural rule of every locale, as the
`Plural-Forms` value GNU gettext's own converter (`cldr-plurals`, gettext-tools) prints for it.

Inputs (Debian paths by default):
  --plurals PATH       CLDR's supplemental/plurals.xml (package unicode-cldr-core). The CLDR
                       version is read from the DTD its DOCTYPE names (`cldrVersion`).
  --cldr-plurals PATH  GNU's converter (package gettext).
  -o OUT               where to write the table (default: standard output).

What the table holds, one row per CLDR locale, sorted by locale (byte order) for binary search:
  {locale, nplurals, "nplurals=N; plural=EXPR;", "category of form 0, form 1, ..."}

 - Locale keys are in erli18n's canonical form (include/erli18n/locale_name.h). CLDR's names
   already are (`pt_PT`, plain language codes), except the withdrawn codes it still lists
   (in, iw, ji, jw, mo): canonical_locale maps them to id, he, yi, jv, ro, which CLDR lists
   with the same rule, so they are dropped. `root` is skipped: it is not a locale name
   canonical_locale accepts, and its rule (one form) is what a lookup that finds no entry
   should not assume anyway.
 - gettext's n is a non-negative integer, so CLDR categories that apply only to decimals
   (`many` in cs, `other` in ru, ...) have no form: nplurals counts the categories that have
   `@integer` samples, and the converter drops the others. The categories column names the
   forms in order.
 - The converter (gettext 0.21) does not know CLDR's exponent operand `e` (`c` is a synonym),
   used since CLDR 38 for the `many` form of fr, es, it, pt, pt_PT. For an integer n written
   without exponent e = 0, so before conversion every relation on e or c is replaced by its
   value at e = 0: an `and` chain holding a false one is removed, true ones are removed from
   their chain, a condition left empty is always true (written `v = 0`) and one with no chain
   left is never true for integers (written `v != 0`). The samples are dropped too (the
   converter rejects the `1c6` notation). Each rewritten rule is named in a comment in the
   table.
 - Every row is checked before it is written: the expression is evaluated (by this script) at
   each `@integer` sample CLDR gives for each category and must select that category's form.

Usage: gen_cldr_plurals.py [--plurals PATH] [--cldr-plurals PATH] [-o OUT]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

DEFAULT_PLURALS = "/usr/share/unicode/cldr/common/supplemental/plurals.xml"
DEFAULT_CONVERTER = "/usr/lib/x86_64-linux-gnu/gettext/cldr-plurals"
WITHDRAWN = {"in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro"}


class GenError(Exception):
    pass


def canonical(name):
    """canonical_locale for the simple names CLDR uses: language[_Script][_REGION]."""
    parts = name.replace("-", "_").split("_")
    lang = parts[0].lower()
    if not re.fullmatch(r"[a-z]{2,3}", lang):
        return None
    out = [WITHDRAWN.get(lang, lang)]
    for p in parts[1:]:
        if re.fullmatch(r"[A-Za-z]{4}", p):
            out.append(p.title())
        elif re.fullmatch(r"[A-Za-z]{2}|[0-9]{3}", p):
            out.append(p.upper())
        else:
            return None
    return "_".join(out)


def cldr_version(plurals_path):
    with open(plurals_path, encoding="utf-8") as f:
        head = f.read(4096)
    m = re.search(r'<!DOCTYPE\s+\w+\s+SYSTEM\s+"([^"]+)"', head)
    if not m:
        raise GenError(f"{plurals_path}: no DOCTYPE naming the DTD (needed for the CLDR version)")
    dtd = os.path.join(os.path.dirname(plurals_path), m.group(1))
    with open(dtd, encoding="utf-8") as f:
        v = re.search(r'cldrVersion\s+CDATA\s+#FIXED\s+"([^"]+)"', f.read())
    if not v:
        raise GenError(f"{dtd}: no cldrVersion")
    return v.group(1)


# --- The exponent operand at e = 0 -------------------------------------------------------

RELATION = re.compile(r"^\s*([a-z])\s*(?:%\s*(\d+)\s*)?(!=|=)\s*([\d.,\s]+?)\s*$")


def in_ranges(value, ranges):
    for r in ranges.split(","):
        lo, _, hi = r.strip().partition("..")
        if int(lo) <= value <= int(hi or lo):
            return True
    return False


def rewrite_exponent(condition):
    """The condition with every relation on e/c replaced by its value at e = 0 (see above);
    None when the condition does not use e or c."""
    chains = [[r.strip() for r in chain.split(" and ")] for chain in condition.split(" or ")]
    uses = False
    kept = []
    for chain in chains:
        rest, false = [], False
        for rel in chain:
            m = RELATION.match(rel)
            if not m:
                raise GenError(f"unsupported relation '{rel}'")
            if m.group(1) not in "ec":
                rest.append(rel)
                continue
            uses = True
            value = 0  # e = 0, and 0 % m = 0
            holds = in_ranges(value, m.group(4)) == (m.group(3) == "=")
            if not holds:
                false = True
        if false:
            continue
        if not rest:
            return "v = 0"  # a chain of relations on e/c only, all true
        kept.append(" and ".join(rest))
    if not uses:
        return None
    return " or ".join(kept) if kept else "v != 0"


# --- Checking the converter's expression at CLDR's integer samples ------------------------

TOKEN = re.compile(r"\s*(\d+|n|==|!=|<=|>=|&&|\|\||[-+*/%<>!?:()])")


def evaluate(expr, n):
    """Evaluates a C plural expression (the converter's output) at n."""
    tokens, pos = [], 0
    expr = expr.strip()
    while pos < len(expr):
        m = TOKEN.match(expr, pos)
        if not m:
            raise GenError(f"cannot read expression '{expr}' at {pos}")
        tokens.append(m.group(1))
        pos = m.end()
    tokens.append(None)
    i = 0

    def peek():
        return tokens[i]

    def take():
        nonlocal i
        i += 1
        return tokens[i - 1]

    binary = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]

    def primary():
        t = take()
        if t == "(":
            v = ternary()
            if take() != ")":
                raise GenError(f"')' expected in '{expr}'")
            return v
        if t == "!":
            return int(not primary())
        if t == "n":
            return n
        if t is not None and t.isdigit():
            return int(t)
        raise GenError(f"unexpected '{t}' in '{expr}'")

    def level(k):
        if k == len(binary):
            return primary()
        v = level(k + 1)
        while peek() in binary[k]:
            op = take()
            w = level(k + 1)
            v = {"||": lambda: int(bool(v or w)), "&&": lambda: int(bool(v and w)),
                 "==": lambda: int(v == w), "!=": lambda: int(v != w), "<": lambda: int(v < w),
                 ">": lambda: int(v > w), "<=": lambda: int(v <= w), ">=": lambda: int(v >= w),
                 "+": lambda: v + w, "-": lambda: v - w, "*": lambda: v * w,
                 "/": lambda: v // w, "%": lambda: v % w}[op]()
        return v

    def ternary():
        c = level(0)
        if peek() == "?":
            take()
            a = ternary()
            if take() != ":":
                raise GenError(f"':' expected in '{expr}'")
            b = ternary()
            return a if c else b
        return c

    v = ternary()
    if peek() is not None:
        raise GenError(f"trailing text in '{expr}'")
    return v


def integer_samples(text):
    m = re.search(r"@integer([^@]*)", text)
    if not m:
        return []
    out = []
    for item in m.group(1).split(","):
        item = item.strip()
        if not item or item == "…":
            continue
        lo, _, hi = item.partition("~")

        def value(s):
            mant, _, exp = s.partition("c")
            return int(mant) * 10 ** int(exp or 0)

        out.extend(range(value(lo), value(hi or lo) + 1))
    return out


# --- Conversion ----------------------------------------------------------------------------

def convert(converter, rules, tmpdir):
    """Runs GNU's converter on one rule set [(category, condition)] and returns its line."""
    lines = ['<?xml version="1.0" encoding="UTF-8" ?>', "<supplementalData>",
             '<plurals type="cardinal">', '<pluralRules locales="xx">']
    for count, cond in rules:
        lines.append(f'<pluralRule count="{count}">{cond}</pluralRule>')
    lines += ["</pluralRules>", "</plurals>", "</supplementalData>", ""]
    path = os.path.join(tmpdir, "rules.xml")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    p = subprocess.run([converter, "xx", path], capture_output=True, text=True)
    if p.returncode != 0:
        raise GenError(f"{converter} failed on {rules}: {p.stderr.strip()}")
    return p.stdout.strip()


def generate(plurals_path, converter):
    version = cldr_version(plurals_path)
    tree = ET.parse(plurals_path)
    rows, notes = {}, {}
    with tempfile.TemporaryDirectory() as tmpdir:
        for group in tree.getroot().iterfind("plurals[@type='cardinal']/pluralRules"):
            names = group.get("locales").split()
            rules, categories, samples, rewritten = [], [], [], []
            for rule in group.iterfind("pluralRule"):
                count = rule.get("count")
                text = rule.text or ""
                condition = text.split("@", 1)[0].strip()
                new = rewrite_exponent(condition) if condition else None
                if new is not None:
                    rewritten.append(f"{count}: '{condition}' -> '{new}'")
                    condition = new
                rules.append((count, condition))
                ints = integer_samples(text)
                if ints:
                    categories.append(count)
                    samples.append(ints)
            line = convert(converter, rules, tmpdir)
            m = re.fullmatch(r"nplurals=(\d+); plural=(.*);", line)
            if not m:
                raise GenError(f"unexpected converter output '{line}'")
            nplurals, expr = int(m.group(1)), m.group(2)
            if nplurals != len(categories):
                raise GenError(f"{names}: nplurals={nplurals} but {len(categories)} categories "
                               f"with integer samples ({categories})")
            forms = [(n, form) for form, ints in enumerate(samples) for n in ints]
            if nplurals == 2 and "?" not in expr and all(evaluate(expr, n) != f for n, f in forms):
                # gettext 0.21 prints a two-form rule as the negation of `one`'s condition,
                # but forgets to negate one whose top level is an `or`.
                rewritten.append(f"converter's '{expr}' is inverted (`or` left un-negated)")
                expr = f"({expr} ? 0 : 1)"
                line = f"nplurals=2; plural={expr};"
            for n, form in forms:
                if evaluate(expr, n) != form:
                    raise GenError(f"{names}: '{expr}' at n={n} is not form {form} "
                                   f"({categories[form]})")
            for name in names:
                if name == "root":
                    continue
                key = canonical(name)
                if key is None:
                    raise GenError(f"locale '{name}' has no canonical form")
                row = (nplurals, line, " ".join(categories))
                if key in rows and rows[key] != row:
                    raise GenError(f"locale '{key}' listed twice with different rules")
                rows[key] = row
                if rewritten:
                    notes[key] = rewritten
    return version, rows, notes


def converter_version(converter):
    p = subprocess.run([converter, "--version"], capture_output=True, text=True)
    first = p.stdout.splitlines()[0] if p.stdout else ""
    m = re.search(r"\(GNU gettext-tools\)\s+(\S+)", first)
    return m.group(1) if m else "unknown"


def render(version, gettext_version, rows, notes):
    out = [
        f"// Generated by scripts/gen_cldr_plurals.py from CLDR {version} plurals.xml (cardinal",
        f"// rules), converted by GNU gettext {gettext_version}'s cldr-plurals; do not edit. Regenerate:",
        "//   python3 scripts/gen_cldr_plurals.py -o src/formats/cldr_plurals_table.inc",
        "// (--plurals PATH, --cldr-plurals PATH: inputs other than the Debian packages'.)",
        "// Each row: {locale, nplurals, Plural-Forms value, CLDR category of each form}, sorted by",
        "// locale. Rows whose CLDR rule uses the exponent operand (e, c) were converted with e = 0.",
        f'#define ERLI18N_CLDR_VERSION "{version}"',
    ]
    for key in sorted(rows, key=lambda k: k.encode()):
        nplurals, line, cats = rows[key]
        for note in notes.get(key, []):
            out.append(f"// {key} {note}")
        out.append(f'{{"{key}", {nplurals}, "{line}", "{cats}"}},')
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--plurals", default=DEFAULT_PLURALS)
    ap.add_argument("--cldr-plurals", default=DEFAULT_CONVERTER)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    try:
        version, rows, notes = generate(args.plurals, args.cldr_plurals)
        text = render(version, converter_version(args.cldr_plurals), rows, notes)
    except (GenError, OSError, ET.ParseError) as e:
        print(f"gen_cldr_plurals.py: error: {e}", file=sys.stderr)
        return 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
