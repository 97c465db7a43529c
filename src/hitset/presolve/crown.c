/* crown.c - the vertex-cover LP's half-integral optimum; see crown.h. */
#include "hitset/presolve/crown.h"

#include <stdbool.h>
#include <stdlib.h>

#include "core/budget.h"
#include "core/walltime.h"

#define NIL UINT32_MAX
#define CROWN_CLOCK_WORK (1u << 16)

/* The matching of the double cover (left v to right mate_l[v]) and Hopcroft-Karp's
 * scratch: BFS layers of left vertices, each one's next edge, the DFS stack. */
typedef struct {
    uint32_t nv;
    const uint64_t *off;
    const uint32_t *adj;
    uint32_t *mate_l, *mate_r, *dist, *stack, *queue;
    uint64_t *next;
    budget_poll poll; /* the deadline and the caller's cancel */
    uint64_t work;    /* entries read so far */
} matcher;



/* Layers from the free left vertices; true when some free right vertex is reached. */
static bool layer(matcher *m)
{
    uint32_t head = 0, tail = 0;
    bool found = false;
    for (uint32_t v = 0; v < m->nv; v++) {
        m->dist[v] = m->mate_l[v] == NIL ? 0 : NIL;
        if (m->mate_l[v] == NIL)
            m->queue[tail++] = v;
    }
    while (head < tail) {
        uint32_t v = m->queue[head++];
        for (uint64_t i = m->off[v]; i < m->off[v + 1]; i++) {
            uint32_t w = m->mate_r[m->adj[i]];
            m->work++;
            if (w == NIL)
                found = true;
            else if (m->dist[w] == NIL) {
                m->dist[w] = m->dist[v] + 1;
                m->queue[tail++] = w;
            }
        }
    }
    return found;
}

/* The path on the stack (left vertices, each left by the edge next[] points at) ends
 * at a free right vertex: flip it. */
static void augment(matcher *m, uint32_t depth)
{
    for (uint32_t k = depth; k-- > 0;) {
        uint32_t v = m->stack[k], u = m->adj[m->next[v]];
        m->mate_l[v] = u;
        m->mate_r[u] = v;
    }
}

/* One augmenting path from free left vertex s along the layers, by an explicit stack;
 * a dead end leaves the layers (dist NIL). */
static void search_from(matcher *m, uint32_t s)
{
    uint32_t depth = 0;
    m->stack[depth++] = s;
    while (depth > 0) {
        uint32_t v = m->stack[depth - 1];
        if (m->next[v] == m->off[v + 1]) { /* a dead end */
            m->dist[v] = NIL;
            depth--;
            if (depth > 0)
                m->next[m->stack[depth - 1]]++;
            continue;
        }
        uint32_t w = m->mate_r[m->adj[m->next[v]]];
        m->work++;
        if (w == NIL) {
            augment(m, depth);
            return;
        }
        if (m->dist[w] != NIL && m->dist[w] == m->dist[v] + 1)
            m->stack[depth++] = w;
        else
            m->next[v]++;
    }
}

/* A maximum matching, phase by phase; false when stopped first. */
static bool match(matcher *m)
{
    while (!budget_poll_stopped(&m->poll, m->work) && layer(m)) {
        for (uint32_t v = 0; v < m->nv; v++)
            m->next[v] = m->off[v];
        for (uint32_t v = 0; v < m->nv && !budget_poll_stopped(&m->poll, m->work); v++)
            if (m->mate_l[v] == NIL)
                search_from(m, v);
    }
    return !m->poll.stopped;
}

/* König: Z is what alternating paths reach from the free left vertices; the minimum
 * cover is the left vertices outside Z and the right ones inside. dist marks left
 * vertices in Z, mate bits right ones (through seen). */
static void konig(matcher *m, unsigned char *x2)
{
    uint32_t head = 0, tail = 0;
    for (uint32_t v = 0; v < m->nv; v++) {
        x2[v] = 0;
        m->dist[v] = m->mate_l[v] == NIL ? 0 : NIL; /* 0: left v in Z */
        if (m->mate_l[v] == NIL)
            m->queue[tail++] = v;
    }
    while (head < tail) {
        uint32_t v = m->queue[head++];
        for (uint64_t i = m->off[v]; i < m->off[v + 1]; i++) {
            uint32_t u = m->adj[i];
            if (x2[u] & 2) /* right u already in Z */
                continue;
            x2[u] |= 2;
            uint32_t w = m->mate_r[u]; /* matched: a free right u would augment */
            if (w != NIL && m->dist[w] == NIL) {
                m->dist[w] = 0;
                m->queue[tail++] = w;
            }
        }
    }
    for (uint32_t v = 0; v < m->nv; v++) /* left copy in the cover + right copy in it */
        x2[v] = (unsigned char)((m->dist[v] == NIL) + ((x2[v] & 2) != 0));
}

int crown_lp(uint32_t nv, const uint64_t *off, const uint32_t *adj, budget b,
             unsigned char *x2)
{
    size_t n = (size_t)nv + 1;
    matcher m = { nv, off, adj, malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)),
                  malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint32_t)),
                  malloc(n * sizeof(uint32_t)), malloc(n * sizeof(uint64_t)),
                  budget_poll_make(b, CROWN_CLOCK_WORK, STOP_SITE_CROWN_POLL), 0 };
    int rc = -1;
    if (!m.mate_l || !m.mate_r || !m.dist || !m.stack || !m.queue || !m.next)
        goto done;
    for (uint32_t v = 0; v < nv; v++)
        m.mate_l[v] = m.mate_r[v] = NIL;
    rc = 1;
    if (match(&m)) {
        konig(&m, x2);
        rc = 0;
    }
done:
    free(m.mate_l);
    free(m.mate_r);
    free(m.dist);
    free(m.stack);
    free(m.queue);
    free(m.next);
    return rc;
}
