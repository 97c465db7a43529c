#!/usr/bin/env bash
# Runs every libFuzzer target of a fuzz build for SECONDS each, starting from the seed
# corpus committed in tests/fuzz/corpus/<target>/ (read only: new inputs go to
# BUILD/corpus/<target>/). A crash, a leak, a sanitizer report, a failed property or an
# input slower than 10 s fails the run; the input is saved as BUILD/crashes/<target>-*.
# With "fresh", BUILD/corpus/<target>/ is emptied first, so that a short run (make test)
# does not spend its time replaying what earlier long runs collected. A BUILD without
# any fuzz_* target fails too: a run that fuzzed nothing is no clean run.
# usage: tests/fuzz/run.sh BUILD SECONDS [fresh]
set -u
build=${1:?usage: run.sh BUILD SECONDS [fresh]}
seconds=${2:?usage: run.sh BUILD SECONDS [fresh]}
fresh=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/crashes"
failed=""
ran=0
for bin in "$build"/fuzz_*; do
  [ -x "$bin" ] || continue
  ran=$((ran + 1))
  name=$(basename "$bin")
  seeds="$here/corpus/${name#fuzz_}"
  work="$build/corpus/${name#fuzz_}"
  [ "$fresh" = fresh ] && rm -rf "$work"
  mkdir -p "$work"
  flags=""
  # fuzz_batch runs `t24 solve` and fuzz_check t24-check, which report bad lines on stderr:
  # keep them out of the log.
  case $name in fuzz_batch|fuzz_check) flags="-close_fd_mask=2" ;; esac
  dict="$here/${name#fuzz_}.dict"
  [ -f "$dict" ] && flags="$flags -dict=$dict"
  log="$build/$name.log"
  if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
       -print_final_stats=1 -artifact_prefix="$build/crashes/$name-" $flags \
       "$work" "$seeds" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    printf 'fuzz: %-16s %3s s, %8s inputs, clean\n' "$name" "$seconds" "${runs:-?}"
  else
    printf 'fuzz: %-16s FAILED (log: %s)\n' "$name" "$log"
    grep -m 5 -E "ERROR|property failed|runtime error|deadly|leak" "$log" | sed 's/^/  /'
    failed="$failed $name"
  fi
done
[ "$ran" -gt 0 ] || { echo "fuzz: no fuzz_* target in $build (make fuzz-build builds them)" >&2; exit 1; }
[ -z "$failed" ] || { echo "fuzz: failed:$failed" >&2; exit 1; }
