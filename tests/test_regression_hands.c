/* test_regression_hands.c - hands public solvers get wrong (issue 11), each decided three
 * independent ways: a witness worked out by hand and checked by the GMP reader
 * (verify.h), the general solver (search.h, also with --all and through `t24 solve`),
 * and the template evaluator over every template of the hand's size (eval.h).
 *
 * Every one is solvable; most need a fraction on the way or every card used as a no-op,
 * which is where float solvers (8/(3-8/3) is 23.999999999999996 in doubles) and solvers
 * that drop "useless" 1s fail. A Python brute force over all binary trees with exact
 * fractions agrees on each (it found 1/(1/8-1/12) and 13/(13/8-13/12)). */
#include <criterion/criterion.h>

#include "helpers.h"
#include "solve/search.h"
#include "solve/verify.h"
#include "eval/eval.h"

typedef struct {
    int n;
    int64_t cards[5];
    int64_t target;
    const char *witness;
} known_hand;

static const known_hand hands[] = {
    { 4, { 1, 1, 1, 10 }, 10, "10*1*1*1" },
    { 5, { 1, 1, 1, 11, 13 }, 24, "(11+13)*1*1*1" },
    { 5, { 1, 1, 1, 8, 12 }, 24, "1/(1/8-1/12)" },        /* 1/(1/24) */
    { 5, { 8, 12, 13, 13, 13 }, 24, "13/(13/8-13/12)" }, /* 13/(13/24) */
    { 4, { 3, 3, 8, 8 }, 24, "8/(3-8/3)" },              /* 8/(1/3) */
    { 4, { 1, 2, 7, 7 }, 24, "(7*7-1)/2" },
    { 4, { 3, 8, 8, 10 }, 24, "(8*10-8)/3" },
};
#define NHANDS (sizeof hands / sizeof hands[0])

Test(regression_hands, each_witness_is_a_solution)
{
    for (size_t i = 0; i < NHANDS; i++)
        cr_assert_eq(verify_solution(hands[i].witness, hands[i].cards, hands[i].n,
                                     hands[i].target), VERIFY_OK, "%s", hands[i].witness);
}

Test(regression_hands, the_general_solver_finds_a_checked_solution_in_both_modes)
{
    search *s = search_new();
    for (size_t i = 0; i < NHANDS; i++) {
        const known_hand *h = &hands[i];
        for (int all = 0; all < 2; all++) {
            search_params p;
            search_params_init(&p);
            p.target = h->target;
            p.all = all;
            cr_assert_eq(search_run(s, h->cards, h->n, &p, NULL), SEARCH_OK);
            cr_assert_geq(search_count(s), 1, "%s at %lld: no solution found", h->witness,
                          (long long)h->target);
            for (size_t k = 0; k < search_count(s); k++)
                cr_assert_eq(verify_solution(search_solution(s, k), h->cards, h->n, h->target),
                             VERIFY_OK, "%s", search_solution(s, k));
        }
    }
    search_free(s);
}

Test(regression_hands, the_evaluator_finds_templates_that_solve_them)
{
    for (size_t i = 0; i < NHANDS; i++) {
        const known_hand *h = &hands[i];
        template_family *f = template_family_new(h->n, TEMPLATE_ALL);
        idlist hits = { 0 };
        cr_assert_eq(eval_hand(f, h->cards, h->target, &hits, NULL), 0);
        cr_assert_geq(hits.len, 1, "no template solves the hand of %s", h->witness);
        for (size_t k = 0; k < hits.len; k++) { /* and GMP agrees on every hit */
            template_prog prog;
            template_program(f, hits.ids[k], &prog);
            cr_assert_eq(eval_prog(&prog, h->cards, h->target), EVAL_HIT);
        }
        char text[256];
        template_format(f, hits.ids[0], TEMPLATE_READABLE, h->cards, text, sizeof text);
        cr_assert_eq(verify_solution(text, h->cards, h->n, h->target), VERIFY_OK, "%s", text);
        idlist_free(&hits);
        template_family_free(f);
    }
}

Test(regression_hands, t24_solve_answers_each_with_exit_0)
{
    for (size_t i = 0; i < NHANDS; i++) {
        const known_hand *h = &hands[i];
        char args[128];
        int len = snprintf(args, sizeof args, "solve --target %lld", (long long)h->target);
        for (int k = 0; k < h->n; k++)
            len += snprintf(args + len, sizeof args - (size_t)len, " %lld",
                            (long long)h->cards[k]);
        run_result r = run_t24(args, NULL);
        cr_assert_eq(r.status, 0, "t24 %s: %d %s", args, r.status, r.err);
        char *eq = strstr(r.out, " = ");
        cr_assert(eq, "%s", r.out);
        *eq = '\0';
        cr_assert_eq(verify_solution(r.out, h->cards, h->n, h->target), VERIFY_OK, "%s", r.out);
        run_free(&r);
    }
}
