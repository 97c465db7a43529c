#!/usr/bin/env bash
# ls-bench.sh - t24 cover before and after a change, and the PACE 2025 heuristic winner,
# side by side on the same instances (docs/hitting-sets.md, "The local search:
# measurements"). Each run gets SECONDS of wall time (t24: --time-limit; the winner, which
# runs until signalled: SIGTERM at SECONDS, as PACE does), one process a core, JOBS at a
# time; the runs of one instance and seed follow one another (before, after, winner), so
# that the three see the same load. Every cover is checked by bench/check-hs-cover.py,
# which shares no code with t24. Prints one line a run: instance, engine, seed, size
# (or FAIL), wall seconds.
# Usage: BEFORE=t24 AFTER=t24 [WINNER=solver] [ENGINES="after"] \
#          ls-bench.sh OUTDIR SECONDS JOBS "SEEDS" FILE.hgr...
set -eu
[ $# -ge 5 ] || { sed -n "2,12p" "$0" >&2; exit 2; }
out=$1 secs=$2 jobs=$3 seeds=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
run_one() { # instance engine seed
  local f=$1 eng=$2 seed=$3 n sol t0 t1 size
  n=$(basename "$f" .hgr)
  sol="$out/$n.$eng.$seed.sol"
  t0=$(date +%s.%N)
  case $eng in
    winner) timeout -s TERM "$secs" "$WINNER" <"$f" >"$sol" 2>/dev/null || true ;;
    *) local bin=BEFORE; [ "$eng" = after ] && bin=AFTER
       timeout -s KILL $((secs + 30)) "${!bin}" cover --time-limit "$secs" --seed "$seed" \
         "$f" >"$sol" 2>"$out/$n.$eng.$seed.err" || true ;;
  esac
  t1=$(date +%s.%N)
  size=$(python3 "$here/check-hs-cover.py" "$f" "$sol" 2>&1) || size="FAIL($size)"
  printf '%s\t%s\t%s\t%s\t%.1f\n' "$n" "$eng" "$seed" "$size" "$(echo "$t1 - $t0" | bc)"
}
export -f run_one
export out secs here BEFORE AFTER WINNER
engines=${ENGINES:-before after}
[ -n "${WINNER:-}" ] && engines="$engines winner"
for f in "$@"; do
  for seed in $seeds; do
    for eng in $engines; do echo "$f $eng $seed"; done
  done
done | xargs -P "$jobs" -L 1 bash -c 'run_one "$@"' _
