#!/usr/bin/env bash
# Includes flow one way (src/README.md): cli -> study -> {hitset, solve} -> core.
# Prints every include that points up or sideways and fails if there is one.
set -u
src="${1:-$(dirname "$0")/../src}"
allowed() { # folder -> folders it may include
  case "$1" in
    core) echo "core" ;;
    hitset) echo "hitset core" ;;
    solve) echo "solve core" ;;
    study) echo "study hitset solve core" ;;
    cli) echo "cli study hitset solve core" ;;
    *) echo "" ;;
  esac
}
bad=0 files=0
for f in "$src"/*/*.[ch]; do
  files=$((files + 1))
  layer=$(basename "$(dirname "$f")")
  ok=$(allowed "$layer")
  [ -n "$ok" ] || { echo "unknown folder: $f"; bad=1; continue; }
  while IFS= read -r inc; do
    dir=${inc%%/*}
    [ "$dir" = "$inc" ] && { echo "$f: include without a folder: $inc"; bad=1; continue; }
    case " $ok " in *" $dir "*) ;; *) echo "$f includes $inc (a $dir header from $layer)"; bad=1 ;; esac
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done
[ "$files" -gt 0 ] || { echo "no sources under $src"; exit 1; }
[ "$bad" -eq 0 ] && echo "layers: $files files, every include points down"
exit "$bad"
