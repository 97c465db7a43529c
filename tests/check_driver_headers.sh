#!/usr/bin/env bash
# The driver's light headers see none of the phases (issue 50, item 1): mincover_result.h
# (the parameters and the result by name), bound.h (the table of lower bounds, which
# passes results along) and mincover.h (the driver's entry points) must not pull in, even
# through another header, a module of hitset/heur, presolve, proof, bounds or cubes; the
# result in full, which does, is mincover_parts.h, included only where its fields are
# read. Each header is run through the preprocessor alone (which also checks that it
# stands on its own). With --planted, also checks that the check fails on a copy of src/
# whose mincover_result.h includes greedy.h again.
# usage: check_driver_headers.sh SRC CC [--planted]
set -u
src=${1:?usage: check_driver_headers.sh SRC CC [--planted]}
cc=${2:?usage: check_driver_headers.sh SRC CC [--planted]}
heavy() { # the phases' headers that $1/hitset/driver/$2 pulls in, one a line
  "$cc" -std=c11 -E -I "$1" "$1/hitset/driver/$2" >"$tmp/pp" 2>&1 ||
    { echo "$2: does not preprocess alone"; sed 's/^/  /' "$tmp/pp" | head -5; return; }
  sed -n 's/^# [0-9]* "\([^"]*\)".*/\1/p' "$tmp/pp" | sort -u |
    grep -E '/hitset/(heur|presolve|proof|bounds|cubes)/' | sed "s@^$1/@@"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for h in mincover_result.h bound.h mincover.h; do
  found=$(heavy "$src" "$h")
  [ -z "$found" ] && continue
  echo "hitset/driver/$h pulls in the phases:"; echo "$found" | sed 's/^/  /'; bad=1
done
[ "$bad" -eq 0 ] && echo "driver headers: mincover_result.h, bound.h and mincover.h see none of the phases"
if [ "${3:-}" = --planted ] && [ "$bad" -eq 0 ]; then
  cp -r "$src" "$tmp/src"
  sed -i 's@^#include "hitset/model/instance.h"@&\n#include "hitset/heur/greedy.h"@' \
    "$tmp/src/hitset/driver/mincover_result.h"
  if [ "$(heavy "$tmp/src" mincover_result.h)" = hitset/heur/greedy.h ]; then
    echo "ok   a planted include of greedy.h in mincover_result.h is found"
  else
    echo "FAIL a planted include of greedy.h in mincover_result.h is not found"; bad=1
  fi
fi
exit "$bad"
