#!/usr/bin/env bash
# The differential test of t24-check (tests/test_checker_diff.c) must catch what it exists
# to catch. Plants issue 38's defect back into a copy of src/checker/t24-check.c (a row
# told a set from a cut by its coefficient pointer, which was NULL for an empty cut: an
# empty cut read as a set; and no rule that a cut without a free element is dead), builds that copy, and checks that the
# differential test, run against it, reports a false bound; and that it passes on the
# real checker. A plant that no longer applies (the code it edits moved) fails the check:
# update the plant with the code.
# usage: check_checker_planted.sh SOURCE_DIR TEST_CHECKER_DIFF T24_CHECK CC
set -u
src=${1:?usage: check_checker_planted.sh SOURCE_DIR TEST_BIN T24_CHECK CC}
test_bin=$2 checker=$3 cc=${4:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src/src/checker/t24-check.c" "$tmp/planted.c"
plant() { # the line to replace, its replacement (fixed strings)
  grep -qF "$1" "$tmp/planted.c" || { echo "FAIL: the plant's line is gone: $1"; exit 1; }
  local text
  text=$(cat "$tmp/planted.c")
  printf '%s\n' "${text/"$1"/"$2"}" > "$tmp/planted.c"
}
# the old pointer test's effect: a cut with no coefficient read as a set (b' = 1 - hits)
plant 'if (!v->is_cut) return q_of(1 - (int64_t)v->st->hits);' \
      'if (!v->is_cut || !v->len) return q_of(1 - (int64_t)v->st->hits);'
plant 'return v->is_cut && !cut_has_free(v, state) ? "a cut with no free element" : NULL;' \
      'return (void)cut_has_free, NULL;'
"$cc" -O1 -w -o "$tmp/planted" "$tmp/planted.c" || { echo "FAIL: the planted checker does not build"; exit 1; }
fail=0
if out=$(T24_CHECK_BIN="$checker" "$test_bin" 2>&1); then
  echo "ok   the real checker passes the differential test"
else
  echo "FAIL the real checker fails the differential test"; echo "$out" | tail -20; fail=1
fi
out=$(T24_CHECK_BIN="$tmp/planted" "$test_bin" 2>&1)
if [ $? -ne 0 ] && grep -q "false bound" <<<"$out"; then
  echo "ok   the planted checker is caught: $(grep -m1 -o 'false bound: [^(]*' <<<"$out")"
else
  echo "FAIL the differential test does not catch the planted checker"; echo "$out" | tail -20; fail=1
fi
exit $fail
