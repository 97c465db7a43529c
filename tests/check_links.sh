#!/usr/bin/env bash
# Every relative link of the Markdown pages (README.md, docs/, data/, src/, bench/,
# examples/) resolves to a file or folder of the tree (issue 40). Web links and anchors
# within a page are not checked here; a link's own #anchor is cut before the check.
# With --planted, also checks that a page with a broken link fails.
# usage: check_links.sh ROOT [--planted]
set -u
root=${1:?usage: check_links.sh ROOT [--planted]}
if [ "${2:-}" = --planted ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  printf '[here](a.md) and [gone](docs/gone.md#x)\n' > "$tmp/a.md"
  if out=$(bash "$0" "$tmp") || ! grep -q "broken link 'docs/gone.md#x'" <<<"$out"; then
    echo "FAIL a planted broken link is not found"; exit 1
  fi
  echo "ok   a planted broken link is found"
fi
bad=0 links=0
while IFS= read -r page; do
  dir=$(dirname "$page")
  # ](target) of inline links and images; a target ends at a blank or ')'
  while IFS= read -r target; do
    case "$target" in http://*|https://*|mailto:*|'#'*|'') continue ;; esac
    links=$((links + 1))
    path=${target%%#*}
    [ -e "$dir/$path" ] || { echo "${page#"$root"/}: broken link '$target'"; bad=1; }
  done < <(grep -o ']([^) ]*)' "$page" | sed 's/^](\(.*\))$/\1/')
done < <(find "$root" -name '*.md' -not -path '*/build*' -not -path '*/.git/*' | sort)
[ "$bad" -eq 0 ] && echo "links: $links relative links, every one resolves"
exit "$bad"
