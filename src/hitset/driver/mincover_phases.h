/* mincover_phases.h - what the driver's files share (private to src/hitset/mincover*.c):
 * mincover.c keeps the run's order and the result, mincover_bounds.c the lower bounds and
 * the LP, mincover_search.c the searches (Lagrangian cover, local search, the exact
 * search), mincover_proof.c the certifying search and what proves the cover optimal. Each
 * function is described where it is defined. */
#ifndef T24_HITSET_MINCOVER_PHASES_H
#define T24_HITSET_MINCOVER_PHASES_H

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

/* mincover.c: the plumbing every phase uses */
void mincover_ilp_from(const mincover_params *p, ilp_params *q);
double mincover_safety_or(budget b, double share, double safety);
void mincover_relay_progress(void *ctx, const ilp_progress *in);
void mincover_note_failure(mincover_result *r, const char *what, const char *why);
budget mincover_run_budget(mincover_result *r);
bool mincover_solver_run(const mincover_params *p);
uint32_t mincover_whole_cover(const mincover_result *r, const uint32_t *core, uint32_t n,
                              uint32_t *out);
void mincover_announce_core(void *ctx, const uint32_t *core, uint32_t n);

/* mincover_bounds.c: the lower bounds, the LP, GLPK's pre-flight */
int mincover_bounds_phase(const instance *h, mincover_result *r);
uint32_t mincover_bound_value(const bound_method *b, const mincover_result *r);
void mincover_set_lp_bound(mincover_result *r, double core_lp);
double mincover_glpk_preflight(const mincover_params *p, uint64_t entries, uint64_t lines,
                               double seconds);
uint64_t mincover_core_lines(const instance *core);
bool mincover_use_colgen(const mincover_params *p, const instance *core);
uint32_t mincover_lp_phase(mincover_result *r, const greedy_cover *start, double started,
                           const announcer *an, double **duals, double of, uint64_t probe);
void mincover_extra_phase(mincover_result *r, double end);

/* mincover_search.c: the kernel and the searches on it */
int mincover_kernel_phase(mincover_result *r, char *err, size_t errsize);
uint32_t mincover_search_phase(const instance *h, mincover_result *r, double started,
                               uint32_t *cand, uint32_t *ncand, announcer *an, char *err,
                               size_t errsize);

/* mincover_proof.c: the certifying search, and what proves the cover optimal */
bool mincover_settled(const mincover_result *r);
uint32_t mincover_certify_phase(const instance *h, mincover_result *r, const uint32_t *warm,
                                uint32_t nwarm, double seconds, double started, uint32_t *cand,
                                uint32_t *ncand);
void mincover_proof_of(mincover_result *r, uint32_t reduced);
uint32_t mincover_best_bound(const mincover_result *r, uint32_t reduced);

#endif
