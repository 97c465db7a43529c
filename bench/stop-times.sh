#!/usr/bin/env bash
# Issue 49 item 3: how long each mode of t24 takes to end after SIGTERM. Every mode is
# started on five cards, deck 1-13 (or its split folder), sent SIGTERM after each of the
# delays given, and the seconds from the signal to the exit are printed, with the exit
# status, one row per run (a Markdown table). A measurement, not a test: its figures depend
# on the machine's load (ctest `stop_times`, tests/check_stop.sh, holds the verdicts).
# Usage: bench/stop-times.sh T24 OUTDIR [DELAY...]   (default delays: 1 3 6 10)
set -u
t24="$1" out="$2"; shift 2
delays=("$@"); [ ${#delays[@]} -gt 0 ] || delays=(1 3 6 10)
src=$(cd "$(dirname "$0")/.." && pwd)
deck="$src/data/instances/cards5_deck1-13_target24_all.hgr"
mkdir -p "$out"
[ -d "$out/cubes" ] || "$t24" cover --split 4 --goal 201 --cubes-dir "$out/cubes" \
  --time-limit 120 "$deck" >/dev/null 2>&1 || { echo "split failed"; exit 1; }

# One mode: name, then its command (the word CERT becomes a certificate path).
modes=(
  "cover|cover $deck --time-limit 600"
  "certificate|cover $deck --time-limit 600 --certificate CERT"
  "lp-certificate|cover $deck --time-limit 600 --lp-certificate CERT"
  "glpk|cover $deck --time-limit 600 --solver glpk"
  "colgen|cover $deck --time-limit 600 --lp colgen"
  "local-search|cover $deck --time-limit 600 --local-search 600"
  "study|study --cards 5 --deck 1-13 --time-limit 600"
  "cube|cover --cube $out/cubes/cube-00001 --time-limit 600"
  "cubes|cover --cubes $out/cubes --time-limit 600"
)
echo "| mode | SIGTERM at (s) | exit after (s) | status |"
echo "|---|---:|---:|---:|"
for m in "${modes[@]}"; do
  name=${m%%|*} cmd=${m#*|}
  for d in "${delays[@]}"; do
    cert="$out/$name.$d.cert"
    # shellcheck disable=SC2086
    "$t24" ${cmd//CERT/$cert} >"$out/$name.$d.out" 2>"$out/$name.$d.err" &
    pid=$!
    sleep "$d"
    t0=$(date +%s.%N)
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"; rc=$?
    t1=$(date +%s.%N)
    printf '| %s | %s | %.2f | %s |\n' "$name" "$d" "$(echo "$t1 - $t0" | bc)" "$rc"
  done
done
