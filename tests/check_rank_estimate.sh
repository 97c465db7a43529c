#!/usr/bin/env bash
# `t24 study --cards 7 --deck 1-13 --estimate` (issue 42): its lines for 1, 8 and 64 MPI
# ranks recomputed here from the measurements its last line names, with counts of our
# own (templates n! x Catalan(n-1) x 4^(n-1), hands C(13+7-1, 7)) and formula.c's memo
# (2^26 slots of 24 bytes), so a wrong sum, rate or share in preflight.c fails. Also:
# rank 0's figure is the same for every N (it gathers every rank's incidences), the other
# ranks' does not grow with N, and --memory-limit refuses, naming the incidences' figure.
#   tests/check_rank_estimate.sh T24
set -eu
t24=${1:?usage: check_rank_estimate.sh T24}
out=$("$t24" study --cards 7 --deck 1-13 --estimate) || { echo "FAIL --estimate exited $?"; exit 1; }
printf '%s\n' "$out" | awk '
  function bytes(v, u) { return v * (u == "GiB" ? 2^30 : u == "MiB" ? 2^20 : u == "TiB" ? 2^40 : 1) }
  function near(what, got, want, tol) {
    if (want == 0 || (got - want) / want > tol || (want - got) / want > tol) {
      printf "FAIL %s: printed %.6g, recomputed %.6g\n", what, got, want; bad++
    } else { ok++ }
  }
  function num(s, re,   m) { # the number before the text re in s
    if (!match(s, "[0-9.e+]+ *" re)) { printf "FAIL no \"%s\" in: %s\n", re, s; bad++; return 0 }
    m = substr(s, RSTART, RLENGTH); sub(" *" re ".*", "", m); return m + 0
  }
  NR == 1 { groups = num($0, "formulas\\)") }
  /^[0-9]+ ranks?:/ { n = $1 + 0; line[n] = $0; order[++nl] = n }
  /^measured:/ {
    gs = num($0, "s for"); gt = num($0, "templates;")
    ss = num($0, "s x"); st = num($0, "threads for"); sh = num($0, "hands;")
    inc_m = num($0, "incidences over"); inc_h = num($0, "hands; per hand")
    match($0, /\^[0-9.]+/); decline = substr($0, RSTART + 1, RLENGTH - 1) + 0
    match($0, /\([0-9]+\/hands\)/); knee = substr($0, RSTART + 1, RLENGTH - 8) + 0
    grp_peak = num($0, "GiB grouping peak") * 2^30
    run_peak = num($0, "GiB peak less") * 2^30
  }
  END {
    if (nl != 3 || order[1] != 1 || order[2] != 8 || order[3] != 64) {
      print "FAIL expected lines for 1, 8 and 64 ranks, got " nl; exit 1
    }
    fact = 1; for (i = 2; i <= 7; i++) fact *= i
    templates = fact * 132 * 4^6                 # Catalan(6) = 132
    hands = 1; for (i = 1; i <= 7; i++) hands = hands * (12 + i) / i   # C(19, 7)
    near("templates grouped in the measurement", gt, templates, 0)
    spt = gs / gt                                # seconds per template, one core
    sph = ss * st / sh                           # core-seconds per hand
    perhand = inc_m / inc_h
    inc = hands * perhand * (knee / hands)^decline
    memo = 2^26 * 24
    set = grp_peak - memo
    thread = (run_peak - set - 12 * inc_m) / 2
    threads = 2                                  # t24 study --threads default
    prog = 16e6
    # the hitting sets: 10 % above the deck 1-7 peak less the set and the program, per incidence
    hsb = 1.1 * (run_peak - set - prog) / inc_m
    rank0 = set + 8 * groups + 70 * hands + hsb * inc + prog
    for (k = 1; k <= 3; k++) {
      N = order[k]; s = line[N]
      near(N " ranks: incidences", num(s, "M incidences x") * 1e6, inc, 0.001)
      near(N " ranks: bytes per incidence", num(s, "B: it gathers"), hsb, 0.005)
      match(s, /rank 0 about [0-9.]+ [KMGT]iB/); split(substr(s, RSTART, RLENGTH), a, " ")
      r0[N] = bytes(a[4], a[5]); near(N " ranks: rank 0", r0[N], rank0, 0.02)
      near(N " ranks: core-hours", num(s, "core-hours"),
           (N * spt * templates + hands * sph) / 3600, 0.01)
      near(N " ranks: wall", num(s, "h wall"),
           (spt * templates + hands * sph / (N * threads)) / 3600, 0.01)
      if (N > 1) {
        match(s, /ranks 1-[0-9]+ about [0-9.]+ [KMGT]iB/); split(substr(s, RSTART, RLENGTH), a, " ")
        other[N] = bytes(a[4], a[5])
        scan = set + threads * thread + 70 * hands / N + 12 * inc / N
        # the hand list, 8 bytes a card, every rank builds whole whatever N
        near(N " ranks: each other rank", other[N], 8 * 7 * hands + (scan > set + memo ? scan : set + memo) + prog, 0.02)
      }
    }
    if (r0[1] != r0[8] || r0[8] != r0[64]) { print "FAIL rank 0 differs with N"; bad++ }
    if (other[64] > other[8]) { print "FAIL the other ranks grow with N"; bad++ }
    if (bad) exit 1
    printf "ok   %d figures of the 1, 8 and 64 ranks recomputed\n", ok
  }'
# The refusal: 4 GiB cannot hold deck 1-13's incidences (8 bytes each), whatever the ranks.
set +e
err=$("$t24" study --cards 7 --deck 1-13 --memory-limit 4G 2>&1 >/dev/null); rc=$?
set -e
[ "$rc" = 2 ] || { echo "FAIL --memory-limit 4G exited $rc"; exit 1; }
[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || { echo "FAIL more than one line: $err"; exit 1; }
case $err in
  *"--memory-limit 4.0 GiB: the class-hand incidences alone need about 8.2 GiB"*) echo "ok   refused: $err" ;;
  *) echo "FAIL the refusal does not name the incidences' figure: $err"; exit 1 ;;
esac
