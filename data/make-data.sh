#!/usr/bin/env bash
# Writes the published instances and covers of data/configurations.txt (make data):
#   data/make-data.sh T24 OUTDIR
# For each configuration, `t24 study --out` gives OUTDIR/instances/NAME.hgr (the
# hitting-set instance, PACE format) and OUTDIR/covers/NAME.txt (the best cover, its proof
# status and the command that regenerates it), NAME = cardsC_deckLO-HI_targetT_FAMILY.
# The five-card decks of FIVE_DECKS give OUTDIR/instances/cards5_deckLO-HI_target24_all.hgr
# alone: their covers depend on the search's budget, so they are not regenerated here
# (data/instances/bounds.csv and data/covers/best/ carry the best known ones).
# All or nothing: everything is written to a temporary folder first.
set -eu
bin=$1 out=$2
list="$(dirname "$0")/configurations.txt"
tmp=$(mktemp -d /tmp/t24-data-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/instances" "$tmp/covers"
while read -r cards deck target family rest; do
  case "$cards" in '' | '#'*) continue ;; esac
  [ -n "$family" ] && [ -z "$rest" ] || { echo "make-data.sh: bad line: $cards $deck $target $family $rest" >&2; exit 2; }
  name="cards${cards}_deck${deck}_target${target}_${family}"
  "$bin" study --cards "$cards" --deck "$deck" --target "$target" --groupings "$family" \
    --out "$tmp/$name" >/dev/null
  mv "$tmp/$name/hitting_set.hgr" "$tmp/instances/$name.hgr"
  mv "$tmp/$name/cover.txt" "$tmp/covers/$name.txt"
  rm -rf "${tmp:?}/$name"
done <"$list"
# The instance does not depend on the search: one second of it, no local search.
for deck in 1-5 1-6 1-7 1-8 1-9 1-10 1-13; do
  name="cards5_deck${deck}_target24_all"
  "$bin" study --cards 5 --deck "$deck" --time-limit 1 --local-search 0 --greedy-runs 1 \
    --quiet --out "$tmp/$name" >/dev/null
  mv "$tmp/$name/hitting_set.hgr" "$tmp/instances/$name.hgr"
  rm -rf "${tmp:?}/$name"
done
mkdir -p "$out/instances" "$out/covers"
# Only this script's files (cardsC_...): covers/ also holds make frontier's 5cards-* files.
rm -f "$out"/instances/cards*_*.hgr "$out"/covers/cards*_*.txt
cp "$tmp"/instances/*.hgr "$out/instances/"
cp "$tmp"/covers/*.txt "$out/covers/"
