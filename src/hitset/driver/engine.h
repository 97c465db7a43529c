/* engine.h - the exact engines of the minimum hitting set behind one table of functions.
 *
 * GLPK's branch and bound (ilp.h), CBC's branch and cut (cbc.h) and t24's certifying
 * branch and bound (certify.h) each fill an engine_ops; engine_hitting_set() is the one
 * place that picks the engine from ilp_params.engine, so no engine's file calls another's
 * to dispatch (cbc.c still uses GLPK's LP relaxation, below it, so both report the same
 * bound). An engine added later is one more row of the table in engine.c. */
#ifndef T24_HITSET_ENGINE_H
#define T24_HITSET_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "hitset/mip/ilp.h"
#include "hitset/model/instance.h"

typedef int (*engine_solve_fn)(const instance *h, const ilp_params *p, ilp_result *out,
                               char *err, size_t errsize);

typedef struct {
    ilp_engine id;
    const char *name;   /* the --solver value and the JSON name: "glpk", "cbc" */
    const char *label;  /* the name in prose: "GLPK", "CBC" */
    const char *method; /* what proves an optimum: "GLPK's branch and bound" */
    const char *failed; /* the JSON ilp_status of a failed search: "glpk_failed" */
    engine_solve_fn hitting_set; /* same contract as ilp_glpk_hitting_set() */
    const char *(*version)(void);
    /* The engine can hand over a certificate of what it proves (docs/certificates.md):
     * t24's certifying search can, GLPK's and CBC's trees cannot be written down. */
    bool can_certify;
} engine_ops;

/* The engine's row of the table, or NULL for a value no row has: an unknown engine is
 * the caller's error to report, never GLPK's run under another name. */
const engine_ops *engine_of(ilp_engine e);
/* The row's name and label, NULL for an unknown engine. */
const char *engine_name(ilp_engine e);
const char *engine_label(ilp_engine e);
/* A row's name ("glpk", "cbc", "t24") into *out: 0, or -1 (out untouched) for anything
 * else. */
int engine_parse(const char *s, ilp_engine *out);
/* The minimum hitting set with p->engine: see ilp_glpk_hitting_set() for the contract. An
 * unknown p->engine is a bad parameter ("engine = N; must be ..."), nothing run. */
int engine_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                       size_t errsize);

#endif
