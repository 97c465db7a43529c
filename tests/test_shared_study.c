/* test_shared_study.c - the bounded-memory study (formula groups, partition refinement)
 * against the reference path that evaluates every template and keeps every (hand,
 * template) pair: the whole report and the solutions artifact must be byte-identical. */
#define _GNU_SOURCE /* open_memstream */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/classes.h"
#include "study/study.h"

typedef struct {
    int cards;
    int64_t lo, hi, target;
    template_groupings g;
} config;

static char *report(const config *c, bool per_template, int threads, char **sols)
{
    enumeration_params sp;
    hs_params hp;
    enumeration_params_init(&sp);
    hs_params_init(&hp);
    sp.ncards = c->cards;
    sp.lo = c->lo;
    sp.hi = c->hi;
    sp.target = c->target;
    sp.groupings = c->g;
    sp.nthreads = threads;
    sp.per_template = per_template;
    study r;
    char err[256];
    cr_assert_eq(study_run(&r, &sp, &hp, err, sizeof err), 0, "%s", err);
    cr_assert(r.hr.optimal, "pick configurations GLPK proves, so both runs are deterministic");
    cJSON *js = study_json(&r, false);
    char *text = cJSON_Print(js);
    cJSON_Delete(js);
    if (sols) {
        size_t len;
        FILE *fp = open_memstream(sols, &len);
        /* Classes from groups keep no member lists unless asked (seven cards would need
         * gigabytes); the solutions artifact needs them. */
        cr_assert_eq(per_template ? 0 : classes_list_members(r.cls), 0);
        int rc = per_template ? solutions_write(&r.st.sols, r.st.hands, fp)
                              : classes_write_solutions(r.cls, r.st.hands, fp);
        cr_assert_eq(rc, 0);
        fclose(fp);
    }
    study_free(&r);
    return text;
}

static const config configs[] = {
    { 4, 1, 11, 24, TEMPLATE_REDUCED }, /* the default study */
    { 4, 1, 13, 24, TEMPLATE_ALL },
    { 4, 0, 9, 0, TEMPLATE_ALL },       /* zero cards and target: definedness matters */
    { 4, 1, 10, -3, TEMPLATE_REDUCED },
    { 3, 0, 20, 5, TEMPLATE_ALL },
    { 2, 0, 30, 6, TEMPLATE_ALL },
    { 5, 1, 4, 24, TEMPLATE_ALL },
    { 5, 2, 7, 100, TEMPLATE_ALL },
    { 5, 0, 4, 0, TEMPLATE_ALL },
};

Test(shared_study, reports_and_solutions_equal_the_per_template_path, .timeout = 600)
{
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        char *sa, *sb;
        char *a = report(&configs[i], true, 2, &sa), *b = report(&configs[i], false, 2, &sb);
        cr_assert_str_eq(b, a, "configuration %zu: the reports differ", i);
        cr_assert_str_eq(sb, sa, "configuration %zu: solutions.txt differs", i);
        free(a);
        free(b);
        free(sa);
        free(sb);
    }
}

Test(shared_study, thread_count_does_not_change_the_report)
{
    char *one = report(&configs[1], false, 1, NULL), *three = report(&configs[1], false, 3, NULL);
    cr_assert_str_eq(one, three);
    free(one);
    free(three);
}
