#!/usr/bin/env bash
# data/large/: instances too large for the repository, published by their digest, their
# best cover, their LP certificate and the command that writes them again:
#   tests/check_data_large.sh T24_CHECK SOURCE_DIR           (ctest `data_large`, a second)
#   tests/check_data_large.sh T24_CHECK SOURCE_DIR long T24  (make check-data-large)
# Quick: data/large/bounds.csv has instances/bounds.csv's header; every row NAME has
# NAME.sha256 (the .hgr's SHA-256 and byte count), NAME.sol (a PACE solution: its size,
# then that many distinct elements in 1..elements, the row's upper) and its certificate
# (xz, a `t24-certificate 1` whose `instance` line states the row's elements and sets and
# whose `bound` is the row's certified_lower = lower); every file of data/large is one of
# those. Without the instance nothing here can say the cover meets every set or the
# bound holds: long mode writes the instance again with the row's instance_command (the
# enumeration: about 8 minutes for seven cards' deck 1-7 on this 2-core machine), checks
# its digest and size, and has t24-check verify the certificate and the cover against it.
# CHECK_DATA_LARGE_ONLY=REGEX keeps the long checks to the rows whose name matches
# (make check-data-large CHECK_DATA_LARGE_ONLY=deck1-8_: one row, every row still quick).
set -eu
check=$1 src=$2 mode=${3:-quick} t24=${4:-}
[ "$mode" = quick ] || [ -x "$t24" ] || { echo "check_data_large: long mode needs T24, not '$t24'" >&2; exit 2; }
dir="$src/data/large"
fail() { echo "check_data_large: $*" >&2; exit 1; }
command -v xz >/dev/null || fail "xz is missing (run: bash .ci/install-deps.sh)"
tmp=$(mktemp -d /tmp/t24-check-data-large-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
header=$(head -n 1 "$src/data/instances/bounds.csv")
[ "$(head -n 1 "$dir/bounds.csv")" = "$header" ] || fail "bounds.csv: the header is not $header"
known="bounds.csv instance_commands.txt"
rows=0 long=0
while IFS=, read -r name elements sets lower _ _ upper _ _ proven clower cert rest; do
  [ -z "$rest" ] || fail "$name: more than 12 fields"
  rows=$((rows + 1))
  known="$known $name.sha256 $name.sol ${cert#large/}"
  [ "$proven" = no ] || [ "$lower" = "$upper" ] || fail "$name: proven=$proven, $lower < $upper"
  [ "$clower" = "$lower" ] || fail "$name: certified_lower $clower is not lower $lower"
  [ "$cert" = "large/$name.lp.cert.xz" ] || fail "$name: certificate '$cert'"
  read -r sum bytes file <"$dir/$name.sha256" || fail "$name.sha256 is not 'SHA256 BYTES FILE'"
  [[ $sum =~ ^[0-9a-f]{64}$ && $bytes =~ ^[0-9]+$ && $file = "$name.hgr" ]] \
    || fail "$name.sha256: '$sum $bytes $file' is not 'SHA256 BYTES $name.hgr'"
  # The cover: its size line, then distinct elements in range, as many as it says.
  # (exit in a rule still runs END: a flag carries the verdict there)
  awk -v n="$upper" -v ne="$elements" 'NR == 1 { if ($0 != n) { bad = 1; exit } next }
      $0 !~ /^[1-9][0-9]*$/ || $1 > ne || seen[$1]++ { bad = 1; exit } { c++ }
      END { exit bad || c != n }' \
    "$dir/$name.sol" || fail "$name.sol is not a cover of $upper distinct elements of 1..$elements"
  xz -dc "$dir/${cert#large/}" >"$tmp/cert" || fail "$name: $cert does not decompress"
  [ "$(head -n 1 "$tmp/cert")" = "t24-certificate 1" ] || fail "$name: not a t24-certificate 1"
  grep -qx "instance $elements $sets [0-9a-f]\{16\}" "$tmp/cert" \
    || fail "$name: the certificate is not for $elements elements x $sets sets"
  grep -qx "bound $lower" "$tmp/cert" || fail "$name: the certificate does not claim $lower"
  [ "$mode" = long ] || continue
  if [ -n "${CHECK_DATA_LARGE_ONLY:-}" ] && ! [[ $name =~ $CHECK_DATA_LARGE_ONLY ]]; then
    echo "check_data_large: $name: quick only (CHECK_DATA_LARGE_ONLY=$CHECK_DATA_LARGE_ONLY)" >&2
    continue
  fi
  long=$((long + 1))
  cmd=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ /, ""); print }' "$dir/instance_commands.txt")
  [[ $cmd == "t24 study "*" --out DIR" ]] || fail "$name: instance_commands.txt: '$cmd'"
  read -ra args <<<"${cmd#t24 }"
  args=("${args[@]/#DIR/$tmp/out}")
  echo "check_data_large: $name: $cmd" >&2
  nice "$t24" "${args[@]}" >/dev/null || fail "$name: '$cmd' failed"
  got=$(sha256sum <"$tmp/out/hitting_set.hgr" | cut -d' ' -f1)
  [ "$got" = "$sum" ] || fail "$name: the instance written has SHA-256 $got, not $sum"
  [ "$(wc -c <"$tmp/out/hitting_set.hgr")" = "$bytes" ] || fail "$name: not $bytes bytes"
  verdict=$("$check" "$tmp/out/hitting_set.hgr" "$dir/$name.sol" "$tmp/cert" 2>&1) \
    || fail "$name: t24-check: $verdict"
  want="lower bound $lower verified; cover of $upper elements verified"
  [ "$lower" != "$upper" ] || want="optimum $lower verified"
  [ "$verdict" = "$want" ] || fail "$name: t24-check says '$verdict', not '$want'"
  rm -rf "$tmp/out"
done < <(tail -n +2 "$dir/bounds.csv"; [ -z "$(tail -c 1 "$dir/bounds.csv")" ] || echo)
[ "$rows" -gt 0 ] || fail "bounds.csv has no row"
for f in $(cd "$dir" && ls -A); do
  [[ " $known " == *" $f "* ]] || fail "data/large/$f is not a row's file"
done
[ "$mode" = quick ] || [ "$long" -gt 0 ] || fail "CHECK_DATA_LARGE_ONLY matches no row"
if [ "$mode" = quick ]; then echo "check_data_large: $rows rows (quick)"
else echo "check_data_large: $rows rows (quick), $long of them long"; fi
