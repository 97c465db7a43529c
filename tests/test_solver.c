/* test_solver.c - the hand-solving policy as any caller gets it (solve/solver.h, issue
 * 31): the compiled table answers a first-solution request inside its configuration, the
 * search everything else, and every answer is a verified expression. */
#include <criterion/criterion.h>
#include <string.h>

#include "core/cards.h"
#include "solve/search.h"
#include "solve/solver.h"
#include "solve/verify.h"

static cards_hand hand(const char *text)
{
    cards_hand h;
    char err[128];
    cr_assert_eq(cards_parse_line(text, &h, err, sizeof err), 0, "%s", err);
    return h;
}

static solver_status solve(const char *cards, bool all, int64_t target, solver_answer *ans)
{
    search *s = search_new();
    cr_assert(s);
    search_params sp;
    search_params_init(&sp);
    sp.all = all;
    sp.target = target;
    cards_hand h = hand(cards);
    char err[256] = "";
    memset(ans, 0, sizeof *ans);
    solver_status st = solver_solve_hand(s, &h, &sp, false, ans, err, sizeof err);
    search_free(s);
    return st;
}

/* 3 3 8 8 is inside the default table (4 cards of 1-11, target 24): the table answers,
 * with the one solution there is, verified. */
Test(solver, the_table_answers_inside_its_configuration)
{
    solver_answer a;
    cr_assert_eq(solve("3 3 8 8", false, 24, &a), SOLVER_OK);
    cr_expect(a.by_table);
    cr_assert_eq(a.n, 1);
    cr_expect_str_eq(a.sols[0], "8/(3-8/3)");
    int64_t cards[] = { 3, 3, 8, 8 };
    cr_expect_eq(verify_solution(a.sols[0], cards, 4, 24), VERIFY_OK);
    solver_answer_free(&a);
}

/* Outside it (another target, --all, five cards) the search answers. */
Test(solver, the_search_answers_outside_the_table)
{
    solver_answer a;
    cr_assert_eq(solve("1 2 3 4", false, 10, &a), SOLVER_OK);
    cr_expect(!a.by_table);
    cr_expect_eq(a.n, 1);
    solver_answer_free(&a);
    cr_assert_eq(solve("1 2 3 4", true, 24, &a), SOLVER_OK);
    cr_expect(!a.by_table, "--all went to the table");
    cr_expect_gt(a.n, 1);
    int64_t cards[] = { 1, 2, 3, 4 };
    for (size_t i = 0; i < a.n; i++)
        cr_expect_eq(verify_solution(a.sols[i], cards, 4, 24), VERIFY_OK, "%s", a.sols[i]);
    solver_answer_free(&a);
}

/* 1 1 1 1 has no solution: the table's miss is the proof, and the answer is empty. */
Test(solver, no_solution_is_an_empty_answer)
{
    solver_answer a;
    cr_assert_eq(solve("1 1 1 1", false, 24, &a), SOLVER_OK);
    cr_expect(a.by_table);
    cr_expect_eq(a.n, 0);
    solver_answer_free(&a);
    solver_answer_free(&a); /* freeing twice is harmless */
}
