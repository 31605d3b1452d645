#!/usr/bin/env bash
# The memory pages a short gettext program touches, glibc against liberli18n_intl.so preloaded
# (issue 25, goal 4): `ls`, `grep` and `date --help` in French, German, Japanese and a language
# with no catalog (xx), each page counted once whatever it is (code, data, heap, stack, a
# mapped catalog), and of them the preloaded library's own.
#
# Why pages: in a virtual machine whose hypervisor keeps shadow page tables, a process's first
# touch of each page traps to the hypervisor, mapped by the kernel already or not (a few
# microseconds each on the machine of docs/performance.md, where a whole `ls --help` takes 3
# ms), so the count of pages touched, not of instructions or of the kernel's page faults,
# is what start-up time follows there. valgrind's lackey lists every address a run touches:
# the count is exact and the same at every run, whatever else the machine is doing.
# Usage: bench/intl_pages.sh LIB        (needs valgrind and python3: scripts/install-deps.sh)
set -euo pipefail
lib=$(readlink -f "$1")
command -v valgrind > /dev/null || { echo "intl_pages.sh: needs valgrind" >&2; exit 2; }
interp=$(readelf -l /bin/ls | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LANG=C.UTF-8
unset LC_ALL LC_MESSAGES

# pages TRACE LIBNAME: the pages the run touched, and of them those of the mappings of the
# file LIBNAME (lackey's memory trace, with its system calls: a mapping is named by the file
# the last openat before it opened).
pages() {
  python3 - "$1" "$2" << 'EOF'
import re, sys
trace, libname = sys.argv[1], sys.argv[2]
mappings, opened, touched, after_segment = [], None, set(), False
for line in open(trace, errors="replace"):
    fields = line.split(None, 2)
    if len(fields) >= 2 and fields[0] in ("I", "L", "S", "M") and "," in fields[1]:
        touched.add(int(fields[1].split(",")[0], 16) >> 12)
        continue
    m = re.search(r"sys_openat \( \d+, 0x[0-9a-f]+\(([^)]*)\)", line)
    if m:
        opened = m.group(1).rsplit("/", 1)[-1]
        continue
    m = re.search(r"sys_mmap \( 0x[0-9a-f]+, (\d+), (\d+), \d+, (\d+),.*Success\((0x[0-9a-f]+)\)", line)
    if m:
        # The library's own: its file's segments, and the zeroed memory mapped right after
        # them (its .bss); not the address range the dynamic linker reserves first (no access).
        size, prot, fd, start = int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4), 16)
        file_backed = fd != 4294967295
        if opened == libname and prot != 0 and (file_backed or after_segment):
            mappings.append((start >> 12, (start + size + 4095) >> 12))
        after_segment = opened == libname and file_backed
own = sum(1 for p in touched if any(lo <= p < hi for lo, hi in mappings))
print(len(touched), own)
EOF
}

# run FORM PROGRAM: lackey's trace of `PROGRAM --help`, with glibc (FORM glibc) or the library.
run() {
  local preload=()
  [[ $1 == ours ]] && preload=(--preload "$lib")
  valgrind --tool=lackey --trace-mem=yes --trace-syscalls=yes --log-file="$work/trace" \
    "$interp" "${preload[@]}" "$(command -v "$2")" --help > /dev/null 2>&1
  pages "$work/trace" "$(basename "$lib")"
}

printf '%-14s %-4s %12s %12s %12s %16s\n' command lang "glibc pages" "ours pages" "ours/glibc" "of them the lib's"
for lang in fr de ja xx; do
  for program in ls grep date; do
    read -r glibc _ < <(LANGUAGE=$lang run glibc "$program")
    read -r ours own < <(LANGUAGE=$lang run ours "$program")
    awk -v p="$program --help" -v l="$lang" -v g="$glibc" -v o="$ours" -v w="$own" \
      'BEGIN { printf "%-14s %-4s %12d %12d %12.3f %16d\n", p, l, g, o, o / g, w }'
  done
done
