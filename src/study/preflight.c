/* preflight.c - estimating a study before running it; see preflight.h. */
#include "study/preflight.h"

#include <stdio.h>
#include <string.h>

#include "core/hand.h"
#include "core/template.h"
#include "study/study.h"

/* Measured per number of cards (the `all` family; the reduced one is smaller): formula
 * groups, plan operations per hand (steps + root operand pairs), the grouping memo's
 * peak bytes, and classes per solvable hand (the most seen over decks 1-4 .. 1-13). */
typedef struct {
    uint64_t groups, ops;
    double memo_bytes;
    double classes_per_hand;
} card_figures;

static const card_figures figures[TEMPLATE_MAX_CARDS + 1] = {
    [2] = { 6, 5, 1e6, 2 },
    [3] = { 74, 30, 1e6, 4 },
    [4] = { 1386, 517, 2e6, 10 },
    [5] = { 34882, 11580, 8e6, 100 },
    [6] = { 1104762, 339561, 110e6, 1600 },
};

/* Seconds per unit of work, measured (docs/benchmarks.md). */
#define SEC_PER_TEMPLATE 0.1e-6   /* grouping templates into formulas */
#define SEC_PER_OP 8e-9           /* one plan operation on one hand, per thread */
#define SEC_PER_INCIDENCE 2e-6    /* greedy runs, reductions and the LP, per class-hand */
#define BYTES_PER_INCIDENCE 120.0 /* partition, instance both ways, core, GLPK matrix */

/* Fills *out for the configuration. Returns 0, or -1 when the configuration has no
 * template family or no hands (the study itself then says why). */
int preflight_run(const enumeration_params *sp, const mincover_params *hp,
                  preflight_estimate *out)
{
    memset(out, 0, sizeof *out);
    template_family *f = template_family_new(sp->ncards, sp->groupings);
    uint64_t hands = hand_count_multisets(sp->ncards, sp->lo, sp->hi);
    if (!f || hands == 0 || hands == UINT64_MAX) {
        template_family_free(f);
        return -1;
    }
    const card_figures *c = &figures[sp->ncards];
    int threads = sp->nthreads < 1 ? 1 : sp->nthreads;
    double t = (double)template_family_count(f);
    template_family_free(f);
    out->templates = (uint64_t)t;
    out->hands = hands;
    out->formulas = c->groups;
    out->incidences = (uint64_t)((double)hands * c->classes_per_hand);
    double inc = (double)out->incidences, g = (double)c->groups;
    out->matrix_bytes = 8 * inc + 8 * (double)hands;
    /* Grouping: group and member per template, plus the memo. Scan: that, the plan and a
     * refiner per thread, the hands and per-hand figures. Study: classes (two more words
     * per template) and the incidences several times over. */
    double grouping = 8 * t + c->memo_bytes;
    double scan = 8 * t + (double)threads * (4 * g + 40 * (double)c->ops) + 70 * (double)hands +
                  12 * inc;
    double study = 16 * t + 8 * g + 70 * (double)hands + BYTES_PER_INCIDENCE * inc;
    out->bytes = grouping > scan ? grouping : scan;
    out->bytes = out->bytes > study ? out->bytes : study;
    out->bytes += 16e6; /* the program, GLPK and libraries */
    out->seconds_enumerate = t * SEC_PER_TEMPLATE +
                             (double)hands * (double)c->ops * SEC_PER_OP / threads;
    /* The searches get what the time limit leaves (study.h). */
    double work = inc * SEC_PER_INCIDENCE * (1 + hp->greedy_runs / 100.0);
    double left = hp->time_limit * (1 - STUDY_RESERVE_SHARE) - out->seconds_enumerate - work;
    out->seconds_hitting = work + (left > 0 ? left : 0);
    return 0;
}

/* The default --memory-limit: three quarters of the machine's memory (MemTotal in
 * /proc/meminfo), or 0 (no limit) when that cannot be read. */
uint64_t preflight_default_limit(void)
{
    FILE *fp = fopen("/proc/meminfo", "r");
    unsigned long long kb = 0;
    char line[256];
    while (fp && fgets(line, sizeof line, fp))
        if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
            break;
    if (fp)
        fclose(fp);
    return (uint64_t)kb * 1024 / 4 * 3;
}

/* "1.4 GiB", "730 MiB", "12 KiB". */
int preflight_format_bytes(double bytes, char *buf, size_t size)
{
    static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    int u = 0;
    while (bytes >= 1024 && u < 5) {
        bytes /= 1024;
        u++;
    }
    return snprintf(buf, size, bytes < 10 && u ? "%.1f %s" : "%.0f %s", bytes, unit[u]);
}

static int format_seconds(double s, char *buf, size_t size)
{
    if (s < 90)
        return snprintf(buf, size, "%.0f s", s < 1 ? 1 : s);
    if (s < 5400)
        return snprintf(buf, size, "%.0f min", s / 60);
    if (s < 172800)
        return snprintf(buf, size, "%.1f h", s / 3600);
    return snprintf(buf, size, "%.0f days", s / 86400);
}

/* One line: "31,0 M templates x 18564 hands: about 2 min to enumerate, ..." */
int preflight_describe(const preflight_estimate *e, char *buf, size_t size)
{
    char mem[32], te[32], th[32], mat[32];
    preflight_format_bytes(e->bytes, mem, sizeof mem);
    preflight_format_bytes(e->matrix_bytes, mat, sizeof mat);
    format_seconds(e->seconds_enumerate, te, sizeof te);
    format_seconds(e->seconds_hitting, th, sizeof th);
    return snprintf(buf, size, "%llu templates (%llu formulas) x %llu hands: about %s of "
                    "memory, %s to enumerate, %s for the hitting sets; class-hand matrix "
                    "about %.3g M incidences, %s (estimates)",
                    (unsigned long long)e->templates, (unsigned long long)e->formulas,
                    (unsigned long long)e->hands, mem, te, th, (double)e->incidences / 1e6,
                    mat);
}
