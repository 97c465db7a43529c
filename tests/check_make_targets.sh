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
# make prove WORK=N (issue 48) limits the split's search and every worker's cubes by work:
# bench/prove.sh, run with a stand-in t24 that records its arguments, must hand
# `--work N` to the split and to each worker, none without WORK, and refuse a WORK that is
# not a number. The stand-in writes the split's root.cert and a merge's verdict line.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t24" <<'FAKE'
#!/usr/bin/env bash
printf '%s\n' "$*" >>"${0%/*}/args"
if [ "$2" = --merge ]; then echo "proven; t24-check: lower bound 1 verified"; exit 0; fi
for ((i = 1; i < $#; i++)); do
  [ "${!i}" = --cubes-dir ] && { j=$((i + 1)); mkdir -p "${!j}" && : >"${!j}/root.cert"; }
done
exit 0
FAKE
chmod +x "$tmp/t24"
out=$(make -n -C "$src" BUILD=/nonexistent/b prove DECK=1-6 WORK=123 2>&1)
grep -q ' 0 64 123$' <<<"$out" || { echo "FAIL make prove WORK=123 does not pass 123 on: $out"; bad=1; }
bash "$src/bench/prove.sh" "$tmp/t24" /bin/true /dev/null "$tmp/d1" 2 60 5 16 123 >/dev/null 2>&1 \
  || { echo "FAIL bench/prove.sh with WORK 123 failed"; bad=1; }
n=$(grep -c -- ' --work 123' "$tmp/args")
[ "$n" = 3 ] || { echo "FAIL bench/prove.sh WORK=123: $n of the split and 2 workers got --work 123: $(cat "$tmp/args")"; bad=1; }
: >"$tmp/args"
bash "$src/bench/prove.sh" "$tmp/t24" /bin/true /dev/null "$tmp/d2" 2 60 5 16 >/dev/null 2>&1 \
  || { echo "FAIL bench/prove.sh without WORK failed"; bad=1; }
grep -q -- " --work " "$tmp/args" && { echo "FAIL bench/prove.sh without WORK passes --work: $(cat "$tmp/args")"; bad=1; }
bash "$src/bench/prove.sh" "$tmp/t24" /bin/true /dev/null "$tmp/d3" 2 60 5 16 1e9 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "WORK must be a number of work units (0: none), not '1e9'" "$tmp/err" \
  || { echo "FAIL bench/prove.sh WORK=1e9 is not refused with status 2: $(cat "$tmp/err")"; bad=1; }
[ "$bad" -eq 0 ] && echo "ok   make prove WORK=N hands --work N to the split and every worker"
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
