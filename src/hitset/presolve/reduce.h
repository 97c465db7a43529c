/* reduce.h - safe reductions of a minimum hitting-set instance, to a fixpoint.
 *
 *  - forced: a set with one element left forces that element into the cover; it and the
 *    sets it meets leave the instance;
 *  - dominated sets: a set containing another set is met whenever that one is; it goes
 *    (of two equal sets, the later one goes);
 *  - dominated elements: an element whose sets all belong to another element can be
 *    swapped for it in any cover; it goes (of two equal ones, the higher id goes), and so
 *    does an element left with no set.
 * optimum(instance) = nforced + optimum(core), and forced + any cover of the core is a
 * cover of the instance. Note the forced elements after a dominated-element step are
 * in *some* optimal cover, not necessarily in every cover (unlike instance_necessary()). */
#ifndef T24_HITSET_REDUCE_H
#define T24_HITSET_REDUCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "hitset/model/instance.h"

typedef struct {
    uint32_t nforced;
    uint32_t *forced;          /* forced elements, in the order found */
    uint32_t forced_sets;      /* sets met by the forced elements */
    uint32_t dominated_sets;   /* sets that contained another remaining set */
    uint32_t dominated_elems;  /* elements whose sets another remaining element had */
    uint32_t emptied_elems;    /* elements left meeting no remaining set */
    uint32_t rounds;           /* passes until nothing changed */
    bool stopped;              /* a deadline (or cancel) ended the passes before the
                                  fixpoint: then core and the maps are NULL, and the
                                  counts say what went until the stop */
    bool partial;              /* reduce_run_share(): the passes ended at their share of
                                  the budget, before the fixpoint, with the rest of it
                                  left: the core is what they had left then (stopped
                                  stays false). Still a reduction: every step is applied
                                  whole, so optimum(h) = nforced + optimum(core); the
                                  core is only larger than the fixpoint's */
    instance *core;                 /* what is left (possibly no sets at all) */
    uint32_t *core_elem;       /* core element -> element of the instance */
    uint32_t *core_set;        /* core set -> set of the instance */
} reduce_result;

int reduce_run(const instance *h, reduce_result *out, char *err, size_t errsize);
int reduce_run_until(const instance *h, budget b, reduce_result *out, char *err,
                     size_t errsize);
/* reduce_run_until() given only `share` (0 < share <= 1) of the time b has left (all of
 * it without an end): stopped by its share with some of b left, it builds the core it
 * reached and says partial, so that a search still follows on a huge instance where the
 * fixpoint would take all the time (seven cards: 3.9 million classes x 1,714 hands,
 * whose dominated classes took 526 s of 600 and left none for the LP bound). Stopped
 * by b itself it builds no core, as reduce_run_until(). */
int reduce_run_share(const instance *h, budget b, double share, reduce_result *out, char *err,
                     size_t errsize);
/* Who hears how far the passes are, about once a second: `removed` elements and sets so
 * far (forced, dominated and emptied), in pass `round` (1 the first). Seven cards'
 * reductions run for minutes, and a long run must say where it is on stderr. */
typedef struct {
    void (*fn)(void *ctx, uint64_t removed, uint32_t round);
    void *ctx;
} reduce_watch;
/* reduce_run_share() telling watch (NULL: nobody) as it goes. */
int reduce_run_share_watched(const instance *h, budget b, double share, const reduce_watch *watch,
                             reduce_result *out, char *err, size_t errsize);
/* reduce_run_share_watched() whose share is also at most `cap` units of work (0: no
 * cap), with or without a work end in b: a share that does not grow with the run's
 * limit, so that a long run's reductions stop where a shorter run's do (a solver's run,
 * docs/hitting-sets.md, "Anytime covers"). Stopped by the cap, as by the share: partial. */
int reduce_run_capped_watched(const instance *h, budget b, double share, uint64_t cap,
                              const reduce_watch *watch, reduce_result *out, char *err,
                              size_t errsize);
/* Each step of a reduction as it is made, for a proof that replays them in this order
 * (certify.h): `forced` when set `set`, its only remaining element being `elem`, forces
 * it; `dropped` when set `set` goes as a superset of a remaining set (or the later of
 * two equal ones); `dominated` when element `elem` goes because the remaining element
 * `by` meets every remaining set it meets (by = UINT32_MAX: it meets no remaining set).
 * Elements left meeting no set after a forced step are not reported. Any function may
 * be NULL. */
typedef struct {
    void (*forced)(void *ctx, uint32_t set, uint32_t elem);
    void (*dropped)(void *ctx, uint32_t set);
    void (*dominated)(void *ctx, uint32_t elem, uint32_t by);
    void *ctx;
} reduce_log;

/* reduce_run_until() reporting every step to log (NULL: none, which is
 * reduce_run_until()). The same result, returns and failures, except that a stopped run
 * with a log still builds the core it reached: the steps logged are part of a proof, and
 * the search that follows them must work on what they left. */
int reduce_run_logged(const instance *h, budget b, const reduce_log *log, reduce_result *out,
                      char *err, size_t errsize);
int reduce_elems(const instance *h, bool *keep_elem, uint32_t *dominator);
void reduce_result_free(reduce_result *r);
/* Checker (core/check.h): NULL when r is a reduction of h as reduce_run() leaves one (the
 * maps, the counts, and every removed set met by a forced element or containing a core
 * set; of a stopped one, without a core, the forced elements and the counts), else the
 * first invariant broken. */
const char *reduce_result_check(const instance *h, const reduce_result *r);

#endif
