/* test_checker_arith.c - t24-check's 128-bit primitives (src/checker/t24-check.c, q_*)
 * against their ACSL contracts (issue 51).
 *
 * Frama-C/WP proves the checker's arithmetic core from the primitives' contracts alone
 * (make verify-checker): they are its axioms. The shipped primitives are GCC's and Clang's
 * __int128 and overflow builtins, so this test checks every contract on edge values
 * (0, 1, 2^62, 2^63, 2^64, the ends of the 128-bit range, their neighbours) and on many
 * random ones. The oracle is its own: two's complement in eight 32-bit digits (256 bits,
 * room for any product of two 128-bit values), schoolbook arithmetic, no __int128 beyond
 * reading a value's two halves. */
#include <criterion/criterion.h>
#include <stdint.h>

#define T24_CHECK_NO_MAIN
#include "../src/checker/t24-check.c"

typedef struct { uint32_t d[8]; } big; /* d[0] least significant */

static big big_halves(uint64_t lo, uint64_t hi, uint32_t ext)
{
    big b;
    for (int i = 0; i < 2; i++) b.d[i] = (uint32_t)(lo >> (32 * i)), b.d[i + 2] = (uint32_t)(hi >> (32 * i));
    for (int i = 4; i < 8; i++) b.d[i] = ext;
    return b;
}
static big big_u64(uint64_t x) { return big_halves(x, 0, 0); }
static big big_s64(int64_t x)
{
    uint32_t ext = x < 0 ? UINT32_MAX : 0;
    big b = big_halves((uint64_t)x, x < 0 ? UINT64_MAX : 0, ext);
    return b;
}
static big big_q(i128 x)
{
    unsigned __int128 u = (unsigned __int128)x;
    uint64_t hi = (uint64_t)(u >> 64);
    return big_halves((uint64_t)u, hi, hi >> 63 ? UINT32_MAX : 0);
}
static big big_add(big a, big b)
{
    uint64_t carry = 0;
    for (int i = 0; i < 8; i++) {
        carry += (uint64_t)a.d[i] + b.d[i];
        a.d[i] = (uint32_t)carry;
        carry >>= 32;
    }
    return a;
}
static big big_neg(big a)
{
    for (int i = 0; i < 8; i++) a.d[i] = ~a.d[i];
    return big_add(a, big_u64(1));
}
static big big_mul(big a, big b) /* modulo 2^256: exact for two's complement */
{
    big r = { { 0 } };
    for (int i = 0; i < 8; i++) {
        uint64_t carry = 0;
        for (int j = 0; i + j < 8; j++) {
            carry += (uint64_t)a.d[i] * b.d[j] + r.d[i + j];
            r.d[i + j] = (uint32_t)carry;
            carry >>= 32;
        }
    }
    return r;
}
static int big_cmp(big a, big b)
{
    int32_t x = (int32_t)a.d[7], y = (int32_t)b.d[7];
    if (x != y) return x < y ? -1 : 1;
    for (int i = 6; i >= 0; i--)
        if (a.d[i] != b.d[i]) return a.d[i] < b.d[i] ? -1 : 1;
    return 0;
}
static bool big_eq(big a, big b) { return big_cmp(a, b) == 0; }
static bool big_in128(big a) /* digits 4..7 extend bit 127 */
{
    uint32_t ext = a.d[3] >> 31 ? UINT32_MAX : 0;
    return a.d[4] == ext && a.d[5] == ext && a.d[6] == ext && a.d[7] == ext;
}

static uint64_t next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
#define Q_MAX ((i128)(((unsigned __int128)1 << 127) - 1))
#define Q_MIN (-Q_MAX - 1)
#define TWO62 ((int64_t)1 << 62)
static i128 edges[40];
static size_t nedges;
static void edges_fill(void)
{
    const i128 base[] = { 0, 1, 2, 3, TWO62, (i128)TWO62 * 2, (i128)1 << 64, (i128)1 << 94,
                          (i128)1 << 126, Q_MAX, INT64_MAX, (i128)UINT64_MAX };
    nedges = 0;
    for (size_t i = 0; i < sizeof base / sizeof *base; i++) {
        edges[nedges++] = base[i];
        if (base[i]) edges[nedges++] = -base[i], edges[nedges++] = base[i] - 1;
    }
    edges[nedges++] = Q_MIN;
}
/* A random value: half the time an edge, else of a random bit length, either sign. */
static i128 pick(uint64_t *s)
{
    uint64_t r = next(s);
    if (r % 2) return edges[(r >> 1) % nedges];
    unsigned bits = (unsigned)((r >> 8) % 128);
    unsigned __int128 u = ((unsigned __int128)next(s) << 64) | next(s);
    u = bits ? u >> (128 - bits) : 0;
    return (r >> 16) % 2 ? -(i128)u : (i128)u;
}
static int64_t pick62(uint64_t *s) /* within [-2^62, 2^62] */
{
    i128 x = pick(s);
    if (x > TWO62 || x < -TWO62) x %= (i128)TWO62 + 1;
    return (int64_t)x;
}

static void check_pair(i128 a, i128 b, uint64_t u)
{
    big A = big_q(a), B = big_q(b), U = big_u64(u), r;
    i128 q = 12345;
    big sum = big_add(A, B), diff = big_add(A, big_neg(B)), prod = big_mul(U, B);
    bool o = q_add(a, b, &q);
    cr_assert_eq(o, !big_in128(sum), "q_add's overflow");
    if (!o) cr_assert(big_eq(big_q(q), sum), "q_add's sum");
    if (!o) cr_assert(big_eq(big_q(q_sum(a, b)), sum), "q_sum");
    o = q_sub(a, b, &q);
    cr_assert_eq(o, !big_in128(diff), "q_sub's overflow");
    if (!o) cr_assert(big_eq(big_q(q), diff), "q_sub's difference");
    o = q_mul(u, b, &q);
    cr_assert_eq(o, !big_in128(prod), "q_mul's overflow");
    if (!o) cr_assert(big_eq(big_q(q), prod), "q_mul's product");
    cr_assert_eq(q_lt(a, b), big_cmp(A, B) < 0, "q_lt");
    i128 s = a;
    o = add_product(&s, u, b);
    r = big_add(A, prod);
    cr_assert_eq(o, !big_in128(prod) || !big_in128(r), "add_product's overflow");
    if (!o) cr_assert(big_eq(big_q(s), r), "add_product's sum");
    if (u) { /* ceil_div: d (r - 1) < a <= d r */
        big R = big_q(q_ceil_div(a, u));
        cr_assert(big_cmp(big_mul(U, big_add(R, big_neg(big_u64(1)))), A) < 0, "q_ceil_div low");
        cr_assert(big_cmp(A, big_mul(U, R)) <= 0, "q_ceil_div high");
    }
    big lim = big_u64((uint64_t)TWO62);
    cr_assert_eq(beyond62(a), big_cmp(A, lim) > 0 || big_cmp(A, big_neg(lim)) < 0, "beyond62");
}

static void check_small(int64_t x, uint64_t a62, int64_t b62)
{
    cr_assert(big_eq(big_q(q_of(x)), big_s64(x)), "q_of");
    cr_assert(big_eq(big_q(q_mul62(a62, b62)), big_mul(big_u64(a62), big_s64(b62))), "q_mul62");
    cr_assert_eq(q_to64((i128)b62), b62, "q_to64");
}

Test(checker_arith, primitives_meet_their_contracts_on_edges)
{
    edges_fill();
    const uint64_t us[] = { 0, 1, 2, 3, (uint64_t)TWO62, (uint64_t)TWO62 + 1, UINT64_MAX,
                            (uint64_t)INT64_MAX, (uint64_t)1 << 32 };
    for (size_t i = 0; i < nedges; i++)
        for (size_t j = 0; j < nedges; j++)
            for (size_t k = 0; k < sizeof us / sizeof *us; k++) check_pair(edges[i], edges[j], us[k]);
    const int64_t s62[] = { 0, 1, -1, TWO62, -TWO62, TWO62 - 1, 1 - TWO62 };
    for (size_t i = 0; i < 7; i++)
        for (size_t j = 0; j < 7; j++) check_small(s62[i], (uint64_t)(s62[i] < 0 ? -s62[i] : s62[i]), s62[j]);
    check_small(INT64_MIN, 0, 0), check_small(INT64_MAX, 1, 1);
}

Test(checker_arith, primitives_meet_their_contracts_on_random_values)
{
    edges_fill();
    uint64_t s = 51;
    for (int n = 0; n < 300000; n++) {
        i128 a = pick(&s), b = pick(&s);
        uint64_t u = (uint64_t)pick(&s);
        check_pair(a, b, u);
        int64_t b62 = pick62(&s), a62 = pick62(&s);
        check_small((int64_t)next(&s), (uint64_t)(a62 < 0 ? -a62 : a62), b62);
    }
}

/* cut_coef and leaf_decide, the core's functions that decide, on small cases against the
 * same oracle: the coefficient is ceil(acc / D) and refused above 2^62 only; the leaf holds
 * exactly when bsum + sum min(0, D - acc[e]) > (K - |F1| - 1) D. */
Test(checker_arith, cut_coef_and_leaf_decide_match_the_oracle)
{
    edges_fill();
    uint64_t s = 24;
    for (int n = 0; n < 100000; n++) {
        uint64_t D = 1 + next(&s) % (uint64_t)TWO62, K = 1 + next(&s) % 50, nf1 = next(&s) % K;
        i128 acc[4], total = 0, need = 0, bsum = pick(&s) % ((i128)1 << 100);
        uint32_t touched[4] = { 0, 1, 2, 3 };
        big L = big_q(bsum);
        for (int i = 0; i < 4; i++) {
            acc[i] = (i128)(next(&s) % 4 ? next(&s) % (D * 2 + 1) : next(&s)) * (1 + next(&s) % 3);
            big t = big_add(big_u64(D), big_neg(big_q(acc[i])));
            if (big_cmp(t, big_u64(0)) < 0) L = big_add(L, t);
        }
        int64_t co = -7;
        bool big_co = cut_coef(acc[0], D, &co);
        big A = big_q(acc[0]), R = big_s64(co), Dd = big_u64(D);
        cr_assert_eq(big_co, big_cmp(A, big_mul(Dd, big_u64((uint64_t)TWO62))) > 0, "cut_coef refuses");
        if (!big_co)
            cr_assert(big_cmp(big_mul(Dd, big_add(R, big_s64(-1))), A) < 0 &&
                      big_cmp(A, big_mul(Dd, R)) <= 0, "cut_coef is not the ceiling");
        int rc = leaf_decide(bsum, D, acc, touched, 4, K, nf1, &total, &need);
        big rhs = big_mul(big_u64(K - nf1 - 1), Dd);
        cr_assert_neq(rc, 1, "no overflow at these sizes");
        cr_assert_eq(rc == 0, big_cmp(L, rhs) > 0, "leaf_decide: D L(y) vs (K - |F1| - 1) D");
        cr_assert(big_eq(big_q(total), L) && big_eq(big_q(need), rhs), "leaf_decide's figures");
    }
    (void)check, (void)checker_free; /* the checker is compiled in for its static functions */
}

/* touched_sort, the core's one primitive that is not arithmetic (its contract is an axiom of
 * the proof too): a list of distinct entries comes back strictly ascending, the same
 * entries, so still the touched list it was. The oracle: every entry before is found after
 * (with as many entries, distinct, that makes the two sets one). Lists of 0 to 300
 * distinct values below 1,000 (or anywhere in 32 bits), shuffled, ascending, descending. */
Test(checker_arith, touched_sort_meets_its_contract)
{
    static uint8_t seen[1000];
    uint64_t s = 51;
    for (int round = 0; round < 3000; round++) {
        uint32_t a[300], before[300];
        size_t n = (size_t)(next(&s) % 301), k = 0;
        bool wide = round % 3 == 0;
        memset(seen, 0, sizeof seen);
        while (k < n) { /* distinct: a value below 1,000 once; a 32-bit one by its table */
            uint32_t x = wide ? (uint32_t)next(&s) : (uint32_t)(next(&s) % 1000);
            bool dup = false;
            for (size_t i = 0; i < k && wide; i++) dup |= a[i] == x;
            if (!wide && seen[x]) dup = true;
            if (dup) continue;
            if (!wide) seen[x] = 1;
            a[k++] = x;
        }
        if (round % 7 == 1 || round % 7 == 2) touched_sort(NULL, a, n, 0); /* already ascending */
        for (size_t i = 0; round % 7 == 2 && i < n / 2; i++) { /* descending */
            uint32_t t = a[i];
            a[i] = a[n - 1 - i], a[n - 1 - i] = t;
        }
        memcpy(before, a, sizeof a);
        touched_sort(NULL, a, n, 0); /* the binary's ignores acc and N */
        for (size_t i = 1; i < n; i++) cr_assert_lt(a[i - 1], a[i], "not strictly ascending");
        for (size_t i = 0; i < n; i++) { /* each entry before is after, so both sets are one */
            bool found = false;
            for (size_t j = 0; j < n && !found; j++) found = a[j] == before[i];
            cr_assert(found, "entry %u lost", before[i]);
        }
    }
}
