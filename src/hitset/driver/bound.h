/* bound.h - the lower bounds of the minimum hitting set behind one table, as engine.h
 * puts the exact engines behind one.
 *
 * Each row is one lower-bound method: its name (the JSON proven_by value), its words in
 * the report and in a generated table's header, when it runs, how its value is read from
 * a mincover_result, and the hook through which it will hand over a certificate of that
 * value (issue 28). The table's order is the order of proof: mincover_proof.c credits the first
 * row whose value equals the optimum, so the rows go cheapest first. Adding a bound is
 * its own module (as packing.c), its value in mincover_result and one row in bound.c;
 * the proof, proven_by and the words follow from the row. */
#ifndef T24_HITSET_BOUND_H
#define T24_HITSET_BOUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hitset/model/instance.h"
#include "hitset/driver/mincover_result.h"

/* When a bound runs, which is also what a search may rely on it for. */
typedef enum {
    /* On the whole instance, before greedy, always: a cover it proves minimal needs no
     * random greedy runs (mincover_proof.c's mincover_settled()). run computes it. */
    BOUND_BEFORE_GREEDY,
    /* On the reduced core, before the searches and within their time limit, so it may be
     * missing (value returns false): the search phase computes it, run is NULL. */
    BOUND_ON_CORE
} bound_stage;

/* Writes a certificate of the row's value for r on h to out (the form is issue 28's):
 * 0, or -1 with the reason in err. */
typedef int (*bound_certify_fn)(const instance *h, const mincover_result *r, FILE *out,
                                char *err, size_t errsize);

typedef struct bound_method {
    const char *name;    /* the JSON proven_by value: "necessary", "packing", "lp_bound" */
    const char *words;   /* in the report's verdict: "disjoint sets (the packing bound)" */
    const char *brief;   /* in a generated table's header: "the packing bound" */
    bound_stage stage;
    /* BOUND_BEFORE_GREEDY: computes the bound on h into r's fields, 0 or -1 when memory
     * runs out; NULL for BOUND_ON_CORE. */
    int (*run)(const instance *h, mincover_result *r);
    /* The proven bound in *value (an integer: a fractional one is rounded up) and true,
     * or false when the bound did not run or stopped without one. */
    bool (*value)(const mincover_result *r, uint32_t *value);
    bound_certify_fn certify; /* NULL: the bound hands over no certificate yet */
} bound_method;

/* The rows in order of proof; i < bound_count(), else NULL. */
size_t bound_count(void);
const bound_method *bound_at(size_t i);
/* The row named name, or NULL. */
const bound_method *bound_named(const char *name);

#endif
