/* preflight.c - estimating a study before running it; see preflight.h. */
#include "study/preflight.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/budget.h"
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
    /* The distinct rational functions the `all` family computes, OEIS A140606: equal to
     * the count t24's own templates give, checked by tests/test_oeis.c up to six cards
     * (docs/method.md, "Formulas and functions"); 0 at seven cards, not checked there. */
    uint64_t functions;
    double memo_bytes;
    double classes_per_hand;
    double knee, decline; /* 0, 0: classes_per_hand at every deck size */
    /* Measured where the models above were not (seven cards; 0 elsewhere: the model):
     * the formula set once grouped, a scan thread's bytes, the grouping's seconds per
     * template on one core, the scan's core-seconds per hand. */
    double set_bytes, thread_bytes, sec_per_template, sec_per_hand;
    const char *source; /* where the figures come from, for --estimate's last line */
} card_figures;

/* Seven cards, measured (docs/seven.md): `make seven` (`t24 study --cards 7 --deck 1-7
 * --time-limit 1740`) on this machine with no other session on it grouped 2,724,986,880
 * templates in 296 s and scanned 1,716 hands in 139 s of wall on 2 threads (its progress
 * lines; the first run, beside other sessions at load 5, took 537 s and 306 s: a loaded
 * machine's time, not the program's), and wrote
 * 66,378,526 class-hand incidences over 1,714 solvable hands (its hitting_set.hgr):
 * 38,727 per hand. Beyond deck 1-7 the figure falls as six cards' did from deck 1-7 to
 * 1-13 (1476 -> 872 per hand over 924 -> 18564 hands: exponent 0.176; 0.17 keeps the
 * estimate above it). Memory: test_seven's whole deck 1-3 run (36 hands, so almost no
 * incidences) peaked at 4,249,240 KB, the grouping's peak: less the memo's 1.5 GiB
 * (formula.c's cache of 2^26 slots x 24 bytes, freed after the grouping) the set keeps
 * 2.55 GiB. Deck 1-7's peak, 5,081,260 KB, bounds its scan: the set, 12 bytes per
 * incidence and 2 threads, so a thread takes at most 0.78 GiB. */
#define SEVEN_SET_BYTES (4249240.0 * 1024 - 1610612736.0)
#define SEVEN_THREAD_BYTES ((5081260.0 * 1024 - SEVEN_SET_BYTES - 12 * 66378526.0) / 2)
/* The hitting sets' bytes per incidence at seven cards: `make seven` (docs/benchmarks.md)
 * ran deck 1-7 through column generation's LP bound and the local search to its 1,740 s
 * limit and peaked at 5,081,108 KB, the same to 0.01 % as the run above: less the set and
 * the program (BYTES_PROGRAM, below), 36.9 bytes for each of its 66,378,526 incidences,
 * not six cards' 110 (their per-template arrays and GLPK's whole-core simplex, which
 * column generation replaces here). 10 % above it, as 110 is above six cards' 97.6 to
 * 104.5. */
#define SEVEN_BYTES_PER_INCIDENCE (1.1 * (5081260.0 * 1024 - SEVEN_SET_BYTES - 16e6) / 66378526.0)

static const card_figures figures[TEMPLATE_MAX_CARDS + 1] = {
    [2] = { 6, 5, 6, 1e6, 2, 0, 0, 0, 0, 0, 0, "preflight.c" },
    [3] = { 74, 30, 68, 1e6, 4, 0, 0, 0, 0, 0, 0, "preflight.c" },
    [4] = { 1386, 517, 1170, 2e6, 10, 0, 0, 0, 0, 0, 0, "preflight.c" },
    [5] = { 34882, 11580, 27142, 8e6, 100, 0, 0, 0, 0, 0, 0, "preflight.c" },
    [6] = { 1104762, 339561, 793002, 110e6, 1800, 1800, 0.25, 0, 0, 0, 0,
            "six cards' decks 1-4 .. 1-13 (preflight.c, docs/reliability.md)" },
    /* Formulas and plan operations are still the estimates of docs/benchmarks.md (x2.25
     * per card, 0.70 per formula): the figures that matter are measured instead. */
    [7] = { 43000000, 30000000, 0, 1610612736.0, 38727, 1716, 0.17, SEVEN_SET_BYTES,
            SEVEN_THREAD_BYTES, 296.0 / 2724986880.0, 139.0 * 2 / 1716,
            "seven cards, deck 1-7 (docs/seven.md): grouping 296 s for 2724986880 "
            "templates; scan 139 s x 2 threads for 1716 hands; 66378526 incidences over "
            "1714 hands; per hand x(1716/hands)^0.17 beyond, as six cards' fell from deck "
            "1-7 to 1-13; formula set 2.552 GiB (test_seven's 4.052 GiB grouping peak less "
            "the 1.5 GiB memo); a scan thread 0.776 GiB at most (deck 1-7's 4.846 GiB peak "
            "less the set and 12 B per incidence, over 2 threads); the hitting sets 10% "
            "above that peak less the set and the program, per incidence" },
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
 * larger matrices do not run: the estimate is for a run that gets its whole limit.
 * Seven cards take their own figure (SEVEN_BYTES_PER_INCIDENCE, above). */
#define BYTES_PER_INCIDENCE 110.0
/* The scan's partition: a class number per hand in a class, its offsets, the meet's copy. */
#define SCAN_BYTES_PER_INCIDENCE 12.0
/* Bytes per formula group the finished set keeps: its bodies with their operands, the
 * hash-consing table kept to recompute a template's group, form -> group, and the group's
 * lowest template and size. */
#define BYTES_PER_GROUP 80.0
#define BYTES_PROGRAM 16e6 /* the program, GLPK and libraries */

/* Peak bytes per incidence through the hitting sets: six cards' bound up to six cards,
 * seven cards' own measurement beyond. */
static double bytes_per_incidence(int ncards)
{
    return ncards >= 7 ? SEVEN_BYTES_PER_INCIDENCE : BYTES_PER_INCIDENCE;
}

/* Estimated class-hand incidences of a deck of `hands` hands. */
static double incidences(const card_figures *c, uint64_t hands)
{
    double h = (double)hands, per = c->classes_per_hand;
    if (c->knee > 0 && h > c->knee)
        per *= pow(c->knee / h, c->decline);
    return h * per;
}

/* What a process holds, by phase: every rank groups and scans its share of the hands;
 * rank 0 alone then holds every incidence through the hitting sets (dist.h). */
typedef struct {
    double set;      /* the formula set (and up to six cards the per-template arrays) */
    double grouping; /* the grouping's peak: the set and the memo */
    double thread;   /* a scan thread: its plan scratch and refiner */
    double study;    /* the hitting-set phase without its incidences */
} mem_parts;

static double max2(double a, double b)
{
    return a > b ? a : b;
}

/* Up to six cards the model keeps the 8 and 16 bytes per template of the arrays the
 * study held before issue 42, which the measured peaks it was fit to include
 * (test_preflight); the streamed study holds 4 at most (--out's member lists), so there
 * it is an upper bound until the peaks are measured again. Seven cards hold no array
 * per template: the set's bodies and figures per group, measured. */
static mem_parts parts_of(const card_figures *c, int ncards, double t, uint64_t hands)
{
    bool arrays = ncards <= STUDY_LIST_TEMPLATES_MAX_CARDS;
    double g = (double)c->groups;
    double set = arrays ? 8 * t : c->set_bytes > 0 ? c->set_bytes : BYTES_PER_GROUP * g;
    return (mem_parts){
        .set = set,
        .grouping = set + c->memo_bytes,
        .thread = c->thread_bytes > 0 ? c->thread_bytes : 4 * g + 40 * (double)c->ops,
        .study = (arrays ? 16 * t : set) + 8 * g + 70 * (double)hands,
    };
}

/* A process that scans `hands` hands holding `inc` incidences: the grouping's peak or
 * the scan's, whichever is higher. */
static double scan_peak(const mem_parts *m, int threads, double hands, double inc)
{
    double scan = m->set + threads * m->thread + 70 * hands + SCAN_BYTES_PER_INCIDENCE * inc;
    return max2(m->grouping, scan) + BYTES_PROGRAM;
}

static double sec_per_template(const card_figures *c)
{
    return c->sec_per_template > 0 ? c->sec_per_template : SEC_PER_TEMPLATE;
}

/* Core-seconds of one hand's scan. */
static double sec_per_hand(const card_figures *c)
{
    return c->sec_per_hand > 0 ? c->sec_per_hand : (double)c->ops * SEC_PER_OP;
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
    out->functions = sp->groupings == TEMPLATE_ALL ? c->functions : 0;
    out->incidences = (uint64_t)incidences(c, hands);
    out->threads = threads;
    double inc = (double)out->incidences;
    out->matrix_bytes = 8 * inc + 8 * (double)hands;
    mem_parts m = parts_of(c, sp->ncards, t, hands);
    out->set_bytes = m.set;
    out->grouping_bytes = m.grouping + BYTES_PROGRAM;
    out->bytes = max2(scan_peak(&m, threads, (double)hands, inc),
                      m.study + bytes_per_incidence(sp->ncards) * inc + BYTES_PROGRAM);
    out->seconds_grouping = t * sec_per_template(c);
    out->core_seconds_scan = (double)hands * sec_per_hand(c);
    out->seconds_enumerate = out->seconds_grouping + out->core_seconds_scan / threads;
    /* The limit bounds the whole study (study.h): the greedy runs stop after the run
     * that passes it, the reductions wherever they are, and the searches get what is
     * left. The hitting sets therefore take what the enumeration leaves of the limit,
     * whatever their work would be without it. */
    double left = hp->time_limit * (1 - STUDY_RESERVE_SHARE) - out->seconds_enumerate;
    out->time_limit = hp->time_limit;
    out->work = hp->work;
    out->seconds_hitting = left > 0 ? left : 0;
    out->ncards = sp->ncards;
    return 0;
}

/* The same run over `ranks` MPI processes (dist.h): every rank groups every template
 * (the set is replicated) and scans its share of the hands, holding about its share of
 * the incidences; rank 0 then receives every share and runs the hitting sets, so it
 * holds what one process holds, whatever the number of ranks. */
int preflight_ranks_run(const preflight_estimate *e, int ranks, preflight_ranks *out)
{
    memset(out, 0, sizeof *out);
    if (ranks < 1 || e->ncards < 2 || e->ncards > TEMPLATE_MAX_CARDS || e->hands == 0)
        return -1;
    const card_figures *c = &figures[e->ncards];
    mem_parts m = parts_of(c, e->ncards, (double)e->templates, e->hands);
    double n = ranks;
    out->ranks = ranks;
    out->rank0_bytes = e->bytes;
    /* Every rank builds the whole hand list (8 bytes a card of a hand) before it takes
     * its share: that part does not fall with N (docs/seven.md, the four-card run). */
    double list = 8.0 * e->ncards * (double)e->hands;
    out->other_bytes = ranks > 1 ? list + scan_peak(&m, e->threads, (double)e->hands / n,
                                                    (double)e->incidences / n) : 0;
    out->core_seconds = n * e->seconds_grouping + e->core_seconds_scan;
    out->wall_seconds = e->seconds_grouping + e->core_seconds_scan / (n * e->threads);
    return 0;
}

/* Where the card count's figures were measured, for --estimate's last line. */
const char *preflight_source(int ncards)
{
    return ncards >= 2 && ncards <= TEMPLATE_MAX_CARDS ? figures[ncards].source : "";
}

/* The default --memory-limit: three quarters of the machine's memory (MemTotal in
 * /proc/meminfo), or 0 (no limit) when that cannot be read. */
uint64_t preflight_machine_memory(void)
{
    FILE *fp = fopen("/proc/meminfo", "r");
    unsigned long long kb = 0;
    char line[256];
    while (fp && fgets(line, sizeof line, fp))
        if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
            break;
    if (fp)
        fclose(fp);
    return kb > UINT64_MAX / 1024 ? UINT64_MAX : (uint64_t)kb * 1024;
}

uint64_t preflight_default_limit(void)
{
    return preflight_machine_memory() / 4 * 3;
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

/* One line: "30965760 templates (1104762 formulas, 793002 functions as OEIS A140606)
 * x 18564 hands: about 2.2 GiB of
 * memory, 28 s to enumerate, then at most 14 min for the hitting sets (--time-limit
 * 900 s bounds the whole study); ..." */
int preflight_describe(const preflight_estimate *e, char *buf, size_t size)
{
    char mem[32], te[32], th[32], tl[32], mat[32], when[160], fun[64] = "";
    preflight_format_bytes(e->bytes, mem, sizeof mem);
    preflight_format_bytes(e->matrix_bytes, mat, sizeof mat);
    format_seconds(e->seconds_enumerate, te, sizeof te);
    format_seconds(e->seconds_hitting, th, sizeof th);
    snprintf(tl, sizeof tl, "%g s", e->time_limit);
    double by_work = (double)e->work / BUDGET_UNITS_PER_SECOND;
    if (e->work && e->seconds_hitting > 0 && by_work < e->seconds_hitting) {
        format_seconds(by_work, th, sizeof th);
        snprintf(when, sizeof when, "then the hitting sets until --work %llu units, about %s "
                 "here (--time-limit %s caps the whole study)", (unsigned long long)e->work,
                 th, tl);
    } else if (e->seconds_hitting > 0)
        snprintf(when, sizeof when, "then at most %s for the hitting sets (--time-limit %s "
                 "bounds the whole study)", th, tl);
    else
        snprintf(when, sizeof when, "which overruns --time-limit %s (the enumeration cannot "
                 "be stopped; the searches then get a moment each)", tl);
    if (e->functions)
        snprintf(fun, sizeof fun, ", %llu functions as OEIS A140606",
                 (unsigned long long)e->functions);
    return snprintf(buf, size, "%llu templates (%llu formulas%s) x %llu hands: about %s of "
                    "memory, %s to enumerate, %s; class-hand matrix about %.3g M "
                    "incidences, %s (estimates)",
                    (unsigned long long)e->templates, (unsigned long long)e->formulas, fun,
                    (unsigned long long)e->hands, mem, te, when, (double)e->incidences / 1e6,
                    mat);
}

/* One line per number of ranks, with what each figure is made of: "8 ranks: rank 0
 * about 44 GiB (...); ranks 1-7 about 5.5 GiB each (...); 6.2 core-hours, 0.46 h wall
 * (2 threads a rank), then the hitting sets on rank 0". It avoids the word the MPI test
 * counts to see that one rank alone prints (test_dist_mpi). */
int preflight_describe_ranks(const preflight_estimate *e, const preflight_ranks *r,
                             char *buf, size_t size)
{
    char r0[32], other[32], set[32], grp[32], others[384] = "", who[80];
    preflight_format_bytes(r->rank0_bytes, r0, sizeof r0);
    preflight_format_bytes(r->other_bytes, other, sizeof other);
    preflight_format_bytes(e->set_bytes, set, sizeof set);
    preflight_format_bytes(e->grouping_bytes, grp, sizeof grp);
    if (r->ranks == 2)
        snprintf(who, sizeof who, "rank 1 about %s", other);
    else
        snprintf(who, sizeof who, "ranks 1-%d about %s each", r->ranks - 1, other);
    if (r->ranks > 1)
        snprintf(others, sizeof others, "; %s (the %s formula set every rank groups for "
                 "itself, %d scan threads, %.4g M incidences x %g B; the grouping peaks at "
                 "%s)", who, set, e->threads,
                 (double)e->incidences / r->ranks / 1e6, SCAN_BYTES_PER_INCIDENCE, grp);
    return snprintf(buf, size, "%d rank%s: rank 0 about %s (the set, %.4g M incidences x "
                    "%g B: it gathers every rank's share and runs the hitting sets)%s; "
                    "%.3g core-hours, %.3g h wall (%d threads a rank), then the hitting "
                    "sets on rank 0", r->ranks, r->ranks > 1 ? "s" : "", r0,
                    (double)e->incidences / 1e6, round(bytes_per_incidence(e->ncards) * 10) / 10,
                    others,
                    r->core_seconds / 3600,
                    r->wall_seconds / 3600, e->threads);
}

/* Why a run is over a --memory-limit of `limit` bytes, after "refusing to start over
 * --memory-limit L: ". The class-hand incidences come first: when the limit cannot
 * hold even them (the instance's rows both ways, 8 bytes each), no share of the rest
 * would help, and the line names that figure. */
int preflight_describe_limit(const preflight_estimate *e, double limit, char *buf,
                             size_t size)
{
    char mat[32], all[32];
    if (e->matrix_bytes > limit) {
        preflight_format_bytes(e->matrix_bytes, mat, sizeof mat);
        preflight_format_bytes(e->bytes, all, sizeof all);
        return snprintf(buf, size, "the class-hand incidences alone need about %s (%.4g M "
                        "incidences of %llu hands, 8 bytes each: the hitting-set instance's "
                        "rows both ways), the whole run about %s (estimates)", mat,
                        (double)e->incidences / 1e6, (unsigned long long)e->hands, all);
    }
    return preflight_describe(e, buf, size);
}
