#!/usr/bin/env bash
# One certified proof over local workers (issue 30; docs/cluster.md):
#   bench/prove.sh T24 T24_CHECK INSTANCE DIR JOBS SECONDS [GOAL] [CUBES]
# splits INSTANCE's certifying search into at least CUBES cubes (default 64) in DIR,
# unless DIR holds a split already (then it resumes: closed cubes are not searched
# again), runs JOBS workers (`t24 cover --cubes DIR --worker I/JOBS`) for SECONDS each,
# merges, and checks the merged certificate with t24-check when every cube has a proof.
# GOAL (default 0: the best cover's size) is the bound the cubes prove. `make prove`
# calls it with a five-card deck.
set -eu
t24=$1 check=$2 inst=$3 dir=$4 jobs=$5 seconds=$6 goal=${7:-0} cubes=${8:-64}
fail() { echo "prove: $*" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || fail "JOBS must be a positive number, not '$jobs'"
[[ $seconds =~ ^[1-9][0-9]*$ ]] || fail "the seconds must be a positive number, not '$seconds'"
[[ $goal =~ ^[0-9]+$ ]] || fail "GOAL must be a number (0: the cover's size), not '$goal'"
start=$(date +%s)
if [ -e "$dir" ]; then
  [ -f "$dir/root.cert" ] || fail "'$dir' exists and holds no split: remove it or name another"
  echo "prove: resuming $dir" >&2
else
  args=(cover --progress --split "$cubes" --cubes-dir "$dir" --time-limit 600)
  [ "$goal" = 0 ] || args+=(--goal "$goal")
  "$t24" "${args[@]}" "$inst"
fi
pids=()
for ((i = 0; i < jobs; i++)); do
  nice "$t24" cover --progress --cubes "$dir" --worker "$i/$jobs" --time-limit "$seconds" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=$?; done
[ "$status" = 0 ] || fail "a worker failed (exit $status)"
"$t24" cover --merge "$dir"
if [ -f "$dir/proof.cert" ]; then
  "$check" "$dir/instance.hgr" "$dir/cover.sol" "$dir/proof.cert"
fi
echo "prove: $(( $(date +%s) - start )) s of wall time, $jobs workers" >&2
