/* enumeration.c - the enumeration half of the study; see enumeration.h. */
#include "study/enumeration.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/walltime.h"
#include "eval/eval.h"

void enumeration_params_init(enumeration_params *p)
{
    memset(p, 0, sizeof *p);
    p->ncards = 4;
    p->lo = 1;
    p->hi = 11;
    p->target = 24;
    p->groupings = TEMPLATE_REDUCED;
    p->nthreads = 2;
}

/* Truth for the hands the family leaves unsolved: evaluate the complete family there.
 * With the `all` family there is nothing left to check. */
static int check_completeness(enumeration *st)
{
    uint32_t n = hand_set_count(st->hands);
    st->misses = calloc(n ? n : 1, sizeof *st->misses);
    if (!st->misses)
        return -1;
    idlist hits = { 0 };
    for (uint32_t h = 0; h < n; h++) {
        st->truly_solvable[h] = st->row_len[h] > 0;
        if (st->truly_solvable[h] || st->family == st->all)
            continue;
        hits.len = 0;
        /* The reduced shapes are the first ones of `all` and already missed. */
        if (eval_hand_shapes(st->all, template_family_shapes(st->family),
                             template_family_shapes(st->all), hand_set_hand(st->hands, h),
                             st->params.target, &hits, NULL)) {
            idlist_free(&hits);
            return -1;
        }
        if (hits.len) {
            st->truly_solvable[h] = true;
            st->misses[st->nmisses++] = (enumeration_miss){ h, hits.ids[0] };
        }
    }
    idlist_free(&hits);
    for (uint32_t h = 0; h < n; h++)
        st->solvable += st->truly_solvable[h];
    st->unsolvable = n - st->solvable;
    return 0;
}

/* Seed 004's game: hands over 1..10 where each ace (1) may also be read as 11. A hand is
 * unsolvable when no reading of its aces gives a solvable hand of the 1-11 deck. */
static int aces_view(enumeration *st)
{
    int n = st->params.ncards;
    hand_set *low = hand_set_new(n, 1, 10);
    if (!low)
        return -1;
    st->has_aces = true;
    st->aces_hands = hand_set_count(low);
    for (uint32_t h = 0; h < st->aces_hands; h++) {
        const int64_t *c = hand_set_hand(low, h);
        int aces = 0;
        while (aces < n && c[aces] == 1)
            aces++;
        bool ok = false, fam = false;
        /* Bit i of m reads ace i as 11; the aces lead the sorted hand, so moving the
         * 11s to the back keeps it sorted (all other cards are at most 10). */
        for (unsigned m = 0; m < (1u << aces); m++) {
            int64_t v[TEMPLATE_MAX_CARDS];
            int k = 0, elevens = 0;
            for (int i = 0; i < aces; i++)
                if (m & (1u << i))
                    elevens++;
                else
                    v[k++] = 1;
            for (int i = aces; i < n; i++)
                v[k++] = c[i];
            for (int i = 0; i < elevens; i++)
                v[k++] = 11;
            int64_t idx = hand_set_find(st->hands, v);
            ok |= idx >= 0 && st->truly_solvable[idx];
            fam |= idx >= 0 && st->row_len[idx] > 0;
        }
        st->aces_unsolvable += !ok;
        st->aces_unsolvable_family += !fam;
    }
    hand_set_free(low);
    return 0;
}

/* Useful templates from the pairs (reference path). Returns 0, or -1 without memory. */
static int count_useful_pairs(enumeration *st)
{
    uint32_t nt = template_family_count(st->family);
    unsigned char *seen = calloc(nt, 1);
    if (!seen)
        return -1;
    uint64_t total = st->sols.off[st->sols.nhands];
    for (uint64_t k = 0; k < total; k++)
        seen[st->sols.ids[k]] = 1;
    for (uint32_t t = 0; t < nt; t++)
        st->useful_templates += seen[t];
    free(seen);
    return 0;
}

/* The per-hand figures of the reference path, from its pairs. */
static int rows_from_pairs(enumeration *st)
{
    uint32_t n = st->sols.nhands;
    st->row_len = malloc(((size_t)n + 1) * sizeof *st->row_len);
    st->first_hit = malloc(((size_t)n + 1) * sizeof *st->first_hit);
    if (!st->row_len || !st->first_hit)
        return -1;
    for (uint32_t h = 0; h < n; h++) {
        st->row_len[h] = solutions_row_len(&st->sols, h);
        st->first_hit[h] = st->row_len[h] ? solutions_row(&st->sols, h)[0] : SCAN_NO_HIT;
    }
    st->solution_pairs = st->sols.off[n];
    st->promoted = st->sols.promoted;
    return count_useful_pairs(st);
}

/* The bounded-memory path: group the templates by formula, then scan the hands. */
static int scan_hands(enumeration *st, const enumeration_params *p, char *err, size_t errsize)
{
    st->formulas = formula_set_new_progress(st->family, p->grouping_progress,
                                            p->progress_ctx, err, errsize);
    if (!st->formulas)
        return -1;
    scan_params sp;
    scan_params_init(&sp);
    sp.nthreads = p->nthreads;
    sp.progress = p->progress;
    sp.progress_ctx = p->progress_ctx;
    /* MPI ranks scan on together: one stopping alone would leave the others waiting */
    sp.cancelled = p->dist ? NULL : p->cancelled;
    sp.cancel_ctx = p->cancel_ctx;
    scan_result r;
    int rc = p->dist ? dist_scan(p->dist, &r, st->formulas, st->hands, p->target, &sp)
                     : scan_run(&r, st->formulas, st->hands, p->target, &sp);
    if (rc)
        snprintf(err, errsize, "%s", rc == SCAN_STOPPED
                                         ? "stopped during the enumeration of the hands"
                                         : "out of memory");
    if (rc)
        return -1;
    if (p->dist && p->dist->rank != 0) {
        st->worker = true;
        return 0;
    }
    st->row_len = r.row_len;
    st->first_hit = r.first_hit;
    st->groups = r.part;
    for (uint32_t h = 0; h < r.last; h++) {
        st->solution_pairs += r.row_len[h];
        st->promoted += r.promoted[h];
    }
    for (uint32_t g = 0; g < formula_set_groups(st->formulas); g++)
        if (st->groups.class_of[g] != PARTITION_NONE)
            st->useful_templates += formula_set_group_size(st->formulas, g);
    free(r.promoted);
    return 0;
}

/* Runs the enumeration half. Returns 0, or -1 with a one-line reason in err (bad
 * parameters or no memory); st is then empty. Free with enumeration_free(). On an MPI
 * rank other than 0 (p->dist) it only scans and sends that rank's share: st->worker. */
int enumeration_run(enumeration *st, const enumeration_params *p, char *err, size_t errsize)
{
    memset(st, 0, sizeof *st);
    st->params = *p;
    st->family = template_family_new(p->ncards, p->groupings);
    st->all = p->groupings == TEMPLATE_ALL ? st->family
                                           : template_family_new(p->ncards, TEMPLATE_ALL);
    if (!st->family || !st->all) {
        snprintf(err, errsize, "no %s template family for %d cards",
                 template_groupings_name(p->groupings), p->ncards);
        goto fail;
    }
    st->hands = hand_set_new(p->ncards, p->lo, p->hi);
    if (!st->hands) {
        snprintf(err, errsize, "deck %lld-%lld gives no hands or too many (limit %u)",
                 (long long)p->lo, (long long)p->hi, HAND_MAX_COUNT);
        goto fail;
    }
    double t0 = walltime_now();
    if (p->per_template) {
        if (solutions_compute(&st->sols, st->family, st->hands, p->target, p->nthreads,
                              p->progress, p->progress_ctx) || rows_from_pairs(st))
            goto nomem;
    } else if (scan_hands(st, p, err, errsize)) {
        goto fail; /* err says why: no memory, or stopped */
    }
    if (st->worker)
        return 0;
    double t1 = walltime_now();
    st->truly_solvable = calloc(hand_set_count(st->hands), sizeof *st->truly_solvable);
    if (!st->truly_solvable || check_completeness(st))
        goto nomem;
    for (uint32_t h = 0; h < hand_set_count(st->hands); h++)
        st->family_solvable += st->row_len[h] > 0;
    if (p->lo == 1 && p->hi == 11 && aces_view(st))
        goto nomem;
    st->seconds_enumerate = t1 - t0;
    st->seconds_complete = walltime_now() - t1;
    return 0;
nomem:
    snprintf(err, errsize, "out of memory");
fail:
    enumeration_free(st);
    return -1;
}

void enumeration_free(enumeration *st)
{
    if (st->all != st->family)
        template_family_free(st->all);
    template_family_free(st->family);
    hand_set_free(st->hands);
    solutions_free(&st->sols);
    formula_set_free(st->formulas);
    partition_free(&st->groups);
    free(st->row_len);
    free(st->first_hit);
    free(st->truly_solvable);
    free(st->misses);
    memset(st, 0, sizeof *st);
}
