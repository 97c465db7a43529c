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
 * seconds. And every named stop site (core/stop_site.h) forced in turn, each run stopped
 * from the first check of one site on and held to the same oracle, so that a site added
 * without a run here that stops at it fails (every_site_is_forced_and_the_outcome_stays_
 * valid). Also here: core/budget.h's arithmetic. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "cli/cover_input.h"
#include "core/budget.h"
#include "core/stop_site.h"
#include "core/timedread.h"
#include "core/walltime.h"
#include "hitset/cubes/cubes.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/model/pace.h"
#include "hitset/proof/certify.h"

/* N by one up to STOP_DENSE and over the last STOP_TAIL checks, else by 1/STOP_GROWTH.
 * Under AddressSanitizer (make test's second pass, where every run costs several times
 * more) fewer Ns: the Release pass tries the dense set, the sanitizer pass the same run's
 * code paths at a sparser set (250 s against 40 s otherwise). */
#if defined(__SANITIZE_ADDRESS__)
#define STOP_DENSE 30
#define STOP_TAIL 15
#define STOP_GROWTH 3
#define SITE_RUNS 1 /* every_site_is_forced...: each site in its first run that reaches it */
#else
#define SITE_RUNS UINT64_MAX /* ... in every run that reaches it */
#define STOP_DENSE 200
#define STOP_TAIL 50
#define STOP_GROWTH 8
#endif
/* A run that asks its cancel more than this many times is not a small instance. */
#define STOP_MAX_CHECKS 2000000u
/* The site the arithmetic tests of core/budget.h pass (any would do: no probe there). */
#define ANY_SITE STOP_SITE_GREEDY_RUNS

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
    cr_assert(!budget_over(none, 1e12, ANY_SITE));
    budget b = budget_until(100, NULL);
    cr_assert_eq(budget_left(b, 90), 10);
    cr_assert(!budget_over(b, 99.5, ANY_SITE));
    cr_assert(budget_over(b, 100, ANY_SITE));
    cr_assert_eq(budget_share(b, 90, 0.25, 8), 2);        /* a share of a total */
    cr_assert_eq(budget_share(b, 99, 0.25, 8), 1);        /* capped by what is left */
    cr_assert_eq(budget_share(b, 101, 0.25, 8), BUDGET_FLOOR); /* past the end: floor */
    cr_assert_eq(budget_share(b, 99.99995, 0.25, 1e-4), 2.5e-5); /* a share under it */
}

/* A cancel that counts its checks, in all and per site (core/stop_site.h, through the
 * cancel's probe), and answers stop from its fire_at-th check on, or from the first
 * check of fire_site on: once stopped it stays so, as a signal's flag does. The probe
 * may be asked from GLPK's thread: atomics. */
typedef struct {
    uint64_t calls, fire_at; /* checks so far; the check that answers stop (0: never) */
    int fire_site;           /* a stop_site whose first check answers stop, or -1 */
    bool site_fired;         /* fire_site was checked */
    uint64_t at_site[STOP_SITE_COUNT];    /* the checks of each site */
    uint64_t stopped_at[STOP_SITE_COUNT]; /* those answered stop */
} counted;

/* Counts a check; the cancel's answer. */
static int count_and_answer(counted *c, int site)
{
    uint64_t n = __atomic_add_fetch(&c->calls, 1, __ATOMIC_RELAXED);
    if (site >= 0) {
        __atomic_add_fetch(&c->at_site[site], 1, __ATOMIC_RELAXED);
        if (site == c->fire_site)
            __atomic_store_n(&c->site_fired, true, __ATOMIC_RELAXED);
    }
    bool stop = (c->fire_at && n >= c->fire_at) || __atomic_load_n(&c->site_fired,
                                                                   __ATOMIC_RELAXED);
    if (stop && site >= 0)
        __atomic_add_fetch(&c->stopped_at[site], 1, __ATOMIC_RELAXED);
    return stop;
}

/* The cancel without a probe (the site is not passed on). */
static int count_check(void *ctx)
{
    return count_and_answer(ctx, -1);
}

/* The probe: told which site asks. */
static int count_at(void *ctx, stop_site site)
{
    return count_and_answer(ctx, (int)site);
}

/* A counted cancel: stop at check fire_at (0: never), or at fire_site's first (-1: none). */
static counted counted_make(uint64_t fire_at, int fire_site)
{
    counted c = { 0, fire_at, fire_site, false, { 0 }, { 0 } };
    return c;
}

static cancel_check probe_of(counted *c)
{
    cancel_check cancel = { NULL, c, count_at };
    return cancel;
}

/* Has the counted cancel answered stop (without asking it once more)? */
static bool fired(const cancel_check *cancel)
{
    const counted *c = cancel->ctx;
    return (c->fire_at && c->calls >= c->fire_at) || c->site_fired;
}

Test(budget, a_poll_asks_once_per_stride_and_stays_stopped)
{
    counted c = counted_make(3, -1);
    cancel_check cancel = { count_check, &c, NULL };
    budget_poll p = budget_poll_make(budget_until(0, &cancel), 10, ANY_SITE);
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
    cr_assert(!budget_over(b, 1e12, ANY_SITE)); /* no end on the clock: any time */
    budget half = budget_work_share(b, 0.5);
    cr_assert_eq(half.work_end, 80);
    budget_add(half, 20); /* one counter: the share's work is the run's */
    cr_assert_eq(w.used, 80);
    cr_assert(budget_over(half, 0, ANY_SITE));
    cr_assert(!budget_over(b, 0, ANY_SITE));
    budget_add(b, UINT64_MAX); /* saturates, never wraps */
    cr_assert_eq(w.used, UINT64_MAX);
    cr_assert(budget_over(b, 0, ANY_SITE));
    budget_add(budget_until(0, NULL), 5); /* no counter: nothing, no crash */
    cr_assert_eq(budget_used(budget_until(0, NULL)), 0);
}

/* A poll adds what its loop did to the counter and stops at the work end at once, not at
 * its next reading of the clock. */
Test(budget, a_poll_counts_its_work_and_stops_at_the_work_end)
{
    budget_work w = { 5 };
    budget b = budget_counting(budget_until(0, NULL), &w, 50);
    budget_poll p = budget_poll_make(b, 1000, ANY_SITE);
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

/* An instance of `copies` disjoint copies of a block's sets (copy i's element e is
 * i x block.ne + e) and `pad` elements in no set after them: its optimum is copies x the
 * block's (the copies share no element, and a pad meets no set), and a cover is one
 * that covers every copy. One copy and no pad is the block itself. */
typedef struct {
    masks block;
    uint32_t copies, pad;
} blocks;

static blocks one_block(const masks *m)
{
    blocks b = { *m, 1, 0 };
    return b;
}

static uint32_t blocks_optimum(const blocks *b)
{
    return b->copies * oracle_optimum(&b->block);
}

/* Does elems[0..n) meet every set? (the oracle's own check, beside instance_is_cover) */
static bool oracle_covers(const blocks *b, const uint32_t *elems, uint32_t n)
{
    uint32_t ne = b->block.ne, *sub = calloc(b->copies, sizeof *sub);
    cr_assert(sub);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
        ok = elems[i] < b->copies * ne + b->pad;
        if (ok && elems[i] < b->copies * ne)
            sub[elems[i] / ne] |= 1u << (elems[i] % ne);
    }
    for (uint32_t c = 0; c < b->copies && ok; c++)
        for (uint32_t s = 0; s < b->block.ns && ok; s++)
            ok = (b->block.mask[s] & sub[c]) != 0;
    free(sub);
    return ok;
}

static instance *blocks_instance(const blocks *b)
{
    const masks *m = &b->block;
    uint32_t ns = b->copies * m->ns, n = 0;
    uint64_t *off = calloc((size_t)ns + 1, sizeof *off);
    uint32_t *el = malloc((size_t)ns * m->ne * sizeof *el);
    cr_assert(off && el);
    for (uint32_t c = 0; c < b->copies; c++)
        for (uint32_t s = 0; s < m->ns; s++, n++) {
            off[n + 1] = off[n];
            for (uint32_t e = 0; e < m->ne; e++)
                if (m->mask[s] & (1u << e))
                    el[off[n + 1]++] = c * m->ne + e;
        }
    char err[256];
    instance *h = instance_new(b->copies * m->ne + b->pad, ns, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(off);
    free(el);
    return h;
}

/* An optimal cover of b (the block's, the oracle's, in every copy), of *n elements. */
static uint32_t *blocks_best(const blocks *b, uint32_t *n)
{
    uint32_t best = 0, *cover = malloc(((size_t)b->copies * b->block.ne + 1) * sizeof *cover);
    cr_assert(cover);
    oracle_solve(&b->block, &best);
    *n = 0;
    for (uint32_t c = 0; c < b->copies; c++)
        for (uint32_t e = 0; e < b->block.ne; e++)
            if (best & (1u << e))
                cover[(*n)++] = c * b->block.ne + e;
    return cover;
}

static instance *masks_instance(const masks *m)
{
    blocks b = one_block(m);
    return blocks_instance(&b);
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

/* A stopped run's outcome checked against the oracle: a refusal only where the cancel
 * fired; else a cover, and a bound at most the optimum `opt` (so a bound equal to the
 * cover, the run's claim of optimality, is the optimum). Returns the bound (0 refused)
 * and frees the cover. */
static uint32_t check_outcome(const blocks *m, const instance *h, outcome o,
                              const cancel_check *cancel, uint32_t opt, const char *what,
                              const char *where)
{
    if (o.refused) {
        cr_assert(fired(cancel), "%s refused, not stopped (%s)", what, where);
        return 0;
    }
    cr_assert(instance_is_cover(h, o.cover, o.ncover) && oracle_covers(m, o.cover, o.ncover),
              "%s stopped %s: not a cover", what, where);
    cr_assert_geq(o.ncover, opt);
    cr_assert_leq(o.bound, opt, "%s stopped %s: bound %u above the optimum %u", what, where,
                  o.bound, opt);
    free(o.cover);
    return o.bound;
}

/* run stopped at its Nth cancel check, N = 1, 2, ... until it completes: at every N a
 * cover, a bound at most the optimum and at least the last one. Returns the Ns tried. */
static uint64_t stop_everywhere(const masks *m, stopped_run run, void *ctx, const char *what)
{
    instance *h = masks_instance(m);
    blocks b = one_block(m);
    uint32_t opt = oracle_optimum(m), last = 0;
    uint64_t tried = 0;
    counted all = counted_make(0, -1); /* the checks of a run never stopped */
    cancel_check never = probe_of(&all);
    outcome whole = run(h, &never, ctx);
    free(whole.cover);
    for (uint64_t n = 1;; n = next_n(n, all.calls)) {
        counted c = counted_make(n, -1);
        cancel_check cancel = probe_of(&c);
        outcome o = run(h, &cancel, ctx);
        tried++;
        char where[64];
        snprintf(where, sizeof where, "at check %llu", (unsigned long long)n);
        bool refused = o.refused;
        uint32_t bound = check_outcome(&b, h, o, &cancel, opt, what, where);
        if (refused) /* allowed only while stopped: the complete run asserts below */
            continue;
        cr_assert_geq(bound, last, "%s stopped at check %llu: bound %u below %u, proven with "
                      "fewer checks", what, (unsigned long long)n, bound, last);
        last = bound;
        bool done = c.calls < n; /* the run ended before its Nth check */
        if (done) {
            cr_assert_eq(bound, opt, "%s, never stopped: bound %u, optimum %u", what, bound,
                         opt);
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

/* A cover run's options beside the defaults (ctx of cover_run; NULL: the defaults), so
 * that the stop sites of the phases they turn on are reached (every_site_forced). */
typedef struct {
    bool kernel, core_method, certificate, no_reduce;
    mincover_lp lp;
} cover_options;

static outcome cover_run(const instance *h, const cancel_check *cancel, void *ctx)
{
    const cover_options *x = ctx;
    mincover_params p;
    mincover_result r;
    char err[256];
    mincover_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, NULL); /* never reached: the cancel decides */
    p.cancel = *cancel;
    FILE *cert = NULL;
    if (x) {
        p.kernel = x->kernel;
        p.core_method = x->core_method;
        p.reduce = !x->no_reduce;
        p.lp = x->lp;
        if (x->certificate) {
            cert = fopen("/dev/null", "w");
            cr_assert(cert);
            p.certificate = cert;
            p.engine = ILP_T24;
        }
    }
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    if (cert)
        fclose(cert);
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
    uint32_t split_depth; /* its split_depth (0: none): nodes there are left open */
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
    p.split_depth = x->split_depth;
    if (certify_run(h, &p, out, &r, err, sizeof err)) {
        /* a split refuses reductions the stop cut short (certify_run()), in a stop's words */
        cr_assert(x->split_depth && fired(cancel) && strstr(err, "stopped by a signal"), "%s",
                  err);
        fclose(out);
        outcome refused = { NULL, 0, 0, true };
        return refused;
    }
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
        certify_ctx own = { NULL, 0, 0, 0 };
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
        certify_ctx given = { start, n, 0, 0 };
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

/* The cubes' context: a serial for the folders' names, and whether the merge is given a
 * checker (one with no verdict: the merge then asks its cancel before the check, and
 * check_merged() verifies the proof itself). */
typedef struct {
    unsigned serial;
    bool checker;
} cubes_ctx;

static int no_verdict(void *ctx, const char *instance, const char *cover, const char *cert,
                      double seconds, uint64_t *open, char *why, size_t whysize)
{
    (void)ctx, (void)instance, (void)cover, (void)cert, (void)seconds;
    *open = 0;
    snprintf(why, whysize, "test_stop's checker gives no verdict");
    return CUBES_CHECK_UNAVAILABLE;
}

static outcome cubes_stopped(const instance *h, const cancel_check *cancel, void *ctx)
{
    cubes_ctx *x = ctx;
    unsigned *serial = &x->serial;
    char base[] = "/tmp/t24_stop_XXXXXX", dir[64], err[256], cmd[128];
    cr_assert(mkdtemp(base));
    snprintf(dir, sizeof dir, "%s/cubes%u", base, (*serial)++);
    cubes_params p;
    cubes_report r;
    cubes_params_init(&p);
    p.limit = budget_until(walltime_now() + 600, cancel);
    p.ncubes = 4;
    if (x->checker)
        p.check = no_verdict;
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
    cubes_ctx x = { 0, false };
    masks m = make_masks(tree_shapes[2].ne, tree_shapes[2].ns, tree_shapes[2].k,
                         tree_shapes[2].seed);
    cr_assert_gt(stop_everywhere(&m, cubes_stopped, &x, "the cubes"), 1);
}

/* ---- the reading: an instance file, a pipe, `t24 cover`'s FILE ---- */

typedef enum {
    READ_FILE,  /* a file, through core/timedread.h and pace_read_until() */
    READ_PIPE,  /* the same from a pipe whose writer stays open: the reader waits */
    READ_INPUT  /* a file through cli/cover_input.h, as `t24 cover FILE` reads it */
} read_mode;

/* Is h's set list g's? */
static bool same_instance(const instance *h, const instance *g)
{
    if (instance_nelems(h) != instance_nelems(g) || instance_nsets(h) != instance_nsets(g))
        return false;
    for (uint32_t s = 0; s < instance_nsets(h); s++) {
        uint32_t a, b;
        const uint32_t *x = instance_set(h, s, &a), *y = instance_set(g, s, &b);
        if (a != b || memcmp(x, y, a * sizeof *x) != 0)
            return false;
    }
    return true;
}

/* h written as PACE and read back, stopped by cancel. A read is refused only where the
 * cancel fired, in the words of a stop; else it gives h again, and the outcome is the
 * cover of every element, bound 0 (the reading proves nothing). A pipe's writer stays
 * open, so a read that is never stopped waits until its deadline (a minute). */
static outcome read_run(const instance *h, const cancel_check *cancel, void *ctx)
{
    read_mode mode = *(const read_mode *)ctx;
    char path[] = "/tmp/t24_stop_read_XXXXXX", err[512] = "";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *w = fdopen(fd, "w");
    cr_assert(w && pace_write(w, h, NULL) == 0 && fflush(w) == 0);
    double deadline = walltime_now() + 60;
    instance *g = NULL;
    if (mode == READ_INPUT) {
        g = cover_input_read(path, deadline, cancel, err, sizeof err);
    } else {
        int rd = open(path, O_RDONLY), pipes[2] = { -1, -1 };
        cr_assert(rd >= 0);
        if (mode == READ_PIPE) {
            char buf[65536];
            ssize_t n = read(rd, buf, sizeof buf);
            cr_assert(n > 0 && n < (ssize_t)sizeof buf && pipe(pipes) == 0);
            cr_assert_eq(write(pipes[1], buf, (size_t)n), n); /* within the pipe's buffer */
            close(rd);
            rd = pipes[0];
        }
        FILE *in = timedread_open(rd, deadline, cancel);
        cr_assert(in);
        g = pace_read_until(in, deadline, cancel, err, sizeof err);
        fclose(in);
        close(rd);
        if (pipes[1] >= 0)
            close(pipes[1]);
    }
    fclose(w);
    unlink(path);
    outcome o = { NULL, 0, 0, g == NULL };
    if (!g) {
        cr_assert(strstr(err, mode == READ_INPUT ? "stopped by a signal while reading"
                                                 : "the time limit ran out while reading"),
                  "%s", err);
        return o;
    }
    cr_assert(same_instance(h, g), "the instance read back differs");
    instance_free(g);
    o.ncover = instance_nelems(h);
    o.cover = malloc((o.ncover + 1) * sizeof *o.cover);
    for (uint32_t e = 0; e < o.ncover; e++)
        o.cover[e] = e;
    return o;
}

/* ---- every stop site forced (issue 50, item 3) ---- */

/* The sites that a run reaches only once stopped: each is forced by stopping the run at
 * the first check of the site named here (a stop there then makes the run ask it), the
 * others at their own first check. */
static stop_site lead_of(stop_site s)
{
    switch (s) {
    case STOP_SITE_READ_CAUSE: /* asked after a failed read */
    case STOP_SITE_PACE_LINES: /* every 4,096 lines, or after a read error */
        return STOP_SITE_READ_CALL;
    case STOP_SITE_REDUCE_SHARE:    /* asked when the reductions stopped */
    case STOP_SITE_CERTIFY_REDUCED: /* likewise, before a split */
        return STOP_SITE_REDUCE_POLL;
    case STOP_SITE_DRIVER_SPENT: /* no core: the reductions did not run */
        return STOP_SITE_DRIVER_REDUCE;
    default:
        return s;
    }
}

/* The reading sites come first in core/stop_site.h's list. */
static bool reading_site(stop_site s)
{
    return s <= STOP_SITE_PACE_LINES;
}

/* A run that reaches some sites: the cover run with options, the certifying search, the
 * cubes, or a reading, on an instance of blocks. `only` lists the sites it is run for
 * (ended by STOP_SITE_COUNT), or NULL: every site but the reading ones. */
typedef struct {
    const char *what;
    stopped_run run;
    void *ctx;
    blocks b;
    const stop_site *only;
} site_run;

static bool runs_for(const site_run *r, stop_site s)
{
    if (!r->only)
        return !reading_site(s);
    for (const stop_site *o = r->only; *o != STOP_SITE_COUNT; o++)
        if (*o == s)
            return true;
    return false;
}

/* A block of three pairs on three elements (a triangle): LP 3/2, optimum 2, so that a
 * run of copies has a gap for its searches. */
static masks triangle(void)
{
    masks m = { 3, 3, { 3, 6, 5 } };
    return m;
}

static const stop_site reading_sites[] = { STOP_SITE_READ_CALL, STOP_SITE_READ_WAIT,
                                           STOP_SITE_READ_CAUSE, STOP_SITE_PACE_LINES,
                                           STOP_SITE_COUNT };
/* Large models: more than one chunk of the simplex (mip/lpwork.h) in the cover run's
 * LP bound; the certifying search's root LP, which is then watched */
static const stop_site chunk_sites[] = { STOP_SITE_LPWORK_CHUNK, STOP_SITE_COUNT };
static const stop_site root_sites[] = { STOP_SITE_CERTIFY_ROOT_LINE, STOP_SITE_COUNT };
/* the core method's shape (corecover.h): 16 elements a set, 20,000 in all */
static const stop_site core_sites[] = { STOP_SITE_CORECOVER_PRICES, STOP_SITE_CORECOVER_ROUND,
                                        STOP_SITE_COUNT };

#define SITE_MAX_CHECKS 100000u

/* Every site of core/stop_site.h, in every run below that reaches it (under the
 * sanitizers in the first alone, SITE_RUNS): the run stopped from the first check of the
 * site (or of its lead, lead_of()) on, its outcome checked against the oracle as above
 * (a cover, a bound at most the optimum, a refusal only when stopped). A site that no
 * run stops at fails: a site added to the list needs a run here that reaches it
 * (docs/hitting-sets.md, "Stop sites"). */
Test(stop, every_site_is_forced_and_the_outcome_stays_valid)
{
    masks a = make_masks(shapes[0].ne, shapes[0].ns, shapes[0].k, shapes[0].seed);
    masks b = make_masks(shapes[1].ne, shapes[1].ns, shapes[1].k, shapes[1].seed);
    masks pairs = make_masks(20, 80, 2, 3); /* a graph the kernel leaves for the crown */
    masks t = make_masks(tree_shapes[0].ne, tree_shapes[0].ns, tree_shapes[0].k,
                         tree_shapes[0].seed);
    masks c = make_masks(tree_shapes[2].ne, tree_shapes[2].ns, tree_shapes[2].k,
                         tree_shapes[2].seed);
    masks large = make_masks(16, 100, 4, 5);
    cover_options kernel = { .kernel = true }, colgen = { .lp = MINCOVER_LP_COLGEN };
    cover_options core = { .core_method = true, .no_reduce = true };
    cover_options cert = { .certificate = true }, simplex = { .lp = MINCOVER_LP_SIMPLEX };
    certify_ctx own = { NULL, 0, 0, 0 }, split = { NULL, 0, 0, 2 };
    blocks big = { large, 170, 0 };
    uint32_t nbig = 0, *bigstart = blocks_best(&big, &nbig);
    /* given an optimal cover, the search on the large model skips its own first cover
     * (seconds of local search) and starts at the root's LP */
    certify_ctx given = { bigstart, nbig, 0, 0 };
    cubes_ctx cubes = { 0, true };
    read_mode file = READ_FILE, pipe = READ_PIPE, input = READ_INPUT;
    const site_run runs[] = {
        { "the cover run", cover_run, NULL, one_block(&a), NULL },
        { "the cover run on two components", cover_run, NULL, { a, 2, 0 }, NULL },
        { "the cover run with the kernel", cover_run, &kernel, one_block(&b), NULL },
        { "the cover run with the kernel on pairs", cover_run, &kernel, one_block(&pairs),
          NULL },
        { "the cover run with the kernel on two components", cover_run, &kernel,
          { b, 2, 0 }, NULL },
        { "the cover run with column generation", cover_run, &colgen, one_block(&b), NULL },
        { "the cover run with a certificate", cover_run, &cert, one_block(&t), NULL },
        { "the certifying search", certify_stopped, &own, one_block(&b), NULL },
        { "the certifying search, split", certify_stopped, &split, one_block(&b), NULL },
        { "the cubes", cubes_stopped, &cubes, one_block(&c), NULL },
        { "a file read", read_run, &file, one_block(&a), reading_sites },
        { "a pipe read", read_run, &pipe, one_block(&a), reading_sites },
        { "t24 cover's FILE read", read_run, &input, one_block(&a), reading_sites },
        { "the cover run on a large model", cover_run, &simplex, big, chunk_sites },
        { "the certifying search on a large model", certify_stopped, &given, big, root_sites },
        { "the cover run with the core method", cover_run, &core, { triangle(), 100, 19700 },
          core_sites },
    };
    size_t nruns = sizeof runs / sizeof runs[0];
    /* The sites each run reaches when never stopped (a run with `only` is run for those
     * alone): a run is stopped at a site only where it asks the site's lead. */
    bool reaches[sizeof runs / sizeof runs[0]][STOP_SITE_COUNT];
    for (size_t i = 0; i < nruns; i++) {
        counted k = counted_make(0, -1);
        cancel_check cancel = probe_of(&k);
        if (!runs[i].only) {
            instance *h = blocks_instance(&runs[i].b);
            check_outcome(&runs[i].b, h, runs[i].run(h, &cancel, runs[i].ctx), &cancel,
                          blocks_optimum(&runs[i].b), runs[i].what, "never");
            instance_free(h);
        }
        for (int s = 0; s < STOP_SITE_COUNT; s++)
            reaches[i][s] = runs_for(&runs[i], (stop_site)s) &&
                            (runs[i].only || k.at_site[lead_of((stop_site)s)] > 0);
    }
    uint64_t stopped[STOP_SITE_COUNT] = { 0 };
    for (int s = 0; s < STOP_SITE_COUNT; s++) {
        stop_site lead = lead_of((stop_site)s);
        for (size_t i = 0; i < nruns; i++) {
            const site_run *r = &runs[i];
            if (!reaches[i][s] || stopped[s] >= SITE_RUNS)
                continue;
            instance *h = blocks_instance(&r->b);
            /* a run that does not reach the site still ends, stopped at a check
             * SITE_MAX_CHECKS, and fails below */
            counted k = counted_make(SITE_MAX_CHECKS, (int)lead);
            cancel_check cancel = probe_of(&k);
            char where[96];
            snprintf(where, sizeof where, "at site %s", stop_site_name(lead));
            check_outcome(&r->b, h, r->run(h, &cancel, r->ctx), &cancel,
                          blocks_optimum(&r->b), r->what, where);
            stopped[s] += k.stopped_at[s] > 0;
            instance_free(h);
        }
        cr_log_info("stop site %s: stopped %llu runs", stop_site_name((stop_site)s),
                    (unsigned long long)stopped[s]);
    }
    free(bigstart);
    for (int s = 0; s < STOP_SITE_COUNT; s++)
        cr_expect_gt(stopped[s], 0, "stop site %s (%s): no run of this test stops there; "
                     "add one that does", stop_site_name((stop_site)s),
                     stop_site_where((stop_site)s));
}
