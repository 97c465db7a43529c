/* partition.c - partition refinement by hands, and the meet of partitions; see partition.h. */
#include "eval/partition.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/hashmix.h"

typedef struct {
    uint32_t size;   /* elements in the class now */
    uint32_t hit;    /* of them hit by the current hand */
    uint32_t stamp;  /* the last hand (counted from 1) that touched the class */
    uint32_t split;  /* where this hand's hit elements go */
    uint32_t parent; /* the class it split from, or PARTITION_NONE */
    uint32_t fork;   /* hands it inherits from its parent */
    uint32_t len;    /* hands so far, inherited ones included */
} rclass;

typedef struct {
    uint32_t cls, hand;
} entry;

struct partition_refiner {
    uint32_t nelems;
    uint32_t *cls;       /* per element */
    rclass *c;
    uint32_t nc, cap;
    uint32_t *touched;   /* classes touched by the current hand (at most nc) */
    entry *log;          /* hands each class received itself, in order */
    size_t nlog, caplog;
    uint32_t nhands, last_hand;
};

/* A refiner with every element in one class, or NULL without memory. */
partition_refiner *partition_refiner_new(uint32_t nelems)
{
    partition_refiner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->nelems = nelems;
    r->cls = calloc((size_t)nelems + 1, sizeof *r->cls);
    r->cap = 1024;
    r->c = malloc(r->cap * sizeof *r->c);
    r->touched = malloc(r->cap * sizeof *r->touched);
    if (!r->cls || !r->c || !r->touched) {
        partition_refiner_free(r);
        return NULL;
    }
    r->c[0] = (rclass){ .size = nelems, .parent = PARTITION_NONE };
    r->nc = 1;
    return r;
}

void partition_refiner_free(partition_refiner *r)
{
    if (!r)
        return;
    free(r->cls);
    free(r->c);
    free(r->touched);
    free(r->log);
    free(r);
}

static int grow_classes(partition_refiner *r)
{
    uint32_t cap = r->cap * 2;
    rclass *c = realloc(r->c, cap * sizeof *c);
    if (!c)
        return -1;
    r->c = c;
    uint32_t *t = realloc(r->touched, cap * sizeof *t);
    if (!t)
        return -1;
    r->touched = t;
    r->cap = cap;
    return 0;
}

static int log_hand(partition_refiner *r, uint32_t cls, uint32_t hand)
{
    if (r->nlog == r->caplog) {
        size_t cap = r->caplog ? r->caplog * 2 : 4096;
        entry *l = realloc(r->log, cap * sizeof *l);
        if (!l)
            return -1;
        r->log = l;
        r->caplog = cap;
    }
    r->log[r->nlog++] = (entry){ cls, hand };
    return 0;
}

/* Splits every class by whether its elements are among hits (n distinct elements), the
 * elements that hit `hand`. Hands must come in increasing order. Returns 0, or -1 when
 * memory runs out (the refiner is then unusable) or a hand comes out of order. */
int partition_refiner_hand(partition_refiner *r, uint32_t hand, const uint32_t *hits, size_t n)
{
    if (r->nhands && hand <= r->last_hand)
        return -1;
    uint32_t stamp = ++r->nhands, ntouched = 0;
    r->last_hand = hand;
    for (size_t i = 0; i < n; i++) {
        rclass *c = &r->c[r->cls[hits[i]]];
        if (c->stamp != stamp) {
            c->stamp = stamp;
            c->hit = 0;
            r->touched[ntouched++] = r->cls[hits[i]];
        }
        c->hit++;
    }
    for (uint32_t k = 0; k < ntouched; k++) {
        uint32_t id = r->touched[k];
        if (r->c[id].hit == r->c[id].size) { /* the whole class hits: no split */
            r->c[id].split = id;
            r->c[id].len++;
            if (log_hand(r, id, hand))
                return -1;
            continue;
        }
        if (r->nc == r->cap && grow_classes(r))
            return -1;
        rclass *c = &r->c[id];
        uint32_t nid = r->nc++;
        r->c[nid] = (rclass){ .size = c->hit, .stamp = stamp, .split = nid, .parent = id,
                              .fork = c->len, .len = c->len + 1 };
        c->size -= c->hit;
        c->split = nid;
        if (log_hand(r, nid, hand))
            return -1;
    }
    for (size_t i = 0; i < n; i++)
        r->cls[hits[i]] = r->c[r->cls[hits[i]]].split;
    return 0;
}

/* Turns the refiner into a canonical partition (classes by lowest element, hand lists
 * spelled out) and frees it, whatever the outcome. Returns 0, or -1 without memory. */
int partition_refiner_finish(partition_refiner *r, partition *out)
{
    memset(out, 0, sizeof *out);
    uint32_t *newid = malloc(((size_t)r->nc + 1) * sizeof *newid);
    int rc = -1;
    if (!newid)
        goto done;
    memset(newid, 0xff, ((size_t)r->nc + 1) * sizeof *newid);
    out->nelems = r->nelems;
    out->class_of = malloc(((size_t)r->nelems + 1) * sizeof *out->class_of);
    if (!out->class_of)
        goto done;
    for (uint32_t e = 0; e < r->nelems; e++) {
        uint32_t c = r->cls[e];
        if (r->c[c].len && newid[c] == PARTITION_NONE)
            newid[c] = out->nclasses++;
        out->class_of[e] = newid[c];
    }
    out->off = calloc((size_t)out->nclasses + 1, sizeof *out->off);
    if (!out->off)
        goto done;
    for (uint32_t c = 0; c < r->nc; c++)
        if (newid[c] != PARTITION_NONE)
            out->off[newid[c] + 1] = r->c[c].len;
    for (uint32_t k = 0; k < out->nclasses; k++)
        out->off[k + 1] += out->off[k];
    out->hands = malloc((out->off[out->nclasses] + 1) * sizeof *out->hands);
    if (!out->hands)
        goto done;
    /* Own hands first (a cursor per class after its inherited prefix), then the prefixes
     * in class order: a parent is older than its children, so its list is complete. */
    for (uint32_t c = 0; c < r->nc; c++)
        r->c[c].stamp = r->c[c].fork; /* reused as the cursor */
    for (size_t i = 0; i < r->nlog; i++) {
        rclass *c = &r->c[r->log[i].cls];
        out->hands[out->off[newid[r->log[i].cls]] + c->stamp++] = r->log[i].hand;
    }
    for (uint32_t c = 0; c < r->nc; c++)
        if (r->c[c].fork)
            memcpy(out->hands + out->off[newid[c]], out->hands + out->off[newid[r->c[c].parent]],
                   r->c[c].fork * sizeof *out->hands);
    rc = 0;
done:
    free(newid);
    partition_refiner_free(r);
    if (rc)
        partition_free(out);
    return rc;
}

/* --- meet ------------------------------------------------------------------------------ */

typedef struct {
    uint64_t *key; /* (class in a, class in b) + 1; 0 is empty */
    uint32_t *val;
    size_t cap;
} pairmap;


static uint32_t class_len(const partition *p, uint32_t c)
{
    return c == PARTITION_NONE ? 0 : (uint32_t)(p->off[c + 1] - p->off[c]);
}

/* The partition of the hands of a followed by those of b (same elements): elements share
 * a class iff they share one in both. Hand lists are a's then b's, so they stay ascending
 * when every hand of a is below every hand of b. Returns 0, or -1 without memory or when
 * the element counts differ. */
int partition_meet(const partition *a, const partition *b, partition *out)
{
    memset(out, 0, sizeof *out);
    if (a->nelems != b->nelems)
        return -1;
    uint32_t n = a->nelems;
    pairmap m = { 0 };
    m.cap = 64;
    while (m.cap < 2 * (size_t)n + 2)
        m.cap *= 2;
    m.key = calloc(m.cap, sizeof *m.key);
    m.val = malloc(m.cap * sizeof *m.val);
    uint32_t *ca = malloc(((size_t)n + 1) * sizeof *ca), *cb = malloc(((size_t)n + 1) * sizeof *cb);
    out->nelems = n;
    out->class_of = malloc(((size_t)n + 1) * sizeof *out->class_of);
    int rc = -1;
    if (!m.key || !m.val || !ca || !cb || !out->class_of)
        goto done;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t x = a->class_of[e], y = b->class_of[e];
        out->class_of[e] = PARTITION_NONE;
        if (x == PARTITION_NONE && y == PARTITION_NONE)
            continue;
        uint64_t key = ((uint64_t)x << 32 | y) + 1;
        size_t j = hashmix64(key) & (m.cap - 1);
        while (m.key[j] && m.key[j] != key)
            j = (j + 1) & (m.cap - 1);
        if (!m.key[j]) {
            m.key[j] = key;
            m.val[j] = out->nclasses;
            ca[out->nclasses] = x;
            cb[out->nclasses] = y;
            out->nclasses++;
        }
        out->class_of[e] = m.val[j];
    }
    out->off = calloc((size_t)out->nclasses + 1, sizeof *out->off);
    if (!out->off)
        goto done;
    for (uint32_t k = 0; k < out->nclasses; k++)
        out->off[k + 1] = out->off[k] + class_len(a, ca[k]) + class_len(b, cb[k]);
    out->hands = malloc((out->off[out->nclasses] + 1) * sizeof *out->hands);
    if (!out->hands)
        goto done;
    for (uint32_t k = 0; k < out->nclasses; k++) {
        uint32_t *dst = out->hands + out->off[k], la = class_len(a, ca[k]);
        if (la)
            memcpy(dst, a->hands + a->off[ca[k]], la * sizeof *dst);
        if (class_len(b, cb[k]))
            memcpy(dst + la, b->hands + b->off[cb[k]], class_len(b, cb[k]) * sizeof *dst);
    }
    rc = 0;
done:
    free(m.key);
    free(m.val);
    free(ca);
    free(cb);
    if (rc)
        partition_free(out);
    return rc;
}

/* Releases a partition's arrays; safe on a zeroed one. */
void partition_free(partition *p)
{
    free(p->class_of);
    free(p->off);
    free(p->hands);
    memset(p, 0, sizeof *p);
}
