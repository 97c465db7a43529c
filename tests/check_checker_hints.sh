#!/usr/bin/env bash
# t24-check names the likely mistake (issue 49, item 8): a file compressed with xz (a
# published .cert.xz given as it is) is "compressed with xz: unpack it first", in each of
# the three places; a certificate or a cover given before the instance, or a certificate
# in the cover's place, says which file must come first. Each exits 2 or 1 as before.
#   tests/check_checker_hints.sh T24_CHECK
set -u
check=${1:?usage: check_checker_hints.sh T24_CHECK}
check=$(cd "$(dirname "$check")" && pwd)/$(basename "$check")
command -v xz >/dev/null || { echo "SKIP: no xz"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
# expect WANT_STATUS WANT_TEXT ARGS...: t24-check ARGS exits WANT_STATUS, its one line
# of stderr holding WANT_TEXT.
expect() {
  local want=$1 text=$2 st err
  shift 2
  err=$("$check" "$@" 2>&1 >/dev/null)
  st=$?
  if [ "$st" != "$want" ] || ! grep -qF -- "$text" <<<"$err" || [ "$(wc -l <<<"$err")" != 1 ]; then
    echo "FAIL t24-check ${*##*/}: status $st, '$err'; wanted $want and '$text'"; bad=1
  else
    echo "ok   $text"
  fi
}
cd "$tmp" || exit 1
# Two sets over three elements and its cover {2}; the certificate is read only as far as
# its first line, so its checksum need not be the instance's.
printf 'p hs 3 2\n1 2\n2 3\n' >i.hgr
printf '1\n2\n' >c.sol
printf 't24-certificate 1\ninstance 3 2 0000000000000000\nbound 1\ndenominator 1\ntree\nleaf\nend\n' >c.cert
xz -k i.hgr && xz -k c.sol && xz -k c.cert
expect 2 "i.hgr.xz: line 1: compressed with xz: unpack it first" i.hgr.xz c.cert
expect 2 "c.sol.xz: line 1: compressed with xz: unpack it first" i.hgr c.sol.xz c.cert
expect 1 "compressed with xz: unpack it first" i.hgr c.cert.xz
expect 2 "c.cert: line 1: a certificate, not an instance: the instance must come first" c.cert i.hgr
expect 2 "c.sol: line 1: a set before the header (a cover? the instance must come first)" c.sol i.hgr c.cert
expect 2 "c.cert: line 1: a certificate, not a cover: the cover must come before it" i.hgr c.cert c.sol
# A NUL byte anywhere else is still called one.
printf 'p hs 3 2\n1 2\n2\0 3\n' >nul.hgr
expect 2 "nul.hgr: line 3: a NUL byte" nul.hgr c.cert
exit "$bad"
