#!/usr/bin/env bash
# Installs the Debian packages t24 builds, tests and plots with.
# As root it installs what is missing (non-interactively, so CI with no stdin works);
# otherwise it prints the one apt-get line a user needs and fails.
set -eu
# coinor-*: the second exact engine (t24 --solver cbc); openmpi: runs across machines
# (mpirun); clang + libclang-rt: libFuzzer for the fuzz targets; groff-base: the
# install test renders the man page; libyaml-dev: the test that reads CITATION.cff;
# libltdl-dev: libltdl.a, which the statically linked GLPK needs (T24_STATIC_DEPS).
pkgs="gcc make cmake pkg-config libglpk-dev glpk-utils uthash-dev libcriterion-dev
      libgmp-dev libltdl-dev libcjson-dev gnuplot-nox coinor-libcbc-dev coinor-cbc
      libopenmpi-dev openmpi-bin clang libclang-rt-14-dev groff-base
      libyaml-dev"
# jq: `make frontier` reads t24's JSON reports with it. cadical and libcadical-dev:
# the SAT engine of the lower-bound measurements (bench/sat-bound.sh, t24-maxsat-bound).
pkgs="$pkgs jq cadical libcadical-dev"
# libnauty2-dev: nauty, the automorphism group of an instance (t24-symmetry, issue 30).
pkgs="$pkgs libnauty2-dev"
# xz-utils: data/certificates/ is stored xz-compressed (make data writes, make test reads).
pkgs="$pkgs xz-utils"
# python3: bench/check-leaf.py and its differential test against t24-check (ctest leaf_diff).
pkgs="$pkgs python3"
# --verify: instead, what `make verify-checker` proves t24-check's arithmetic core with
# (issue 51): Frama-C with WP, Why3 and CVC4. Not among the above: make test runs that
# proof only when they are installed (ctest verify_checker, else Skipped).
[ "${1:-}" = --verify ] && pkgs="frama-c-base why3 cvc4"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "t24: missing Debian packages; run:" >&2
  echo "  sudo apt-get install -y$missing" >&2
  exit 1
fi
echo "t24: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
