#!/usr/bin/env python3
"""check-hs-cover.py INSTANCE.hgr SOLUTION - checks a PACE 2025 hitting-set solution
(its size, then one 1-based element a line) against every set of the instance; prints
the size and exits 0 when it is a cover, else one line naming the first unhit set and
exits 1. Independent of t24's own checks (bench/ls-bench.sh uses it for every cover)."""
import sys


def main(inst, sol):
    lines = [l.split() for l in open(sol) if l.strip() and not l.startswith("c")]
    size = int(lines[0][0])
    chosen = {int(l[0]) for l in lines[1:]}
    if len(lines) - 1 != size or len(chosen) != size:
        sys.exit(f"{sol}: header says {size}, {len(lines) - 1} lines, {len(chosen)} distinct")
    k = 0
    with open(inst) as f:
        for line in f:
            if line.startswith("c") or line.startswith("p") or not line.strip():
                continue
            k += 1
            if not any(int(x) in chosen for x in line.split()):
                sys.exit(f"{sol}: set {k} ({line.strip()[:60]}) is not hit")
    print(size)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
