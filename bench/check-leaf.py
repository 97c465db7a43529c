#!/usr/bin/env python3
"""A second, independent check of a one-leaf t24 certificate (t24 cover --lp-certificate,
t24 study --lp-certificate) and of a cover, against a PACE .hgr: Python's exact integers,
no t24 code. usage: bench/check-leaf.py INSTANCE.hgr [COVER.sol] CERTIFICATE

With multipliers V_s on sets s and denominator D, D L = sum_s V_s - sum_e max(0, sum over
the sets s holding e of V_s - D); every cover has at least K elements when K = 0 or
D L > (K - 1) D (weak duality: docs/certificates.md). The cover must hit every set.

As strict as t24-check (docs/certificates.md), with its exit statuses: 0 verified; 1 not
(a certificate refused or too weak, a cover that misses a set or lies below the bound);
2 a usage error or a bad instance or cover. It is stricter in two ways: a number written
with a leading zero (`01`) is refused anywhere (t24 never writes one), and it reads only
certificates whose tree is one `leaf y` line. It does not recompute the instance's
checksum (the sum holds for the instance given, whatever the certificate names): the
`instance` line must state its N and M and 16 hexadecimal digits. Every check is an
explicit test (no assert, which python3 -O removes); tests/check_leaf_diff.sh runs it
beside t24-check on valid and forged certificates and requires the same status.
"""
import re
import sys

LINE_MAX = 1 << 20          # a line of the instance or cover (t24-check's PACE_LINE_MAX)
CERT_LINE_MAX = 1 << 28     # a line of the certificate
MAX_ELEMS = 1 << 24
MAX_ENTRIES = 1 << 28       # element entries over all sets, counted as written
NUM_MAX = 1 << 62           # D and every multiplier
U32_MAX = (1 << 32) - 1

NUMBER = re.compile(r'[1-9][0-9]*|0')
SET_LINE = re.compile(r'[ \t]*[1-9][0-9]*(?:[ \t]+[1-9][0-9]*)*[ \t]*')
NUMBERS_LINE = re.compile(r'[ \t]*(?:(?:[1-9][0-9]*|0)(?:[ \t]+|$))*')
HEADER = re.compile(r'p hs[ \t]+([1-9][0-9]*|0)[ \t]+([1-9][0-9]*|0)[ \t]*')


class Refused(Exception):
    """A check that fails: the exit status and the message."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def lines(path, most, status):
    """The lines of path without their ends (LF, CR LF or CR), numbered from 1; a NUL byte
    or a line over `most` bytes is refused with `status`, an unreadable file with 2."""
    try:
        f = open(path, 'r', encoding='latin-1', newline=None)
    except OSError as e:
        raise Refused(2, f'{path}: {e.strerror}')
    with f:
        n = 0
        try:
            for line in f:
                n += 1
                line = line[:-1] if line.endswith('\n') else line
                if '\0' in line:
                    raise Refused(status, f'{path}: line {n}: a NUL byte')
                if len(line) > most:
                    raise Refused(status, f'{path}: line {n}: too long')
                yield n, line
        except OSError as e:
            raise Refused(2, f'{path}: line {n + 1}: {e.strerror}')


def number(text, low, high, what, status, where):
    """text as an integer in low..high, plain decimal digits without a leading zero."""
    if not NUMBER.fullmatch(text):
        raise Refused(status, f"{where}: {what} '{text[:40]}' is malformed: plain decimal "
                              "digits only, no sign, no leading zero")
    x = int(text)
    if x < low or x > high:
        raise Refused(status, f'{where}: {what} {text[:40]} is out of range ({low} to {high})')
    return x


def read_instance(path, each_set):
    """(N, M) of the PACE file at path, read as t24-check reads one; each set, as the set of
    its 1-based elements (a repeat within a set is one element), goes to each_set(s, el)
    as it is read: the instance is never held whole (deck 1-8: 136.8 M entries)."""
    n = m = None
    nsets, entries = 0, 0
    for k, line in lines(path, LINE_MAX, 2):
        where = f'{path}: line {k}'
        if line.startswith('c') or (line == '' and n is None):
            continue
        if line.startswith('p'):
            h = HEADER.fullmatch(line)
            if n is not None or not h or int(h.group(1)) > U32_MAX or int(h.group(2)) > U32_MAX:
                raise Refused(2, f"{where}: expected one header 'p hs N M' (N, M from 0 to "
                                 f"{U32_MAX}, no leading zero)")
            n, m = int(h.group(1)), int(h.group(2))
            if n > MAX_ELEMS:
                raise Refused(2, f'{where}: more than 2^24 elements')
            continue
        if n is None:
            raise Refused(2, f'{where}: a set before the header')
        if not SET_LINE.fullmatch(line):
            raise Refused(2, f'{where}: not elements 1..N' if line.strip(' \t')
                          else f'{where}: an empty set: no hitting set exists')
        el = [int(t) for t in line.split()]
        if max(el) > n:
            raise Refused(2, f'{where}: element {max(el)} is outside 1..{n}')
        if nsets == m:
            raise Refused(2, f'{where}: more sets than the header announces')
        entries += len(el)
        if entries > MAX_ENTRIES:
            raise Refused(2, f'{where}: more than 2^28 elements in all sets')
        nsets += 1
        each_set(nsets, set(el))
    if n is None:
        raise Refused(2, f'{path}: no header')
    if nsets != m:
        raise Refused(2, f"{path}: fewer sets than the header's {m}")
    return n, m


def read_cover(path):
    """The cover file's numbers: its size, then its elements (2 when malformed)."""
    v = []
    for k, line in lines(path, LINE_MAX, 2):
        if line.startswith('c'):
            continue
        if not NUMBERS_LINE.fullmatch(line):
            raise Refused(2, f'{path}: line {k}: not numbers (no leading zero)')
        v += [int(t) for t in line.split()]
    if not v or v[0] != len(v) - 1:
        raise Refused(2, f'{path}: its size is not its length' if v else f'{path}: empty')
    cover = set(v[1:])
    if len(cover) != v[0]:
        raise Refused(2, f'{path}: a repeated element')
    return cover


def cover_check(path, cover, n, missed):
    """The cover's elements within 1..n (else 2), and no set missed (else 1)."""
    bad = [e for e in cover if e < 1 or e > n]
    if bad:
        raise Refused(2, f'{path}: element {min(bad)} is not in 1..{n}')
    if missed:
        raise Refused(1, f'{path}: not a cover: {len(missed)} sets missed, the first set '
                         f'{missed[0]}')


def cert_lines(path):
    """The certificate's lines that hold a token and are not comments, as token lists."""
    for k, line in lines(path, CERT_LINE_MAX, 1):
        t = line.replace('\t', ' ').split(' ')
        t = [x for x in t if x]
        if t and t[0] != 'c':
            yield k, t


def read_certificate(path):
    """(N, M, K, D, {set: V}) of a one-leaf certificate, its rows not yet held to 1..M."""
    it = cert_lines(path)
    where = f'{path}: the end'

    def head(word, nargs):
        nonlocal where
        k, t = next(it, (None, None))
        if t is None:
            raise Refused(1, f"{path}: the file ends before '{word}'")
        where = f'{path}: line {k}'
        if t[0] != word or len(t) != nargs + 1:
            raise Refused(1, f"{where}: expected '{word}' and {nargs} argument(s)")
        return t

    if head('t24-certificate', 1)[1] != '1':
        raise Refused(1, f'{where}: a version this checker does not read')
    t = head('instance', 3)
    n = number(t[1], 0, U32_MAX, 'instance', 1, where)
    m = number(t[2], 0, U32_MAX, 'instance', 1, where)
    if not re.fullmatch(r'[0-9a-f]{16}', t[3]):
        raise Refused(1, f"{where}: checksum '{t[3][:20]}' is not 16 hexadecimal digits")
    bound = number(head('bound', 1)[1], 0, U32_MAX, 'bound', 1, where)
    d = number(head('denominator', 1)[1], 1, NUM_MAX, 'denominator', 1, where)
    head('tree', 0)
    k, t = next(it, (None, None))
    if t is None:
        raise Refused(1, f"{path}: the file ends before the leaf")
    where = f'{path}: line {k}'
    if t[0] != 'leaf' or (len(t) > 1 and t[1] != 'y'):
        raise Refused(1, f"{where}: not 'leaf y R:V ...': this checker reads one-leaf "
                         "certificates only")
    v = {}
    for p in t[2:]:
        r = p.split(':')
        if len(r) != 2:
            raise Refused(1, f"{where}: expected R:V, not '{p[:40]}'")
        s = number(r[0], 1, (1 << 64) - 1, 'row', 1, where)  # within 1..M: main()
        x = number(r[1], 0, NUM_MAX, 'multiplier', 1, where)
        if s in v:
            raise Refused(1, f'{where}: row {s} is listed twice')
        v[s] = x
    k, t = next(it, (None, None))
    if t is None or t[0] != 'end' or len(t) != 1:
        raise Refused(1, f"{path}: line {k}: expected 'end' after the leaf"
                      if t else f"{path}: the file ends before 'end'")
    k, t = next(it, (None, None))
    if t is not None:
        raise Refused(1, f"{path}: line {k}: '{t[0][:40]}' after 'end'")
    return n, m, bound, d, v


def attempt(f, *args):
    """f(*args), or the Refused it raised: a refusal waits for its turn (t24-check's order:
    the instance, then the cover, then the certificate)."""
    try:
        return f(*args)
    except Refused as e:
        return e


def main(argv):
    if len(argv) not in (3, 4) or any(a.startswith('-') for a in argv[1:]):
        raise Refused(2, 'usage: check-leaf.py INSTANCE.hgr [COVER.sol] CERTIFICATE')
    cover = attempt(read_cover, argv[2]) if len(argv) == 4 else None
    cert = attempt(read_certificate, argv[-1])
    v = cert[4] if isinstance(cert, tuple) else {}
    acc, missed = {}, []

    def each_set(s, el):
        if isinstance(cover, set) and cover.isdisjoint(el):
            missed.append(s)
        x = v.get(s, 0)
        if x:
            for e in el:
                acc[e] = acc.get(e, 0) + x

    n, m = read_instance(argv[1], each_set)
    if isinstance(cover, Refused):
        raise cover
    if cover is not None:
        cover_check(argv[2], cover, n, missed)
    if isinstance(cert, Refused):
        raise cert
    cn, cm, bound, d, v = cert
    if (cn, cm) != (n, m):
        raise Refused(1, f'{argv[-1]}: for {cn} elements and {cm} sets, but the instance '
                         f'has {n} and {m}')
    if v and max(v) > m:
        raise Refused(1, f'{argv[-1]}: row {max(v)} does not exist')
    ld = sum(v.values()) - sum(a - d for a in acc.values() if a > d)
    print(f'sets {m}, elements {n}, multipliers {len(v)}, L = {ld / d:.6f}')
    if bound > 0 and not ld > (bound - 1) * d:
        raise Refused(1, f'bound {bound}: FAILS (D L = {ld}, not above (K - 1) D = '
                         f'{(bound - 1) * d})')
    if cover is not None and len(cover) < bound:
        raise Refused(1, f'contradiction: a cover of {len(cover)} elements, below the bound '
                         f'{bound}')
    said = f'; cover of {len(cover)} distinct elements misses 0 sets' if cover is not None else ''
    print(f'bound {bound}: holds{said}')
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except Refused as e:
        sys.stdout.flush()
        print(f'check-leaf: {e}', file=sys.stderr)
        sys.exit(e.status)
