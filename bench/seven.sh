#!/usr/bin/env bash
# make seven: seven cards' deck 1-7, the whole study measured (issue 42; docs/benchmarks.md,
# "Seven cards, deck 1-7: measured"). Runs
#   t24 study --cards 7 --deck 1-7 --time-limit LIMIT --progress --out DIR --json
# under /usr/bin/time (its wall clock, CPU and peak, nothing taken from t24's own figures),
# and prints a Markdown table: those, the interval, and whether the instance written is the
# one data/large/ publishes (its SHA-256). About 30 minutes on the 2-core machine, 5 GiB,
# 2 GB of files in /tmp (removed at the end).
#   bench/seven.sh T24 [LIMIT]        (LIMIT seconds, default 1740)
set -eu
t24=$1 limit=${2:-1740}
here=$(cd "$(dirname "$0")/.." && pwd)
[ -x /usr/bin/time ] || { echo "seven: /usr/bin/time is missing" >&2; exit 2; }
command -v jq >/dev/null || { echo "seven: jq is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/t24-seven-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$t24" study --cards 7 --deck 1-7 \
  --time-limit "$limit" --progress --out "$tmp/out" --json >"$tmp/study.json" \
  || { echo "seven: the study failed" >&2; exit 1; }
read -r wall user sys peak < <(tail -n 1 "$tmp/time")
[ -s "$tmp/out/hitting_set.hgr" ] || { echo "seven: the study wrote no hitting_set.hgr" >&2; exit 1; }
want=$(cut -d' ' -f1 "$here/data/large/cards7_deck1-7_target24_all.sha256")
got=$(sha256sum <"$tmp/out/hitting_set.hgr" | cut -d' ' -f1)
js="$tmp/study.json"
echo "| \`t24 study --cards 7 --deck 1-7 --time-limit $limit\` | |"
echo "|---|---:|"
awk -v w="$wall" -v u="$user" -v s="$sys" -v p="$peak" 'BEGIN {
  printf "| wall clock | %d min %d s |\n", w / 60, w % 60
  printf "| CPU (user + system) | %.0f s |\n", u + s
  printf "| peak resident set | %.2f GiB |\n", p / 1048576 }'
echo "| LP bound ($(jq -r .lp_method "$js"), reached: $(jq -r .lp_reached "$js")) | $(jq -r .lp_bound "$js") |"
echo "| interval | [$(jq -r .best_bound "$js"), $(jq -r .optimum "$js")] |"
echo "| instance is data/large's | $([ "$got" = "$want" ] && echo yes || echo "no: $got") |"
