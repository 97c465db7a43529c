#!/usr/bin/env bash
# The certified lower bounds of the unproven five-card decks, and what proving their best
# covers would cost (issue 30: "know how long a deck will take"):
#   bench/certified-bounds.sh T24 T24_CHECK OUT.md [SECONDS]      (make certified-bounds)
# For each row of data/instances/bounds.csv that is not proven, `t24 cover --certificate`
# runs its certifying rounds (the root's LP, then one goal more each) for SECONDS (default
# 300); t24-check verifies the certificate; and the finished rounds' growth, each goal's
# cost over the one before, extrapolates the cost of every goal up to the best cover: the
# estimate (the last ratio) between the least and the most of the last three ratios.
set -eu
t24=$1 check=$2 out=$3 secs=${4:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/t24-certified-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "certified-bounds: $*" >&2; exit 2; }
command -v jq >/dev/null || fail "jq is missing (run: bash .ci/install-deps.sh)"
start=$(date +%s)
rows=""
while IFS=, read -r name _ _ lower _ lcmd upper _ _ proven _; do
  [ "$proven" = no ] || continue
  inst="$root/data/instances/$name.hgr"
  echo "certified-bounds: $name, $secs s" >&2
  nice "$t24" cover --quiet --json --timings --time-limit "$secs" --local-search 1 \
    --certificate "$tmp/c.cert" "$inst" >"$tmp/run.json" || fail "$name: t24 cover failed"
  verdict=$("$check" "$inst" "$tmp/c.cert" || true)
  bound=$(jq .certificate.bound "$tmp/run.json")
  [ "$verdict" = "lower bound $bound verified" ] || fail "$name: t24-check says '$verdict'"
  # Rounds that finished and proved their goal: goal, nodes, seconds.
  jq -r '.certificate.rounds[] | select(.finished and .goal > 0 and .bound == .goal)
         | "\(.goal) \(.nodes) \(.seconds)"' "$tmp/run.json" >"$tmp/rounds"
  rows+=$(awk -v name="$name" -v lower="$lower" -v lcmd="$lcmd" -v upper="$upper" -v bound="$bound" '
    { g[NR] = $1; n[NR] = $2; s[NR] = $3 }
    END {
      list = ""
      for (i = 1; i <= NR; i++) list = list sprintf("%s%d: %.1f s", i > 1 ? ", " : "", g[i], s[i])
      est = "-"
      if (NR >= 3) {
        lo = 1e300; hi = 0
        for (i = (NR > 4 ? NR - 2 : 2); i <= NR; i++) {
          q = s[i] / (s[i - 1] > 0.01 ? s[i - 1] : 0.01)
          if (q < lo) lo = q
          if (q > hi) hi = q
        }
        last = s[NR] / (s[NR - 1] > 0.01 ? s[NR - 1] : 0.01)
        k = upper - g[NR]
        split("", t)
        t["e"] = last; t["l"] = lo; t["h"] = hi
        for (w in t) { c = 0; x = s[NR]; for (j = 1; j <= k; j++) { x *= t[w]; c += x }; cost[w] = c / 3600 }
        est = sprintf("%.2g (%.2g to %.2g)", cost["e"], cost["l"], cost["h"])
        nodes = n[NR]; for (j = 1; j <= k; j++) nodes *= last
        est = est sprintf("; %.2g nodes", nodes)
      }
      printf "| %s | %d | `%s` | **%d** | %s | %d | %s |\n", name, lower, lcmd, bound, list, upper, est
    }' "$tmp/rounds")$'\n'
done < <(tail -n +2 "$root/data/instances/bounds.csv")
{
  echo "# Certified lower bounds of the open five-card decks"
  echo
  echo "Written by \`make certified-bounds\` (\`bash bench/certified-bounds.sh build/t24"
  echo "build/t24-check docs/frontier/certified.md $secs\`; $(( $(date +%s) - start )) s in all on"
  echo "this project's 2-core machine, one deck at a time). Each deck: \`t24 cover --timings"
  echo "--time-limit $secs --local-search 1 --certificate FILE\`, whose certifying search runs in rounds"
  echo "(the root's LP, then one goal more each: [certificates.md](../certificates.md)); every"
  echo "bound here is verified by \`t24-check\`. *Best known lower* is bounds.csv's, beside the"
  echo "command that certifies it there (CERT: the certificate's file; some only through cubes,"
  echo "\`make prove\`: [frontier.md](../frontier.md#best-known-bounds))."
  echo "*Extrapolated core-hours to prove* the best cover, **superseded** by the planning"
  echo "figures of [frontier.md](../frontier.md#what-proving-each-best-cover-would-cost-one-figure-to-plan-with):"
  echo "each goal has cost about the last round's time times the ratio of the last two rounds"
  echo "(in brackets: the least and the most of the last three ratios), summed up to the best"
  echo "cover; the node count likewise. It errs low, more the further it reaches: the ratios"
  echo "grow with the goal (deck 1-7: 49 took 1015 s where it said 326 s)."
  echo
  echo "| instance | best known lower (bounds.csv) | certified there by | certified in ${secs} s | finished rounds (goal: seconds) | best cover | extrapolated core-hours to prove it (superseded) |"
  echo "|---|---:|---|---:|---|---:|---|"
  printf '%s' "$rows"
} >"$tmp/out.md"
mv "$tmp/out.md" "$out"
echo "certified-bounds: wrote $out" >&2
