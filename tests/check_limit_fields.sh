#!/usr/bin/env bash
# Issue 48, item 4: a limit travels as one value (core/budget.h's budget: time end, work
# end and counter, cancel), not as seconds, a deadline or a time limit of each internal
# parameter struct. This check lists every such field of a parameter struct of src/hitset/
# (a typedef ending in _params: a `double` named time_limit, deadline, seconds or
# *_seconds) and compares the list with the exceptions below, which still take seconds
# of their own: the list only shrinks. A new seconds field of a parameter struct fails
# here (give the struct a `budget` instead); a field removed must leave the list too, so
# that the list stays the truth. Result structs' seconds (measured times) are not limits
# and not listed. The public header's (t24hs.h) are the library's ABI and stay.
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
exceptions="
mincover_result.h:mincover_params.deadline
mincover_result.h:mincover_params.lag_seconds
mincover_result.h:mincover_params.ls_seconds
mincover_result.h:mincover_params.time_limit
"
found=$(cd "$src/hitset" && for h in $(find . -name '*.h' ! -name t24hs.h | sed 's|^\./||' | sort); do
  awk -v file="$h" '
    /^typedef struct/ { n = 0; inside = 1; next }
    inside && /^[ \t]+double[ \t]+[a-z_]+[ \t]*;/ {
      name = $2; sub(/;.*/, "", name)
      if (name == "time_limit" || name == "deadline" || name == "seconds" || name ~ /_seconds$/)
        fields[++n] = name
    }
    inside && /^}/ {
      t = $2; sub(/;.*/, "", t)
      if (t ~ /_params$/)
        for (i = 1; i <= n; i++) print file ":" t "." fields[i]
      inside = 0
    }' "$h"
done | sort)
want=$(printf '%s\n' $exceptions | sort)
if [ -z "$found" ] && [ -n "$want" ]; then
  echo "no parameter struct found under $src/hitset: the check read nothing"
  exit 1
fi
if [ "$found" != "$want" ]; then
  echo "limit fields of parameter structs differ from the exceptions (left: listed, right: found):"
  diff <(echo "$want") <(echo "$found") | sed -n 's/^[<>]/  &/p'
  exit 1
fi
echo "no parameter struct of src/hitset/ takes seconds beyond the $(echo "$want" | wc -l) listed exceptions"
