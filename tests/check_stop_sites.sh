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
# core/budget.c, core/cancel.h and mip/glpk_guard.c (its watch's hook asks with the site
# its caller names), which pass the caller's site on, are the exceptions.
# test_stop checks the other half: every site of the list is forced by one of its runs.
# Usage: check_stop_sites.sh [ROOT]
#        check_stop_sites.sh --planted ROOT: the check passes on a copy of ROOT's src/ and
#        docs/ and fails on each of four planted offences, naming it.
set -u
if [ "${1:-}" = --planted ]; then
  root="$2" self="$0" tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/r/docs" && cp -r "$root/src" "$tmp/r/" &&
    cp "$root/docs/hitting-sets.md" "$tmp/r/docs/" || { echo "cannot copy $root"; exit 1; }
  planted="hitset/heur/greedy.c hitset/driver/mincover.c core/stop_site.h" # the files planted in
  fresh() { for f in $planted; do cp "$root/src/$f" "$tmp/r/src/$f" || exit 1; done; }
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
    >>"$tmp/r/src/hitset/driver/mincover.c"
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
  sed 's|^\./||' | grep -vxE 'core/(budget\.[ch]|cancel\.h|stop_site\.h)|hitset/mip/glpk_guard\.c' | sort)
# each call's argument list, balanced parentheses, over lines: it must name a site
bad=$(cd "$src" && awk '
  function check(text, file,   line, pre, rest, depth, i, n, c, args) {
    while (match(text, /(budget_over|budget_stopped|budget_poll_make|cancel_requested)\(/)) {
      pre = substr(text, 1, RSTART - 1)
      line += gsub(/\n/, "\n", pre)
      rest = substr(text, RSTART + RLENGTH); depth = 1; i = 0; n = length(rest)
      while (depth > 0 && i < n) {
        c = substr(rest, ++i, 1)
        if (c == "(") depth++; else if (c == ")") depth--
      }
      args = substr(rest, 1, i)
      if (args !~ /STOP_SITE_[A-Z0-9_]+/)
        print file ":" line + 1 ": a budget or cancel asked without a STOP_SITE_ constant"
      line += gsub(/\n/, "\n", args)
      text = substr(rest, i + 1)
    }
  }
  FNR == 1 && NR > 1 { check(text, file); text = "" }
  { file = FILENAME; text = text $0 "\n" }
  END { if (NR) check(text, file) }' $files)
direct=$(cd "$src" && grep -nE '(->|\.)(requested|at)\(' $files /dev/null | cut -d: -f1,2)
[ -z "$bad" ] || { printf '%s\n' "$bad"; fail=1; }
for l in $direct; do echo "$l: a cancel called directly, not through cancel_requested()"; fail=1; done
# every file:constant pair once, read in one pass; then each row of the list
uses=$(cd "$src" && grep -roE --include='*.c' --include='*.h' 'STOP_SITE_[A-Z0-9_]+' . |
  sed 's|^\./||' | grep -v '^core/stop_site\.h:' | sort -u)
rows=$(USES="$uses" SECTION="$section" awk '
  BEGIN {
    n = split(ENVIRON["USES"], u, "\n")
    for (i = 1; i <= n; i++) {
      if (split(u[i], p, ":") < 2) continue
      id = p[2]; sub(/^STOP_SITE_/, "", id); count[id]++; where[id] = where[id] " " p[1]
    }
  }
  {
    id = $1; name = $2
    if (name != tolower(id)) print "STOP_SITE_" id ": named \"" name "\", not \"" tolower(id) "\""
    if (count[id] != 1)
      print "STOP_SITE_" id ": named in " count[id] + 0 " source files (one place each):" where[id]
    if (!index(ENVIRON["SECTION"], "`" name "`"))
      print "STOP_SITE_" id ": `" name "` is not in docs/hitting-sets.md, \"Stop sites\""
  }' <<<"$ids")
[ -z "$rows" ] || { printf '%s\n' "$rows"; fail=1; }
[ $fail -eq 0 ] || exit 1
echo "$(printf '%s\n' "$ids" | wc -l) stop sites, each asked in one file with its name, each documented"
