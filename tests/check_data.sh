#!/usr/bin/env bash
# data/ is what `make data` makes: a fresh data/make-data.sh run gives the committed
# instances and covers byte for byte (no file missing, none extra), and data/README.md
# names every file under data/ (an instance and its cover by their configuration).
#   tests/check_data.sh T24 SOURCE_DIR
set -eu
bin=$1 src=$2
fresh=$(mktemp -d /tmp/t24-check-data-XXXXXX)
trap 'rm -rf "$fresh"' EXIT
fail() { echo "check_data: $*" >&2; exit 1; }

bash "$src/data/make-data.sh" "$bin" "$fresh" || fail "data/make-data.sh failed"
# make-data.sh's own files (cardsC_...); make frontier's 5cards-* covers are checked by
# tests/test_frontier.c.
for dir in instances covers; do
  made=$(cd "$fresh/$dir" && ls) ours=$(cd "$src/data/$dir" && ls | grep '^cards' || true)
  [ "$made" = "$ours" ] || fail "data/$dir is stale (files missing or extra), run 'make data'"
  for f in $made; do
    diff "$fresh/$dir/$f" "$src/data/$dir/$f" >"$fresh/diff" 2>&1 \
      || fail "data/$dir/$f is stale, run 'make data': $(head -c 2000 "$fresh/diff")"
  done
done

missing=""
while IFS= read -r file; do
  name=$(basename "$file")
  [ "$name" = README.md ] && continue
  # An instance and its covers share one row of the page: their configuration's name.
  case "$file" in */instances/*.hgr | */covers/*.txt | */covers/best/*.sol) name=${name%.*} ;; esac
  grep -qF "$name" "$src/data/README.md" || missing="$missing ${file#"$src"/}"
done < <(find "$src/data" -type f | sort)
[ -z "$missing" ] || fail "data/README.md does not describe:$missing"
echo "data: $(ls "$fresh/instances" | wc -l) instances and covers regenerate byte for byte"
