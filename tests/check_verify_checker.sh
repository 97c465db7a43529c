#!/usr/bin/env bash
# Frama-C/WP proves t24-check's arithmetic core (issue 51; docs/certificates.md, "What is
# proved"): every goal of src/checker/t24-check.c as Frama-C reads it (the core; the rest is
# behind #ifndef __FRAMAC__), with -wp-rte (no overflow, no bad access, no undefined cast)
# and the contracts (the leaf's inequality, the cut's ceilings). Then it plants two faults
# back into a copy, each of which must leave a goal unproved: an unchecked sum in the leaf
# (an overflow) and the leaf accepting D L(y) = (K - |F1| - 1) D (an off-by-one). A plant
# that no longer applies fails the check: update the plant with the code.
#   tests/check_verify_checker.sh SOURCE_DIR      (make verify-checker; ctest verify_checker)
# Exit 77 (ctest: Skipped) when frama-c, why3, z3 or cvc4 is missing: make verify-checker
# installs them (.ci/install-deps.sh --verify). Fixed limits: each prover call 30 s (the
# slowest goal takes under 5 s), at most 2 prover processes (-wp-par 2).
set -u
src=${1:?usage: check_verify_checker.sh SOURCE_DIR}
for tool in frama-c why3 z3 cvc4; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is missing (make verify-checker installs it)"; exit 77; }
done
tmp=$(mktemp -d /tmp/t24-verify-checker-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export WHY3CONFIG="$tmp/why3.conf" # the provers found here, the user's why3 setup untouched
why3 config detect >"$tmp/detect.log" 2>&1 || { cat "$tmp/detect.log"; echo "FAIL: why3 config detect"; exit 1; }

# WP on file $1 (functions $2, or all): prints its summary; 0 when every goal is proved.
prove() {
  local fct=() out
  [ -n "${2:-}" ] && fct=(-wp-fct "$2")
  out=$(nice -n 10 frama-c -wp -wp-rte -wp-prover z3,cvc4 -wp-timeout 30 -wp-par 2 \
        -wp-cache none "${fct[@]}" "$1" 2>&1)
  local line
  line=$(grep -m1 'Proved goals:' <<<"$out")
  grep -E '\[wp\] \[(Failed|Timeout|Unknown)\]|Goal .*: (Timeout|Unknown|Failed)' <<<"$out" | head -5
  [ -n "$line" ] || { echo "$out" | tail -15; echo "no WP summary"; return 2; }
  echo "${line#*Proved goals:}" | tr -s ' '
  local got total
  read -r got _ total <<<"${line#*Proved goals:}"
  [ "$got" = "$total" ] && [ "$total" -gt 0 ]
}
plant() { # file, the line to replace, its replacement (fixed strings)
  grep -qF "$2" "$1" || { echo "FAIL: the plant's line is gone: $2"; exit 1; }
  local text
  text=$(cat "$1")
  printf '%s\n' "${text/"$2"/"$3"}" >"$1"
}

fail=0
start=$SECONDS
if summary=$(prove "$src/src/checker/t24-check.c"); then
  echo "ok   t24-check.c: every goal proved:$summary ($((SECONDS - start)) s)"
else
  echo "FAIL t24-check.c: not every goal proved:"; echo "$summary"; fail=1
fi
cp "$src/src/checker/t24-check.c" "$tmp/overflow.c"
plant "$tmp/overflow.c" '(q_lt(t, q_of(0)) && q_add(s, t, &s))' \
      '(q_lt(t, q_of(0)) && (s = q_sum(s, t), false))'
if summary=$(prove "$tmp/overflow.c" leaf_decide); then
  echo "FAIL the planted overflow (L(y) summed unchecked) is proved:$summary"; fail=1
else
  echo "ok   the planted overflow (L(y) summed unchecked) leaves a goal unproved:$(tail -1 <<<"$summary")"
fi
cp "$src/src/checker/t24-check.c" "$tmp/offbyone.c"
plant "$tmp/offbyone.c" 'return q_lt(rhs, s) ? 0 : 2;' 'return q_lt(s, rhs) ? 2 : 0;'
if summary=$(prove "$tmp/offbyone.c" leaf_decide); then
  echo "FAIL the planted off-by-one (D L(y) = (K - |F1| - 1) D accepted) is proved:$summary"; fail=1
else
  echo "ok   the planted off-by-one (D L(y) = (K - |F1| - 1) D accepted) leaves a goal unproved:$(tail -1 <<<"$summary")"
fi
echo "check_verify_checker: $((SECONDS - start)) s"
exit $fail
