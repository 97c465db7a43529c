#!/usr/bin/env bash
# A SAT engine on "is there a hitting set of at most K elements?" (issue 20, lower
# bounds beyond the LP): the PACE instance becomes CNF, one clause per set and Sinz's
# sequential counter for "at most K of the N elements", and Debian's CaDiCaL decides it.
# UNSAT proves every cover has more than K elements (a lower bound of K + 1); SAT gives
# a cover of at most K, which this script checks against every set itself.
#   bench/sat-bound.sh INSTANCE.hgr K SECONDS
# Needs the cadical command (Debian's package cadical). Prints one line and exits 0
# whatever the answer; 2 for bad arguments.
set -eu
inst=${1:?usage: sat-bound.sh INSTANCE.hgr K SECONDS} k=${2:?K} secs=${3:?SECONDS}
[[ $k =~ ^[1-9][0-9]*$ && $secs =~ ^[1-9][0-9]*$ ]] || { echo "sat-bound: K and SECONDS must be positive integers" >&2; exit 2; }
command -v cadical >/dev/null || { echo "sat-bound: needs cadical (apt-get install cadical)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/t24-sat-XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# Variables: x_e = e (1..N); s_{i,j} = N + (i-1)*K + j for i in 1..N, j in 1..K: "at
# least j of x_1..x_i are true". Clauses (Sinz 2005, <= K):
#   x_i -> s_{i,1};  s_{i-1,j} -> s_{i,j};  x_i and s_{i-1,j-1} -> s_{i,j};
#   not (x_i and s_{i-1,K}).
awk -v k="$k" '
  /^c/ || /^$/ { next }
  /^p/ { n = $3; next }
  { sets[++m] = $0 }
  END {
    nv = n + n * k
    nc = m + n * (2 * k) + 1
    print "p cnf", nv, nc
    for (i = 1; i <= m; i++) print sets[i], 0
    for (i = 1; i <= n; i++) {
      base = n + (i - 1) * k; prev = n + (i - 2) * k
      print -i, base + 1, 0
      if (i > 1) {
        for (j = 1; j <= k; j++) print -(prev + j), base + j, 0
        for (j = 2; j <= k; j++) print -i, -(prev + j - 1), base + j, 0
        print -i, -(prev + k), 0
      } else {
        for (j = 2; j <= k; j++) print -(base + j), 0
      }
    }
  }' "$inst" | awk 'NR == 1 { hdr = $0; next } { body[++c] = $0 } END { split(hdr, h, " "); print h[1], h[2], h[3], c; for (i = 1; i <= c; i++) print body[i] }' >"$tmp/f.cnf"

start=$(date +%s.%N)
rc=0
timeout "$secs" cadical -q "$tmp/f.cnf" >"$tmp/out" 2>&1 || rc=$?
took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
if [ "$rc" -eq 20 ]; then
  echo "UNSAT in $took s: every cover has more than $k elements (lower bound $((k + 1)))"
elif [ "$rc" -eq 10 ]; then
  n=$(awk '/^p/ { print $3; exit }' "$inst")
  awk -v n="$n" '/^v/ { for (i = 2; i <= NF; i++) if ($i > 0 && $i <= n) print $i }' "$tmp/out" >"$tmp/cover"
  size=$(wc -l <"$tmp/cover")
  bad=$(awk 'NR == FNR { in_[$1] = 1; next } /^c/ || /^p/ || /^$/ { next }
             { met = 0; for (i = 1; i <= NF; i++) if ($i in in_) met = 1; if (!met) bad++ }
             END { print bad + 0 }' "$tmp/cover" "$inst")
  echo "SAT in $took s: a cover of $size elements ($bad sets missed by the check)"
else
  echo "unknown after $took s (cadical stopped by the $secs s limit)"
fi
