#!/usr/bin/env bash
# make bench-certify: the certified proof beside GLPK's uncertified one, in one run
# (issue 28's targets), written to docs/bench-certify.md. For each instance: `t24 cover
# --solver glpk` and `t24 cover --certificate` (t24's certifying search) with the same
# budget, one after the other, RUNS times each (medians), then t24-check on the last
# certificate, its size and the check's time. Figures are printed, never judged.
#   bench/bench-certify.sh T24 T24_CHECK OUT.md [RUNS]
set -eu
bin=$1 check=$2 out=$3 runs=${4:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/t24-bench-certify-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# instance name, budget in seconds
cases="cards4_deck1-13_target24_all 60
cards5_deck1-5_target24_all 60
cards5_deck1-6_target24_all 120
cards5_deck1-7_target24_all 60"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# wall seconds of a command, its stdout to $tmp/out
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$tmp/out" 2>"$tmp/err" || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}
verdict() { jq -r 'if .optimal then "\(.optimum) proven" else "\(.best_bound)..\(.optimum)" end' "$tmp/out"; }

{
  echo "# Certified proofs beside GLPK's"
  echo
  echo "Written by \`make bench-certify\` (\`bench/bench-certify.sh\`) on $(date -u +%Y-%m-%d),"
  echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), under nice."
  echo "Each instance of \`data/instances/\`: \`t24 cover --json --time-limit B --solver glpk\` and"
  echo "\`t24 cover --json --time-limit B --certificate FILE\` (t24's certifying search, on the"
  echo "whole instance), one after the other, $runs times each: the median wall time of each"
  echo "and their ratio, measured in this one run. Then \`t24-check\` on the last certificate:"
  echo "its verdict, the check's wall time and the certificate's size. GLPK's proof is not"
  echo "checkable; the certified one is ([certificates.md](certificates.md))."
  echo
  echo "| instance | budget (s) | GLPK: result | GLPK (s) | certified: result | certified (s) | ratio | nodes | certificate | t24-check | check (s) |"
  echo "|---|---:|---|---:|---|---:|---:|---:|---:|---|---:|"
} >"$tmp/md"

while read -r name budget; do
  hgr="$here/data/instances/$name.hgr"
  : >"$tmp/g" && : >"$tmp/c"
  for _ in $(seq "$runs"); do
    echo "bench-certify: $name: glpk" >&2
    timed "$bin" cover --quiet --json --time-limit "$budget" --solver glpk "$hgr" >>"$tmp/g"
    gres=$(verdict)
    echo "bench-certify: $name: certified" >&2
    timed "$bin" cover --quiet --json --time-limit "$budget" --certificate "$tmp/cert" "$hgr" >>"$tmp/c"
    cres=$(verdict)
    nodes=$(jq -r '.certificate.nodes // "-"' "$tmp/out")
  done
  gt=$(median <"$tmp/g") ct=$(median <"$tmp/c")
  ratio=$(awk -v a="$gt" -v b="$ct" 'BEGIN { printf "%.2f", a / b }')
  if [ -f "$tmp/cert" ]; then
    size=$(stat -c %s "$tmp/cert")
    size=$(awk -v a="$size" 'BEGIN { if (a < 1048576) printf "%.1f KiB", a / 1024; else printf "%.1f MiB", a / 1048576 }')
    t0=$(date +%s.%N)
    v=$("$check" "$hgr" "$tmp/cert" 2>&1 | head -n 1 || true)
    t1=$(date +%s.%N)
    chk=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    rm -f "$tmp/cert"
  else
    size="none" v="no certificate" chk="0"
  fi
  printf '| %s | %s | %s | %.2f | %s | %.2f | %s | %s | %s | %s | %.2f |\n' "$name" "$budget" \
    "$gres" "$gt" "$cres" "$ct" "$ratio" "$nodes" "$size" "$v" "$chk" >>"$tmp/md"
done <<<"$cases"
cp "$tmp/md" "$out"
