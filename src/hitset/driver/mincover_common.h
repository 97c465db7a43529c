/* mincover_common.h - what the driver's phases share, below them (private to
 * src/hitset/driver/): the run's budget, the progress relayed to the caller, covers of the
 * core made whole and announced, the first failure kept, the table's bounds read. The
 * driver's calls go one way: mincover.c (the run's order) calls the phases, the phases
 * (mincover_search.c, which calls mincover_bounds.c and mincover_proof.c) call this, and
 * this calls nothing of the driver above it. Each function is described where it is
 * defined. */
#ifndef T24_HITSET_MINCOVER_COMMON_H
#define T24_HITSET_MINCOVER_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/budget.h"
#include "hitset/driver/bound.h"
#include "hitset/driver/mincover_result.h"
#include "hitset/model/instance.h"
#include "hitset/mip/ilp.h"

/* The exact search's progress, shifted to the whole instance by the forced elements and
 * to the whole run's clock. */
typedef struct {
    const mincover_params *p;
    uint32_t nforced;
    double offset;
} relay;

/* The smallest cover announced through params.improved so far: only smaller ones follow,
 * each checked against every set of the whole instance first, so that a caller printing
 * the last one (on a signal) prints a cover. */
typedef struct {
    const instance *h;
    const mincover_params *p;
    const mincover_result *r; /* maps covers of the core back to the instance */
    uint32_t best;            /* size announced last, UINT32_MAX before the first */
    uint32_t *buf;            /* a cover of the whole instance, from one of the core */
} announcer;

void mincover_ilp_from(const mincover_params *p, ilp_params *q);
double mincover_safety_or(budget b, double share, double safety);
void mincover_relay_progress(void *ctx, const ilp_progress *in);
void mincover_note_failure(mincover_result *r, const char *what, const char *why);
budget mincover_run_budget(mincover_result *r);
bool mincover_solver_run(const mincover_params *p);
uint32_t mincover_whole_cover(const mincover_result *r, const uint32_t *core, uint32_t n,
                              uint32_t *out);
void mincover_announce(announcer *a, const uint32_t *elems, uint32_t n);
void mincover_announce_core(void *ctx, const uint32_t *core, uint32_t n);
uint32_t mincover_known_whole(const mincover_result *r, const uint32_t **elems);
uint32_t mincover_bound_value(const bound_method *b, const mincover_result *r);
uint32_t mincover_best_bound(const mincover_result *r, uint32_t reduced);

#endif
