#!/usr/bin/env bash
# make-figures.sh - regenerates the SVG figures of docs/figures (`make figures`).
#
#   bash docs/figures/make-figures.sh T24_BINARY [OUTDIR]
#
# Runs t24 for the data (into a temporary folder, never a device file: GLPK deletes the
# files it is given on a time-limited run), plots with gnuplot and moves the SVGs into
# OUTDIR (default: this folder) only when every one of them was drawn.
set -euo pipefail
t24=${1:?usage: make-figures.sh T24_BINARY [OUTDIR]}
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here}
command -v gnuplot >/dev/null || {
  echo "make-figures: gnuplot is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
[ -x "$t24" ] || { echo "make-figures: '$t24' is not an executable t24" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t24-figures-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The default study (4 cards, deck 1-11, target 24, reduced family) with max coverage,
# and the sweep's table of targets 1..100 (4 cards, deck 1-13, all groupings).
"$t24" study --coverage --out "$tmp/study" >"$tmp/study.txt"
"$t24" sweep --table targets --out "$tmp/sweep" >"$tmp/sweep.md"

# Five cards, per deck: LP bound, greedy and local search of the frontier's GLPK run
# (docs/frontier/runs/, `make frontier`), best proven bound and best cover of
# data/instances/bounds.csv. Read from committed files: the runs take half an hour.
root=$(cd "$here/../.." && pwd)
i=0
for deck in 1-5 1-6 1-7 1-8 1-9 1-10 1-13; do
  run="$root/docs/frontier/runs/$deck-glpk.json"
  [ -f "$run" ] || { echo "make-figures: $run is missing (make frontier)" >&2; exit 2; }
  bounds=$(awk -F, -v n="cards5_deck${deck}_target24_all" '$1 == n { print $4, $7 }' \
    "$root/data/instances/bounds.csv")
  [ -n "$bounds" ] || { echo "make-figures: no row for deck $deck in bounds.csv" >&2; exit 2; }
  echo "$i $deck $(jq -r '"\(.lp_bound) \(.greedy) \(.local_search.best)"' "$run") $bounds"
  i=$((i + 1))
done >"$tmp/five.dat"

# Six cards, per deck: the rows of docs/six-decks.md and docs/six.md (`make six-decks`,
# `make six`; committed, the runs take half an hour): deck, LP bound (its value first),
# lower bound, Lagrangian cover, local search, best cover.
awk -F'|' '/^\| 1-/ { gsub(/ /, "", $2); split($6, lp, " ");
  printf "%d %s %s %d %d %d %d\n", i++, $2, lp[1], $7, $8, $9, $10 }' \
  "$root/docs/six-decks.md" "$root/docs/six.md" >"$tmp/six.dat"
[ -s "$tmp/six.dat" ] || { echo "make-figures: no rows in docs/six-decks.md, docs/six.md" >&2; exit 2; }

# Five cards over time: each deck bounds.csv leaves unproven, the cover and the bound of
# every --progress line its frontier runs recorded (docs/frontier/runs/DECK-ENGINE.log).
mkdir -p "$tmp/progress"
progress_decks=""
for deck in 1-5 1-6 1-7 1-8 1-9 1-10 1-13; do
  proven=$(awk -F, -v n="cards5_deck${deck}_target24_all" '$1 == n { print $10 }' \
    "$root/data/instances/bounds.csv")
  [ "$proven" = yes ] && continue
  for engine in glpk cbc; do
    log="$root/docs/frontier/runs/$deck-$engine.log"
    [ -f "$log" ] || { echo "make-figures: $log is missing (make frontier)" >&2; exit 2; }
    sed -n 's/^t24 study: \([0-9]*\) s of [0-9]* s, [^:]*: cover \([0-9]*\), bound \([0-9]*\),.*/\1 \2 \3/p' \
      "$log" >"$tmp/progress/$deck-$engine.dat"
    # The run's end, from its report: CBC reports no progress of its own, so for CBC
    # this is often the one point after its start.
    jq -r '"\(.seconds.until_report | floor) \(.optimum) \(.best_bound)"' \
      "${log%.log}.json" >>"$tmp/progress/$deck-$engine.dat"
  done
  progress_decks="$progress_decks $deck"
done

# Classes per hand: each set line of the PACE file lists the classes that solve one hand.
awk 'NR > 2 { n[NF]++ } END { for (k in n) print k, n[k] }' "$tmp/study/hitting_set.hgr" |
  sort -n >"$tmp/classes.dat"
# Targets: target, optimum, greedy, LP bound, hands to hit, proven (1/0).
awk -F, 'NR > 1 { print $5, $23, $16, $14, $9, ($25 == "true") }' "$tmp/sweep/sweep.csv" \
  >"$tmp/targets.dat"

plot() { # plot NAME VARIABLE=VALUE...: draws NAME.gp into $tmp/NAME.svg
  local name=$1 defs="" kv
  shift
  for kv in "$@"; do defs="$defs${kv%%=*}='${kv#*=}'; "; done
  gnuplot -e "set loadpath '$here'; ${defs}out='$tmp/$name.svg'" "$here/$name.gp"
}
# Rows not proven: the figures give "not proven" a legend entry only when there are some.
unproven_k=$(awk -F, 'NR > 1 && $5 != 1' "$tmp/study/coverage.csv" | wc -l)
unproven_targets=$(awk '$6 != 1' "$tmp/targets.dat" | wc -l)
plot coverage data="$tmp/study/coverage.csv" unproven="$unproven_k"
plot classes-per-hand data="$tmp/classes.dat"
plot optimum-by-target data="$tmp/targets.dat" unproven="$unproven_targets"
plot five-cards data="$tmp/five.dat"
plot six-cards data="$tmp/six.dat"
plot frontier-progress dir="$tmp/progress" decks="${progress_decks# }" engines="glpk cbc"

mkdir -p "$out"
for f in coverage classes-per-hand optimum-by-target five-cards six-cards frontier-progress; do
  mv "$tmp/$f.svg" "$out/$f.svg"
done
