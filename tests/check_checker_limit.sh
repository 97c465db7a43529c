#!/usr/bin/env bash
# t24-check's entry limit (issue 52 item 3): the entries of all sets, counted as written,
# at most 2^PACE_MAX_ENTRIES_LOG2 (28, as t24's own reader). A file of 2^28 entries is
# half a GB of text and about 2 GB to check, too much for make test, so a copy of the
# checker is built with the exponent 10 and read at its boundary: 1,024 entries accepted
# (the checksum printed, a one-leaf certificate verified), 1,025 refused with exit 2 and
# the message naming 2^10. The build of record must say 2^28 (its refusal message).
# usage: check_checker_limit.sh SOURCE_DIR T24_CHECK CC
set -u
src=${1:?usage: check_checker_limit.sh SOURCE_DIR T24_CHECK CC} checker=${2:?} cc=${3:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
"$cc" -O1 -w -DPACE_MAX_ENTRIES_LOG2=10 -o "$tmp/small" "$src/src/checker/t24-check.c" \
  || { echo "FAIL the checker does not build with PACE_MAX_ENTRIES_LOG2=10"; exit 1; }
# 256 sets over 5 elements: 255 of {1,2,3,4}, the last {1,2,3,4} (1,024 entries) or
# {1,2,3,4,5} (1,025).
instance() {
  echo "p hs 5 256"
  for ((s = 1; s < 256; s++)); do echo "1 2 3 4"; done
  echo "$1"
}
instance "1 2 3 4" >"$tmp/at.hgr"
instance "1 2 3 4 5" >"$tmp/past.hgr"
[ "$(awk 'NR > 1 { n += NF } END { print n }' "$tmp/at.hgr")" = 1024 ] || bad "the instance at the limit is not 1024 entries"
# Element 1 hits every set: the cover {1}; y = 1 on set 1 alone proves 1 (L = 1 > 0).
printf '1\n1\n' >"$tmp/cover.sol"
if sum=$("$tmp/small" --checksum "$tmp/at.hgr" 2>"$tmp/err"); then
  printf 't24-certificate 1\ninstance 5 256 %s\nbound 1\ndenominator 1\ntree\nleaf y 1:1\nend\n' \
    "$sum" >"$tmp/cert"
  out=$("$tmp/small" "$tmp/at.hgr" "$tmp/cover.sol" "$tmp/cert" 2>&1)
  [ "$out" = "optimum 1 verified" ] && ok "1,024 entries (2^10) are read and checked" \
    || bad "at the limit: '$out'"
else
  bad "1,024 entries refused at the limit 2^10: $(cat "$tmp/err")"
fi
out=$("$tmp/small" --checksum "$tmp/past.hgr" 2>&1); st=$?
want="t24-check: $tmp/past.hgr: line 257: more than 2^10 elements in all sets"
[ $st = 2 ] && [ "$out" = "$want" ] && ok "1,025 entries refused, exit 2: ${out#*: *: }" \
  || bad "one past the limit: status $st, '$out'"
grep -qa "more than 2^28 elements in all sets" "$checker" \
  && ok "the build of record's limit is 2^28" || bad "$checker does not say 2^28"
exit $fail
