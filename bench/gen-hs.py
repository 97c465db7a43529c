#!/usr/bin/env python3
"""gen-hs.py - random hitting-set instances in the PACE 2025 `hs` format, for measuring
the local search on families t24's own decks do not cover (docs/hitting-sets.md, "The
local search: measurements").

Usage: gen-hs.py FAMILY SEED [SIZE...] > FILE.hgr

Families (elements are what a cover chooses, sets what it must hit):
  scp  ROWS COLS DENSITY    unicost set cover as OR-Library's scp4x..scpnrh draw it
                            (Beasley), transposed: each of ROWS sets holds each of COLS
                            elements with probability DENSITY, at least two elements
                            (scp4x: 200 1000 0.02; scpnrh: 1000 10000 0.05)
  vc   N M                  vertex cover: M distinct random edges of N vertices, each a
                            set of two elements
  skew N M K                M sets of 2..K elements, element e drawn with weight
                            1/(e+1)^0.6 (a few frequent elements, a long tail), the
                            shape of PACE's large heuristic instances
The same arguments give the same file (Python's random with the seed).
"""
import random
import sys
from itertools import accumulate
from bisect import bisect_right


def emit(n, sets, about):
    out = sys.stdout
    out.write(f"c gen-hs.py {about}\n")
    out.write(f"p hs {n} {len(sets)}\n")
    for s in sets:
        out.write(" ".join(str(e + 1) for e in sorted(s)) + "\n")


def scp(rng, rows, cols, density):
    sets = []
    for _ in range(rows):
        s = set()
        k = max(2, round(rng.gauss(density * cols, (density * cols * (1 - density)) ** 0.5)))
        k = min(k, cols)
        while len(s) < k:
            s.add(rng.randrange(cols))
        sets.append(s)
    # every element in some set, as OR-Library's generator ensures for columns
    used = set().union(*sets)
    for e in range(cols):
        if e not in used:
            sets[rng.randrange(rows)].add(e)
    return cols, sets


def vc(rng, n, m):
    edges = set()
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return n, [set(e) for e in sorted(edges)]


def skew(rng, n, m, k):
    cum = list(accumulate(1.0 / (e + 1) ** 0.6 for e in range(n)))
    perm = list(range(n))
    rng.shuffle(perm)
    sets = []
    for _ in range(m):
        size = rng.randint(2, k)
        s = set()
        while len(s) < size:
            s.add(perm[bisect_right(cum, rng.random() * cum[-1])])
        sets.append(s)
    return n, sets


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    fam, seed, args = argv[1], int(argv[2]), argv[3:]
    rng = random.Random(seed)
    if fam == "scp" and len(args) == 3:
        n, sets = scp(rng, int(args[0]), int(args[1]), float(args[2]))
    elif fam == "vc" and len(args) == 2:
        n, sets = vc(rng, int(args[0]), int(args[1]))
    elif fam == "skew" and len(args) == 3:
        n, sets = skew(rng, int(args[0]), int(args[1]), int(args[2]))
    else:
        sys.exit(__doc__)
    emit(n, sets, " ".join(argv[1:]))


if __name__ == "__main__":
    main(sys.argv)
