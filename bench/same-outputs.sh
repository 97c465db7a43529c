#!/bin/sh
# same-outputs.sh OLD NEW DIR: runs two t24 binaries (e.g. main's before a refactoring and
# the branch's) on the same commands in DIR and compares their outputs byte for byte:
# t24 sweep (default list) as text, CSV and JSON; t24 study --json (4 cards, decks 1-11
# and 1-13; 5 cards deck 1-6 with --ls-steps and --work, so that its local search ends on
# steps and the run on its work (a clock-limited run's work.used differed under load), not
# on the clock); t24 emit; t24 cover --certificate with t24's search on two published
# instances (certificate and JSON); and t24 study --json --timings with the timing
# numbers removed, and its keys. Prints "same" or "DIFF" per output and exits 1 on any
# difference. About 5 minutes of CPU on a 2-core machine. Needs jq.
#   bench/same-outputs.sh /tmp/old/build/t24 build/t24 /tmp/same
set -u
[ $# -eq 3 ] || { echo "usage: $0 OLD NEW DIR" >&2; exit 2; }
OLD=$(realpath "$1") NEW=$(realpath "$2") OUT=$3
DATA=$(realpath "$(dirname "$0")/../data/instances")
mkdir -p "$OUT" || exit 2
fail=0
verdict() { # name, then the files to compare (each as NAME.old and NAME.new)
    name=$1; shift
    for f in "$@"; do
        cmp -s "$OUT/$f.old" "$OUT/$f.new" || { echo "DIFF  $name ($f)"; fail=1; return; }
    done
    echo "same  $name ($(wc -c <"$OUT/$1.new") bytes)"
}
run() { # name, then t24's arguments: stdout, stderr and the exit status compared
    name=$1; shift
    for v in old new; do
        bin=$OLD; [ $v = new ] && bin=$NEW
        (cd "$OUT" && nice "$bin" "$@" >"$name.$v" 2>"$name.err.$v"; echo "exit $?" >>"$name.err.$v")
    done
    verdict "$name" "$name" "$name.err"
}
run sweep sweep
run sweep-csv sweep --csv
run sweep-json sweep --json
run study4 study --json
run study4-1-13 study --json --deck 1-13 --groupings all
run study5-1-6 study --json --cards 5 --deck 1-6 --ls-steps 20000 --work 150000000 --time-limit 3600
run study5-1-6-text study --cards 5 --deck 1-6 --ls-steps 20000 --work 150000000 --time-limit 3600
run emit emit
run emit5 emit --cards 5 --deck 1-5 --ls-steps 20000
for i in cards5_deck1-5_target24_all cards4_deck1-13_target24_all; do
    for v in old new; do
        bin=$OLD; [ $v = new ] && bin=$NEW
        nice "$bin" cover --json --solver t24 --certificate "$OUT/$i.cert.$v" \
            "$DATA/$i.hgr" >"$OUT/$i.cover.$v" 2>&1
    done
    verdict "cover --certificate $i" "$i.cert" "$i.cover"
done
# The timings: their numbers differ from run to run; the rest, and the keys, must not.
timing='del(.. | .seconds?, .best_seconds?, .ilp_seconds?)'
for v in old new; do
    bin=$OLD; [ $v = new ] && bin=$NEW
    nice "$bin" study --json --timings --deck 1-13 --groupings all >"$OUT/timings.raw.$v"
    jq -S "$timing" "$OUT/timings.raw.$v" >"$OUT/timings.$v"
    jq -r '[paths | map(tostring) | join(".")] | .[]' "$OUT/timings.raw.$v" >"$OUT/keys.$v"
done
verdict "study --json --timings, timing numbers removed, and its keys" timings keys
exit $fail
