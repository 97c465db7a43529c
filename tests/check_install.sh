#!/usr/bin/env bash
# `cmake --install BUILD --prefix P` into a temporary P gives a t24 that runs and prints
# the project's version, and a man page that groff reads without a warning and that
# lists, under each command, every option of that command's --help.
#   tests/check_install.sh BUILD_DIR VERSION
set -eu
build=$1 version=$2
prefix=$(mktemp -d /tmp/t24-install-XXXXXX)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$prefix/log" 2>&1 || fail "install failed: $(cat "$prefix/log")"
bin=$prefix/bin/t24 man=$prefix/share/man/man1/t24.1
[ -x "$bin" ] || fail "no $bin"
got=$("$bin" --version) || fail "$bin --version failed"
[ "$got" = "t24 $version" ] || fail "$bin --version printed '$got', not 't24 $version'"
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

echo "install: t24 $version runs from $prefix/bin; t24.1 renders cleanly, lists every option and exit status, and names only installed pages"
