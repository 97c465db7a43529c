#!/usr/bin/env bash
# make estimate-check: Knuth's estimate of the certifying search (`t24 cover --estimate`)
# against the search itself, where the search finishes (issue 30 item 3). For each case,
# the search's rounds up to the goal (`t24 cover --certificate FILE --goal G --json
# --timings`: its last round is the tree estimated) and the estimate at the same goal
# (DIVES dives, seeds 1, 2, 3), one after the other. Prints a Markdown table: the round's
# nodes, LPs and wall seconds, and the CPU seconds of the whole run (its reductions,
# local search and earlier rounds too: an upper bound of the round's); the estimate's
# nodes (95% interval) for each seed, its LPs and core-seconds for seed 1, and the ratio
# of the seeds' median to the truth.
#   bench/estimate-check.sh T24 [DIVES] [CASES]
# CASES: lines "NAME GOAL SECONDS", NAME a file of data/instances/ without .hgr or
# random-N-M-K-SEED (N elements, M random sets of K distinct elements, from a
# Park-Miller generator seeded with SEED: the same on every awk); default below.
set -eu
t24=$1 dives=${2:-256}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/t24-estimate-check-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "estimate-check: jq is missing" >&2; exit 2; }
cases=${3:-"cards5_deck1-6_target24_all 29 120
cards5_deck1-6_target24_all 30 120
cards5_deck1-7_target24_all 47 300
cards5_deck1-7_target24_all 48 300
random-64-256-3-11 0 300
random-70-280-3-12 0 300
random-66-300-3-13 0 300
random-50-300-4-14 0 300
random-54-330-4-15 0 300"}

. "$root/bench/random-instance.sh"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| instance | goal | nodes | LPs | seconds (CPU of the run) | estimated nodes (95%), seeds 1, 2, 3 | estimated LPs | estimated core-seconds (95%) | median / nodes |"
echo "|---|---:|---:|---:|---:|---|---:|---|---:|"
while read -r name goal secs; do
  [ -n "$name" ] || continue
  case_instance "$name" "$root" "$tmp/i.hgr"
  goalopt=()
  [ "$goal" -gt 0 ] && goalopt=(--goal "$goal")
  /usr/bin/time -f '%U %S' -o "$tmp/time" nice "$t24" cover --quiet --json --timings \
    --time-limit "$secs" "${goalopt[@]}" --certificate "$tmp/c.cert" "$tmp/i.hgr" \
    >"$tmp/run.json" || [ $? -eq 3 ] || { echo "estimate-check: $name: the search failed" >&2; exit 2; }
  # (status 3: the goal not reached; the check below says the search did not finish)
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$tmp/time")
  read -r g nodes lps seconds finished < <(jq -r '.certificate.rounds[-1] |
    "\(.goal) \(.nodes) \(.lp_solves) \(.seconds) \(.finished)"' "$tmp/run.json")
  [ "$finished" = true ] || { echo "estimate-check: $name: the search did not finish" >&2; exit 2; }
  cells="" meds=""
  for seed in 1 2 3; do
    nice "$t24" cover --estimate --json --goal "$g" --dives "$dives" --seed "$seed" \
      --time-limit "$secs" "$tmp/i.hgr" >"$tmp/e$seed.json" ||
      { echo "estimate-check: $name: the estimate failed" >&2; exit 2; }
    cells+=$(jq -r '.estimate | "\(.nodes.estimate | floor) (\(.nodes.low | floor)..\(.nodes.high | floor)), "' "$tmp/e$seed.json")
    meds+=$(jq -r .estimate.nodes.estimate "$tmp/e$seed.json")$'\n'
  done
  med=$(printf '%s' "$meds" | median)
  est=$(jq -r '.estimate | "\(.lps.estimate | floor) | \(.core_seconds.estimate * 10 | floor / 10) (\(.core_seconds.low * 10 | floor / 10)..\(.core_seconds.high * 10 | floor / 10))"' "$tmp/e1.json")
  ratio=$(awk -v a="$med" -v b="$nodes" 'BEGIN { printf "%.2f", a / b }')
  label=$name
  [[ $name == random-* ]] && label="$name (optimum $g)"
  echo "| $label | $g | $nodes | $lps | $(printf '%.1f' "$seconds") ($cpu) | ${cells%, } | $est | $ratio |"
done <<<"$cases"
