#!/usr/bin/env bash
# Frama-C/WP proves t24-check's arithmetic core (issue 51; docs/certificates.md, "What is
# proved"): every goal of src/checker/t24-check.c as Frama-C reads it (the core; the rest is
# behind #ifndef __FRAMAC__), with -wp-rte (no overflow, no bad access, no undefined cast)
# and the contracts (the leaf's inequality, the cut's ceilings, the touched list and |F1|
# kept, a cut's row derived with every acc reset, the rows in scope). Then it plants five
# faults back into a copy, each of which must leave unproved the goals it breaks and only
# those (of the function, or the clauses, it checks again): an unchecked sum in the leaf (an
# overflow), the leaf accepting D L(y) = (K - |F1| - 1) D (an off-by-one), acc_add listing
# an element in touched each time its acc grows (a repeat: the list no longer distinct nor
# at most N long), cut_fill resetting the acc of every element of its list but the last (a
# skipped reset: the next list would start from a stale acc), and row_pick searching one
# cut beyond those in scope (the cut being derived, no ancestor of its own line). A plant
# that no longer applies fails the check: update the plant with the code.
#   tests/check_verify_checker.sh SOURCE_DIR      (make verify-checker; ctest verify_checker)
# Exit 77 (ctest: Skipped) when frama-c, why3 or cvc4 is missing: make verify-checker
# installs them (.ci/install-deps.sh --verify). Fixed limits: each prover call 30 s, for the
# proof (the slowest goal takes under 5 s of CPU) and for each plant (its broken goals
# cannot be proved, so they always run to the limit; the other goals it proves again
# take seconds, but CVC4's limit is wall time, and a load of 12 on two cores made 10 s
# too short for some), at most 2 prover processes (-wp-par 2). CVC4 alone: every goal splits into its
# conjuncts and cases (-wp-split) and CVC4 proves each; Z3 4.8 proved fewer (it answers
# unknown on the quantified ones) and, run beside CVC4, doubled the CPU on each hard goal.
set -u
src=${1:?usage: check_verify_checker.sh SOURCE_DIR}
for tool in frama-c why3 cvc4; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is missing (make verify-checker installs it)"; exit 77; }
done
tmp=$(mktemp -d /tmp/t24-verify-checker-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export WHY3CONFIG="$tmp/why3.conf" # the provers found here, the user's why3 setup untouched
why3 config detect >"$tmp/detect.log" 2>&1 || { cat "$tmp/detect.log"; echo "FAIL: why3 config detect"; exit 1; }

# WP on file $1 with prover limit $2 s (functions $3, or all; properties $4, or all):
# prints its summary and
# the goals left unproved; 0 when every goal is proved.
prove() {
  local fct=() out
  [ -n "${3:-}" ] && fct=(-wp-fct "$3")
  [ -n "${4:-}" ] && fct+=(-wp-prop "$4")
  out=$(nice -n 10 frama-c -wp -wp-rte -wp-split -wp-prover cvc4 -wp-timeout "$2" -wp-par 2 \
        -wp-cache none "${fct[@]}" "$1" 2>&1)
  local line
  line=$(grep -m1 'Proved goals:' <<<"$out")
  grep -E '\[wp\] \[(Failed|Timeout|Unknown)\]|Goal .*: (Timeout|Unknown|Failed)' <<<"$out" | head -5
  [ -n "$line" ] || { echo "$out" | tail -15; echo "no WP summary"; return 2; }
  grep -A3 'Proved goals:' <<<"$out" | grep -E '^ +(Qed|CVC4)' | tr -s ' ' # counts, times
  echo "${line#*Proved goals:}" | tr -s ' '
  local got total
  read -r got _ total <<<"${line#*Proved goals:}"
  [ "$got" = "$total" ] && [ "$total" -gt 0 ]
}
# Whether plant $1's run (summary $2) left a goal unproved, and only goals named as ERE $3
# says (or parts of them: -wp-split names each part).
planted_caught() {
  local bad
  bad=$(grep -oE 'Goal [A-Za-z0-9_]+ : (Timeout|Unknown|Failed)' <<<"$2")
  [ -n "$bad" ] && ! grep -vqE "Goal ($3)(_part[0-9]+)? :" <<<"$bad" && return 0
  echo "FAIL the planted $1 should leave unproved $3 alone, it left: ${bad:-nothing}"
  return 1
}
plant() { # file, the line to replace, its replacement (fixed strings)
  grep -qF "$2" "$1" || { echo "FAIL: the plant's line is gone: $2"; exit 1; }
  local text
  text=$(cat "$1")
  printf '%s\n' "${text/"$2"/"$3"}" >"$1"
}

# Plant NAME ($1) into a copy: line $2 replaced by $3; WP on function $4 (its clauses $5,
# or all) must leave unproved goals, and only goals named as ERE $6 says.
check_plant() {
  local summary
  cp "$src/src/checker/t24-check.c" "$tmp/plant.c"
  plant "$tmp/plant.c" "$2" "$3"
  summary=$(prove "$tmp/plant.c" "$plant_limit" "$4" "$5")
  if planted_caught "$1" "$summary" "$6"; then
    echo "ok   the planted $1 leaves its goals unproved:$(tail -1 <<<"$summary")"
  else
    fail=1
  fi
}
fail=0
plant_limit=30 # s a prover call, as for the proof: at a load of 12 on 2 cores, 10 s left
               # goals the plants do not break unproved
start=$SECONDS
# CVC4's limit is wall time: on a loaded machine a goal that takes 4 s of CPU alone can run
# out of 30 s (acc_add's ensures_3 did at load 6, beside another run of this script). When
# every goal left is a Timeout, none a Failed or Unknown, the proof runs once more at 120 s
# a call; a goal a plant breaks never reaches this (the plants keep their own limit).
only_timeouts() {
  grep -qE 'Goal .*: Timeout' <<<"$1" && ! grep -qE 'Goal .*: (Unknown|Failed)|no WP summary' <<<"$1"
}
summary=$(prove "$src/src/checker/t24-check.c" 30)
proved=$?
if [ $proved != 0 ] && only_timeouts "$summary"; then
  echo "note t24-check.c: goals ran out of 30 s (the machine loaded?), proved again at 120 s:"
  echo "$summary" | grep -E 'Goal .*: Timeout'
  summary=$(prove "$src/src/checker/t24-check.c" 120)
  proved=$?
fi
if [ $proved = 0 ]; then
  echo "ok   t24-check.c: every goal proved:$(tail -1 <<<"$summary") ($((SECONDS - start)) s)"
  head -n -1 <<<"$summary" # how many each prover took, and their least, mean, most time
else
  echo "FAIL t24-check.c: not every goal proved:"; echo "$summary"; fail=1
fi
check_plant "overflow (L(y) summed unchecked)" '(q_lt(t, q_of(0)) && q_add(s, t, &s))' \
  '(q_lt(t, q_of(0)) && (s = q_sum(s, t), false))' leaf_decide '' \
  typed_leaf_decide_call_q_sum_requires
check_plant "off-by-one (D L(y) = (K - |F1| - 1) D accepted)" \
  'return q_lt(rhs, s) ? 0 : 2;' 'return q_lt(s, rhs) ? 2 : 0;' leaf_decide '' \
  typed_leaf_decide_ensures_2
check_plant "repeat (an element listed again in touched)" \
  'if (!q_lt(q_of(0), acc[e]) && q_lt(q_of(0), a)) touched[(*nt)++] = e;' \
  'if (q_lt(q_of(0), a)) touched[(*nt)++] = e;' acc_add @ensures 'typed_acc_add_ensures(_[0-9]+)?'
check_plant "skipped reset (a cut's last acc left)" \
  'acc[e] = q_of(0); /* the reset, element by element */' \
  'if (i + 1 < nt) acc[e] = q_of(0); /* the reset, element by element */' cut_fill '' \
  'typed_cut_fill_[a-z0-9_]+'
check_plant "cut out of scope (one beyond the ancestors')" 'size_t lo = 0, hi = ncuts;' \
  'size_t lo = 0, hi = ncuts + 1;' row_pick '' 'typed_row_pick_[a-z0-9_]+'
times >"$tmp/times" # its second line: the children's user and system time (frama-c, provers)
echo "check_verify_checker: $((SECONDS - start)) s; CPU of the provers and frama-c (user, system): $(tail -1 "$tmp/times")"
exit $fail
