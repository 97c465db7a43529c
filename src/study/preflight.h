/* preflight.h - time and peak memory of a study, estimated from its configuration alone,
 * before anything is allocated.
 *
 * The model counts what the bounded-memory study holds: per template a group, a class
 * and two member lists (16 bytes), the formula plan and its grouping memo, per thread a
 * plan scratch and a refiner, and the class-hand incidences (estimated as hands x a
 * classes-per-hand figure measured for each number of cards), which the hitting-set
 * phase holds several times over (instance both ways, reduced core, GLPK's matrix).
 * Time is the grouping, the scan (plan operations per hand x hands / threads) and the
 * hitting sets (greedy runs over the incidences, reductions, LP and the ILP up to its
 * time limit). The constants were measured on the machine of docs/benchmarks.md; the
 * figures are estimates to plan a run and to refuse hopeless ones, not bounds. */
#ifndef T24_STUDY_PREFLIGHT_H
#define T24_STUDY_PREFLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "hitset/mincover.h"
#include "study/enumeration.h"

typedef struct {
    uint64_t templates, hands;
    uint64_t formulas;        /* groups of equal canonical form */
    uint64_t incidences;      /* estimated class-hand pairs */
    double matrix_bytes;      /* the class-hand matrix as the hitting-set engine holds
                                 it: compressed rows both ways, 4 bytes per incidence
                                 each way (instance.h), once for the whole instance */
    double bytes;             /* estimated peak memory */
    double seconds_enumerate; /* grouping and scan */
    double seconds_hitting;   /* greedy, reductions, then the searches until the
                                 time limit (which the enumeration counts against) */
} preflight_estimate;

int preflight_run(const enumeration_params *sp, const mincover_params *hp,
                  preflight_estimate *out);
uint64_t preflight_default_limit(void);
int preflight_describe(const preflight_estimate *e, char *buf, size_t size);
int preflight_format_bytes(double bytes, char *buf, size_t size);

#endif
