#!/usr/bin/env bash
# One certified proof over local workers (issue 30; docs/cluster.md):
#   bench/prove.sh T24 T24_CHECK INSTANCE DIR JOBS SECONDS [GOAL] [CUBES] [WORK]
# splits INSTANCE's certifying search into at least CUBES cubes (default 64) in DIR,
# unless DIR holds a split already (then it resumes: closed cubes are not searched
# again), runs JOBS workers (`t24 cover --cubes DIR --worker I/JOBS`) for SECONDS each,
# merges (the merge checks the merged certificate with T24_CHECK when every cube has a
# proof, and prints its verdict last).
# GOAL (default 0: the best cover's size) is the bound the cubes prove. WORK (default 0:
# none) limits the split's search and each cube's by work (`--work WORK`, issue 48), so
# that whether a cube closes does not depend on the load; SECONDS then only caps each
# worker. `make prove` calls it with a five-card deck.
set -eu
t24=$1 check=$2 inst=$3 dir=$4 jobs=$5 seconds=$6 goal=${7:-0} cubes=${8:-64} work=${9:-0}
fail() { echo "prove: $*" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] || fail "JOBS must be a positive number, not '$jobs'"
[[ $seconds =~ ^[1-9][0-9]*$ ]] || fail "the seconds must be a positive number, not '$seconds'"
[[ $goal =~ ^[0-9]+$ ]] || fail "GOAL must be a number (0: the cover's size), not '$goal'"
[[ $work =~ ^[0-9]+$ ]] || fail "WORK must be a number of work units (0: none), not '$work'"
limit=()
[ "$work" = 0 ] || limit=(--work "$work")
start=$(date +%s)
if [ -e "$dir" ]; then
  [ -f "$dir/root.cert" ] || fail "'$dir' exists and holds no split: remove it or name another"
  echo "prove: resuming $dir" >&2
else
  args=(cover --progress --split "$cubes" --cubes-dir "$dir" --time-limit 600 "${limit[@]}")
  [ "$goal" = 0 ] || args+=(--goal "$goal")
  "$t24" "${args[@]}" "$inst"
fi
pids=()
for ((i = 0; i < jobs; i++)); do
  nice "$t24" cover --progress --cubes "$dir" --worker "$i/$jobs" --time-limit "$seconds" \
    "${limit[@]}" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=$?; done
[ "$status" = 0 ] || fail "a worker failed (exit $status)"
# The merge verifies the merged certificate with T24_CHECK itself (issue 38) and says
# "proven" only then: no second check here. Its time limit is for that check (a 1.4 GB
# certificate takes minutes); its verdict, t24-check's own words, is the last line.
out=$(T24_CHECK="$check" "$t24" cover --merge "$dir" --time-limit 86400) ||
  fail "the merge refused the cubes' proofs (above: the cubes at fault, set aside)"
printf '%s\n' "$out"
if [ -f "$dir/proof.cert" ]; then
  case $out in
    *"; t24-check: "*) printf '%s\n' "${out##*; t24-check: }" ;;
    *) fail "the merge wrote proof.cert but did not verify it" ;;
  esac
fi
echo "prove: $(( $(date +%s) - start )) s of wall time, $jobs workers" >&2
