#!/usr/bin/env bash
# Issue 48 item 3, the anytime profile of `t24 cover`: for each instance and each moment T,
# a run given --time-limit LONG and stopped by SIGTERM at T (as PACE's harness stops a
# solver) beside a run given --time-limit T, started together so that both meet the same
# load. Prints one Markdown row per instance and moment: the two covers (the first line of
# each PACE output) and the first's excess in percent. Every cover is checked against its
# instance by bench/check-hs-cover.py, which shares no code with t24.
# Usage: bench/anytime-profile.sh T24 OUTDIR LONG "T..." FILE.hgr...
set -u
t24="$1" out="$2" long="$3" moments="$4"; shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
echo "| instance | T (s) | stopped at T of $long s | limited to T | excess |"
echo "|---|---:|---:|---:|---:|"
for f in "$@"; do
  name=$(basename "$f" .hgr)
  for t in $moments; do
    a="$out/$name.stop$t" b="$out/$name.lim$t"
    "$t24" cover "$f" --time-limit "$long" --progress >"$a.out" 2>"$a.err" &
    pa=$!
    "$t24" cover "$f" --time-limit "$t" >"$b.out" 2>"$b.err" &
    pb=$!
    sleep "$t"
    kill -TERM "$pa"
    wait "$pa"; wait "$pb"
    for x in "$a" "$b"; do
      python3 "$here/check-hs-cover.py" "$f" "$x.out" >/dev/null 2>&1 || echo "cover check FAILED: $x.out"
    done
    ca=$(head -1 "$a.out") cb=$(head -1 "$b.out")
    printf '| %s | %s | %s | %s | %+.2f %% |\n' "$name" "$t" "$ca" "$cb" \
      "$(echo "scale=6; 100 * ($ca - $cb) / $cb" | bc)"
  done
done
