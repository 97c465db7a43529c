#!/usr/bin/env bash
# Every writer of t24 refuses a target that is not a regular file, and leaves it as it was
# (docs/reliability.md, "Nothing half-written"): a FIFO, a symbolic link (its target file
# unchanged) and, when run as root, a character device made with mknod in a temporary
# folder (the numbers of /dev/null; no real system path is ever touched). Each run must
# exit 2 with one line on stderr that names the target.
#   tests/check_writers.sh T24 T24_BENCH
set -u
t24=$1 bench=$2
dir=$(mktemp -d /tmp/t24-check-writers-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail=0 checked=0
printf '4 1-6 24\n' >"$dir/one.cfg"
echo "keep me" >"$dir/target.txt"

make_special() { # make_special KIND PATH
  case $1 in
    fifo) mkfifo "$2" ;;
    symlink) ln -s "$dir/target.txt" "$2" ;;
    device) mknod "$2" c 1 3 ;;
  esac
}
still_special() { # still_special KIND PATH
  case $1 in
    fifo) [ -p "$2" ] ;;
    symlink) [ -L "$2" ] && [ "$(readlink "$2")" = "$dir/target.txt" ] &&
      [ "$(cat "$dir/target.txt")" = "keep me" ] ;;
    device) [ -c "$2" ] ;;
  esac
}
# check KIND NAME WRITER...: WRITER's target is $dir/w/NAME, made special first.
check() {
  local kind=$1 name=$2 rc
  shift 2
  rm -rf "$dir/w" && mkdir "$dir/w"
  make_special "$kind" "$dir/w/$name"
  timeout 300 "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  checked=$((checked + 1))
  if [ "$rc" -ne 2 ] || ! still_special "$kind" "$dir/w/$name" ||
     [ "$(wc -l <"$dir/err")" -ne 1 ] || ! grep -q "$name" "$dir/err"; then
    echo "FAIL $kind as $name: $* (exit $rc): $(head -c 500 "$dir/err")"
    fail=1
  fi
}
kinds="fifo symlink"
[ "$(id -u)" -eq 0 ] && kinds="$kinds device"
for k in $kinds; do
  check "$k" t.c "$t24" emit --deck 1-6 --out "$dir/w/t.c"
  check "$k" t.c "$t24" emit --deck 1-6 --standalone --out "$dir/w/t.c"
  check "$k" t.h "$t24" emit --deck 1-6 --standalone --out "$dir/w/ok.c" --header "$dir/w/t.h"
  check "$k" cover.txt "$t24" study --deck 1-6 --out "$dir/w"
  check "$k" sweep.md "$t24" sweep --configs "$dir/one.cfg" --out "$dir/w"
  check "$k" b.md "$bench" --write "$dir/w/b.md"
done
[ "$fail" -eq 0 ] && echo "writers: $checked runs, each refused its special target and left it as it was"
exit "$fail"
