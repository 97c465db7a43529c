#!/usr/bin/env bash
# `t24 cover --estimate` (issue 49, item 6): its line recomputed here. The core-hours
# must be the sum of the products it prints (LPs times the ms per LP, nodes times their
# other ms, and the seconds of choosing), its disk the core-seconds times the MB per
# core-second it prints, its t24-check hours that disk over the MB/s it prints, and both
# rates the ones docs/cluster.md measured (its row of deck 1-7's proof of 49: the
# certificate's MB over its core-minutes, and over t24-check's minutes), so that the
# estimate and the cluster plan cannot drift apart.
#   tests/check_cover_estimate.sh T24 SOURCE_DIR
set -eu
t24=${1:?usage: check_cover_estimate.sh T24 SOURCE_DIR} src=${2:?usage: check_cover_estimate.sh T24 SOURCE_DIR}
inst=$src/data/instances/cards5_deck1-6_target24_all.hgr
out=$("$t24" cover --estimate --goal 30 --dives 16 --seed 7 --time-limit 600 "$inst") \
  || { echo "FAIL --estimate exited $?"; exit 1; }
row=$(grep -F '| deck 1-7, **bound 49**' "$src/docs/cluster.md") \
  || { echo "FAIL docs/cluster.md has no row for deck 1-7's bound 49"; exit 1; }
plan=$(grep -F "| deck 1-7, goal 50, at the closed cubes' pace |" "$src/docs/cluster.md") \
  || { echo "FAIL docs/cluster.md has no plan row for deck 1-7's goal 50"; exit 1; }
echo "$out"
printf '%s\n%s\n%s\n' "$row" "$plan" "$out" | awk '
  # The figure written just before the text `after` in s: the last word ahead of it.
  function fig(s, after,   i, head, w) {
    i = index(s, after)
    if (i == 0) { printf "FAIL no \"%s\" in: %s\n", after, s; bad++; return 0 }
    head = substr(s, 1, i - 1); sub(/ +$/, "", head)
    w = split(head, word, / +/); return word[w] + 0
  }
  function agree(what, printed, recomputed, rel) {
    d = printed - recomputed; if (d < 0) d = -d
    if (recomputed == 0 || d > rel * recomputed) {
      printf "FAIL %s: printed %.6g, recomputed %.6g\n", what, printed, recomputed; bad++
    } else { good++ }
  }
  NR == 1 { # the measured row: | proof | cubes | work | wall | single | certificate, check |
    n = split($0, c, "|")
    mb = fig(c[7], "MB"); check_min = fig(c[7], "min"); core_min = fig(c[4], "core-min")
    next
  }
  NR == 2 { # the plan: | plan | core-hours | cube proofs | merged | t24-check |
    split($0, c, "|")
    plan_h = c[3] + 0; plan_gb = fig(c[4], "GB"); plan_merged = fig(c[5], "GB")
    plan_check = fig(c[6], "hours")
    next
  }
  /^estimate of/ {
    lps = fig($0, "LPs at"); ms_lp = fig($0, "ms (weighed")
    nodes = fig($0, "nodes at"); ms_node = fig($0, "ms besides")
    choose = fig($0, "s choosing"); core_h = fig($0, "core-hours (")
    gb = fig($0, "GB of cube"); rate = fig($0, "MB a core-second")
    hours = fig($0, "hours (at"); check_rate = fig($0, "MB/s)")
    line++
  }
  END {
    if (line != 1) { print "FAIL expected one estimate line"; exit 1 }
    if (bad) exit 1
    sum = lps * ms_lp / 1000 + nodes * ms_node / 1000 + choose
    # each printed figure has 3 significant digits: 0.5 % each at worst
    agree("core-hours against the sum of its products", core_h * 3600, sum, 0.02)
    agree("MB per core-second against docs/cluster.md", rate, mb / (core_min * 60), 0.01)
    agree("t24-check MB/s against docs/cluster.md", check_rate, mb / (check_min * 60), 0.01)
    agree("GB of cube proofs", gb, core_h * 3600 * rate / 1000, 0.02)
    agree("t24-check hours", hours, gb * 1000 / check_rate / 3600, 0.02)
    # the plan row, rounded to 3 digits: its GB and hours from its core-hours, same rates
    agree("plan: GB of cube proofs", plan_gb, plan_h * 3600 * rate / 1000, 0.01)
    agree("plan: GB merged (the proofs again)", plan_merged, plan_gb, 0)
    agree("plan: t24-check hours", plan_check, plan_gb * 1000 / check_rate / 3600, 0.01)
    if (bad) exit 1
    printf "ok: %d figures recomputed\n", good
  }'
