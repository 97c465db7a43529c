#!/usr/bin/env bash
# make-estimates.sh - the column "estimated core-hours to prove" of docs/frontier.md
# (`make frontier-estimates`): for every five-card deck that data/instances/bounds.csv
# lists as not proven, Knuth's estimate of what t24's certifying search would take to
# prove its best cover optimal (`t24 cover --estimate --goal UPPER`: random dives down
# the round at that goal, docs/certificates.md), kept as docs/frontier/estimates/DECK.json;
# then docs/frontier.md's table is rebuilt from the runs it has (make-frontier.sh with
# FRONTIER_DECKS=none: no study is run again).
#
#   bash docs/frontier/make-estimates.sh T24_BINARY [ROOT]
#
# ESTIMATE_SECONDS (default 300) and ESTIMATE_DIVES (default 1000) bound each deck's
# dives, one deck at a time under nice; ESTIMATE_DECKS (e.g. '1-7 1-8') picks decks.
# Core-hours are CPU time on the machine that runs it.
set -euo pipefail
t24=${1:?usage: make-estimates.sh T24_BINARY [ROOT]}
here=$(cd "$(dirname "$0")" && pwd)
root=${2:-$(cd "$here/../.." && pwd)}
secs=${ESTIMATE_SECONDS:-300} dives=${ESTIMATE_DIVES:-1000}
command -v jq >/dev/null || {
  echo "make-estimates: jq is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
[ -x "$t24" ] || { echo "make-estimates: '$t24' is not an executable t24" >&2; exit 2; }
mkdir -p "$root/docs/frontier/estimates"
tmp=$(mktemp "${TMPDIR:-/tmp}/t24-estimate-XXXXXX")
trap 'rm -f "$tmp"' EXIT
while IFS=, read -r name _ _ _ _ _ upper _ _ proven _; do
  [[ $name =~ ^cards5_deck(1-[0-9]+)_target24_all$ && $proven == no ]] || continue
  deck=${BASH_REMATCH[1]}
  if [ -n "${ESTIMATE_DECKS:-}" ] && [[ " $ESTIMATE_DECKS " != *" $deck "* ]]; then
    continue
  fi
  echo "make-estimates: 5 cards, deck $deck, goal $upper, up to $dives dives or $secs s" >&2
  nice "$t24" cover --estimate --json --goal "$upper" --dives "$dives" --time-limit "$secs" \
    "$root/data/instances/$name.hgr" >"$tmp" || {
    echo "make-estimates: deck $deck failed" >&2; exit 2; }
  mv "$tmp" "$root/docs/frontier/estimates/$deck.json"
done <"$root/data/instances/bounds.csv"
FRONTIER_DECKS=none bash "$here/make-frontier.sh" "$t24" "$root"
