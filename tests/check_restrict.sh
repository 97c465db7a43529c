#!/usr/bin/env bash
# t24 restrict (issue 52 item 2): a sub-instance of some sets bounds the whole instance
# from below, and its certificate, lifted, is verified by t24-check on the whole instance.
# On five cards' deck 1-5: the sub-instances of the LP's dual support, of its 30 largest
# multipliers, and of the smallest sets plus two named ones, each solved with a certificate (t24 cover --certificate) and
# lifted; t24-check must verify the lifted bound on the whole instance, and that bound
# must equal glpsol's optimum of the same sets cut from the instance here by awk (the
# oracle: GLPK's own branch and bound on MathProg data written by awk, sharing no code
# with t24 restrict, its traces or the certifying search; the sets chosen are found here
# too, from the LP certificate's text and the sets' sizes). Planted wrong lifts (the drops removed, the set ids shifted) must be
# refused by t24-check, and hostile arguments and certificates by t24 restrict (exit 2).
# usage: check_restrict.sh T24 T24CHECK SRCDIR
set -u
t24=${1:?usage: check_restrict.sh T24 T24CHECK SRCDIR} check=${2:?} src=${3:?}
command -v glpsol >/dev/null || { echo "SKIP: no glpsol"; exit 77; }
inst="$src/data/instances/cards5_deck1-5_target24_all.hgr"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }

# The optimum of a PACE file by glpsol: MathProg data written by awk.
glpk_optimum() {
  awk '/^c/ { next } /^p hs/ { print "param n := " $3 ";"; m = $4; next }
       { s++; printf "set S[%d] :=", s; for (i = 1; i <= NF; i++) printf " %s", $i; print ";" }
       END { printf "set H :="; for (i = 1; i <= m; i++) printf " %d", i; print ";"; print "end;" }' \
    "$1" >"$tmp/g.dat"
  glpsol -m "$src/models/hitting_set.mod" -d "$tmp/g.dat" -o "$tmp/g.out" >"$tmp/g.log" 2>&1 &&
    sed -n 's/^t24 hitting set: \([0-9]*\) elements chosen$/\1/p' "$tmp/g.log"
}

"$t24" cover --lp-certificate "$tmp/lp.cert" --time-limit 60 "$inst" >"$tmp/cover.sol" 2>/dev/null ||
  { echo "FAIL the LP certificate of deck 1-5"; exit 1; }

# The sets (1-based, one a line) in $1, cut from the instance as a PACE file, by awk.
cut_sets() {
  awk 'NR == FNR { keep[$1] = 1; m++; next } /^c/ { next }
       /^p hs/ { print "p hs " $3 " " m; next } { s++ } keep[s]' "$1" "$inst"
}

# One sub-instance: chosen by $@ (the same sets listed in $tmp/$1.sets), solved with a
# certificate, lifted, checked, compared.
lifted_bound() {
  local name=$1; shift
  "$t24" restrict "$@" --out "$tmp/$name.hgr" "$inst" >/dev/null || { bad "$name: restrict"; return; }
  "$t24" cover --certificate "$tmp/$name.cert" "$tmp/$name.hgr" >/dev/null 2>&1 ||
    { bad "$name: no certificate of the sub-instance"; return; }
  "$t24" restrict "$@" --lift "$tmp/$name.cert" --out "$tmp/$name.lifted" "$inst" >/dev/null ||
    { bad "$name: lift"; return; }
  local said want
  said=$("$check" "$inst" "$tmp/$name.lifted") || { bad "$name: t24-check refused the lift: $said"; return; }
  cut_sets "$tmp/$name.sets" >"$tmp/$name.raw.hgr"
  want=$(glpk_optimum "$tmp/$name.raw.hgr")
  local drops chosen
  # The sets left out, each dropped once (the sub-instance's tree may drop chosen ones).
  drops=$(awk 'NR == FNR { chosen[$1] = 1; next } $1 == "drop" && !chosen[$2] { print $2 }' \
    "$tmp/$name.sets" "$tmp/$name.lifted" | sort -u | wc -l)
  chosen=$(wc -l <"$tmp/$name.sets")
  [ "$drops" -eq $((117 - chosen)) ] || bad "$name: $drops other sets dropped, not 117 - $chosen"
  if [ "$said" = "lower bound $want verified" ] && [ -n "$want" ]; then
    ok "$name: $(wc -l <"$tmp/$name.sets") sets: t24-check: $said on the whole instance; glpsol's optimum of those sets: $want"
  else
    bad "$name: t24-check said '$said'; glpsol's optimum of those sets: '$want'"
  fi
}
awk '/^leaf y/ { for (i = 3; i <= NF; i++) { split($i, p, ":"); if (p[2] > 0) print p[1] } }' \
  "$tmp/lp.cert" >"$tmp/support.sets"
lifted_bound support --support "$tmp/lp.cert"
awk '/^leaf y/ { for (i = 3; i <= NF; i++) { split($i, p, ":"); if (p[2] > 0) print p[1], p[2] } }' \
  "$tmp/lp.cert" | sort -k2,2nr -k1,1n | head -30 | cut -d' ' -f1 | sort -n >"$tmp/top.sets"
lifted_bound top --support "$tmp/lp.cert" --top 30
{ awk '/^[0-9]/ { s++; print NF, s }' "$inst" | sort -k1,1n -k2,2n | head -20 | cut -d' ' -f2
  printf '50\n117\n'; } | sort -un >"$tmp/smallest.sets"
lifted_bound smallest --smallest 20 --sets 50,117

# The lift is what t24-check verifies, not the tool: planted wrong lifts are refused.
planted() {
  if "$check" "$inst" "$tmp/planted" >"$tmp/p.out" 2>&1; then
    bad "planted $1: t24-check verified it: $(cat "$tmp/p.out")"
  else
    ok "planted $1: refused: $(head -c 160 "$tmp/p.out")"
  fi
}
if [ -f "$tmp/support.lifted" ]; then
  grep -v '^drop ' "$tmp/support.lifted" >"$tmp/planted"
  planted "lift without the drops (the sub-instance's dominated steps then fail)"
  # Each set id named by a multiplier shifted to the next set: a wrong id map.
  awk '{ for (i = 1; i <= NF; i++) if (split($i, p, ":") == 2) $i = (p[1] % 117) + 1 ":" p[2]; print }' \
    "$tmp/support.lifted" >"$tmp/planted"
  planted "lift with the set ids shifted by one"
  sed 's/^\(instance [0-9]* \)[0-9]*/\1 85/' "$tmp/support.lifted" >"$tmp/planted"
  planted "lift keeping the sub-instance's M"
fi

# Hostile input: exit 2 and one line naming the bad value.
refuses() { # WHAT, WORD the message must name, then restrict's arguments
  local what=$1 word=$2; shift 2
  "$t24" restrict "$@" >"$tmp/r.out" 2>"$tmp/r.err"
  local rc=$?
  if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/r.err")" -eq 1 ] && grep -qF -- "$word" "$tmp/r.err" &&
     [ ! -e "$tmp/never" ]; then
    ok "refused: $what: $(cat "$tmp/r.err")"
  else
    bad "$what: exit $rc, stderr: $(cat "$tmp/r.err"), out exists: $([ -e "$tmp/never" ] && echo yes || echo no)"
  fi
}
refuses "set 0" "'0'" --sets 0 --out "$tmp/never" "$inst"
refuses "set M + 1" "'118'" --sets 3,118 --out "$tmp/never" "$inst"
refuses "a list with a hole" "1,,2" --sets 1,,2 --out "$tmp/never" "$inst"
refuses "a negative count" "'-1'" --smallest -1 --out "$tmp/never" "$inst"
refuses "no set chosen" "no sets chosen" --out "$tmp/never" "$inst"
refuses "--top without --support" "--top goes with --support" --top 3 --sets 1 --out "$tmp/never" "$inst"
refuses "--top 0" "--top 0" --support "$tmp/lp.cert" --top 0 --out "$tmp/never" "$inst"
refuses "no --out" "--out" --sets 1 "$inst"
refuses "a certificate of another instance as --support" "another instance" \
  --support "$tmp/support.cert" --out "$tmp/never" "$inst"
refuses "the whole instance's certificate as --lift" "another instance" \
  --support "$tmp/lp.cert" --lift "$tmp/lp.cert" --out "$tmp/never" "$inst"
refuses "a sub-instance's certificate lifted with other sets" "another instance" \
  --smallest 20 --sets 50,117 --lift "$tmp/support.cert" --out "$tmp/never" "$inst"
head -n -1 "$tmp/support.cert" >"$tmp/cut.cert"
refuses "a certificate without its end" "no 'end'" \
  --support "$tmp/lp.cert" --lift "$tmp/cut.cert" --out "$tmp/never" "$inst"
{ sed '/^tree$/q' "$tmp/support.cert"; echo "lemma 3"; echo end; } >"$tmp/lemma.cert"
refuses "an unknown node" "'lemma'" \
  --support "$tmp/lp.cert" --lift "$tmp/lemma.cert" --out "$tmp/never" "$inst"
{ sed '/^tree$/q' "$tmp/support.cert"; echo "leaf y 86:1"; echo end; } >"$tmp/row.cert"
"$t24" restrict --support "$tmp/lp.cert" --lift "$tmp/row.cert" --out "$tmp/row.lifted" "$inst" >/dev/null &&
  grep -qx 'leaf y 118:1' "$tmp/row.lifted" && ok "row M' + 1 (a cut's) lifted to M + 1" ||
  bad "row M' + 1 not lifted to M + 1"
[ "$fails" -eq 0 ] && echo "restrict: all checks passed" || echo "restrict: $fails failed"
[ "$fails" -eq 0 ]
