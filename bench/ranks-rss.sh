#!/usr/bin/env bash
# make ranks-rss: the 1/N simulation of issue 42 (docs/seven.md, "Ranks"). Runs one study
# under `mpirun -n N --oversubscribe` for each N and measures every rank's peak resident
# set and CPU seconds with /usr/bin/time (one file per rank), so nothing is taken from
# t24's own figures. Prints a Markdown table: N, rank, peak MiB, user + system CPU s.
#   bench/ranks-rss.sh T24 "STUDY OPTIONS" [N...]
# Default options: six cards, deck 1-13, one thread per rank, 30 s limit; default N: 1 2 4.
set -eu
t24=$1
opts=${2:---cards 6 --deck 1-13 --threads 1 --time-limit 30}
shift 2 || shift $#
ns=${*:-1 2 4}
command -v mpirun >/dev/null || { echo "ranks-rss: mpirun is missing" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "ranks-rss: /usr/bin/time is missing" >&2; exit 2; }
# Open MPI refuses root unless told; a container's root is the usual case here.
[ "$(id -u)" != 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d /tmp/t24-ranks-rss-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
echo "| ranks | rank | peak MiB | CPU s |"
echo "|---:|---:|---:|---:|"
for n in $ns; do
  # Each rank writes its own file: the launcher's rank variable names it.
  # shellcheck disable=SC2086
  mpirun -n "$n" --oversubscribe sh -c \
    '/usr/bin/time -f "%M %U %S" -o "$0.${OMPI_COMM_WORLD_RANK:-0}" "$1" study $2 --json >"$0.out.${OMPI_COMM_WORLD_RANK:-0}"' \
    "$tmp/r$n" "$t24" "$opts" 2>"$tmp/err$n" \
    || { echo "ranks-rss: the run with $n ranks failed: $(head -c 500 "$tmp/err$n")" >&2; exit 1; }
  for ((r = 0; r < n; r++)); do
    # A /usr/bin/time file may begin with a line for a killed child: the figures are last.
    tail -n 1 "$tmp/r$n.$r" | awk -v n="$n" -v r="$r" \
      '{ printf "| %d | %d | %.0f | %.1f |\n", n, r, $1 / 1024, $2 + $3 }'
  done
done
