#!/usr/bin/env python3
"""Random vertex-cover instances in PACE 2025's hitting-set format (every edge a set of
two vertices), for measuring the kernel and the components searched apart
(docs/hitting-sets.md). Deterministic for a given seed.

  gen-vc.py union K N P SEED [BIG]  K disjoint random graphs G(N, P), plus one G(BIG, P)
                                    when BIG is given, vertex ids shuffled together
  gen-vc.py gnp N C SEED            one random graph of N vertices and N*C/2 edges
"""
import random
import sys


def union(k, n, p, seed, big=0):
    rnd = random.Random(seed)
    edges, base = [], 0
    for m in [n] * k + ([big] if big else []):
        for a in range(m):
            for b in range(a + 1, m):
                if rnd.random() < p:
                    edges.append((base + a + 1, base + b + 1))
        base += m
    perm = list(range(1, base + 1))
    rnd.shuffle(perm)
    return base, [(perm[a - 1], perm[b - 1]) for a, b in edges]


def gnp(n, c, seed):
    rnd = random.Random(seed)
    m, edges = int(n * c / 2), set()
    while len(edges) < m:
        a, b = rnd.randrange(n), rnd.randrange(n)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    return n, [(a + 1, b + 1) for a, b in sorted(edges)]


def main(argv):
    try:
        if argv[1:2] == ["union"] and len(argv) in (6, 7):
            n, edges = union(int(argv[2]), int(argv[3]), float(argv[4]), int(argv[5]),
                             int(argv[6]) if len(argv) == 7 else 0)
        elif argv[1:2] == ["gnp"] and len(argv) == 5:
            n, edges = gnp(int(argv[2]), float(argv[3]), int(argv[4]))
        else:
            raise ValueError("usage")
    except ValueError:
        sys.stderr.write(__doc__)
        return 2
    out = ["p hs %d %d" % (n, len(edges))] + ["%d %d" % e for e in edges]
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
