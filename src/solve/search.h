/* search.h - the general exact solver: any count of numbers, any integer target.
 *
 * The search picks two numbers, combines them with each operator, and recurses on the
 * shorter list until one number is left (seeds 000-002). Values are exact rationals
 * (rational.h); a branch whose arithmetic would leave int64 is skipped and reported,
 * never rounded. Both modes search one order of commuting merges and one spelling of
 * each chain of + - (or * /), which loses no value; first-solution mode does so for whole
 * hands of up to SEARCH_MAX_ALL numbers, and for longer hands remembers the multisets of
 * values already shown to fail, so a repeated sub-state is not searched twice, down to
 * lists of 4. In all-solutions mode every expression equal to the target is reduced to
 * its canonical form (canon.h) and kept once. */
#ifndef T24_SOLVE_SEARCH_H
#define T24_SOLVE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEARCH_MAX_NUMBERS 16 /* first-solution mode */
#define SEARCH_MAX_ALL 6      /* all-solutions mode enumerates every tree: keep it small */

typedef struct {
    int64_t target;
    bool all;          /* collect every distinct solution instead of stopping at one */
    bool memo;         /* first-solution mode: remember failed multisets of values */
    bool nonneg;       /* allow only non-negative intermediate values; see search_run() */
    bool symmetry;     /* search one order of commuting merges and one spelling of each
                          chain of + - or * / (same results, faster) */
    size_t memo_limit; /* the memo stops growing at this many states */
    bool count;        /* all-solutions mode: count every expression tried (slower) */
    double time_limit; /* seconds; a search still running then ends SEARCH_TIME_LIMIT
                          (0: no limit) */
    size_t memory_limit; /* bytes the memo may hold; a search that needs more ends
                            SEARCH_MEMORY_LIMIT (0: no limit) */
} search_params;

typedef struct {
    uint64_t expressions;   /* complete expressions compared with the target (all of
                               them only with search_params.count) */
    uint64_t states;        /* intermediate lists of numbers searched */
    uint64_t memo_hits;     /* lists skipped because they had failed before */
    uint64_t raw_solutions; /* expressions equal to the target, before de-duplication */
    uint64_t overflows;     /* operations skipped because int64 rationals overflowed */
} search_stats;

typedef enum {
    SEARCH_OK = 0,   /* finished: search_count() solutions (0 means none exists) */
    SEARCH_OVERFLOW, /* no answer can be given: some arithmetic left int64 */
    SEARCH_NOMEM,
    SEARCH_TOO_MANY,    /* more numbers than the mode supports */
    SEARCH_TIME_LIMIT,  /* undecided: stopped by time_limit (no answer, not "none") */
    SEARCH_MEMORY_LIMIT /* undecided: the memo would have passed memory_limit */
} search_status;

typedef struct search search;

void search_params_init(search_params *p);
search *search_new(void);
void search_free(search *s);
search_status search_run(search *s, const int64_t *cards, int n, const search_params *p,
                         search_stats *stats);
size_t search_count(const search *s);
const char *search_solution(const search *s, size_t i);
const char *search_status_message(search_status st);

#endif
