# Sourced by the parity tests that read the machine's real catalogs (/usr/share/locale): how
# they pick their sample and how they fail when the machine has too few catalogs.
#
# The sample follows what is installed (a fixed number of catalogs spread over the sorted
# list, whatever its length), so a machine with more or fewer catalogs tests as much; each
# test states the minimum it must compare and fails below it, naming the packages to install,
# rather than testing less without a word. The packages are those of `catalog_packages` in
# scripts/install-deps.sh, which every fresh machine gets (scripts/fresh-debian-check.sh).

real_catalogs_install_deps=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../scripts" && pwd)/install-deps.sh

# real_catalogs_pick ROOT COUNT OUT [FIND-TESTS...]: writes to OUT at most COUNT of the .mo
# files under ROOT that pass the find tests (e.g. -size -60k), every step-th of the sorted
# list with step = max(1, total / COUNT), so they spread over domains and languages.
real_catalogs_pick() {
  local root=$1 count=$2 out=$3
  shift 3
  find "$root" -name '*.mo' -type f "$@" | LC_ALL=C sort > "$out.all"
  local total step
  total=$(wc -l < "$out.all")
  step=$((total / count))
  ((step >= 1)) || step=1
  # awk stops at COUNT itself: `| head` could kill awk with SIGPIPE, which pipefail turns
  # into a silent failure of the whole test.
  awk -v s="$step" -v max="$count" 'NR % s == 0 && ++n <= max' "$out.all" > "$out"
  rm -f "$out.all"
}

# real_catalogs_packages: the packages of scripts/install-deps.sh that ship the catalogs, and
# after them those of them not installed here.
real_catalogs_packages() {
  local list p missing=()
  # The array's lines, `catalog_packages=(` to the closing parenthesis.
  list=$(sed -n -e '/^catalog_packages=(/,/)$/p' "$real_catalogs_install_deps" |
    sed -e 's/^catalog_packages=(//' -e 's/)$//' | xargs)
  for p in $list; do
    dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  echo "$list (not installed here: ${missing[*]:-none})"
}

# real_catalogs_need TEST WHAT COUNT MIN: nothing when COUNT >= MIN; otherwise prints why the
# test cannot prove anything and which packages bring the catalogs, and exits 1.
real_catalogs_need() {
  local test=$1 what=$2 count=$3 min=$4
  ((count >= min)) && return 0
  echo "FAIL: $test: only $count $what, the test needs at least $min;" \
    "install the packages that ship real catalogs with scripts/install-deps.sh:" \
    "$(real_catalogs_packages)" >&2
  exit 1
}
