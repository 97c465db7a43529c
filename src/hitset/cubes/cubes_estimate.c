/* cubes_estimate.c - the work a cube folder has left (cubes.h): Knuth's estimate
 * (certify_estimate.h) from dives that start at its open cubes. */
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/cubes/cubes.h"
#include "hitset/cubes/cubes_files.h"

/* The open cubes' fixings, one after the other: cube i's are [off[i], off[i + 1]). */
typedef struct {
    uint64_t *off;
    uint32_t *elems;
    unsigned char *in;
    uint32_t n;
    size_t len, cap;
} starts;

static void starts_free(starts *s)
{
    free(s->off);
    free(s->elems);
    free(s->in);
}

static int add_start(starts *s, const uint32_t *elems, const unsigned char *in, uint32_t n)
{
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        while (cap < s->len + n)
            cap *= 2;
        uint32_t *e = realloc(s->elems, cap * sizeof *e);
        if (e)
            s->elems = e;
        unsigned char *i = realloc(s->in, cap);
        if (i)
            s->in = i;
        if (!e || !i)
            return -1;
        s->cap = cap;
    }
    memcpy(s->elems + s->len, elems, n * sizeof *elems);
    memcpy(s->in + s->len, in, n);
    s->len += n;
    s->off[++s->n] = s->len;
    return 0;
}

/* The fixings of dir's cubes not closed at target into s. Returns 0, or -1 with err. */
static int open_cubes(const char *dir, const instance *h, uint32_t target, starts *s,
                      char *err, size_t errsize)
{
    uint32_t n;
    char **names = cubes_names(dir, &n, err, errsize);
    if (!names)
        return -1;
    int rc = (s->off = malloc(((size_t)n + 1) * sizeof *s->off)) ? 0 : -1;
    if (rc)
        snprintf(err, errsize, "out of memory for the cubes");
    else
        s->off[0] = 0;
    for (uint32_t i = 0; rc == 0 && i < n; i++) {
        uint32_t *el = NULL, k;
        unsigned char *in = NULL;
        if (cubes_is_closed(dir, names[i], h, target))
            continue;
        rc = cubes_read_fixings(dir, names[i], h, &el, &in, &k, err, errsize);
        if (rc == 0 && (rc = add_start(s, el, in, k)))
            snprintf(err, errsize, "out of memory for the cubes");
        free(el);
        free(in);
    }
    cubes_names_free(names, n);
    return rc;
}

int cubes_estimate(const char *dir, const certify_estimate_params *p, certify_estimate *r,
                   char *err, size_t errsize)
{
    memset(r, 0, sizeof *r);
    /* The reading counts in the time limit, as in `t24 cover`. */
    double deadline = p->search.limit.end;
    instance *h = cubes_read_instance_until(dir, deadline, p->search.cancel, err, errsize);
    if (!h)
        return -1;
    uint32_t goal = cubes_read_goal(dir), n;
    uint32_t *cover = cubes_read_cover(dir, instance_nelems(h), &n);
    starts s = { 0 };
    int rc = -1;
    if (goal == UINT32_MAX || !cover || !instance_is_cover(h, cover, n))
        snprintf(err, errsize, "'%s': its goal or cover.sol cannot be read, or is no cover",
                 dir);
    else
        rc = open_cubes(dir, h, cubes_target(goal, n), &s, err, errsize);
    if (rc == 0 && s.n == 0) { /* nothing left to estimate */
        r->cover = n;
        r->target = cubes_target(goal, n);
    } else if (rc == 0) {
        certify_estimate_params q = *p;
        q.search.goal = goal;
        q.search.start = cover;
        q.search.nstart = n;
        q.nstarts = s.n;
        q.start_off = s.off;
        q.start_elems = s.elems;
        q.start_in = s.in;
        rc = certify_estimate_run(h, &q, r, err, errsize);
    }
    starts_free(&s);
    free(cover);
    instance_free(h);
    return rc;
}
