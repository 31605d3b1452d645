#!/usr/bin/env python3
"""Runs the code examples of one Markdown page, so that no example in the docs rots.

The info string of a fenced block says what happens to it (HACKING.md, "Examples in the docs"):
  cpp            a C++17 translation unit: with a main() it is linked and run, else compiled only
  cpp no-run     linked but not run (a server that runs until killed)
  cpp with=F.cc  also compiles F.cc of the working folder (a source an earlier block generated)
  c              a C11 program linked with liberli18n_intl (the C API and the libintl ABI), run
  sh             run by bash -euo pipefail with the erli18n CLI first on PATH
  output         the exact standard output of the runnable block before it
  anything else  shown only
Relative links of the page must lead to files that exist.
All blocks of a page run in document order in one working folder: a fresh copy of the
fixture folder in which every .po was first compiled to a .mo beside it, and where
build/bin/erli18n and build/lib/liberli18n_intl.so lead to the built ones, so that a page can
spell them as a reader at the top of the repository does.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys

RUNNABLE = ("cpp", "c", "sh")
BLOCK_TIMEOUT = 120  # seconds; compiling under a sanitizer on a loaded machine is slow


class Block:
    def __init__(self, line, lang, attrs, text):
        self.line, self.lang, self.attrs, self.text = line, lang, attrs, text
        self.expected = None  # the text of the ```output block that follows, if any


def read_blocks(page):
    """Fenced blocks of the page. A fence must start in column 1: an indented one is refused
    rather than silently left unrun."""
    blocks, errors = [], []
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)\s*(.*)$", lines[i])
        if not m:
            i += 1
            continue
        if m.group(1):
            errors.append(f"{page}:{i + 1}:1: error: indented code fence (start fences in column 1)")
        fence, info = m.group(2), m.group(3).split()
        start, i = i, i + 1
        body = []
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            errors.append(f"{page}:{start + 1}:1: error: code fence never closed")
            break
        i += 1
        text = "\n".join(body) + "\n" if body else ""
        blocks.append(Block(start + 1, info[0] if info else "", info[1:], text))
    return blocks, errors


def check_links(page):
    """Relative Markdown links outside code blocks must name files that exist."""
    errors, in_code = [], False
    with open(page, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for m in re.finditer(r"\]\(([^)\s]+)\)", line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                    continue  # a web address or an anchor of this page
                path = os.path.join(os.path.dirname(page), target.split("#")[0])
                if not os.path.exists(path):
                    errors.append(f"{page}:{number}:{m.start(1) + 1}: error: broken link {target}")
    return errors


def pair_outputs(page, blocks):
    """Attaches each ```output block to the runnable block before it."""
    errors, runnable, last = [], [], None
    for b in blocks:
        if b.lang == "output":
            if last is None or last.expected is not None:
                errors.append(f"{page}:{b.line}:1: error: output block with no runnable block before it")
            else:
                last.expected = b.text
        elif b.lang in RUNNABLE:
            last = b
            runnable.append(b)
        else:
            last = None  # an output block belongs to the block just before it
    return runnable, errors


def prepare_folder(args, folder):
    if os.path.exists(folder):
        shutil.rmtree(folder)
    shutil.copytree(args.fixture, folder)
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".po"):
                po = os.path.join(root, name)
                subprocess.run([args.cli, "compile", "-o", po[:-3] + ".mo", po], check=True)
    # The built CLI and C ABI library where a reader at the top of the repository finds them.
    for link, target in (("build/bin/erli18n", args.cli), ("build/lib/liberli18n_intl.so", args.intl_lib)):
        os.makedirs(os.path.join(folder, os.path.dirname(link)), exist_ok=True)
        os.symlink(os.path.abspath(target), os.path.join(folder, link))


def libraries_for(args, text):
    """The libraries a C++ example needs, told by the headers it includes."""
    libs = []
    if "erli18n/http_httplib.h" in text:
        libs += [args.httplib_adapter] + args.httplib_flags.split()
    if "erli18n/http" in text:
        libs.append(args.http_lib)
    libs.append(args.lib)
    if "boost/locale" in text:
        libs.append("-lboost_locale")
    return libs + ["-pthread"]


def build(args, page_id, index, block, binaries, folder):
    """Compiles (and links, for a program) one block; returns (binary or None, error)."""
    is_program = re.search(r"\bint\s+main\s*\(", block.text) is not None
    ext = "cc" if block.lang == "cpp" else "c"
    source = os.path.join(binaries, f"{page_id}_{index}.{ext}")
    with open(source, "w", encoding="utf-8") as f:
        f.write(block.text)
    includes = [f"-I{d}" for d in args.include] + [f"-I{folder}"]  # headers earlier blocks wrote
    sanitize = args.sanitize_flags.split()
    if block.lang == "cpp":
        cmd = [args.cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror"] + sanitize + includes
        extra_sources = []
        for attr in block.attrs:
            if attr.startswith("with="):
                extra_sources.append(os.path.join(folder, attr[len("with="):]))
            elif attr != "no-run" and not attr.startswith("env="):
                return None, f"unknown attribute {attr!r} (only 'no-run', 'with=FILE' and 'env=NAME=VALUE')"
        libs = extra_sources + libraries_for(args, block.text)
    else:
        cmd = [args.cc, "-std=c11", "-Wall", "-Wextra", "-Werror"] + sanitize + includes
        lib_dir = os.path.dirname(args.intl_lib)
        libs = [args.intl_lib, f"-Wl,-rpath,{lib_dir}"]
    binary = source.rsplit(".", 1)[0]
    if not is_program:
        cmd += ["-c", source, "-o", binary + ".o"]
    else:
        cmd += [source, "-o", binary] + libs
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=BLOCK_TIMEOUT)
    if done.returncode != 0:
        first_lines = (done.stdout + done.stderr).splitlines(True)[:40]  # the first errors matter
        return None, "does not compile:\n" + "".join(first_lines)
    return (binary if is_program else None), None


def run_block(args, page_id, index, block, folder, binaries):
    env = dict(os.environ)
    env.pop("LANGUAGE", None)
    env.pop("LANG", None)
    env["LC_ALL"] = "C.UTF-8"
    env["PATH"] = os.path.dirname(os.path.abspath(args.cli)) + os.pathsep + env.get("PATH", "")
    for attr in block.attrs:  # `env=NAME=VALUE`: the page says the program is run so
        if attr.startswith("env=") and "=" in attr[4:]:
            name, value = attr[4:].split("=", 1)
            env[name] = value
    if block.lang == "sh":
        cmd = ["bash", "-euo", "pipefail", "-c", block.text]
    else:
        binary, error = build(args, page_id, index, block, binaries, folder)
        if error:
            return error
        if binary is None or "no-run" in block.attrs:
            if block.expected is not None:
                return "has an output block but is not run"
            return None
        cmd = [binary]
    try:
        done = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, timeout=BLOCK_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"still running after {BLOCK_TIMEOUT} s"
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0:
        return f"exited with {done.returncode}\nstdout:\n{out}stderr:\n{err}"
    if block.expected is not None and out != block.expected:
        diff = difflib.unified_diff(block.expected.splitlines(True), out.splitlines(True),
                                    "documented", "printed")
        return "printed something else than its output block:\n" + "".join(diff)
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("page")
    p.add_argument("--fixture", required=True)
    p.add_argument("--work", required=True, help="scratch folder (emptied first)")
    p.add_argument("--cli", required=True)
    p.add_argument("--cxx", default="c++")
    p.add_argument("--cc", default="cc")
    p.add_argument("--lib", required=True, help="liberli18n.a")
    p.add_argument("--http-lib", required=True)
    p.add_argument("--httplib-adapter", required=True)
    p.add_argument("--httplib-flags", default="-lcpp-httplib")
    p.add_argument("--intl-lib", required=True, help="liberli18n_intl.so")
    p.add_argument("--include", action="append", default=[])
    p.add_argument("--sanitize-flags", default="")
    p.add_argument("--expect-examples", action="store_true",
                   help="fail if the page has no runnable block")
    args = p.parse_args()

    blocks, errors = read_blocks(args.page)
    errors += check_links(args.page)
    runnable, pairing_errors = pair_outputs(args.page, blocks)
    errors += pairing_errors
    if args.expect_examples and not runnable:
        errors.append(f"{args.page}:1:1: error: no runnable example")
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1

    folder = os.path.join(args.work, "run")
    binaries = os.path.join(args.work, "bin")
    prepare_folder(args, folder)
    os.makedirs(binaries, exist_ok=True)
    page_id = re.sub(r"\W", "_", os.path.basename(args.page))
    failures = 0
    for index, block in enumerate(runnable):
        error = run_block(args, page_id, index, block, folder, binaries)
        if error:
            failures += 1
            print(f"{args.page}:{block.line}:1: error: {block.lang} example {error}", file=sys.stderr)
    checked = sum(1 for b in runnable if b.expected is not None)
    print(f"{args.page}: {len(runnable)} examples run, {checked} outputs compared, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
