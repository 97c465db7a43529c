#!/usr/bin/env bash
# Writes the published instances and covers (make data; make data-all):
#   data/make-data.sh T24 OUTDIR [--all]
# Every file is named by its instance, NAME = cardsC_deckLO-HI_targetT_FAMILY:
#   OUTDIR/instances/NAME.hgr  the hitting-set instance (PACE 2025 `hs` format)
#   OUTDIR/covers/NAME.sol     its best known cover (PACE solution format), what the row's
#                              upper_command in data/instances/bounds.csv prints
#   OUTDIR/covers/NAME.txt     the same cover, readable: its expressions and proof status
#                              (`t24 study --out`'s cover.txt; the four-card configurations)
#   OUTDIR/certificates/NAME.cert.xz  the certificate of a proven row's optimum (t24 cover
#                              --certificate, compressed with xz -9), which t24-check verifies
# The instances of data/configurations.txt come from `t24 study --out`, the five-card ones
# of FIVE_DECKS from one second of it (an instance does not depend on the search). The
# .sol of a row is written by running that row's upper_command on the fresh instance:
# bounds.csv is the one source of each cover's command. Without --all only the quick rows
# (four cards and five-card deck 1-5, under a second each) get their .sol, the slower
# five-card decks keep the committed one (--all reruns them too: about 9 minutes).
# Every proven row (proven=yes) gets its certificate, deck 1-6's too (its certifying search
# and xz -9 take most of the time); t24 writes the same certificate run to run.
# All or nothing: everything is written to a temporary folder first.
set -eu
bin=$1 out=$2 all=${3:-}
command -v xz >/dev/null || { echo "make-data.sh: xz is missing (run: bash .ci/install-deps.sh)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
list="$here/configurations.txt" bounds="$here/instances/bounds.csv"
# Every search is limited by work, not seconds (issue 48: docs/hitting-sets.md, "Work
# limits"), so a rebuild writes the same bytes alone or beside other work; the
# --time-limit beside it is only a safety cap, far above what the work takes here.
# --work 300000000 is about what 60 s did on an idle machine here; the studies and the
# certifying searches end on their own long before it (3e9: deck 1-6 uses 2.8e8).
work="--work 300000000 --time-limit 3600"
work_cert="--work 3000000000 --time-limit 3600"
tmp=$(mktemp -d /tmp/t24-data-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/instances" "$tmp/covers"
while read -r cards deck target family rest; do
  case "$cards" in '' | '#'*) continue ;; esac
  [ -n "$family" ] && [ -z "$rest" ] || { echo "make-data.sh: bad line: $cards $deck $target $family $rest" >&2; exit 2; }
  name="cards${cards}_deck${deck}_target${target}_${family}"
  "$bin" study --cards "$cards" --deck "$deck" --target "$target" --groupings "$family" \
    $work --out "$tmp/$name" >/dev/null
  mv "$tmp/$name/hitting_set.hgr" "$tmp/instances/$name.hgr"
  mv "$tmp/$name/cover.txt" "$tmp/covers/$name.txt"
  rm -rf "${tmp:?}/$name"
done <"$list"
# The instance does not depend on the search: one unit of work (its greedy run and
# first bounds), no local search.
for deck in 1-5 1-6 1-7 1-8 1-9 1-10 1-13; do
  name="cards5_deck${deck}_target24_all"
  "$bin" study --cards 5 --deck "$deck" --work 1 --local-search 0 --greedy-runs 1 \
    --quiet --out "$tmp/$name" >/dev/null
  mv "$tmp/$name/hitting_set.hgr" "$tmp/instances/$name.hgr"
  rm -rf "${tmp:?}/$name"
done
# The covers: each row's upper_command, on the instance just written.
tail -n +2 "$bounds" | while IFS=, read -r name _ _ _ _ _ _ _ cmd _ _ _; do
  case "$name" in cards4_* | cards5_deck1-5_*) ;; *) [ "$all" = --all ] || continue ;; esac
  [ -f "$tmp/instances/$name.hgr" ] || { echo "make-data.sh: bounds.csv row $name has no instance" >&2; exit 2; }
  case "$cmd" in "t24 cover "*" data/instances/$name.hgr") ;; *)
    echo "make-data.sh: $name: upper_command is not 't24 cover ... data/instances/$name.hgr': $cmd" >&2; exit 2 ;; esac
  read -ra args <<<"${cmd#t24 }"
  unset 'args[${#args[@]}-1]'
  echo "make-data.sh: $name: $cmd" >&2
  # --progress: the slower rows (make data-all) run for minutes; a line every 5 s.
  nice "$bin" "${args[@]}" --progress "$tmp/instances/$name.hgr" >"$tmp/covers/$name.sol"
done
# The certificates: every proven row's, from t24's certifying search on the fresh instance.
# xz -9 -T1: one thread, so the same text gives the same bytes.
mkdir -p "$tmp/certificates"
tail -n +2 "$bounds" | while IFS=, read -r name _ _ lower _ _ _ _ _ proven _ _; do
  [ "$proven" = yes ] || continue
  [ -f "$tmp/instances/$name.hgr" ] || { echo "make-data.sh: bounds.csv row $name has no instance" >&2; exit 2; }
  cert="$tmp/certificates/$name.cert"
  # Deck 1-6's search and its xz take most of the run: say what is running (issue 40).
  echo "make-data.sh: $name: certifying $lower (t24 cover --certificate, then xz -9)" >&2
  start=$SECONDS
  nice "$bin" cover --quiet $work_cert --certificate "$cert" "$tmp/instances/$name.hgr" >/dev/null
  # A search stopped by its work (or the safety cap) certifies a smaller bound: not this
  # row's.
  [ "$(grep -m1 '^bound ' "$cert")" = "bound $lower" ] \
    || { echo "make-data.sh: $name: the certificate does not prove $lower" >&2; exit 2; }
  nice xz -9 -T1 "$cert"
  echo "make-data.sh: $name: certificate of $lower in $((SECONDS - start)) s" >&2
done
mkdir -p "$out/instances" "$out/covers" "$out/certificates"
# Only this script's files: every published instance, cover and certificate (bounds.csv
# stays).
rm -f "$out"/instances/cards*_*.hgr "$out"/covers/cards*_*.txt "$out"/certificates/cards*_*.cert.xz
cp "$tmp"/instances/*.hgr "$out/instances/"
cp "$tmp"/covers/* "$out/covers/"
cp "$tmp"/certificates/*.cert.xz "$out/certificates/"
