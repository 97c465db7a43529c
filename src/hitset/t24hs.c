/* t24hs.c - the library's public face over the engine's modules; see t24hs.h.
 *
 * Nothing here decides anything: it checks parameters, translates them to mincover's,
 * and copies the result out, so that the modules behind it can change without breaking
 * a program linked against the library. */
#include "hitset/t24hs.h"

#include <stdlib.h>
#include <string.h>

#include "hitset/export.h"
#include "hitset/instance.h"
#include "hitset/mincover.h"
#include "core/walltime.h"

#ifndef T24HS_VERSION
#error "T24HS_VERSION must be defined by the build (CMakeLists.txt)"
#endif

const char *hs_version(void) { return T24HS_VERSION; }

hs_instance *hs_instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *offsets,
                             const uint32_t *elems, char *err, size_t errsize)
{
    if (!offsets || (!elems && nsets > 0 && offsets[nsets] > offsets[0])) {
        snprintf(err, errsize, "offsets and elems must not be NULL");
        return NULL;
    }
    return instance_new(nelems, nsets, offsets, elems, err, errsize);
}

hs_instance *hs_instance_read_pace(FILE *fp, char *err, size_t errsize)
{
    if (!fp) {
        snprintf(err, errsize, "no stream to read");
        return NULL;
    }
    return export_read_pace(fp, err, errsize);
}

int hs_instance_write_pace(FILE *fp, const hs_instance *h)
{
    return fp && h ? export_pace(fp, h, NULL) : -1;
}

void hs_instance_free(hs_instance *h) { instance_free(h); }
uint32_t hs_instance_nelems(const hs_instance *h) { return instance_nelems(h); }
uint32_t hs_instance_nsets(const hs_instance *h) { return instance_nsets(h); }

bool hs_instance_is_cover(const hs_instance *h, const uint32_t *elems, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (elems[i] >= instance_nelems(h))
            return false;
    return instance_is_cover(h, elems, n);
}

int hs_cover_write_pace(FILE *fp, const uint32_t *elems, uint32_t n)
{
    return fp ? export_pace_solution(fp, elems, n) : -1;
}

void hs_params_init(hs_params *p)
{
    mincover_params d;
    mincover_params_init(&d);
    memset(p, 0, sizeof *p);
    p->time_limit = d.time_limit;
    p->local_search = d.ls_seconds;
    p->greedy_runs = d.greedy_runs;
    p->seed = d.seed;
    p->reduce = d.reduce;
    p->engine = HS_ENGINE_GLPK;
    p->lp = HS_LP_AUTO;
    p->threads = d.threads;
    p->mem_limit_mb = d.mem_limit_mb;
}

/* "FIELD = VALUE; must be RANGE" into err, and -1. */
static int bad(char *err, size_t errsize, const char *field, double value, const char *range)
{
    snprintf(err, errsize, "%s = %.17g; must be %s", field, value, range);
    return -1;
}

static void to_mincover(const hs_params *p, mincover_params *q)
{
    mincover_params_init(q);
    q->time_limit = p->time_limit;
    q->deadline = walltime_now() + p->time_limit; /* the whole run, as t24 cover's */
    q->ls_seconds = p->local_search;
    q->greedy_runs = p->greedy_runs;
    q->settled_runs = false; /* a solver: runs that cannot find a smaller cover are skipped */
    q->seed = p->seed;
    q->reduce = p->reduce;
    q->engine = p->engine == HS_ENGINE_CBC ? ILP_CBC : ILP_GLPK;
    q->lp = p->lp == HS_LP_SIMPLEX  ? MINCOVER_LP_SIMPLEX
            : p->lp == HS_LP_COLGEN ? MINCOVER_LP_COLGEN
                                    : MINCOVER_LP_AUTO;
    q->threads = p->threads;
    q->mem_limit_mb = p->mem_limit_mb;
    q->improved = p->improved;
    q->improved_ctx = p->improved_ctx;
    q->cancel.requested = p->cancelled;
    q->cancel.ctx = p->cancel_ctx;
}

/* The public enums and local_search are checked here, under their public names; every
 * other range is the engine's (mincover_params_check(), whose field names are these). */
int hs_params_check(const hs_params *p, char *err, size_t errsize)
{
    if (p->engine != HS_ENGINE_GLPK && p->engine != HS_ENGINE_CBC)
        return bad(err, errsize, "engine", (int)p->engine, "HS_ENGINE_GLPK or HS_ENGINE_CBC");
    if (p->lp != HS_LP_AUTO && p->lp != HS_LP_SIMPLEX && p->lp != HS_LP_COLGEN)
        return bad(err, errsize, "lp", (int)p->lp, "HS_LP_AUTO, HS_LP_SIMPLEX or HS_LP_COLGEN");
    if (!(p->local_search <= 1e9)) /* NaN too */
        return bad(err, errsize, "local_search", p->local_search,
                   "< 0 (the default share), 0 (none) or seconds up to 1e9");
    mincover_params q;
    to_mincover(p, &q);
    return mincover_params_check(&q, err, errsize);
}


static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Copies what a caller needs out of r (the cover sorted ascending). */
static int from_mincover(const mincover_result *r, hs_result *out)
{
    out->cover = malloc(((size_t)r->cover.n + 1) * sizeof *out->cover);
    if (!out->cover)
        return -1;
    memcpy(out->cover, r->cover.elems, (size_t)r->cover.n * sizeof *out->cover);
    qsort(out->cover, r->cover.n, sizeof *out->cover, cmp_u32);
    out->size = r->cover.n;
    out->optimal = r->optimal;
    out->lower_bound = r->best_bound;
    out->lp_bound = r->lp_bound;
    out->necessary = r->necessary;
    out->packing = r->packing;
    out->proven_by = mincover_proof_name(r);
    out->search = mincover_ilp_status_name(r);
    snprintf(out->message, sizeof out->message, "%s", r->message);
    return 0;
}

int hs_cover_run(const hs_instance *h, const hs_params *p, hs_result *out, char *err,
                 size_t errsize)
{
    hs_params d;
    mincover_params q;
    mincover_result r;
    memset(out, 0, sizeof *out);
    if (!h) {
        snprintf(err, errsize, "no instance");
        return -1;
    }
    if (!p) {
        hs_params_init(&d);
        p = &d;
    }
    if (hs_params_check(p, err, errsize))
        return -1;
    to_mincover(p, &q);
    if (mincover_run(h, NULL, &q, &r, err, errsize))
        return -1;
    int rc = from_mincover(&r, out);
    mincover_result_free(&r);
    if (rc) {
        hs_result_free(out);
        snprintf(err, errsize, "out of memory");
    }
    return rc;
}

void hs_result_free(hs_result *r)
{
    if (!r)
        return;
    free(r->cover);
    memset(r, 0, sizeof *r);
}
