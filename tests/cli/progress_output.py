#!/usr/bin/env python3
"""Checks what a terminal received from `erli18n extract`/`check` against a redirected run.

    progress_output.py TERMINAL REDIRECTED TOTAL [--drawn]

TERMINAL holds the bytes the command wrote to a terminal stderr (run_in_pty.py), REDIRECTED
its stderr when redirected to a file. Passes when TERMINAL is: progress-bar lines
`\\rextracting [###...] DONE/TOTAL\\x1b[K` (DONE never decreasing, at most TOTAL), then, if
any was drawn, one `\\r\\x1b[K` clearing the line, then exactly the bytes of REDIRECTED (so
no warning or result is printed over the bar, and nothing is left of it). --drawn: at least
one bar line is required. Prints how many lines were drawn.
"""

import re
import sys

DRAW = re.compile(rb"\rextracting \[([#.]+)\] (\d+)/(\d+)\x1b\[K")
CLEAR = b"\r\x1b[K"


def fail(message):
    sys.exit("progress_output: FAIL: " + message)


def main():
    args = [a for a in sys.argv[1:] if a != "--drawn"]
    if len(args) != 3:
        sys.exit(__doc__)
    terminal = open(args[0], "rb").read()
    redirected = open(args[1], "rb").read()
    total = int(args[2])
    pos, draws, last = 0, 0, 0
    while True:
        m = DRAW.match(terminal, pos)
        if not m:
            break
        done, of = int(m.group(2)), int(m.group(3))
        if of != total or done > total or done < last:
            fail(f"bar line {m.group(0)!r}: expected a count up to {total}, after {last}")
        if len(m.group(1)) < 10:
            fail(f"bar line {m.group(0)!r}: bar narrower than 10")
        pos, draws, last = m.end(), draws + 1, done
    if draws > 0:
        if not terminal.startswith(CLEAR, pos):
            fail(f"no line clearing after the bar, got {terminal[pos:pos + 40]!r}")
        pos += len(CLEAR)
    elif "--drawn" in sys.argv:
        fail(f"no bar drawn; the terminal got {terminal[:80]!r}")
    if terminal[pos:] != redirected:
        fail(f"after the bar the terminal got {terminal[pos:pos + 200]!r}, redirected {redirected[:200]!r}")
    print(f"progress_output: {draws} bar lines, last {last}/{total}, then {len(redirected)} bytes as redirected")


if __name__ == "__main__":
    main()
