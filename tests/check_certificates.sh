#!/usr/bin/env bash
# data/certificates/ against data/instances/bounds.csv, checked by t24-check alone:
#   tests/check_certificates.sh T24_CHECK SOURCE_DIR     (ctest `certificates`, about 5 s)
# Every proven row names its certificate, certificates/NAME.cert.xz, and t24-check, given
# the row's instance, its cover data/covers/NAME.sol and the certificate decompressed,
# prints `optimum K verified` with K the row's lower bound (= certified_lower); every
# unproven row says `not published`; every file of data/certificates is a proven row's
# certificate. t24 itself is not run: this is the check anyone can repeat with t24-check.
set -eu
check=$1 src=$2
tmp=$(mktemp -d /tmp/t24-check-certificates-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_certificates: $*" >&2; exit 1; }
command -v xz >/dev/null || fail "xz is missing (run: bash .ci/install-deps.sh)"
bounds="$src/data/instances/bounds.csv"
[ -f "$bounds" ] || fail "data/instances/bounds.csv is missing"
[ -d "$src/data/certificates" ] || fail "data/certificates/ is missing, run 'make data'"

n=0 named=""
while IFS=, read -r name _ _ lower _ _ _ _ _ proven clower cert rest; do
  [ -z "$rest" ] || fail "bounds.csv: $name: more than 12 fields"
  if [ "$proven" != yes ]; then
    [ "$cert" = "not published" ] || fail "$name: not proven, but certificate is '$cert'"
    continue
  fi
  [ "$clower" = "$lower" ] || fail "$name: proven $lower, but certified_lower is '$clower'"
  [ "$cert" = "certificates/$name.cert.xz" ] \
    || fail "$name: proven, but certificate is '$cert', not certificates/$name.cert.xz"
  [ -f "$src/data/$cert" ] || fail "$name: data/$cert is missing, run 'make data'"
  xz -dc "$src/data/$cert" >"$tmp/cert" || fail "$name: data/$cert does not decompress"
  got=$("$check" "$src/data/instances/$name.hgr" "$src/data/covers/$name.sol" "$tmp/cert" 2>&1) \
    || fail "$name: t24-check refuses data/$cert: $got"
  [ "$got" = "optimum $lower verified" ] \
    || fail "$name: t24-check says '$got', not 'optimum $lower verified'"
  named="$named ${cert#certificates/}"
  n=$((n + 1))
done < <(tail -n +2 "$bounds")
[ "$n" -gt 0 ] || fail "bounds.csv has no proven row"

for f in $(cd "$src/data/certificates" && ls); do
  [[ " $named " == *" $f "* ]] || fail "data/certificates/$f is no proven row's certificate in bounds.csv"
done
echo "certificates: $n proven optima of bounds.csv verified by t24-check"
