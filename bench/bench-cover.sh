#!/usr/bin/env bash
# make bench-cover: `t24 cover` on every five-card instance of data/instances/, with a
# stated budget per deck, written to docs/bench-cover.md. Figures are printed, never
# judged: nothing here fails on a time or a size.
#   bench/bench-cover.sh T24 OUT.md
# With PACE_HS_SOLVER=/path/to/solver in the environment, that solver (any PACE 2025
# heuristic-track binary: instance on stdin, SIGTERM at the deadline, cover on stdout)
# runs beside t24 on the same instance with the same budget, one after the other, and
# its cover is checked against the instance by this script's own checker (awk).
set -eu
bin=$1 out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
inst="$here/data/instances"
tmp=$(mktemp -d /tmp/t24-bench-cover-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
budget() { case "$1" in 1-5) echo 10 ;; 1-10 | 1-13) echo 120 ;; *) echo 60 ;; esac; }

# Prints the size of the PACE solution $2 if it hits every set of instance $1, else
# "invalid (REASON)".
check_cover() {
  awk -v sol="$2" '
    BEGIN { while ((getline l < sol) > 0) { if (n++ == 0) size = l + 0; else in_[l + 0] = 1 }
            if (n == 0) { print "invalid (empty output)"; bad = 1; exit } }
    /^c/ || /^$/ { next }
    /^p/ { next }
    { met = 0; for (i = 1; i <= NF; i++) if ($i in in_) { met = 1; break }
      if (!met) { print "invalid (set " NR " not hit)"; bad = 1; exit } }
    END { if (!bad) { if (length(in_) != size) print "invalid (size line " size ", " length(in_) " elements)"; else print size } }
  ' "$1"
}

{
  echo "# t24 cover on the five-card instances"
  echo
  echo "Written by \`make bench-cover\` (\`bench/bench-cover.sh\`) on $(date -u +%Y-%m-%d),"
  echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'). Each row is one run"
  echo "of \`t24 cover --json --solver glpk --time-limit B\` on \`data/instances/cards5_deckD_target24_all.hgr\`"
  echo "(seed 1, otherwise default options; GLPK, the default engine when these were measured), the cover re-checked against the instance by the script's"
  echo "own checker. Times vary from machine to machine; the sizes of runs that stop on the"
  echo "local search's patience (not its time) do not."
  if [ -n "${PACE_HS_SOLVER:-}" ]; then
    echo "The \`other\` column is \`$(basename "$PACE_HS_SOLVER")\` (PACE_HS_SOLVER), run on the"
    echo "same instance for the same budget and stopped with SIGTERM, its cover checked the same way."
  fi
  echo
  if [ -n "${PACE_HS_SOLVER:-}" ]; then
    echo "| deck | budget (s) | t24 cover | proven bound | proven | local search best (step, s) | wall (s) | other |"
    echo "|---|---:|---:|---:|---|---|---:|---:|"
  else
    echo "| deck | budget (s) | t24 cover | proven bound | proven | local search best (step, s) | wall (s) |"
    echo "|---|---:|---:|---:|---|---|---:|"
  fi
} >"$tmp/md"

for deck in 1-5 1-6 1-7 1-8 1-9 1-10 1-13; do
  f="$inst/cards5_deck${deck}_target24_all.hgr"
  b=$(budget "$deck")
  echo "bench-cover: deck $deck, $b s" >&2
  t0=$(date +%s.%N)
  # --progress: a line every 5 s on stderr, so a long deck is not silent.
  "$bin" cover --json --solver glpk --timings --progress --time-limit "$b" "$f" >"$tmp/json"
  t1=$(date +%s.%N)
  jq -r '.cover | length, .[]' "$tmp/json" >"$tmp/sol"
  size=$(check_cover "$f" "$tmp/sol")
  row=$(jq -r --arg d "$deck" --arg b "$b" --arg s "$size" \
    '"| \($d) | \($b) | \($s) | \(.best_bound) | \(.optimal) | \(.local_search.best) (\(.local_search.best_step), \(.local_search.best_seconds * 100 | round / 100)) |"' \
    "$tmp/json")
  row="$row $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') |"
  if [ -n "${PACE_HS_SOLVER:-}" ]; then
    timeout -s TERM "$b" "$PACE_HS_SOLVER" <"$f" >"$tmp/other" 2>/dev/null || true
    row="$row $(check_cover "$f" "$tmp/other") |"
  fi
  echo "$row" >>"$tmp/md"
done
cp "$tmp/md" "$out.tmp.$$" && mv "$out.tmp.$$" "$out"
cat "$out"
