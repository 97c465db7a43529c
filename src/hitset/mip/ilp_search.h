/* ilp_search.h - what every exact search of the minimum hitting set shares, whichever
 * engine runs it (engine.h's table: GLPK's, CBC's, t24's certifying search): how it
 * ended, which engine it is, and its progress reports. Apart from ilp.h, whose models are
 * GLPK's alone, so that a search that is not GLPK's (certify_result.h) names these
 * without the GLPK models. */
#ifndef T24_HITSET_ILP_SEARCH_H
#define T24_HITSET_ILP_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

/* How a search ended, whichever engine ran it: GLPK's (ilp.h), CBC's (cbc.h) and t24's
 * (certify.h) give the same three values. */
typedef enum {
    ILP_OPTIMAL,  /* the engine proved the solution optimal (a CBC claim only when t24
                     believes it, cbc.c); also an instance with no sets */
    ILP_STOPPED,  /* stopped with a solution not proven optimal: the time limit, the
                     caller's cancel (GLPK), or a CBC claim t24 did not believe */
    ILP_NONE      /* stopped before any solution was known */
} ilp_status;

/* Which solver runs the branch and bound of the minimum hitting set (the LP bound and
 * maximum coverage always use GLPK). engine.h maps each value to its engine; only
 * ILP_T24 can write a certificate of what it proves. */
typedef enum {
    ILP_GLPK,
    ILP_CBC,
    ILP_T24 /* t24's certifying branch and bound (certify.h), on GLPK's simplex */
} ilp_engine;

/* A snapshot of a running search for progress displays. */
typedef struct {
    const char *phase; /* what is running: "glpk", "cbc", "certify" or (from mincover)
                          "local search" */
    double seconds;    /* since the call started */
    bool has_value;    /* an incumbent exists */
    double value;      /* its objective */
    double bound;      /* the best proven bound so far */
    uint64_t nodes;    /* branch-and-bound nodes so far (local search: steps) */
    const char *unit;  /* what nodes counts when not nodes ("steps", "rounds"), or NULL */
} ilp_progress;

typedef void (*ilp_progress_fn)(void *ctx, const ilp_progress *p);

#endif
