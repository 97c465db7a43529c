/* bench_five.c - five cards at target 24: the exact search's choices side by side on the
 * same reduced instance and the same warm start, in one run (`t24-bench --five`).
 *
 * For each deck the instance is built once (enumeration, classes, reductions), the local
 * search runs a fixed number of steps from greedy (so its cover, the common warm start,
 * is the same on every machine), then every configuration gets the same time limit:
 * GLPK with t24's default choices (hs_glpk_choices all zero) and without each of them,
 * GLPK's own branching and backtracking rules, its cut generators, and CBC. Printed: what
 * it proved, the bound, its cover, nodes, seconds. Through libt24hs's phases alone
 * (hs_reduce, hs_greedy, hs_local_search, hs_exact_search). */
#include <glpk.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "sections.h"
#include "hitset/t24hs.h"
#include "study/classes.h"
#include "study/enumeration.h"

typedef struct {
    const char *name;
    hs_engine engine;
    hs_glpk_choices glpk;
} config;

static const config configs[] = {
    { "GLPK, t24's choices (strong branching on 5 classes, reduced-cost fixing)",
      HS_ENGINE_GLPK, { 0 } },
    { "GLPK, strong branching on 10 classes, reduced-cost fixing", HS_ENGINE_GLPK,
      { .strong = 10 } },
    { "GLPK, strong branching on 5 classes, no reduced-cost fixing", HS_ENGINE_GLPK,
      { .no_rc_fixing = true } },
    { "GLPK, Driebeck-Tomlin, reduced-cost fixing", HS_ENGINE_GLPK,
      { .branching = GLP_BR_DTH } },
    { "GLPK's own rules (Driebeck-Tomlin, best local bound)", HS_ENGINE_GLPK,
      { .branching = GLP_BR_DTH, .backtracking = GLP_BT_BLB, .no_rc_fixing = true } },
    { "GLPK, hybrid pseudocost, best local bound", HS_ENGINE_GLPK,
      { .branching = GLP_BR_PCH, .backtracking = GLP_BT_BLB, .no_rc_fixing = true } },
    { "GLPK, hybrid pseudocost, best local bound, all cuts", HS_ENGINE_GLPK,
      { .branching = GLP_BR_PCH, .backtracking = GLP_BT_BLB, .gomory = true, .mir = true,
        .cover = true, .clique = true, .no_rc_fixing = true } },
    { "CBC (defaults: cuts, heuristics, strong branching)", HS_ENGINE_CBC, { 0 } },
};

typedef struct {
    enumeration st;
    classes *cls;
    hs_reduction red;
    hs_cover warm; /* the local search's cover of the core */
} instance_five;

/* Deck 1-hi: the core after the reductions and a fixed-step local search on it. */
static int build(int64_t hi, instance_five *f)
{
    enumeration_params p;
    char err[256];
    hs_cover gp;
    hs_local_search_params q;
    hs_local_search_stats stats;
    enumeration_params_init(&p);
    p.ncards = 5;
    p.hi = hi;
    p.groupings = TEMPLATE_ALL;
    if (enumeration_run(&f->st, &p, err, sizeof err) ||
        !(f->cls = classes_from_groups(f->st.formulas, &f->st.groups,
                                       hand_set_count(f->st.hands), err, sizeof err)) ||
        hs_reduce(classes_instance(f->cls), &f->red, err, sizeof err))
        return -1;
    if (hs_greedy(f->red.core, true, &gp, err, sizeof err))
        return -1;
    hs_local_search_params_init(&q);
    q.seconds = 1e9;
    q.max_steps = 300000;
    int rc = hs_local_search(f->red.core, gp.elems, gp.size, &q, &f->warm, &stats, err,
                             sizeof err);
    hs_cover_free(&gp);
    return rc;
}

static void one_deck(const sink *s, int64_t hi, double seconds)
{
    instance_five f = { 0 };
    if (build(hi, &f)) {
        say(s, "deck 1-%lld: could not build the instance\n\n", (long long)hi);
        return;
    }
    uint32_t forced = f.red.stats.nforced;
    say(s, "### Deck 1-%lld (%u forced classes; core %u classes x %u hands; warm start %u = "
           "%u forced + %u)\n\n", (long long)hi, forced, f.red.stats.core_elems,
        f.red.stats.core_sets, forced + f.warm.size, forced, f.warm.size);
    say(s, "| configuration | result | lower bound | cover | nodes | seconds |\n"
           "|---|---|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        hs_exact_params p;
        hs_exact_result r;
        char err[256];
        hs_exact_params_init(&p);
        p.engine = configs[i].engine;
        p.glpk = configs[i].glpk;
        p.time_limit = seconds;
        p.warm = f.warm.elems;
        p.nwarm = f.warm.size;
        /* One line a run on stderr: make bench-five takes 16 runs of `seconds` each. */
        fprintf(stderr, "bench: five cards, deck 1-%lld, %s, up to %g s\n", (long long)hi,
                configs[i].name, seconds);
        if (hs_exact_search(f.red.core, &p, &r, err, sizeof err)) {
            say(s, "| %s | failed: %s | | | | |\n", configs[i].name, err);
            continue;
        }
        uint32_t bound = forced + (uint32_t)ceil(r.bound - 1e-6);
        char cover[16] = "none"; /* stopped before any cover, the warm start included */
        if (r.status != HS_EXACT_NONE)
            snprintf(cover, sizeof cover, "%u", forced + r.cover.size);
        say(s, "| %s | %s | %u | %s | %llu | %.1f |\n", configs[i].name,
            r.status == HS_EXACT_OPTIMAL ? "**proven**" : "stopped", bound, cover,
            (unsigned long long)r.nodes, r.seconds);
        hs_exact_result_free(&r);
    }
    say(s, "\n");
    hs_cover_free(&f.warm);
    hs_reduction_free(&f.red);
    classes_free(f.cls);
    enumeration_free(&f.st);
}

/* Decks 1-6 (where proofs are within reach) and 1-10 (where only the bound moves), each
 * configuration under the same limit. */
void bench_five(const sink *s, double seconds)
{
    say(s, "## Five cards, target 24: the exact search's choices (%g s each)\n\n", seconds);
    char glpk[32], cbc[32];
    hs_engine_version(HS_ENGINE_GLPK, glpk, sizeof glpk);
    hs_engine_version(HS_ENGINE_CBC, cbc, sizeof cbc);
    say(s, "GLPK %s, CBC %s.\n\n", glpk, cbc);
    say(s, "Each configuration gets the same reduced instance and the same warm start (a "
           "300,000-step\nlocal search from greedy), then %g s of wall time, LP included; "
           "the lower bound is\nthe ceiling of its proven bound plus the forced classes. "
           "Run one at a time on a\nshared machine, so seconds are wall time, not CPU time.\n\n",
        seconds);
    one_deck(s, 6, seconds);
    one_deck(s, 10, seconds);
}
