#!/usr/bin/env bash
# src/README.md is the one module map (issue 39): every file under src/ is named there, in
# backquotes, by its stem (`cubes`, for cubes.c and cubes.h) or its name (`kernel_map.c`).
# A file added without its row fails. With --planted, also checks that the check fails on
# a copy of src/ holding a file the map does not name.
# usage: check_module_map.sh SRC [--planted]
set -u
src=${1:?usage: check_module_map.sh SRC [--planted]}
unnamed() { # the files under $1 that $1/README.md does not name
  local f b
  while IFS= read -r f; do
    b=$(basename "$f")
    grep -q "\`${b%%.*}[.\`]" "$1/README.md" || echo "${f#"$1"/}"
  done < <(find "$1" -type f ! -name README.md | sort)
}
missing=$(unnamed "$src")
if [ -n "$missing" ]; then
  echo "src/README.md does not name:"; echo "$missing" | sed 's/^/  /'; exit 1
fi
echo "module map: every file under src/ is named in src/README.md"
if [ "${2:-}" = --planted ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp -r "$src" "$tmp/src"
  touch "$tmp/src/hitset/model/unnamed_module.c"
  if [ "$(unnamed "$tmp/src")" = hitset/model/unnamed_module.c ]; then
    echo "ok   a planted file the map does not name is found"
  else
    echo "FAIL a planted file the map does not name is not found"; exit 1
  fi
fi
