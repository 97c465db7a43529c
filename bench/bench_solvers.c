/* bench_solvers.c - the solvers side by side, in one run: the compiled table, the same
 * table interpreted, brute force over every template in id order, and the general
 * solver; then the general solver on large hands and on all distinct solutions. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"
#include "sections.h"
#include "core/hand.h"
#include "solve/search.h"
#include "study/enumeration.h"
#include "solve/table.h"
#include "core/template.h"
#include "core/walltime.h"

typedef int (*solve_fn)(const void *ctx, const int64_t *x);

static int run_table(const void *ctx, const int64_t *x)
{
    return ((const table_def *)ctx)->solve(x);
}

static int run_interp(const void *ctx, const int64_t *x)
{
    return table_interp_solve(ctx, x);
}

typedef struct {
    search *s;
    search_params p;
} solver_ctx;

static int run_search(const void *ctx, const int64_t *x)
{
    const solver_ctx *c = ctx;
    search_stats st;
    search_run(c->s, x, 4, &c->p, &st);
    return search_count(c->s) ? 0 : -1;
}

/* Median over runs of the mean wall time per hand, over every hand of hs. */
static double per_hand(const hand_set *hs, solve_fn fn, const void *ctx, int runs)
{
    double t[64];
    volatile int sink_value = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = walltime_now();
        for (uint32_t h = 0; h < hand_set_count(hs); h++)
            sink_value += fn(ctx, hand_set_hand(hs, h));
        t[r] = (walltime_now() - t0) / hand_set_count(hs);
    }
    (void)sink_value;
    return median(t, runs);
}

/* Brute force: every template of the `all` family in id order, as one big "table". */
static table_def brute_table(const table_def *like, uint32_t **ids)
{
    template_family *f = template_family_new(4, TEMPLATE_ALL);
    uint32_t n = template_family_count(f);
    template_family_free(f);
    *ids = malloc(n * sizeof **ids);
    for (uint32_t i = 0; i < n; i++)
        (*ids)[i] = i;
    table_def t = *like;
    t.count = n;
    t.ids = *ids;
    t.solve = NULL;
    return t;
}

/* Mean expressions tried per hand (all hands / solvable ones) for an ordered list. */
static void tries(const hand_set *hs, solve_fn fn, const void *ctx, uint32_t count,
                  double *all, double *solvable)
{
    double sum = 0, sum_solved = 0;
    uint32_t solved = 0;
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        int k = fn(ctx, hand_set_hand(hs, h));
        sum += k >= 0 ? k + 1.0 : count;
        if (k >= 0) {
            sum_solved += k + 1.0;
            solved++;
        }
    }
    *all = sum / hand_set_count(hs);
    *solvable = solved ? sum_solved / solved : 0;
}

static void search_tries(const hand_set *hs, solver_ctx *c, double *all, double *solvable)
{
    double sum = 0, sum_solved = 0;
    uint32_t solved = 0;
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        search_stats st;
        search_run(c->s, hand_set_hand(hs, h), 4, &c->p, &st);
        sum += (double)st.expressions;
        if (search_count(c->s)) {
            sum_solved += (double)st.expressions;
            solved++;
        }
    }
    *all = sum / hand_set_count(hs);
    *solvable = solved ? sum_solved / solved : 0;
}

static void bench_per_hand(const sink *s, solver_ctx *sc)
{
    const table_def *t = &table_default;
    hand_set *hs = hand_set_new(4, t->lo, t->hi);
    uint32_t *ids;
    table_def brute = brute_table(t, &ids);
    table_interp *ti = table_interp_new(t), *bi = table_interp_new(&brute);
    double tt = per_hand(hs, run_table, t, 51), ti_t = per_hand(hs, run_interp, ti, 21);
    solver_ctx timed = *sc; /* counting every expression tried costs time: not here */
    timed.p.count = false;
    double bt = per_hand(hs, run_interp, bi, 5), st = per_hand(hs, run_search, &timed, 5);
    say(s, "### Time per hand, every hand of %lld-%lld (%u hands, unsolvable ones included)\n\n",
        (long long)t->lo, (long long)t->hi, hand_set_count(hs));
    say(s, "| solver | ns per hand | vs table |\n|---|---:|---:|\n");
    say(s, "| compiled table (`src/solve/table_default.c`, %u expressions) | %.1f | 1.0 |\n",
        t->count, tt * 1e9);
    say(s, "| same table, interpreted | %.1f | %.1f |\n", ti_t * 1e9, ti_t / tt);
    say(s, "| brute force: all 7,680 templates in id order (interpreted) | %.1f | %.1f |\n",
        bt * 1e9, bt / tt);
    say(s, "| general solver (`t24 solve`'s search) | %.1f | %.1f |\n\n", st * 1e9, st / tt);
    double a[3], v[3];
    tries(hs, run_table, t, t->count, &a[0], &v[0]);
    tries(hs, run_interp, bi, brute.count, &a[1], &v[1]);
    search_tries(hs, sc, &a[2], &v[2]);
    say(s, "### Expressions tried per hand (strategies compared)\n\n");
    say(s, "| strategy | mean per hand | mean per solvable hand |\n|---|---:|---:|\n");
    say(s, "| compiled table, greedy min-sum order | %.1f | %.1f |\n", a[0], v[0]);
    say(s, "| brute force, id order | %.1f | %.1f |\n", a[1], v[1]);
    say(s, "| general solver (complete expressions compared) | %.1f | %.1f |\n\n", a[2], v[2]);
    say(s, "Brute force tries %.1f times as many expressions per hand as the general solver "
           "and %.1f times as many as the table.\n\n", a[1] / a[2], a[1] / a[0]);
    table_interp_free(ti);
    table_interp_free(bi);
    free(ids);
    hand_set_free(hs);
}

static double time_search(solver_ctx *c, const int64_t *x, int n, int runs, uint64_t *tried,
                          size_t *found)
{
    double t[64];
    for (int r = 0; r < runs; r++) {
        search_stats st;
        double t0 = walltime_now();
        search_run(c->s, x, n, &c->p, &st);
        t[r] = walltime_now() - t0;
        *tried = st.expressions;
        *found = search_count(c->s);
    }
    return median(t, runs);
}

static void bench_large(const sink *s, solver_ctx *c)
{
    static const int64_t fifteen[] = { 9, 9, 9, 9, 7, 7, 7, 7, 3, 2, 5, 6, 1, 3, 8 };
    static const int64_t six[] = { 2, 3, 5, 7, 11, 13 };
    uint64_t tried;
    size_t found;
    say(s, "### The general solver on large hands\n\n| hand | target | ms | expressions "
           "tried | answer |\n|---|---:|---:|---:|---|\n");
    c->p.target = 24;
    double t15 = time_search(c, fifteen, 15, 11, &tried, &found);
    say(s, "| 9 9 9 9 7 7 7 7 3 2 5 6 1 3 8 (seed 001) | 24 | %.3f | %llu | %s |\n", t15 * 1e3,
        (unsigned long long)tried, found ? "solved" : "no solution");
    c->p.target = 100003;
    double t6 = time_search(c, six, 6, 5, &tried, &found);
    say(s, "| 2 3 5 7 11 13 | 100003 | %.3f | %llu | %s |\n\n", t6 * 1e3,
        (unsigned long long)tried, found ? "solved" : "no solution (proven)");
    c->p.target = 24;
}

static void bench_all_solutions(const sink *s, solver_ctx *c)
{
    hand_set *hs = hand_set_new(4, 1, 13);
    search_params p = c->p;
    p.all = true;
    double t[16];
    size_t total = 0;
    for (int r = 0; r < 7; r++) {
        total = 0;
        double t0 = walltime_now();
        for (uint32_t h = 0; h < hand_set_count(hs); h++) {
            search_stats st;
            search_run(c->s, hand_set_hand(hs, h), 4, &p, &st);
            total += search_count(c->s);
        }
        t[r] = walltime_now() - t0;
    }
    say(s, "### Every distinct solution of every hand of 1-13\n\n%zu distinct solutions of "
           "%u hands in %.2f ms (median of 7 runs, in process).\n\n", total,
        hand_set_count(hs), median(t, 7) * 1e3);
    hand_set_free(hs);
}

/* One mode over every hand of hs at target t: expressions compared (a counting run) and
 * the median time of the whole set over runs without counting. */
static double time_mode(search *sv, const hand_set *hs, search_params p, int runs,
                        uint64_t *expressions)
{
    double t[16];
    *expressions = 0;
    p.count = true;
    for (uint32_t h = 0; h < hand_set_count(hs); h++) {
        search_stats st;
        search_run(sv, hand_set_hand(hs, h), 4, &p, &st);
        *expressions += st.expressions;
    }
    p.count = false;
    for (int r = 0; r < runs; r++) {
        double t0 = walltime_now();
        for (uint32_t h = 0; h < hand_set_count(hs); h++)
            search_run(sv, hand_set_hand(hs, h), 4, &p, NULL);
        t[r] = walltime_now() - t0;
    }
    return median(t, runs);
}

/* The hands of hs, one per line, into a temporary file for `t24 solve --batch`. */
static int write_hands(const hand_set *hs, char *path)
{
    int fd = mkstemp(path);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    for (uint32_t h = 0; fp && h < hand_set_count(hs); h++) {
        const int64_t *c = hand_set_hand(hs, h);
        fprintf(fp, "%lld %lld %lld %lld\n", (long long)c[0], (long long)c[1],
                (long long)c[2], (long long)c[3]);
    }
    return fp && fclose(fp) == 0 ? 0 : -1;
}

/* First-solution mode with all-solutions mode's spelling rules (search.c,
 * search_as_cards()), against the value search it used before and against --all, at
 * target 37 where most hands are searched to the end. */
static void bench_first_vs_all(const sink *s, solver_ctx *c)
{
    enum { TARGET = 37 };
    hand_set *hs = hand_set_new(4, 1, 13);
    search_params first = c->p, before, all;
    first.target = TARGET;
    before = all = first;
    before.symmetry = false;
    all.all = true;
    uint64_t e[3];
    double t[3] = { time_mode(c->s, hs, first, 11, &e[0]),
                    time_mode(c->s, hs, before, 11, &e[1]),
                    time_mode(c->s, hs, all, 11, &e[2]) };
    const char *what[3] = { "first solution (`t24 solve`, `--batch`)",
                            "first solution, value search and memo only (before)",
                            "all solutions (`--all`)" };
    say(s, "### One solution against all, target %d, all %u hands of 1-13\n\n", TARGET,
        hand_set_count(hs));
    say(s, "In process (`search_run`), median of 11 runs:\n\n| mode | expressions compared "
           "| ms | vs all solutions |\n|---|---:|---:|---:|\n");
    for (int i = 0; i < 3; i++)
        say(s, "| %s | %llu | %.2f | %.2f |\n", what[i], (unsigned long long)e[i],
            t[i] * 1e3, t[i] / t[2]);
    char path[] = "/tmp/t24-bench-hands-XXXXXX", first_args[128], all_args[160];
    if (write_hands(hs, path) == 0) {
        enum { RUNS = 21 };
        double one[RUNS], every[RUNS];
        snprintf(first_args, sizeof first_args, "solve --target %d --batch %s", TARGET, path);
        snprintf(all_args, sizeof all_args, "%s --all", first_args);
        for (int r = 0; r < RUNS; r++) { /* in turn, so that a busy moment hits both */
            one[r] = time_command(first_args, 1);
            every[r] = time_command(all_args, 1);
        }
        double m1 = median(one, RUNS), m2 = median(every, RUNS);
        say(s, "\nThe whole process, median of %d runs taken in turn: `t24 solve --target %d "
               "--batch FILE` %.2f ms, with `--all` %.2f ms (ratio %.2f).\n\n", RUNS, TARGET,
            m1 * 1e3, m2 * 1e3, m1 / m2);
    }
    unlink(path);
    hand_set_free(hs);
}

void bench_solvers(const sink *s)
{
    solver_ctx c = { search_new(), { 0 } };
    search_params_init(&c.p);
    c.p.count = true;
    say(s, "## Solvers\n\n");
    bench_per_hand(s, &c);
    bench_large(s, &c);
    bench_first_vs_all(s, &c);
    bench_all_solutions(s, &c);
    search_free(c.s);
}
