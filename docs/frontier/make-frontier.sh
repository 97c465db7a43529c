#!/usr/bin/env bash
# make-frontier.sh - the five-card frontier (`make frontier`): docs/frontier.md and, for
# every deck whose optimum is proven, data/covers/5cards-deck1-N-target24.txt.
#
#   bash docs/frontier/make-frontier.sh T24_BINARY [ROOT]
#
# For each deck, `t24 study --cards 5` runs with GLPK (the default engine) under the
# deck's budget; when GLPK does not prove the optimum, CBC gets the same budget. Runs go
# one at a time under nice, into a temporary folder; the outputs are moved into ROOT
# (default: the repository) only when every run finished. Long: see DECKS below.
set -euo pipefail
t24=${1:?usage: make-frontier.sh T24_BINARY [ROOT]}
here=$(cd "$(dirname "$0")" && pwd)
root=${2:-$(cd "$here/../.." && pwd)}
command -v jq >/dev/null || {
  echo "make-frontier: jq is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
[ -x "$t24" ] || { echo "make-frontier: '$t24' is not an executable t24" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t24-frontier-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# deck:seconds per engine (the local search's share included).
DECKS=${FRONTIER_DECKS:-"1-5:60 1-6:600 1-7:300 1-8:300 1-9:300 1-10:600 1-13:300"}

run() { # run DECK SECONDS ENGINE: the study's JSON into $tmp/DECK-ENGINE.json
  local deck=$1 secs=$2 engine=$3 rc=0
  echo "make-frontier: 5 cards, deck $deck, $engine, up to $secs s" >&2
  nice "$t24" study --cards 5 --deck "$deck" --time-limit "$secs" --solver "$engine" \
    --json --timings --quiet >"$tmp/$deck-$engine.json" || rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 2 ] && [ -s "$tmp/$deck-$engine.json" ] || {
    echo "make-frontier: deck $deck with $engine failed" >&2; exit 2; }
}

cell() { # cell FILE SECONDS: what one engine's run established
  jq -r --arg b "$2" 'if .optimal then
      "proven \(.optimum) in \(.seconds.until_report | floor) s (\(.proven_by))"
    elif .ilp_status == "time_limit" then
      "between \(.best_bound) and \(.optimum) after \($b) s"
    else "failed: \(.glpk_error)" end' "$1"
}

mkdir -p "$tmp/covers"
rows=""
for entry in $DECKS; do
  deck=${entry%%:*} secs=${entry#*:} hi=${deck#*-}
  run "$deck" "$secs" glpk
  g="$tmp/$deck-glpk.json" c="$tmp/$deck-cbc.json"
  if [ "$(jq -r .optimal "$g")" != true ]; then run "$deck" "$secs" cbc; fi
  files="$g"; [ -f "$c" ] && files="$g $c"
  # The best of the runs: the smallest cover, the largest proven bound; a proven run's
  # cover when there is one.
  best=$(jq -s 'map(select(.optimal)) + sort_by(.optimum) | .[0]' $files)
  bound=$(jq -s 'map(.best_bound) | max' $files)
  opt=$(jq -r .optimum <<<"$best")
  if [ "$(jq -r .optimal <<<"$best")" = true ]; then
    who=$(jq -r '"\(.proven_by) (`t24 study --cards 5 --deck \(.deck[0])-\(.deck[1]) --solver \(.engine) --time-limit \(.time_limit)`, \(.seconds.until_report | floor) s)"' <<<"$best")
    minimum="**$opt** (proven, $(jq -r .proven_by <<<"$best"))"
  elif [ "$bound" -eq "$opt" ]; then
    who="the $(jq -r .engine <<<"$best") run's cover and the other run's lower bound"
    minimum="**$opt** (proven by both runs together)"
  else
    who="" minimum="between $bound and $opt"
  fi
  glpk_cell=$(cell "$g" "$secs")
  cbc_cell="not needed"
  [ -f "$c" ] && cbc_cell=$(cell "$c" "$secs")
  rows+=$(jq -r --arg m "$minimum" --arg gc "$glpk_cell" --arg cc "$cbc_cell" '
    "| \(.deck[0])-\(.deck[1]) | \(.family_solvable) | \((.lp_bound * 100 | floor) / 100) | \(.greedy) / \(.greedy_pruned) | \(.greedy_runs.pruned_min) | \(.local_search.best) (step \(.local_search.best_step), \(.local_search.best_seconds * 10 | floor / 10) s) | \($gc) | \($cc) | \($m) |"' "$g")$'\n'
  if [ -n "$who" ]; then # the proven cover, with its proof, for data/covers
    jq -r --arg who "$who" '
      "# 5 cards, deck \(.deck[0])-\(.deck[1]), target \(.target), all groupings: a minimum test set",
      "# size \(.optimum), PROVEN optimal by \($who)",
      "# \(.family_solvable) solvable hands; one expression per line (x0 <= x1 <= ... are the sorted cards):",
      "# template id, expression, hands it solves, hands it adds in this order",
      (.cover[] | "\(.template)\t\(.expression)\t\(.solves)\t\(.adds)")' <<<"$best" \
      >"$tmp/covers/5cards-deck$deck-target24.txt"
  fi
done

{
  echo "# Five cards: the frontier"
  echo
  echo "Written by \`make frontier\` (\`bash docs/frontier/make-frontier.sh build/t24\`); it"
  echo "takes up to the sum of the budgets below, twice where CBC runs too (about an hour"
  echo "and a half on this project's 2-core machine). Target 24, all groupings, one"
  echo "\`t24 study --cards 5 --deck D --time-limit B\` per deck and engine: GLPK first, then"
  echo "CBC with the same budget B when GLPK does not prove the optimum. The budget covers the"
  echo "local search (by default up to a quarter of it, usually a few seconds) and the exact"
  echo "search. Times are wall-clock seconds on a machine shared with other work."
  echo
  echo "Budgets (seconds per engine): $(tr ' ' '\n' <<<"$DECKS" | sed 's/:/: /' | paste -sd, - | sed 's/,/, /g')."
  echo
  echo "| deck | hands to solve | LP bound | greedy / pruned | best of 100 random greedy | local search (found at) | GLPK | CBC | minimum test set |"
  echo "|---|---:|---:|---:|---:|---|---|---|---|"
  printf '%s' "$rows"
  echo
  echo "*Greedy* takes ties to the lowest class, *pruned* drops redundant picks; the random"
  echo "greedy runs break ties at random (seed 1). The local search starts from greedy's cover"
  echo "of the reduced core; the step at which it found its cover reproduces it exactly"
  echo "(same seed). An unproven minimum is given as \"between\" the best proven lower bound"
  echo "and the smallest verified cover, under the budgets above. Proven covers are in"
  echo "[data/covers/](../data/covers/) (see [data/README.md](../data/README.md))."
} >"$tmp/frontier.md"

mkdir -p "$root/data/covers" "$root/docs"
for f in "$tmp"/covers/*.txt; do [ -e "$f" ] && mv "$f" "$root/data/covers/"; done
mv "$tmp/frontier.md" "$root/docs/frontier.md"
