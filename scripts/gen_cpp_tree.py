#!/usr/bin/env python3
"""Writes a deterministic tree of realistic C++ sources for extraction benchmarks.

    python3 scripts/gen_cpp_tree.py OUT_DIR [--files 2000] [--seed 1]

OUT_DIR/src/<module>/<name>.{cc,h}: namespaces, classes, member and free functions, line and
block comments (some `TRANSLATORS:` comments), preprocessor lines, character literals, digit
separators, raw strings (SQL, JSON, regexes), and calls of the erli18n API in varied forms:
free and qualified calls, `translator` members (`tr.`, `t->`), plural, context, explicit
domains (`dgettext("errors", ...)`), locale-taking `dl...` calls, `...f` interpolating calls
with `%{name}` placeholders, `c-format` messages, adjacent-literal concatenation, raw-string
msgids, GNU's `_()` and `N_()`, calls spread over several lines, messages shared by many files,
and a few non-literal arguments (which extractors skip with a warning).

Every form is one `xgettext --language=C++` reads correctly with the keywords in
bench/extract_speed.sh, so both tools must write the same template (xgettext misreads the
argument count of `f(msgid, {{"k", v}})`, so interpolation arguments are variables here).
The same arguments always give the same bytes (Python's `random.Random(seed)`, no clock).
"""

import argparse
import os
import random
import sys

WORDS = (
    "account address archive attachment backup balance billing bookmark branch cache calendar "
    "camera card cart catalog channel chart checkout comment connection contact cookie coupon "
    "dashboard database device directory discount document download draft email export feed "
    "file filter folder font gallery group history image import inbox invoice item key label "
    "language layout library license link list location log message module network note "
    "notification order package page password payment permission photo plan playlist plugin "
    "policy post preference preview printer profile project queue quota receipt record report "
    "repository request role rule schedule screen search session setting share shipment "
    "signature snapshot source storage subscription tag task team template theme thread ticket "
    "timeline token topic transaction upload user version video wallet warning webhook window "
    "workspace"
).split()
VERBS = (
    "add archive cancel change check close connect copy create delete disable download edit "
    "enable export find hide import install load merge move open print publish refresh reload "
    "remove rename reset restore save select send share show sort start stop sync update upload "
    "verify"
).split()
ADJECTIVES = (
    "active archived current default empty expired hidden invalid locked missing new old "
    "pending private public recent remote selected shared temporary unknown unread unsaved"
).split()
CONTEXTS = ["menu", "button", "dialog title", "tooltip", "status bar", "verb", "noun", "settings"]
DOMAINS = ["errors", "admin", "emails"]
TEMPLATES = [
    "{V} the {a} {n}",
    "Could not {v} the {n}.",
    "The {n} is {a}.",
    "Are you sure you want to {v} this {n}?",
    "{N} settings",
    "No {a} {n} found",
    "Failed to {v} {n}: %s",
    "Unable to {v} the {n} \\\"%s\\\".",
    "{N} {vd} successfully",
    "Select a {n} to {v}",
    "Your {n} has been {vd}.",
    "{V} {n}",
    "Show {a} {n}s only",
    "The {n} could not be {vd} because it is {a}.\\n",
    "Tab\\tseparated {n}",
]
PLURALS = [
    ("%d {n}", "%d {n}s"),
    ("One {a} {n}", "%d {a} {n}s"),
    ("%d {n} was {vd}", "%d {n}s were {vd}"),
    ("Delete {n}?", "Delete %d {n}s?"),
]
INTERPOLATED = [
    "Hello, %{{name}}!",
    "{N} %{{name}} was {vd} by %{{user}}",
    "%{{count}} {n}s in %{{folder}}",
    "Welcome back to %{{product}}",
]
INTERPOLATED_PLURALS = [
    ("%{{count}} {n} selected", "%{{count}} {n}s selected"),
    ("%{{user}} sent one {n}", "%{{user}} sent %{{count}} {n}s"),
]
RAW_SNIPPETS = [
    'R"sql(SELECT id, "name" FROM {n}s WHERE state = \'{a}\' -- /* not a comment */)sql"',
    'R"({{"type": "{n}", "state": "{a}", "path": "C:\\\\{n}"}})"',
    'R"re(^[a-z]+(\\.[a-z]+)*"?$)re"',
    'u8R"(text with "quotes" and // slashes)"',
]


IRREGULAR = {"find": "found", "hide": "hidden", "send": "sent", "show": "shown", "stop": "stopped"}
LICENSE = """//
// Copyright (C) the benchmark authors. This file is part of a generated test tree.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of this
// software and associated documentation files, to deal in the software without
// restriction, including without limitation the rights to use, copy, modify, merge,
// publish, distribute, sublicense, and/or sell copies of the software, subject to the
// following conditions: the above copyright notice and this permission notice shall be
// included in all copies or substantial portions of the software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.
//"""


class Gen:
    def __init__(self, rng):
        self.rng = rng
        # Messages shared across files: the same msgid used in many places.
        self.shared = [self.sentence() for _ in range(150)]

    def pick(self, seq):
        return self.rng.choice(seq)

    def fill(self, template):
        n, v, a = self.pick(WORDS), self.pick(VERBS), self.pick(ADJECTIVES)
        vd = IRREGULAR.get(v, v + "d" if v.endswith("e") else v + "ed")
        return template.format(n=n, N=n.capitalize(), v=v, V=v.capitalize(), vd=vd, a=a)

    def sentence(self):
        return self.fill(self.pick(TEMPLATES))

    def msgid(self):
        return self.pick(self.shared) if self.rng.random() < 0.3 else self.sentence()


def q(text):
    return '"' + text + '"'


def call(g, indent):
    """One statement calling the API, possibly over several lines."""
    r = g.rng.random()
    pad = " " * indent
    if r < 0.16:
        return f"{pad}auto s = erli18n::gettext({q(g.msgid())});"
    if r < 0.24:
        return f"{pad}label_ = tr.gettext({q(g.msgid())});"
    if r < 0.32:
        one, many = g.pick(PLURALS)
        one, many = g.fill(one), g.fill(many)
        who = g.pick(["erli18n::", "t->", "tr."])
        return f"{pad}auto p = {who}ngettext({q(one)},\n{pad}                       {q(many)}, count);"
    if r < 0.40:
        ctx = g.pick(CONTEXTS)
        return f"{pad}auto c = erli18n::pgettext({q(ctx)}, {q(g.msgid())});"
    if r < 0.44:
        ctx = g.pick(CONTEXTS)
        one, many = g.pick(PLURALS)
        return f"{pad}auto c = tr.npgettext({q(ctx)}, {q(g.fill(one))}, {q(g.fill(many))}, n);"
    if r < 0.52:
        dom = g.pick(DOMAINS)
        return f"{pad}report(erli18n::dgettext({q(dom)}, {q(g.msgid())}));"
    if r < 0.55:
        dom = g.pick(DOMAINS)
        one, many = g.pick(PLURALS)
        return f"{pad}report(erli18n::dngettext({q(dom)}, {q(g.fill(one))}, {q(g.fill(many))}, n));"
    if r < 0.57:
        dom, ctx = g.pick(DOMAINS), g.pick(CONTEXTS)
        return f"{pad}report(erli18n::dpgettext({q(dom)}, {q(ctx)}, {q(g.msgid())}));"
    if r < 0.59:
        dom = g.pick(DOMAINS)
        return f"{pad}auto l = erli18n::dlgettext({q(dom)}, locale, {q(g.msgid())});"
    if r < 0.66:
        text = g.fill(g.pick(INTERPOLATED))
        return f"{pad}std::string f = erli18n::gettextf({q(text)}, args);"
    if r < 0.69:
        text = g.fill(g.pick(INTERPOLATED))
        return f"{pad}std::string f = erli18n::gettextf(tr, {q(text)}, args);"
    if r < 0.72:
        one, many = g.pick(INTERPOLATED_PLURALS)
        return f"{pad}std::string f = erli18n::ngettextf({q(g.fill(one))}, {q(g.fill(many))}, n, args);"
    if r < 0.74:
        ctx = g.pick(CONTEXTS)
        text = g.fill(g.pick(INTERPOLATED))
        return f"{pad}std::string f = erli18n::pgettextf({q(ctx)}, {q(text)}, args);"
    if r < 0.78:
        words = g.sentence().split(" ")
        cut = max(1, len(words) // 2)
        a, b = " ".join(words[:cut]) + " ", " ".join(words[cut:])
        return f"{pad}auto s = erli18n::gettext({q(a)}\n{pad}                         {q(b)});"
    if r < 0.81:
        text = g.sentence()
        while "\\" in text:  # a raw string has no escapes: keep the two spellings apart
            text = g.sentence()
        return f"{pad}auto s = erli18n::gettext(R\"({text})\");"
    if r < 0.86:
        return f"{pad}puts(_({q(g.msgid())}));"
    if r < 0.88:
        return f"{pad}static const char* const kName = N_({q(g.msgid())});"
    if r < 0.90:
        # TRANSLATORS comment right before the call.
        return f"{pad}// TRANSLATORS: shown when the {g.pick(WORDS)} is {g.pick(ADJECTIVES)}\n" \
               f"{pad}auto s = erli18n::gettext({q(g.msgid())});"
    if r < 0.92:
        return f"{pad}auto s = erli18n::gettext(name);  // dynamic: not extracted"
    if r < 0.95:
        return f"{pad}auto s = tr.pgettext({q(g.pick(CONTEXTS))}, {q(g.msgid())});"
    return f"{pad}auto s = erli18n::gettext(u8{q(g.msgid())});"


def filler(g, indent):
    """Code that is not a call: the lexer must walk it correctly."""
    pad = " " * indent
    r = g.rng.random()
    n = g.pick(WORDS)
    if r < 0.2:
        return f"{pad}// {g.pick(VERBS).capitalize()} the {n} before the {g.pick(WORDS)} is {g.pick(ADJECTIVES)}."
    if r < 0.3:
        return f"{pad}/* gettext(\"not a call: inside a comment\") */"
    if r < 0.45:
        return f"{pad}const char* query = {g.fill(g.pick(RAW_SNIPPETS))};"
    if r < 0.55:
        return f"{pad}constexpr long k{n.capitalize()}Limit = {g.rng.randint(1, 999)}'{g.rng.randint(100, 999)};"
    if r < 0.62:
        return f"{pad}if (c == '\"' || c == '\\'') ++quotes;"
    if r < 0.72:
        return f"{pad}log(\"debug: {n} state changed\");  // not translated"
    if r < 0.82:
        return f"{pad}for (std::size_t i = 0; i < {n}s_.size(); ++i) total += {n}s_[i].size();"
    if r < 0.9:
        return f"{pad}std::string key = \"{n}.\" + std::to_string(id) + \"\\n\";"
    return f"{pad}if (!{n}) return;"


def function(g, cls, name):
    lines = []
    if g.rng.random() < 0.5:
        lines.append(f"/// Makes sure to {g.pick(VERBS)} the {g.pick(WORDS)} of this {g.pick(WORDS)}.")
    owner = f"{cls}::" if cls else ""
    lines.append(f"void {owner}{name}(const erli18n::translator& tr, unsigned long count) {{")
    lines.append("  const erli18n::translator* t = &tr;")
    lines.append("  unsigned long n = count;")
    # About one statement in five is a translatable call: UI code; back-end code has fewer.
    for _ in range(g.rng.randint(6, 30)):
        lines.append(call(g, 2) if g.rng.random() < 0.2 else filler(g, 2))
    lines.append("}")
    return "\n".join(lines)


def source_file(g, module, stem):
    cls = "".join(part.capitalize() for part in stem.split("_"))
    parts = [
        f"// {module}/{stem}.cc — the {stem.replace('_', ' ')} of the {module} module.",
        "//",
        "// Generated by scripts/gen_cpp_tree.py for extraction benchmarks.",
        LICENSE,
        f'#include "{module}/{stem}.h"',
        "",
        "#include <cstdio>",
        "#include <string>",
        "",
        "#include <erli18n/gettext.h>",
        "#include <erli18n/gettextf.h>",
        "",
        "#define _(msgid) erli18n::gettext(msgid)",
        "#define N_(msgid) msgid",
        "",
        f"namespace app::{module} {{",
        "",
    ]
    for i in range(g.rng.randint(5, 14)):
        parts.append(function(g, cls if i % 3 else None, f"{g.pick(VERBS)}_{g.pick(WORDS)}_{i}"))
        parts.append("")
    parts.append(f"}}  // namespace app::{module}")
    parts.append("")
    return "\n".join(parts)


def header_file(g, module, stem):
    cls = "".join(part.capitalize() for part in stem.split("_"))
    guard = f"APP_{module.upper()}_{stem.upper()}_H"
    return "\n".join([
        f"// {module}/{stem}.h",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
        "#include <string>",
        "",
        f"namespace app::{module} {{",
        "",
        f"class {cls} {{",
        " public:",
        f"  // Default title; translated where it is shown.",
        f"  static constexpr const char* kTitle = \"{g.sentence()}\";",
        f"  std::string label() const {{ return erli18n::gettext({q(g.msgid())}).data(); }}",
        "",
        " private:",
        "  std::string label_;",
        "};",
        "",
        f"}}  // namespace app::{module}",
        "",
        f"#endif  // {guard}",
        "",
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--files", type=int, default=2000, help="number of files (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    g = Gen(random.Random(args.seed))
    modules = [f"{g.pick(WORDS)}_{i:02d}" for i in range(max(1, args.files // 50))]
    written = 0
    while written < args.files:
        module = modules[written % len(modules)]
        stem = f"{g.pick(WORDS)}_{g.pick(VERBS)}_{written:04d}"
        folder = os.path.join(args.out_dir, "src", module)
        os.makedirs(folder, exist_ok=True)
        is_header = written % 5 == 4
        text = header_file(g, module, stem) if is_header else source_file(g, module, stem)
        with open(os.path.join(folder, stem + (".h" if is_header else ".cc")), "w", encoding="utf-8",
                  newline="\n") as out:
            out.write(text)
        written += 1
    print(f"wrote {written} files under {os.path.join(args.out_dir, 'src')}", file=sys.stderr)


if __name__ == "__main__":
    main()
