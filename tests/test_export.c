/* test_export.c - exports read back (PACE, CPLEX LP, MathProg) and glpsol's optimum on
 * the exported model compared with the API's (the PACE reader's refusals and stops are
 * test_pace.c's). */
#include <criterion/criterion.h>
#include <glpk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "study/classes.h"
#include "hitset/model/export.h"
#include "hitset/model/pace.h"
#include "export_helpers.h"
#include "helpers.h"
#include "mincover_helpers.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "study/enumeration.h"
#include "study_helpers.h"

#define END UINT32_MAX

static const uint32_t fano[7][16] = {
    { 0, 1, 2, END }, { 0, 3, 4, END }, { 0, 5, 6, END }, { 1, 3, 5, END },
    { 1, 4, 6, END }, { 2, 3, 6, END }, { 2, 4, 5, END },
};

/* The instance a GLPK problem encodes: columns named x<e> or x[e] are element e-1, each
 * row with lower bound 1 is a set (free rows, like MathProg's objective, are skipped). */
static instance *from_glpk(glp_prob *P)
{
    int nc = glp_get_num_cols(P), nr = glp_get_num_rows(P);
    uint32_t *elem = malloc((nc + 1) * sizeof *elem), ne = 0;
    for (int j = 1; j <= nc; j++) {
        const char *name = glp_get_col_name(P, j);
        cr_assert(name);
        unsigned v;
        cr_assert(sscanf(name, "x%u", &v) == 1 || sscanf(name, "x[%u]", &v) == 1, "%s", name);
        cr_assert_eq(glp_get_col_kind(P, j), GLP_BV);
        cr_assert_eq(glp_get_obj_coef(P, j), 1.0);
        elem[j] = v - 1;
        ne = v > ne ? v : ne;
    }
    uint64_t *off = calloc(nr + 1, sizeof *off);
    uint32_t *el = malloc(((size_t)nr * nc + 1) * sizeof *el);
    int *ind = malloc((nc + 1) * sizeof *ind), ns = 0;
    double *val = malloc((nc + 1) * sizeof *val);
    for (int i = 1; i <= nr; i++) {
        if (glp_get_row_type(P, i) == GLP_FR)
            continue;
        cr_assert_eq(glp_get_row_type(P, i), GLP_LO);
        cr_assert_eq(glp_get_row_lb(P, i), 1.0);
        int len = glp_get_mat_row(P, i, ind, val);
        off[ns + 1] = off[ns];
        for (int k = 1; k <= len; k++) {
            cr_assert_eq(val[k], 1.0);
            el[off[ns + 1]++] = elem[ind[k]];
        }
        ns++;
    }
    char err[256];
    instance *h = instance_new(ne, (uint32_t)ns, off, el, err, sizeof err);
    cr_assert(h, "%s", err);
    free(elem);
    free(off);
    free(el);
    free(ind);
    free(val);
    return h;
}

static void check_pace(const instance *h)
{
    char path[256], err[256];
    temp_path(path, sizeof path, ".hgr");
    write_file(path, pace_write, h);
    FILE *fp = fopen(path, "r");
    instance *back = pace_read(fp, err, sizeof err);
    cr_assert(back, "%s", err);
    cr_expect(instance_equal(h, back));
    fclose(fp);
    instance_free(back);
    unlink(path);
}

static void check_lp(const instance *h)
{
    char path[256];
    temp_path(path, sizeof path, ".lp");
    write_file(path, export_lp, h);
    glp_term_out(GLP_OFF);
    glp_prob *P = glp_create_prob();
    cr_assert_eq(glp_read_lp(P, NULL, path), 0);
    cr_expect_eq(glp_get_obj_dir(P), GLP_MIN);
    instance *back = from_glpk(P);
    cr_expect(instance_equal(h, back));
    instance_free(back);
    glp_delete_prob(P);
    glp_term_out(GLP_ON);
    unlink(path);
}

static void check_dat(const instance *h)
{
    char path[256], model[1024];
    temp_path(path, sizeof path, ".dat");
    write_file(path, export_dat, h);
    snprintf(model, sizeof model, "%s/models/hitting_set.mod", T24_SOURCE_DIR);
    glp_term_out(GLP_OFF);
    glp_tran *tran = glp_mpl_alloc_wksp();
    glp_prob *P = glp_create_prob();
    cr_assert_eq(glp_mpl_read_model(tran, model, 1), 0);
    cr_assert_eq(glp_mpl_read_data(tran, path), 0);
    cr_assert_eq(glp_mpl_generate(tran, NULL), 0);
    glp_mpl_build_prob(tran, P);
    instance *back = from_glpk(P);
    cr_expect(instance_equal(h, back));
    instance_free(back);
    glp_delete_prob(P);
    glp_mpl_free_wksp(tran);
    glp_term_out(GLP_ON);
    unlink(path);
}

Test(export, hand_made_instances_round_trip)
{
    instance *h = make_instance(7, 7, fano);
    check_pace(h);
    check_lp(h);
    check_dat(h);
    instance_free(h);
    uint64_t state = 99;
    for (int t = 0; t < 20; t++) {
        /* Element count = highest element used, so the readers see every element. */
        h = random_instance(30, 1 + (uint32_t)(test_random(&state) % 60), 5, &state);
        check_pace(h);
        instance_free(h);
    }
}

Test(export, the_default_study_instance_round_trips)
{
    enumeration st = enumerate_default();
    char err[256];
    classes *c = classes_new(&st.sols, err, sizeof err);
    const instance *h = classes_instance(c);
    check_pace(h);
    check_lp(h);
    check_dat(h);
    classes_free(c);
    enumeration_free(&st);
}

Test(export, glpsol_on_the_exported_model_agrees_with_the_api)
{
    char dat[256], err[256];
    uint32_t chosen[64], n;
    instance *h = make_instance(7, 7, fano);
    temp_path(dat, sizeof dat, ".dat");
    write_file(dat, export_dat, h);
    cr_expect_eq(glpsol_optimum(dat, chosen, &n), 3);
    unlink(dat);
    mincover_params p;
    mincover_result r;
    mincover_params_init(&p);
    cr_assert_eq(mincover_run(h, NULL, &p, &r, err, sizeof err), 0);
    cr_expect_eq(r.optimum, 3);
    mincover_result_free(&r);
    instance_free(h);
}

/* The CLI's own exports: glpsol proves the same optimum as study.json reports, its
 * chosen classes cover the exported hands, and the PACE solution file is a cover. */
Test(export, cli_exports_give_glpsol_the_same_optimum)
{
    char dir[256], cmd[2048], path[512];
    static char out[1 << 20];
    snprintf(dir, sizeof dir, "/tmp/t24-export-cli-XXXXXX");
    cr_assert(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "study --out '%s'", dir);
    run_result r = run_t24(cmd, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    snprintf(path, sizeof path, "%s/study.json", dir);
    FILE *fp = fopen(path, "r");
    size_t len = fread(out, 1, sizeof out - 1, fp);
    out[len] = '\0';
    fclose(fp);
    const char *o = strstr(out, "\"optimum\":");
    cr_assert(o);
    unsigned api;
    cr_assert_eq(sscanf(o, "\"optimum\":%u", &api), 1);
    cr_assert(strstr(out, "\"optimal\":\ttrue"));
    uint32_t chosen[4096], n;
    snprintf(path, sizeof path, "%s/hitting_set.dat", dir);
    cr_expect_eq(glpsol_optimum(path, chosen, &n), api);
    char err[256];
    snprintf(path, sizeof path, "%s/hitting_set.hgr", dir);
    fp = fopen(path, "r");
    instance *h = pace_read(fp, err, sizeof err);
    fclose(fp);
    cr_assert(h, "%s", err);
    for (uint32_t i = 0; i < n; i++)
        chosen[i]--;
    cr_expect(instance_is_cover(h, chosen, n));
    snprintf(path, sizeof path, "%s/hitting_set.sol", dir);
    fp = fopen(path, "r");
    uint32_t size, sol[4096];
    cr_assert_eq(fscanf(fp, "%u", &size), 1);
    cr_expect_eq(size, api);
    for (uint32_t i = 0; i < size; i++) {
        cr_assert_eq(fscanf(fp, "%u", &sol[i]), 1);
        sol[i]--;
    }
    fclose(fp);
    cr_expect(instance_is_cover(h, sol, size));
    instance_free(h);
    /* glpsol on the CPLEX LP file agrees too. */
    char lp_out[256];
    temp_path(lp_out, sizeof lp_out, ".txt");
    snprintf(cmd, sizeof cmd, "'%s' --lp '%s/hitting_set.lp' -o '%s' >/dev/null && cat '%s'",
             glpsol(), dir, lp_out, lp_out);
    cr_assert_eq(run_command(cmd, out, sizeof out), 0);
    unlink(lp_out);
    cr_expect(strstr(out, "INTEGER OPTIMAL"), "%s", out);
    o = strstr(out, "Objective:  size = ");
    cr_assert(o);
    unsigned lpopt;
    cr_assert_eq(sscanf(o, "Objective:  size = %u", &lpopt), 1);
    cr_expect_eq(lpopt, api);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}
