/* table.c - using a compiled table; see table.h. */
#include "solve/table.h"

#include <stdlib.h>

#include "core/op.h"
#include "core/template.h"

/* True when the table can answer this hand: same card count and target, and every card
 * inside the deck the table was generated (and proven overflow-free) for. */
bool table_accepts(const table_def *t, const int64_t *sorted, int n, int64_t target)
{
    if (!t || n != t->cards || target != t->target || t->count == 0)
        return false;
    return sorted[0] >= t->lo && sorted[n - 1] <= t->hi;
}

struct table_interp {
    uint32_t count;
    template_prog *progs;
    int64_t target;
};

/* Precompiles the table's templates into postfix programs; NULL when out of memory. */
table_interp *table_interp_new(const table_def *t)
{
    template_family *f = template_family_new(t->cards, TEMPLATE_ALL);
    table_interp *ti = calloc(1, sizeof *ti);
    if (ti)
        ti->progs = calloc(t->count ? t->count : 1, sizeof *ti->progs);
    if (!f || !ti || !ti->progs) {
        template_family_free(f);
        table_interp_free(ti);
        return NULL;
    }
    for (uint32_t k = 0; k < t->count; k++)
        template_program(f, t->ids[k], &ti->progs[k]);
    ti->count = t->count;
    ti->target = t->target;
    template_family_free(f);
    return ti;
}

void table_interp_free(table_interp *ti)
{
    if (!ti)
        return;
    free(ti->progs);
    free(ti);
}

/* Unreduced fractions, as in the generated code; the table's deck bound rules out
 * overflow, so plain int64 arithmetic is exact here. */
static bool prog_hits(const template_prog *p, const int64_t *x, int64_t target)
{
    int64_t n[TEMPLATE_MAX_TOKENS], d[TEMPLATE_MAX_TOKENS];
    int sp = 0;
    for (int i = 0; i < p->len; i++) {
        int t = p->tok[i];
        if (t < TEMPLATE_TOK_OP) {
            n[sp] = x[t];
            d[sp++] = 1;
            continue;
        }
        sp--;
        int64_t an = n[sp - 1], ad = d[sp - 1], bn = n[sp], bd = d[sp];
        switch ((op_kind)(t - TEMPLATE_TOK_OP)) {
        case OP_ADD: n[sp - 1] = an * bd + bn * ad; d[sp - 1] = ad * bd; break;
        case OP_SUB: n[sp - 1] = an * bd - bn * ad; d[sp - 1] = ad * bd; break;
        case OP_MUL: n[sp - 1] = an * bn; d[sp - 1] = ad * bd; break;
        default:
            if (bn == 0)
                return false;
            n[sp - 1] = an * bd;
            d[sp - 1] = ad * bn;
        }
    }
    return n[0] == target * d[0];
}

int table_interp_solve(const table_interp *ti, const int64_t *sorted)
{
    for (uint32_t k = 0; k < ti->count; k++)
        if (prog_hits(&ti->progs[k], sorted, ti->target))
            return (int)k;
    return -1;
}
