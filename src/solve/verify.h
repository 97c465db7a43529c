/* verify.h - an independent check of a printed solution.
 *
 * The solver finds expressions with int64 rationals and prints them from canonical trees;
 * this module trusts neither. It reads the printed text with its own parser, evaluates it
 * with GMP rationals, and checks that the numbers used are exactly the cards. */
#ifndef T24_SOLVE_VERIFY_H
#define T24_SOLVE_VERIFY_H

#include <stdint.h>

typedef enum {
    VERIFY_OK = 0,
    VERIFY_SYNTAX,   /* not an expression of integers, + - * / and parentheses */
    VERIFY_CARDS,    /* the numbers used are not the cards, each once */
    VERIFY_DIV_ZERO, /* divides by zero somewhere */
    VERIFY_VALUE     /* evaluates to something other than the target */
} verify_status;

verify_status verify_solution(const char *text, const int64_t *cards, int n, int64_t target);
const char *verify_status_message(verify_status st);

#endif
