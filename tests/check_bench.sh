#!/usr/bin/env bash
# A smoke run of `make bench-five` with 0.2 s per configuration: the harness must finish,
# write its report all at once, and every row must make sense on its own: a lower bound
# never above its cover, a cover never worse than the warm start every configuration is
# given (the search starts from it), and a cover holding more than the forced classes
# when the core has hands left to hit (once, stopped in the LP, a row's cover was the
# forced classes alone). Figures are not checked: they are the bench's.
#   tests/check_bench.sh T24_BENCH
set -eu
bench=$1
dir=$(mktemp -d /tmp/t24-check-bench-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail() { echo "check_bench: $*" >&2; exit 1; }

"$bench" --five 0.2 --write "$dir/five.md" >"$dir/stdout" 2>"$dir/stderr" \
  || fail "t24-bench --five 0.2 exited $?: $(head -c 2000 "$dir/stderr")"
cmp -s "$dir/stdout" "$dir/five.md" || fail "--write differs from what was printed"
# Per deck: "### Deck 1-N (... warm start W = ...)", then rows
# "| configuration | result | lower bound | cover | nodes | seconds |".
awk -F'|' '
  /^### Deck/ {
    match($0, /warm start [0-9]+/); warm = substr($0, RSTART + 11, RLENGTH - 11) + 0
    match($0, /[0-9]+ forced classes/); forced = substr($0, RSTART, RLENGTH) + 0
    match($0, /x [0-9]+ hands/); hands = substr($0, RSTART + 2, RLENGTH - 2) + 0
    decks++; next
  }
  decks && /^\| (GLPK|CBC)/ {
    rows++
    lb = $4 + 0; cover = $5 + 0
    if ($3 ~ /failed/) { print "failed: " $0; bad++; next }
    if ($5 !~ /^ *[0-9]+ *$/) { print "no cover, though given a warm start: " $0; bad++; next }
    if (lb > cover) { print "lower bound above cover: " $0; bad++ }
    if (cover > warm) { print "cover worse than the warm start " warm ": " $0; bad++ }
    if (hands > 0 && cover <= forced) { print "cover of forced classes only, " hands " hands left: " $0; bad++ }
    if ($3 ~ /proven/ && lb != cover) { print "proven but bound != cover: " $0; bad++ }
  }
  END {
    if (decks != 2 || rows != 16) { print "expected 2 decks and 16 rows, got " decks " and " rows; bad++ }
    exit bad > 0
  }' "$dir/five.md" >"$dir/bad" || fail "$(cat "$dir/bad")"
echo "check_bench: 2 decks, 16 configurations, every row consistent"
