#!/usr/bin/env bash
# --memory-limit above the machine's memory (MemTotal) is said, in one warning line, and
# the run goes on (issue 49, item 8; docs/cli.md says why not refused); at or below it, no
# word. t24 study, t24 emit and t24 sweep, on two cards (a second each).
#   tests/check_memory_limit.sh T24
set -u
t24=${1:?usage: check_memory_limit.sh T24}
kb=$(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo 2>/dev/null)
[ -n "$kb" ] || { echo "SKIP: no MemTotal in /proc/meminfo"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
# run WANT_WARNING CMD ARGS...: exit 0, and a warning naming the limit or none.
run() {
  local want=$1 st
  shift
  "$t24" "$@" >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ "$st" != 0 ]; then
    echo "FAIL t24 $*: status $st: $(cat "$tmp/err")"; bad=1
  elif [ "$want" = yes ] && ! grep -q "^t24 $1: warning: --memory-limit .* is above this machine's .* of memory" "$tmp/err"; then
    echo "FAIL t24 $*: no warning: '$(cat "$tmp/err")'"; bad=1
  elif [ "$want" = no ] && grep -q "warning" "$tmp/err"; then
    echo "FAIL t24 $*: a warning below the machine's memory: $(cat "$tmp/err")"; bad=1
  else
    echo "ok   t24 $* (warning: $want)"
  fi
}
over="$((kb * 2))K" under="$((kb / 2))K"
run yes study --cards 2 --quiet --memory-limit "$over"
run yes emit --cards 2 --quiet --memory-limit "$over"
run yes sweep --quiet --memory-limit "$over"
run no study --cards 2 --quiet --memory-limit "$under"
run no study --cards 2 --quiet
exit "$bad"
