/* The certifying search (issue 28): every certificate it writes is read back by a small
 * checker written here from docs/formats.md alone ("Certificates"), which replays the
 * tree and re-evaluates every leaf's bound exactly; the bound proven is compared with
 * brute force. The checker is tested too: planted faults must fail it. */
#include <criterion/criterion.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/proof/certify.h"
#include "hitset/model/pace.h"
#include "hitset/heur/greedy.h"
#include "mincover_helpers.h"

/* ---- a checker of `t24-certificate 1`, from the spec ---- */

#define MAX_TOKENS 4096

typedef struct {
    const instance *h;
    uint32_t n, m;
    uint64_t d;                  /* the denominator */
    uint32_t k;                  /* the claimed bound */
    char **lines;                /* the tree's lines, comments and blanks gone */
    size_t nlines, at;
    unsigned char *state;        /* per element: 0 free, 1 in F0, 2 in F1 */
    unsigned char *dropped;      /* per set */
    uint32_t *hit;               /* per set: elements of F1 in it */
    uint32_t nin;                /* |F1| */
    uint64_t **frames;           /* multipliers stated on the path (dense, per set) */
    uint32_t nframes;
    uint64_t nodes, leaves;
    uint64_t seen[8]; /* how many nodes of each kind (kinds[]) */
    char why[200];
} checker;

/* The kinds of node the tests want to have seen; "fix in" and "fix out" are branches
 * whose first or second child is a `leaf inherit` (reduced-cost fixing at 1, at 0). */
static const char *const kinds[8] = { "leaf inherit", "leaf empty", "leaf y", "split",
                                      "drop", "dominated", "fix in", "fix out" };

static void saw(checker *c, const char *kind)
{
    for (int i = 0; i < 8; i++)
        if (!strcmp(kinds[i], kind))
            c->seen[i]++;
}

static bool is_comment(const char *line)
{
    return line[0] == 'c' && (line[1] == '\0' || line[1] == ' ' || line[1] == '\t');
}

/* Splits text into lines (CR LF taken), dropping comments and blank lines. */
static char **split_lines(char *text, size_t *n)
{
    size_t cap = 1024;
    char **out = malloc(cap * sizeof *out);
    *n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        size_t len = strlen(line);
        if (len && line[len - 1] == '\r')
            line[len - 1] = '\0';
        if (strspn(line, " \t") == strlen(line) || is_comment(line))
            continue;
        if (*n == cap)
            out = realloc(out, (cap *= 2) * sizeof *out);
        out[(*n)++] = line;
    }
    return out;
}

static int tokens(char *line, char **tok)
{
    int n = 0;
    for (char *t = strtok(line, " \t"); t && n < MAX_TOKENS; t = strtok(NULL, " \t"))
        tok[n++] = t;
    return n;
}

static bool number(const char *s, uint64_t max, uint64_t *out)
{
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 19)
        return false;
    *out = strtoull(s, NULL, 10);
    return *out <= max;
}

static bool fail(checker *c, const char *why)
{
    snprintf(c->why, sizeof c->why, "line %zu: %s", c->at, why);
    return false;
}

static bool set_live(const checker *c, uint32_t s)
{
    return !c->dropped[s] && c->hit[s] == 0;
}

static void put(checker *c, uint32_t e, unsigned char st)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(c->h, e, &len);
    if (c->state[e] == 2)
        for (uint32_t i = 0; i < len; i++)
            c->hit[sets[i]]--;
    if (st == 2)
        for (uint32_t i = 0; i < len; i++)
            c->hit[sets[i]]++;
    c->nin += (st == 2) - (c->state[e] == 2);
    c->state[e] = st;
}

/* D * L(y) for y (dense, per set) restricted to the live sets, by the spec's formula. */
static __int128 evaluate(const checker *c, const uint64_t *y)
{
    __int128 ld = 0;
    for (uint32_t s = 0; s < c->m; s++)
        if (set_live(c, s))
            ld += y[s];
    for (uint32_t e = 0; e < c->n; e++) {
        if (c->state[e] != 0)
            continue;
        uint32_t len;
        const uint32_t *sets = instance_elem(c->h, e, &len);
        __int128 sum = 0;
        for (uint32_t i = 0; i < len; i++)
            if (set_live(c, sets[i]))
                sum += y[sets[i]];
        if (sum > (__int128)c->d)
            ld -= sum - (__int128)c->d;
    }
    return ld;
}

static bool holds(const checker *c, __int128 ld)
{
    return c->nin >= c->k || ld > ((__int128)c->k - c->nin - 1) * (__int128)c->d;
}

/* The `y R:V ...` from tok[from..n) into a fresh dense vector, each row live and once. */
static uint64_t *multipliers(checker *c, char **tok, int from, int n)
{
    uint64_t *y = calloc(c->m + 1, sizeof *y);
    unsigned char *seen = calloc(c->m + 1, 1);
    bool ok = true;
    for (int i = from; i < n && ok; i++) {
        char *colon = strchr(tok[i], ':');
        uint64_t r, v;
        ok = colon != NULL;
        if (ok)
            *colon = '\0';
        ok = ok && number(tok[i], c->m, &r) && r > 0 && number(colon + 1, 1ull << 62, &v) &&
             set_live(c, (uint32_t)r - 1) && !seen[r - 1];
        if (ok) {
            seen[r - 1] = 1;
            y[r - 1] = v;
        }
    }
    free(seen);
    if (!ok) {
        free(y);
        return NULL;
    }
    return y;
}

static bool node(checker *c);

static bool leaf(checker *c, char **tok, int n, const uint64_t *own)
{
    c->leaves++;
    if (n >= 2 && !strcmp(tok[1], "empty")) {
        uint64_t s;
        saw(c, "leaf empty");
        if (n != 3 || !number(tok[2], c->m, &s) || s == 0 || c->dropped[s - 1] ||
            c->hit[s - 1])
            return fail(c, "bad `leaf empty`");
        uint32_t len;
        const uint32_t *el = instance_set(c->h, (uint32_t)s - 1, &len);
        for (uint32_t i = 0; i < len; i++)
            if (c->state[el[i]] != 1)
                return fail(c, "`leaf empty` on a set with an element not in F0");
        return true;
    }
    if (n >= 2 && !strcmp(tok[1], "inherit")) {
        saw(c, "leaf inherit");
        if (n != 2 || c->nframes == 0)
            return fail(c, "`leaf inherit` with no ancestor stating multipliers");
        return holds(c, evaluate(c, c->frames[c->nframes - 1])) ||
               fail(c, "an inherited bound does not reach K");
    }
    if (n != 1 && !own)
        return fail(c, "bad leaf");
    if (own)
        saw(c, "leaf y");
    uint64_t *zero = own ? NULL : calloc(c->m + 1, sizeof *zero);
    bool ok = holds(c, evaluate(c, own ? own : zero));
    free(zero);
    return ok || fail(c, "a leaf's bound does not reach K");
}

static bool branch(checker *c, uint32_t e)
{
    if (e >= c->n || c->state[e] != 0)
        return fail(c, "branch on an element not free");
    if (c->at < c->nlines && !strcmp(c->lines[c->at], "leaf inherit"))
        saw(c, "fix in");
    put(c, e, 1);
    bool ok = node(c);
    if (c->at < c->nlines && !strcmp(c->lines[c->at], "leaf inherit"))
        saw(c, "fix out");
    put(c, e, 2);
    ok = ok && node(c);
    put(c, e, 0);
    return ok;
}

static bool split(checker *c, uint32_t s)
{
    saw(c, "split");
    if (s >= c->m || !set_live(c, s))
        return fail(c, "split on a set not live");
    uint32_t len, k = 0;
    const uint32_t *el = instance_set(c->h, s, &len);
    uint32_t *f = malloc((len + 1) * sizeof *f);
    for (uint32_t i = 0; i < len; i++)
        if (c->state[el[i]] == 0)
            f[k++] = el[i];
    bool ok = k > 0 || fail(c, "split on a set with no free element");
    for (uint32_t i = 0; i < k && ok; i++) {
        put(c, f[i], 2);
        ok = node(c);
        put(c, f[i], 1);
    }
    for (uint32_t i = 0; i < k; i++)
        put(c, f[i], 0);
    free(f);
    return ok;
}

static bool dominated(checker *c, uint32_t e, uint32_t f)
{
    saw(c, "dominated");
    if (e >= c->n || f >= c->n || e == f || c->state[e] != 0 || c->state[f] == 1)
        return fail(c, "bad `dominated` elements");
    uint32_t len, m;
    const uint32_t *sets = instance_elem(c->h, e, &len);
    for (uint32_t i = 0; i < len; i++) {
        if (!set_live(c, sets[i]))
            continue;
        const uint32_t *el = instance_set(c->h, sets[i], &m);
        bool has = false;
        for (uint32_t j = 0; j < m; j++)
            has |= el[j] == f;
        if (!has)
            return fail(c, "`dominated E F` with a live set holding E but not F");
    }
    put(c, e, 1);
    bool ok = node(c);
    put(c, e, 0);
    return ok;
}

static bool drop(checker *c, uint32_t s)
{
    saw(c, "drop");
    if (s >= c->m || c->dropped[s])
        return fail(c, "drop of a set already dropped");
    c->dropped[s] = 1;
    bool ok = node(c);
    c->dropped[s] = 0;
    return ok;
}

/* One node and its subtree, from line c->at on. */
static bool node(checker *c)
{
    if (c->at >= c->nlines || !strcmp(c->lines[c->at], "end"))
        return fail(c, "the tree stops before a node");
    char *line = c->lines[c->at++];
    char **tok = malloc((strlen(line) / 2 + 2) * sizeof *tok);
    int n = tokens(line, tok), y = n;
    c->nodes++;
    for (int i = 1; i < n; i++)
        if (!strcmp(tok[i], "y")) {
            y = i;
            break;
        }
    uint64_t *own = NULL, a = 0, b = 0;
    bool bad_y = y < n && !(own = multipliers(c, tok, y + 1, n));
    bool args1 = y == 2 && number(tok[1], UINT32_MAX, &a) && a > 0;
    bool args2 = y == 3 && number(tok[1], UINT32_MAX, &a) && number(tok[2], UINT32_MAX, &b) &&
                 a > 0 && b > 0;
    char kind[16];
    snprintf(kind, sizeof kind, "%s", tok[0]);
    bool ok = !bad_y || fail(c, "bad multipliers");
    if (ok && !strcmp(kind, "leaf"))
        ok = leaf(c, tok, y, own);
    free(tok); /* nothing below reads the line's tokens */
    if (!ok || !strcmp(kind, "leaf")) {
        free(own);
        return ok;
    }
    if (own)
        c->frames[c->nframes++] = own;
    if (!strcmp(kind, "branch") && args1)
        ok = branch(c, (uint32_t)a - 1);
    else if (!strcmp(kind, "split") && args1)
        ok = split(c, (uint32_t)a - 1);
    else if (!strcmp(kind, "drop") && args1)
        ok = drop(c, (uint32_t)a - 1);
    else if (!strcmp(kind, "dominated") && args2)
        ok = dominated(c, (uint32_t)a - 1, (uint32_t)b - 1);
    else
        ok = fail(c, "a node this checker does not know");
    if (own)
        free(c->frames[--c->nframes]);
    return ok;
}

/* FNV-1a 64 of the bytes given, as the spec defines the checksum. */
static uint64_t fnv1a(const char *text, size_t len)
{
    uint64_t x = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        x ^= (unsigned char)text[i];
        x *= 0x100000001b3ULL;
    }
    return x;
}

/* The normalised set list of h as text (the checksum's input), built independently of
 * certify_checksum(): malloc'd. */
static char *normalised(const instance *h)
{
    size_t cap = 64 + 12 * (instance_nnz(h) + instance_nsets(h)), len = 0;
    char *text = malloc(cap);
    len += (size_t)sprintf(text, "p hs %u %u\n", instance_nelems(h), instance_nsets(h));
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t n;
        const uint32_t *el = instance_set(h, s, &n);
        for (uint32_t i = 0; i < n; i++)
            len += (size_t)sprintf(text + len, i ? " %u" : "%u", el[i] + 1);
        text[len++] = '\n';
    }
    text[len] = '\0';
    return text;
}

/* Checks the certificate text (modified in place) for h; NULL when it is valid, else
 * why not. *bound receives its K. */
static const char *check_certificate(const instance *h, char *text, uint32_t *bound,
                                     checker *c)
{
    memset(c, 0, sizeof *c);
    c->h = h;
    c->n = instance_nelems(h);
    c->m = instance_nsets(h);
    c->lines = split_lines(text, &c->nlines);
    char *tok[8];
    char want[64], *norm = normalised(h);
    snprintf(want, sizeof want, "%016" PRIx64, fnv1a(norm, strlen(norm)));
    free(norm);
    uint64_t n, m, k, d;
    const char *why = NULL;
    if (c->nlines < 6 || strcmp(c->lines[0], "t24-certificate 1"))
        why = "no `t24-certificate 1` line";
    else if (tokens(c->lines[1], tok) != 4 || strcmp(tok[0], "instance") ||
             !number(tok[1], UINT32_MAX, &n) || !number(tok[2], UINT32_MAX, &m) ||
             n != c->n || m != c->m || strcmp(tok[3], want))
        why = "the instance line does not match";
    else if (tokens(c->lines[2], tok) != 2 || strcmp(tok[0], "bound") ||
             !number(tok[1], UINT32_MAX, &k))
        why = "bad bound line";
    else if (tokens(c->lines[3], tok) != 2 || strcmp(tok[0], "denominator") ||
             !number(tok[1], 1ull << 62, &d) || d == 0)
        why = "bad denominator line";
    else if (strcmp(c->lines[4], "tree"))
        why = "no tree line";
    if (!why) {
        c->k = (uint32_t)k;
        c->d = d;
        *bound = c->k;
        c->at = 5;
        c->state = calloc(c->n + 1, 1);
        c->dropped = calloc(c->m + 1, 1);
        c->hit = calloc(c->m + 1, sizeof *c->hit);
        c->frames = calloc(c->n + c->m + 2, sizeof *c->frames);
        if (!node(c))
            why = c->why;
        else if (c->at + 1 != c->nlines || strcmp(c->lines[c->at], "end"))
            why = "the tree is not followed by `end` alone";
        free(c->state);
        free(c->dropped);
        free(c->hit);
        free(c->frames);
    }
    free(c->lines);
    return why;
}

/* ---- running the search ---- */

typedef struct {
    certify_result r;
    char *text;
    size_t len;
} run;

static run certify(const instance *h, const certify_params *p)
{
    run out;
    char err[256];
    FILE *fp = open_memstream(&out.text, &out.len);
    cr_assert(fp);
    int rc = certify_run(h, p, fp, &out.r, err, sizeof err);
    fclose(fp);
    cr_assert_eq(rc, 0, "certify_run: %s", err);
    cr_assert_eq(out.r.stats.bytes, out.len, "the result counts %" PRIu64 " bytes, %zu written",
                 out.r.stats.bytes, out.len);
    return out;
}

static void run_free(run *x)
{
    certify_result_free(&x->r);
    free(x->text);
}

/* The certificate checks, proves the result's bound, and the result's cover is one.
 * seen (or NULL) adds up the kinds of node met. */
static void assert_certified(const instance *h, run *x, uint64_t *seen)
{
    checker c;
    uint32_t k = UINT32_MAX;
    char *copy = strdup(x->text);
    const char *why = check_certificate(h, copy, &k, &c);
    cr_assert_null(why, "the certificate fails: %s\n%s", why, x->text);
    free(copy);
    cr_assert_eq(k, x->r.stats.bound);
    cr_assert_eq(c.nodes, x->r.stats.nodes, "%" PRIu64 " nodes, the result says %" PRIu64, c.nodes,
                 x->r.stats.nodes);
    cr_assert_eq(c.leaves, x->r.stats.leaves);
    for (int i = 0; seen && i < 8; i++)
        seen[i] += c.seen[i];
    cr_assert(instance_is_cover(h, x->r.cover, x->r.ncover));
    cr_assert_leq(x->r.stats.bound, x->r.ncover);
    cr_assert_eq(x->r.optimal, x->r.stats.bound == x->r.ncover);
}

/* Each kind named (a NULL-terminated list) was seen: the test exercised it. */
static void assert_all_seen(const uint64_t *seen, ...)
{
    va_list ap;
    va_start(ap, seen);
    for (const char *kind = va_arg(ap, const char *); kind; kind = va_arg(ap, const char *))
        for (int i = 0; i < 8; i++)
            if (!strcmp(kinds[i], kind))
                cr_assert_gt(seen[i], 0, "no `%s` node was checked", kind);
    va_end(ap);
}

static const certify_branching rules[] = { CERTIFY_RELIABLE, CERTIFY_STRONG,
                                           CERTIFY_FRACTIONAL, CERTIFY_SPLIT };

/* Random instances, every branching rule, with and without a start cover: the proof
 * checks and its bound is the optimum found by trying every subset. */
Test(certify, proves_the_brute_force_optimum_of_random_instances)
{
    uint64_t state = 0x2828, seen[8] = { 0 };
    for (int round = 0; round < 60; round++) {
        uint32_t ne = 6 + (uint32_t)(test_random(&state) % 9);
        uint32_t ns = 5 + (uint32_t)(test_random(&state) % 16);
        uint32_t maxlen = 2 + (uint32_t)(test_random(&state) % 4);
        instance *h = random_instance(ne, ns, maxlen, &state);
        uint32_t opt = brute_optimum(h);
        for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
            certify_params p;
            certify_params_init(&p);
            p.branching = rules[i];
            run x = certify(h, &p);
            assert_certified(h, &x, seen);
            cr_assert_eq(x.r.stats.bound, opt, "round %d rule %zu: bound %u, optimum %u", round, i,
                         x.r.stats.bound, opt);
            cr_assert(x.r.optimal);
            /* Again from the optimal cover just found: the same bound. */
            p.start = x.r.cover;
            p.nstart = x.r.ncover;
            run again = certify(h, &p);
            assert_certified(h, &again, seen);
            cr_assert_eq(again.r.stats.bound, opt);
            run_free(&again);
            run_free(&x);
        }
        instance_free(h);
    }
    assert_all_seen(seen, "leaf y", "dominated", "drop", "split", NULL);
}

/* Larger random instances, where the search branches and fixes by reduced cost: the
 * proofs check and prove the optimum (brute force up to 20 elements). */
Test(certify, proves_the_optimum_where_the_search_branches)
{
    uint64_t state = 77, seen[8] = { 0 };
    uint64_t branched = 0;
    for (int round = 0; round < 12; round++) {
        instance *h = uniform_instance(16 + (uint32_t)(round % 5), 30 + 4 * (uint32_t)round,
                                       3 + (uint32_t)(round % 2), &state);
        uint32_t opt = brute_optimum(h);
        for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
            certify_params p;
            certify_params_init(&p);
            p.branching = rules[i];
            run x = certify(h, &p);
            assert_certified(h, &x, seen);
            cr_assert_eq(x.r.stats.bound, opt);
            branched += x.r.lp_solves > 1;
            run_free(&x);
        }
        instance_free(h);
    }
    cr_assert_gt(branched, 0, "no instance made the search branch: the test tests little");
    assert_all_seen(seen, "leaf inherit", "leaf y", "split", "fix out", NULL);
}

/* The published instances with known optima: four cards, where the reductions and the LP
 * settle everything, and five cards, deck 1-5 (optimum 21), where the search branches
 * and fixes elements at 1 by reduced cost as well as at 0. */
Test(certify, proves_the_optima_of_published_instances)
{
    static const struct {
        const char *name;
        uint32_t optimum;
    } cases[] = { { "cards4_deck1-10_target24_all", 93 },
                  { "cards4_deck1-13_target24_reduced", 128 },
                  { "cards5_deck1-5_target24_all", 21 } };
    uint64_t seen[8] = { 0 };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        instance *h = read_data(cases[i].name);
        certify_params p;
        certify_params_init(&p);
        run x = certify(h, &p);
        assert_certified(h, &x, seen);
        cr_assert_eq(x.r.stats.bound, cases[i].optimum, "%s: bound %u", cases[i].name, x.r.stats.bound);
        cr_assert(x.r.optimal);
        run_free(&x);
        instance_free(h);
    }
    assert_all_seen(seen, "leaf inherit", "leaf y", "dominated", "drop", "split", "fix in",
                    "fix out", NULL);
}

/* The spec's checksum of a tiny instance, its sets given unsorted and with a repeat: the
 * normalised text is "p hs 3 2\n1 2\n2 3\n", whose FNV-1a (computed by hand, with
 * Python, and by this file's own loop) is 1ca99816d8e23501. */
Test(certify, checksum_is_fnv1a_of_the_normalised_set_list)
{
    static const uint32_t sets[][16] = { { 1, 0, UINT32_MAX }, { 2, 1, 1, UINT32_MAX } };
    instance *h = make_instance(3, 2, sets);
    const char *text = "p hs 3 2\n1 2\n2 3\n";
    cr_assert_eq(fnv1a(text, strlen(text)), 0x1ca99816d8e23501ULL);
    cr_assert_eq(certify_checksum(h), 0x1ca99816d8e23501ULL);
    certify_params p;
    certify_params_init(&p);
    run x = certify(h, &p);
    cr_assert(strstr(x.text, "\ninstance 3 2 1ca99816d8e23501\n"), "%s", x.text);
    run_free(&x);
    instance_free(h);
}

/* The same sets in another order are another instance. */
Test(certify, checksum_depends_on_the_order_of_the_sets)
{
    static const uint32_t a[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX } };
    static const uint32_t b[][16] = { { 1, 2, UINT32_MAX }, { 0, 1, UINT32_MAX } };
    instance *ha = make_instance(3, 2, a), *hb = make_instance(3, 2, b);
    cr_assert_neq(certify_checksum(ha), certify_checksum(hb));
    instance_free(ha);
    instance_free(hb);
}

typedef struct {
    int calls, stop_after;
} counted_stop;

static int stop_when_counted(void *ctx)
{
    counted_stop *c = ctx;
    return ++c->calls > c->stop_after;
}

/* A harder instance (random triples) with the search stopped after a few nodes, and with
 * a tiny time limit: the certificate is still whole and checks, its bound is at most the
 * cover's; stopped at once, the root's LP still gives its bound, and later the run keeps
 * the last round it finished, so more work never proves less. */
Test(certify, a_stopped_search_still_writes_a_whole_certificate)
{
    uint64_t state = 2024;
    instance *h = uniform_instance(32, 200, 3, &state);
    certify_params p;
    certify_params_init(&p);
    run full = certify(h, &p);
    p.start = full.r.cover; /* the stops below then fall in the tree search */
    p.nstart = full.r.ncover;
    assert_certified(h, &full, NULL);
    cr_assert(full.r.optimal);
    cr_assert_gt(full.r.lp_solves, 20, "too easy to stop midway (%" PRIu64 " LPs)",
                 full.r.lp_solves);
    uint32_t last = 0, between = 0;
    for (int stop = 0; stop < 400; stop += 8) {
        counted_stop c = { 0, stop };
        cancel_check cancel = { stop_when_counted, &c, NULL };
        p.cancel = &cancel;
        run x = certify(h, &p);
        assert_certified(h, &x, NULL);
        /* Stopped at once, the root still solves its LP for one chunk of the simplex
         * (mip/lpwork.h; this small LP fits in one) and keeps its bound, where it once
         * left a stop leaf of bound 0 (issue 49). */
        if (stop == 0)
            cr_assert_geq(x.r.stats.bound, full.r.stats.round[0].bound,
                          "stopped at once: bound %u below the root's %u", x.r.stats.bound,
                          full.r.stats.round[0].bound);
        cr_assert_leq(x.r.stats.bound, full.r.stats.bound);
        cr_assert_geq(x.r.stats.bound, last, "stopped after %d nodes: %u, after fewer: %u", stop,
                      x.r.stats.bound, last);
        between += x.r.stats.bound > last && x.r.stats.bound < full.r.stats.bound && x.r.rounds > 1;
        last = x.r.stats.bound;
        run_free(&x);
    }
    cr_assert_gt(between, 0, "no stopped run kept a round between the root and the optimum");
    p.cancel = NULL;
    p.limit = budget_until(walltime_now(), NULL); /* over at once */
    run x = certify(h, &p);
    assert_certified(h, &x, NULL);
    cr_assert_leq(x.r.stats.bound, x.r.ncover);
    run_free(&x);
    run_free(&full);
    instance_free(h);
}

/* A goal g sets the bound proven: from the root's own bound (goal 1: one leaf) up to the
 * optimum, each goal is proven exactly; a goal past the optimum proves the optimum. */
Test(certify, a_goal_proves_that_bound_and_no_more)
{
    uint64_t state = 4848;
    uint32_t climbed = 0;
    for (int round = 0; round < 6; round++) {
        instance *h = uniform_instance(17 + (uint32_t)round % 4, 60 + 10 * (uint32_t)round, 3,
                                       &state);
        uint32_t opt = brute_optimum(h);
        certify_params p;
        certify_params_init(&p);
        p.goal = 1;
        run root = certify(h, &p);
        assert_certified(h, &root, NULL);
        cr_assert_leq(root.r.stats.bound, opt);
        cr_assert_eq(root.r.stats.leaves, 1, "the root's bound is one leaf, not %" PRIu64,
                     root.r.stats.leaves);
        p.start = root.r.cover;
        p.nstart = root.r.ncover;
        for (uint32_t g = root.r.stats.bound; g <= opt + 1; g++) {
            p.goal = g;
            run x = certify(h, &p);
            assert_certified(h, &x, NULL);
            cr_assert_eq(x.r.stats.bound, g <= opt ? g : opt, "goal %u, optimum %u: proved %u", g,
                         opt, x.r.stats.bound);
            climbed += g > root.r.stats.bound && g < opt;
            run_free(&x);
        }
        run_free(&root);
        instance_free(h);
    }
    cr_assert_gt(climbed, 0, "no goal between the root's bound and the optimum was tried");
}

static void count_improvements(void *ctx, const uint32_t *elems, uint32_t n)
{
    uint32_t *last = ctx;
    cr_assert_lt(n, *last, "an improvement that is no smaller");
    (void)elems;
    *last = n;
}

/* From a poor start (each set's highest element: a cover, but far from the least), the
 * search reports each smaller cover it finds and ends with the optimum. */
Test(certify, reports_each_smaller_cover_found)
{
    uint64_t state = 5;
    instance *h = uniform_instance(18, 50, 3, &state);
    uint32_t start[50], len, last = UINT32_MAX;
    for (uint32_t s = 0; s < 50; s++)
        start[s] = instance_set(h, s, &len)[len - 1];
    greedy_cover g, pruned;
    cr_assert_eq(greedy_order(h, start, 50, &g), 0);
    cr_assert_eq(greedy_prune(h, &g, &pruned), 0);
    uint32_t opt = brute_optimum(h);
    cr_assert_gt(pruned.n, opt, "the start is already optimal: the test tests little");
    certify_params p;
    certify_params_init(&p);
    p.start = start;
    p.nstart = 50;
    p.improved = count_improvements;
    p.improved_ctx = &last;
    run x = certify(h, &p);
    assert_certified(h, &x, NULL);
    cr_assert_eq(x.r.stats.bound, opt);
    cr_assert(x.r.optimal);
    cr_assert_eq(last, x.r.ncover, "the last cover reported is not the result's");
    greedy_cover_free(&g);
    greedy_cover_free(&pruned);
    run_free(&x);
    instance_free(h);
}

/* The checker itself: faults planted in a valid certificate fail it. */
Test(certify, the_test_checker_refuses_planted_faults)
{
    uint64_t state = 99;
    instance *h = uniform_instance(20, 70, 3, &state);
    certify_params p;
    certify_params_init(&p);
    run x = certify(h, &p);
    assert_certified(h, &x, NULL);
    cr_assert_gt(x.r.lp_solves, 1);
    char bound[32], higher[32];
    snprintf(bound, sizeof bound, "\nbound %u\n", x.r.stats.bound);
    snprintf(higher, sizeof higher, "\nbound %u\n", x.r.stats.bound + 1);
    static const char *const cuts[] = { "\nleaf inherit\n", "\nleaf y", "\nbranch " };
    struct {
        const char *from, *to;
    } faults[] = { { bound, higher },
                   { "\ninstance ", "\ninstance 1" },
                   { "\ndenominator 4294967296\n", "\ndenominator 8589934592\n" },
                   { "\nend\n", "\n" },
                   { " y ", " y 1:4294967296 " } };
    for (size_t i = 0; i < sizeof faults / sizeof *faults + sizeof cuts / sizeof *cuts; i++) {
        char *t = strdup(x.text), *at;
        if (i < sizeof faults / sizeof *faults) {
            at = strstr(t, faults[i].from);
            cr_assert(at, "fault %zu has nowhere to go", i);
            size_t lf = strlen(faults[i].from), lt = strlen(faults[i].to);
            char *u = malloc(strlen(t) + lt + 1);
            memcpy(u, t, (size_t)(at - t));
            strcpy(u + (at - t), faults[i].to);
            strcat(u, at + lf);
            free(t);
            t = u;
        } else { /* remove a whole node line: some node misses a child */
            at = strstr(t, cuts[i - sizeof faults / sizeof *faults]);
            cr_assert(at, "no line to cut");
            char *eol = strchr(at + 1, '\n');
            memmove(at, eol, strlen(eol) + 1);
        }
        checker c;
        uint32_t k;
        cr_assert_not_null(check_certificate(h, t, &k, &c), "planted fault %zu passed", i);
        free(t);
    }
    run_free(&x);
    instance_free(h);
}

/* Field i of the list in refuses_bad_parameters, set out of range. */
static void spoil(certify_params *p, int i)
{
    switch (i) {
    case 0: p->limit.end = -1; break;
    case 1: p->limit.end = NAN; break;
    case 2: p->nstart = 3; break;
    case 3: p->branching = (certify_branching)9; break;
    case 4: p->strong_candidates = 0; break;
    case 5: p->strong_iterations = 0; break;
    case 6: p->mem_limit_mb = -1; break;
    default: p->reliability = 1001; break;
    }
}

/* Out-of-range parameters are refused, naming the field; nothing is written. */
Test(certify, refuses_bad_parameters)
{
    static const uint32_t sets[][16] = { { 0, 1, UINT32_MAX } };
    static const char *const fields[] = { "limit.end", "limit.end", "nstart",
                                          "branching", "strong_candidates",
                                          "strong_iterations", "mem_limit_mb",
                                          "reliability" };
    instance *h = make_instance(2, 1, sets);
    for (int i = 0; i < (int)(sizeof fields / sizeof *fields); i++) {
        certify_params p;
        certify_result r;
        char err[256], *text = NULL;
        size_t len = 0;
        certify_params_init(&p);
        spoil(&p, i);
        FILE *fp = open_memstream(&text, &len);
        cr_assert_eq(certify_run(h, &p, fp, &r, err, sizeof err), -1);
        fclose(fp);
        cr_assert_eq(len, 0);
        cr_assert(strstr(err, fields[i]), "%s: %s", fields[i], err);
        free(text);
    }
    instance_free(h);
}

/* A stream that fails is an error, not a silent short certificate. */
Test(certify, a_failing_stream_is_an_error)
{
    static const uint32_t sets[][16] = { { 0, 1, UINT32_MAX }, { 1, 2, UINT32_MAX } };
    instance *h = make_instance(3, 2, sets);
    FILE *fp = fopen("/dev/full", "w");
    cr_assert(fp);
    certify_params p;
    certify_result r;
    char err[256];
    certify_params_init(&p);
    cr_assert_eq(certify_run(h, &p, fp, &r, err, sizeof err), -1);
    cr_assert(strstr(err, "write"), "%s", err);
    cr_assert_null(r.cover);
    fclose(fp);
    instance_free(h);
}

/* An instance without sets: the empty cover, proven by one leaf. */
Test(certify, an_instance_without_sets_has_the_empty_cover)
{
    char err[256];
    uint64_t off[1] = { 0 };
    instance *h = instance_new(4, 0, off, NULL, err, sizeof err);
    cr_assert(h, "%s", err);
    certify_params p;
    certify_params_init(&p);
    run x = certify(h, &p);
    assert_certified(h, &x, NULL);
    cr_assert_eq(x.r.stats.bound, 0);
    cr_assert_eq(x.r.ncover, 0);
    cr_assert(x.r.optimal);
    run_free(&x);
    instance_free(h);
}
