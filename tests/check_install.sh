#!/usr/bin/env bash
# `cmake --install BUILD --prefix P` into a temporary P gives a t24 (and a t24-check) that runs and prints
# the project's version, and a man page that groff reads without a warning and that
# lists, under each command, every option of that command's --help.
#   tests/check_install.sh BUILD_DIR VERSION [CFLAGS]   (CFLAGS: the build's sanitizers)
set -eu
build=$1 version=$2 example_flags=${3:-}
prefix=$(mktemp -d /tmp/t24-install-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$prefix/log" 2>&1 || fail "install failed: $(cat "$prefix/log")"
bin=$prefix/bin/t24 man=$prefix/share/man/man1/t24.1
[ -x "$bin" ] || fail "no $bin"
got=$("$bin" --version) || fail "$bin --version failed"
[ "$got" = "t24 $version" ] || fail "$bin --version printed '$got', not 't24 $version'"
# t24-check, the independent certificate checker (docs/certificates.md), beside it.
got=$("$prefix/bin/t24-check" --version) || fail "no working $prefix/bin/t24-check"
[ "$got" = "t24-check $version" ] || fail "t24-check --version printed '$got'"
[ -s "$man" ] || fail "no $man"

# groff reports every problem it finds with -ww on stderr; -z renders nothing.
warnings=$(groff -man -Tutf8 -ww -z "$man" 2>&1) || fail "groff failed on t24.1: $warnings"
[ -z "$warnings" ] || fail "groff warns on t24.1: $warnings"
grep -q "^\.TH T24 1 .*\"t24 $version\"" "$man" || fail "t24.1 does not name version $version"

# The rendered page, one subsection per command: each must list its --help's options.
text=$(groff -man -Tascii -P-c -P-b -P-o -P-u -rLL=250n -rHY=0 "$man")
commands=$("$bin" --help | sed -n '/^commands:/,/^$/p' | awk 'NF && !/^commands:/ {print $1}')
[ -n "$commands" ] || fail "t24 --help lists no commands"
for cmd in $commands; do
  section=$(printf '%s\n' "$text" | awk -v h="   t24 $cmd" '
    $0 == h { on = 1; next } on && /^   t24 [a-z]+$/ { on = 0 } on')
  [ -n "$section" ] || fail "t24.1 has no section for 't24 $cmd'"
  for opt in $("$bin" "$cmd" --help | grep -oE '^ +(-[A-Za-z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
    printf '%s\n' "$section" | grep -qE -- "(^|[ ,])$opt([ ,=]|\$)" \
      || fail "t24.1 misses 't24 $cmd $opt'"
  done
done
# A proper man page: the usual sections, no notes for developers, no Markdown links, and
# every page it names installed in share/doc/t24 (which FILES and SEE ALSO point to).
for sh in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS "EXIT STATUS" FILES EXAMPLES "SEE ALSO"; do
  printf '%s\n' "$text" | grep -qx "$sh" || fail "t24.1 has no $sh section"
done
for dev in 'tests/' 'test_' 'the tests' ']('; do
  ! printf '%s\n' "$text" | grep -qF -- "$dev" || fail "t24.1 carries developer text or a link: '$dev'"
done
docdir=$prefix/share/doc/t24
# (a name in code font, such as sweep.md of sweep --out, is a file t24 writes, not a page)
for page in $(grep -oE '(\\fB)?([A-Za-z0-9_]|\\-)+\.md' "$man" | grep -v '^\\fB' | sed 's/\\-/-/g' | sort -u); do
  [ -f "$docdir/$page" ] || fail "t24.1 names $page, which is not installed in share/doc/t24"
done
for s in 0 1 2 3 70; do
  printf '%s\n' "$text" | sed -n '/^EXIT STATUS$/,/^[A-Z][A-Z ]*$/p' | grep -qE "^ +$s( |$)" \
    || fail "t24.1's EXIT STATUS does not list status $s"
done

# t24-check's own page (issue 40): groff reads it without a warning, it names the version,
# and it lists every option of t24-check --help.
cman=$prefix/share/man/man1/t24-check.1
[ -s "$cman" ] || fail "no $cman"
warnings=$(groff -man -Tutf8 -ww -z "$cman" 2>&1) || fail "groff failed on t24-check.1: $warnings"
[ -z "$warnings" ] || fail "groff warns on t24-check.1: $warnings"
grep -q "\"t24 $version\"" "$cman" || fail "t24-check.1 does not name version $version"
ctext=$(groff -man -Tascii -P-c -P-b -P-o -P-u "$cman")
for opt in $("$prefix/bin/t24-check" --help | grep -oE -- '--[a-z-]+' | sort -u); do
  printf '%s\n' "$ctext" | grep -qF -- "$opt" || fail "t24-check.1 misses $opt"
done
printf '%s\n' "$ctext" | grep -q "t24(1)" || fail "t24-check.1 does not name t24(1)"
printf '%s\n' "$text" | grep -q "t24-check(1)" || fail "t24.1 does not name t24-check(1)"

# libt24hs (issue 27): the library, its header and t24hs.pc are installed; the shared
# library exports hs_ names only, the static one makes its other names local; the
# example of examples/ builds against the installed copy through pkg-config alone, both
# ways, and its covers meet every set (checked here, by the script).
src=$(cd "$(dirname "$0")/.." && pwd)
pc=$(find "$prefix" -name t24hs.pc | head -n 1)
[ -n "$pc" ] || fail "no t24hs.pc under $prefix"
export PKG_CONFIG_PATH=${pc%/*}
[ "$(pkg-config --modversion t24hs)" = "${version%+unreleased}" ] || fail "t24hs.pc's version is not ${version%+unreleased}"
libdir=$(pkg-config --variable=libdir t24hs)
[ -f "$(pkg-config --variable=includedir t24hs)/t24hs.h" ] || fail "t24hs.h is not in pkg-config's includedir"
others=$(nm -D --defined-only "$libdir/libt24hs.so" | awk '{print $3}' | grep -v '^hs_' || true)
[ -z "$others" ] || fail "libt24hs.so exports names other than hs_: $(echo $others | head -c 300)"
others=$(nm -g --defined-only "$libdir/libt24hs.a" | awk 'NF == 3 {print $3}' | grep -v '^hs_' || true)
[ -z "$others" ] || fail "libt24hs.a has global names other than hs_: $(echo $others | head -c 300)"
readelf -d "$libdir/libt24hs.so" | grep -q 'SONAME.*libt24hs\.so\.2' || fail "libt24hs.so has no SONAME libt24hs.so.2"
# The file behind the SONAME carries the SONAME's number first (docs/library.md).
real=$(basename "$(readlink -f "$libdir/libt24hs.so")")
soname=$(readelf -d "$libdir/libt24hs.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[[ $real == "$soname".* ]] || fail "libt24hs's file $real does not carry its SONAME $soname's version"
# pkg-config prints plain paths (no lib/pkgconfig/../../include).
flags=$(pkg-config --cflags --libs t24hs)
[[ $flags != *..* ]] || fail "pkg-config prints a path through '..': $flags"
[ -f "$prefix/share/doc/t24/examples/hs_cover.c" ] || fail "examples/ is not installed in share/doc/t24/examples"

# docs/library.md's recipe, run as written: its install line is the install above, its
# \$HOME/.local that prefix (a link to it), its files copies in a scratch folder. cc runs
# with the build's sanitizers, when it has them.
mkdir -p "$prefix/home" "$prefix/work/examples" "$prefix/work/data/instances"
ln -s "$prefix" "$prefix/home/.local"
cp "$src/examples/hs_cover.c" "$prefix/work/examples/"
cp "$src/data/instances/cards5_deck1-5_target24_all.hgr" "$prefix/work/data/instances/"
recipe=$(awk '/^## Install and link/ { on = 1; next } on && /^## / { exit }
  on && /^    / && !/^    make install / { sub(/^    /, ""); print }' "$src/docs/library.md")
printf '%s\n' "$recipe" | grep -q 'libt24hs\.a' || fail "docs/library.md's recipe has no static link"
(cd "$prefix/work" && HOME=$prefix/home PKG_CONFIG_PATH= \
  bash -euc "cc() { command cc $example_flags \"\$@\"; }; $recipe") >"$prefix/recipe.log" 2>&1 \
  || fail "docs/library.md's recipe fails as written: $(tail -n 5 "$prefix/recipe.log")"
cp "$prefix/work/hs_cover" "$prefix/work/hs_cover_static" "$prefix/" \
  || fail "docs/library.md's recipe built no hs_cover or hs_cover_static"
# Three sets over five elements; {2, 4} meets them all and no single element does.
printf 'c example\np hs 5 3\n1 2\n2 3 4\n4 5\n' >"$prefix/in.hgr"
for exe in hs_cover hs_cover_static; do
  out=$("$prefix/$exe" "$prefix/in.hgr" 2>"$prefix/err") || fail "$exe failed: $(cat "$prefix/err")"
  [ "$(printf '%s\n' "$out" | head -n 1)" = 2 ] || fail "$exe printed a cover of $(printf '%s\n' "$out" | head -n 1), not 2"
  elems=" $(printf '%s\n' "$out" | tail -n +2 | tr '\n' ' ')"
  while read -r set; do
    hit=0
    for e in $set; do case "$elems" in *" $e "*) hit=1 ;; esac; done
    [ "$hit" = 1 ] || fail "$exe's cover '$elems' misses the set '$set'"
  done < <(tail -n +3 "$prefix/in.hgr")
  grep -q "proven minimal" "$prefix/err" || fail "$exe: $(cat "$prefix/err")"
done
printf 'p hs 2 1\n\n' | "$prefix/hs_cover" >/dev/null 2>"$prefix/err" && fail "hs_cover took an empty set"
grep -q "empty set" "$prefix/err" || fail "hs_cover on an empty set: $(cat "$prefix/err")"

# A moved installation: pkg-config --define-prefix finds it from t24hs.pc's own place.
pcrel=${pc#"$prefix"}
moved=$prefix.moved
trap 'rm -rf "$prefix" "$moved"' EXIT
mv "$prefix" "$moved"
got=$(PKG_CONFIG_PATH=${moved}${pcrel%/*} pkg-config --define-prefix --cflags t24hs)
[ "${got% }" = "-I$moved/include" ] || fail "pkg-config --define-prefix on a moved installation prints '$got'"

echo "install: t24 $version runs from $prefix/bin; t24.1 renders cleanly, lists every option and exit status, and names only installed pages; docs/library.md's recipe links libt24hs as written (shared and static), which exports hs_ names only"
