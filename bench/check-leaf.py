# Independent check of a one-leaf t24 certificate and a cover against a PACE .hgr, in exact
# integers (no t24 code): L*D = sum_s v_s - sum_e max(0, sum_{s in sets of e} v_s - D); the
# bound K holds when L*D > (K-1)*D. Also: the cover meets every set. bench/check-leaf.py HGR SOL CERT
import sys
hgr, sol, cert = sys.argv[1:4]
K = D = None; v = {}
for line in open(cert):
    t = line.split()
    if not t or t[0] == 'c': continue
    if t[0] == 'bound': K = int(t[1])
    elif t[0] == 'denominator': D = int(t[1])
    elif t[0] == 'leaf':
        assert t[1] == 'y'
        for p in t[2:]:
            s, x = p.split(':'); s = int(s); assert s not in v; v[s] = int(x)
cover = set(open(sol).read().split()[1:])
acc = {}
with open(hgr) as f:
    for line in f:
        if line.startswith('p'): _, _, N, M = line.split(); N, M = int(N), int(M); break
    s = missed = 0
    for line in f:
        if line.startswith('c'): continue
        s += 1
        el = line.split()
        if cover.isdisjoint(el): missed += 1
        x = v.get(s, 0)
        if x:
            for e in el: acc[e] = acc.get(e, 0) + x
assert s == M, (s, M)
assert all(0 <= x <= D for x in v.values()) and all(1 <= k <= M for k in v)
assert all(1 <= int(e) <= N for e in cover)
LD = sum(v.values()) - sum(a - D for a in acc.values() if a > D)
print(f"sets {M}, elements {N}, multipliers {len(v)}, L = {LD / D:.6f}")
print(f"bound {K}: {'holds' if LD > (K - 1) * D else 'FAILS'}; cover of {len(cover)} distinct elements misses {missed} sets")
