#!/usr/bin/env bash
# A smoke run of `make bench-pace` and `make bench-pace-exact` on PACE 2025 instances
# (issue 41), t24 alone, a few seconds each: the harnesses must finish and report, and
# must not take what they did not check. Planted: a "t24" that prints a non-cover must be
# reported FAIL (exit 1); a "winner" that ignores SIGTERM must be killed after the grace
# and reported FAIL; a t24-check that claims an optimum the cover does not reach must not
# make an instance proven. Figures are not checked: they are the bench's.
# Skipped (77) when the instances (../shared/pace2025 beside the checkout) are not there.
#   tests/check_bench_pace.sh T24 T24_CHECK SOURCE_DIR
set -u
t24=$1 check=$2 src=$3
pace=$src/../shared/pace2025
[ -f "$pace/heuristic/heuristic_005.hgr.tar.xz" ] && [ -f "$pace/exact/exact_001-100.hgr.tar.xz" ] \
  || { echo "check_bench_pace: no PACE instances under $pace, skipped"; exit 77; }
dir=$(mktemp -d /tmp/t24-check-bench-pace-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "check_bench_pace: $*" >&2; exit 1; }
heur() { # out last [extra args]: bench-pace.py on two small instances, 2 s each
  local out=$1 last=$2; shift 2
  python3 "$src/bench/bench-pace.py" --pace-dir "$pace" --seconds 2 --grace 2 \
    --instances "005 056" --out "$out" --last "$last" "$@" 2>"$dir/stderr"
}
cp "$src/bench/pace-last.csv" "$dir/last.csv"
heur "$dir/ok.md" "$dir/last.csv" --t24 "$t24" || fail "t24 alone exited $?: $(cat "$dir/stderr")"
rows=$(grep -cE '^\| heuristic_0(05|56) \| [0-9,]+ x [0-9,]+ \| [0-9,]+ \|' "$dir/ok.md")
[ "$rows" = 2 ] || fail "t24 alone: $rows rows with a checked cover, not 2"
grep -q "PACE score" "$dir/ok.md" || fail "t24 alone: no PACE score against bench/pace-last.csv"
cmp -s "$src/bench/pace-last.csv" "$dir/last.csv" || fail "a run without the winner rewrote the covers recorded"
echo "ok   t24 alone: two covers checked, scored against the recorded ones"
# The tuned / held-out split, recomputed here: odd positions of the sorted names are tuned.
half() { ls "$pace/heuristic" | grep -E '^heuristic_[0-9]+\.hgr\.tar\.xz$' | sort \
  | awk -v n="$1" 'index($0, n ".") == 1 { print ((NR - 1) % 2 ? "tuned" : "held-out") }'; }
h005=$(half heuristic_005) h056=$(half heuristic_056)
if [ "$h005" = "$h056" ]; then want="- $h005 half (2 instances)"; else want="- tuned half (1 instances)"; fi
grep -qF -- "$want" "$dir/ok.md" || fail "the halves: no line '$want' ($(grep ' half (' "$dir/ok.md"))"
echo "ok   each instance scored under its half of the split ($h005, $h056)"

printf '#!/bin/sh\nprintf "1\\n1\\n"\n' >"$dir/liar"
chmod +x "$dir/liar"
heur "$dir/liar.md" "$dir/last.csv" --t24 "$dir/liar" && fail "a non-cover passed (exit 0)"
[ "$(grep -c '| FAIL (' "$dir/liar.md")" = 2 ] || fail "a non-cover was not reported FAIL"
echo "ok   a non-cover is reported FAIL and fails the run"

printf '#!/bin/sh\nexec python3 -c "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"\n' >"$dir/deaf"
chmod +x "$dir/deaf"
heur "$dir/deaf.md" "$dir/deaf.csv" --t24 "$t24" --winner "$dir/deaf" \
  || fail "t24 beside a deaf winner exited $?: $(cat "$dir/stderr")"
[ "$(grep -c '(SIGKILL, -9)' "$dir/deaf.md")" = 2 ] || fail "a winner deaf to SIGTERM was not killed"
grep -q '^heuristic' "$dir/deaf.csv" && fail "a winner's missing cover was recorded"
echo "ok   a winner deaf to SIGTERM is killed after the grace, and nothing recorded"

exact() { # out check: bench-pace-exact.py on exact_001
  python3 "$src/bench/bench-pace-exact.py" --t24 "$t24" --check "$2" --pace-dir "$pace" \
    --time-limit 120 --jobs 1 --instances 001 --out "$1" 2>"$dir/stderr"
}
exact "$dir/exact.md" "$check" || fail "bench-pace-exact exited $?: $(cat "$dir/stderr")"
grep -q '1 of 1 proven optimal and certified' "$dir/exact.md" \
  || fail "exact_001 not proven and certified: $(grep -A1 '^| exact_001' "$dir/exact.md")"
echo "ok   exact_001 proven and its certificate verified"
printf '#!/bin/sh\necho "optimum 1 verified"\n' >"$dir/weak"
chmod +x "$dir/weak"
exact "$dir/weak.md" "$dir/weak" || fail "bench-pace-exact with a weak check exited $?"
grep -q '0 of 1 proven optimal' "$dir/weak.md" || fail "an optimum claimed below the cover counted as proven"
echo "ok   an optimum claimed below the checked cover is not counted as proven"
