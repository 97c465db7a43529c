#!/usr/bin/env bash
# Publishes one instance too large for the repository into data/large/ (data/README.md):
# from the folder of a `t24 study --lp-certificate --out DIR` run, once t24-check has
# verified its cover and LP certificate against its instance, writes NAME.sha256 (the
# instance's SHA-256, byte count and name), NAME.sol (the cover) and NAME.lp.cert.xz (the
# certificate, xz -9) into LARGE, each whole or not at all, and prints the figures of the
# row to add by hand to LARGE/bounds.csv and the line of LARGE/instance_commands.txt.
# usage: bench/publish-large.sh DIR NAME LARGE T24_CHECK
set -eu
dir=${1:?usage: publish-large.sh DIR NAME LARGE T24_CHECK} name=${2:?} large=${3:?} check=${4:?}
fail() { echo "publish-large: $*" >&2; exit 2; }
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || fail "NAME '$name': letters, digits, '.', '_', '-'"
for f in hitting_set.hgr hitting_set.sol lp-certificate.txt; do
  [ -f "$dir/$f" ] || fail "$dir/$f is missing (t24 study --lp-certificate --out $dir)"
done
[ -d "$large" ] || fail "'$large' is not a folder"
command -v xz >/dev/null || fail "xz is missing"
verdict=$("$check" "$dir/hitting_set.hgr" "$dir/hitting_set.sol" "$dir/lp-certificate.txt" 2>&1) \
  || fail "t24-check refuses them: $verdict"
if [[ $verdict =~ ^lower\ bound\ ([0-9]+)\ verified\;\ cover\ of\ ([0-9]+)\ elements\ verified$ ]]; then
  lower=${BASH_REMATCH[1]} upper=${BASH_REMATCH[2]}
elif [[ $verdict =~ ^optimum\ ([0-9]+)\ verified$ ]]; then
  lower=${BASH_REMATCH[1]} upper=$lower
else
  fail "t24-check's verdict '$verdict' is not one this script reads"
fi
read -r _ elements sets _ < <(grep -m1 '^instance ' "$dir/lp-certificate.txt")
tmp=$(mktemp -d "$large/.publish-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "$(sha256sum <"$dir/hitting_set.hgr" | cut -d' ' -f1) $(wc -c <"$dir/hitting_set.hgr") $name.hgr" \
  >"$tmp/$name.sha256"
cp "$dir/hitting_set.sol" "$tmp/$name.sol"
xz -9 -c "$dir/lp-certificate.txt" >"$tmp/$name.lp.cert.xz"
for f in "$name.sha256" "$name.sol" "$name.lp.cert.xz"; do mv "$tmp/$f" "$large/$f"; done
echo "publish-large: $name: t24-check says '$verdict'"
proven=no; [ "$lower" != "$upper" ] || proven=yes
echo "row: $name,$elements,$sets,$lower,...,$upper,...,$proven,$lower,large/$name.lp.cert.xz"
echo "instance_commands.txt: $name t24 study ... --out DIR (the command that writes DIR/hitting_set.hgr)"
