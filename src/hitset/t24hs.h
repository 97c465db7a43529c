/* t24hs.h - libt24hs, t24's minimum hitting-set engine as a library: the one header a
 * program outside t24 includes (`pkg-config --cflags --libs t24hs`).
 *
 * An instance is a universe of elements 0..n-1 and a list of sets of them; a cover (a
 * hitting set) is a set of elements meeting every set, every element of unit cost. A
 * cover run finds a small cover and a proven lower bound on the smallest: necessary
 * elements, a packing of disjoint sets and the LP relaxation bound it from below; greedy,
 * reductions, a local search and an exact search (GLPK's branch and bound, or COIN-OR
 * CBC's when it is installed) bound it from above, under a time limit. Every cover it
 * reports has been checked against every set. docs/hitting-sets.md describes the method.
 *
 * Conventions. Every function returning int returns 0 on success and -1 on failure with
 * a one-line reason in err (errsize bytes, always NUL-terminated); a bad parameter is a
 * failure naming the field and its value, never an abort. Objects are opaque handles
 * with a _free that accepts NULL. The library keeps no global state of its own: GLPK
 * runs on threads the library starts (its environment is per thread), so it neither
 * touches the caller's GLPK objects, hooks, terminal output or memory limit, and two
 * runs on two threads do not meet. Only hs_ names are exported. */
#ifndef T24HS_H
#define T24HS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define HS_API __attribute__((visibility("default")))
#else
#define HS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, e.g. "0.3.0" (t24's). */
HS_API const char *hs_version(void);

/* ---- instances ---- */

typedef struct hs_instance hs_instance;

/* An instance of nelems elements and nsets sets: set s holds elems[offsets[s]] ..
 * elems[offsets[s + 1] - 1] (offsets has nsets + 1 entries, offsets[0] = 0), elements in
 * any order, repeats allowed. Copies what it needs. Returns NULL with err set when an
 * element is out of range, a set is empty (no cover exists) or memory runs out. */
HS_API hs_instance *hs_instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *offsets,
                                    const uint32_t *elems, char *err, size_t errsize);
/* Reads a PACE 2025 hitting-set file ("p hs N M", then one set a line, elements 1..N,
 * "c" comment lines). Returns NULL with err naming the line when it is not one. */
HS_API hs_instance *hs_instance_read_pace(FILE *fp, char *err, size_t errsize);
/* Writes the instance in the same format. Returns 0, or -1 when fp reports an error. */
HS_API int hs_instance_write_pace(FILE *fp, const hs_instance *h);
HS_API void hs_instance_free(hs_instance *h);
HS_API uint32_t hs_instance_nelems(const hs_instance *h);
HS_API uint32_t hs_instance_nsets(const hs_instance *h);
/* Do the n elements (0-based) meet every set? */
HS_API bool hs_instance_is_cover(const hs_instance *h, const uint32_t *elems, uint32_t n);

/* ---- a cover run ---- */

typedef enum { HS_ENGINE_GLPK, HS_ENGINE_CBC } hs_engine;
typedef enum { HS_LP_AUTO, HS_LP_SIMPLEX, HS_LP_COLGEN } hs_lp;

typedef struct {
    double time_limit;     /* seconds for the whole run, > 0 (default 60) */
    double local_search;   /* seconds of local search: < 0 the default share, 0 none */
    uint32_t greedy_runs;  /* randomised greedy runs, 1..10000 (default 100) */
    uint64_t seed;         /* their seed and the local search's (default 1) */
    bool reduce;           /* reduce the instance before the exact search (default on) */
    hs_engine engine;      /* the exact search (default GLPK) */
    hs_lp lp;              /* how the LP bound is computed (default AUTO) */
    int threads;           /* CBC's threads, 1..64 (default 1) */
    int mem_limit_mb;      /* GLPK's memory limit in MB, 0 for none (default 0) */
    /* Called with each smaller cover as it is found (0-based elements, checked), on the
     * calling thread or one of the library's, one call at a time; or NULL. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    /* Asked where the run reads its clock (often, from any of its threads): non-zero
     * ends the run as its time limit would, with a valid cover and bound (CBC is not
     * asked and ends at its limit). NULL: never (default). Read an atomic flag here. */
    int (*cancelled)(void *ctx);
    void *cancel_ctx;
} hs_params;

HS_API void hs_params_init(hs_params *p);
/* 0 when every field is in range, else -1 with "FIELD = VALUE; must be ..." in err. */
HS_API int hs_params_check(const hs_params *p, char *err, size_t errsize);

typedef struct {
    uint32_t size;         /* the best cover's size */
    uint32_t *cover;       /* its elements, 0-based, ascending (owned by the result) */
    bool optimal;          /* a proven lower bound equals size */
    uint32_t lower_bound;  /* the best proven lower bound */
    double lp_bound;       /* the LP relaxation's value (or a bound below it), < 0: none */
    uint32_t necessary;    /* elements alone in some set */
    uint32_t packing;      /* pairwise disjoint sets found */
    const char *proven_by; /* "necessary", "packing", "lp_bound", "glpk", "cbc",
                              "reductions", or NULL when not optimal (static text) */
    const char *search;    /* the exact search: "optimal", "time_limit", or
                              "glpk_failed" / "cbc_failed" (static text) */
    char message[256];     /* why the exact search failed, when it did, else "" */
} hs_result;

/* Runs the whole search on h under p (NULL: the defaults). Returns 0 with *out filled
 * (free with hs_result_free()), also when the time limit stopped the search (optimal is
 * then false: the optimum lies between lower_bound and size) or the exact search failed
 * (message says why; the other bounds and the cover stand). Returns -1 with err set for
 * a bad parameter or when memory runs out; *out is then empty. */
HS_API int hs_cover_run(const hs_instance *h, const hs_params *p, hs_result *out, char *err,
                        size_t errsize);
HS_API void hs_result_free(hs_result *r);
/* Writes a cover as a PACE solution: its size, then one element a line, 1-based. */
HS_API int hs_cover_write_pace(FILE *fp, const uint32_t *elems, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
