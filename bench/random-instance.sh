# bench/random-instance.sh, sourced by the bench scripts: random_instance N M K SEED
# prints M random sets of K distinct elements of 1..N as PACE text, from a Park-Miller
# generator seeded with SEED (the same file on every awk), so a case named
# random-N-M-K-SEED is the same instance in every script and on every machine;
# case_instance NAME ROOT OUT writes the case NAME to OUT: that random instance, or
# ROOT/data/instances/NAME.hgr.
random_instance() {
  awk -v n="$1" -v m="$2" -v k="$3" -v x="$4" 'BEGIN {
    print "p hs", n, m
    for (s = 0; s < m; s++) {
      split("", used); line = ""
      for (i = 0; i < k; ) {
        x = (x * 16807) % 2147483647; e = 1 + x % n
        if (!(e in used)) { used[e] = 1; line = line (i ? " " : "") e; i++ }
      }
      print line
    } }'
}

case_instance() {
  if [[ $1 == random-* ]]; then
    local _ n m k seed
    IFS=- read -r _ n m k seed <<<"$1"
    random_instance "$n" "$m" "$k" "$seed" >"$3"
  else
    cp "$2/data/instances/$1.hgr" "$3"
  fi
}
