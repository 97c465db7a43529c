/* symmetry.c - the automorphism group of an instance's incidence graph; see symmetry.h. */
/* nauty's header first: it sets its own feature macros before the C library's. */
#include "nausparse.h"

#include "symmetry.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/walltime.h"

/* The incidence graph in nauty's sparse form: vertices 0..n-1 the elements, n..n+m-1
 * the sets, each edge listed from both ends. Arrays from malloc, freed by graph_free(). */
static int graph_build(const hs_instance *h, sparsegraph *g, char *err, size_t errsize)
{
    uint32_t n = hs_instance_nelems(h), m = hs_instance_nsets(h);
    uint64_t nv = (uint64_t)n + m, nnz = hs_instance_nnz(h);
    if (nv > NAUTY_INFINITY - 2 || nnz > (uint64_t)INT32_MAX) {
        snprintf(err, errsize, "%llu vertices and %llu incidences: too large for nauty",
                 (unsigned long long)nv, (unsigned long long)nnz);
        return -1;
    }
    memset(g, 0, sizeof *g);
    g->v = malloc((nv ? nv : 1) * sizeof *g->v);
    g->d = malloc((nv ? nv : 1) * sizeof *g->d);
    g->e = malloc((nnz ? 2 * nnz : 1) * sizeof *g->e);
    if (!g->v || !g->d || !g->e) {
        free(g->v), free(g->d), free(g->e);
        snprintf(err, errsize, "out of memory for the incidence graph (%llu vertices)",
                 (unsigned long long)nv);
        return -1;
    }
    g->nv = (int)nv, g->nde = 2 * (size_t)nnz;
    g->vlen = g->dlen = (size_t)nv, g->elen = 2 * (size_t)nnz;
    size_t at = 0;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t len;
        const uint32_t *sets = hs_instance_elem(h, e, &len);
        g->v[e] = at, g->d[e] = (int)len;
        for (uint32_t i = 0; i < len; i++)
            g->e[at++] = (int)(n + sets[i]);
    }
    for (uint32_t s = 0; s < m; s++) {
        uint32_t len;
        const uint32_t *elems = hs_instance_set(h, s, &len);
        g->v[n + s] = at, g->d[n + s] = (int)len;
        for (uint32_t i = 0; i < len; i++)
            g->e[at++] = (int)elems[i];
    }
    return 0;
}

static void graph_free(sparsegraph *g)
{
    free(g->v), free(g->d), free(g->e);
}

/* The time limit: a thread that sleeps until the deadline, or until the search is done,
 * and at the deadline raises nauty's kill flag (nauty has no time limit of its own, and
 * its callbacks carry no context to find a deadline in). */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool done;
    struct timespec until; /* CLOCK_MONOTONIC, walltime_now()'s clock */
} watch;

static void *watch_run(void *arg)
{
    watch *w = arg;
    pthread_mutex_lock(&w->lock);
    int rc = 0;
    while (!w->done && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&w->wake, &w->lock, &w->until);
    if (!w->done)
        nauty_kill_request = 1;
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static int watch_start(watch *w, pthread_t *thread, double deadline)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr))
        return -1;
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_mutex_init(&w->lock, NULL);
    int rc = pthread_cond_init(&w->wake, &attr);
    pthread_condattr_destroy(&attr);
    if (rc) {
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    w->done = false;
    double whole = deadline > 0 ? (double)(time_t)deadline : 0;
    w->until.tv_sec = (time_t)whole;
    w->until.tv_nsec = (long)((deadline > 0 ? deadline - whole : 0) * 1e9);
    if (w->until.tv_nsec > 999999999)
        w->until.tv_nsec = 999999999;
    if (pthread_create(thread, NULL, watch_run, w)) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    return 0;
}

/* Ends the watch; the kill flag is lowered only after the thread has gone, so that a
 * late raise cannot stop the next call. */
static void watch_stop(watch *w, pthread_t thread)
{
    pthread_mutex_lock(&w->lock);
    w->done = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(thread, NULL);
    nauty_kill_request = 0;
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
}

/* The orbits of each side from nauty's orbits[] (each vertex's orbit named by its least
 * vertex, so an orbit never holds both an element and a set: they differ in colour). */
static void count_orbits(const int *orbits, uint32_t n, uint32_t nv, int *size,
                         symmetry_result *out)
{
    for (uint32_t v = 0; v < nv; v++)
        size[v] = 0;
    for (uint32_t v = 0; v < nv; v++)
        size[orbits[v]]++;
    for (uint32_t v = 0; v < nv; v++) {
        bool elem = v < n;
        if (orbits[v] == (int)v)
            elem ? out->elem_orbits++ : out->set_orbits++;
        if (size[orbits[v]] > 1)
            elem ? out->elems_moved++ : out->sets_moved++;
    }
}

/* nauty on g, the elements (0..n-1) and the sets one colour each. Returns 0 or -1. */
static int run_nauty(sparsegraph *g, uint32_t n, double deadline, symmetry_result *out,
                     char *err, size_t errsize)
{
    uint32_t nv = (uint32_t)g->nv;
    int *lab = malloc(nv * sizeof *lab), *ptn = malloc(nv * sizeof *ptn);
    int *orbits = malloc(nv * sizeof *orbits);
    watch w;
    pthread_t thread;
    if (!lab || !ptn || !orbits || watch_start(&w, &thread, deadline)) {
        free(lab), free(ptn), free(orbits);
        snprintf(err, errsize, "out of memory or threads for nauty (%u vertices)", nv);
        return -1;
    }
    for (uint32_t v = 0; v < nv; v++)
        lab[v] = (int)v, ptn[v] = 1;
    if (n > 0)
        ptn[n - 1] = 0; /* the end of the elements' cell */
    ptn[nv - 1] = 0;
    DEFAULTOPTIONS_SPARSEGRAPH(options);
    options.defaultptn = FALSE; /* lab and ptn give the two colours */
    statsblk stats;
    /* A header of another build than the library (word size, version) would give wrong
     * answers silently; nauty's check exits with a message instead. */
    nausparse_check(WORDSIZE, SETWORDSNEEDED(g->nv), g->nv, NAUTYVERSIONID);
    if (walltime_now() >= deadline) /* past already: stopped, whatever the thread's pace */
        nauty_kill_request = 1;
    sparsenauty(g, lab, ptn, orbits, &options, &stats, NULL);
    watch_stop(&w, thread);
    int rc = 0;
    if (stats.errstatus == NAUKILLED) {
        out->stopped = true;
    } else if (stats.errstatus) {
        snprintf(err, errsize, "nauty failed (status %d)", stats.errstatus);
        rc = -1;
    } else {
        out->size_mantissa = stats.grpsize1;
        out->size_exponent = stats.grpsize2;
    }
    out->generators = (uint32_t)stats.numgenerators;
    out->nodes = (uint64_t)stats.numnodes;
    if (rc == 0)
        count_orbits(orbits, n, nv, lab, out); /* lab is scratch now */
    free(lab), free(ptn), free(orbits);
    nauty_freedyn();
    nausparse_freedyn();
    return rc;
}

int symmetry_group(const hs_instance *h, double deadline, symmetry_result *out, char *err,
                   size_t errsize)
{
    double start = walltime_now();
    memset(out, 0, sizeof *out);
    if (hs_instance_nelems(h) + (uint64_t)hs_instance_nsets(h) == 0) {
        out->size_mantissa = 1;
        return 0;
    }
    sparsegraph g;
    if (graph_build(h, &g, err, errsize))
        return -1;
    int rc = run_nauty(&g, hs_instance_nelems(h), deadline, out, err, errsize);
    graph_free(&g);
    out->seconds = walltime_now() - start;
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

bool symmetry_trivial(const symmetry_result *r)
{
    return !r->stopped && r->size_mantissa == 1 && r->size_exponent == 0;
}
