/* preflight.c - estimating a study before running it; see preflight.h. */
#include "study/preflight.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/hand.h"
#include "core/template.h"
#include "study/study.h"

/* Measured per number of cards (the `all` family; the reduced one is smaller): formula
 * groups, plan operations per hand (steps + root operand pairs), the grouping memo's
 * peak bytes, and classes per solvable hand, that is class-hand incidences per hand:
 * the most seen over decks 1-4 .. 1-13 up to `knee` hands, and beyond it falling as
 * (knee / hands)^decline, since the high cards of a large deck solve fewer hands.
 *
 * Six cards, target 24, measured (issue 26) as the hitting-set instance's incidences
 * (hs_instance_nnz) against what the model says (1800 per hand, decline 0.25 beyond 1800
 * hands):
 *
 *   deck        1-4  1-5   1-6   1-7   1-8   1-9   1-10  1-11  1-12   1-13
 *   hands        84  210   462   924  1716  3003   5005  8008  12376  18564
 *   per hand    784 1106  1740  1476  1553  1357   1186   985   1024    872
 *   model      1800 1800  1800  1800  1800  1584   1394  1239   1111   1004
 *
 * The old constant 1600 per hand was below deck 1-6's 1740 and 1.8 times deck 1-13's
 * 872, which made the estimate 3.8 GiB where the run peaks at 2.0 GiB. */
typedef struct {
    uint64_t groups, ops;
    double memo_bytes;
    double classes_per_hand;
    double knee, decline; /* 0, 0: classes_per_hand at every deck size */
} card_figures;

static const card_figures figures[TEMPLATE_MAX_CARDS + 1] = {
    [2] = { 6, 5, 1e6, 2, 0, 0 },
    [3] = { 74, 30, 1e6, 4, 0, 0 },
    [4] = { 1386, 517, 2e6, 10, 0, 0 },
    [5] = { 34882, 11580, 8e6, 100, 0, 0 },
    [6] = { 1104762, 339561, 110e6, 1800, 1800, 0.25 },
    /* Seven cards: not measured here, the estimates of docs/benchmarks.md (formulas x2.25
     * per card on templates per formula, 0.70 plan operations per formula, classes per
     * hand x15 per card), the memo capped by formula.c. */
    [7] = { 43000000, 30000000, 100e6, 22200, 0, 0 },
};

/* Seconds per unit of work, measured (docs/benchmarks.md). */
#define SEC_PER_TEMPLATE 0.1e-6   /* grouping templates into formulas */
#define SEC_PER_OP 8e-9           /* one plan operation on one hand, per thread */
/* Peak bytes per class-hand incidence: the partition, the instance both ways, the
 * reduced core, column generation's and GLPK's matrices. Measured as (peak RSS of the
 * six-card run - peak of deck 1-4, 469 MiB) / incidences, each run given its time limit
 * (docs/reliability.md, "Memory"): 1-7 (120 s) 104.5, 1-8 (300 s) 97.6, 1-10 (300 s)
 * 101.9, 1-13 (900 s) 101.0; 110 bounds them. A shorter
 * --time-limit peaks lower (1-13 in 20 s: 858 MiB), since the searches that hold the
 * larger matrices do not run: the estimate is for a run that gets its whole limit. */
#define BYTES_PER_INCIDENCE 110.0
/* Bytes per formula group the finished set keeps: its bodies with their operands, the
 * hash-consing table kept to recompute a template's group, form -> group, and the group's
 * lowest template and size. */
#define BYTES_PER_GROUP 80.0

/* Estimated class-hand incidences of a deck of `hands` hands. */
static double incidences(const card_figures *c, uint64_t hands)
{
    double h = (double)hands, per = c->classes_per_hand;
    if (c->knee > 0 && h > c->knee)
        per *= pow(c->knee / h, c->decline);
    return h * per;
}

/* Fills *out for the configuration. Returns 0, or -1 when the configuration has no
 * template family or no hands (the study itself then says why). */
int preflight_run(const enumeration_params *sp, const hs_params *hp,
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
    out->incidences = (uint64_t)incidences(c, hands);
    double inc = (double)out->incidences, g = (double)c->groups;
    out->matrix_bytes = 8 * inc + 8 * (double)hands;
    /* Grouping: the set, plus the memo. Scan: the set, the plan and a refiner per thread,
     * the hands and per-hand figures. Study: the set, the classes, and the incidences
     * several times over. Up to six cards the model keeps the 8 and 16 bytes per template
     * of the arrays the study held before issue 42, which the measured peaks it was fit
     * to include (test_preflight); the streamed study holds 4 at most (--out's member
     * lists), so there it is an upper bound until the peaks are measured again. Seven
     * cards hold no array per template: the set's bodies and figures per group. */
    bool arrays = sp->ncards <= STUDY_LIST_TEMPLATES_MAX_CARDS;
    double set = arrays ? 8 * t : BYTES_PER_GROUP * g;
    double grouping = set + c->memo_bytes;
    double scan = set + (double)threads * (4 * g + 40 * (double)c->ops) + 70 * (double)hands +
                  12 * inc;
    double study = (arrays ? 16 * t : set) + 8 * g + 70 * (double)hands +
                   BYTES_PER_INCIDENCE * inc;
    out->bytes = grouping > scan ? grouping : scan;
    out->bytes = out->bytes > study ? out->bytes : study;
    out->bytes += 16e6; /* the program, GLPK and libraries */
    out->seconds_enumerate = t * SEC_PER_TEMPLATE +
                             (double)hands * (double)c->ops * SEC_PER_OP / threads;
    /* The limit bounds the whole study (study.h): the greedy runs stop after the run
     * that passes it, the reductions wherever they are, and the searches get what is
     * left. The hitting sets therefore take what the enumeration leaves of the limit,
     * whatever their work would be without it. */
    double left = hp->time_limit * (1 - STUDY_RESERVE_SHARE) - out->seconds_enumerate;
    out->time_limit = hp->time_limit;
    out->seconds_hitting = left > 0 ? left : 0;
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

/* One line: "30965760 templates (1104762 formulas) x 18564 hands: about 2.2 GiB of
 * memory, 28 s to enumerate, then at most 14 min for the hitting sets (--time-limit
 * 900 s bounds the whole study); ..." */
int preflight_describe(const preflight_estimate *e, char *buf, size_t size)
{
    char mem[32], te[32], th[32], tl[32], mat[32], when[160];
    preflight_format_bytes(e->bytes, mem, sizeof mem);
    preflight_format_bytes(e->matrix_bytes, mat, sizeof mat);
    format_seconds(e->seconds_enumerate, te, sizeof te);
    format_seconds(e->seconds_hitting, th, sizeof th);
    snprintf(tl, sizeof tl, "%g s", e->time_limit);
    if (e->seconds_hitting > 0)
        snprintf(when, sizeof when, "then at most %s for the hitting sets (--time-limit %s "
                 "bounds the whole study)", th, tl);
    else
        snprintf(when, sizeof when, "which overruns --time-limit %s (the enumeration cannot "
                 "be stopped; the searches then get a moment each)", tl);
    return snprintf(buf, size, "%llu templates (%llu formulas) x %llu hands: about %s of "
                    "memory, %s to enumerate, %s; class-hand matrix about %.3g M "
                    "incidences, %s (estimates)",
                    (unsigned long long)e->templates, (unsigned long long)e->formulas,
                    (unsigned long long)e->hands, mem, te, when, (double)e->incidences / 1e6,
                    mat);
}
