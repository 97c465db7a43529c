/* test_stop.c - deterministic stops, in the style of kissat's testterminate.c: a cancel
 * (core/cancel.h) that fires on its Nth check, for N = 1, 2, ... until the run completes,
 * through the whole pipeline: the cover run (mincover_run), the certifying search
 * (certify_run) and the cubes (split, run, merge). At every N the cover is a cover, the
 * bound is at most the optimum (a brute force written here, sharing no code with the
 * engine or its other tests), and the bound never goes down as N grows: a stop leaves
 * what was found valid, and more work never proves less.
 *
 * No clock is asserted: the time limits are far beyond what the instances need, so the
 * cancel alone decides where each run stops, and every N is reproducible. Where a run
 * asks its cancel many times, N steps by one up to STOP_DENSE and over the last
 * STOP_TAIL checks, and geometrically (by an eighth) in between, so that a file runs in
 * seconds. Also here: core/budget.h's arithmetic. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/walltime.h"
#include "core/budget.h"
#include "hitset/cubes/cubes.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/proof/certify.h"

/* N by one up to STOP_DENSE and over the last STOP_TAIL checks, else by 1/STOP_GROWTH.
 * Under AddressSanitizer (make test's second pass, where every run costs several times
 * more) fewer Ns: the Release pass tries the dense set, the sanitizer pass the same run's
 * code paths at a sparser set (250 s against 40 s otherwise). */
#if defined(__SANITIZE_ADDRESS__)
#define STOP_DENSE 30
#define STOP_TAIL 15
#define STOP_GROWTH 3
#else
#define STOP_DENSE 200
#define STOP_TAIL 50
#define STOP_GROWTH 8
#endif
/* A run that asks its cancel more than this many times is not a small instance. */
#define STOP_MAX_CHECKS 2000000u

/* ---- core/budget.h ---- */

Test(budget, glpk_ms_rounds_up_and_clamps_to_one_and_int_max)
{
    cr_assert_eq(budget_glpk_ms(0), 1);
    cr_assert_eq(budget_glpk_ms(-5), 1);
    cr_assert_eq(budget_glpk_ms(1e-6), 1);
    cr_assert_eq(budget_glpk_ms(0.0011), 2);
    cr_assert_eq(budget_glpk_ms(2.5), 2500);
    cr_assert_eq(budget_glpk_ms(1e12), INT_MAX);
}

Test(budget, floor_share_and_left)
{
    cr_assert_eq(budget_floor(0), BUDGET_FLOOR);
    cr_assert_eq(budget_floor(-1), BUDGET_FLOOR);
    cr_assert_eq(budget_floor(0.5), 0.5);
    budget none = budget_until(0, NULL);
    cr_assert(isinf(budget_left(none, 123)));
    cr_assert(!budget_over(none, 1e12));
    budget b = budget_until(100, NULL);
    cr_assert_eq(budget_left(b, 90), 10);
    cr_assert(!budget_over(b, 99.5));
    cr_assert(budget_over(b, 100));
    cr_assert_eq(budget_share(b, 90, 0.25, 8), 2);        /* a share of a total */
    cr_assert_eq(budget_share(b, 99, 0.25, 8), 1);        /* capped by what is left */
    cr_assert_eq(budget_share(b, 101, 0.25, 8), BUDGET_FLOOR); /* past the end: floor */
    cr_assert_eq(budget_share(b, 99.99995, 0.25, 1e-4), 2.5e-5); /* a share under it */
}

typedef struct {
    uint64_t calls, fire_at; /* checks so far; the check that answers stop (0: never) */
} counted;

static int count_check(void *ctx)
{
    counted *c = ctx;
    uint64_t n = __atomic_add_fetch(&c->calls, 1, __ATOMIC_RELAXED);
    return c->fire_at && n >= c->fire_at;
}

/* Has the counted cancel answered stop (without asking it once more)? */
static bool fired(const cancel_check *cancel)
{
    const counted *c = cancel->ctx;
    return c->fire_at && c->calls >= c->fire_at;
}

Test(budget, a_poll_asks_once_per_stride_and_stays_stopped)
{
    counted c = { 0, 3 };
    cancel_check cancel = { count_check, &c };
    budget_poll p = budget_poll_make(budget_until(0, &cancel), 10);
    cr_assert(!budget_poll_stopped(&p, 0)); /* the first question asks */
    cr_assert(!budget_poll_stopped(&p, 9));
    cr_assert_eq(c.calls, 1);
    cr_assert(!budget_poll_stopped(&p, 10));
    cr_assert_eq(c.calls, 2);
    cr_assert(budget_poll_stopped(&p, 25));
    cr_assert(budget_poll_stopped(&p, 26));
    cr_assert(budget_poll_stopped(&p, 1000));
    cr_assert_eq(c.calls, 3);
}

/* A limit in work: counted by the phases, over at its end with no clock read (the end on
 * the clock is 0 here), its share taken of the work left. */
Test(budget, work_is_counted_and_ends_the_budget)
{
    budget_work w = { 0 };
    budget b = budget_counting(budget_until(0, NULL), &w, 100);
    cr_assert(budget_by_work(b));
    cr_assert(!budget_by_work(budget_until(0, NULL)));
    cr_assert_eq(budget_work_left(budget_until(0, NULL)), UINT64_MAX);
    budget_add(b, 60);
    cr_assert_eq(budget_used(b), 60);
    cr_assert_eq(budget_work_left(b), 40);
    cr_assert(!budget_over(b, 1e12)); /* no end on the clock: any time */
    budget half = budget_work_share(b, 0.5);
    cr_assert_eq(half.work_end, 80);
    budget_add(half, 20); /* one counter: the share's work is the run's */
    cr_assert_eq(w.used, 80);
    cr_assert(budget_over(half, 0));
    cr_assert(!budget_over(b, 0));
    budget_add(b, UINT64_MAX); /* saturates, never wraps */
    cr_assert_eq(w.used, UINT64_MAX);
    cr_assert(budget_over(b, 0));
    budget_add(budget_until(0, NULL), 5); /* no counter: nothing, no crash */
    cr_assert_eq(budget_used(budget_until(0, NULL)), 0);
}

/* A poll adds what its loop did to the counter and stops at the work end at once, not at
 * its next reading of the clock. */
Test(budget, a_poll_counts_its_work_and_stops_at_the_work_end)
{
    budget_work w = { 5 };
    budget_poll p = budget_poll_make(budget_counting(budget_until(0, NULL), &w, 50), 1000);
    cr_assert(!budget_poll_stopped(&p, 10));
    cr_assert_eq(w.used, 15);
    cr_assert(!budget_poll_stopped(&p, 44));
    cr_assert_eq(w.used, 49);
    cr_assert(budget_poll_stopped(&p, 45)); /* 50: well before the stride's 1000 */
    cr_assert_eq(w.used, 50);
    cr_assert(budget_poll_stopped(&p, 45));
    cr_assert_eq(w.used, 50); /* asked again: nothing counted twice */
}

/* The one range check of a limit: seconds in (0, 1e9], work in 1..1e15 (0 where allowed);
 * the message names the field and the value. */
Test(budget, one_range_check_names_the_field_and_value)
{
    char err[128];
    cr_assert_eq(budget_check_seconds("time_limit", 1e9, err, sizeof err), 0);
    cr_assert_eq(budget_check_seconds("time_limit", 1e-3, err, sizeof err), 0);
    cr_assert_eq(budget_check_seconds("time_limit", 0, err, sizeof err), -1);
    cr_assert(strstr(err, "time_limit = 0;"), "%s", err);
    cr_assert_eq(budget_check_seconds("x", 1.5e9, err, sizeof err), -1);
    cr_assert_eq(budget_check_seconds("x", NAN, err, sizeof err), -1);
    cr_assert_eq(budget_check_work("work", 0, true, err, sizeof err), 0);
    cr_assert_eq(budget_check_work("work", 0, false, err, sizeof err), -1);
    cr_assert_eq(budget_check_work("work", BUDGET_MAX_WORK, false, err, sizeof err), 0);
    cr_assert_eq(budget_check_work("work", BUDGET_MAX_WORK + 1, true, err, sizeof err), -1);
    cr_assert(strstr(err, "work = 1000000000000001;"), "%s", err);
    /* seconds that may be left to a default: < 0, 0, or the range above (issue 48 item 4:
     * the driver's and the library's own copies of it are gone) */
    cr_assert_eq(budget_check_optional_seconds("ls_seconds", -1, "d", err, sizeof err), 0);
    cr_assert_eq(budget_check_optional_seconds("ls_seconds", 0, "d", err, sizeof err), 0);
    cr_assert_eq(budget_check_optional_seconds("ls_seconds", 1e9, "d", err, sizeof err), 0);
    cr_assert_eq(budget_check_optional_seconds("ls_seconds", 2e9, "d", err, sizeof err), -1);
    cr_assert(strstr(err, "ls_seconds = 2000000000; must be < 0 (d)"), "%s", err);
    cr_assert_eq(budget_check_optional_seconds("ls_seconds", NAN, "d", err, sizeof err), -1);
    cr_assert(budget_seconds_ok(1e9) && !budget_seconds_ok(0) && !budget_seconds_ok(NAN));
}

/* A phase's own end within the run's (issue 48 item 4): budget_sooner() keeps the sooner
 * end (none counts as latest), budget_time_share() takes a fraction of the time left,
 * at least the floor, and leaves the end alone with a work end (the time is then a cap)
 * or none. The figures are the arithmetic of the contract, not the code's output. */
Test(budget, a_phase_end_is_the_sooner_or_a_share)
{
    budget none = budget_until(0, NULL), at10 = budget_until(10, NULL);
    cr_assert_eq(budget_sooner(none, 5).end, 5);
    cr_assert_eq(budget_sooner(at10, 5).end, 5);
    cr_assert_eq(budget_sooner(at10, 20).end, 10);
    cr_assert_eq(budget_sooner(at10, 0).end, 10);
    cr_assert_eq(budget_time_share(at10, 2, 0.25).end, 4);     /* 2 + 0.25 x 8 */
    cr_assert_eq(budget_time_share(at10, 10, 0.25).end, 10 + BUDGET_FLOOR);
    cr_assert_eq(budget_time_share(none, 2, 0.25).end, 0);
    budget_work w = { 0 };
    cr_assert_eq(budget_time_share(budget_counting(at10, &w, 100), 2, 0.25).end, 10);
}

/* ---- the instances and their oracle ---- */

/* A small instance as bit masks (at most 20 elements, 128 sets), built from its own generator. */
typedef struct {
    uint32_t ne, ns;
    uint32_t mask[128];
} masks;

static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* ns sets of k distinct elements of ne. */
static masks make_masks(uint32_t ne, uint32_t ns, uint32_t k, uint64_t seed)
{
    masks m = { ne, ns, { 0 } };
    cr_assert(ne <= 20 && ns <= 128 && k <= ne);
    for (uint32_t s = 0; s < ns; s++)
        while ((uint32_t)__builtin_popcount(m.mask[s]) < k)
            m.mask[s] |= 1u << (next_random(&seed) % ne);
    return m;
}

/* The fewest elements meeting every set: every subset tried; *which (or NULL) gets one
 * such subset as a mask. */
static uint32_t oracle_solve(const masks *m, uint32_t *which)
{
    uint32_t best = m->ne + 1;
    for (uint32_t sub = 0; sub < (1u << m->ne); sub++) {
        uint32_t k = (uint32_t)__builtin_popcount(sub), s = 0;
        if (k >= best)
            continue;
        while (s < m->ns && (m->mask[s] & sub))
            s++;
        if (s == m->ns) {
            best = k;
            if (which)
                *which = sub;
        }
    }
    return best;
}

static uint32_t oracle_optimum(const masks *m)
{
    return oracle_solve(m, NULL);
}

/* Does elems[0..n) meet every set? (the oracle's own check, beside instance_is_cover) */
static bool oracle_covers(const masks *m, const uint32_t *elems, uint32_t n)
{
    uint32_t sub = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (elems[i] >= m->ne)
            return false;
        sub |= 1u << elems[i];
    }
    for (uint32_t s = 0; s < m->ns; s++)
        if (!(m->mask[s] & sub))
            return false;
    return true;
}

static instance *masks_instance(const masks *m)
{
    uint64_t off[129] = { 0 };
    uint32_t el[128 * 20];
    for (uint32_t s = 0; s < m->ns; s++) {
        off[s + 1] = off[s];
        for (uint32_t e = 0; e < m->ne; e++)
            if (m->mask[s] & (1u << e))
                el[off[s + 1]++] = e;
    }
    char err[256];
    instance *h = instance_new(m->ne, m->ns, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    return h;
}

/* The instances: a few shapes that make the reductions, the bounds and the searches work
 * (triples and pairs of 12 to 14 elements, sets enough to leave a core). */
static const struct {
    uint32_t ne, ns, k;
    uint64_t seed;
} shapes[] = { { 12, 40, 3, 7 }, { 14, 50, 3, 2024 }, { 13, 30, 2, 99 } };
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* What one stopped run gives: a cover and a bound. */
typedef struct {
    uint32_t *cover, ncover, bound;
    bool refused; /* a refusal the run documents (no cover, nothing written) */
} outcome;

typedef outcome (*stopped_run)(const instance *h, const cancel_check *cancel, void *ctx);

/* The next N after n in a run of `total` checks: by one up to STOP_DENSE and over the
 * last STOP_TAIL (the end of the pipeline: the cubes' searches and the merge ask few
 * times after the split's many), by 1/STOP_GROWTH in between. */
static uint64_t next_n(uint64_t n, uint64_t total)
{
    if (n < STOP_DENSE || n + STOP_TAIL >= total)
        return n + 1;
    uint64_t next = n + n / STOP_GROWTH;
    return next + STOP_TAIL < total ? next : total - STOP_TAIL;
}

/* run stopped at its Nth cancel check, N = 1, 2, ... until it completes: at every N a
 * cover, a bound at most the optimum and at least the last one. Returns the Ns tried. */
static uint64_t stop_everywhere(const masks *m, stopped_run run, void *ctx, const char *what)
{
    instance *h = masks_instance(m);
    uint32_t opt = oracle_optimum(m), last = 0;
    uint64_t tried = 0;
    counted all = { 0, 0 }; /* the checks of a run never stopped */
    cancel_check never = { count_check, &all };
    outcome whole = run(h, &never, ctx);
    free(whole.cover);
    for (uint64_t n = 1;; n = next_n(n, all.calls)) {
        counted c = { 0, n };
        cancel_check cancel = { count_check, &c };
        outcome o = run(h, &cancel, ctx);
        tried++;
        if (o.refused) { /* allowed only while stopped: the complete run asserts below */
            cr_assert(fired(&cancel), "%s refused, not stopped", what);
            continue;
        }
        cr_assert(instance_is_cover(h, o.cover, o.ncover) && oracle_covers(m, o.cover, o.ncover),
                  "%s stopped at check %llu: not a cover", what, (unsigned long long)n);
        cr_assert_geq(o.ncover, opt);
        cr_assert_leq(o.bound, opt, "%s stopped at check %llu: bound %u above the optimum %u",
                      what, (unsigned long long)n, o.bound, opt);
        cr_assert_geq(o.bound, last, "%s stopped at check %llu: bound %u below %u, proven with "
                      "fewer checks", what, (unsigned long long)n, o.bound, last);
        last = o.bound;
        free(o.cover);
        bool done = c.calls < n; /* the run ended before its Nth check */
        if (done) {
            cr_assert_eq(o.bound, opt, "%s, never stopped: bound %u, optimum %u", what,
                         o.bound, opt);
            cr_log_info("%s: %llu checks in a complete run, %llu stops tried", what,
                        (unsigned long long)c.calls, (unsigned long long)tried);
            break;
        }
        cr_assert_lt(n, STOP_MAX_CHECKS, "%s: over %u checks, not a small instance", what,
                     STOP_MAX_CHECKS);
    }
    instance_free(h);
    return tried;
}

/* ---- the cover run ---- */

static outcome cover_run(const instance *h, const cancel_check *cancel, void *ctx)
{
    (void)ctx;
    mincover_params p;
    mincover_result r;
    char err[256];
    mincover_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL); /* never reached: the cancel decides */
    p.cancel = *cancel;
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    outcome o = { malloc((r.cover.n + 1) * sizeof *o.cover), r.cover.n, r.best_bound, false };
    memcpy(o.cover, r.cover.elems, r.cover.n * sizeof *o.cover);
    cr_assert_eq(r.optimum, r.cover.n);
    mincover_result_free(&r);
    return o;
}

Test(stop, the_cover_run_stopped_at_every_check)
{
    for (size_t i = 0; i < NSHAPES; i++) {
        masks m = make_masks(shapes[i].ne, shapes[i].ns, shapes[i].k, shapes[i].seed);
        cr_assert_gt(stop_everywhere(&m, cover_run, NULL, "the cover run"), 1);
    }
}

/* ---- the certifying search ---- */

/* The certifying search's start: none (its own first cover, greedy and the local search)
 * or a given cover, so that the checks fall in the tree search. */
typedef struct {
    const uint32_t *start;
    uint32_t nstart;
    uint64_t lp_solves; /* out: the last run's */
} certify_ctx;

static outcome certify_stopped(const instance *h, const cancel_check *cancel, void *ctx)
{
    certify_ctx *x = ctx;
    certify_params p;
    certify_result r;
    char err[256];
    FILE *out = fopen("/dev/null", "w");
    cr_assert(out);
    certify_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL);
    p.cancel = cancel;
    p.start = x->start;
    p.nstart = x->nstart;
    cr_assert_eq(certify_run(h, &p, out, &r, err, sizeof err), 0, "%s", err);
    x->lp_solves = r.lp_solves;
    fclose(out);
    outcome o = { malloc((r.ncover + 1) * sizeof *o.cover), r.ncover, r.stats.bound, false };
    memcpy(o.cover, r.cover, r.ncover * sizeof *o.cover);
    certify_result_free(&r);
    return o;
}

Test(stop, the_certifying_search_stopped_at_every_check)
{
    for (size_t i = 0; i < NSHAPES; i++) {
        masks m = make_masks(shapes[i].ne, shapes[i].ns, shapes[i].k, shapes[i].seed);
        certify_ctx own = { NULL, 0, 0 };
        cr_assert_gt(stop_everywhere(&m, certify_stopped, &own, "the certifying search"), 1);
    }
}

/* From an optimal cover (the oracle's), the search has its target at once: the stops
 * fall in the tree, which must branch for the test to mean something. */
static const struct {
    uint32_t ne, ns, k;
    uint64_t seed;
} tree_shapes[] = { { 16, 64, 3, 1 }, { 20, 120, 3, 2 }, { 20, 128, 4, 3 }, { 18, 100, 3, 4 } };

Test(stop, the_certifying_tree_stopped_at_every_check)
{
    for (size_t i = 0; i < sizeof tree_shapes / sizeof tree_shapes[0]; i++) {
        masks m = make_masks(tree_shapes[i].ne, tree_shapes[i].ns, tree_shapes[i].k,
                             tree_shapes[i].seed);
        uint32_t best = 0, start[20], n = 0;
        oracle_solve(&m, &best);
        for (uint32_t e = 0; e < m.ne; e++)
            if (best & (1u << e))
                start[n++] = e;
        certify_ctx given = { start, n, 0 };
        cr_assert_gt(stop_everywhere(&m, certify_stopped, &given, "the certifying tree"), 1);
        cr_log_info("the certifying tree: %llu LPs in the complete run",
                    (unsigned long long)given.lp_solves);
    }
}

/* ---- the cubes: split, run, merge, one cancel through all three ---- */

/* The folder's cover.sol (PACE: `s` or a count first, then 1-based ids), read here. */
static uint32_t *read_solution(const char *path, uint32_t *n)
{
    FILE *fp = fopen(path, "r");
    cr_assert(fp, "no %s", path);
    uint32_t *el = malloc(21 * sizeof *el), k = 0;
    char line[128];
    bool first = true;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == 'c' || line[0] == '\n')
            continue;
        if (first) { /* the size line */
            first = false;
            continue;
        }
        unsigned long id = strtoul(line, NULL, 10);
        cr_assert(id >= 1 && id <= 20 && k < 20, "%s: %s", path, line);
        el[k++] = (uint32_t)id - 1;
    }
    fclose(fp);
    *n = k;
    return el;
}

/* The merged certificate, verified by t24-check (a program sharing no code with the
 * engine): a complete merge proves its bound, not merely claims one at most the optimum. */
static void check_merged(const char *dir, uint32_t bound)
{
    const char *bin = getenv("T24_CHECK_BIN");
    cr_assert(bin && *bin, "T24_CHECK_BIN must name t24-check (ctest sets it)");
    char cmd[512], line[256] = "", want[64], want_opt[64];
    snprintf(cmd, sizeof cmd, "'%s' '%s/instance.hgr' '%s/proof.cert' 2>&1", bin, dir, dir);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    if (!fgets(line, sizeof line, p))
        line[0] = '\0';
    pclose(p);
    snprintf(want, sizeof want, "lower bound %u verified", bound);
    snprintf(want_opt, sizeof want_opt, "optimum %u verified", bound);
    cr_assert(strncmp(line, want, strlen(want)) == 0 ||
                  strncmp(line, want_opt, strlen(want_opt)) == 0,
              "the merge claims %u; t24-check: %s", bound, line);
}

static outcome cubes_stopped(const instance *h, const cancel_check *cancel, void *ctx)
{
    unsigned *serial = ctx;
    char base[] = "/tmp/t24_stop_XXXXXX", dir[64], err[256], cmd[128];
    cr_assert(mkdtemp(base));
    snprintf(dir, sizeof dir, "%s/cubes%u", base, (*serial)++);
    cubes_params p;
    cubes_report r;
    cubes_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, cancel);
    p.ncubes = 4;
    outcome o = { NULL, 0, 0, false };
    if (cubes_split(h, dir, &p, &r, err, sizeof err)) {
        /* Stopped before the reductions' fixpoint or the split's depth: refused (a
         * stop counts as the time limit), and no folder left behind. */
        cr_assert(strstr(err, "time limit"), "%s", err);
        cr_assert_neq(access(dir, F_OK), 0, "a refused split left %s", dir);
        o.refused = true;
        cr_assert_eq(rmdir(base), 0);
        return o;
    }
    if (cubes_run(dir, &p, &r, err, sizeof err)) {
        /* A cube whose reductions the stop cut short is refused as at the time limit
         * (its search needs their fixpoint); the folder stays as it was, and merges. */
        cr_assert(strstr(err, "time limit") && fired(cancel), "%s", err);
    }
    cr_assert_eq(cubes_merge(dir, &p, &r, err, sizeof err), 0, "%s", err);
    char sol[96];
    snprintf(sol, sizeof sol, "%s/cover.sol", dir);
    o.bound = r.complete ? r.bound : 0;
    if (r.complete)
        check_merged(dir, r.bound);
    o.cover = read_solution(sol, &o.ncover);
    cr_assert_eq(o.ncover, r.cover);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    cr_assert_eq(system(cmd), 0);
    return o;
}

Test(stop, the_cubes_stopped_at_every_check)
{
    unsigned serial = 0;
    masks m = make_masks(tree_shapes[2].ne, tree_shapes[2].ns, tree_shapes[2].k,
                         tree_shapes[2].seed);
    cr_assert_gt(stop_everywhere(&m, cubes_stopped, &serial, "the cubes"), 1);
}
