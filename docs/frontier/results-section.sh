#!/usr/bin/env bash
# results-section.sh - docs/results.md's "Five cards" section, from the frontier's table.
#
#   bash docs/frontier/results-section.sh ROOT
#
# docs/results.md is the default sweep (`make results`) followed by this section, which
# is docs/frontier/table.md (written by `make frontier`) under one heading. Both make
# targets call this script, so neither loses the other's part. Nothing to do without a
# results.md or a table. A "Six cards" section follows, made of the tables of
# docs/six-decks.md and docs/six.md (`make six-decks`, `make six`) where they exist. The
# page is rewritten all or nothing.
set -euo pipefail
root=${1:?usage: results-section.sh ROOT}
page="$root/docs/results.md" table="$root/docs/frontier/table.md"
[ -f "$page" ] && [ -f "$table" ] || exit 0
tmp=$(mktemp "$page.XXXXXX")
trap 'rm -f "$tmp"' EXIT
{
  # The page up to this section, without trailing blank lines, then one blank line.
  awk '/^## Five cards at target 24/ { exit } { print }' "$page" |
    sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
  echo
  echo "## Five cards at target 24: the frontier"
  echo
  echo "Written by \`make frontier\` (about 30 minutes; see [frontier.md](frontier.md))."
  echo
  # table.md's links are for docs/frontier/, where it lies; results.md takes them one up
  sed -e 's#](\.\./\.\./#](../#g' -e 's#](\.\./\([^)/]*\.md\)#](\1#g' "$table"
  echo
  echo "![Five cards: per deck the LP bound, greedy, the local search, the best cover and the best proven bound, relative to the LP bound](figures/five-cards.svg)"
  six=()
  for f in "$root/docs/six-decks.md" "$root/docs/six.md"; do [ -f "$f" ] && six+=("$f"); done
  if [ ${#six[@]} -gt 0 ]; then
    echo
    echo "## Six cards at target 24"
    echo
    echo "Written by \`make six-decks\` (decks 1-7, 1-8, 1-10, about 13 minutes) and \`make six\`"
    echo "(deck 1-13, about 15 minutes); see [six-decks.md](six-decks.md) and [six.md](six.md)."
    echo
    # The header of the first table, then every table's rows.
    awk 'FNR == 1 { file++ } /^\|/ { if (/^\| deck/ || /^\|---/) { if (file == 1) print } else print }' "${six[@]}"
    echo
    echo "![Six cards: per deck the Lagrangian cover, the local search, the best cover and the best proven bound, relative to the LP bound](figures/six-cards.svg)"
  fi
} >"$tmp"
mv "$tmp" "$page"
trap - EXIT
