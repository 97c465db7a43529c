/* bench_five.c - five cards at target 24: the exact search's choices side by side on the
 * same reduced instance and the same warm start, in one run (`t24-bench --five`).
 *
 * For each deck the instance is built once (enumeration, classes, reductions), the local
 * search runs a fixed number of steps from greedy (so its cover, the common warm start,
 * is the same on every machine), then every configuration gets the same time limit:
 * GLPK with t24's default choices (ilp_node.h) and without each of them, GLPK's own
 * branching and backtracking rules, its cut generators, and CBC. Printed: what it
 * proved, the bound, its cover, nodes, seconds. */
#include <glpk.h>
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include "sections.h"
#include "core/walltime.h"
#include "hitset/cbc.h"
#include "hitset/engine.h"
#include "hitset/greedy.h"
#include "hitset/ilp.h"
#include "hitset/localsearch.h"
#include "hitset/reduce.h"
#include "study/classes.h"
#include "study/enumeration.h"

typedef struct {
    const char *name;
    ilp_engine engine;
    ilp_glpk_options glpk;
} config;

static const config configs[] = {
    { "GLPK, t24's choices (strong branching on 5 classes, reduced-cost fixing)", ILP_GLPK,
      { 0 } },
    { "GLPK, strong branching on 10 classes, reduced-cost fixing", ILP_GLPK, { .strong = 10 } },
    { "GLPK, strong branching on 5 classes, no reduced-cost fixing", ILP_GLPK,
      { .no_rc_fixing = true } },
    { "GLPK, Driebeck-Tomlin, reduced-cost fixing", ILP_GLPK, { .branching = GLP_BR_DTH } },
    { "GLPK's own rules (Driebeck-Tomlin, best local bound)", ILP_GLPK,
      { .branching = GLP_BR_DTH, .backtracking = GLP_BT_BLB, .no_rc_fixing = true } },
    { "GLPK, hybrid pseudocost, best local bound", ILP_GLPK,
      { .branching = GLP_BR_PCH, .backtracking = GLP_BT_BLB, .no_rc_fixing = true } },
    { "GLPK, hybrid pseudocost, best local bound, all cuts", ILP_GLPK,
      { .branching = GLP_BR_PCH, .backtracking = GLP_BT_BLB, .gomory = true, .mir = true,
        .cover = true, .clique = true, .no_rc_fixing = true } },
    { "CBC (defaults: cuts, heuristics, strong branching)", ILP_CBC, { 0 } },
};

typedef struct {
    enumeration st;
    classes *cls;
    reduce_result red;
    localsearch_result ls;
} instance_five;

/* Deck 1-hi: the core after the reductions and a fixed-step local search on it. */
static int build(int64_t hi, instance_five *f)
{
    enumeration_params p;
    char err[256];
    greedy_cover g, gp;
    localsearch_params q;
    enumeration_params_init(&p);
    p.ncards = 5;
    p.hi = hi;
    p.groupings = TEMPLATE_ALL;
    if (enumeration_run(&f->st, &p, err, sizeof err) ||
        !(f->cls = classes_from_groups(f->st.formulas, &f->st.groups,
                                       hand_set_count(f->st.hands), err, sizeof err)) ||
        reduce_run(classes_instance(f->cls), &f->red, err, sizeof err))
        return -1;
    if (greedy_run(f->red.core, NULL, &g) || greedy_prune(f->red.core, &g, &gp))
        return -1;
    localsearch_params_init(&q);
    q.seconds = 1e9;
    q.max_steps = 300000;
    int rc = localsearch_run(f->red.core, gp.elems, gp.n, &q, &f->ls, err, sizeof err);
    greedy_cover_free(&g);
    greedy_cover_free(&gp);
    return rc;
}

static void one_deck(const sink *s, int64_t hi, double seconds)
{
    instance_five f = { 0 };
    if (build(hi, &f)) {
        say(s, "deck 1-%lld: could not build the instance\n\n", (long long)hi);
        return;
    }
    uint32_t forced = f.red.nforced;
    say(s, "### Deck 1-%lld (%u forced classes; core %u classes x %u hands; warm start %u = "
           "%u forced + %u)\n\n", (long long)hi, forced, instance_nelems(f.red.core),
        instance_nsets(f.red.core), forced + f.ls.n, forced, f.ls.n);
    say(s, "| configuration | result | lower bound | cover | nodes | seconds |\n"
           "|---|---|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        ilp_params p;
        ilp_result r;
        char err[256];
        ilp_params_init(&p);
        p.engine = configs[i].engine;
        p.glpk = configs[i].glpk;
        p.time_limit = seconds;
        p.warm = f.ls.elems;
        p.nwarm = f.ls.n;
        /* One line a run on stderr: make bench-five takes 16 runs of `seconds` each. */
        fprintf(stderr, "bench: five cards, deck 1-%lld, %s, up to %g s\n", (long long)hi,
                configs[i].name, seconds);
        if (engine_hitting_set(f.red.core, &p, &r, err, sizeof err)) {
            say(s, "| %s | failed: %s | | | | |\n", configs[i].name, err);
            continue;
        }
        uint32_t bound = forced + (uint32_t)ceil(r.bound - 1e-6);
        char cover[16] = "none"; /* stopped before any cover, the warm start included */
        if (r.status != ILP_NONE)
            snprintf(cover, sizeof cover, "%u", forced + r.nchosen);
        say(s, "| %s | %s | %u | %s | %llu | %.1f |\n", configs[i].name,
            r.status == ILP_OPTIMAL ? "**proven**" : "stopped", bound, cover,
            (unsigned long long)r.nodes, r.seconds);
        ilp_result_free(&r);
    }
    say(s, "\n");
    localsearch_result_free(&f.ls);
    reduce_result_free(&f.red);
    classes_free(f.cls);
    enumeration_free(&f.st);
}

/* Decks 1-6 (where proofs are within reach) and 1-10 (where only the bound moves), each
 * configuration under the same limit. */
void bench_five(const sink *s, double seconds)
{
    say(s, "## Five cards, target 24: the exact search's choices (%g s each)\n\n", seconds);
    say(s, "GLPK %s, CBC %s.\n\n", glp_version(), cbc_version());
    say(s, "Each configuration gets the same reduced instance and the same warm start (a "
           "300,000-step\nlocal search from greedy), then %g s of wall time, LP included; "
           "the lower bound is\nthe ceiling of its proven bound plus the forced classes. "
           "Run one at a time on a\nshared machine, so seconds are wall time, not CPU time.\n\n",
        seconds);
    one_deck(s, 6, seconds);
    one_deck(s, 10, seconds);
}
