#!/usr/bin/env bash
# make-frontier.sh - the five-card frontier (`make frontier`): docs/frontier.md and the
# "Five cards" section of docs/results.md. It writes nothing under data/: the published
# instances and covers come from `make data` (data/make-data.sh, the commands of
# data/instances/bounds.csv); the covers of the runs, proven or not, stay in their reports.
#
#   bash docs/frontier/make-frontier.sh T24_BINARY [ROOT]
#
# For each deck, `t24 study --cards 5` runs under the deck's budget with GLPK (--solver
# glpk; the default engine is t24's certifying search since issue 40) and with CBC, the
# two side by side (one core each: --threads 1, since --threads also sets CBC's
# branch-and-bound threads). Each run's JSON report is
# kept in ROOT/docs/frontier/runs/DECK-ENGINE.json, its --progress lines (one every 5 s:
# the bounds over time, drawn by make figures) in DECK-ENGINE.log, moved there only when the run
# finished; the table is then rebuilt from every report in that folder, so
# FRONTIER_DECKS='1-6:600' re-runs one deck and keeps the others, FRONTIER_DECKS=none
# none of them (the table alone is rebuilt). Long: see DECKS below. The column "estimated core-hours
# to prove" of an unproven deck is docs/frontier/estimates/DECK.json's (make-estimates.sh,
# `make frontier-estimates`). Below the table, frontier.md lists every deck's best known
# bounds and their commands (data/instances/bounds.csv) and one planning figure per open
# deck for the cost to prove its best cover (that estimate times the error the dives
# showed on the deck's cubes); tests/check_numbers.sh checks them against bounds.csv.
set -euo pipefail
t24=${1:?usage: make-frontier.sh T24_BINARY [ROOT]}
here=$(cd "$(dirname "$0")" && pwd)
root=${2:-$(cd "$here/../.." && pwd)}
command -v jq >/dev/null || {
  echo "make-frontier: jq is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
[ -x "$t24" ] || { echo "make-frontier: '$t24' is not an executable t24" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t24-frontier-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
runs="$root/docs/frontier/runs"
mkdir -p "$runs"

# deck:seconds per engine (the local search's share included).
DECKS=${FRONTIER_DECKS:-"1-5:60 1-6:600 1-7:300 1-8:300 1-9:300 1-10:600 1-13:300"}

run() { # run DECK SECONDS ENGINE: the study's JSON report into $runs/DECK-ENGINE.json
  local deck=$1 secs=$2 engine=$3 rc=0 out="$tmp/$1-$3.json"
  echo "make-frontier: 5 cards, deck $deck, $engine, up to $secs s" >&2
  # --progress: a line every 5 s, kept in the log (the bounds-over-time figure reads it)
  # and shown on stderr with the deck and engine in front, so a long deck is not silent.
  { nice "$t24" study --cards 5 --deck "$deck" --time-limit "$secs" --solver "$engine" \
      --threads 1 --json --timings --progress 2>&1 >"$out" | tee "$tmp/$1-$3.log" \
      | sed -u "s/^t24 study: /make-frontier: $deck $engine: /" >&2
    rc=${PIPESTATUS[0]}; } || true
  if [ "$rc" -ne 0 ] || ! jq -e .optimum "$out" >/dev/null 2>&1; then
    echo "make-frontier: deck $deck with $engine failed (exit $rc): $(tail -n 1 "$tmp/$1-$3.log")" >&2
    return 2
  fi
  mv "$tmp/$1-$3.log" "$runs/$deck-$engine.log"
  mv "$out" "$runs/$deck-$engine.json"
}

[ "$DECKS" = none ] && DECKS=""
for entry in $DECKS; do
  deck=${entry%%:*} secs=${entry#*:}
  [[ $deck =~ ^1-[0-9]+$ && $secs =~ ^[0-9]+$ ]] || {
    echo "make-frontier: bad FRONTIER_DECKS entry '$entry' (want 1-N:SECONDS)" >&2; exit 2; }
  run "$deck" "$secs" glpk & g=$!
  run "$deck" "$secs" cbc & c=$!
  wait "$g" || exit 2
  wait "$c" || exit 2
done

cell() { # cell FILE: what one engine's run established
  jq -r 'if .optimal then
      "proven \(.optimum) in \(.seconds.until_report | floor) s (\(.proven_by))"
    elif .ilp_status == "time_limit" then
      "between \(.best_bound) and \(.optimum) after \(.time_limit) s"
    else "failed: \(.glpk_error)" end' "$1"
}

# estimate DECK MINIMUM COVER: the cell "estimated core-hours to prove" of an unproven
# deck, from docs/frontier/estimates/DECK.json (make-estimates.sh): the mean, its 95%
# interval when 30 dives or more make one, the nodes and the least and most one dive
# estimated.
estimate() {
  local f="$root/docs/frontier/estimates/$1.json" dives target mean low high nodes dmin dmax
  if [[ $2 == *proven* ]]; then echo "proven"; return; fi
  [ -f "$f" ] || { echo "not estimated"; return; }
  read -r dives target mean low high nodes dmin dmax < <(jq -r '.estimate | [.dives, .target,
    .core_seconds.estimate // 0, .core_seconds.low // 0, .core_seconds.high // -1,
    .nodes.estimate // 0, .dive_nodes.min // 0, .dive_nodes.max // 0] | @tsv' "$f")
  [ "$dives" -gt 0 ] || { echo "no dive finished"; return; }
  awk -v d="$dives" -v t="$target" -v u="$3" -v m="$mean" -v l="$low" -v h="$high" \
      -v n="$nodes" -v a="$dmin" -v b="$dmax" 'BEGIN {
    printf "%.2g %s; %.2g nodes (a dive: %.2g to %.2g), %d dives%s", m / 3600,
      ((d >= 30 && h >= 0) ? sprintf("(95%%: %.2g to %.2g)", l / 3600, h / 3600) \
                           : "(too few dives for an interval)"),
      n, a, b, d, ((t == u) ? "" : ", for " t) }'
}

# best_known: the best bounds of every five-card deck, as data/instances/bounds.csv (the one
# file of bounds) states them, with the commands that certify them; tests/check_numbers.sh
# compares this page, the README and data/README.md with it. bounds.csv is read from this
# script's tree, which ROOT (where the pages go) need not hold.
bounds="$here/../../data/instances/bounds.csv"
[ -f "$bounds" ] || { echo "make-frontier: $bounds is missing" >&2; exit 2; }
best_known() {
  echo "## Best known bounds"
  echo
  echo "From [data/instances/bounds.csv](../data/instances/bounds.csv), which \`make check-data\`"
  echo "reruns; every lower bound is verified by \`t24-check\` (CERT: the certificate's file;"
  echo "\`make prove\`: split into cubes over two workers, [cluster.md](cluster.md)). A proven"
  echo "optimum's certificate is data/certificates/NAME.cert.xz, written by \`make data\` with"
  echo "the command shown (data/make-data.sh); what proved it first is bounds.csv's \`lower_by\`."
  echo
  echo "| deck | best known | lower bound certified by | best cover found by |"
  echo "|---|---|---|---|"
  awk -F, '$1 ~ /^cards5_deck1-[0-9]+_target24_all$/ {
    deck = $1; sub(/^cards5_deck/, "", deck); sub(/_.*/, "", deck)
    known = ($10 == "yes") ? $7 " (proven)" : $4 ".." $7
    # A proven row'"'"'s lower_command may be an uncertified solver (CBC): name the command
    # that writes its published certificate instead.
    cert = ($10 == "yes") ? "t24 cover --work 3000000000 --time-limit 3600 --certificate CERT data/instances/" $1 ".hgr" : $6
    printf "| %s | %s | `%s` | `%s` |\n", deck, known, cert, $9 }' "$bounds"
}

# The low bias of Knuth's dives measured on each deck's cubes (docs/cluster.md: what the
# closed cubes took against what the split's dives estimated for them); decks without a
# measurement take the largest, deck 1-7's.
bias() {
  case $1 in
    1-7) echo "3.5 goal 50: the closed cubes' pace, 31 core-hours, against the dives' 9.0" ;;
    1-8) echo "2.6 goal 61: the cubes took 0.31 core-hours, the dives said 0.12" ;;
    1-10) echo "1.8 goal 104: the cubes took 0.55 core-hours, the dives said 0.30" ;;
    *) echo "3.5 not measured on this deck: the largest measured, deck 1-7's" ;;
  esac
}

# planning: one figure per unproven deck for the core-hours to prove its best cover:
# Knuth's estimate (docs/frontier/estimates/DECK.json) times the low bias its dives showed.
planning() {
  local name upper proven deck f mean factor why
  echo "## What proving each best cover would cost: one figure to plan with"
  echo
  echo "Per open deck, the core-hours (CPU hours of this machine) t24's certifying search would"
  echo "take to prove its best cover optimal: Knuth's estimate from random dives at that goal"
  echo "(the table's last column, \`make frontier-estimates\`) times the factor by which the"
  echo "dives have erred low on that deck's cubes, where a proof split into cubes finished or"
  echo "closed enough of them to measure ([cluster.md](cluster.md#one-proof-over-many-machines-cubes)):"
  echo "the dives were low every time it was measured, by 1.2 to 3.5 times"
  echo "([certificates.md](certificates.md#knowing-the-cost-before-paying-it))."
  echo
  echo "| deck | best cover | planning figure: core-hours | Knuth's dives: core-hours | measured error of the dives |"
  echo "|---|---:|---:|---:|---|"
  while IFS=, read -r name _ _ _ _ _ upper _ _ proven _; do
    [[ $name =~ ^cards5_deck(1-[0-9]+)_target24_all$ && $proven == no ]] || continue
    deck=${BASH_REMATCH[1]} f="$root/docs/frontier/estimates/${BASH_REMATCH[1]}.json"
    if [ ! -f "$f" ] || [ "$(jq -r .estimate.target "$f")" != "$upper" ]; then
      echo "| $deck | $upper | not estimated at $upper | - | - |"
      continue
    fi
    mean=$(jq -r '.estimate.core_seconds.estimate' "$f")
    read -r factor why <<<"$(bias "$deck")"
    awk -v d="$deck" -v u="$upper" -v m="$mean" -v k="$factor" -v w="$why" 'BEGIN {
      printf "| %s | %d | **%.2g** | %.2g | low by %s times (%s) |\n", d, u, m * k / 3600, m / 3600, k, w }'
  done <"$bounds"
  echo
  echo "Superseded, kept only where the pages say so: the rounds' extrapolation of"
  echo "[frontier/certified.md](frontier/certified.md) (18 core-hours for deck 1-7's 51), which"
  echo "errs low more the further it reaches (on deck 1-7 it put 49 at 326 s, which took 1015 s,"
  echo "and 50 at 13 times 49's cost, about 3.5 core-hours, which the closed cubes' pace puts at"
  echo "31); and the dives' raw means, the table's last column (240 core-hours for deck 1-7's 51)."
}

rows="" budgets=""
decks=$(ls "$runs" | sed -n 's/^\(1-[0-9]*\)-glpk\.json$/\1/p' | sort -t- -k2,2n)
for deck in $decks; do
  g="$runs/$deck-glpk.json" c="$runs/$deck-cbc.json"
  files="$g"; [ -f "$c" ] && files="$g $c"
  # The engines must agree wherever both proved an optimum, and no proven bound may
  # exceed another run's verified cover.
  jq -se '(map(select(.optimal) | .optimum) | unique | length <= 1)
          and ((map(.best_bound) | max) <= (map(.optimum) | min))' $files >/dev/null || {
    echo "make-frontier: the engines disagree on deck $deck ($files)" >&2; exit 2; }
  # The best of the runs: a proven run's cover when there is one, else the smallest.
  best=$(jq -s 'map(select(.optimal)) + sort_by(.optimum) | .[0]' $files)
  bound=$(jq -s 'map(.best_bound) | max' $files)
  opt=$(jq -r .optimum <<<"$best")
  if [ "$(jq -r .optimal <<<"$best")" = true ]; then
    minimum="**$opt** (proven)"
  elif [ "$bound" -eq "$opt" ]; then
    minimum="**$opt** (proven by both runs together)"
  else
    minimum="between $bound and $opt"
  fi
  budgets+="${budgets:+, }$deck: $(jq -r .time_limit "$g") s"
  cbc_cell="not run"
  [ -f "$c" ] && cbc_cell=$(cell "$c")
  rows+=$(jq -r --arg m "$minimum" --arg gc "$(cell "$g")" --arg cc "$cbc_cell" '
    "| \(.deck[0])-\(.deck[1]) | \(.family_solvable) | \(.classes) | \((.lp_bound * 100 | floor) / 100) | \(.greedy) / \(.greedy_pruned) | \(.greedy_runs.pruned_min) | \(.local_search.best) (\(.local_search.best_seconds * 10 | floor / 10) s) | \($gc) | \($cc) | \($m) | \($e) |"' --arg e "$(estimate "$deck" "$minimum" "$opt")" "$g")$'\n'
done

# The table and its legend: in docs/frontier.md and in the Five cards section of results.md.
{
  echo "Target 24, all groupings, 5 cards; budgets per engine: $budgets."
  echo
  echo "| deck | hands to solve | classes | LP bound | greedy / pruned | best of 100 random greedy | local search (found after) | GLPK | CBC | minimum test set | estimated core-hours to prove |"
  echo "|---|---:|---:|---:|---:|---:|---|---|---|---|---|"
  printf '%s' "$rows"
  echo
  echo "*Greedy* takes ties to the lowest class, *pruned* drops redundant picks; the random"
  echo "greedy runs break ties at random (seed 1). The local search starts from greedy's cover"
  echo "of the reduced core (seed 1, deterministic). *GLPK* and *CBC* are the exact search"
  echo "with each engine, warm-started with the local search's cover, under the same budget;"
  echo "an unproven minimum is \"between\" the best proven lower bound and the smallest"
  echo "verified cover. Proven covers are in [data/covers/](../../data/covers/). *Estimated"
  echo "core-hours to prove* the best cover optimal: Knuth's estimate from random dives down"
  echo "t24's certifying search at that goal (\`make frontier-estimates\`, a deck at a time:"
  echo "\`t24 cover --estimate\`, [certificates.md](../certificates.md#knowing-the-cost-before-paying-it)),"
  echo "the mean (its 95% interval) in CPU hours of this machine, and the tree's nodes."
} >"$tmp/table.md"

{
  echo "# Five cards: the frontier"
  echo
  echo "Written by \`make frontier\` (\`bash docs/frontier/make-frontier.sh build/t24\`; about"
  echo "30 minutes on this project's 2-core machine: the two engines side by side, each deck"
  echo "ending when both have proven its optimum or used its budget; at most the sum of the"
  echo "budgets, 41 minutes). One \`t24 study --cards 5 --deck D --time-limit B --solver E\` per deck"
  echo "and engine; the budget B covers the local search (by default up to a quarter of it,"
  echo "usually a few seconds) and the exact search. Times are wall-clock seconds. The"
  echo "reports behind every cell are in [frontier/runs/](frontier/runs/) (\`--json\`)."
  echo
  # table.md's links are for docs/frontier/, where it lies; docs/ pages take them one up
  sed -e 's#](\.\./\.\./#](../#g' -e 's#](\.\./\([^)/]*\.md\)#](\1#g' "$tmp/table.md"
  echo
  echo "Each unproven deck's best cover and proven bound over its runs, from the"
  echo "\`--progress\` lines they keep in frontier/runs/DECK-ENGINE.log (\`make figures\`; CBC"
  echo "reports no progress of its own, so its points are its start and its end):"
  echo
  echo "![Five cards: best cover and proven bound over each unproven deck's run](figures/frontier-progress.svg)"
  echo
  echo "GLPK's and CBC's bounds above are floating-point claims. t24's certifying search proves"
  echo "more on every open deck, with certificates \`t24-check\` verifies"
  echo "([frontier/certified.md](frontier/certified.md), \`make certified-bounds\`: what its rounds"
  echo "certify in 300 s a deck)."
  echo
  echo "Beyond one process, t24's cubes ([cluster.md](cluster.md), \`make prove\`: the certifying"
  echo "search split into pieces that workers close apart, merged into one certificate) have"
  echo "certified more on this machine's two cores, each merged certificate verified by"
  echo "\`t24-check\`: deck 1-7 **49** (11 minutes), deck 1-8 **61** (20 minutes), deck 1-10"
  echo "**104** (about 25 minutes). Deck 1-7 at goal 50 for 60 minutes (2026-11-27) closed 13"
  echo "of 256 cubes, so 49 stands; the closed cubes' pace puts the other 243 at about 31"
  echo "core-hours (9 to 93), and Knuth's dives at 9.0 (4.4 to 13.7), low by about 3.5 times"
  echo "here."
  echo
  best_known
  echo
  planning
} >"$tmp/frontier.md"

mv "$tmp/table.md" "$root/docs/frontier/table.md"
mv "$tmp/frontier.md" "$root/docs/frontier.md"
bash "$here/results-section.sh" "$root"
