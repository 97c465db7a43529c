#!/usr/bin/env bash
# Writes the published instances and covers of data/configurations.txt (make data):
#   data/make-data.sh T24 OUTDIR
# For each configuration, `t24 study --out` gives OUTDIR/instances/NAME.hgr (the
# hitting-set instance, PACE format) and OUTDIR/covers/NAME.txt (the best cover, its proof
# status and the command that regenerates it), NAME = cardsC_deckLO-HI_targetT_FAMILY.
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
mkdir -p "$out/instances" "$out/covers"
# Only this script's files (cardsC_...): covers/ also holds make frontier's 5cards-* files.
rm -f "$out"/instances/cards*_*.hgr "$out"/covers/cards*_*.txt
cp "$tmp"/instances/*.hgr "$out/instances/"
cp "$tmp"/covers/*.txt "$out/covers/"
