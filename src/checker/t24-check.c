/* t24-check.c - the independent checker of t24's certificates (docs/certificates.md; the
 * format, its contract: docs/formats.md). It shares no code with t24 (libc alone, its own
 * PACE reader, exact integers, every overflow checked): a bug in t24 cannot vouch for itself.
 * The tree is read once, in preorder; the state of the node being read (F1, F0, dropped rows,
 * cuts in scope) is kept by an explicit stack of its ancestors, each undoing its change when
 * its child's subtree ends: a deep tree costs heap, not C stack. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef T24_CHECK_VERSION
#define T24_CHECK_VERSION "unknown"
#endif
/* t24's reader's limits (src/hitset/model/pace.c), so that both accept the same files. */
#define PACE_LINE_MAX    (1ul << 20)
#define PACE_MAX_ELEMS   (1ul << 24)
#ifndef PACE_MAX_ENTRIES_LOG2 /* a test build may lower it (tests/check_checker_limit.sh) */
#define PACE_MAX_ENTRIES_LOG2 28
#endif
#define PACE_MAX_ENTRIES (1ul << PACE_MAX_ENTRIES_LOG2)
#define STR_(x) #x
#define STR(x) STR_(x)
#define CERT_LINE_MAX    (1ul << 28) /* a certificate line: memory stays bounded */
#define NUM_MAX          (1ull << 62) /* D, every multiplier, every cut coefficient */

typedef unsigned long long ull;      /* for printf */
enum { FREE, IN, OUT };              /* an element: free, in F1, in F0 */
/* ---- The arithmetic core: every sum and product of a check, in 128 bits, each overflow
 * caught. Frama-C/WP proves it (make verify-checker; docs/certificates.md, "What is
 * proved"). Frama-C has no __int128, so it reads this part of the file alone, with i128 as
 * two 64-bit limbs and the primitives q_* known by their contracts only (taken as axioms);
 * the shipped primitives are GCC's and Clang's __int128 and overflow builtins, checked
 * against those contracts by tests/test_checker_arith.c. ---- */
#ifdef __FRAMAC__
typedef struct { int64_t hi; uint64_t lo; } i128; /* the value hi 2^64 + lo */
/*@ logic integer val(i128 x) = x.hi * 18446744073709551616 + x.lo;
    predicate in128(integer x) = -170141183460469231731687303715884105728 <= x
                                 <= 170141183460469231731687303715884105727;
    logic integer N62 = 4611686018427387904; */
#else
__extension__ typedef __int128 i128; /* GCC's and Clang's; __extension__ for -pedantic */
#endif
/*@ assigns \nothing;  ensures val(\result) == x; */
static i128 q_of(int64_t x);
/*@ requires \valid(r);  assigns *r;
    ensures \result <==> !in128(val(a) + val(b));
    ensures !\result ==> val(*r) == val(a) + val(b); */
static bool q_add(i128 a, i128 b, i128 *r); /* a + b into *r, or true: an overflow */
/*@ requires \valid(r);  assigns *r;
    ensures \result <==> !in128(val(a) - val(b));
    ensures !\result ==> val(*r) == val(a) - val(b); */
static bool q_sub(i128 a, i128 b, i128 *r);
/*@ requires \valid(r);  assigns *r;
    ensures \result <==> !in128(a * val(b));
    ensures !\result ==> val(*r) == a * val(b); */
static bool q_mul(uint64_t a, i128 b, i128 *r);
/*@ requires in128(val(a) + val(b));  assigns \nothing;
    ensures val(\result) == val(a) + val(b); */
static i128 q_sum(i128 a, i128 b); /* a + b, known not to overflow */
/*@ requires a <= N62 && -N62 <= b <= N62;  assigns \nothing;
    ensures val(\result) == a * b;
    ensures 0 <= b ==> 0 <= val(\result); // the sign, for provers weak at a product's */
static i128 q_mul62(uint64_t a, int64_t b); /* |a b| <= 2^124: no overflow */
/*@ assigns \nothing;  ensures \result <==> val(a) < val(b); */
static bool q_lt(i128 a, i128 b);
/*@ requires 0 < d;  assigns \nothing;
    ensures d * (val(\result) - 1) < val(a) <= d * val(\result); */
static i128 q_ceil_div(i128 a, uint64_t d); /* ceil(a / d) */
/*@ requires -N62 <= val(a) <= N62;  assigns \nothing;  ensures \result == val(a); */
static int64_t q_to64(i128 a);
#ifndef __FRAMAC__
static i128 q_of(int64_t x) { return x; }
static bool q_add(i128 a, i128 b, i128 *r) { return __builtin_add_overflow(a, b, r); }
static bool q_sub(i128 a, i128 b, i128 *r) { return __builtin_sub_overflow(a, b, r); }
static bool q_mul(uint64_t a, i128 b, i128 *r) { return __builtin_mul_overflow((i128)a, b, r); }
static i128 q_sum(i128 a, i128 b) { return a + b; }
static i128 q_mul62(uint64_t a, int64_t b) { return (i128)a * b; }
static bool q_lt(i128 a, i128 b) { return a < b; }
static i128 q_ceil_div(i128 a, uint64_t d) { return a / d + (a % d > 0); } /* / truncates */
static int64_t q_to64(i128 a) { return (int64_t)a; }
#endif
/*@ assigns \nothing;  ensures \result <==> val(x) < -N62 || N62 < val(x); */
static bool beyond62(i128 x) { return q_lt(q_of((int64_t)NUM_MAX), x) || q_lt(x, q_of(-(int64_t)NUM_MAX)); }
/* b' of a cut: b less its coefficients on the elements in F1. It cannot overflow: b and
 * each coefficient are within 2^62 (cut_derive refuses others), and a cut has at most one
 * coefficient per element, at most 2^24 (PACE_MAX_ELEMS). */
/*@ requires -N62 <= val(b) <= N62 && len <= 16777216;
    requires \valid_read(el + (0 .. len - 1)) && \valid_read(co + (0 .. len - 1));
    requires \forall integer i; 0 <= i < len ==> -N62 <= co[i] <= N62 &&
                                                   \valid_read(state + el[i]);
    assigns \nothing; */
static i128 cut_residual(i128 b, const uint32_t *el, const int64_t *co, uint64_t len,
                         const uint8_t *state) {
    /*@ loop invariant 0 <= i <= len && -N62 * (i + 1) <= val(b) <= N62 * (i + 1);
        loop assigns i, b;  loop variant len - i; */
    for (uint64_t i = 0; i < len; i++) b = q_sum(b, q_of(state[el[i]] == IN ? -co[i] : 0));
    return b;
}
/* *sum + v b into *sum, or true: an overflow (a multiplier's term of sum_R V_R b'_R). */
/*@ requires \valid(sum);  assigns *sum;
    ensures !\result ==> val(*sum) == val(\old(*sum)) + v * val(b); */
static bool add_product(i128 *sum, uint64_t v, i128 b) {
    i128 t;
    return q_mul(v, b, &t) || q_add(*sum, t, sum);
}
/*@ logic integer leaf_min{L}(i128 *acc, uint32_t *t, integer D, integer i) =
      i <= 0 ? 0 : leaf_min(acc, t, D, i - 1) +
                   (D - val(acc[t[i - 1]]) < 0 ? D - val(acc[t[i - 1]]) : 0); */
/* The leaf's inequality. D L(y) = bsum + sum over the free elements e of min(0, D - acc[e])
 * (bsum = sum_R V_R b'_R, acc[e] = sum_R V_R a_{R,e}; a free element not in touched has
 * acc 0 and adds min(0, D) = 0): 0 when it is above (K - |F1| - 1) D, 2 when not, 1 on an
 * overflow. D L(y) and the right-hand side into *total and *need, for the message. */
/*@ requires nf1 < K <= 4294967295 && 1 <= D <= N62;
    requires \valid_read(touched + (0 .. nt - 1));
    requires \forall integer i; 0 <= i < nt ==> \valid_read(acc + touched[i]);
    requires \valid(total) && \valid(need) && \separated(total, need);
    assigns *total, *need;
    ensures \result == 0 || \result == 1 || \result == 2;
    ensures \result == 0 ==>
            val(bsum) + leaf_min{Pre}(acc, touched, D, nt) > (K - nf1 - 1) * D; */
static int leaf_decide(i128 bsum, uint64_t D, const i128 *acc, const uint32_t *touched,
                       size_t nt, uint64_t K, uint64_t nf1, i128 *total, i128 *need) {
    i128 s = bsum, t;
    /*@ loop invariant 0 <= i <= nt && val(s) == val(bsum) + leaf_min{Pre}(acc, touched, D, i);
        loop assigns i, s, t;  loop variant nt - i; */
    for (size_t i = 0; i < nt; i++)
        if (q_sub(q_of((int64_t)D), acc[touched[i]], &t) || (q_lt(t, q_of(0)) && q_add(s, t, &s)))
            return 1;
    uint64_t gap = K - nf1 - 1; /* below 2^32 */
    /*@ assert gap == K - nf1 - 1 && gap <= 4294967295; */
    i128 rhs = q_mul62(D, (int64_t)gap); /* at most 2^94 */
    /*@ assert val(rhs) == gap * D; */
    *total = s, *need = rhs;
    return q_lt(rhs, s) ? 0 : 2;
}
/* A cut's coefficient ceil(acc / D) into *co, or true when it is above 2^62 (refused). acc
 * is positive: a free element's sum of V a, listed in touched once it left 0. */
/*@ requires 0 <= val(acc) && 1 <= D && \valid(co);
    assigns *co;
    ensures !\result ==> 0 <= *co <= N62 && D * (*co - 1) < val(acc) <= D * *co; */
static bool cut_coef(i128 acc, uint64_t D, int64_t *co) {
    i128 t = q_ceil_div(acc, D);
    if (q_lt(q_of((int64_t)NUM_MAX), t)) return true;
    return *co = q_to64(t), false;
}
/* ---- The core's data and its invariants: the instance, a row, the touched list ---- */
typedef struct {
    uint32_t n, m, *el, *es; /* el: the sets' elements, 0-based; es: the elements' sets */
    uint64_t *off, *eoff; /* set s is el[off[s] .. off[s+1]), ascending; e in es[eoff[e] ..] */
} hgr;
typedef struct { uint64_t stamp; uint32_t hits; bool dropped; } rowstate; /* hits: sets */
/* A row as it stands: a set (coefficients 1, b = 1, co unused) or a cut. The kind is stated,
 * never inferred from co: an empty cut's co may be NULL, and read as a set it would claim
 * b' = 1 (issue 38: `cut 1:0` then `leaf y M+1:V` "proved" any bound). */
typedef struct {
    bool is_cut;
    const uint32_t *el;
    const int64_t *co;
    uint64_t len;
    i128 b;
    rowstate *st;
} rowv;
/* Row M + j, of the j-th cut line: cutco[start + i] on cutel[start + i] (ascending), i < len. */
typedef struct { uint64_t j; size_t start, len; i128 b; rowstate st; } cut;
/* The data invariants, as the rest of the checker keeps them (hgr_index, row_find,
 * cut_derive): the transpose's offsets increase (stated between any two, so that no prover
 * needs induction) and name sets < M; a row's elements are ascending, each with a state,
 * and a cut's coefficients are within 0..2^62, at most 2^24 of them (one an element).
 * touched_ok: the touched list is distinct and is exactly the elements whose acc is not 0
 * (all acc >= 0), so that it has nt = nnz(acc) <= N entries. */
/*@ predicate hgr_ok{L}(hgr *h) =
      \valid_read(h) && \valid_read(h->eoff + (0 .. h->n)) &&
      (\forall integer a, b; 0 <= a <= b <= h->n ==> h->eoff[a] <= h->eoff[b]) &&
      \valid_read(h->es + (0 .. h->eoff[h->n] - 1)) &&
      (\forall integer i; 0 <= i < h->eoff[h->n] ==> h->es[i] < h->m);
    predicate row_ok{L}(rowv *v, uint8_t *state) =
      \valid_read(v) && \valid_read(v->st) && v->len <= 16777216 &&
      \valid_read(v->el + (0 .. v->len - 1)) &&
      (\forall integer i; 0 <= i < v->len ==> \valid_read(state + v->el[i])) &&
      (\forall integer i, j; 0 <= i < j < v->len ==> v->el[i] < v->el[j]) &&
      (v->is_cut ==> \valid_read(v->co + (0 .. v->len - 1)) && -N62 <= val(v->b) <= N62 &&
                     (\forall integer i; 0 <= i < v->len ==> 0 <= v->co[i] <= N62));
    logic integer nnz{L}(i128 *acc, integer n) =
      n <= 0 ? 0 : nnz(acc, n - 1) + (val(acc[n - 1]) != 0 ? 1 : 0);
    predicate acc_nonneg{L}(i128 *acc, integer n) =
      \forall integer e; 0 <= e < n ==> val(acc[e]) >= 0;
    predicate touched_pos{L}(i128 *acc, uint32_t *t, integer nt, integer n) =
      \forall integer i; 0 <= i < nt ==> t[i] < n && val(acc[t[i]]) > 0;
    predicate touched_distinct{L}(uint32_t *t, integer nt) =
      \forall integer i, j; 0 <= i < j < nt ==> t[i] != t[j];
    predicate touched_all{L}(i128 *acc, uint32_t *t, integer nt, integer n) =
      \forall integer e; 0 <= e < n && val(acc[e]) != 0 ==>
                         \exists integer i; 0 <= i < nt && t[i] == e;
    predicate touched_ok{L}(i128 *acc, uint32_t *t, integer nt, integer n) =
      0 <= nt <= n && nt == nnz(acc, n) && acc_nonneg(acc, n) && touched_pos(acc, t, nt, n) &&
      touched_distinct(t, nt) && touched_all(acc, t, nt, n);
    logic integer nin{L}(uint8_t *state, integer n) =
      n <= 0 ? 0 : nin(state, n - 1) + (state[n - 1] == 1 ? 1 : 0); */
/* acc[e] + a into acc[e], a >= 0, e listed in touched when its acc leaves 0; true on an
 * overflow (the list is then left as it was at the error, and the check ends). */
/*@ requires e < n && 0 <= val(a);
    requires \valid(acc + (0 .. n - 1)) && \valid(touched + (0 .. n)) && \valid(nt);
    requires \separated(acc + (0 .. n - 1), touched + (0 .. n), nt);
    requires touched_ok(acc, touched, *nt, n);
    assigns acc[e], touched[0 .. n], *nt;
    ensures !\result ==> 0 <= *nt <= n && *nt == nnz(acc, n);
    ensures !\result ==> acc_nonneg(acc, n);
    ensures !\result ==> touched_pos(acc, touched, *nt, n);
    ensures !\result ==> touched_distinct(touched, *nt);
    ensures !\result ==> touched_all(acc, touched, *nt, n);
    ensures !\result ==> val(acc[e]) == val(\old(acc[e])) + val(a); */
static bool acc_add(i128 *acc, uint32_t *touched, size_t *nt, uint32_t n, uint32_t e, i128 a) {
    (void)n; /* the proof's: touched and acc have room for N */
    if (!q_lt(q_of(0), acc[e]) && q_lt(q_of(0), a)) touched[(*nt)++] = e;
    if (q_add(acc[e], a, &acc[e])) return true;
    /*@ assert \forall integer x; 0 <= x < n && x != e ==> val(acc[x]) == val(\at(acc[x], Pre)); */
    /*@ assert \forall integer i; 0 <= i < \at(*nt, Pre) ==> touched[i] == \at(touched[i], Pre); */
    /*@ assert \at(*nt, Pre) <= *nt; */
    /*@ assert \forall integer x; 0 <= x < n && x != e && val(acc[x]) != 0 ==>
                 \exists integer i; 0 <= i < \at(*nt, Pre) && \at(touched[i], Pre) == x; */
    /*@ assert 0 <= val(acc[e]) && (val(acc[e]) != 0 ==>
                 \exists integer i; 0 <= i < *nt && touched[i] == e); */
    /* nnz counted again, only in the proof: one entry changed, from 0 when it was listed. */
    /*@ ghost
      /@ loop invariant 0 <= g <= n && nnz(acc, g) <= g;
         loop invariant nnz(acc, g) == nnz{Pre}(acc, g) +
           (e < g && val(\at(acc[e], Pre)) == 0 && val(acc[e]) != 0 ? 1 : 0);
         loop assigns g;  loop variant n - g; @/
      for (uint32_t g = 0; g < n; g++) ;
    */
    return false;
}
/* V a_{R,e} into acc[e] for each free e of row v, with V = mult (a_{R,e} of a set: 1); the
 * touched list follows. True on an overflow. */
/*@ requires row_ok(v, state) && mult <= N62;
    requires \forall integer i; 0 <= i < v->len ==> v->el[i] < n;
    requires \valid(acc + (0 .. n - 1)) && \valid(touched + (0 .. n)) && \valid(nt);
    requires \separated(acc + (0 .. n - 1), touched + (0 .. n), nt, v);
    requires \separated(touched + (0 .. n), v->el + (0 .. v->len - 1));
    requires \separated(nt, &v->len);
    requires v->is_cut ==> \separated(acc + (0 .. n - 1), v->co + (0 .. v->len - 1));
    requires touched_ok(acc, touched, *nt, n);
    assigns acc[0 .. n - 1], touched[0 .. n], *nt;
    ensures !\result ==> touched_ok(acc, touched, *nt, n); */
static bool combine_row(const rowv *v, uint64_t mult, const uint8_t *state, uint32_t n,
                        i128 *acc, uint32_t *touched, size_t *nt) {
    /*@ loop invariant 0 <= j <= v->len && touched_ok(acc, touched, *nt, n);
        loop assigns j, acc[0 .. n - 1], touched[0 .. n], *nt;  loop variant v->len - j; */
    for (uint64_t j = 0; mult && j < v->len; j++) {
        uint32_t e = v->el[j];
        int64_t c = v->is_cut ? v->co[j] : 1;
        i128 a = q_mul62(mult, c); /* both at most 2^62 */
        /*@ assert 0 <= c && 0 <= val(a); */
        if (state[e] == FREE && acc_add(acc, touched, nt, n, e, a)) return true;
    }
    return false;
}
/* Every acc of the list back to 0, for the next list (the caller then empties the list). */
/*@ requires \valid(acc + (0 .. n - 1)) && \valid_read(touched + (0 .. nt - 1));
    requires \separated(acc + (0 .. n - 1), touched + (0 .. nt - 1));
    requires touched_ok(acc, touched, nt, n);
    assigns acc[0 .. n - 1];
    ensures \forall integer e; 0 <= e < n ==> val(acc[e]) == 0;
    ensures nnz(acc, n) == 0; */
static void touched_clear(i128 *acc, const uint32_t *touched, size_t nt, uint32_t n) {
    (void)n; /* the proof's: N elements have an acc */
    /*@ loop invariant 0 <= i <= nt;
        loop invariant \forall integer e; 0 <= e < n ==> val(acc[e]) >= 0;
        loop invariant \forall integer e; 0 <= e < n && val(acc[e]) != 0 ==>
                         \exists integer j; i <= j < nt && touched[j] == e;
        loop assigns i, acc[0 .. n - 1];  loop variant nt - i; */
    for (size_t i = 0; i < nt; i++) acc[touched[i]] = q_of(0);
    /*@ ghost
      /@ loop invariant 0 <= g <= n && nnz(acc, g) == 0;
         loop assigns g;  loop variant n - g; @/
      for (uint32_t g = 0; g < n; g++) ;
    */
}
/* The touched list sorted ascending: the same entries, so still the list touched_ok says.
 * The one primitive that is not arithmetic, and so an axiom like the q_* (Frama-C reads
 * this contract alone): the binary's is libc's qsort, O(nt log nt) on any input, where a
 * sort Frama-C proves here (an insertion sort) would let a hostile cut cost nt^2; and from
 * "the same entries" (an existential each way) CVC4 1.8 proves nothing, not even the
 * contract restated. tests/test_checker_arith.c checks it: ascending, the same entries. */
/*@ requires nt <= n && \valid(acc + (0 .. n - 1)) && \valid(touched + (0 .. nt - 1));
    requires \separated(acc + (0 .. n - 1), touched + (0 .. nt - 1));
    requires touched_ok(acc, touched, nt, n);
    assigns touched[0 .. nt - 1];
    ensures touched_ok(acc, touched, nt, n);
    ensures \forall integer i, j; 0 <= i < j < nt ==> touched[i] < touched[j]; */
static void touched_sort(const i128 *acc, uint32_t *touched, size_t nt, uint32_t n);
#ifndef __FRAMAC__
static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}
static void touched_sort(const i128 *acc, uint32_t *touched, size_t nt, uint32_t n) {
    (void)acc, (void)n; /* the contract's: the list is what touched_ok says */
    qsort(touched, nt, sizeof *touched, cmp_u32);
}
#endif
/* The list combine left for a cut line, made the cut's row: touched sorted ascending, then
 * each element into el[i], its coefficient ceil(acc / D) into co[i] and its acc back to 0,
 * one by one, also when a coefficient is refused, so the caller empties the list and the
 * next one starts valid (touched_ok with nt = 0).
 * True when a coefficient is above 2^62 (refused). */
/*@ requires 1 <= D && nt <= n;
    requires \valid(acc + (0 .. n - 1)) && \valid(touched + (0 .. nt - 1));
    requires \valid(el + (0 .. nt - 1)) && \valid(co + (0 .. nt - 1));
    requires \separated(acc + (0 .. n - 1), touched + (0 .. nt - 1), el + (0 .. nt - 1),
                        co + (0 .. nt - 1));
    requires touched_ok(acc, touched, nt, n);
    assigns acc[0 .. n - 1], touched[0 .. nt - 1], el[0 .. nt - 1], co[0 .. nt - 1];
    ensures \forall integer e; 0 <= e < n ==> val(acc[e]) == 0;
    ensures touched_ok(acc, touched, 0, n);
    ensures \forall integer i, j; 0 <= i < j < nt ==> el[i] < el[j];
    ensures \forall integer i; 0 <= i < nt ==> el[i] < n; */
static bool cut_fill(i128 *acc, uint32_t *touched, size_t nt, uint32_t n, uint64_t D,
                     uint32_t *el, int64_t *co) {
    bool big = false;
    (void)n; /* the proof's: N elements have an acc */
    touched_sort(acc, touched, nt, n);
    /*@ loop invariant 0 <= i <= nt;
        loop invariant \forall integer e; 0 <= e < n ==> val(acc[e]) >= 0;
        loop invariant \forall integer e; 0 <= e < n && val(acc[e]) != 0 ==>
                         \exists integer j; i <= j < nt && touched[j] == e;
        loop invariant \forall integer j; 0 <= j < nt ==> touched[j] < n;
        loop invariant \forall integer a, b; 0 <= a < b < nt ==> touched[a] < touched[b];
        loop invariant \forall integer a; 0 <= a < i ==> el[a] == touched[a];
        loop assigns i, big, acc[0 .. n - 1], el[0 .. nt - 1], co[0 .. nt - 1];
        loop variant nt - i; */
    for (size_t i = 0; i < nt; i++) {
        uint32_t e = touched[i];
        el[i] = e;
        /*@ assert \forall integer j; 0 <= j < nt ==> touched[j] == \at(touched[j], LoopCurrent); */
        if (cut_coef(acc[e], D, &co[i])) big = true;
        /*@ assert \forall integer j; 0 <= j < nt ==> touched[j] == \at(touched[j], LoopCurrent); */
        /*@ assert \forall integer x; 0 <= x < n ==> val(acc[x]) == \at(val(acc[x]), LoopCurrent); */
        /*@ assert \forall integer a; 0 <= a <= i ==> el[a] == touched[a]; */
        acc[e] = q_of(0); /* the reset, element by element */
        /*@ assert \forall integer x; 0 <= x < n && x != e ==> acc[x] == \at(acc[x], LoopCurrent); */
        /*@ assert \forall integer x; 0 <= x < n && x != e ==>
                     val(acc[x]) == val(\at(acc[x], LoopCurrent)); */
        /*@ assert \forall integer j; 0 <= j < nt ==> touched[j] == \at(touched[j], LoopCurrent); */
        /*@ assert \forall integer a; 0 <= a <= i ==> el[a] == touched[a]; */
    }
    /*@ ghost
      /@ loop invariant 0 <= g <= n && nnz(acc, g) == 0;
         loop assigns g;  loop variant n - g; @/
      for (uint32_t g = 0; g < n; g++) ;
    */
    /*@ assert \forall integer e; 0 <= e < n ==> val(acc[e]) == 0; */
    /*@ assert nnz(acc, n) == 0 && acc_nonneg(acc, n) && touched_all(acc, touched, 0, n); */
    return big;
}
/* Element e enters state s (FREE, IN, OUT); the sets' hit counts and |F1| = *nf1 follow. It
 * needs of the instance only e's own sets (hgr_elem: what hgr_ok gives). */
/*@ predicate hgr_elem{L}(hgr *h, integer e) =
      \valid_read(h) && 0 <= e < h->n && \valid_read(h->eoff + (e .. e + 1)) &&
      h->eoff[e] <= h->eoff[e + 1] &&
      \valid_read(h->es + (h->eoff[e] .. h->eoff[e + 1] - 1)) &&
      (\forall integer i; h->eoff[e] <= i < h->eoff[e + 1] ==> h->es[i] < h->m);
    lemma hgr_ok_elem{L}: \forall hgr *h, integer e; hgr_ok(h) && 0 <= e < h->n ==> hgr_elem(h, e);
*/
/*@ requires hgr_elem(h, e) && s <= OUT;
    requires \valid(state + (0 .. h->n - 1)) && \valid(sets + (0 .. h->m - 1)) && \valid(nf1);
    requires \separated(sets + (0 .. h->m - 1), h, h->es + (h->eoff[e] .. h->eoff[e + 1] - 1),
                        h->eoff + (e .. e + 1), nf1);
    requires \separated(nf1, h, h->eoff + (e .. e + 1));
    requires *nf1 == nin(state, h->n);
    assigns state[e], sets[0 .. h->m - 1].hits, *nf1;
    ensures state[e] == s && *nf1 == nin(state, h->n); */
static void elem_set(const hgr *h, uint8_t *state, rowstate *sets, uint64_t *nf1, uint32_t e,
                     uint8_t s) {
    int d = (s == IN) - (state[e] == IN);
    const uint32_t *es = h->es, m = h->m; /* m: the proof's, every es[i] < m */
    (void)m;
    const uint64_t end = h->eoff[(size_t)e + 1];
    /*@ loop invariant h->eoff[e] <= i <= end;
        loop invariant \forall integer j; i <= j < end ==> es[j] < m;
        loop assigns i, sets[0 .. m - 1].hits;  loop variant end - i; */
    for (uint64_t i = h->eoff[e]; d && i < end; i++)
        sets[es[i]].hits += (uint32_t)d; /* d = -1 wraps to a decrement */
    state[e] = s;
    /*@ ghost
      /@ loop invariant 0 <= g <= h->n && 0 <= nin(state, g) <= g && nin{Pre}(state, g) <= g;
         loop invariant nin(state, g) == nin{Pre}(state, g) + (e < g ? d : 0);
         loop assigns g;  loop variant h->n - g; @/
      for (uint32_t g = 0; g < h->n; g++) ;
    */
    /*@ assert nin(state, h->n) == *nf1 + d && *nf1 <= h->n; */
    *nf1 = (uint64_t)((int64_t)*nf1 + d); /* at least 0: nin counts e when d = -1 */
}
/* b' of row v: a set's 1 - (its elements in F1), a cut's b less its coefficients over F1. */
/*@ requires row_ok(v, state);  assigns \nothing;
    ensures !v->is_cut ==> val(\result) == 1 - v->st->hits; */
static i128 row_residual(const rowv *v, const uint8_t *state) {
    if (!v->is_cut) return q_of(1 - (int64_t)v->st->hits);
    return cut_residual(v->b, v->el, v->co, v->len, state);
}
/* a_{R,e}: e's coefficient in row v, or 0; a binary search of v's ascending elements. */
/*@ requires row_ok(v, state);  assigns \nothing;
    ensures (\forall integer i; 0 <= i < v->len ==> v->el[i] != e) ==> \result == 0;
    ensures \forall integer i; 0 <= i < v->len && v->el[i] == e ==>
              \result == (v->is_cut ? v->co[i] : 1); */
static int64_t row_coef(const rowv *v, const uint8_t *state, uint32_t e) {
    uint64_t lo = 0, hi = v->len;
    (void)state; /* the proof's: row_ok names the state */
    /*@ loop invariant 0 <= lo <= hi <= v->len;
        loop invariant \forall integer i; 0 <= i < lo ==> v->el[i] < e;
        loop invariant \forall integer i; hi <= i < v->len ==> v->el[i] > e;
        loop assigns lo, hi;  loop variant hi - lo; */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (v->el[mid] == e) return v->is_cut ? v->co[mid] : 1;
        if (v->el[mid] < e) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}
/* Whether cut row v has a positive coefficient on a free element. One without is never live
 * (docs/formats.md): the checker asks no more of the rules than a cut that can still be met
 * by what is free, so an empty cut (`cut 1:0`) or one over fixed elements proves nothing. */
/*@ requires row_ok(v, state) && v->is_cut;  assigns \nothing;
    ensures \result <==> \exists integer i; 0 <= i < v->len && v->co[i] > 0 &&
                                            state[v->el[i]] == FREE; */
static bool cut_has_free(const rowv *v, const uint8_t *state) {
    /*@ loop invariant 0 <= i <= v->len;
        loop invariant \forall integer j; 0 <= j < i ==> !(v->co[j] > 0 && state[v->el[j]] == FREE);
        loop assigns i;  loop variant v->len - i; */
    for (uint64_t i = 0; i < v->len; i++)
        if (v->co[i] > 0 && state[v->el[i]] == FREE) return true;
    return false;
}
/* Why row v is not live (live: not dropped, b' > 0, and for a cut a positive coefficient on
 * a free element), or NULL when it is. */
/*@ requires row_ok(v, state);  assigns \nothing; */
static const char *row_dead(const rowv *v, const uint8_t *state) {
    if (v->st->dropped) return "dropped";
    if (!q_lt(q_of(0), row_residual(v, state))) return v->is_cut ? "met" : "hit by F1";
    return v->is_cut && !cut_has_free(v, state) ? "a cut with no free element" : NULL;
}
/* Whether live row v stops F from dominating E: a set that holds E but not F; a cut with
 * a_{R,E} > 0 where F is not free or a_{R,F} < b'. */
/*@ requires row_ok(v, state) && \valid_read(state + f);  assigns \nothing; */
static bool dom_blocks(const rowv *v, const uint8_t *state, uint32_t e, uint32_t f) {
    if (!v->is_cut) return !row_dead(v, state) && !row_coef(v, state, f);
    return row_coef(v, state, e) > 0 && !row_dead(v, state) &&
           (state[f] != FREE || q_lt(q_of(row_coef(v, state, f)), row_residual(v, state)));
}
/* The rows in scope at a node: the sets, and the cuts its ancestors derived, cuts[0 ..
 * ncuts) (the tree walk pushes a cut line's row for its subtree and pops it after; j
 * ascending). Every cut row is stored in cutel and cutco, ascending, within 0..2^62. */
/*@ predicate sets_ok{L}(hgr *h, rowstate *sets, uint8_t *state) =
      \valid_read(h) && h->n <= 16777216 && \valid(sets + (0 .. h->m - 1)) &&
      \valid_read(state + (0 .. h->n - 1)) && \valid_read(h->off + (0 .. h->m)) &&
      (\forall integer a, b; 0 <= a <= b <= h->m ==> h->off[a] <= h->off[b]) &&
      \valid_read(h->el + (0 .. h->off[h->m] - 1)) &&
      (\forall integer i; 0 <= i < h->off[h->m] ==> h->el[i] < h->n) &&
      (\forall integer s; 0 <= s < h->m ==> h->off[s + 1] - h->off[s] <= 16777216) &&
      (\forall integer s, i, j; 0 <= s < h->m && h->off[s] <= i < j < h->off[s + 1] ==>
                               h->el[i] < h->el[j]);
    predicate cut_ok{L}(cut *c, uint32_t *cutel, int64_t *cutco, integer n) =
      c->len <= 16777216 && -N62 <= val(c->b) <= N62 &&
      \valid_read(cutel + (c->start .. c->start + c->len - 1)) &&
      \valid_read(cutco + (c->start .. c->start + c->len - 1)) &&
      (\forall integer i; c->start <= i < c->start + c->len ==>
                          cutel[i] < n && 0 <= cutco[i] <= N62) &&
      (\forall integer i, j; c->start <= i < j < c->start + c->len ==> cutel[i] < cutel[j]);
    predicate cuts_ok{L}(cut *cuts, integer ncuts, uint32_t *cutel, int64_t *cutco,
                         integer n) =
      \valid(cuts + (0 .. ncuts - 1)) &&
      (\forall integer a, b; 0 <= a < b < ncuts ==> 1 <= cuts[a].j < cuts[b].j) &&
      (\forall integer a; 0 <= a < ncuts ==> 1 <= cuts[a].j) &&
      (\forall integer c; 0 <= c < ncuts ==> cut_ok(cuts + c, cutel, cutco, n)); */
/* Row r into *v: set r for 1 <= r <= M, else cut r - M when it is in scope (a binary search
 * of cuts by j; its index into *at). 0 found; 1 when r is 0 or a cut row not in scope (the
 * caller says which). */
/*@ requires sets_ok(h, sets, state) && cuts_ok(cuts, ncuts, cutel, cutco, h->n);
    requires \valid(v) && \valid(at) && \separated(at, v, h, cuts + (0 .. ncuts - 1));
    requires \separated(v, h, h->off + (0 .. h->m), h->el + (0 .. h->off[h->m] - 1),
                        sets + (0 .. h->m - 1), cuts + (0 .. ncuts - 1), state + (0 .. h->n - 1));
    requires \forall integer c; 0 <= c < ncuts ==>
               \separated(v, cutel + (cuts[c].start .. cuts[c].start + cuts[c].len - 1),
                             cutco + (cuts[c].start .. cuts[c].start + cuts[c].len - 1));
    assigns *v, *at;
    ensures \result == 0 || \result == 1;
    ensures \result == 0 && 1 <= r <= h->m ==>
              !v->is_cut && v->st == sets + (r - 1) && v->el == h->el + h->off[r - 1] &&
              v->len == h->off[r] - h->off[r - 1];
    ensures \result == 0 && !(1 <= r <= h->m) ==>
              *at < ncuts && cuts[*at].j == r - h->m && v->st == &cuts[*at].st;
    ensures \result == 1 <==> !(1 <= r <= h->m) &&
              \forall integer c; 0 <= c < ncuts ==> cuts[c].j != r - h->m; */
static int row_pick(const hgr *h, rowstate *sets, cut *cuts, size_t ncuts,
                    const uint32_t *cutel, const int64_t *cutco, const uint8_t *state,
                    uint64_t r, rowv *v, size_t *at) {
    (void)state; /* the proof's: the rows' elements have a state */
    if (r >= 1 && r <= h->m) {
        /*@ assert h->off[r - 1] <= h->off[r] <= h->off[h->m]; */
        /*@ assert \forall integer i, j; h->off[r - 1] <= i < j < h->off[r] ==>
                     h->el[i] < h->el[j]; */
        *v = (rowv){ false, h->el + h->off[r - 1], NULL, h->off[r] - h->off[r - 1], q_of(1),
                     &sets[r - 1] };
        return 0;
    }
    if (r == 0) return 1;
    uint64_t j = r - h->m;
    size_t lo = 0, hi = ncuts;
    /*@ loop invariant 0 <= lo <= hi <= ncuts;
        loop invariant \forall integer c; 0 <= c < lo ==> cuts[c].j < j;
        loop invariant \forall integer c; hi <= c < ncuts ==> cuts[c].j > j;
        loop assigns lo, hi;  loop variant hi - lo; */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const cut *c = &cuts[mid];
        if (c->j == j) {
            /*@ assert cut_ok(cuts + mid, cutel, cutco, h->n); */
            *v = (rowv){ true, cutel + c->start, cutco + c->start, c->len, c->b, &cuts[mid].st };
            return *at = mid, 0;
        }
        if (c->j < j) lo = mid + 1;
        else hi = mid;
    }
    return 1;
}
/* ---- The rest: Frama-C reads none of it (it is covered by the tests and the fuzzer). ---- */
#ifndef __FRAMAC__

/* s on stderr with every byte a terminal could act on as \xNN: controls, DEL and, stricter
 * than t24's own messages, any byte above ASCII (a certificate's tokens and paths are echoed). */
static void put_escaped(const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c >= 0x7f) fprintf(stderr, "\\x%02x", c);
        else fputc(c, stderr);
    }
}
static int say(int status, const char *what, const char *why) {
    fputs("t24-check: ", stderr), put_escaped(what);
    if (*why) fputs(": ", stderr), put_escaped(why);
    fputc('\n', stderr);
    return status;
}
static void *need_memory(void *p) {
    if (!p) exit(say(2, "out of memory", ""));
    return p;
}
/* p, holding *cap items of size bytes, with room for need items. */
static void *grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return p;
    while (*cap < need) *cap = *cap ? 2 * *cap : 16;
    return need_memory(realloc(p, *cap * size));
}
static FILE *open_or_exit(const char *path) {
    FILE *fp = fopen(path, "rb");
    return fp ? fp : (exit(say(2, path, strerror(errno))), NULL);
}
/* ---- Lines and numbers ---- */
typedef struct { FILE *fp; char *buf; size_t cap, max; unsigned long lineno; } reader;
/* The next line, without its end (LF, CR LF or CR, as t24's src/core/lines.c), in r->buf: 1,
 * or 0 at the end; -1 for a line with a NUL byte or longer than r->max (refused, never cut
 * short), -2 for a read error, the reason in why. */
/* Why line r->lineno holds a NUL byte: xz's magic bytes opening the file are the likely
 * mistake (a published .cert.xz given as it is), so they are named. */
static const char *nul_why(const reader *r, size_t n) {
    bool xz = r->lineno == 1 && n >= 6 && r->max >= 6 && !memcmp(r->buf, "\xFD" "7zXZ", 6);
    return xz ? "compressed with xz: unpack it first (xz -dk FILE)" : "a NUL byte";
}
static int rd_next(reader *r, char *why, size_t wsz) {
    size_t n = 0; /* the line's length, counted up to r->max + 1 */
    bool nul = false;
    int c = getc(r->fp);
    if (c == EOF && !ferror(r->fp)) return 0;
    for (; c != EOF && c != '\n' && c != '\r'; c = getc(r->fp), n += n <= r->max) {
        nul |= c == '\0';
        if (n < r->max) r->buf = grow(r->buf, &r->cap, n + 2, 1), r->buf[n] = (char)c;
    }
    if (c == '\r' && (c = getc(r->fp)) != '\n' && c != EOF) ungetc(c, r->fp); /* a CR alone */
    if (ferror(r->fp))
        return snprintf(why, wsz, "line %lu: %s", r->lineno + 1, strerror(errno)), -2;
    r->lineno++;
    if (nul || n > r->max)
        return snprintf(why, wsz, "line %lu: %s", r->lineno, nul ? nul_why(r, n) : "too long"), -1;
    r->buf = grow(r->buf, &r->cap, n + 1, 1);
    r->buf[n] = '\0';
    return 1;
}
/* Digits only (no sign, no blank), at most max: the value in *x and what follows, or NULL. */
static const char *digits(const char *p, uint64_t max, uint64_t *x) {
    if (*p < '0' || *p > '9') return NULL;
    for (*x = 0; *p >= '0' && *p <= '9'; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (d > max || *x > (max - d) / 10) return NULL; /* 10 x + d > max */
        *x = *x * 10 + d;
    }
    return p;
}
/* A line of blank-separated numbers min..max, appended to *v. How many, or -1. */
static long numbers(const char *p, uint64_t min, uint64_t max, uint32_t **v, size_t *len,
                    size_t *cap) {
    long k = 0;
    uint64_t x;
    for (p += strspn(p, " \t"); *p; p += strspn(p, " \t"), k++) {
        const char *end = digits(p, UINT32_MAX, &x);
        if (!end || (*end && *end != ' ' && *end != '\t') || x < min || x > max) return -1;
        *v = grow(*v, cap, *len + 1, sizeof **v);
        (*v)[(*len)++] = (uint32_t)x;
        p = end;
    }
    return k;
}
/* ---- The instance (PACE .hgr) and the cover ---- */
/* "p hs N M" as t24 reads it: a blank before each count, digits, at most 2^32 - 1. */
static bool pace_header(const char *p, uint64_t *n, uint64_t *m) {
    p = strncmp(p, "p hs", 4) == 0 ? p + 4 : NULL;
    for (int i = 0; i < 2 && p; i++)
        p = *p == ' ' || *p == '\t' ? digits(p + strspn(p, " \t"), UINT32_MAX, i ? m : n) : NULL;
    return p && p[strspn(p, " \t")] == '\0';
}
/* The sets as read (1-based) made 0-based, ascending, without repeats; then their transpose. */
static void hgr_index(hgr *h) {
    uint64_t k = 0, a = 0;
    for (uint32_t s = 0; s < h->m; s++) {
        uint64_t start = k, b = h->off[s + 1]; /* the set was el[a .. b) as read */
        qsort(h->el + a, b - a, sizeof *h->el, cmp_u32);
        for (uint64_t i = a; i < b; i++)
            if (k == start || h->el[k - 1] != h->el[i] - 1) h->el[k++] = h->el[i] - 1;
        h->off[s + 1] = k;
        a = b;
    }
    h->eoff = need_memory(calloc((size_t)h->n + 2, sizeof *h->eoff));
    h->es = need_memory(malloc((k ? k : 1) * sizeof *h->es));
    for (uint64_t i = 0; i < k; i++) h->eoff[h->el[i] + 2]++;
    for (uint32_t e = 0; e < h->n; e++) h->eoff[e + 2] += h->eoff[e + 1];
    for (uint32_t s = 0; s < h->m; s++) /* eoff[e + 1]: e's next slot, at the end e's end */
        for (uint64_t i = h->off[s]; i < h->off[s + 1]; i++) h->es[h->eoff[h->el[i] + 1]++] = s;
}
/* The PACE instance at path, read as t24 does (src/hitset/model/pace.c): `c` lines, and empty
 * lines before the header, skipped; one header; M non-empty sets of 1..N. Else exits 2. */
static void hgr_read(const char *path, hgr *h) {
    reader r = { open_or_exit(path), NULL, 0, PACE_LINE_MAX, 0 };
    size_t len = 0, cap = 0, ocap = 1;
    uint64_t n = 0, m = 0, sets = 0;
    bool header = false;
    int st;
    char why[300];
    const char *no = NULL;
    h->off = need_memory(calloc(1, sizeof *h->off));
    while (!no && (st = rd_next(&r, why, sizeof why)) > 0) {
        long k = 0;
        if (r.buf[0] == 'c' || (r.buf[0] == '\0' && !header)) continue;
        if (r.buf[0] == 'p' && (header || !pace_header(r.buf, &n, &m)))
            no = "expected one header 'p hs N M' (N, M from 0 to 4294967295)";
        else if (r.buf[0] == 'p' && n > PACE_MAX_ELEMS) no = "more than 2^24 elements";
        else if (r.buf[0] == 'p') header = true;
        else if (!header) /* the files given in the wrong order are the likely mistake */
            no = strncmp(r.buf, "t24-certificate", 15)
                     ? "a set before the header (a cover? the instance must come first)"
                     : "a certificate, not an instance: the instance must come first";
        else if ((k = numbers(r.buf, 1, n, &h->el, &len, &cap)) < 0) no = "not elements 1..N";
        else if (k == 0) no = "an empty set: no hitting set exists";
        else if (sets++ == m) no = "more sets than the header announces";
        else if (len > PACE_MAX_ENTRIES) no = "more than 2^" STR(PACE_MAX_ENTRIES_LOG2) " elements in all sets";
        if (k > 0 && !no) /* the set's end */
            h->off = grow(h->off, &ocap, sets + 1, sizeof *h->off), h->off[sets] = len;
    }
    free(r.buf), fclose(r.fp);
    if (no) snprintf(why, sizeof why, "line %lu: %s", r.lineno, no);
    else if (st == 0 && (!header || sets != m))
        strcpy(why, header ? "fewer sets than the header's" : "no header");
    if (no || st < 0 || !header || sets != m) exit(say(2, path, why)); /* st < 0: why is set */
    h->n = (uint32_t)n, h->m = (uint32_t)m;
    hgr_index(h);
}
static uint64_t fnv(uint64_t x, const char *s) {
    for (; *s; s++) x = (x ^ (unsigned char)*s) * 0x100000001b3ull;
    return x;
}
/* The spec's checksum: FNV-1a 64 of "p hs N M\n", then each set ascending, distinct, 1-based. */
static uint64_t hgr_checksum(const hgr *h) {
    char b[48];
    snprintf(b, sizeof b, "p hs %u %u\n", h->n, h->m);
    uint64_t x = fnv(0xcbf29ce484222325ull, b);
    for (uint32_t s = 0; s < h->m; s++, x = fnv(x, "\n"))
        for (uint64_t i = h->off[s]; i < h->off[s + 1]; i++)
            snprintf(b, sizeof b, "%s%u", i > h->off[s] ? " " : "", h->el[i] + 1), x = fnv(x, b);
    return x;
}
/* The size of the cover at path, as `t24 cover` writes it: its size, then its elements
 * (1-based; `c` lines skipped). A cover refused ends the run: 2 malformed, 1 a set missed. */
static uint64_t cover_read(const char *path, const hgr *h) {
    reader r = { open_or_exit(path), NULL, 0, PACE_LINE_MAX, 0 };
    uint32_t *v = NULL;
    size_t len = 0, cap = 0;
    uint8_t *in = need_memory(calloc((size_t)h->n + 1, 1)); /* in[e]: element e + 1 seen */
    char why[200];
    int st, rc = 0;
    while ((st = rd_next(&r, why, sizeof why)) > 0)
        if (r.buf[0] != 'c' && numbers(r.buf, 0, UINT32_MAX, &v, &len, &cap) < 0) break;
    if (st > 0)
        snprintf(why, sizeof why, "line %lu: %s", r.lineno,
                 strncmp(r.buf, "t24-certificate", 15)
                     ? "not numbers"
                     : "a certificate, not a cover: the cover must come before it");
    if (st) rc = 2;
    else if (!len || len - 1 != v[0])
        rc = 2, strcpy(why, len ? "its size is not its length" : "empty");
    for (size_t i = 1; !rc && i < len; i++) /* in[e - 1]++ is 1 for a repeated e */
        if (!v[i] || v[i] > h->n || in[v[i] - 1]++)
            rc = 2, strcpy(why, v[i] && v[i] <= h->n ? "a repeated element" : "not 1..N");
    for (uint32_t s = 0; !rc && s < h->m; s++) {
        uint64_t e = h->off[s];
        while (e < h->off[s + 1] && !in[h->el[e]]) e++;
        if (e == h->off[s + 1])
            rc = 1, snprintf(why, sizeof why, "not a cover: set %u missed", s + 1);
    }
    uint64_t size = rc ? 0 : v[0];
    free(in), free(v), free(r.buf), fclose(r.fp);
    if (rc) exit(say(rc, path, why)); /* after the frees: a leak checker sees none */
    return size;
}
/* ---- The certificate: the state of the node being read ---- */
typedef struct { uint64_t row, v; } pair;                      /* a multiplier v / D */
enum { N_LEAF, N_INHERIT, N_EMPTY, N_OPEN, N_BRANCH, N_SPLIT, N_DROP, N_DOM, N_CUT, N_KINDS };
typedef struct {
    int kind;
    long yframe; /* the nearest frame, this one or above, whose line carries y; or -1 */
    uint64_t line, arg, arg2, nchild, next; /* its line; E, S (0-based) or R, F; its children */
    size_t free_start, y_start, y_len;      /* a split's elements in sfree; its y in ys */
} frame;
typedef struct {
    hgr h; /* the instance */
    uint64_t K, D, nf1, stampnow, cuts_total, nopen;
    reader rd;
    char **tok, open[120], why[600]; /* open: the first open node's name and line */
    uint8_t *state;    /* per element */
    i128 *acc;         /* per element: sum of V a in one list; else 0 */
    uint32_t *touched, *cutel, *sfree; /* elements whose acc is not 0; cuts'; splits' */
    int64_t *cutco;
    rowstate *sets;    /* per set */
    cut *cuts;         /* the cut rows in scope, j ascending */
    pair *ys;          /* the multipliers of the nodes on the stack */
    frame *fr;         /* the node being read and its ancestors, root first */
    size_t ntok, tokcap, ntouched, ncuts, cutcap, cutlen, elcap, cocap, nys, yscap, nsfree,
        sfcap, nfr, frcap;
    bool done;         /* the root's subtree is complete */
} checker;
/* Records why the line being read fails; returns 1, the status of a failed check. */
static int fail(checker *k, const char *fmt, ...) {
    va_list ap;
    int n = snprintf(k->why, sizeof k->why, "certificate line %lu: ", k->rd.lineno);
    va_start(ap, fmt);
    vsnprintf(k->why + n, sizeof k->why - (size_t)n, fmt, ap);
    return va_end(ap), 1;
}
/* Element e enters state s; the sets' hit counts and |F1| follow. */
static void set_state(checker *k, uint32_t e, uint8_t s) {
    elem_set(&k->h, k->state, k->sets, &k->nf1, e, s);
}
/* Row r into *v (0), or fail: sets 1..M, then M + j for the j-th cut line, in scope below it. */
static int row_find(checker *k, uint64_t r, rowv *v) {
    uint64_t j = r - k->h.m;
    size_t at;
    if (!row_pick(&k->h, k->sets, k->cuts, k->ncuts, k->cutel, k->cutco, k->state, r, v, &at))
        return 0;
    if (r == 0 || j > k->cuts_total) return fail(k, "row %llu does not exist", (ull)r);
    return fail(k, "row %llu (cut %llu) is not in scope: that cut is no ancestor", (ull)r,
                (ull)j);
}
/* The next line holding a token, split in place into k->tok; a line whose first token is
 * `c` is a comment. Returns 0, -1 at the end, 1 for a refused line; a read error exits 2. */
static int next_line(checker *k) {
    int st;
    char why[200];
    while ((st = rd_next(&k->rd, why, sizeof why)) > 0) {
        k->ntok = 0;
        for (char *p = strtok(k->rd.buf, " \t"); p; p = strtok(NULL, " \t")) {
            k->tok = grow(k->tok, &k->tokcap, k->ntok + 1, sizeof *k->tok);
            k->tok[k->ntok++] = p;
        }
        if (k->ntok && strcmp(k->tok[0], "c") != 0) return 0;
    }
    if (st == -2) exit(say(2, "certificate", why));
    return st ? fail(k, "refused: %s", why) : -1;
}
/* A number of the certificate: digits only (so no sign), from min to max. */
static int number(checker *k, const char *s, uint64_t min, uint64_t max, const char *what,
                  uint64_t *x) {
    if (s[strspn(s, "0123456789")] != '\0')
        return fail(k, "%s '%.40s' is malformed: plain decimal digits only", what, s);
    if (!digits(s, max, x) || *x < min)
        return fail(k, "%s %.40s is out of range (%llu to %llu)", what, s, (ull)min, (ull)max);
    return 0;
}
static int head_line(checker *k, const char *word, size_t nargs) {
    int rc = next_line(k);
    if (rc > 0) return rc;
    if (rc < 0 || strcmp(k->tok[0], word) != 0 || k->ntok != nargs + 1)
        return fail(k, "expected '%s' and %zu argument%s", word, nargs, nargs == 1 ? "" : "s");
    return 0;
}
/* The head: the version, the instance (N, M, checksum), the bound K, D, then `tree`. */
static int read_head(checker *k, uint64_t checksum) {
    uint64_t n, m;
    char sum[17];
    snprintf(sum, sizeof sum, "%016llx", (ull)checksum);
    if (head_line(k, "t24-certificate", 1)) return 1;
    if (strcmp(k->tok[1], "1")) return fail(k, "version %.20s: this checker reads 1", k->tok[1]);
    if (head_line(k, "instance", 3) || number(k, k->tok[1], 0, UINT32_MAX, "instance", &n) ||
        number(k, k->tok[2], 0, UINT32_MAX, "instance", &m))
        return 1;
    if (n != k->h.n || m != k->h.m)
        return fail(k, "for %llu elements and %llu sets, but the instance has %u and %u",
                    (ull)n, (ull)m, k->h.n, k->h.m);
    if (strcmp(k->tok[3], sum) != 0)
        return fail(k, "checksum %.20s is not the instance's %s (another instance, or its sets "
                    "in another order)", k->tok[3], sum);
    if (head_line(k, "bound", 1) || number(k, k->tok[1], 0, UINT32_MAX, "bound", &k->K) ||
        head_line(k, "denominator", 1) || number(k, k->tok[1], 1, NUM_MAX, "denominator", &k->D))
        return 1;
    return head_line(k, "tree", 0);
}
/* Tokens R:V from tok[*i] up to a token `stop` or the end, onto k->ys: rows in scope, each
 * once (its stamp is stampnow once seen), V at most 2^62, live (else only not dropped). */
static int read_pairs(checker *k, size_t *i, const char *stop, bool live) {
    for (k->stampnow++; *i < k->ntok && strcmp(k->tok[*i], stop) != 0; ++*i) {
        char *t = k->tok[*i], *colon = strchr(t, ':');
        pair p;
        rowv v;
        if (!colon) return fail(k, "expected R:V, not '%.40s'", t);
        *colon = '\0';
        if (number(k, t, 1, UINT64_MAX, "row", &p.row) ||
            number(k, colon + 1, 0, NUM_MAX, "multiplier", &p.v) || row_find(k, p.row, &v))
            return 1;
        if (v.st->stamp == k->stampnow) return fail(k, "row %llu is listed twice", (ull)p.row);
        v.st->stamp = k->stampnow;
        const char *dead = live ? row_dead(&v, k->state) : v.st->dropped ? "dropped" : NULL;
        if (dead)
            return fail(k, "multiplier on row %llu, which is not %s (%s)", (ull)p.row,
                        live ? "live" : "in use", dead);
        k->ys = grow(k->ys, &k->yscap, k->nys + 1, sizeof *k->ys);
        k->ys[k->nys++] = p;
    }
    return 0;
}
/* ---- The certificate: what each node claims ---- */
/* Over multipliers p[0..n), rows not live left out when live_only: sum_R V_R b'_R into *sum,
 * and V_R a_{R,e} into acc[e] for free e, listed in touched as its acc leaves 0. 1: overflow. */
static int combine(checker *k, const pair *p, size_t n, bool live_only, i128 *sum) {
    rowv v;
    for (size_t i = 0; i < n; i++) {
        if (row_find(k, p[i].row, &v)) return 1; /* never: it was in scope when read */
        if (live_only && row_dead(&v, k->state)) continue;
        if (add_product(sum, p[i].v, row_residual(&v, k->state)))
            return fail(k, "arithmetic overflow");
        if (combine_row(&v, p[i].v, k->state, k->h.n, k->acc, k->touched, &k->ntouched))
            return fail(k, "arithmetic overflow");
    }
    return 0;
}
/* Whether frame y's multipliers prove the leaf: |F1| >= K, or D L(y) > (K - |F1| - 1) D with
 * D L(y) = sum_R V_R b'_R + sum over free e of min(0, D - sum_R V_R a_{R,e}), rows not live
 * left out. It costs the rows' lengths: only the free elements they touch are summed. */
static int leaf_holds(checker *k, const frame *y) {
    i128 total = 0, need = 0;
    if (k->nf1 >= k->K) return 0;
    if (combine(k, k->ys + y->y_start, y->y_len, true, &total)) return 1;
    int rc = leaf_decide(total, k->D, k->acc, k->touched, k->ntouched, k->K, k->nf1, &total,
                         &need);
    touched_clear(k->acc, k->touched, k->ntouched, k->h.n); /* for the next list */
    k->ntouched = 0;
    if (rc == 1) return fail(k, "overflow in L(y)");
    if (rc == 0) return 0;
    return fail(k, "the leaf does not reach the bound: D L(y) = %.0Lf, not above (K - |F1| - 1) "
                "D = %.0Lf (|F1| = %llu)", (long double)total, (long double)need, (ull)k->nf1);
}
/* cut R:U ..., its list from tok[*i]: the row with coefficient ceil(sum_R u_R a_{R,e}) on each
 * free e, right-hand side ceil(sum_R u_R b'_R), into cuts[ncuts] and the arena. */
static int cut_derive(checker *k, size_t *i) {
    size_t s = k->nys;
    i128 rhs = 0;
    if (read_pairs(k, i, "y", false)) return 1;
    if (k->nys == s) return fail(k, "the cut names no row");
    k->cuts = grow(k->cuts, &k->cutcap, k->ncuts + 1, sizeof *k->cuts);
    cut *c = &k->cuts[k->ncuts]; /* not in scope yet: ncuts grows once the node's y is read */
    if (combine(k, k->ys + s, k->nys - s, false, &rhs)) return 1;
    k->nys = s;
    *c = (cut){ .j = ++k->cuts_total, .start = k->cutlen, .len = k->ntouched,
                .b = q_ceil_div(rhs, k->D) };
    k->cutel = grow(k->cutel, &k->elcap, k->cutlen + c->len, sizeof *k->cutel);
    k->cutco = grow(k->cutco, &k->cocap, k->cutlen + c->len, sizeof *k->cutco);
    bool big = cut_fill(k->acc, k->touched, k->ntouched, k->h.n, k->D, k->cutel + k->cutlen,
                        k->cutco + k->cutlen); /* sorted into the row; every acc back to 0 */
    k->cutlen += c->len, k->ntouched = 0;
    if (big) return fail(k, "a coefficient of the cut is above 2^62");
    if (beyond62(c->b)) return fail(k, "the cut's b is beyond 2^62");
    return 0;
}
/* dominated E F, E free: F is not E, not in F0, and every live row R with a_{R,E} > 0 has F
 * free and a_{R,F} >= b'_R. */
static int dominated(checker *k, uint32_t e, uint32_t f) {
    const hgr *h = &k->h;
    rowv v;
    if (f == e || k->state[f] == OUT) return fail(k, "element %u cannot replace %u", f + 1, e + 1);
    for (uint64_t i = h->eoff[e]; i < h->eoff[e + 1]; i++) /* a live set holds F free */
        if (!row_find(k, h->es[i] + 1, &v) && dom_blocks(&v, k->state, e, f))
            return fail(k, "live set %u holds element %u but not %u", h->es[i] + 1, e + 1, f + 1);
    for (size_t i = 0; i < k->ncuts; i++)
        if (!row_find(k, h->m + k->cuts[i].j, &v) && dom_blocks(&v, k->state, e, f))
            return fail(k, "on live row %llu, element %u does not dominate %u",
                        (ull)(h->m + k->cuts[i].j), f + 1, e + 1);
    return 0;
}
/* The node's own check, at its state; sets f->nchild. A leaf holds by its own multipliers,
 * `leaf inherit` by frame yframe's. `leaf empty S` is a split on S that has no child. */
static int node_check(checker *k, frame *f) {
    static const char *const where[] = { "free", "in F1", "in F0" };
    const frame *y = f->kind == N_LEAF ? f : f->yframe >= 0 ? &k->fr[f->yframe] : NULL;
    const ull s = f->arg;
    rowv v;
    f->nchild = f->kind == N_BRANCH ? 2 : f->kind >= N_DROP; /* a split: below */
    if (f->kind == N_INHERIT && !y) return fail(k, "leaf inherit, but no ancestor has a y");
    if (f->kind == N_LEAF || f->kind == N_INHERIT) return leaf_holds(k, y);
    if ((f->kind == N_BRANCH || f->kind == N_DOM) && k->state[s] != FREE)
        return fail(k, "element %llu is %s", s + 1, where[k->state[s]]);
    if (f->kind == N_DOM) return dominated(k, (uint32_t)s, (uint32_t)f->arg2);
    if (f->kind == N_DROP)
        return row_find(k, s, &v) || (v.st->dropped && fail(k, "row %llu is dropped", s));
    if (f->kind != N_SPLIT && f->kind != N_EMPTY) return 0;
    if (k->sets[s].dropped || k->sets[s].hits)
        return fail(k, "set %llu is %s", s + 1, k->sets[s].dropped ? "dropped" : "hit by F1");
    for (uint64_t i = k->h.off[s]; i < k->h.off[s + 1]; i++) { /* its free elements, ascending */
        if (k->state[k->h.el[i]] != FREE) continue;
        k->sfree = grow(k->sfree, &k->sfcap, k->nsfree + 1, sizeof *k->sfree);
        k->sfree[k->nsfree++] = k->h.el[i];
    }
    f->nchild = k->nsfree - f->free_start;
    if (f->kind == N_EMPTY && f->nchild)
        return fail(k, "set %llu is not empty: %u is free", s + 1, k->sfree[f->free_start] + 1);
    return f->kind == N_SPLIT && !f->nchild ? fail(k, "set %llu has no free element", s + 1) : 0;
}
/* Child f->next of f: its change to the state made (enter) or undone. */
static void child_change(checker *k, frame *f, bool enter) {
    rowv v;
    if (f->kind == N_BRANCH) set_state(k, (uint32_t)f->arg, !enter ? FREE : f->next ? IN : OUT);
    if (f->kind == N_SPLIT) set_state(k, k->sfree[f->free_start + f->next], enter ? IN : OUT);
    if (f->kind == N_DOM) set_state(k, (uint32_t)f->arg, enter ? OUT : FREE);
    if (f->kind == N_DROP && !row_find(k, f->arg, &v)) v.st->dropped = enter; /* in scope */
}
/* The top frame's subtree is complete: what it held for its children goes. */
static void frame_pop(checker *k) {
    frame *f = &k->fr[--k->nfr];
    while (k->nsfree > f->free_start) set_state(k, k->sfree[--k->nsfree], FREE); /* a split's */
    if (f->kind == N_CUT) k->cutlen = k->cuts[--k->ncuts].start;
    k->nys = f->y_start;
}
/* Node line f: its kind, its arguments (a cut's list, its row derived), then `y` and a list. */
static int node_parse(checker *k, frame *f) {
    static const char *const words[N_KINDS] = { "leaf", "leaf", "leaf", "open", "branch",
        "split", "drop", "dominated", "cut" }; /* leaf inherit, leaf empty: by their 2nd word */
    static const char *const args[N_KINDS] = { [N_EMPTY] = "set", [N_BRANCH] = "element",
        [N_SPLIT] = "set", [N_DROP] = "row", [N_DOM] = "element" }; /* dominated: two */
    static const char name[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";
    char **t = k->tok;
    size_t i = 1, n = k->ntok;
    if (!strcmp(t[0], "symmetry") || !strcmp(t[0], "lemma"))
        return fail(k, "'%s' is reserved for a later format version: refused", t[0]);
    while (f->kind < N_KINDS && strcmp(t[0], words[f->kind]) != 0) f->kind++;
    if (f->kind == N_KINDS) return fail(k, "unknown node '%.40s'", t[0]);
    if (f->kind == N_LEAF && n > 1 && !strcmp(t[1], "inherit")) f->kind = N_INHERIT, i++;
    if (f->kind == N_LEAF && n > 1 && !strcmp(t[1], "empty")) f->kind = N_EMPTY, i++;
    const char *what = args[f->kind];
    uint64_t max = !what ? 0 : *what == 's' ? k->h.m : *what == 'r' ? UINT64_MAX : k->h.n;
    for (int a = 0; what && a < 1 + (f->kind == N_DOM); a++, i++)
        if (i >= n || number(k, t[i], 1, max, what, a ? &f->arg2 : &f->arg))
            return i >= n ? fail(k, "no %s", what) : 1;
    if (what && *what != 'r') f->arg--, f->arg2--; /* elements and sets: 0-based from here */
    if (f->kind == N_OPEN && (i >= n || t[i][strspn(t[i], name)] != '\0'))
        return fail(k, "open needs a NAME of letters, digits, '_', '.' and '-'");
    if (f->kind == N_OPEN && k->nopen++ == 0)
        snprintf(k->open, sizeof k->open, "%.79s, line %lu", t[i], k->rd.lineno);
    i += f->kind == N_OPEN;
    if (f->kind == N_CUT && cut_derive(k, &i)) return 1;
    if (i < n && (strcmp(t[i], "y") != 0 || f->kind == N_INHERIT))
        return fail(k, "unexpected '%.40s'", t[i]);
    if (i++ < n && (f->yframe = (long)k->nfr, read_pairs(k, &i, "", true))) return 1;
    f->y_len = k->nys - f->y_start;
    k->ncuts += f->kind == N_CUT; /* the cut's row, derived above: in scope below, from here */
    return 0;
}
/* One node, read and checked; then its first child entered, or each complete subtree left. */
static int node(checker *k) {
    k->fr = grow(k->fr, &k->frcap, k->nfr + 1, sizeof *k->fr);
    frame *f = &k->fr[k->nfr]; /* on the stack once checked; a leaf too, left at once below */
    *f = (frame){ .line = k->rd.lineno, .free_start = k->nsfree, .y_start = k->nys,
                  .yframe = k->nfr ? f[-1].yframe : -1 };
    if (node_parse(k, f) || node_check(k, f)) return 1;
    k->nfr++;
    if (f->nchild) return child_change(k, f, true), 0;
    for (frame_pop(k); k->nfr; frame_pop(k)) {
        frame *top = &k->fr[k->nfr - 1];
        child_change(k, top, false);
        if (++top->next < top->nchild) return child_change(k, top, true), 0;
    }
    return k->done = true, 0;
}
/* The tree, node after node, then `end`, then nothing but comments. */
static int read_tree(checker *k) {
    int rc;
    while ((rc = next_line(k)) == 0 && strcmp(k->tok[0], "end") != 0) {
        if (k->done) return fail(k, "a node after the tree is complete (an extra child?)");
        if (node(k)) return 1;
    }
    frame *f = k->nfr ? &k->fr[k->nfr - 1] : NULL;
    if (rc) return rc > 0 ? rc : fail(k, "the file ends before 'end'");
    if (k->ntok > 1) return fail(k, "unexpected '%.40s' after 'end'", k->tok[1]);
    if (!k->done && !f) return fail(k, "'end' before the root");
    if (!k->done)
        return fail(k, "'end' before the tree is complete: a child is missing (the node of "
                    "line %llu has %llu of its %llu)", (ull)f->line, (ull)f->next, (ull)f->nchild);
    rc = next_line(k);
    return rc > 0 ? rc : rc == 0 ? fail(k, "'%.40s' after 'end'", k->tok[0]) : 0;
}
/* Everything k holds, freed: a caller may check again with a zeroed checker (the fuzz target
 * tests/fuzz/fuzz_check.c does, thousands of times in one process). */
static void checker_free(checker *k) {
    if (k->rd.fp) fclose(k->rd.fp);
    free(k->h.el), free(k->h.es), free(k->h.off), free(k->h.eoff), free(k->rd.buf);
    free(k->tok), free(k->state), free(k->acc), free(k->touched), free(k->cutel);
    free(k->sfree), free(k->cutco), free(k->sets), free(k->cuts), free(k->ys), free(k->fr);
    *k = (checker){ 0 };
}
/* The verdict line on stdout. A bound no larger than the trivial one (1 when there is a set:
 * every cover has an element) is verified, but the line says that it proves nothing. */
static int verdict(const checker *k, bool with_cover, uint64_t size) {
    uint64_t trivial = k->h.m > 0;
    if (k->nopen)
        return printf("not verified: %llu open node%s (first: %s)\n", (ull)k->nopen,
                      k->nopen > 1 ? "s" : "", k->open), 1;
    if (with_cover && size < k->K)
        return fprintf(stderr, "t24-check: contradiction: a cover of %llu elements, below the "
                       "bound %llu the certificate proves\n", (ull)size, (ull)k->K), 1;
    if (with_cover && size == k->K) return printf("optimum %llu verified\n", (ull)k->K), 0;
    printf("lower bound %llu verified", (ull)k->K);
    if (k->K <= trivial)
        printf(" (trivial: every cover of this instance has at least %llu element%s without a "
               "certificate, so it proves nothing)", (ull)trivial, trivial == 1 ? "" : "s");
    if (with_cover) printf("; cover of %llu elements verified", (ull)size);
    return puts(""), 0;
}
/* The check of a certificate of the instance (and of the cover, when not NULL): the verdict's
 * status. A bad instance or cover, or a read error, exits 2 from the readers. */
static int check(checker *k, const char *instance, const char *cover, const char *cert) {
    hgr_read(instance, &k->h);
    uint64_t size = cover ? cover_read(cover, &k->h) : 0;
    k->rd = (reader){ open_or_exit(cert), NULL, 0, CERT_LINE_MAX, 0 };
    k->state = need_memory(calloc((size_t)k->h.n + 1, 1));
    k->acc = need_memory(calloc((size_t)k->h.n + 1, sizeof *k->acc));
    k->touched = need_memory(calloc((size_t)k->h.n + 1, sizeof *k->touched));
    k->sets = need_memory(calloc((size_t)k->h.m + 1, sizeof *k->sets));
    /* The arenas exist before the first node: a row or a list of none points into them
     * (an empty cut, a leaf without y), and a NULL arena plus 0 is undefined in C. */
    k->ys = grow(k->ys, &k->yscap, 1, sizeof *k->ys);
    k->cutel = grow(k->cutel, &k->elcap, 1, sizeof *k->cutel);
    k->cutco = grow(k->cutco, &k->cocap, 1, sizeof *k->cutco);
    if (read_head(k, hgr_checksum(&k->h)) || read_tree(k)) return say(1, k->why, "");
    return verdict(k, cover != NULL, size);
}
/* ---- The command line (left out where another program links the check: T24_CHECK_NO_MAIN,
 * tests/fuzz/fuzz_check.c) ---- */
#ifndef T24_CHECK_NO_MAIN
static const char usage[] =
    "usage: t24-check INSTANCE.hgr [COVER.sol] CERTIFICATE\n"
    "       t24-check --checksum INSTANCE.hgr\n"
    "Checks that every cover of the PACE instance has at least the certificate's bound K\n"
    "elements, and that COVER.sol is a cover (docs/certificates.md). Exit status 0: verified\n"
    "('lower bound K verified', or 'optimum K verified' with a cover of K elements); 1: not\n"
    "(the first failure on stderr, or open nodes); 2: a usage error or a bad instance or cover.\n"
    "  --checksum     print the instance's checksum, as a certificate names it\n"
    "  -h, --help     show this help;  -V, --version  print the version\n";
/* Status st, unless stdout could not take what was printed: a verdict nobody can read is
 * no verdict (exit 2, `t24-check ... > /dev/full`). */
static int flushed(int st) {
    if (fflush(stdout) == 0 && !ferror(stdout)) return st;
    return say(2, "cannot write the verdict to stdout", errno ? strerror(errno) : "write error");
}
int main(int argc, char **argv) {
    static checker k; /* static: what it holds stays reachable to the end (no leak) */
    const char *a = argc > 1 ? argv[1] : "";
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return fputs(usage, stdout), flushed(0);
    if (!strcmp(a, "-V") || !strcmp(a, "--version"))
        return puts("t24-check " T24_CHECK_VERSION), flushed(0);
    if (!strcmp(a, "--checksum") && argc != 3) return say(2, "--checksum takes one file", "");
    if (!strcmp(a, "--checksum"))
        return hgr_read(argv[2], &k.h), printf("%016llx\n", (ull)hgr_checksum(&k.h)), flushed(0);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-') return say(2, "unknown option", argv[i]);
    if (argc < 3 || argc > 4) return say(2, "expected INSTANCE.hgr [COVER.sol] CERTIFICATE", "");
    int st = flushed(check(&k, argv[1], argc == 4 ? argv[2] : NULL, argv[argc - 1]));
    return checker_free(&k), st;
}
#endif
#endif /* __FRAMAC__ */
