/* crown.h - the vertex-cover LP's half-integral optimum, for Nemhauser and Trotter's
 * reduction (the kernel's crown rule, kernel.h).
 *
 * For a graph, the LP min sum x_v subject to x_u + x_v >= 1 on every edge has an optimum
 * in {0, 1/2, 1}, read off a minimum vertex cover of the bipartite double cover (v_L,
 * v_R; u_L-v_R and v_L-u_R for every edge uv): x_v = half the copies of v the cover
 * holds. Nemhauser and Trotter (1975): some minimum vertex cover holds every vertex at 1
 * and none at 0, so the vertices at 1 are taken and those at 0 dropped; this removes
 * every crown (an independent set whose neighbours it matches into), and more. The
 * bipartite cover comes from a maximum matching (Hopcroft and Karp, iterative: no
 * recursion on huge graphs) by König's theorem. */
#ifndef T24_HITSET_CROWN_H
#define T24_HITSET_CROWN_H

#include <stdint.h>

#include "core/budget.h"

/* The graph: nv vertices, v's neighbours adj[off[v] .. off[v+1]) (each edge both ways;
 * no loops). Fills x2[v] = 2 x_v in {0, 1, 2} for an optimal LP solution. Returns 0; 1
 * when the budget b (core/budget.h: its end, or its cancel) stopped it (x2 then
 * unwritten); -1 when memory runs out. */
int crown_lp(uint32_t nv, const uint64_t *off, const uint32_t *adj, budget b,
             unsigned char *x2);

#endif
