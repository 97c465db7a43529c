#!/usr/bin/env bash
# same-output.sh OLD NEW - every output of two t24 binaries compared byte for byte, for the
# hand sizes both run (2 to 6 cards): `t24 sweep` (the default list, Markdown and CSV),
# `t24 study --json` without its timing fields for 2 to 6 cards, and the files of
# `--out` (the instance, classes, solutions, templates, cover, table). Searches are
# bounded by steps, not seconds, so that both binaries do the same work. Exits 1 on the
# first difference, naming it. Used for issue 42 (the streamed enumeration must change no
# output up to six cards); not part of `make test` (minutes of runs).
set -euo pipefail
old=${1:?usage: same-output.sh OLD NEW}
new=${2:?usage: same-output.sh OLD NEW}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0

# The fields that measure time or depend on it; everything else must match.
strip() { grep -v -E '"(seconds[a-z_]*|[a-z_]*_seconds|wall[a-z_]*)":' "$1"; }

compare() { # name file-old file-new
    if ! cmp -s "$2" "$3"; then
        echo "DIFFERENT: $1"
        diff "$2" "$3" | head -5
        bad=1
    else
        echo "same: $1"
    fi
}

# Deterministic searches: the local search by steps, the exact search by nodes of GLPK
# within a generous limit (these configurations finish long before it).
opts=(--time-limit 600 --ls-steps 20000 --local-search 600)
configs=("2 1-13" "3 1-13" "4 1-10" "4 1-13" "5 1-5" "5 1-6" "6 1-3" "6 1-4")
for c in "${configs[@]}"; do
    set -- $c
    name="cards$1_deck$2"
    for b in old new; do
        bin=$old; [ $b = new ] && bin=$new
        "$bin" study --cards "$1" --deck "$2" "${opts[@]}" --json --quiet \
            --out "$work/$b.$name" >"$work/$b.$name.json"
        strip "$work/$b.$name.json" >"$work/$b.$name.stripped"
        strip "$work/$b.$name/study.json" >"$work/$b.$name/study.stripped"
        rm "$work/$b.$name/study.json"
    done
    compare "study --json $name" "$work/old.$name.stripped" "$work/new.$name.stripped"
    for f in "$work/old.$name"/*; do
        compare "--out $name/$(basename "$f")" "$f" "$work/new.$name/$(basename "$f")"
    done
done
for b in old new; do
    bin=$old; [ $b = new ] && bin=$new
    "$bin" sweep --time-limit 600 --ls-steps 20000 --local-search 600 --quiet \
        >"$work/$b.sweep.md"
    "$bin" sweep --time-limit 600 --ls-steps 20000 --local-search 600 --quiet --csv \
        >"$work/$b.sweep.csv" 2>/dev/null || true
done
compare "sweep (Markdown)" "$work/old.sweep.md" "$work/new.sweep.md"
compare "sweep (CSV)" "$work/old.sweep.csv" "$work/new.sweep.csv"
exit $bad
