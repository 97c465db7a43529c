#!/usr/bin/env bash
# Every optimum of the default sweep (docs/results.md), certified and checked (issue 28):
#   tests/check_sweep_certificates.sh T24 T24_CHECK [SWEEP_ARGS...]
# Runs `t24 sweep --csv --certificates DIR`, then t24-check on each configuration's
# certificate, and requires, for every row the sweep calls optimal, `lower bound K
# verified` with K its optimum. ctest `sweep_certificates` and `make results` run it;
# it prints how many were checked and how long the checks took.
set -eu
bin=$1 check=$2
shift 2
tmp=$(mktemp -d /tmp/t24-sweep-certs-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_sweep_certificates: $*" >&2; exit 1; }
"$bin" sweep --quiet --csv --certificates "$tmp/certs" "$@" >"$tmp/sweep.csv" \
  || fail "t24 sweep --certificates failed"
header=$(head -n 1 "$tmp/sweep.csv")
col() { tr , '\n' <<<"$header" | grep -nx "$1" | cut -d: -f1; }
c_cards=$(col cards) c_lo=$(col deck_lo) c_hi=$(col deck_hi) c_target=$(col target)
c_fam=$(col groupings) c_opt=$(col optimum) c_optimal=$(col optimal)
[ -n "$c_optimal" ] || fail "sweep.csv has no 'optimal' column"
start=$(date +%s.%N) n=0
while IFS=, read -r -a row; do
  name="cards${row[c_cards - 1]}_deck${row[c_lo - 1]}-${row[c_hi - 1]}_target${row[c_target - 1]}_${row[c_fam - 1]}"
  [ "${row[c_optimal - 1]}" = true ] || continue
  cert="$tmp/certs/$name.cert"
  [ -f "$cert" ] || fail "$name: no certificate"
  got=$("$check" "$tmp/certs/$name.hgr" "$cert" 2>&1) || fail "$name: $got"
  [ "$got" = "lower bound ${row[c_opt - 1]} verified" ] \
    || fail "$name: t24-check says '$got', the sweep's optimum is ${row[c_opt - 1]}"
  n=$((n + 1))
done < <(tail -n +2 "$tmp/sweep.csv")
[ "$n" -gt 0 ] || fail "no optimal row"
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "sweep certificates: $n optima certified and verified by t24-check in $secs s"
