/* preflight.h - time and peak memory of a study, estimated from its configuration alone,
 * before anything is allocated.
 *
 * The model counts what the bounded-memory study holds: up to six cards 16 bytes per
 * template (the arrays held before issue 42, which the measured peaks include: an upper
 * bound now), at seven cards nothing per template but each formula group's bodies and
 * figures; the formula plan and its grouping memo, per thread a
 * plan scratch and a refiner, and the class-hand incidences (estimated as hands x a
 * classes-per-hand figure measured for each number of cards, falling for large six-card
 * decks), which the hitting-set phase holds several times over (instance both ways,
 * reduced core, column generation's and GLPK's matrices: 110 bytes each at the peak up
 * to six cards, 40.5 at seven, each measured).
 * Time is the grouping and the scan (plan operations per hand x hands / threads), which
 * cannot be stopped, then the hitting sets, which get what --time-limit leaves: the
 * limit bounds the whole study, so the estimate never promises searches beyond it.
 * The constants were measured on the machine of docs/benchmarks.md (preflight.c shows
 * the measurements; at seven cards the rates, incidences per hand and the set's bytes
 * of the deck 1-7 run, docs/seven.md); the figures are estimates to plan a run and to
 * refuse hopeless ones. For six cards of decks 1-4 .. 1-13 the memory is above every measured peak and
 * within a quarter of it (docs/reliability.md, "Memory"). */
#ifndef T24_STUDY_PREFLIGHT_H
#define T24_STUDY_PREFLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "hitset/t24hs.h"
#include "study/enumeration.h"

typedef struct {
    uint64_t templates, hands;
    uint64_t formulas;        /* groups of equal canonical form */
    uint64_t functions;       /* distinct rational functions (OEIS A140606), 0: not
                                 known (seven cards) or not the `all` family */
    uint64_t incidences;      /* estimated class-hand pairs */
    double matrix_bytes;      /* the class-hand matrix as the hitting-set engine holds
                                 it: compressed rows both ways, 4 bytes per incidence
                                 each way (hs_instance), once for the whole instance */
    double bytes;             /* estimated peak memory */
    double seconds_enumerate; /* grouping and scan */
    double seconds_hitting;   /* what --time-limit leaves the hitting sets after the
                                 enumeration (which counts against it): greedy,
                                 reductions, then the searches until the limit stops
                                 them; 0 when the enumeration alone overruns it */
    double time_limit;        /* --time-limit, which bounds the whole study */
    uint64_t work;            /* --work, units for the hitting sets (0: none): they then
                                 end by their work, at about BUDGET_UNITS_PER_SECOND
                                 units a second here, unless the limit ends them first */
    int ncards, threads;
    double set_bytes;         /* the formula set once grouped, held to the end */
    double grouping_bytes;    /* the grouping's peak, on every rank of an MPI run */
    double seconds_grouping;  /* the grouping, on one core, in every rank */
    double core_seconds_scan; /* the scan of every hand, in core-seconds */
} preflight_estimate;

/* The run over N MPI ranks (eval/dist.h). Rank 0 gathers every rank's class-hand
 * incidences and alone runs the hitting sets, so its peak is the one-process peak
 * whatever N; only the other ranks' scan share falls as 1/N, above the formula set
 * that every rank groups for itself (docs/seven.md, "Ranks"). */
typedef struct {
    int ranks;
    double rank0_bytes;
    double other_bytes;       /* each rank but 0 (0 with one rank) */
    double core_seconds;      /* the grouping on every rank, and the scan */
    double wall_seconds;      /* until rank 0 has every share; the hitting sets follow */
} preflight_ranks;

int preflight_run(const enumeration_params *sp, const hs_params *hp,
                  preflight_estimate *out);
int preflight_ranks_run(const preflight_estimate *e, int ranks, preflight_ranks *out);
const char *preflight_source(int ncards);
uint64_t preflight_default_limit(void);
/* The machine's memory in bytes (MemTotal of /proc/meminfo; 0 when unknown). */
uint64_t preflight_machine_memory(void);
int preflight_describe(const preflight_estimate *e, char *buf, size_t size);
int preflight_describe_ranks(const preflight_estimate *e, const preflight_ranks *r,
                             char *buf, size_t size);
int preflight_describe_limit(const preflight_estimate *e, double limit, char *buf,
                             size_t size);
int preflight_format_bytes(double bytes, char *buf, size_t size);

#endif
