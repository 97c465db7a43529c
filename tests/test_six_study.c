/* test_six_study.c - the six-card hitting-set pipeline end to end (issue 31): `t24 study
 * --cards 6 --deck 1-3`, checked by code that shares nothing with it. Its cover's
 * expressions are evaluated here, with exact fractions, on the sorted cards of every hand
 * of the deck, and must solve every hand the general solver (solve/search, which knows
 * nothing of templates) solves; each entry's "solves" must be what that evaluation
 * counts. Its optimum must be the minimum that a brute-force search here finds on the
 * hitting-set instance, and its cover must hit every set of that instance. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "helpers.h"
#include "solve/search.h"
#include "study/study.h"

#define NCARDS 6
#define LO 1
#define HI 3
#define TARGET 24
#define MAXHANDS 64 /* C(HI - LO + NCARDS, NCARDS) = 28 hands */

/* An exact fraction, den > 0, in lowest terms; small enough here (six cards of 1..3)
 * that int64_t cannot overflow. */
typedef struct {
    int64_t num, den;
    bool ok; /* false after a division by zero */
} frac;

static int64_t gcd(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a ? a : 1;
}

static frac make(int64_t num, int64_t den, bool ok)
{
    if (!ok || den == 0)
        return (frac){ 0, 1, false };
    if (den < 0) {
        num = -num;
        den = -den;
    }
    int64_t g = gcd(num, den);
    return (frac){ num / g, den / g, true };
}

static frac apply(char op, frac a, frac b)
{
    bool ok = a.ok && b.ok;
    switch (op) {
    case '+':
        return make(a.num * b.den + b.num * a.den, a.den * b.den, ok);
    case '-':
        return make(a.num * b.den - b.num * a.den, a.den * b.den, ok);
    case '*':
        return make(a.num * b.num, a.den * b.den, ok);
    default:
        return make(a.num * b.den, a.den * b.num, ok);
    }
}

/* expr := term (('+' | '-') term)*; term := factor (('*' | '/') factor)*;
 * factor := '-' factor | 'x' digit | '(' expr ')'. */
static frac parse_expr(const char **s, const int64_t *x);

static frac parse_factor(const char **s, const int64_t *x)
{
    if (**s == '-') {
        (*s)++;
        return apply('-', make(0, 1, true), parse_factor(s, x));
    }
    if (**s == '(') {
        (*s)++;
        frac v = parse_expr(s, x);
        cr_assert_eq(**s, ')', "unbalanced expression at '%s'", *s);
        (*s)++;
        return v;
    }
    cr_assert(**s == 'x' && isdigit((unsigned char)(*s)[1]) && (*s)[1] - '0' < NCARDS,
              "not a variable at '%s'", *s);
    int i = (*s)[1] - '0';
    *s += 2;
    return make(x[i], 1, true);
}

static frac parse_term(const char **s, const int64_t *x)
{
    frac v = parse_factor(s, x);
    while (**s == '*' || **s == '/') {
        char op = *(*s)++;
        v = apply(op, v, parse_factor(s, x));
    }
    return v;
}

static frac parse_expr(const char **s, const int64_t *x)
{
    frac v = parse_term(s, x);
    while (**s == '+' || **s == '-') {
        char op = *(*s)++;
        v = apply(op, v, parse_term(s, x));
    }
    return v;
}

/* Does the expression make TARGET with x0 <= x1 <= ... the sorted cards? */
static bool makes_target(const char *expr, const int64_t *cards)
{
    const char *s = expr;
    frac v = parse_expr(&s, cards);
    cr_assert_eq(*s, '\0', "trailing text in '%s'", expr);
    return v.ok && v.den == 1 && v.num == TARGET;
}

/* Every hand of the deck, cards ascending: the multisets of NCARDS values of LO..HI. */
static int all_hands(int64_t hands[][NCARDS])
{
    int n = 0;
    int64_t c[NCARDS];
    for (int i = 0; i < NCARDS; i++)
        c[i] = LO;
    for (;;) {
        cr_assert_lt(n, MAXHANDS);
        memcpy(hands[n++], c, sizeof c);
        int i = NCARDS - 1;
        while (i >= 0 && c[i] == HI)
            i--;
        if (i < 0)
            return n;
        c[i]++;
        for (int j = i + 1; j < NCARDS; j++)
            c[j] = c[i];
    }
}

/* The hitting set's elements as masks of the sets they hit (at most 32 sets). */
typedef struct {
    uint32_t *mask;
    uint32_t n;
    uint32_t all; /* every set */
} masks;

/* The distinct masks no other one contains: a minimum cover needs no other. */
static masks maximal_masks(const hs_instance *h)
{
    uint32_t ns = hs_instance_nsets(h), ne = hs_instance_nelems(h);
    cr_assert_leq(ns, 32);
    uint32_t *m = calloc(ne + 1, sizeof *m);
    cr_assert(m);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++)
            m[el[i]] |= 1u << s;
    }
    masks out = { calloc(ne + 1, sizeof *out.mask), 0, ns == 32 ? UINT32_MAX : (1u << ns) - 1 };
    cr_assert(out.mask);
    for (uint32_t e = 0; e < ne; e++) {
        bool dominated = m[e] == 0;
        for (uint32_t f = 0; f < ne && !dominated; f++)
            dominated = f != e && (m[e] & m[f]) == m[e] && (m[e] != m[f] || f < e);
        if (!dominated)
            out.mask[out.n++] = m[e];
    }
    free(m);
    return out;
}

/* Can k masks hit every set not in `hit`? Branches on the lowest set still missed. */
static bool coverable(const masks *m, uint32_t hit, int k)
{
    if (hit == m->all)
        return true;
    if (k == 0)
        return false;
    uint32_t missed = m->all & ~hit, lowest = missed & -missed;
    for (uint32_t i = 0; i < m->n; i++)
        if ((m->mask[i] & lowest) && coverable(m, hit | m->mask[i], k - 1))
            return true;
    return false;
}

static int brute_minimum(const hs_instance *h)
{
    masks m = maximal_masks(h);
    int k = 0;
    while (!coverable(&m, 0, k))
        k++;
    free(m.mask);
    return k;
}

/* The same study in this process, for its instance (the CLI prints only its cover). */
static study study_here(void)
{
    enumeration_params sp;
    hs_params hp;
    study s;
    char err[256];
    enumeration_params_init(&sp);
    sp.ncards = NCARDS;
    sp.lo = LO;
    sp.hi = HI;
    sp.target = TARGET;
    sp.groupings = TEMPLATE_ALL; /* the CLI's default for six cards */
    hs_params_init(&hp);
    hp.greedy_runs = 1;
    cr_assert_eq(study_run(&s, &sp, &hp, err, sizeof err), 0, "%s", err);
    return s;
}

Test(six_study, deck_1_to_3_cover_checked_by_evaluation_and_brute_force, .timeout = 600)
{
    run_result r = run_t24("study --cards 6 --deck 1-3 --json --time-limit 120", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cJSON *js = cJSON_Parse(r.out);
    cr_assert(js, "not JSON: %.300s", r.out);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(js, "groupings")), "all");

    /* The hands, and which the general solver solves. */
    static int64_t hands[MAXHANDS][NCARDS];
    int nhands = all_hands(hands), nsolvable = 0;
    bool solvable[MAXHANDS];
    search *srch = search_new();
    search_params sp;
    search_params_init(&sp);
    sp.target = TARGET;
    for (int i = 0; i < nhands; i++) {
        cr_assert_eq(search_run(srch, hands[i], NCARDS, &sp, NULL), SEARCH_OK);
        solvable[i] = search_count(srch) > 0;
        nsolvable += solvable[i];
    }
    search_free(srch);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(js, "hands")), nhands);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(js, "hitting_set_hands")), nsolvable);

    /* The cover, evaluated here: it solves exactly the solvable hands, each entry the
     * number of hands it says. */
    const cJSON *cover = cJSON_GetObjectItem(js, "cover"), *entry;
    cr_assert(cJSON_IsArray(cover));
    int ncover = cJSON_GetArraySize(cover);
    uint32_t templates[64];
    bool met[MAXHANDS] = { false };
    int k = 0;
    cJSON_ArrayForEach(entry, cover)
    {
        const char *expr = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "expression"));
        cr_assert(expr);
        cr_assert_lt(k, 64);
        templates[k++] = (uint32_t)cJSON_GetNumberValue(cJSON_GetObjectItem(entry, "template"));
        int solves = 0;
        for (int i = 0; i < nhands; i++)
            if (makes_target(expr, hands[i])) {
                cr_expect(solvable[i], "%s makes %d on a hand the solver calls unsolvable", expr,
                          TARGET);
                met[i] = true;
                solves++;
            }
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(entry, "solves")), solves, "%s",
                     expr);
    }
    for (int i = 0; i < nhands; i++)
        cr_expect(met[i] || !solvable[i], "the cover misses hand %d (%lld %lld %lld %lld %lld "
                  "%lld)", i, (long long)hands[i][0], (long long)hands[i][1],
                  (long long)hands[i][2], (long long)hands[i][3], (long long)hands[i][4],
                  (long long)hands[i][5]);

    /* Its size: the brute-force minimum of the instance, which it hits. */
    study s = study_here();
    const hs_instance *h = classes_instance(s.cls);
    cr_assert_eq(hs_instance_nsets(h), (uint32_t)nsolvable);
    uint32_t elems[64];
    for (int i = 0; i < ncover; i++) {
        elems[i] = classes_of(s.cls, templates[i]);
        cr_assert_neq(elems[i], CLASSES_NONE, "template %u is in no class", templates[i]);
    }
    cr_expect(hs_instance_is_cover(h, elems, (uint32_t)ncover), "the cover misses a set");
    int minimum = brute_minimum(h);
    cr_expect_eq(ncover, minimum, "cover of %d, brute-force minimum %d", ncover, minimum);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(js, "optimum")), minimum);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(js, "optimal")));
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(js, "best_bound")), minimum);
    cr_expect_gt(minimum, cJSON_GetNumberValue(cJSON_GetObjectItem(js, "packing_bound")),
                 "the premise: more than the packing bound decides it");
    study_free(&s);
    cJSON_Delete(js);
    run_free(&r);
}
