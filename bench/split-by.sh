#!/usr/bin/env bash
# make split-by-check: how the split into cubes should branch above the cubes (issue 30
# item 1): on one element at a node (`--split-by elements`, the default) or on the live
# set with the fewest free elements (`--split-by sets`). For each case and each way, one
# after the other on the same instance: the split (no estimate), every cube searched by
# one worker (so the cubes' seconds are core-seconds, not shared), the merge, and
# t24-check on the merged certificate. Prints a Markdown table: the cubes and their depth,
# the split's seconds, the cubes' summed and largest seconds (two workers need at least
# the larger of half the sum and the largest), the cubes' nodes summed, and the bound
# t24-check verified.
#   bench/split-by.sh T24 T24_CHECK [CASES]
# CASES: lines "NAME GOAL CUBES SECONDS", NAME a file of data/instances/ without .hgr or
# random-N-M-K-SEED (bench/random-instance.sh); GOAL 0: the best cover's size.
set -eu
[ $# -ge 2 ] && [ -x "$1" ] && [ -x "$2" ] ||
  { echo "usage: bench/split-by.sh T24 T24_CHECK [CASES] (both programs built)" >&2; exit 2; }
t24=$1 check=$2
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/t24-split-by-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "split-by: jq is missing" >&2; exit 2; }
. "$root/bench/random-instance.sh"
cases=${3:-"cards5_deck1-6_target24_all 0 64 600
cards5_deck1-6_target24_all 0 256 600
random-64-256-3-11 0 64 600
random-70-280-3-12 0 64 600
random-66-300-3-13 0 64 600
random-50-300-4-14 0 64 600
random-54-330-4-15 0 64 600
cards5_deck1-7_target24_all 48 64 1800"}

fail() { echo "split-by: $*" >&2; exit 2; }

# One way: split, search, merge, check; prints the table's cells after the first two.
one_way() {
  local how=$1 goal=$2 cubes=$3 secs=$4 dir=$tmp/d-$1
  local goalopt=()
  [ "$goal" -gt 0 ] && goalopt=(--goal "$goal")
  rm -rf "$dir"
  local t0
  t0=$(date +%s.%N)
  nice "$t24" cover --quiet --json --split "$cubes" --split-by "$how" --dives 0 \
    --time-limit "$secs" "${goalopt[@]}" --cubes-dir "$dir" "$tmp/i.hgr" >"$tmp/split.json" ||
    fail "$how: the split failed"
  local split_s
  split_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  nice "$t24" cover --quiet --json --cubes "$dir" --time-limit "$secs" >/dev/null ||
    fail "$how: the cubes failed"
  # The merge runs t24-check on what it merged (issue 38): its verdict, not a second run.
  T24_CHECK="$check" "$t24" cover --quiet --json --merge "$dir" --time-limit 86400 \
    >"$tmp/merge.json" || fail "$how: the merge failed"
  [ "$(jq -r .complete "$tmp/merge.json")" = true ] ||
    fail "$how: cubes left open after $secs s: give the case more time"
  local verdict
  verdict=$(jq -r .check "$tmp/merge.json")
  [ "$(jq -r .verified "$tmp/merge.json")" = true ] || fail "$how: t24-check: $verdict"
  local sum max nodes
  read -r sum max nodes < <(awk '$1 == "nodes" { n += $2 }
    $1 == "seconds" { s += $2; if ($2 > m) m = $2; nextfile }
    END { printf "%.1f %.1f %d", s, m, n }' "$dir"/cube-*.proof)
  jq -r --arg s "$split_s" --arg sum "$sum" --arg max "$max" --arg nodes "$nodes" --arg v "${verdict%%$'\n'*}" \
    '"\(.cubes) (\(.depth)) | \($s) | \($sum) | \($max) | \($nodes) | \($v)"' \
    "$tmp/split.json"
}

echo "| instance | goal | split by | cubes (depth) | split s | cubes' core-s | largest cube s | cubes' nodes | t24-check |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---|"
while read -r name goal cubes secs; do
  [ -n "$name" ] || continue
  case_instance "$name" "$root" "$tmp/i.hgr"
  for how in elements sets; do
    echo "| $name | $goal | $how, $cubes wanted | $(one_way "$how" "$goal" "$cubes" "$secs") |"
  done
done <<<"$cases"
