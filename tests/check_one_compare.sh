#!/usr/bin/env bash
# One comparator of uint32_t ids: core/idlist.h's idlist_compare(). The code review found
# the same three-line qsort() comparator written privately in 11 files under four names
# (cmp_u32, by_id, by_u32); this check fails on any function of src/ or bench/ whose whole
# body is that comparison, whatever its name and its variables' names, so that a new copy
# is caught where it is written. src/checker/ is left out: t24-check shares no code with
# t24 (src/README.md) and keeps its own.
# With --planted, also checks that a copy planted into a tree is found.
# Usage: check_one_compare.sh ROOT [--planted]
set -u
. "$(dirname "$0")/verdict.sh"
root=${1:?usage: check_one_compare.sh ROOT [--planted]}

# The offences under ROOT's src/ and bench/: "file: NAME" per private copy.
copies() {
  find "$1/src" "$1/bench" -name '*.[ch]' ! -path "$1/src/checker/*" -print0 |
    xargs -0 perl -0777 -ne '
      while (/static\s+int\s+(\w+)\s*\(\s*const\s+void\s*\*\s*(\w+)\s*,\s*const\s+void\s*\*\s*(\w+)\s*\)\s*
              \{\s*uint32_t\s+(\w+)\s*=\s*\*\s*\(\s*const\s+uint32_t\s*\*\s*\)\s*\2\s*,\s*
              (\w+)\s*=\s*\*\s*\(\s*const\s+uint32_t\s*\*\s*\)\s*\3\s*;\s*
              return\s*\(\s*\4\s*>\s*\5\s*\)\s*-\s*\(\s*\4\s*<\s*\5\s*\)\s*;\s*\}/gx) {
        print "$ARGV: $1\n";
      }'
}

if [ "${2:-}" = --planted ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src/core" "$tmp/src/checker" "$tmp/bench"
  # The real definition, a copy under another name and spacing, and t24-check's own.
  cp "$root/src/core/idlist.c" "$tmp/src/core/"
  printf 'static int by_elem(const void *p, const void *q)\n{\n    uint32_t u = *(const uint32_t *)p,\n             v = *(const uint32_t *)q;\n    return (u > v) - (u < v);\n}\n' >"$tmp/bench/planted.c"
  printf 'static int cmp_u32(const void *a, const void *b) {\n    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;\n    return (x > y) - (x < y);\n}\n' >"$tmp/src/checker/t24-check.c"
  got=$(copies "$tmp")
  if [ "$got" != "$tmp/bench/planted.c: by_elem" ]; then
    echo "FAIL the planted copy is not found alone (found: '${got:-nothing}')"
    exit 1
  fi
  echo "ok   a planted private comparator is found; idlist_compare() and t24-check's are not"
fi

[ -f "$root/src/core/idlist.c" ] || { echo "no $root/src/core/idlist.c: the check read nothing"; exit 1; }
verdict "$(copies "$root")" "private copies of idlist_compare() (core/idlist.h): call it instead" \
  "one comparator of uint32_t ids: idlist_compare() (core/idlist.h)"
