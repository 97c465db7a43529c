#!/usr/bin/env bash
# data/large/ carries a second row (issue 52 item 3: deck 1-8 beside deck 1-7), end to
# end on a small instance: a copy of data/large/ gains four cards' deck 1-6 through
# bench/publish-large.sh (from a `t24 study --lp-certificate --out DIR` run), its row and
# its instance command; tests/check_data_large.sh then passes quick on both rows and long
# on the new one alone (CHECK_DATA_LARGE_ONLY: the instance written again, its digest
# compared, t24-check on cover and certificate), and fails long once its digest is
# planted wrong. A few seconds.
# usage: check_data_large_row.sh T24 T24_CHECK SOURCE_DIR
set -u
t24=${1:?usage: check_data_large_row.sh T24 T24_CHECK SOURCE_DIR} check=${2:?} src=${3:?}
tmp=$(mktemp -d /tmp/t24-data-large-row-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
name=cards4_deck1-6_target24_all
mkdir -p "$tmp/src/data/instances" "$tmp/src/data/large"
head -n 1 "$src/data/instances/bounds.csv" >"$tmp/src/data/instances/bounds.csv"
cp "$src/data/large/"* "$tmp/src/data/large/"
# By work, not seconds (issue 48): no load can stop its LP short (600 s only caps it).
"$t24" study --cards 4 --deck 1-6 --lp-certificate --work 300000000 --time-limit 600 --quiet --out "$tmp/run" \
  >/dev/null || { echo "FAIL the study did not run"; exit 1; }
out=$(bash "$src/bench/publish-large.sh" "$tmp/run" "$name" "$tmp/src/data/large" "$check" 2>&1) \
  || { echo "FAIL publish-large.sh: $out"; exit 1; }
# Its row: the figures publish-large.sh printed (t24-check's), the text columns here.
row=$(sed -n 's/^row: //p' <<<"$out")
IFS=, read -r _ elements sets lower _ upper _ proven _ _ <<<"$row"
[ "$elements,$sets" = 171,103 ] || bad "publish-large.sh row '$row': not 171 classes x 103 hands"
echo "$name,$elements,$sets,$lower,LP certificate,t24 study --lp-certificate,$upper,study,t24 study,$proven,$lower,large/$name.lp.cert.xz" \
  >>"$tmp/src/data/large/bounds.csv"
echo "$name t24 study --cards 4 --deck 1-6 --work 1 --local-search 0 --greedy-runs 1 --quiet --out DIR" \
  >>"$tmp/src/data/large/instance_commands.txt"
rows=$(($(tail -n +2 "$src/data/large/bounds.csv" | grep -c .) + 1)) # the published rows and this one
got=$(bash "$src/tests/check_data_large.sh" "$check" "$tmp/src" 2>&1) \
  && [ "$got" = "check_data_large: $rows rows (quick)" ] && ok "quick: $got" || bad "quick: $got"
got=$(CHECK_DATA_LARGE_ONLY=cards4_ bash "$src/tests/check_data_large.sh" "$check" "$tmp/src" long "$t24" 2>&1)
[ $? = 0 ] && [ "${got##*$'\n'}" = "check_data_large: $rows rows (quick), 1 of them long" ] \
  && ok "long on the new row alone: ${got##*$'\n'}" || bad "long: $got"
got=$(CHECK_DATA_LARGE_ONLY=nothing bash "$src/tests/check_data_large.sh" "$check" "$tmp/src" long "$t24" 2>&1)
[ $? != 0 ] && [[ $got == *"matches no row"* ]] && ok "a filter that matches no row fails" \
  || bad "a filter that matches nothing: $got"
sed -i "s/^[0-9a-f]\{64\}/$(printf '0%.0s' {1..64})/" "$tmp/src/data/large/$name.sha256"
got=$(CHECK_DATA_LARGE_ONLY=cards4_ bash "$src/tests/check_data_large.sh" "$check" "$tmp/src" long "$t24" 2>&1)
[ $? != 0 ] && [[ $got == *"has SHA-256"* ]] && ok "a wrong digest fails long" || bad "a planted digest: $got"
exit $fail
