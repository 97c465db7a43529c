#!/usr/bin/env bash
# Every setjmp() of src/ jumps to a buffer reached through a pointer (setjmp(g->jb)), so
# that the object holding it is a caller's, not a local of the function that calls
# setjmp(). GLPK's guard and the root's watch are changed between setjmp() and the
# longjmp() (GLPK's words, the stop flag) and the guard is read after the jump; C11
# 7.13.2.1p3 leaves such an object indeterminate when it is local to the function that
# called setjmp() and not volatile. The code review found colgen's guard (and the
# engine's three others) local so (issue 50, item 4). -Wclobbered (in -Wextra) warns of
# the locals kept in registers; this check catches the guards, whose address is taken,
# which no compiler warns of. src/checker/ has no setjmp() and is read too.
# With --planted, also checks that a planted local guard is found and a pointer is not.
# Usage: check_setjmp.sh ROOT [--planted]
set -u
. "$(dirname "$0")/verdict.sh"
root=${1:?usage: check_setjmp.sh ROOT [--planted]}

# "file:line: setjmp(ARG)" for each setjmp() under DIR whose argument is not P->NAME.
offences() {
  grep -rnE --include='*.c' --include='*.h' 'setjmp[[:space:]]*\(' "$1" |
    grep -vE 'setjmp[[:space:]]*\([[:space:]]*[A-Za-z_][A-Za-z_0-9]*[[:space:]]*->[[:space:]]*[A-Za-z_][A-Za-z_0-9]*[[:space:]]*\)' |
    grep -vE '#[[:space:]]*include[[:space:]]*<setjmp\.h>' |
    grep -vE ':[0-9]+:[[:space:]]*(/?\*|//)'
}
# How many setjmp() calls DIR has at all (a check that reads nothing must not pass).
calls() {
  grep -rhE --include='*.c' 'setjmp[[:space:]]*\([[:space:]]*[A-Za-z_]' "$1" | grep -vcE '^[[:space:]]*(/?\*|//)'
}

if [ "${2:-}" = --planted ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src"
  printf '%s\n' '#include <setjmp.h>' 'static int ok(guard *g) { if (setjmp(g->jb)) return -1; return 0; }' \
    '/* a comment on setjmp(g.jb) */' >"$tmp/src/good.c"
  printf '%s\n' 'static int bad(void) {' '    glpk_guard g;' '    if (setjmp( g.jb ))' '        return -1;' \
    '    return 0;' '}' >"$tmp/src/planted.c"
  got=$(offences "$tmp/src")
  if [ "$got" != "$tmp/src/planted.c:3:    if (setjmp( g.jb ))" ]; then
    echo "FAIL the planted local guard is not found alone (found: '${got:-nothing}')"
    exit 1
  fi
  echo "ok   a planted setjmp() on a local guard is found; one through a pointer and a comment are not"
fi

n=$(calls "$root/src")
[ "$n" -gt 0 ] || { echo "no setjmp() under $root/src: the check read nothing"; exit 1; }
verdict "$(offences "$root/src")" \
  "setjmp() on a buffer that is not reached through a pointer: take the guard from the caller" \
  "$n setjmp() calls of src/, each on a caller's buffer reached through a pointer"
