#!/usr/bin/env python3
"""The differential test of bench/check-leaf.py against t24-check (issue 49 item 5): on the
same instances, covers and one-leaf certificates, valid and forged, both must give the same
exit status (0 verified, 1 not, 2 a bad instance or cover), check-leaf.py also under
python3 -O (its checks must not be asserts). Independent of both: on tiny random instances
the optimum is found by brute force, and no certificate claiming more than it may be
verified by either (a false bound). Where check-leaf.py is stricter by design (a number
written with a leading zero), its refusal is required and t24-check's answer not compared.
A t24 LP certificate of a published instance and its forgeries are checked the same way.
usage: check_leaf_diff.py T24_CHECK T24 SOURCE_DIR [SEED]   (a few seconds)
"""
import contextlib
import importlib.util
import io
import itertools
import os
import random
import subprocess
import sys
import tempfile

check, t24, src = sys.argv[1:4]
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 52
leaf = os.path.join(src, 'bench', 'check-leaf.py')
tmp = tempfile.mkdtemp(prefix='t24-leaf-diff-')
failures = []
sys.dont_write_bytecode = True  # no bench/__pycache__ left in the source tree
spec = importlib.util.spec_from_file_location('check_leaf', leaf)
check_leaf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_leaf)
runs = {'cases': 0, 'verified': 0, 'refused': 0}


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, 'w', newline='') as f:
        f.write(text)
    return path


def status(cmd):
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def in_process(files):
    """check-leaf.py's exit status, its main() run here (a process each would take
    minutes); its own command line runs under python3 -O below."""
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            return check_leaf.main(['check-leaf.py'] + files)
        except check_leaf.Refused as e:
            return e.status


def compare(what, hgr, cover, cert, expect=None, optimize=False):
    """Both checkers on the files; expect, when given, is the status both must give."""
    files = [hgr] + ([cover] if cover else []) + [cert]
    a = status([check] + files)
    b = in_process(files)
    runs['cases'] += 1
    runs['verified' if a == 0 else 'refused'] += 1
    if a != b:
        failures.append(f'{what}: t24-check {a}, check-leaf.py {b}')
    elif expect is not None and a != expect:
        failures.append(f'{what}: both {a}, not {expect}')
    if optimize:
        c = status([sys.executable, '-O', leaf] + files)
        if c != b:
            failures.append(f'{what}: check-leaf.py {b}, under python3 -O {c}')


def stricter(what, hgr, cover, cert, expect):
    """check-leaf.py alone, where it refuses more than t24-check by design."""
    files = [hgr] + ([cover] if cover else []) + [cert]
    for opt in ([], ['-O']):
        b = status([sys.executable] + opt + [leaf] + files)
        if b != expect:
            failures.append(f'{what}: check-leaf.py {" ".join(opt)} {b}, not {expect}')


def hgr_text(n, sets):
    return f'p hs {n} {len(sets)}\n' + ''.join(' '.join(map(str, s)) + '\n' for s in sets)


def checksum(path):
    out = subprocess.run([check, '--checksum', path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f'FAIL t24-check --checksum {path}: {out.stderr}')
    return out.stdout.strip()


def cert_text(n, m, sumhex, bound, d, pairs, tail='end\n'):
    ys = ''.join(f' {r}:{v}' for r, v in pairs)
    return (f't24-certificate 1\nc a test\ninstance {n} {m} {sumhex}\nbound {bound}\n'
            f'denominator {d}\ntree\nleaf y{ys}\n{tail}')


def optimum(n, sets):
    """The least number of elements that meet every set, by brute force."""
    for k in range(0, n + 1):
        for c in itertools.combinations(range(1, n + 1), k):
            if all(not s.isdisjoint(c) for s in sets):
                return k, list(c)
    raise RuntimeError('no cover')


def packing(sets):
    """Pairwise disjoint sets, greedily: y = 1 on each proves their number (D = 1)."""
    used, rows = set(), []
    for i, s in enumerate(sets, 1):
        if used.isdisjoint(s):
            rows.append(i)
            used |= s
    return rows


def random_case(rng, i):
    n, m = rng.randint(2, 8), rng.randint(1, 7)
    sets = [set(rng.sample(range(1, n + 1), rng.randint(1, min(n, 4)))) for _ in range(m)]
    hgr = write(f'r{i}.hgr', hgr_text(n, [sorted(s) for s in sets]))
    sumhex = checksum(hgr)
    opt, best = optimum(n, sets)
    cov = write(f'r{i}.sol', f'{opt}\n' + ''.join(f'{e}\n' for e in best))
    rows = packing(sets)
    pk = [(r, 1) for r in rows]
    name = f'random instance {i} (N {n}, M {m}, optimum {opt})'
    # The packing's bound holds; one more is at most the optimum plus one.
    compare(f'{name}: packing {len(rows)}',
            hgr, cov, write(f'r{i}.p', cert_text(n, m, sumhex, len(rows), 1, pk)),
            expect=0, optimize=i % 5 == 0)
    over = write(f'r{i}.o', cert_text(n, m, sumhex, opt + 1, 1, pk))
    compare(f'{name}: bound {opt + 1}', hgr, None, over, expect=1)
    # Random multipliers over a random denominator, the bound from 0 to the optimum + 2:
    # whatever the two say, they agree, and neither verifies more than the optimum.
    for j in range(4):
        d = rng.choice([1, 2, 3, 7, 1000, 2 ** 62])
        ys = [(r, rng.randint(0, d)) for r in sorted(rng.sample(range(1, m + 1),
                                                                rng.randint(0, m)))]
        k = rng.randint(0, opt + 2)
        c = write(f'r{i}.y{j}', cert_text(n, m, sumhex, k, d, ys))
        compare(f'{name}: random y {j}, D {d}, bound {k}', hgr, cov if j % 2 else None, c,
                expect=1 if k > opt else None, optimize=j == 0 and i % 5 == 1)
    # Forged certificates, each a refusal for both.
    forged = {
        'denominator -1': cert_text(n, m, sumhex, len(rows), -1, pk),
        'denominator 0': cert_text(n, m, sumhex, len(rows), 0, pk),
        'denominator 2^62 + 1': cert_text(n, m, sumhex, 1, 2 ** 62 + 1, pk),
        'a row twice': cert_text(n, m, sumhex, len(rows), 1, pk + pk[:1]),
        'row 0': cert_text(n, m, sumhex, len(rows), 1, [(0, 1)] + pk),
        'row M + 1': cert_text(n, m, sumhex, len(rows), 1, pk + [(m + 1, 1)]),
        'multiplier -1': cert_text(n, m, sumhex, 1, 1, [(rows[0], -1)]),
        'multiplier 2^62 + 1': cert_text(n, m, sumhex, 1, 1, [(rows[0], 2 ** 62 + 1)]),
        'multiplier 1.5': cert_text(n, m, sumhex, 1, 1, [(rows[0], '1.5')]),
        'no end': cert_text(n, m, sumhex, len(rows), 1, pk, tail=''),
        'a node after the leaf': cert_text(n, m, sumhex, len(rows), 1, pk, tail='leaf\nend\n'),
        'text after end': cert_text(n, m, sumhex, len(rows), 1, pk, tail='end\nleaf\n'),
        'another N': cert_text(n + 1, m, sumhex, len(rows), 1, pk),
        'another M': cert_text(n, m + 1, sumhex, len(rows), 1, pk),
        'version 2': cert_text(n, m, sumhex, len(rows), 1, pk).replace('te 1\n', 'te 2\n', 1),
        'leaf inherit': cert_text(n, m, sumhex, 1, 1, []).replace('leaf y', 'leaf inherit'),
        'R:V:W': cert_text(n, m, sumhex, 1, 1, [(rows[0], '1:1')]),
        'bound -1': cert_text(n, m, sumhex, -1, 1, pk),
    }
    for what, text in forged.items():
        compare(f'{name}: {what}', hgr, None, write(f'r{i}.f', text), expect=1)
    # Covers: one short of a set, a repeat, a size that is not its length, out of range.
    good = cert_text(n, m, sumhex, len(rows), 1, pk)
    cert = write(f'r{i}.c', good)
    if best:
        compare(f'{name}: cover less one', hgr,
                write(f'r{i}.s1', f'{opt - 1}\n' + ''.join(f'{e}\n' for e in best[1:])), cert,
                expect=1)
        compare(f'{name}: cover repeated', hgr,
                write(f'r{i}.s2', f'{opt + 1}\n' + ''.join(f'{e}\n' for e in best + best[:1])),
                cert, expect=2)
    compare(f'{name}: cover size', hgr, write(f'r{i}.s3', f'{opt + 1}\n' + ' '.join(
        map(str, best)) + '\n'), cert, expect=2)
    compare(f'{name}: cover element N + 1', hgr, write(f'r{i}.s4', f'{opt + 1}\n' + ' '.join(
        map(str, best + [n + 1])) + '\n'), cert, expect=2)


def leading_zeros():
    """Issue 49's exploit: element 1 written `01` in a second set was a second element to
    the old script, and a leading zero anywhere is refused now (exit 2 in the instance or
    the cover, 1 in the certificate); t24-check reads such numbers as their value."""
    hgr = write('z.hgr', 'p hs 2 2\n1\n01 2\n')
    plain = write('z1.hgr', 'p hs 2 2\n1\n1 2\n')
    sumhex = checksum(plain)
    cert = write('z.cert', cert_text(2, 2, sumhex, 1, 1, [(1, 1)]))
    stricter('element 01 in a set', hgr, None, cert, 2)
    stricter('element 01 in the cover', plain, write('z.sol', '1\n01\n'), cert, 2)
    stricter('row 01', plain, None, write('z2.cert', cert_text(2, 2, sumhex, 1, 1,
                                                               [('01', 1)])), 1)
    stricter('header p hs 02 2', write('z2.hgr', 'p hs 02 2\n1\n1 2\n'), None, cert, 2)
    # Sets {1} and {1, 2}: y = 1 on both (D = 1) gives L = 2 - (2 - 1) = 1; bound 2 is
    # false (the cover {1} has one element), and must fail on the file written plainly.
    compare('bound 2 on {1}, {1, 2}', plain, None,
            write('z3.cert', cert_text(2, 2, sumhex, 2, 1, [(1, 1), (2, 1)])), expect=1)


def published():
    """A t24 LP certificate of a published instance: verified by both; its bound plus one,
    and each multiplier doubled in turn, checked alike."""
    hgr = os.path.join(src, 'data', 'instances', 'cards4_deck1-10_target24_all.hgr')
    cert = os.path.join(tmp, 'lp.cert')
    # By work, not seconds (issue 48): a loaded machine cannot stop its column generation
    # short; 600 s only caps it.
    out = subprocess.run([t24, 'cover', '--lp-certificate', cert, '--work', '300000000', '--time-limit', '600', hgr],
                         capture_output=True, text=True)
    if out.returncode != 0:
        failures.append(f't24 cover --lp-certificate: status {out.returncode}: {out.stderr}')
        return
    cov = write('lp.sol', out.stdout)
    compare('the LP certificate of cards4_deck1-10', hgr, cov, cert, expect=0, optimize=True)
    lines = open(cert).read().split('\n')
    k = next(i for i, x in enumerate(lines) if x.startswith('bound '))
    y = next(i for i, x in enumerate(lines) if x.startswith('leaf y'))
    bound = int(lines[k].split()[1])
    lines[k] = f'bound {bound + 1}'
    compare('that certificate, its bound plus one', hgr, None,
            write('lp1.cert', '\n'.join(lines)), expect=1)
    lines[k] = f'bound {bound}'
    pairs = lines[y].split()[2:]
    for j in range(0, len(pairs), max(1, len(pairs) // 8)):
        r, v = pairs[j].split(':')
        forged = pairs[:j] + [f'{r}:{2 * int(v)}'] + pairs[j + 1:]
        lines[y] = 'leaf y ' + ' '.join(forged)
        compare(f'that certificate, multiplier of row {r} doubled', hgr, None,
                write('lp2.cert', '\n'.join(lines)))


rng = random.Random(seed)
for i in range(20):
    random_case(rng, i)
leading_zeros()
published()
for f in failures:
    print('FAIL', f)
print(f"check_leaf_diff: {runs['cases']} cases ({runs['verified']} verified, "
      f"{runs['refused']} refused by both or in dispute), {len(failures)} failures (seed {seed})")
subprocess.run(['rm', '-rf', tmp])
sys.exit(1 if failures else 0)
