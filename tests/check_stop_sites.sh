#!/usr/bin/env bash
# Issue 50, item 3: every place that asks a budget or a cancel whether to stop has a name
# of its own (core/stop_site.h), so that test_stop can force a stop at each. This check
# reads ROOT/src and ROOT/docs/hitting-sets.md and fails when
#  - a call of budget_over, budget_stopped, budget_poll_make or cancel_requested passes
#    no STOP_SITE_ constant (a site handed down as a variable hides which places ask);
#  - a cancel's functions are called directly (->requested(, .at(, ...), not through
#    cancel_requested (only core/cancel.h does);
#  - a site of the list is named in no source file, or in two (a site is one place;
#    two asks on the same line or in one function of one file may share it), or its
#    name is not its id in lower case;
#  - a site is missing from docs/hitting-sets.md's table ("Stop sites").
# core/budget.c and core/cancel.h, which pass the caller's site on, are the exceptions.
# test_stop checks the other half: every site of the list is forced by one of its runs.
# Usage: check_stop_sites.sh [ROOT]
#        check_stop_sites.sh --planted ROOT: the check passes on a copy of ROOT's src/ and
#        docs/ and fails on each of four planted offences, naming it.
set -u
if [ "${1:-}" = --planted ]; then
  root="$2" self="$0" tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  fresh() {
    rm -rf "$tmp/r" && mkdir -p "$tmp/r/docs" && cp -r "$root/src" "$tmp/r/" &&
      cp "$root/docs/hitting-sets.md" "$tmp/r/docs/" || { echo "cannot copy $root"; exit 1; }
  }
  fresh
  bash "$self" "$tmp/r" >/dev/null || { echo "the unplanted copy fails"; exit 1; }
  expect() { # what the failure must name, what was planted
    out=$(bash "$self" "$tmp/r") && { echo "planted $2: passed"; exit 1; }
    case "$out" in *"$1"*) ;; *) echo "planted $2: the failure does not name $1: $out"; exit 1 ;; esac
    echo "planted $2: fails"
    fresh
  }
  printf 'static bool planted(budget b, stop_site s)\n{\n    return budget_stopped(b, s);\n}\n' \
    >>"$tmp/r/src/hitset/heur/greedy.c"
  expect "heur/greedy.c" "a budget asked with a site in a variable"
  printf 'static bool planted(const cancel_check *c)\n{\n    return c->requested(c->ctx);\n}\n' \
    >>"$tmp/r/src/hitset/heur/greedy.c"
  expect "heur/greedy.c" "a cancel called directly"
  printf 'static bool planted(budget b)\n{\n    return budget_stopped(b, STOP_SITE_GREEDY_RUNS);\n}\n' \
    >>"$tmp/r/src/hitset/mincover.c"
  expect "GREEDY_RUNS" "one site in two files"
  sed -i 's/^\(    STOP_SITE(CUBES_MERGE_CHECK.*\))$/\1 \\\n    STOP_SITE(PLANTED, "planted", "nowhere")/' \
    "$tmp/r/src/core/stop_site.h"
  expect "PLANTED" "a site of the list that nothing asks"
  exit 0
fi
root="${1:-$(dirname "$0")/..}"
src="$root/src" doc="$root/docs/hitting-sets.md"
fail=0
section=$(awk '/^### Stop sites/ { on = 1; next } on && /^##/ { exit } on' "$doc")
ids=$(sed -n 's/^ *STOP_SITE(\([A-Z0-9_]*\), *"\([a-z0-9_]*\)".*/\1 \2/p' "$src/core/stop_site.h")
[ -n "$ids" ] || { echo "no STOP_SITE rows read from $src/core/stop_site.h"; exit 1; }
files=$(cd "$src" && grep -rlE --include='*.c' --include='*.h' \
  'budget_over|budget_stopped|budget_poll_make|cancel_requested|requested\(|\.at\(|->at\(' . |
  sed 's|^\./||' | grep -vxE 'core/(budget\.[ch]|cancel\.h|stop_site\.h)' | sort)
for f in $files; do
  # each call's argument list, balanced parentheses, over lines: it must name a site
  bad=$(awk '
    { text = text $0 "\n" }
    END {
      while (match(text, /(budget_over|budget_stopped|budget_poll_make|cancel_requested)\(/)) {
        pre = substr(text, 1, RSTART - 1)
        line += gsub(/\n/, "\n", pre)
        rest = substr(text, RSTART + RLENGTH); depth = 1; i = 0
        while (depth > 0 && i < length(rest)) {
          c = substr(rest, ++i, 1)
          if (c == "(") depth++; else if (c == ")") depth--
        }
        args = substr(rest, 1, i)
        if (args !~ /STOP_SITE_[A-Z0-9_]+/) print line + 1
        line += gsub(/\n/, "\n", args)
        text = substr(rest, i + 1)
      }
    }' "$src/$f")
  for l in $bad; do echo "$f:$l: a budget or cancel asked without a STOP_SITE_ constant"; fail=1; done
  direct=$(grep -nE '(->|\.)(requested|at)\(' "$src/$f" | cut -d: -f1)
  for l in $direct; do echo "$f:$l: a cancel called directly, not through cancel_requested()"; fail=1; done
done
while read -r id name; do
  lower=$(printf '%s' "$id" | tr 'A-Z' 'a-z')
  [ "$name" = "$lower" ] || { echo "STOP_SITE_$id: named \"$name\", not \"$lower\""; fail=1; }
  used=$(cd "$src" && grep -rlw --include='*.c' --include='*.h' "STOP_SITE_$id" . |
    sed 's|^\./||' | grep -vx 'core/stop_site.h')
  n=$(printf '%s' "$used" | grep -c .)
  [ "$n" -eq 1 ] || { echo "STOP_SITE_$id: named in $n source files (one place each): $used"; fail=1; }
  grep -qF "\`$name\`" <<<"$section" ||
    { echo "STOP_SITE_$id: \`$name\` is not in $doc's \"Stop sites\""; fail=1; }
done <<<"$ids"
[ $fail -eq 0 ] || exit 1
echo "$(printf '%s\n' "$ids" | wc -l) stop sites, each asked in one file with its name, each documented"
