/* solver.c - one hand solved the way t24 answers it; see solver.h. */
#include "solve/solver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/expr.h"
#include "core/template.h"
#include "core/walltime.h"
#include "solve/canon.h"
#include "solve/table.h"
#include "solve/verify.h"

static void answer_clear(solver_answer *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->sols[i]);
    a->n = 0;
    memset(&a->stats, 0, sizeof a->stats);
    a->by_table = false;
}

/* Frees the solutions; a no-op on a zeroed answer. */
void solver_answer_free(solver_answer *a)
{
    answer_clear(a);
    free(a->sols);
    a->sols = NULL;
    a->cap = 0;
}

static int answer_push(solver_answer *a, const char *text)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        char **s = realloc(a->sols, cap * sizeof *s);
        if (!s)
            return -1;
        a->sols = s;
        a->cap = cap;
    }
    if (!(a->sols[a->n] = strdup(text)))
        return -1;
    a->n++;
    return 0;
}

static void add_stats(search_stats *to, const search_stats *from)
{
    to->expressions += from->expressions;
    to->states += from->states;
    to->memo_hits += from->memo_hits;
    to->raw_solutions += from->raw_solutions;
    to->overflows += from->overflows;
}

/* Rewrites text into its canonical form (canon.h), so a table answer reads exactly like
 * the solver's: 1 1 4 9 gives (9-1)*(4-1) either way. Leaves text as it is if the
 * canonical form cannot be built (it is still a correct, verified expression). */
static void canonical(char *text, size_t size)
{
    expr_arena *a = expr_arena_new();
    canon *c = canon_new();
    char err[128], out[256];
    const expr *e = a && c ? expr_parse(a, text, err, sizeof err) : NULL;
    if (e && canon_build(c, e) == CANON_OK && canon_format(c, out, sizeof out) < (int)sizeof out)
        snprintf(text, size, "%s", out);
    canon_free(c);
    expr_arena_free(a);
}

/* The compiled table (src/solve/table_default.c, written by `t24 emit`) answers first-solution
 * requests for hands inside its configuration: its card count and target, every card
 * inside its deck. Inside that configuration the table decides solvability exactly
 * (tests/test_table.c checks every hand against brute force), so a miss is a proof of
 * "no solution". Returns true when the table answered; *ans then holds its expression,
 * already checked by verify.h like the solver's. */
static bool try_table(const int64_t *cards, int n, const search_params *sp, solver_answer *ans,
                      solver_status *rc, char *err, size_t errsize)
{
    const table_def *t = &table_default;
    int64_t sorted[CARDS_MAX];
    if (sp->all || n != t->cards)
        return false;
    memcpy(sorted, cards, (size_t)n * sizeof *sorted);
    for (int i = 1; i < n; i++) /* insertion sort: at most a handful of cards */
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            int64_t x = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = x;
        }
    if (!table_accepts(t, sorted, n, sp->target))
        return false;
    int k = t->solve(sorted);
    *rc = SOLVER_OK;
    /* --stats: the table tries its expressions in order, k + 1 of them or all */
    ans->by_table = true;
    ans->stats.expressions = k < 0 ? t->count : (uint64_t)k + 1;
    if (k < 0)
        return true;
    template_family *all = template_family_new(n, TEMPLATE_ALL);
    char text[256];
    if (!all) {
        snprintf(err, errsize, "out of memory");
        *rc = SOLVER_BAD;
        return true;
    }
    template_format(all, t->ids[k], TEMPLATE_READABLE, sorted, text, sizeof text);
    template_family_free(all);
    canonical(text, sizeof text);
    verify_status vs = verify_solution(text, cards, n, sp->target);
    if (vs != VERIFY_OK) {
        snprintf(err, errsize, "internal error: the table returned '%s', which %s", text,
                 verify_status_message(vs));
        *rc = SOLVER_INTERNAL;
    } else if (answer_push(ans, text)) {
        snprintf(err, errsize, "out of memory");
        *rc = SOLVER_BAD;
    }
    return true;
}


/* Copies the solver's solutions into ans after checking each independently. */
static solver_status take_solutions(const search *s, const int64_t *cards, int n,
                               const search_params *sp, solver_answer *ans, char *err,
                               size_t errsize)
{
    for (size_t i = 0; i < search_count(s); i++) {
        const char *text = search_solution(s, i);
        verify_status vs = verify_solution(text, cards, n, sp->target);
        if (vs != VERIFY_OK) {
            snprintf(err, errsize, "internal error: the solver returned '%s', which %s",
                     text, verify_status_message(vs));
            return SOLVER_INTERNAL;
        }
        if (answer_push(ans, text)) {
            snprintf(err, errsize, "out of memory");
            return SOLVER_BAD;
        }
    }
    return SOLVER_OK;
}

/* Solves one hand into ans (cleared first; free with solver_answer_free()): the table
 * first, then the search, every solution verified (solver.h). With aces high, each count
 * of aces taken as 11 is a hand of its own, all-low first; the first solution found
 * ends the search unless sp0->all. Returns SOLVER_OK (also when there is no solution)
 * or the failure, with a one-line reason in err. */
solver_status solver_solve_hand(search *s, const cards_hand *h, const search_params *sp0,
                                bool aces_high, solver_answer *ans, char *err, size_t errsize)
{
    answer_clear(ans);
    double start = walltime_now();
    int max = sp0->all ? SEARCH_MAX_ALL : SEARCH_MAX_NUMBERS;
    if (h->n > max) {
        snprintf(err, errsize, "%d cards: at most %d%s", h->n, max,
                 sp0->all ? " with --all" : "");
        return SOLVER_BAD;
    }
    for (int k = 0; k < cards_variants(h, aces_high); k++) {
        int64_t cards[CARDS_MAX];
        cards_variant(h, k, cards);
        solver_status trc;
        if (try_table(cards, h->n, sp0, ans, &trc, err, errsize)) {
            if (trc != SOLVER_OK)
                return trc;
            if (ans->n > 0)
                break;
            continue;
        }
        search_stats st = { 0 };
        search_params sp = *sp0;
        /* The limit is for the whole hand; 0 is none, as in search.h. */
        if (sp0->time_limit > 0)
            sp.time_limit = sp0->time_limit - (walltime_now() - start);
        search_status ss = sp0->time_limit <= 0 || sp.time_limit > 0
                               ? search_run(s, cards, h->n, &sp, &st)
                               : SEARCH_TIME_LIMIT;
        add_stats(&ans->stats, &st);
        if (ss == SEARCH_TIME_LIMIT) {
            snprintf(err, errsize, "undecided after %g s", sp0->time_limit);
            return SOLVER_UNDECIDED;
        }
        if (ss == SEARCH_MEMORY_LIMIT) {
            snprintf(err, errsize, "undecided: the search memo reached the memory limit of "
                     "%zu MiB", sp0->memory_limit >> 20);
            return SOLVER_UNDECIDED;
        }
        if (ss != SEARCH_OK) {
            snprintf(err, errsize, "%s", search_status_message(ss));
            return SOLVER_BAD;
        }
        solver_status rc = take_solutions(s, cards, h->n, sp0, ans, err, errsize);
        if (rc != SOLVER_OK)
            return rc;
        if (!sp0->all && ans->n > 0)
            break;
    }
    return SOLVER_OK;
}
