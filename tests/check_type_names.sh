#!/usr/bin/env bash
# One type per name a header declares. A type that a header names (a typedef, or a struct,
# union or enum with a body) is the only type of that name in every file that can see the
# header: src/'s headers are seen by src/ and bench/, bench/'s by bench/ (src/checker/
# includes no header of the project and is not read). The code review found three types
# named `search`: solve/search.h's and private ones in certify_tree.c and lagcover.c
# (issue 50, item 4). One type may be written in two places: a header's
# `typedef struct NAME NAME;` with its one `struct NAME {...}` (its module's .c), or a
# typedef whose struct carries the same tag in the same file. Types private to one .c
# file are not held to it (cli's `options`, one per command).
# With --planted, also checks that a planted second type of a header's name is found,
# in a .c file and in a header, and that a header's opaque typedef with its body is not.
# Usage: check_type_names.sh ROOT [--planted]
set -u
. "$(dirname "$0")/verdict.sh"
root=${1:?usage: check_type_names.sh ROOT [--planted]}

# "NAME<TAB>KIND<TAB>FILE" per type a file names; KIND is typedef, opaque (typedef struct
# NAME NAME;) or body (struct, union or enum NAME {). Comments and strings are dropped.
types() {
  perl -e '
    undef $/;
    for my $f (@ARGV) {
      open my $fh, "<", $f or die "$f: $!\n";
      my $s = <$fh>;
      close $fh;
      $s =~ s{/\*.*?\*/}{ }gs;
      $s =~ s{//[^\n]*}{}g;
      $s =~ s{"(?:\\.|[^"\\\n])*"}{""}g;
      while ($s =~ /\btypedef\b/g) { # up to its semicolon outside braces and parentheses
        my ($i, $depth) = (pos($s), 0);
        for (; $i < length $s; $i++) {
          my $c = substr($s, $i, 1);
          $depth++ if $c eq "{" || $c eq "(";
          $depth-- if $c eq "}" || $c eq ")";
          last if $c eq ";" && $depth == 0;
        }
        my $t = substr($s, pos($s), $i - pos($s));
        pos($s) = $i;
        if ($t =~ /^\s*(?:struct|union|enum)\s+(\w+)\s+(\w+)\s*$/ && $1 eq $2) {
          print "$2\topaque\t$f\n";
        } elsif ($t =~ /\(\s*\*\s*(\w+)\s*\)\s*\(.*\)\s*$/s || $t =~ /(\w+)\s*(?:\[[^\]]*\]\s*)*$/) {
          print "$1\ttypedef\t$f\n";
        }
      }
      while ($s =~ /\b(?:struct|union|enum)\s+(\w+)\s*\{/g) { print "$1\tbody\t$f\n" }
    }' "$@"
}

# The offences under ROOT: "NAME: FILE FILE..." per name a header declares that names
# more than one type among the files that see that header.
offences() {
  local r=$1
  {
    find "$r/src" -name '*.[ch]' ! -path "$r/src/checker/*" -print0 | sort -z |
      xargs -0 -r bash -c 'types "$@"' _ | sed 's/^/src\t/'
    find "$r/bench" -name '*.[ch]' -print0 2>/dev/null | sort -z |
      xargs -0 -r bash -c 'types "$@"' _ | sed 's/^/bench\t/'
  } | perl -F'\t' -lane '
    my ($tree, $name, $kind, $file) = @F;
    push @{ $rec{$name} }, [$tree, $kind, $file];
    $header{$name}{$tree} = 1 if $file =~ /\.h$/;
    END {
      for my $name (sort keys %header) {
        for my $tree (sort keys %{ $header{$name} }) {
          # src/ headers are seen by src/ and bench/; bench/ headers by bench/ alone
          my @seen = grep { $tree eq "bench" ? $_->[0] eq "bench" : 1 } @{ $rec{$name} };
          my (%typedef, %opaque, %body);
          for (@seen) {
            my ($t, $k, $f) = @$_;
            ($k eq "typedef" ? \%typedef : $k eq "opaque" ? \%opaque : \%body)->{$f} = 1;
          }
          my @t = keys %typedef;
          my @o = keys %opaque;
          my @b = keys %body;
          my $one = @t + @o <= 1 && @b <= 1
            && !(@t && @b && $t[0] ne $b[0]); # a typedef with a tagged body: one file
          next if $one;
          my %files = map { $_->[2] => 1 } @seen;
          print "$name: ", join(" ", sort keys %files);
        }
      }
    }'
}
export -f types

if [ "${2:-}" = --planted ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src/solve" "$tmp/src/hitset" "$tmp/src/cli" "$tmp/bench"
  printf '%s\n' 'typedef struct search search;' '/* typedef int walk; */' >"$tmp/src/solve/search.h"
  printf '%s\n' 'struct search { int depth; };' >"$tmp/src/solve/search.c"
  printf '%s\n' 'typedef struct { int x; } options;' >"$tmp/src/cli/a.c"
  printf '%s\n' 'typedef struct { int y; } options;' 'typedef int walk;' >"$tmp/src/cli/b.c"
  printf '%s\n' 'typedef struct { char *buf; } sink;' >"$tmp/bench/harness.h"
  printf '%s\n' 'typedef struct { char *buf; } sink;' >"$tmp/src/cli/c.c"
  want="search: $tmp/src/hitset/walk.c $tmp/src/solve/search.c $tmp/src/solve/search.h"
  printf '%s\n' 'typedef struct {' '    int depth;' '} search;' >"$tmp/src/hitset/walk.c"
  got=$(offences "$tmp")
  [ "$got" = "$want" ] || { echo "FAIL a planted second 'search' in a .c file is not found alone (found: '${got:-nothing}')"; exit 1; }
  rm "$tmp/src/hitset/walk.c"
  printf '%s\n' 'typedef void (*search)(int);' >"$tmp/src/hitset/walk.h"
  want="search: $tmp/src/hitset/walk.h $tmp/src/solve/search.c $tmp/src/solve/search.h"
  got=$(offences "$tmp")
  [ "$got" = "$want" ] || { echo "FAIL a planted second 'search' in a header is not found alone (found: '${got:-nothing}')"; exit 1; }
  echo "ok   a planted second type named as a header's is found; private names and a header's opaque type with its body are not"
fi

n=$(find "$root/src" -name '*.h' ! -path "$root/src/checker/*" -print0 | xargs -0 bash -c 'types "$@"' _ | wc -l)
[ "$n" -gt 0 ] || { echo "no type named in a header of $root/src: the check read nothing"; exit 1; }
verdict "$(offences "$root")" \
  "types that share a name a header declares: give each its own name (module prefix)" \
  "$n types named in src/'s headers, each the only type of its name where the header is seen"
