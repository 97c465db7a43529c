/* certify_node.c - a node's state and its exact bounds; see certify_node.h. */
#include "hitset/proof/certify_node.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

int certify_node_init(certify_node *n, const instance *core, uint32_t nforced)
{
    memset(n, 0, sizeof *n);
    n->core = core;
    n->ne = instance_nelems(core);
    n->ns = instance_nsets(core);
    n->nin = nforced;
    n->fix = calloc((size_t)n->ne + 1, 1);
    n->hit = calloc((size_t)n->ns + 1, sizeof *n->hit);
    n->nfree = malloc(((size_t)n->ns + 1) * sizeof *n->nfree);
    if (!n->fix || !n->hit || !n->nfree) {
        certify_node_free(n);
        return -1;
    }
    for (uint32_t k = 0; k < n->ns; k++)
        instance_set(core, k, &n->nfree[k]);
    n->nlive = n->ns;
    return 0;
}

void certify_node_free(certify_node *n)
{
    free(n->fix);
    free(n->hit);
    free(n->nfree);
    free(n->trail);
    free(n->trail_how);
    memset(n, 0, sizeof *n);
}

void certify_node_fix(certify_node *n, uint32_t e, certify_fix how)
{
    certify_fix old = (certify_fix)n->fix[e];
    uint32_t len;
    const uint32_t *sets = instance_elem(n->core, e, &len);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t k = sets[i];
        bool live = n->hit[k] == 0, empty = live && n->nfree[k] == 0;
        n->nfree[k] += (how == CERTIFY_FREE) - (old == CERTIFY_FREE);
        n->hit[k] += (how == CERTIFY_IN) - (old == CERTIFY_IN);
        n->nlive += (n->hit[k] == 0) - live;
        n->nempty += (n->hit[k] == 0 && n->nfree[k] == 0) - empty;
    }
    n->nin += (how == CERTIFY_IN) - (old == CERTIFY_IN);
    n->fix[e] = (unsigned char)how;
}

int certify_node_push(certify_node *n, uint32_t e, certify_fix how)
{
    if (n->ntrail == n->trailcap) {
        size_t cap = n->trailcap ? 2 * n->trailcap : 1024;
        uint32_t *t = realloc(n->trail, cap * sizeof *t);
        if (t)
            n->trail = t;
        unsigned char *h = t ? realloc(n->trail_how, cap) : NULL;
        if (!h)
            return -1;
        n->trail_how = h;
        n->trailcap = cap;
    }
    n->trail[n->ntrail] = e;
    n->trail_how[n->ntrail++] = (unsigned char)how;
    return 0;
}

uint64_t certify_node_reach(const certify_node *n, const uint64_t *v, uint32_t e)
{
    uint32_t len;
    const uint32_t *sets = instance_elem(n->core, e, &len);
    uint64_t r = 0;
    for (uint32_t i = 0; i < len; i++)
        if (certify_node_live(n, sets[i]))
            r += v[sets[i]];
    return r;
}

certify_wide certify_node_evaluate(const certify_node *n, const uint64_t *v)
{
    certify_wide ld = 0;
    for (uint32_t k = 0; k < n->ns; k++)
        if (certify_node_live(n, k))
            ld += v[k];
    for (uint32_t e = 0; e < n->ne; e++) {
        if (n->fix[e] != CERTIFY_FREE)
            continue;
        uint64_t r = certify_node_reach(n, v, e);
        if (r > CERTIFY_ONE)
            ld -= (certify_wide)(r - CERTIFY_ONE);
    }
    return ld;
}

bool certify_node_holds(const certify_node *n, certify_wide ld, uint32_t target)
{
    return n->nin >= target ||
           ld > (certify_wide)(target - n->nin - 1) * (certify_wide)CERTIFY_ONE;
}

uint32_t certify_node_bound(const certify_node *n, certify_wide ld)
{
    if (ld <= 0)
        return n->nin;
    certify_wide b = (certify_wide)n->nin + (ld + (certify_wide)CERTIFY_ONE - 1) /
                                                (certify_wide)CERTIFY_ONE;
    return b > UINT32_MAX ? UINT32_MAX : (uint32_t)b;
}

/* Scaling by a power of two is exact in a double and the conversion truncates
 * (lagrange.c's way). A dual above 1 helps no bound: every element of its set would
 * then cost it. */
uint64_t certify_node_multiplier(double dual)
{
    if (!(dual > 0))
        return 0;
    if (dual >= 1)
        return CERTIFY_ONE;
    return (uint64_t)(dual * (double)CERTIFY_ONE);
}

#ifndef NDEBUG
/* Each child the fixings trail[from..ntrail) cut off holds by v, exactly: undone from
 * the last, each fixing is set the other way and its node evaluated; then all are made
 * again. (Debug builds: a pass over the instance per fixing.) */
static void check_fixings(certify_node *n, size_t from, const uint64_t *v, uint32_t target)
{
    for (size_t i = n->ntrail; i-- > from;) {
        certify_fix how = (certify_fix)n->trail_how[i];
        certify_node_fix(n, n->trail[i], how == CERTIFY_IN ? CERTIFY_OUT : CERTIFY_IN);
        assert(certify_node_holds(n, certify_node_evaluate(n, v), target));
        certify_node_fix(n, n->trail[i], CERTIFY_FREE);
    }
    for (size_t i = from; i < n->ntrail; i++)
        certify_node_fix(n, n->trail[i], (certify_fix)n->trail_how[i]);
}
#endif

/* Why each cut-off child holds: Phi = ONE |F1| + ONE L(v) never falls when an element
 * is fixed, and for the element fixed it rises by
 *   ONE - R_e  when e goes into F1 (its live sets leave with R_e, its term goes),
 *   R_e - ONE  when e goes into F0 (its term min(0, ONE - R_e) goes),
 * R_e counted over the sets live at that moment; the child holds once Phi passes
 * (target - 1) * ONE. The fixings at 0 leave every set live, so the child each cuts off
 * (e in F1) sees the node's R_e. The fixings at 1 take sets away, so each one's R_e is
 * taken after those before it are made. */
int certify_node_fix_by_reduced_cost(certify_node *n, const uint64_t *v, certify_wide ld,
                                     uint32_t target)
{
    /* A rise must pass this; target > |F1| here, or the node would hold. */
    certify_wide need = (certify_wide)(target - n->nin - 1) * (certify_wide)CERTIFY_ONE - ld;
    size_t from = n->ntrail;
    for (uint32_t e = 0; e < n->ne; e++) {
        if (n->fix[e] != CERTIFY_FREE)
            continue;
        uint64_t r = certify_node_reach(n, v, e);
        if (r <= CERTIFY_ONE && (certify_wide)(CERTIFY_ONE - r) > need &&
            certify_node_push(n, e, CERTIFY_OUT))
            return -1;
    }
    for (size_t i = from; i < n->ntrail; i++)
        certify_node_fix(n, n->trail[i], CERTIFY_OUT);
    for (uint32_t e = 0; e < n->ne; e++) {
        if (n->fix[e] != CERTIFY_FREE)
            continue;
        uint64_t r = certify_node_reach(n, v, e);
        if (r > CERTIFY_ONE && (certify_wide)(r - CERTIFY_ONE) > need) {
            if (certify_node_push(n, e, CERTIFY_IN))
                return -1;
            certify_node_fix(n, e, CERTIFY_IN);
        }
    }
#ifndef NDEBUG
    check_fixings(n, from, v, target);
#endif
    return 0;
}
