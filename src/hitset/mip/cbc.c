/* cbc.c - the minimum hitting set with COIN-OR CBC; see cbc.h. */
#include "hitset/mip/cbc.h"

#include <coin/Cbc_C_Interface.h>
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/walltime.h"

/* CBC's C interface, loaded only when CBC is asked for: linking CBC (a C++ library with a
 * dozen more of its own) into t24 would make every start, `t24 solve 3 3 8 8` included,
 * map them all (docs/benchmarks.md, start-up). The declarations of Cbc_C_Interface.h give
 * each pointer its exact type.
 *
 * One row per function t24 calls, Cbc_ dropped: the X-macro makes both the struct of
 * pointers (cbc_api) and the names dlsym() looks up (cbc_names), in the same order, so a
 * function is added or removed in one place. */
#define CBC_API(X)             \
    X(newModel)                \
    X(deleteModel)             \
    X(setObjSense)             \
    X(loadProblem)             \
    X(setColName)              \
    X(setRowName)              \
    X(setInteger)              \
    X(setParameter)            \
    X(setMIPStartI)            \
    X(solve)                   \
    X(getNodeCount)            \
    X(isAbandoned)             \
    X(isProvenInfeasible)      \
    X(bestSolution)            \
    X(getBestPossibleObjValue) \
    X(isProvenOptimal)         \
    X(getVersion)

typedef struct {
#define CBC_FIELD(name) __typeof__(Cbc_##name) *name;
    CBC_API(CBC_FIELD)
#undef CBC_FIELD
} cbc_api;

static const char *const cbc_names[] = {
#define CBC_NAME(name) "Cbc_" #name,
    CBC_API(CBC_NAME)
#undef CBC_NAME
};

/* cbc_load() fills cbc_api as an array of pointers, the i-th from cbc_names[i]: the
 * struct must be exactly one pointer per name, nothing else and no padding. */
_Static_assert(sizeof(cbc_api) == sizeof cbc_names / sizeof cbc_names[0] * sizeof(void *),
               "cbc_api must hold exactly one pointer per name in cbc_names");

/* Fills *api from the CBC library the build found (T24_CBC_LIBRARY). dlopen keeps one copy
 * however often it is called. Returns 0, or -1 with a reason in err. */
static int cbc_load(cbc_api *api, char *err, size_t errsize)
{
    void *lib = dlopen(T24_CBC_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(err, errsize, "cannot load CBC (%s): install coinor-libcbc-dev", dlerror());
        return -1;
    }
    void **slot = (void **)api;
    for (size_t i = 0; i < sizeof cbc_names / sizeof cbc_names[0]; i++) {
        slot[i] = dlsym(lib, cbc_names[i]);
        if (!slot[i]) {
            snprintf(err, errsize, "CBC library lacks %s", cbc_names[i]);
            return -1;
        }
    }
    return 0;
}

const char *cbc_version(void)
{
    cbc_api api;
    char err[256];
    return cbc_load(&api, err, sizeof err) ? "unavailable" : api.getVersion();
}

/* The model in one call, as a column-major matrix: column e (binary x_e, cost 1) holds
 * the rows of the sets e meets, which are the instance's element rows as they are, and
 * row s is sum of x over set s >= 1 (no upper bound: NULL). Adding a column or a row at a
 * time (Cbc_addCol, Cbc_addRow) copied the model at each one: a 50,000-element star took
 * 14 s to build under a 1 s limit. Columns are named x<e+1>: CBC matches a MIP start by
 * column names, and with empty names silently ignores the start. Returns the model, or
 * NULL when memory runs out or the matrix is beyond CBC's int offsets. */
static Cbc_Model *build(const cbc_api *api, const instance *h)
{
    uint32_t ne = instance_nelems(h), ns = instance_nsets(h);
    uint64_t nnz = instance_nnz(h);
    if (nnz > INT_MAX)
        return NULL;
    CoinBigIndex *start = malloc(((size_t)ne + 1) * sizeof *start);
    int *index = malloc((nnz ? nnz : 1) * sizeof *index);
    double *value = malloc((nnz ? nnz : 1) * sizeof *value);
    double *ones = malloc(((size_t)(ne > ns ? ne : ns) + 1) * sizeof *ones);
    Cbc_Model *m = start && index && value && ones ? api->newModel() : NULL;
    if (m) {
        uint64_t k = 0;
        for (uint32_t e = 0; e < ne; e++) {
            uint32_t len;
            const uint32_t *sets = instance_elem(h, e, &len);
            start[e] = (CoinBigIndex)k;
            for (uint32_t i = 0; i < len; i++, k++) {
                index[k] = (int)sets[i];
                value[k] = 1.0;
            }
        }
        start[ne] = (CoinBigIndex)k;
        for (uint32_t i = 0; i < (ne > ns ? ne : ns); i++)
            ones[i] = 1.0;
        /* column bounds [0, 1], cost 1; row bounds [1, +infinity) */
        api->loadProblem(m, (int)ne, (int)ns, start, index, value, NULL, ones, ones, ones,
                         NULL);
        api->setObjSense(m, 1);
        for (uint32_t e = 0; e < ne; e++) {
            char name[16];
            snprintf(name, sizeof name, "x%u", e + 1);
            api->setColName(m, (int)e, name);
            api->setInteger(m, (int)e);
        }
        /* Rows named too: with column names and none for the rows, CBC 2.10's presolve
         * (ClpPresolve, in Idiot's crossover) read past the empty row names and crashed
         * (five cards, deck 1-9, a 2 s limit: test_five). */
        for (uint32_t s = 0; s < ns; s++) {
            char name[16];
            snprintf(name, sizeof name, "h%u", s + 1);
            api->setRowName(m, (int)s, name);
        }
    }
    free(start);
    free(index);
    free(value);
    free(ones);
    return m;
}

/* Silent, one thread, wall-clock seconds, and the warm start as a MIP start. */
#define CBC_PREPROCESS_MIN_SECONDS 10.0

static void configure(const cbc_api *api, Cbc_Model *m, const ilp_params *p, double seconds, uint32_t ne, int *idx,
                      double *val)
{
    char sec[32], threads[16];
    snprintf(sec, sizeof sec, "%.3f", seconds);
    /* CBC's "threads 0" is its serial search; 2 threads took deck 1-10 of five cards
     * from 100 to 102 in 600 s (hitting-sets.md). */
    snprintf(threads, sizeof threads, "%d", p->threads > 1 ? p->threads : 0);
    api->setParameter(m, "log", "0");
    api->setParameter(m, "slog", "0");
    api->setParameter(m, "threads", threads);
    api->setParameter(m, "timeMode", "elapsed");
    api->setParameter(m, "sec", sec);
    /* A time limit that ends CBC inside its preprocessing can crash it after the stop
     * (CglPreProcess::postProcess, a segfault in Debian's CBC 2.10: t24-bench --five 0.2
     * on deck 1-6 under load, about one run in five). Short runs go without it. */
    if (seconds < CBC_PREPROCESS_MIN_SECONDS)
        api->setParameter(m, "preprocess", "off");
    if (!p->warm)
        return;
    for (uint32_t e = 0; e < ne; e++) {
        idx[e] = (int)e;
        val[e] = 0.0;
    }
    for (uint32_t i = 0; i < p->nwarm; i++)
        if (p->warm[i] < ne)
            val[p->warm[i]] = 1.0;
    api->setMIPStartI(m, (int)ne, idx, val);
}

/* Reads CBC's verdict into out: status, value, bound and the chosen elements. Its claims
 * are checked against what is known, because CBC stopped by its time limit early (in its
 * preprocessing) can call a feasible problem infeasible and then reports a meaningless
 * bound: a covering problem with no empty set is always feasible, so "infeasible" only
 * means "no solution", and CBC's bound is believed only up to the cover it returns. An
 * optimality claim worse than the warm start it was given is not believed either. */
static int harvest(const cbc_api *api, Cbc_Model *m, const instance *h, const ilp_params *p,
                   ilp_result *out, char *err, size_t errsize)
{
    uint32_t ne = instance_nelems(h);
    out->nodes = (uint64_t)api->getNodeCount(m);
    if (api->isAbandoned(m)) {
        snprintf(err, errsize, "CBC abandoned the problem (numerical difficulties)");
        return -1;
    }
    const double *x = api->isProvenInfeasible(m) ? NULL : api->bestSolution(m);
    bool have_warm = ilp_take_warm(h, p, out);
    uint32_t nwarm = have_warm ? out->nchosen : UINT32_MAX;
    if (!x) {
        if (!have_warm)
            out->status = ILP_NONE;
        return 0;
    }
    out->nchosen = 0;
    for (uint32_t e = 0; e < ne; e++)
        if (x[e] > 0.5)
            out->chosen[out->nchosen++] = e;
    out->value = out->nchosen; /* the objective counts the chosen elements exactly */
    double bound = api->getBestPossibleObjValue(m);
    if (isfinite(bound) && bound > out->bound && bound <= out->value + 1e-6)
        out->bound = bound;
    bool believable = out->nchosen <= nwarm;
    out->status = api->isProvenOptimal(m) && believable ? ILP_OPTIMAL : ILP_STOPPED;
    if (out->status == ILP_OPTIMAL)
        out->bound = out->value;
    if (out->nchosen > nwarm) { /* CBC lost track of its start: the start is better */
        ilp_take_warm(h, p, out);
        if (out->bound > out->value) /* then a bound above it is CBC's mistake too */
            out->bound = out->lp < 0 ? 0 : out->lp;
    }
    return 0;
}

/* Is the warm start (p->warm, a cover) already at the LP bound's ceiling? Then it is
 * optimal, and *out holds it (ilp_take_warm()). The ceiling forgives the simplex 1e-6,
 * as mincover does. */
static bool warm_at_lp_bound(const instance *h, const ilp_params *p, ilp_result *out)
{
    return out->lp >= 0 && ilp_take_warm(h, p, out) &&
           out->value <= ceil(out->lp - 1e-6);
}

/* The minimum hitting set with CBC until p->limit's time end (LP bound included), from
 * p->warm when given. Returns 0 with *out filled as ilp_glpk_hitting_set() does (free with
 * ilp_result_free()), or -1 with a reason in err when GLPK's LP or CBC fails. */
int cbc_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                    size_t errsize)
{
    uint32_t ne = instance_nelems(h);
    double t0 = walltime_now();
    ilp_params lp = *p;
    lp.engine = ILP_GLPK;
    memset(out, 0, sizeof *out);
    cbc_api loaded;
    const cbc_api *api = &loaded;
    if (cbc_load(&loaded, err, errsize))
        return -1;
    if (ilp_lp_bound(h, &lp, &out->lp, err, errsize)) {
        /* Stopped by the time limit, the LP gives no bound, as in GLPK's own search
         * (lp -1, bound 0), and the warm start is still reported below. */
        if (budget_left(p->limit, walltime_now()) > 0)
            return -1;
        out->lp = -1;
    }
    out->bound = out->lp < 0 ? 0 : out->lp;
    out->chosen = malloc(((size_t)ne + 1) * sizeof *out->chosen);
    int *idx = malloc(((size_t)ne + 1) * sizeof *idx);
    double *val = malloc(((size_t)ne + 1) * sizeof *val);
    Cbc_Model *m = NULL;
    int rc = 0;
    if (!out->chosen || !idx || !val) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
    } else if (instance_nsets(h) == 0) {
        out->status = ILP_OPTIMAL; /* nothing to hit: the empty set is optimal */
    } else if (warm_at_lp_bound(h, p, out)) {
        out->status = ILP_OPTIMAL; /* nothing to search: no model is built */
        out->bound = out->value;
    } else if (instance_nnz(h) > INT_MAX) {
        snprintf(err, errsize, "%llu entries: more than CBC's matrix takes",
                 (unsigned long long)instance_nnz(h));
        rc = -1;
    } else if (!(m = build(api, h))) {
        snprintf(err, errsize, "out of memory");
        rc = -1;
    } else {
        double left = budget_left(p->limit, walltime_now()); /* INFINITY: none */
        if (left > BUDGET_MAX_SECONDS)
            left = BUDGET_MAX_SECONDS; /* CBC takes a number */
        if (left < BUDGET_FLOOR) {
            if (!ilp_take_warm(h, p, out)) /* the LP took the whole time */
                out->status = ILP_NONE;
        } else {
            configure(api, m, p, left, ne, idx, val);
            api->solve(m);
            rc = harvest(api, m, h, p, out, err, errsize);
        }
    }
    if (m)
        api->deleteModel(m);
    free(idx);
    free(val);
    out->seconds = walltime_now() - t0;
    if (rc)
        ilp_result_free(out);
    return rc;
}
