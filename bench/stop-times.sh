#!/usr/bin/env bash
# Issue 49 item 3: how long each mode of t24 takes to end after SIGTERM, and the bound it
# keeps. Every mode is started on five cards, deck 1-13 (the cube modes on a split of
# it), sent SIGTERM after each of the delays given, and the seconds from the signal to the
# exit are printed with the exit status and, where the mode writes a certificate, its
# bound as t24-check verifies it: one row per run (a Markdown table). A measurement, not
# a test: its figures depend on the machine's load (ctest `stop_signals`,
# tests/check_stop_signals.sh, holds the verdicts, with generous slack).
# Usage: bench/stop-times.sh T24 T24_CHECK OUTDIR [DELAY...]   (default delays: 1 3 6 10)
# STOP_MODES="cube cubes goal" runs only the modes whose name starts with one of these words.
set -u
t24="$1" check="$2" out="$3"; shift 3
delays=("$@"); [ ${#delays[@]} -gt 0 ] || delays=(1 3 6 10)
src=$(cd "$(dirname "$0")/.." && pwd)
deck="$src/data/instances/cards5_deck1-13_target24_all.hgr"
mkdir -p "$out"
[ -d "$out/cubes" ] || "$t24" cover --split 4 --goal 201 --cubes-dir "$out/cubes" \
  --time-limit 300 "$deck" >/dev/null 2>&1 || { echo "split failed"; exit 1; }

# One mode: name, then its command (CERT becomes a certificate path, DIR a fresh folder,
# CUBES a fresh copy of the split folder).
modes=(
  "cover|cover $deck --time-limit 600"
  "certificate|cover $deck --time-limit 600 --certificate CERT"
  "lp-certificate|cover $deck --time-limit 600 --lp-certificate CERT"
  "goal 201|cover $deck --time-limit 600 --goal 201 --certificate CERT"
  "glpk|cover $deck --time-limit 600 --solver glpk"
  "colgen + Lagrangian|cover $deck --time-limit 600 --lp colgen"
  "local-search|cover $deck --time-limit 600 --local-search 600"
  "study|study --cards 5 --deck 1-13 --time-limit 600 --out DIR"
  "cube|cover --cube CUBES/cube-00001 --time-limit 600"
  "cubes|cover --cubes CUBES --time-limit 600"
)
echo "| mode | SIGTERM at (s) | exit after (s) | status | bound kept (t24-check) |"
echo "|---|---:|---:|---:|---|"
for m in "${modes[@]}"; do
  name=${m%%|*} cmd=${m#*|}
  [ -z "${STOP_MODES:-}" ] || [[ " $STOP_MODES " == *" ${name%% *} "* ]] || continue
  for d in "${delays[@]}"; do
    tag="${name// /_}.$d" cert="$out/$tag.cert" dir="$out/$tag.study" cubes="$out/$tag.cubes"
    rm -rf "$cert" "$dir" "$cubes"
    cp -r "$out/cubes" "$cubes"
    cmd1=${cmd//CERT/$cert}; cmd1=${cmd1//DIR/$dir}; cmd1=${cmd1//CUBES/$cubes}
    # shellcheck disable=SC2086
    "$t24" $cmd1 >"$out/$tag.out" 2>"$out/$tag.err" &
    pid=$!
    sleep "$d"
    t0=$(date +%s.%N)
    kill -TERM "$pid" 2>/dev/null
    wait "$pid"; rc=$?
    t1=$(date +%s.%N)
    kept="-"
    [ -s "$dir/certificate.txt" ] && cert="$dir/certificate.txt" && deckf="$dir/hitting_set.hgr"
    if [ -s "$cert" ]; then
      kept=$("$check" "${deckf:-$deck}" "$cert" 2>&1 | head -1)
    elif [ "$name" = cube ]; then
      kept=$(grep -o 'bound [0-9]* of target [0-9]*' "$out/$tag.out" | head -1)
    fi
    unset deckf
    printf '| %s | %s | %.2f | %s | %s |\n' "$name" "$d" "$(echo "$t1 - $t0" | bc)" "$rc" "${kept:--}"
    rm -rf "$cubes" "$dir"
  done
done
