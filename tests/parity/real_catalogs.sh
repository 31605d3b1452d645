# Sourced by the parity tests that read the machine's real catalogs (/usr/share/locale): how
# they pick their sample and how they fail when the machine has too few catalogs; and by every
# parity test that takes a smaller sample under ERLI18N_PARITY_SAMPLE (below).
#
# The sample follows what is installed (a fixed number of catalogs spread over the sorted
# list, whatever its length), so a machine with more or fewer catalogs tests as much; each
# test states the minimum it must compare and fails below it, naming the packages to install,
# rather than testing less without a word. The packages are those of `catalog_packages` in
# scripts/install-deps.sh, which every fresh machine gets (scripts/fresh-debian-check.sh).

# ERLI18N_PARITY_SAMPLE=PERCENT (1 to 100, default 100) shrinks every test to that share of
# its inputs, and its stated minimums alike, so a short sample still fails on a machine with too
# few catalogs. The normal build runs everything; the ASan+UBSan run of `make test` sets 10: it
# is there to put the library's code under the sanitizers, which a tenth of the catalogs does,
# not to run the GNU tools over every catalog a second time.
parity_sample_percent() {
  local p=${ERLI18N_PARITY_SAMPLE:-100}
  if ! [[ $p =~ ^[0-9]+$ ]] || ((p < 1 || p > 100)); then
    echo "FAIL: ERLI18N_PARITY_SAMPLE=$p: a percentage from 1 to 100 was expected" >&2
    exit 1
  fi
  echo "$p"
}
parity_sample_percent > /dev/null

# parity_sampled: true when the run compares a sample (ERLI18N_PARITY_SAMPLE below 100).
parity_sampled() { (($(parity_sample_percent) < 100)); }

# parity_scaled N: N scaled to the sample, rounded up (so at least 1 when N is).
parity_scaled() { echo $((($1 * $(parity_sample_percent) + 99) / 100)); }

# parity_keep I: whether the I-th input (from 0) of a test is in the sample: every step-th,
# step = 100 / PERCENT, so the sample spreads over the list as the inputs do.
parity_keep() { (($1 % (100 / $(parity_sample_percent)) == 0)); }

# parity_filter FILE: keeps in FILE only the sample's lines (parity_keep over its lines).
parity_filter() {
  parity_sampled || return 0
  awk -v s=$((100 / $(parity_sample_percent))) '(NR - 1) % s == 0' "$1" > "$1.sample"
  mv "$1.sample" "$1"
}

# parity_grid_step ROWS COLUMNS: the step of a sample over a grid of ROWS fixtures by COLUMNS
# option sets: 100 / PERCENT, but at most ROWS and at most COLUMNS, so that every fixture and
# every option set keep at least one cell (parity_modes).
parity_grid_step() {
  local step=$((100 / $(parity_sample_percent)))
  ((step <= $1)) || step=$1
  ((step <= $2)) || step=$2
  ((step >= 1)) || step=1
  echo "$step"
}

# parity_modes I ROWS MODE...: the option sets the I-th (from 0) of ROWS fixtures runs with: all
# of them, or in a sample the cells of the fixture x option-set grid on every step-th diagonal
# ((I + J) % step == 0, parity_grid_step), so that every fixture runs with at least one option
# set and every option set with at least one fixture. Prints one set per line (an empty line
# for the default options).
parity_modes() {
  local i=$1 rows=$2
  shift 2
  local modes=("$@") step j
  step=$(parity_grid_step "$rows" "${#modes[@]}")
  for j in "${!modes[@]}"; do
    (((i + j) % step == 0)) && printf '%s\n' "${modes[j]}"
  done
  return 0
}

# ERLI18N_PARITY_SHARD=K/N (1 <= K <= N; default 1/1): a test split into N ctest tests
# (tests/parity/gnu.cmake) runs in its K-th part the K-th of every N comparisons, counted in
# the order the script makes them, so that the N parts together compare what the whole would
# and each stays short. A comparison function starts with `parity_in_shard || return 0`.
# ERLI18N_PARITY_COMPARISONS=PERCENT (default 100) keeps, of those, every step-th (step =
# 100 / PERCENT): the sanitizer run of make test sets it, since there each of our processes costs
# several times more and the point is our code under the sanitizers, not every spelling again.
parity_shard=${ERLI18N_PARITY_SHARD:-1/1}
if ! [[ $parity_shard =~ ^([0-9]+)/([0-9]+)$ ]] || ((BASH_REMATCH[1] < 1 || BASH_REMATCH[1] > BASH_REMATCH[2])); then
  echo "FAIL: ERLI18N_PARITY_SHARD=$parity_shard: K/N with 1 <= K <= N was expected" >&2
  exit 1
fi
parity_shard_index=$((BASH_REMATCH[1] - 1)) parity_shard_count=${BASH_REMATCH[2]} parity_shard_calls=0
parity_comparisons=${ERLI18N_PARITY_COMPARISONS:-100}
if ! [[ $parity_comparisons =~ ^[0-9]+$ ]] || ((parity_comparisons < 1 || parity_comparisons > 100)); then
  echo "FAIL: ERLI18N_PARITY_COMPARISONS=$parity_comparisons: a percentage from 1 to 100 was expected" >&2
  exit 1
fi
parity_comparison_step=$((100 / parity_comparisons))

# parity_in_shard: whether this comparison is made by this part (ERLI18N_PARITY_SHARD) and
# kept (ERLI18N_PARITY_COMPARISONS).
parity_in_shard() {
  local call=$((parity_shard_calls++))
  ((call % parity_shard_count == parity_shard_index && call / parity_shard_count % parity_comparison_step == 0))
}

real_catalogs_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
real_catalogs_install_deps=$real_catalogs_dir/../../scripts/install-deps.sh

# real_catalogs_pick ROOT COUNT OUT [FIND-TESTS...]: writes to OUT at most COUNT (scaled to the
# sample) of the .mo files under ROOT that pass the find tests (e.g. -size -60k), every step-th
# of the sorted list with step = max(1, total / COUNT), so they spread over domains and languages;
# then a catalog of each kind those lack (real_catalogs_kinds.pl).
real_catalogs_pick() {
  local root=$1 count out=$3
  count=$(parity_scaled "$2")
  shift 3
  find "$root" -name '*.mo' -type f "$@" | LC_ALL=C sort > "$out.all"
  local total step
  total=$(wc -l < "$out.all")
  step=$((total / count))
  ((step >= 1)) || step=1
  # awk stops at COUNT itself: `| head` could kill awk with SIGPIPE, which pipefail turns
  # into a silent failure of the whole test.
  awk -v s="$step" -v max="$count" 'NR % s == 0 && ++n <= max' "$out.all" > "$out.step"
  # Then one catalog of each kind (charset, number of plural forms, system-dependent strings)
  # that the step-th ones lack, so that a small sample still meets every kind.
  perl "$real_catalogs_dir/real_catalogs_kinds.pl" "$out.step" < "$out.all" > "$out"
  rm -f "$out.all" "$out.step"
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

# real_catalogs_need TEST WHAT COUNT MIN: nothing when COUNT >= MIN (MIN scaled to the sample);
# otherwise prints why the test cannot prove anything and which packages bring the catalogs,
# and exits 1.
real_catalogs_need() {
  local test=$1 what=$2 count=$3 min
  min=$(parity_scaled "$4")
  ((count >= min)) && return 0
  echo "FAIL: $test: only $count $what, the test needs at least $min;" \
    "install the packages that ship real catalogs with scripts/install-deps.sh:" \
    "$(real_catalogs_packages)" >&2
  exit 1
}
