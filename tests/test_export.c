/* test_export.c - exports read back (PACE, CPLEX LP, MathProg) and glpsol's optimum on
 * the exported model compared with the API's. */
#include <criterion/criterion.h>
#include <glpk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "study/classes.h"
#include "hitset/export.h"
#include "mincover_helpers.h"
#include "hitset/mincover.h"
#include "study/enumeration.h"

#define END UINT32_MAX

static const uint32_t fano[7][16] = {
    { 0, 1, 2, END }, { 0, 3, 4, END }, { 0, 5, 6, END }, { 1, 3, 5, END },
    { 1, 4, 6, END }, { 2, 3, 6, END }, { 2, 4, 5, END },
};

/* A fresh temporary path (never a device: GLPK may delete what it writes). */
static void temp_path(char *buf, size_t size, const char *suffix)
{
    snprintf(buf, size, "/tmp/t24-export-XXXXXX");
    int fd = mkstemp(buf);
    cr_assert_geq(fd, 0);
    close(fd);
    unlink(buf);
    strncat(buf, suffix, size - strlen(buf) - 1);
}

typedef int (*writer)(FILE *, const instance *, const char *);

static void write_file(const char *path, writer w, const instance *h)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    cr_assert_eq(w(fp, h, "test instance"), 0);
    cr_assert_eq(fclose(fp), 0);
}

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
    write_file(path, export_pace, h);
    FILE *fp = fopen(path, "r");
    instance *back = export_read_pace(fp, err, sizeof err);
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
    enumeration st;
    enumeration_params sp;
    char err[256];
    enumeration_params_init(&sp);
    sp.per_template = true; /* tests read the (hand, template) pairs */
    cr_assert_eq(enumeration_run(&st, &sp, err, sizeof err), 0, "%s", err);
    classes *c = classes_new(&st.sols, err, sizeof err);
    const instance *h = classes_instance(c);
    check_pace(h);
    check_lp(h);
    check_dat(h);
    classes_free(c);
    enumeration_free(&st);
}

Test(export, pace_reader_refuses_malformed_files)
{
    static const char *bad[] = {
        "1 2\n",                      /* set before the header */
        "p hs 3 1\n1 4\n",            /* element outside 1..3 */
        "p hs 3 2\n1 2\n",            /* fewer sets than announced */
        "p hs 3 1\n1 x\n",            /* not a number */
        "p hs 3 1\np hs 3 1\n1\n",    /* two headers */
        "p ds 3 1\n1\n",              /* another problem */
        "p hs 3 1\n0\n",              /* elements are 1-based */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[256] = "";
        FILE *fp = fmemopen((void *)bad[i], strlen(bad[i]), "r");
        instance *h = export_read_pace(fp, err, sizeof err);
        cr_expect_null(h, "accepted: %s", bad[i]);
        cr_expect(err[0], "no reason for: %s", bad[i]);
        instance_free(h);
        fclose(fp);
    }
}

/* Runs a shell command, returning its exit status and its stdout in out. */
static int run(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *glpsol(void)
{
    const char *g = getenv("GLPSOL");
    cr_assert(g && *g && access(g, X_OK) == 0, "GLPSOL must name the glpsol binary");
    return g;
}

/* glpsol's optimum of DIR/hitting_set.dat under models/hitting_set.mod; its chosen
 * elements go to chosen[] (1-based, as printed). */
static uint32_t glpsol_optimum(const char *dat, uint32_t *chosen, uint32_t *nchosen)
{
    char cmd[2048], out_path[256];
    static char out[1 << 20];
    temp_path(out_path, sizeof out_path, ".txt");
    snprintf(cmd, sizeof cmd, "'%s' -m '%s/models/hitting_set.mod' -d '%s' -o '%s' 2>&1",
             glpsol(), T24_SOURCE_DIR, dat, out_path);
    cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    unlink(out_path);
    cr_assert(strstr(out, "INTEGER OPTIMAL SOLUTION FOUND"), "%s", out);
    const char *p = strstr(out, "t24 hitting set: ");
    cr_assert(p);
    uint32_t opt;
    cr_assert_eq(sscanf(p, "t24 hitting set: %u elements chosen", &opt), 1);
    *nchosen = 0;
    for (p = out; (p = strstr(p, "t24 chosen: ")); p++)
        cr_assert_eq(sscanf(p, "t24 chosen: %u", &chosen[(*nchosen)++]), 1);
    return opt;
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
    snprintf(cmd, sizeof cmd, "'%s' study --out '%s' >/dev/null", getenv("T24_BIN"), dir);
    cr_assert_eq(run(cmd, out, sizeof out), 0);
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
    instance *h = export_read_pace(fp, err, sizeof err);
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
    cr_assert_eq(run(cmd, out, sizeof out), 0);
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
