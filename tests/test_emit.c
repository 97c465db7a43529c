/* Emitting tables: the generated C compiles, and the compiled table agrees with the
 * exact evaluator on every hand. */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <stdlib.h>

#include "emit/tablegen.h"
#include "eval/eval.h"
#include "helpers.h"
#include "solve/table.h"
#include "study_helpers.h"

static enumeration run_cards(int ncards, int64_t lo, int64_t hi, template_groupings g,
                             int64_t target)
{
    return enumerate_config(ncards, lo, hi, target, g);
}

/* A cover that needs no optimiser: every template that hits some hand. */
static uint32_t *useful(const enumeration *st, uint32_t *n)
{
    uint32_t nt = template_family_count(st->family);
    char *u = calloc(nt, 1);
    for (uint64_t k = 0; k < st->sols.off[st->sols.nhands]; k++)
        u[st->sols.ids[k]] = 1;
    uint32_t *ids = malloc(nt * sizeof *ids);
    *n = 0;
    for (uint32_t i = 0; i < nt; i++)
        if (u[i])
            ids[(*n)++] = i;
    free(u);
    return ids;
}

/* Compiles generated source into a shared object and returns its table. */
static const table_def *compile_table(const char *source, void **handle)
{
    char dir[] = "/tmp/t24-emit-XXXXXX", c[512], so[512], cmd[2048];
    cr_assert(mkdtemp(dir));
    snprintf(c, sizeof c, "%s/t.c", dir);
    snprintf(so, sizeof so, "%s/t.so", dir);
    FILE *fp = fopen(c, "w");
    fputs(source, fp);
    fclose(fp);
    snprintf(cmd, sizeof cmd, "cc -O1 -Wall -Wextra -Werror -shared -fPIC -I'%s/src' -o '%s' '%s'",
             getenv("T24_SOURCE_DIR"), so, c);
    cr_assert_eq(system(cmd), 0, "generated code compiles cleanly");
    *handle = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    cr_assert(*handle, "%s", dlerror());
    unlink(c);
    unlink(so);
    rmdir(dir);
    const table_def *t = dlsym(*handle, "table_test");
    cr_assert(t);
    return t;
}

static void check_table_on_every_hand(const enumeration *st, const table_def *t)
{
    table_interp *ti = table_interp_new(t);
    for (uint32_t h = 0; h < hand_set_count(st->hands); h++) {
        const int64_t *x = hand_set_hand(st->hands, h);
        cr_assert(table_accepts(t, x, st->params.ncards, st->params.target));
        int k = t->solve(x);
        cr_assert_eq(k >= 0, st->truly_solvable[h], "hand %u", h);
        cr_assert_eq(table_interp_solve(ti, x), k, "interpreter agrees on hand %u", h);
        if (k >= 0) {
            template_prog p;
            template_program(st->all, t->ids[k], &p);
            cr_assert_eq(eval_prog(&p, x, st->params.target), EVAL_HIT);
        }
    }
    table_interp_free(ti);
}

static void tablegen_and_check(int64_t lo, int64_t hi, template_groupings g, int64_t target)
{
    enumeration st = enumerate_config(4, lo, hi, target, g);
    uint32_t n, *cover = useful(&st, &n);
    tablegen_table t;
    char err[256];
    cr_assert_eq(tablegen_build(&st, cover, n, &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.patched > 0, st.nmisses > 0);
    uint64_t decided = 0;
    for (uint32_t k = 0; k < t.count; k++) {
        cr_assert_gt(t.adds[k], 0);
        decided += t.adds[k];
    }
    cr_assert_eq(decided, st.solvable);
    cr_assert_leq(t.mean_tries, t.mean_tries_id_order);
    char *src = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&src, &len);
    cr_assert_eq(tablegen_write_c(&st, &t, "table_test", "test", "every useful template", mem, err,
                              sizeof err), 0, "%s", err);
    fclose(mem);
    void *so;
    const table_def *def = compile_table(src, &so);
    cr_assert_eq(def->count, t.count);
    check_table_on_every_hand(&st, def);
    dlclose(so);
    free(src);
    free(cover);
    tablegen_table_free(&t);
    enumeration_free(&st);
}

Test(emit, reduced_table_is_patched_and_decides_every_hand_of_1_to_11, .timeout = 300)
{
    tablegen_and_check(1, 11, TEMPLATE_REDUCED, 24);
}

Test(emit, tables_work_for_other_targets_and_decks_with_zero, .timeout = 300)
{
    tablegen_and_check(0, 9, TEMPLATE_ALL, 10);
}

Test(emit, a_cover_that_misses_hands_is_refused)
{
    enumeration st = enumerate_config(4, 1, 10, 24, TEMPLATE_ALL);
    uint32_t one = st.sols.ids[0]; /* a single useful template: far too few */
    tablegen_table t;
    char err[256] = "";
    cr_assert_eq(tablegen_build(&st, &one, 1, &t, err, sizeof err), -1);
    cr_assert(strstr(err, "unsolved"), "%s", err);
    enumeration_free(&st);
}

/* `t24 emit --cards 5 --deck 1-10`, the command itself with a short search: its source
 * compiles, and the compiled five-card solver agrees with the exact evaluator on every
 * hand of the deck (enumerated here, in this process, independently of the command). */
Test(emit, five_cards_deck_1_to_10_compiles_and_decides_every_hand, .timeout = 900)
{
    char path[] = "/tmp/t24-emit5-XXXXXX", args[512];
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    snprintf(args, sizeof args, "emit --cards 5 --deck 1-10 --time-limit 5 --quiet --name "
             "table_test --out '%s'", path);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "", "--quiet: no summary note on stderr");
    char *src = slurp(path);
    cr_assert(src);
    unlink(path);
    cr_expect(strstr(src, "5 cards, deck 1-10, target 24"), "not the five-card table");
    void *so;
    const table_def *def = compile_table(src, &so);
    enumeration st = run_cards(5, 1, 10, TEMPLATE_ALL, 24);
    check_table_on_every_hand(&st, def);
    dlclose(so);
    free(src);
    run_free(&r);
    enumeration_free(&st);
}

/* Issue 22: on a full disk `emit --standalone` said only "write error". A file-size limit
 * (SIGXFSZ ignored, so writes fail with EFBIG as on a full disk) must give the reason,
 * exit status 2, and leave no file. */
Test(emit, a_failed_write_says_why_and_leaves_nothing)
{
    char dir[] = "/tmp/t24-emit-full-XXXXXX", cmd[1024], path[256];
    cr_assert(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "bash -c \"trap '' XFSZ; ulimit -f 8; '%s' emit --deck 1-6 "
             "--standalone --out '%s/x.c'\" >'%s/out' 2>'%s/err'", getenv("T24_BIN"), dir, dir,
             dir);
    int st = system(cmd);
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    snprintf(path, sizeof path, "%s/err", dir);
    char *err = slurp(path);
    cr_assert(err);
    cr_expect(strstr(err, "File too large"), "%s", err);
    free(err);
    snprintf(path, sizeof path, "%s/x.c", dir);
    cr_expect_neq(access(path, F_OK), 0, "x.c was left behind");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

/* Issue 26: `emit --quiet` still printed its summary note ("t24 emit: 32 expressions
 * ...") on stderr. --quiet silences the notes; the results, the source and --json's
 * summary, stay. */
Test(emit, quiet_silences_the_summary_note_not_the_results)
{
    char dir[] = "/tmp/t24-emit-quiet-XXXXXX", args[512], path[256];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args, "emit --deck 1-6 --out '%s/t.c'", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "t24 emit: "), "without --quiet, the note: %s", r.err);
    run_free(&r);
    const char *quiet[] = { "emit --deck 1-6 --quiet --out '%s/t.c'",
                            "emit --deck 1-6 --quiet --json --out '%s/t.c'",
                            "emit --deck 1-6 --quiet" };
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        snprintf(args, sizeof args, quiet[i], dir);
        r = run_t24(args, NULL);
        cr_assert_eq(r.status, 0, "%s", r.err);
        cr_expect_str_eq(r.err, "", "t24 %s printed on stderr", args);
        if (i == 1)
            cr_expect(strstr(r.out, "\"expressions\""), "t24 %s: no JSON: %s", args, r.out);
        if (i == 2)
            cr_expect(strstr(r.out, "table_default"), "t24 %s: no source: %.200s", args, r.out);
        run_free(&r);
    }
    snprintf(path, sizeof path, "%s/t.c", dir);
    cr_expect_eq(access(path, F_OK), 0);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}
