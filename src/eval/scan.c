/* scan.c - evaluating formula groups over a range of hands; see scan.h. */
#include "eval/scan.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/idlist.h"
#include "eval/planeval.h"

void scan_params_init(scan_params *p)
{
    memset(p, 0, sizeof *p);
    p->nthreads = 2;
    p->last = UINT32_MAX;
}

typedef struct {
    const formula_set *fs;
    const hand_set *hs;
    int64_t target;
    uint32_t first, last;  /* this thread's hands */
    scan_result *out;      /* shared per-hand arrays, disjoint slices */
    partition part;
    int failed;
    bool stopped; /* p->cancelled asked */
    atomic_uint *done;
    const scan_params *p;  /* progress, for the calling thread only */
    bool report;
} chunk;

/* One hand: its groups, its figures, and the split of the classes. */
static int one_hand(chunk *c, planeval *w, partition_refiner *r, idlist *hits, uint32_t h)
{
    bool promoted;
    hits->len = 0;
    if (planeval_hand(w, hand_set_hand(c->hs, h), c->target, hits, &promoted))
        return -1;
    uint64_t len = 0;
    uint32_t first = SCAN_NO_HIT;
    for (size_t i = 0; i < hits->len; i++) {
        uint32_t g = hits->ids[i], lo = formula_set_group_first(c->fs, g);
        len += formula_set_group_size(c->fs, g);
        first = lo < first ? lo : first;
    }
    uint32_t k = h - c->out->first;
    c->out->row_len[k] = len;
    c->out->first_hit[k] = first;
    c->out->promoted[k] = promoted;
    return partition_refiner_hand(r, h, hits->ids, hits->len);
}

static void *run_chunk(void *arg)
{
    chunk *c = arg;
    planeval *w = planeval_new(formula_set_plan(c->fs));
    partition_refiner *r = partition_refiner_new(formula_set_groups(c->fs));
    idlist hits = { 0 };
    c->failed = !w || !r;
    for (uint32_t h = c->first; h < c->last && !c->failed; h++) {
        if (c->p->cancelled && c->p->cancelled(c->p->cancel_ctx)) {
            c->stopped = true;
            c->failed = 1; /* the partition is not wanted */
            break;
        }
        c->failed = one_hand(c, w, r, &hits, h) != 0;
        unsigned done = atomic_fetch_add(c->done, 1) + 1;
        if (c->report)
            c->p->progress(c->p->progress_ctx, done, c->out->last - c->out->first);
    }
    if (r && partition_refiner_finish(r, &c->part)) /* frees r */
        c->failed = 1;
    idlist_free(&hits);
    planeval_free(w);
    return NULL;
}

static int alloc_rows(scan_result *out, uint32_t first, uint32_t last)
{
    size_t n = (size_t)(last - first) + 1;
    out->first = first;
    out->last = last;
    out->row_len = calloc(n, sizeof *out->row_len);
    out->first_hit = malloc(n * sizeof *out->first_hit);
    out->promoted = calloc(n, sizeof *out->promoted);
    return out->row_len && out->first_hit && out->promoted ? 0 : -1;
}

/* Meets the threads' partitions in hand order into out->part. */
static int join(scan_result *out, chunk *ch, int nthreads)
{
    out->part = ch[0].part;
    memset(&ch[0].part, 0, sizeof ch[0].part);
    for (int t = 1; t < nthreads; t++) {
        partition m;
        if (partition_meet(&out->part, &ch[t].part, &m))
            return -1;
        partition_free(&out->part);
        out->part = m;
    }
    return 0;
}

/* Scans the hands [p->first, p->last) of hs (p->last capped at the hand count; an empty
 * range gives an empty partition) with the plan of fs against target. Returns 0, -1 when
 * memory or threads run out, or SCAN_STOPPED when p->cancelled asked (out then holds
 * nothing). Free with scan_result_free(). */
int scan_run(scan_result *out, const formula_set *fs, const hand_set *hs, int64_t target,
             const scan_params *p)
{
    memset(out, 0, sizeof *out);
    uint32_t last = p->last < hand_set_count(hs) ? p->last : hand_set_count(hs);
    uint32_t first = p->first < last ? p->first : last, n = last - first;
    int nthreads = p->nthreads < 1 ? 1 : p->nthreads;
    if ((uint32_t)nthreads > n)
        nthreads = n ? (int)n : 1;
    chunk *ch = calloc((size_t)nthreads, sizeof *ch);
    pthread_t *tid = calloc((size_t)nthreads, sizeof *tid);
    atomic_uint done = 0;
    int rc = -1, started = 0;
    if (!ch || !tid || alloc_rows(out, first, first + n))
        goto out;
    for (int t = 0; t < nthreads; t++)
        ch[t] = (chunk){ .fs = fs, .hs = hs, .target = target, .out = out, .done = &done,
                         .p = p, .report = t == 0 && p->progress,
                         .first = first + (uint32_t)((uint64_t)n * (uint64_t)t / (uint64_t)nthreads),
                         .last = first + (uint32_t)((uint64_t)n * (uint64_t)(t + 1) / (uint64_t)nthreads) };
    /* Thread 0 is the caller itself, which also reports progress. */
    for (int t = 1; t < nthreads; t++, started++)
        if (pthread_create(&tid[t], NULL, run_chunk, &ch[t]))
            break;
    run_chunk(&ch[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    if (started != nthreads - 1)
        goto out;
    for (int t = 0; t < nthreads; t++)
        if (ch[t].stopped)
            rc = SCAN_STOPPED;
    for (int t = 0; t < nthreads && rc != SCAN_STOPPED; t++)
        if (ch[t].failed)
            goto out;
    if (rc == SCAN_STOPPED)
        goto out;
    if (p->progress && ch[0].last < last) /* the other threads finished after thread 0 */
        p->progress(p->progress_ctx, n, n);
    rc = join(out, ch, nthreads);
out:
    for (int t = 0; ch && t < nthreads; t++)
        partition_free(&ch[t].part);
    free(ch);
    free(tid);
    if (rc)
        scan_result_free(out);
    return rc;
}

/* Appends b, the scan of the hands that follow a's, to a and frees b. Returns 0, or -1
 * when memory runs out or the ranges do not follow (a is then unchanged, b still freed). */
int scan_append(scan_result *a, scan_result *b)
{
    scan_result m;
    int rc = -1;
    memset(&m, 0, sizeof m);
    if (b->first != a->last || alloc_rows(&m, a->first, b->last))
        goto done;
    size_t na = a->last - a->first, nb = b->last - b->first;
    memcpy(m.row_len, a->row_len, na * sizeof *m.row_len);
    memcpy(m.row_len + na, b->row_len, nb * sizeof *m.row_len);
    memcpy(m.first_hit, a->first_hit, na * sizeof *m.first_hit);
    memcpy(m.first_hit + na, b->first_hit, nb * sizeof *m.first_hit);
    memcpy(m.promoted, a->promoted, na * sizeof *m.promoted);
    memcpy(m.promoted + na, b->promoted, nb * sizeof *m.promoted);
    if (partition_meet(&a->part, &b->part, &m.part))
        goto done;
    scan_result_free(a);
    *a = m;
    memset(&m, 0, sizeof m);
    rc = 0;
done:
    scan_result_free(&m);
    scan_result_free(b);
    return rc;
}

void scan_result_free(scan_result *r)
{
    free(r->row_len);
    free(r->first_hit);
    free(r->promoted);
    partition_free(&r->part);
    memset(r, 0, sizeof *r);
}
