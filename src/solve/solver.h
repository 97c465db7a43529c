/* solver.h - one hand solved the way t24 answers it: the compiled table first, then the
 * general search, every printed solution re-checked by verify.h.
 *
 * The policy every caller gets (`t24 solve`, a program linking t24's core): the table
 * (src/solve/table_default.c, written by `t24 emit`) decides a first-solution request for
 * a hand inside its configuration exactly, so a miss there is a proof of "no solution";
 * anything else (--all, other card counts, targets or decks) goes to search.h; each
 * expression is re-read and re-evaluated by verify.h before it is returned, so a wrong
 * one is an internal error, never an answer. */
#ifndef T24_SOLVE_SOLVER_H
#define T24_SOLVE_SOLVER_H

#include <stdbool.h>
#include <stddef.h>

#include "core/cards.h"
#include "solve/search.h"

/* The answer for one hand: its distinct solutions (owned), and how it was found. */
typedef struct {
    char **sols;
    size_t n, cap;
    search_stats stats;
    bool by_table; /* the compiled table answered: stats.expressions are its tries */
} solver_answer;

typedef enum {
    SOLVER_OK,        /* answered: ans->n solutions, 0 for "no solution" */
    SOLVER_BAD,       /* the hand cannot be solved as asked (too many cards, overflow) */
    SOLVER_UNDECIDED, /* a time or memory limit ended the search: no answer either way */
    SOLVER_INTERNAL   /* a solution failed its independent check: a bug, never input */
} solver_status;

solver_status solver_solve_hand(search *s, const cards_hand *h, const search_params *sp,
                                bool aces_high, solver_answer *ans, char *err,
                                size_t errsize);
void solver_answer_free(solver_answer *a);

#endif
