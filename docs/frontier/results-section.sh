#!/usr/bin/env bash
# results-section.sh - docs/results.md's "Five cards" section, from the frontier's table.
#
#   bash docs/frontier/results-section.sh ROOT
#
# docs/results.md is the default sweep (`make results`) followed by this section, which
# is docs/frontier/table.md (written by `make frontier`) under one heading. Both make
# targets call this script, so neither loses the other's part. Nothing to do without a
# results.md or a table. The page is rewritten all or nothing.
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
  cat "$table"
} >"$tmp"
mv "$tmp" "$page"
trap - EXIT
