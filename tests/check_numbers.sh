#!/usr/bin/env bash
# One answer to every number (issue 40): the best bounds and cover sizes that several pages
# repeat agree with data/instances/bounds.csv, the one file of bounds:
#   * README.md's five-card table: the column "best known" (K proven, else LOWER..UPPER),
#     and every bound certified only through cubes is named with its `make prove` command;
#   * data/README.md's table: lower, certified lower, best cover and status of every row;
#   * docs/frontier.md (docs/frontier/make-frontier.sh): its "Best known bounds" table
#     (bounds, and the commands that certify and find them), the planning table's best
#     covers, and the bounds its cubes paragraph gives per deck ("deck D **K**");
#   * docs/frontier/certified.md (bench/certified-bounds.sh): each open deck's best known
#     lower, its command and its best cover;
#   * docs/certificates.md's table of the open decks: each best cover;
#   * docs/cluster.md: every bound certified only through cubes is its measured row;
#   * docs/frontier.md's "lower bound certified by" names a command that writes a
#     certificate (--certificate CERT, or make prove), never a solver's word alone;
#   * docs/figures.tsv (issue 49): every other figure quoted in several places (times,
#     counts, sizes) is the one value given there, wherever the file says it is quoted.
# (check_data.sh checks README's column too, in ctest `data`, 40 s; this one takes a second.)
# With --planted, also checks that a planted disagreement on each page fails.
# usage: check_numbers.sh ROOT [--planted]
set -u
root=${1:?usage: check_numbers.sh ROOT [--planted]}

# plant PAGE SED_EXPR WHAT: a copy of ROOT's pages with one number changed must fail, and
# the failure must name WHAT.
plant() {
  local tmp out
  tmp=$(mktemp -d)
  mkdir -p "$tmp/data/instances" "$tmp/docs/frontier"
  mkdir -p "$tmp/src/study"
  for f in README.md Makefile data/README.md data/instances/bounds.csv src/study/preflight.c; do
    cp "$root/$f" "$tmp/$f"
  done
  cp "$root"/docs/*.md "$root/docs/figures.tsv" "$tmp/docs/"
  cp "$root/docs/frontier/certified.md" "$tmp/docs/frontier/"
  sed -i "$2" "$tmp/$1"
  if cmp -s "$root/$1" "$tmp/$1"; then
    echo "FAIL the plant '$2' changes nothing in $1"; rm -rf "$tmp"; return 1
  fi
  if out=$(bash "$0" "$tmp") || ! grep -qF "$3" <<<"$out"; then
    echo "FAIL a planted disagreement in $1 ($2) is not found: $out"; rm -rf "$tmp"; return 1
  fi
  rm -rf "$tmp"
  echo "ok   a planted disagreement in $1 is found"
}

if [ "${2:-}" = --planted ]; then
  # One plant a row: PAGE, the sed expression that plants the disagreement, and what the
  # failure must name, separated by tabs; a row starting with # is a comment.
  planted=0 nplants=0
  while IFS=$'\t' read -r -u 3 page expr what; do
    case $page in '' | '#'*) continue ;; esac
    nplants=$((nplants + 1))
    plant "$page" "$expr" "$what" || planted=1
  done 3<<'PLANTS'
README.md	s/^| 1-8 \(.*\)| 61\.\.64 |$/| 1-8 \1| 60..64 |/	README.md: five-card deck 1-8
README.md	s/make prove DECK=1-10 GOAL=104/make prove DECK=1-10 GOAL=103/; s/`DECK=1-10 GOAL=104`/`DECK=1-10 GOAL=103`/	README.md: deck 1-10's 104
data/README.md	s/^| `cards5_deck1-10_target24_all` | 6208 | 1961 | 104 | 104 |/| `cards5_deck1-10_target24_all` | 6208 | 1961 | 103 | 103 |/	data/README.md: no row
data/instances/bounds.csv	/^cards5_deck1-8_/s/,make prove DECK=1-8 GOAL=61 /,make prove DECK=1-8 GOAL=60 /	bounds.csv: deck 1-8
docs/frontier.md	s/^| 1-9 | 83\.\.88 |/| 1-9 | 82..88 |/	docs/frontier.md: best known bounds
docs/frontier.md	s/deck 1-8 \*\*61\*\*/deck 1-8 **60**/	docs/frontier.md: the cubes paragraph
docs/frontier.md	s/^| 1-13 | 215 | \*\*/| 1-13 | 214 | **/	docs/frontier.md: planning
docs/frontier/certified.md	s/^| cards5_deck1-10_target24_all | 104 |/| cards5_deck1-10_target24_all | 103 |/	docs/frontier/certified.md
docs/certificates.md	s/^| 1-8 | 64 |/| 1-8 | 63 |/	docs/certificates.md
docs/cluster.md	s/\*\*bound 104\*\*/**bound 103**/	docs/cluster.md
# Issue 49, item 7: each disagreement found on 0b6fac1, planted back as it was.
docs/frontier.md	s/^| 1-6 | 30 (proven) | `[^`]*` |/| 1-6 | 30 (proven) | `t24 study --cards 5 --deck 1-6 --time-limit 600 --solver cbc --threads 1` |/	docs/frontier.md: best known bounds
docs/cluster.md	s/the optimum 30, takes about 15 s/the optimum 30, takes about 40 s/	prove-deck1-6-seconds
data/README.md	s/the enumeration alone takes 435 s, 7.3 minutes,/the enumeration alone takes about 7 minutes/	seven-enumeration-seconds
src/study/preflight.c	s|SEVEN_THREAD_BYTES, 296.0 / 2724986880.0, 139.0|SEVEN_THREAD_BYTES, 537.0 / 2724986880.0, 306.0|	seven-grouping-seconds
docs/seven.md	s/every rank groups for 5 minutes (296 s)/every rank groups for 9 minutes (296 s)/	seven-grouping-minutes
docs/certificates.md	s/it is one C file,/it is one C file of under 600 lines,/	t24-check-lines
README.md	s/Deck 1-8 (3,432 hands, 3,430 solvable,/Deck 1-8 (3,430 hands,/	seven-deck1-8-hands
README.md	s/CBC in 32 s, GLPK in 55 s |/CBC in about 30 s, GLPK in about 55 s |/	cbc-deck1-6-seconds
docs/certificates.md	s/ 1.37 GB (the cubes.* merged proof: 964 MB) / 1.37 GB /	cert-deck1-7-49-cubes
docs/figures.tsv	s/^prove-deck1-6-seconds\t15\tMakefile/prove-deck1-6-seconds\t40\tMakefile/	prove-deck1-6-seconds
PLANTS
  [ "$nplants" -gt 0 ] || { echo "FAIL no plant was read"; planted=1; }
  [ "$planted" -eq 0 ] || exit 1
fi

bad=0
miss() { echo "$1"; bad=1; }
# has PAGE LINE: PAGE has LINE exactly; prefix PAGE PREFIX: a line that starts with PREFIX.
has() { grep -qxF -- "$2" "$root/$1"; }
prefix() { grep -q "^$(sed 's/[][\.*^$/]/\\&/g' <<<"$2")" "$root/$1"; }

bounds="$root/data/instances/bounds.csv"
[ -f "$bounds" ] || { echo "numbers: data/instances/bounds.csv is missing"; exit 1; }
frontier_decks="" n=0
while IFS=, read -r name ne ns lower _ lcmd upper _ ucmd proven clower _; do
  n=$((n + 1))
  status=$([ "$proven" = yes ] && echo proven || echo open)
  has data/README.md "| \`$name\` | $ne | $ns | $lower | $clower | $upper | $status |" \
    || miss "data/README.md: no row '| \`$name\` | $ne | $ns | $lower | $clower | $upper | $status |' (bounds.csv)"
  [[ $name =~ ^cards5_deck(1-[0-9]+)_target24_all$ ]] || continue
  deck=${BASH_REMATCH[1]}
  frontier_decks="$frontier_decks $deck"
  known=$([ "$proven" = yes ] && echo "$upper" || echo "$lower..$upper")
  grep -qE "^\| $deck \|.*\| $known \|\$" "$root/README.md" \
    || miss "README.md: five-card deck $deck's best known is not '$known' (bounds.csv)"
  known=$([ "$proven" = yes ] && echo "$upper (proven)" || echo "$lower..$upper")
  # A proven optimum is certified by the command that wrote its published certificate
  # (data/make-data.sh), whatever solver proved it first.
  ccmd=$lcmd
  [ "$proven" = no ] || ccmd="t24 cover --work 3000000000 --time-limit 3600 --certificate CERT data/instances/$name.hgr"
  [[ " $ccmd " == *" --certificate CERT "* || $ccmd == "make prove "* ]] \
    || miss "docs/frontier.md: deck $deck's lower bound is 'certified by' '$ccmd', which writes no certificate"
  has docs/frontier.md "| $deck | $known | \`$ccmd\` | \`$ucmd\` |" \
    || miss "docs/frontier.md: best known bounds: no row '| $deck | $known | \`$ccmd\` | \`$ucmd\` |' (bounds.csv; FRONTIER_DECKS=none bash docs/frontier/make-frontier.sh build/t24)"
  if [[ $lcmd == "make prove "* ]]; then
    [[ " $lcmd " == *" DECK=$deck GOAL=$lower "* ]] \
      || miss "bounds.csv: deck $deck's lower_command '$lcmd' does not prove its lower bound $lower"
    # A bound certified only through cubes: README and cluster.md name its proof.
    grep -qF "DECK=$deck GOAL=$lower" "$root/README.md" \
      || miss "README.md: deck $deck's $lower is certified through cubes, but README names no 'DECK=$deck GOAL=$lower'"
    grep -qF "deck $deck, **bound $lower** (\`make prove DECK=$deck GOAL=$lower " "$root/docs/cluster.md" \
      || miss "docs/cluster.md: no measured row 'deck $deck, **bound $lower** (\`make prove DECK=$deck GOAL=$lower ...' (bounds.csv)"
  fi
  [ "$proven" = no ] || continue
  prefix docs/frontier.md "| $deck | $upper | **" \
    || miss "docs/frontier.md: planning: deck $deck's best cover is not $upper (bounds.csv)"
  prefix docs/frontier/certified.md "| $name | $lower | \`$lcmd\` | " \
    || miss "docs/frontier/certified.md: $name's best known lower is not $lower with '$lcmd' (bounds.csv)"
  awk -F' [|] ' -v n="| $name" -v u="$upper" '$1 == n && $6 == u { f = 1 } END { exit !f }' \
    "$root/docs/frontier/certified.md" \
    || miss "docs/frontier/certified.md: $name's best cover is not $upper (bounds.csv)"
  prefix docs/certificates.md "| $deck | $upper |" \
    || miss "docs/certificates.md: the open decks' table: deck $deck's best cover is not $upper (bounds.csv)"
done < <(tail -n +2 "$bounds")
[ "$n" -gt 0 ] || miss "numbers: bounds.csv has no rows"

# docs/frontier.md's cubes paragraph: "deck D **K**" is each deck's best lower bound.
while read -r deck k; do
  want=$(awk -F, -v n="cards5_deck${deck}_target24_all" '$1 == n { print $4 }' "$bounds")
  [ "$k" = "$want" ] || miss "docs/frontier.md: the cubes paragraph gives deck $deck **$k**, bounds.csv's lower is ${want:-missing}"
done < <(tr '\n' ' ' <"$root/docs/frontier.md" | grep -oE 'deck 1-[0-9]+ \*\*[0-9]+\*\*' | tr -d '*' | cut -d' ' -f2-)

# docs/figures.tsv: each row's pattern matches in its file, and only its value.
figures="$root/docs/figures.tsv"
[ -f "$figures" ] || miss "numbers: docs/figures.tsv is missing"
nfig=0
if [ -f "$figures" ]; then
  nfig=$(grep -cv '^#' "$figures")
  out=$(cd "$root" && perl -e '
    use strict; use warnings;
    my (%value, @bad);
    open(my $in, "<", $ARGV[0]) or die "numbers: $ARGV[0]: $!\n";
    while (my $line = <$in>) {
      chomp $line;
      next if $line =~ /^#/ || $line eq "";
      my ($fig, $val, $glob, $re) = split /\t/, $line, 4;
      if (!defined $re || $re eq "") { push @bad, "docs/figures.tsv: not 4 fields: $line"; next }
      $value{$fig} //= $val;
      push @bad, "docs/figures.tsv: $fig is both $value{$fig} and $val" if $value{$fig} ne $val;
      my @files = glob $glob;
      @files = ($glob) unless @files;
      for my $f (@files) {
        my $fh;
        if (!open($fh, "<", $f)) { push @bad, "$fig: cannot read $f"; next }
        local $/; my $text = <$fh>; close $fh;
        $text =~ s/\s+/ /g;
        my $seen = 0;
        while ($text =~ /$re/g) {
          $seen++;
          my $got = defined $1 ? $1 : "";
          if ($val eq "(none)") { push @bad, "$fig: $f quotes \x27$got\x27, which no page may quote" }
          elsif ($got ne $val) { push @bad, "$fig: $f says $got where docs/figures.tsv says $val (/$re/)" }
        }
        push @bad, "$fig: $f no longer quotes it (/$re/ matches nothing): reword docs/figures.tsv too"
          if !$seen && $val ne "(none)";
      }
    }
    print "$_\n" for @bad;
    exit(@bad ? 1 : 0);' "$figures" 2>&1) || miss "$out"
fi

[ "$bad" -eq 0 ] && echo "numbers: README.md, data/README.md, docs/frontier.md, docs/frontier/certified.md, docs/certificates.md and docs/cluster.md agree with bounds.csv's $n rows; docs/figures.tsv's $nfig quotes agree"
exit "$bad"
