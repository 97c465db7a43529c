#!/usr/bin/env bash
# Issue 48, item 4: a limit travels as one value (core/budget.h's budget: time end, work
# end and counter, cancel), not as seconds, a deadline or a time limit of each internal
# parameter struct. This check lists every such field of a parameter struct of src/hitset/
# (a typedef ending in _params: a `double` named time_limit, deadline, seconds or
# *_seconds) and demands that there be none: the last four (mincover_params' deadline,
# time_limit, ls_seconds and lag_seconds) became its `budget limit` and two shares. A
# new seconds field of a parameter struct fails here (give the struct a `budget`
# instead). So that an empty list cannot come from reading nothing, the check also
# demands that it found parameter structs at all. Result structs' seconds (measured
# times) are not limits and not listed. The public header's (t24hs.h) are the library's
# ABI and stay.
# Usage: check_limit_fields.sh [SRC]
#        check_limit_fields.sh --planted SRC: the check must fail on a copy of SRC's
#        hitset/ headers with a parameter struct holding `double seconds;` planted in one,
#        and pass on the copy as it is (so that the check can fail at all).
set -u
if [ "${1:-}" = --planted ]; then
  src="$2" self="$0" tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src" && cp -r "$src/hitset" "$tmp/src/" || { echo "cannot copy $src/hitset"; exit 1; }
  bash "$self" "$tmp/src" >/dev/null || { echo "the unplanted copy fails"; exit 1; }
  printf '\ntypedef struct {\n    double seconds; /* planted */\n} planted_params;\n' \
    >>"$tmp/src/hitset/heur/greedy.h"
  out=$(bash "$self" "$tmp/src") && { echo "a planted planted_params.seconds passed: $out"; exit 1; }
  case "$out" in *"heur/greedy.h:planted_params.seconds"*) ;; *) echo "the failure does not name the planted field: $out"; exit 1 ;; esac
  echo "a planted seconds field of a parameter struct fails the check"
  exit 0
fi
src="${1:-$(dirname "$0")/../src}"
listing=$(cd "$src/hitset" && for h in $(find . -name '*.h' ! -name t24hs.h | sed 's|^\./||' | sort); do
  awk -v file="$h" '
    /^typedef struct/ { n = 0; inside = 1; next }
    inside && /^[ \t]+double[ \t]+[a-z_]+[ \t]*;/ {
      name = $2; sub(/;.*/, "", name)
      if (name == "time_limit" || name == "deadline" || name == "seconds" || name ~ /_seconds$/)
        fields[++n] = name
    }
    inside && /^}/ {
      t = $2; sub(/;.*/, "", t)
      if (t ~ /_params$/) {
        print "struct " file ":" t
        for (i = 1; i <= n; i++) print file ":" t "." fields[i]
      }
      inside = 0
    }' "$h"
done | sort)
structs=$(printf '%s\n' "$listing" | grep -c '^struct ')
found=$(printf '%s\n' "$listing" | grep -v '^struct ' | grep .)
if [ "$structs" -eq 0 ]; then
  echo "no parameter struct found under $src/hitset: the check read nothing"
  exit 1
fi
if [ -n "$found" ]; then
  echo "parameter structs that take seconds, a deadline or a time limit (give them a budget):"
  printf '  %s\n' $found
  exit 1
fi
echo "none of the $structs parameter structs of src/hitset/ takes seconds, a deadline or a time limit"
