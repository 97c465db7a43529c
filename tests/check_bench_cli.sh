#!/usr/bin/env bash
# t24-bench's command line (issue 26): --help lists the options and exits 0; --write into
# a folder that is missing or is not a folder is refused before any work (the benchmark
# runs for minutes), in one line naming the destination and the reason, and leaves
# nothing behind; standard output failing is named with its reason (issue 38).
#   tests/check_bench_cli.sh T24_BENCH
set -u
bench=$1
dir=$(mktemp -d /tmp/t24-check-bench-cli-XXXXXX)
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

"$bench" --help >"$dir/out" 2>"$dir/err"
rc=$?
[ "$rc" -eq 0 ] || bad "--help exited $rc: $(head -c 300 "$dir/err")"
[ -s "$dir/err" ] && bad "--help printed on stderr: $(head -c 300 "$dir/err")"
for opt in --write --six --six-decks --five --help; do
  grep -q -- "$opt" "$dir/out" || bad "--help does not list $opt"
done
"$bench" -h >/dev/null 2>&1 || bad "-h exited $?"

# refused DEST NEEDLE: a run writing to DEST ends within 10 s (a whole benchmark takes
# minutes) with status 2 and one line holding DEST and NEEDLE.
refused() {
  local dest=$1 needle=$2 rc
  timeout 10 "$bench" --five 30 --write "$dest" >"$dir/out" 2>"$dir/err"
  rc=$?
  if [ "$rc" -ne 2 ] || [ "$(wc -l <"$dir/err")" -ne 1 ] ||
     ! grep -qF "'$dest'" "$dir/err" || ! grep -qF "$needle" "$dir/err"; then
    bad "--write $dest: exit $rc, wanted 2 and one line naming it and '$needle': $(head -c 300 "$dir/err")"
  fi
  [ -s "$dir/out" ] && bad "--write $dest: printed a report before refusing"
}
refused "$dir/missing/b.md" "No such file or directory"
# Issue 38: --write=FILE and --five=S are --write FILE and --five S, as in t24.
timeout 10 "$bench" --five=30 --write="$dir/missing/b.md" >"$dir/out" 2>"$dir/err.eq"
rc=$?
[ "$rc" -eq 2 ] && cmp -s "$dir/err" "$dir/err.eq" ||
  bad "--five=30 --write=FILE: exit $rc, said '$(head -c 300 "$dir/err.eq")', not '$(head -c 300 "$dir/err")'"
rm -f "$dir/err.eq"
echo "a file" >"$dir/file"
refused "$dir/file/b.md" "is not a folder"
refused "$dir/missing/" "names a folder"
[ -e "$dir/missing" ] && bad "a refused --write created its folder"
[ "$(ls -A "$dir" | grep -v -e '^out$' -e '^err$' -e '^file$')" ] && bad "left files behind: $(ls -A "$dir")"
# Issue 38: standard output failing (a full disk) is exit 2 with the reason, and the
# --write report, whole, named. The old message had no reason: say() flushes each line,
# so the last flush succeeded on an empty buffer with errno 0 and ferror() alone was left.
# --five 0.01 is the shortest run (a few seconds).
if [ -w /dev/full ]; then
  timeout 120 "$bench" --five 0.01 --write "$dir/five.md" >/dev/full 2>"$dir/err"
  rc=$?
  last=$(tail -n 1 "$dir/err")
  [ "$rc" -eq 2 ] || bad "stdout on /dev/full: exit $rc, wanted 2"
  case "$last" in
    "t24-bench: cannot write to standard output: No space left on device (the report is whole in '$dir/five.md')") ;;
    *) bad "stdout on /dev/full: '$last', wanted the reason and the report's file" ;;
  esac
  [ -s "$dir/five.md" ] || bad "stdout on /dev/full: no report in --write's file"
  rm -f "$dir/five.md"
fi
[ "$fail" -eq 0 ] && echo "bench_cli: --help and refused --write destinations as they should be"
exit "$fail"
