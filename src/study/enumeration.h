/* enumeration.h - the enumeration half of `t24 study`: solution sets, solvability, the
 * completeness check of the reduced family and the aces view. */
#ifndef T24_STUDY_ENUMERATION_H
#define T24_STUDY_ENUMERATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hand.h"
#include "eval/dist.h"
#include "eval/formula.h"
#include "eval/scan.h"
#include "eval/solutions.h"
#include "core/template.h"

typedef struct {
    int ncards;                   /* 2..7, default 4 */
    int64_t lo, hi;               /* deck, default 1-11 */
    int64_t target;               /* default 24 */
    template_groupings groupings; /* default reduced for 4 cards, all otherwise */
    int nthreads;                 /* default 2 */
    solutions_progress_fn progress;  /* optional, called from the calling thread */
    void *progress_ctx;
    formula_progress_fn grouping_progress; /* optional: templates grouped into formulas
                                              (minutes at seven cards), same context */
    bool per_template;            /* the reference path: evaluate every template and keep
                                     every (hand, template) pair in sols (tests only) */
    const dist *dist;             /* MPI ranks sharing the hands, or NULL for one process */
    int (*cancelled)(void *ctx);  /* optional, one process only (no dist): non-zero stops
                                     the scan of the hands (a signal: `t24 study`), and
                                     enumeration_run() fails saying so */
    void *cancel_ctx;
} enumeration_params;

typedef struct {
    uint32_t hand;    /* index into the study's hands */
    uint32_t witness; /* lowest id of the `all` family that hits it */
} enumeration_miss;

typedef struct {
    enumeration_params params;
    template_family *family;
    template_family *all;      /* the complete family, for the completeness check */
    hand_set *hands;
    solutions sols;            /* every (hand, template) pair: per_template only */
    formula_set *formulas;     /* the family's templates by formula: otherwise */
    partition groups;          /* formula groups by the hands they solve: otherwise */
    uint64_t *row_len;         /* per hand: family templates that solve it */
    uint32_t *first_hit;       /* per hand: the lowest of them, or SCAN_NO_HIT */
    uint64_t solution_pairs;   /* (hand, template) solutions, the sum of row_len */
    uint32_t promoted;         /* hands whose int64 evaluation overflowed, redone in GMP */
    bool *truly_solvable;      /* per hand: some template of the complete family hits */
    uint32_t solvable;         /* hands some template (any grouping) solves */
    uint32_t unsolvable;       /* hands no template of any grouping solves */
    uint32_t family_solvable;  /* hands the family's templates solve */
    uint32_t useful_templates; /* family templates that hit at least one hand */
    enumeration_miss *misses;        /* solvable hands the family misses */
    uint32_t nmisses;
    bool has_aces;             /* deck is 1-11: the aces-as-1-or-11 view applies */
    uint32_t aces_hands;
    uint32_t aces_unsolvable;        /* no reading solvable with any grouping */
    uint32_t aces_unsolvable_family; /* no reading solvable with the family's templates */
    bool worker;               /* an MPI rank other than 0: it scanned and sent its share
                                  of the hands and holds no results */
    double seconds_enumerate;  /* evaluation of the family */
    double seconds_complete;   /* completeness check and aces view */
} enumeration;

void enumeration_params_init(enumeration_params *p);
int enumeration_run(enumeration *st, const enumeration_params *p, char *err, size_t errsize);
void enumeration_free(enumeration *st);

#endif
