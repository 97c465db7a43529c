/* test_anytime.c - issue 48 item 3: a cover run stopped at any moment keeps about the
 * cover a run limited to that moment finds (docs/hitting-sets.md, "Anytime covers").
 *
 * Measured in work, so that no clock decides anything: a run given a long work limit is
 * stopped by a cancel that fires once the run's own work counter (the result's `work`,
 * which every phase adds to) has passed U units, as a signal would stop it; its cover is
 * then compared with that of a run whose work limit is the work the stopped one had
 * used. Both are deterministic (a work limit, and a cancel asked at points fixed by the
 * work), so the verdict cannot move with the machine's load. The time limit is a safety
 * cap far above what the runs need.
 *
 * Before the anytime order the LP bound came first, for a fifth of the run: stopped in
 * it, a run had greedy's cover alone, several percent above the cover of a run limited to
 * that much work (which gives the local search a share). */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "mincover_helpers.h"

/* The stop: fires once the run's work counter has reached `at`. */
typedef struct {
    const mincover_result *r;
    uint64_t at;
} work_stop;

static int work_passed(void *ctx)
{
    const work_stop *s = ctx;
    return s->r->work.used >= s->at;
}

/* `t24 cover`'s settings (a solver: no spread of greedy runs, the kernel) with a work
 * limit of `work`, the reductions' cap `reduce_cap`, and the stop `stop` when given. */
static void cover_run(const instance *h, uint64_t work, uint64_t reduce_cap,
                      work_stop *stop, mincover_result *r)
{
    mincover_params p;
    char err[256];
    mincover_params_init(&p);
    p.reduce_cap = reduce_cap;
    p.settled_runs = false;
    p.kernel = true;
    p.engine = ILP_GLPK;
    p.limit = budget_until(walltime_now() + 3600, NULL);
    p.limit.work_end = work;
    if (stop) {
        stop->r = r;
        p.cancel = (cancel_check){ work_passed, stop, NULL };
    }
    cr_assert_eq(mincover_run(h, NULL, &p, r, err, sizeof err), 0, "%s", err);
    cr_assert(instance_is_cover(h, r->cover.elems, r->cover.n));
}

/* A run of `long_work` units with the reductions' cap `reduce_cap`, stopped once its work
 * has passed `at`, against a run limited to the work the stopped one used: the stopped
 * run's cover must be within 1 % of the limited one's. */
static void expect_stop_near_limited(const instance *h, uint64_t long_work, uint64_t at,
                                     uint64_t reduce_cap)
{
    mincover_result stopped, limited;
    work_stop s = { NULL, at };
    cover_run(h, long_work, reduce_cap, &s, &stopped);
    cr_assert_eq(stopped.ended_by, MINCOVER_END_CANCEL, "the stop did not end the run");
    cover_run(h, stopped.work.used, reduce_cap, NULL, &limited);
    cr_log_info("stopped at %llu units: cover %u (greedy %u); a run limited to the %llu "
                "units it used: %u", (unsigned long long)s.at, stopped.optimum,
                stopped.greedy.pruned.n, (unsigned long long)stopped.work.used,
                limited.optimum);
    cr_expect_leq(100 * stopped.optimum, 101 * limited.optimum,
                  "stopped: cover %u, more than 1%% above %u, the cover of a run limited "
                  "to the %llu units it used", stopped.optimum, limited.optimum,
                  (unsigned long long)stopped.work.used);
    mincover_result_free(&stopped);
    mincover_result_free(&limited);
}

/* Five cards, deck 1-13: greedy and the reductions take 2e7 to 3e7 units (a stop in
 * them, or in the LP's first chunk, still prints greedy's cover: their own limits are
 * the next step), and the LP about 3e7 more, so a stop at 3e7 units of a 2e8-unit run
 * fell in the LP phase before. The local search counts its work when it ends, so the stop
 * is seen there, and the limited run gets the same work. */
Test(anytime, a_stop_keeps_about_the_cover_of_a_run_limited_to_its_work, .timeout = 600)
{
    instance *h = read_data("cards5_deck1-13_target24_all");
    expect_stop_near_limited(h, 200000000, 30000000, MINCOVER_REDUCE_CAP_UNITS);
    instance_free(h);
}

/* The reductions' cap (params.reduce_cap; here 1e6 units, to fit a small instance): a
 * long run's reductions stop at a work that does not grow with its limit. Five cards,
 * deck 1-13: greedy takes 1.71e7 units and the reductions 3.6e6 more. Without the cap
 * (reduce_cap 0, the code before), a 2e8-unit run stopped at 2.2e7 units was still in
 * the reductions' share of its long run or the LP's first chunk after them, and printed
 * greedy's cover on the core (244), where a run limited to the work it used found 215.
 * With the cap its reductions end at 1.81e7 and its local search has run by 2.2e7. */
Test(anytime, a_stop_in_the_reductions_keeps_about_the_cover_of_a_limited_run,
     .timeout = 600)
{
    instance *h = read_data("cards5_deck1-13_target24_all");
    expect_stop_near_limited(h, 200000000, 22000000, 1000000);
    instance_free(h);
}

/* The progress seen: whether a phase named "LP bound" told any. */
static void note_phase(void *ctx, const ilp_progress *p)
{
    bool *lp_seen = ctx;
    if (strcmp(p->phase, "LP bound") == 0) {
        *lp_seen = true;
        cr_expect(p->has_value, "the LP's progress shows no cover");
    }
}

/* The LP phase tells its progress between the simplex's chunks, so that a run says
 * something whatever phase it is in (before, the LP said nothing for as long as it ran:
 * half a minute of a 300 s `t24 cover`). Five cards, deck 1-10, its LP bound first (a
 * study's order), under a work limit its LP needs several chunks of: deterministic. */
Test(anytime, the_lp_phase_tells_its_progress, .timeout = 600)
{
    instance *h = read_data("cards5_deck1-10_target24_all");
    mincover_params p;
    mincover_result r;
    char err[256];
    bool lp_seen = false;
    mincover_params_init(&p);
    p.limit = budget_until(walltime_now() + 3600, NULL);
    p.limit.work_end = 30000000;
    p.progress = note_phase;
    p.progress_ctx = &lp_seen;
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0, "%s", err);
    cr_expect(lp_seen, "no progress from the LP phase");
    mincover_result_free(&r);
    instance_free(h);
}
