#!/usr/bin/env python3
"""Writes src/c_api/startup_order.ld: the order of liberli18n_intl.so's code and read-only data.

A short gettext program (`ls --help`) runs a few hundred of the library's functions, spread
over its 1.2 MB of text: each 64 KiB the kernel maps around a page fault holds one or two of
them, so the program took 15 page faults in the library's code alone. The linker script this
writes puts those functions in one output section at the start of the text, and the large
tables no start-up reads (the PO writer's Unicode rows, CLDR's matching data, libstdc++'s
floating-point tables) after the rest of the read-only data, so that what a start-up reads
shares the fewest fault-around windows. It only orders sections: a function missing from the
list, or a name that no longer exists, changes speed, never behaviour
(tests/unit/intl_startup_order_test.sh fails when the list has gone stale).

The functions are those callgrind sees executed in the library (built with
-ffunction-sections, as every build is: cmake/layers.cmake) by ls, grep and date --help in
French, German, Japanese and a language without catalogs, preloaded through the dynamic
linker, and by any further command given. Pass the library of each build type whose code
differs (Release and RelWithDebInfo inline differently): the list is their union.

Usage: scripts/gen_startup_order.py [-o src/c_api/startup_order.ld] LIB... [--command 'CMD ...']
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PROGRAMS = [["/bin/ls", "--help"], ["/bin/grep", "--help"], ["/bin/date", "--help"]]
LANGUAGES = ["fr", "de", "ja", "xx"]

# Read-only data no start-up reads, by input-section name: the largest tables (about 350 KB
# of the library's 410 KB of .rodata). Only their place changes; a name no longer present
# matches nothing.
COLD_RODATA = [
    ".rodata._ZN7erli18n10po_unicode*",  # the PO writer's line-break and width tables
    ".rodata._ZN7erli18n4cldr14likely_subtagsE",
    ".rodata._ZN7erli18n4cldr17territory_aliasesE",
    ".rodata._ZN7erli18n4cldr11match_rulesE",
    ".rodata._ZN7erli18n4cldr16language_aliasesE",
    ".rodata._ZN7erli18n4cldr14parent_localesE",
    ".rodata._ZN12_GLOBAL__N_13ryu*",  # libstdc++'s to_chars tables
]

# Constructors and destructors: GCC emits one body, in the section of the base-object
# variant (C2, D2), with the complete-object variant (C1, D1) as an alias callgrind may name.
VARIANTS = [("C1E", "C2E"), ("C1I", "C2I"), ("D1E", "D2E"), ("D0E", "D2E")]


def interpreter():
    out = subprocess.run(["readelf", "-l", "/bin/ls"], capture_output=True, text=True, check=True).stdout
    return re.search(r"interpreter: (\S+)\]", out).group(1)


def defined_functions(lib):
    """The names of the functions `lib` defines (its symbol table)."""
    out = subprocess.run(["nm", lib], capture_output=True, text=True, check=True).stdout
    return {p[2] for p in (line.split() for line in out.splitlines()) if len(p) == 3 and p[1] in "tTW"}


def executed_functions(lib, command, language, work):
    """The mangled names of the functions of `lib` that `command` executes."""
    out = os.path.join(work, "callgrind.out")
    env = dict(os.environ, LANG="C.UTF-8", LANGUAGE=language)
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out] + command,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    report = subprocess.run(["callgrind_annotate", "--threshold=100", out], capture_output=True, text=True,
                            check=True).stdout
    # Every function that ran, whatever its object (callgrind names the object of a library
    # with debug information `???`), kept if the library defines it.
    ran = set()
    for line in report.splitlines():
        m = re.match(r"^\s*[\d,]+ \([^)]*\)\s+(?:\S*:)?(\S+) \[.*\]$", line)
        if m:
            ran.add(re.sub(r"'\d+$", "", m.group(1)))  # callgrind marks recursion levels
    names = ran & defined_functions(lib)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("libs", nargs="+", help="liberli18n_intl.so of each build type")
    parser.add_argument("-o", "--output", default="src/c_api/startup_order.ld")
    parser.add_argument("--command", action="append", default=[],
                        help="a further command to run with the library preloaded (split on blanks)")
    args = parser.parse_args()
    ld_so = interpreter()
    counts = {}
    with tempfile.TemporaryDirectory() as work:
        for lib in args.libs:
            lib = os.path.realpath(lib)
            runs = [(p, lang) for p in PROGRAMS for lang in LANGUAGES]
            runs += [(c.split(), "fr") for c in args.command]
            for program, language in runs:
                for name in executed_functions(lib, [ld_so, "--preload", lib] + program, language, work):
                    counts[name] = counts.get(name, 0) + 1
    # The functions most runs share first: they are the ones every start-up pays for.
    names = sorted(counts, key=lambda n: (-counts[n], n))
    sections = []
    for name in names:
        for variant in [name] + [name.replace(a, b) for a, b in VARIANTS if a in name]:
            if variant not in sections:
                sections.append(variant)
    with open(args.output, "w") as f:
        f.write("/* liberli18n_intl.so's start-up code first, its cold tables last.\n"
                "   Generated by scripts/gen_startup_order.py; do not edit. Regenerate (with valgrind, from\n"
                "   a Release and a RelWithDebInfo build):\n"
                "     scripts/gen_startup_order.py build-bench/lib/liberli18n_intl.so build/lib/liberli18n_intl.so\n"
                "   It orders sections only: see the script for why. */\n")
        f.write("SECTIONS\n{\n  .text.erli18n_startup :\n  {\n")
        f.write("    *crtbeginS.o(.text)\n")  # frame_dummy, run by every start
        f.write("    *(.text.startup .text.startup.*)\n")  # the static initialisers
        for name in sections:
            f.write("    *(.text.%s)\n" % name)
        f.write("  }\n}\nINSERT BEFORE .text;\n")
        f.write("SECTIONS\n{\n  .rodata.erli18n_cold :\n  {\n")
        for pattern in COLD_RODATA:
            f.write("    *(%s)\n" % pattern)
        f.write("  }\n}\nINSERT AFTER .rodata;\n")
    print("%s: %d functions" % (args.output, len(sections)), file=sys.stderr)


if __name__ == "__main__":
    main()
