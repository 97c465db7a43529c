#!/usr/bin/env bash
# The Makefile's targets for a newcomer build what they run and no more (issue 49, item 8):
# `make bin`, `make study` and `make prove` build t24 and t24-check alone, never every
# test and tool. Read from `make -n` (nothing is built or run); deps' install script and
# cmake's configure step are the same for every target and are not looked at.
#   tests/check_make_targets.sh SOURCE_DIR
set -u
src=${1:?usage: check_make_targets.sh SOURCE_DIR}
bad=0
for target in bin study "prove DECK=1-6 JOBS=2"; do
  # shellcheck disable=SC2086 # the target and its variables are words
  out=$(make -n -C "$src" BUILD=/nonexistent/b $target 2>&1) || { echo "FAIL make -n $target: $out"; bad=1; continue; }
  builds=$(grep -E 'cmake --build' <<<"$out")
  if [ -z "$builds" ]; then
    echo "FAIL make $target builds nothing: $out"; bad=1
  elif grep -v -- '--target t24 t24-check ' <<<"$builds" | grep -q .; then
    echo "FAIL make $target builds more than t24 and t24-check: $builds"; bad=1
  else
    echo "ok   make $target builds t24 and t24-check alone"
  fi
done
# prove hands that t24-check to bench/prove.sh.
out=$(make -n -C "$src" BUILD=/nonexistent/b prove DECK=1-6 2>&1)
grep -q 'bench/prove.sh /nonexistent/b/t24 /nonexistent/b/t24-check ' <<<"$out" \
  || { echo "FAIL make prove does not run bench/prove.sh with t24 and t24-check: $out"; bad=1; }
# make test runs the tests not labelled slow in both builds, make test-slow the slow ones
# in both, and CI runs the two: no test is left out of CI or run twice in one build.
out=$(make -n -C "$src" BUILD=/nonexistent/b ASAN_BUILD=/nonexistent/a test 2>&1)
for b in b a; do
  grep -q "cd /nonexistent/$b && ctest .*-LE slow" <<<"$out" \
    || { echo "FAIL make test does not run ctest -LE slow in /nonexistent/$b: $out"; bad=1; }
done
grep -q -- '-L slow' <<<"$out" && { echo "FAIL make test runs the slow tests: $out"; bad=1; }
out=$(make -n -C "$src" BUILD=/nonexistent/b ASAN_BUILD=/nonexistent/a test-slow 2>&1)
for b in b a; do
  grep -q "cd /nonexistent/$b && ctest .*-L slow" <<<"$out" \
    || { echo "FAIL make test-slow does not run ctest -L slow in /nonexistent/$b: $out"; bad=1; }
done
for t in test test-slow verify-checker; do
  grep -qx "make $t" "$src/.ci/run" || { echo "FAIL .ci/run does not run make $t"; bad=1; }
done
# verify-checker installs its own packages and proves the checker's core: CI, on a fresh
# machine, proves it on every run (issue 51).
out=$(make -n -C "$src" verify-checker 2>&1)
grep -q '\.ci/install-deps\.sh --verify' <<<"$out" && grep -q 'tests/check_verify_checker\.sh' <<<"$out" \
  || { echo "FAIL make verify-checker does not install its packages and run the proof: $out"; bad=1; }
[ "$bad" -eq 0 ] && echo "ok   make test and make test-slow split the tests by the label slow; CI runs both, and make verify-checker"
exit "$bad"
