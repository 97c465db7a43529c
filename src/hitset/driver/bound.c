/* bound.c - the table of lower bounds; see bound.h. */
#include "hitset/driver/bound.h"

#include <string.h>

#include "hitset/driver/mincover_parts.h"
#include "hitset/bounds/packing.h"

/* Elements alone in some set are in every cover. */
static int necessary_run(const instance *h, mincover_result *r)
{
    r->bounds.necessary = instance_necessary(h, NULL, &r->bounds.single_sets);
    return r->bounds.necessary == UINT32_MAX ? -1 : 0;
}

static bool necessary_value(const mincover_result *r, uint32_t *value)
{
    *value = r->bounds.necessary;
    return true;
}

static int packing_run(const instance *h, mincover_result *r)
{
    r->bounds.packing = packing_bound(h);
    return r->bounds.packing == UINT32_MAX ? -1 : 0;
}

static bool packing_value(const mincover_result *r, uint32_t *value)
{
    *value = r->bounds.packing;
    return true;
}

/* The simplex's value or column generation's Lagrangian bound below it (mincover_lp):
 * one row, since both are the LP bound to a reader (proven_by "lp_bound" either way);
 * lp.bound_ceil is the highest ceiling either proved (mincover_parts.h, mincover_lp_part). */
static bool lp_value(const mincover_result *r, uint32_t *value)
{
    *value = r->lp.bound_ceil;
    return r->lp.bound >= 0;
}

/* Cheapest first: the order of proof. The LP, at least as strong as both others, comes
 * last so that a proof is credited to the least it needs. The words are the library's
 * (elements and sets): the study says classes and hands itself (cover_report.h). */
static const bound_method bounds[] = {
    { "necessary", "the necessary elements", "the necessary elements", BOUND_BEFORE_GREEDY,
      necessary_run, necessary_value, NULL },
    { "packing", "disjoint sets (the packing bound)", "the packing bound",
      BOUND_BEFORE_GREEDY, packing_run, packing_value, NULL },
    { "lp_bound", "the LP bound", "the LP bound", BOUND_ON_CORE, NULL, lp_value, NULL },
};

size_t bound_count(void) { return sizeof bounds / sizeof bounds[0]; }

const bound_method *bound_at(size_t i) { return i < bound_count() ? &bounds[i] : NULL; }

const bound_method *bound_named(const char *name)
{
    for (size_t i = 0; i < bound_count(); i++)
        if (strcmp(bounds[i].name, name) == 0)
            return &bounds[i];
    return NULL;
}
