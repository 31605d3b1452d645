#!/usr/bin/env bash
# Proves the README's commands on a fresh Debian 12: builds a minimal Debian 12 (bookworm)
# chroot with debootstrap, adds only make and git (a user who cloned the repository has git;
# scripts/format.sh lists the tracked files with it), puts a clean clone of one commit of this
# repository in /root/erli18n, and runs `make demo && make test` there as root (or COMMAND).
# Everything else the build and the tests need must come from scripts/install-deps.sh, which
# `make` runs first: a package missing from it, or a test that depends on what this team's
# machines happen to have installed, fails here.
#
# Usage: scripts/fresh-debian-check.sh [options] [--] [COMMAND...]
#   --chroot DIR     the chroot folder: built when absent or empty, reused when it is one this
#                    script built (a reused chroot keeps what earlier runs installed, so only
#                    its first run proves a fresh system; the clone is always made anew).
#                    Default: a new folder under /var/tmp, removed at the end unless --keep.
#   --commit REV     the commit to clone (default HEAD of the repository this script is in).
#   --mirror URL     the Debian archive (default: the first bookworm entry of this machine's
#                    apt sources, /etc/apt/sources.list and /etc/apt/sources.list.d/*, whose
#                    bookworm entries, updates and security included, the chroot then uses).
#   --variant NAME   debootstrap's variant (default minbase: only the Essential and
#                    Priority: required packages, plus apt).
#   --keep           keep a default chroot folder.
# COMMAND runs in the clone through `bash -c` (default: make demo && make test); the script
# exits with its status. Needs root, debootstrap and the network to the Debian archive.
set -euo pipefail
# The whole script in one block: bash reads it before running it, so that editing the file
# (a checkout) while a run goes on for half an hour cannot change what that run does.
{

die() {
  echo "fresh-debian-check: $*" >&2
  exit 2
}
say() { echo "fresh-debian-check: [$(date -u +%H:%M:%S)] $*" >&2; }

dir="" commit=HEAD mirror="" variant=minbase keep=0
while [ $# -gt 0 ]; do
  case $1 in
    --chroot) dir=${2:?--chroot needs a folder}; shift 2 ;;
    --commit) commit=${2:?--commit needs a revision}; shift 2 ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
    --variant) variant=${2:?--variant needs a name}; shift 2 ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
command_line=${*:-make demo && make test}

[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot and mount)"
command -v debootstrap > /dev/null || die "debootstrap is not installed (apt-get install debootstrap)"
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
sha=$(git -C "$repo" rev-parse --verify --quiet "$commit^{commit}") || die "no commit $commit in $repo"

# debian_entries: "URI SUITE COMPONENTS..." for each enabled bookworm entry of apt's sources,
# from the one-line format (*.list) and the deb822 format (*.sources). Files with other names
# are ignored by apt, and so here (e.g. *.list.disabled).
debian_entries() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    # deb [options] URI SUITE COMPONENTS...
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" && $3 ~ /^bookworm/ {
      line = $2 " " $3; for (i = 4; i <= NF; i++) line = line " " $i; print line }'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush(  n, u, s, i, j, uris, suites) {
        if (types ~ /(^| )deb( |$)/ && enabled != "no") {
          n = split(uri, uris, " "); s = split(suite, suites, " ")
          for (i = 1; i <= n; i++) for (j = 1; j <= s; j++)
            if (suites[j] ~ /^bookworm/) print uris[i], suites[j], comp
        }
        types = uri = suite = comp = enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ /, "") }
      key == "types" { types = $0 } key == "uris" { uri = $0 } key == "suites" { suite = $0 }
      key == "components" { comp = $0 } key == "enabled" { enabled = tolower($0) }
      END { flush() }' "$f"
  done
}
mapfile -t entries < <(debian_entries)
if [ -n "$mirror" ]; then
  entries=("$mirror bookworm main")  # the archive given replaces this machine's entries
else
  for e in "${entries[@]}"; do
    read -r uri suite _ <<< "$e"
    if [ "$suite" = bookworm ]; then mirror=$uri; break; fi
  done
  [ -n "$mirror" ] || die "no bookworm entry in /etc/apt/sources.list{,.d/*}: give --mirror URL"
fi

marker=.erli18n-fresh-debian-check
made_dir=0
if [ -z "$dir" ]; then
  dir=$(mktemp -d /var/tmp/erli18n-fresh.XXXXXX)
  made_dir=1
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd -P)
[ "$dir" != / ] || die "--chroot / is not a chroot"
# One run at a time in a chroot: a second one would remove the clone under the first's build
# and unmount its /dev. Taken before anything is changed (the lock goes with the process).
exec 9< "$dir"
flock -n 9 || die "another run is using $dir"

# Mounts and processes left in the chroot are undone on any exit; a folder this run made is
# removed unless --keep (never across a mount: rm --one-file-system, after the unmounts).
mounted=()
cleanup() {
  local status=$? pid m
  trap - EXIT INT TERM
  # Processes still running inside the chroot (a test's server left behind) hold the mounts.
  for pid in /proc/[0-9]*; do
    if [ "$(readlink "$pid/root" 2> /dev/null)" = "$dir" ]; then kill -KILL "${pid#/proc/}" 2> /dev/null || true; fi
  done
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    m=${mounted[$i]}
    umount -R "$m" 2> /dev/null || umount -R -l "$m" || echo "fresh-debian-check: cannot unmount $m" >&2
  done
  if ((made_dir && !keep)) && ! findmnt -rn -o TARGET | grep -q "^$dir/"; then
    rm -rf --one-file-system "$dir"
  elif ((made_dir)); then
    say "chroot kept in $dir (reuse it with --chroot $dir)"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

in_chroot() {
  chroot "$dir" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

mount_all() {
  local m
  # Mounts a killed run left (its trap never ran): this run holds the lock, so they are stale.
  for m in "$dir/sys" "$dir/proc" "$dir/dev"; do
    if mountpoint -q "$m"; then umount -R "$m" 2> /dev/null || umount -R -l "$m"; fi
  done
  # /dev recursively (devpts: pseudo-terminals; /dev/shm), made a slave so that unmounting it
  # here can never propagate to the host's /dev.
  mount --rbind /dev "$dir/dev" && mounted+=("$dir/dev")
  mount --make-rslave "$dir/dev"
  mount -t proc proc "$dir/proc" && mounted+=("$dir/proc")
  mount -t sysfs sysfs "$dir/sys" && mounted+=("$dir/sys")
  # The chroot resolves the archive's host name as this machine does.
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf"
}

start=$SECONDS
if [ -e "$dir/$marker" ]; then
  say "reusing the chroot $dir (built $(cat "$dir/$marker")); what earlier runs installed is still there"
  mount_all
elif [ -n "$(ls -A "$dir")" ]; then
  die "$dir is neither empty nor a chroot this script built (an interrupted build? remove it and start over)"
else
  say "debootstrap --variant=$variant bookworm $dir $mirror"
  debootstrap --variant="$variant" bookworm "$dir" "$mirror" > "$dir.debootstrap.log" 2>&1 ||
    { tail -20 "$dir.debootstrap.log" >&2; die "debootstrap failed (log: $dir.debootstrap.log)"; }
  rm -f "$dir.debootstrap.log"
  # The same Debian entries as this machine (updates and security included), in the
  # one-line format every apt reads.
  printf 'deb %s\n' "${entries[@]}" > "$dir/etc/apt/sources.list"
  mount_all
  say "adding make and git"
  in_chroot apt-get update -qq
  in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends make git > /dev/null
  date -u +%Y-%m-%dT%H:%M:%SZ > "$dir/$marker"
  say "base system ready after $((SECONDS - start)) s"
fi

# A clean clone of the commit: a new repository into which this one pushes the commit, so
# that no build folder, untracked file or local configuration comes along.
clone=$dir/root/erli18n
rm -rf --one-file-system "$clone"
git init -q "$clone"
git -C "$repo" push -q "$clone" "$sha:refs/heads/main"
git -C "$clone" checkout -q main
say "clone of $sha in /root/erli18n; running: $command_line"
run_start=$SECONDS
set +e
in_chroot bash -c "cd /root/erli18n && $command_line"
status=$?
set -e
say "exit status $status after $((SECONDS - run_start)) s (total $((SECONDS - start)) s)"
exit "$status"
}
