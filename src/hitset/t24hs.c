/* t24hs.c - the library's public face over the engine's modules; see t24hs.h.
 *
 * Nothing here decides anything: it checks parameters, translates them to mincover's,
 * and hands the result over as the public report, so that the modules behind it can
 * change without breaking a program linked against the library, nor t24's own study and
 * commands, which see the engine through this header alone. The phases one at a time
 * are t24hs_phases.c. */
#include "hitset/t24hs.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hitset/driver/bound.h"
#include "hitset/driver/engine.h"
#include "hitset/model/export.h"
#include "hitset/mip/glpk_guard.h"
#include "hitset/model/instance.h"
#include "hitset/driver/mincover.h"
#include "hitset/driver/mincover_parts.h"
#include "hitset/model/pace.h"
#include "hitset/t24hs_null.h"
#include "hitset/t24hs_params.h"
#include "core/budget.h"
#include "core/walltime.h"

#ifndef T24HS_VERSION
#error "T24HS_VERSION must be defined by the build (CMakeLists.txt)"
#endif

_Static_assert(HS_GREEDY_RUNS_MAX == MINCOVER_MAX_RUNS, "one range of greedy runs");

const char *hs_version(void) { return T24HS_VERSION; }

double hs_clock(void) { return walltime_now(); }

/* ---- instances ---- */

/* The offsets as t24hs.h states them: offsets[0] = 0 and never decreasing, each broken
 * rule named with the offsets that break it; O(nsets). instance_new() reads each set's
 * length as an unsigned difference of two offsets, so a decrease would read far past
 * elems; and the last offset must count entries that fit in memory at all. */
static int check_offsets(uint32_t nsets, const uint64_t *off, char *err, size_t errsize)
{
    if (off[0] != 0) {
        snprintf(err, errsize, "offsets[0] = %" PRIu64 "; must be 0", off[0]);
        return -1;
    }
    for (uint32_t s = 0; s < nsets; s++)
        if (off[s + 1] < off[s]) {
            snprintf(err, errsize,
                     "offsets[%" PRIu32 "] = %" PRIu64 " is below offsets[%" PRIu32
                     "] = %" PRIu64 "; offsets must not decrease",
                     s + 1, off[s + 1], s, off[s]);
            return -1;
        }
    if (off[nsets] > SIZE_MAX / sizeof(uint32_t)) {
        snprintf(err, errsize, "offsets[%" PRIu32 "] = %" PRIu64 "; more entries than memory holds",
                 nsets, off[nsets]);
        return -1;
    }
    return 0;
}

hs_instance *hs_instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *offsets,
                             const uint32_t *elems, char *err, size_t errsize)
{
    if (t24hs_null_refused(offsets, "offsets", err, errsize) ||
        check_offsets(nsets, offsets, err, errsize))
        return NULL;
    if (offsets[nsets] > 0 && t24hs_null_refused(elems, "elems", err, errsize))
        return NULL;
    return instance_new(nelems, nsets, offsets, elems, err, errsize);
}

hs_instance *hs_instance_read_pace(FILE *fp, char *err, size_t errsize)
{
    return hs_instance_read_pace_until(fp, 0, err, errsize);
}

hs_instance *hs_instance_read_pace_until(FILE *fp, double deadline, char *err,
                                         size_t errsize)
{
    if (t24hs_null_refused(fp, "stream", err, errsize))
        return NULL;
    return pace_read_until(fp, deadline, NULL, err, errsize);
}

int hs_instance_write_pace(FILE *fp, const hs_instance *h, const char *comment)
{
    return fp && h ? pace_write(fp, h, comment) : -1;
}

int hs_instance_write_mathprog(FILE *fp, const hs_instance *h, const char *comment)
{
    return fp && h ? export_dat(fp, h, comment) : -1;
}

int hs_instance_write_lp(FILE *fp, const hs_instance *h, const char *comment)
{
    return fp && h ? export_lp(fp, h, comment) : -1;
}

void hs_instance_free(hs_instance *h) { instance_free(h); }
/* The getters answer for a NULL instance as for an empty one (t24hs.h, "NULL
 * pointers"): 0, or NULL with *len 0. */
uint32_t hs_instance_nelems(const hs_instance *h) { return h ? instance_nelems(h) : 0; }
uint32_t hs_instance_nsets(const hs_instance *h) { return h ? instance_nsets(h) : 0; }
uint64_t hs_instance_nnz(const hs_instance *h) { return h ? instance_nnz(h) : 0; }

const uint32_t *hs_instance_set(const hs_instance *h, uint32_t s, uint32_t *len)
{
    uint32_t n;
    if (!len)
        len = &n;
    *len = 0;
    return h && s < instance_nsets(h) ? instance_set(h, s, len) : NULL;
}

const uint32_t *hs_instance_elem(const hs_instance *h, uint32_t e, uint32_t *len)
{
    uint32_t n;
    if (!len)
        len = &n;
    *len = 0;
    return h && e < instance_nelems(h) ? instance_elem(h, e, len) : NULL;
}

bool hs_instance_is_cover(const hs_instance *h, const uint32_t *elems, uint32_t n)
{
    if (!h || (!elems && n > 0))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (elems[i] >= instance_nelems(h))
            return false;
    return instance_is_cover(h, elems, n);
}

int hs_cover_write_pace(FILE *fp, const uint32_t *elems, uint32_t n)
{
    return fp && (elems || n == 0) ? pace_write_solution(fp, elems, n) : -1;
}

/* ---- engines, LP methods, bounds ---- */

/* The public enums are the engine's values renamed: mapped one by one all the same, so
 * that neither side's numbering binds the other. */
static ilp_engine engine_inside(hs_engine e)
{
    return e == HS_ENGINE_CBC ? ILP_CBC : e == HS_ENGINE_T24 ? ILP_T24 : ILP_GLPK;
}

static hs_engine engine_outside(ilp_engine e)
{
    return e == ILP_CBC ? HS_ENGINE_CBC : e == ILP_T24 ? HS_ENGINE_T24 : HS_ENGINE_GLPK;
}

static mincover_lp lp_inside(hs_lp m)
{
    return m == HS_LP_SIMPLEX ? MINCOVER_LP_SIMPLEX
           : m == HS_LP_COLGEN ? MINCOVER_LP_COLGEN
                               : MINCOVER_LP_AUTO;
}

static hs_lp lp_outside(mincover_lp m)
{
    return m == MINCOVER_LP_SIMPLEX ? HS_LP_SIMPLEX
           : m == MINCOVER_LP_COLGEN ? HS_LP_COLGEN
                                     : HS_LP_AUTO;
}

/* The public engine's row, or NULL for a value hs_engine does not have (engine_inside()
 * maps every value to one of the engine's, so the check comes first). */
static const engine_ops *engine_row(hs_engine e)
{
    bool known = e == HS_ENGINE_GLPK || e == HS_ENGINE_CBC || e == HS_ENGINE_T24;
    return known ? engine_of(engine_inside(e)) : NULL;
}

hs_engine_info hs_engine_about(hs_engine e)
{
    const engine_ops *o = engine_row(e);
    hs_engine_info none = { NULL, NULL, NULL, NULL, false };
    if (!o)
        return none;
    hs_engine_info i = { o->name, o->label, o->method, o->failed, o->can_certify };
    return i;
}

typedef struct {
    const engine_ops *engine;
    char *buf;
    size_t size;
} version_ask;

static int ask_version(void *arg)
{
    version_ask *a = arg;
    snprintf(a->buf, a->size, "%s", a->engine->version());
    return 0;
}

int hs_engine_version(hs_engine e, char *buf, size_t size)
{
    char err[128];
    version_ask a = { engine_row(e), buf, size };
    if (!buf)
        return -1;
    if (size > 0)
        buf[0] = '\0';
    if (!a.engine)
        return -1;
    return size > 0 ? glpk_guard_call(ask_version, &a, err, sizeof err) : 0;
}

int hs_engine_parse(const char *name, hs_engine *out)
{
    ilp_engine e;
    if (!name || !out || engine_parse(name, &e))
        return -1;
    *out = engine_outside(e);
    return 0;
}

const char *hs_lp_name(hs_lp m) { return mincover_lp_name(lp_inside(m)); }

int hs_lp_parse(const char *name, hs_lp *out)
{
    mincover_lp m;
    if (!name || !out || mincover_lp_parse(name, &m))
        return -1;
    *out = lp_outside(m);
    return 0;
}

static hs_bound_info bound_info(const bound_method *b)
{
    hs_bound_info i = { b->name, b->words, b->brief, b->stage == BOUND_ON_CORE,
                        b->certify != NULL };
    return i;
}

size_t hs_bound_count(void) { return bound_count(); }

int hs_bound_about(size_t i, hs_bound_info *out)
{
    if (i >= bound_count() || !out)
        return -1;
    *out = bound_info(bound_at(i));
    return 0;
}

/* ---- parameters ---- */

/* Each row of t24hs_params.h names a field of hs_params of the row's type: a row for a
 * field that is gone, or of another type, does not compile. */
#define T24HS_PARAM_TYPE(name, type, kind, copy, def, low, high, option, clidef, must)    \
    _Static_assert(_Generic(((hs_params *)0)->name, type: 1, default: 0),                \
                   "hs_params." #name " is not of type " #type " (t24hs_params.h)");
T24HS_PARAMS(T24HS_PARAM_TYPE)
#undef T24HS_PARAM_TYPE

/* The driver's own default limit (mincover_params_init()) is the list's time_limit. */
_Static_assert(MINCOVER_DEFAULT_SECONDS == 60, "time_limit's default in t24hs_params.h");

/* The defaults of t24hs_params.h; the caller's fields (arrays, callbacks, streams) are
 * NULL and their counts 0. */
void hs_params_init(hs_params *p)
{
    if (!p)
        return;
    memset(p, 0, sizeof *p);
#define T24HS_PARAM_INIT(name, type, kind, copy, def, low, high, option, clidef, must) \
    p->name = def;
    T24HS_PARAMS(T24HS_PARAM_INIT)
#undef T24HS_PARAM_INIT
}

/* "FIELD = VALUE; must be RANGE" into err, and -1. */
static int bad(char *err, size_t errsize, const char *field, double value, const char *range)
{
    snprintf(err, errsize, "%s = %.17g; must be %s", field, value, range);
    return -1;
}

/* The public progress callback behind mincover's (the two types may part ways). */
typedef struct {
    hs_progress_fn fn;
    void *ctx;
} progress_relay;

static void relay_progress(void *ctx, const ilp_progress *p)
{
    const progress_relay *r = ctx;
    hs_progress q = { p->phase, p->seconds, p->has_value, p->value, p->bound, p->nodes,
                      p->unit };
    r->fn(r->ctx, &q);
}

_Static_assert(HS_EXTRA_BOUNDS_MAX == MINCOVER_EXTRA_MAX, "one limit of the caller's bounds");

/* hs_params.local_search (seconds: < 0 the default, 0 none) as the engine's share of the
 * searches' budget: S / time_limit of their time, or under a work limit S seconds at the
 * calibrated rate, S x BUDGET_UNITS_PER_SECOND units, as a share of the run's work (the
 * local search then takes that share of the work left when it starts: at most that many
 * units); at most all of it. A number, not a clock reading: the same under any load. */
static double ls_share(const hs_params *p)
{
    if (!(p->local_search > 0)) /* the default, none, or NaN for the check to refuse */
        return p->local_search;
    double share = p->work ? p->local_search * BUDGET_UNITS_PER_SECOND / (double)p->work
                           : p->local_search / p->time_limit;
    return share < 1 ? share : 1;
}

/* p as mincover's parameters; relay (or NULL: no progress) carries the callback, extra
 * (MINCOVER_EXTRA_MAX rows) holds the caller's bound rows for q. The run's one limit is
 * made here: it ends at the deadline or time_limit from now, whichever is sooner, and
 * at p->work units. */
static void to_mincover(const hs_params *p, mincover_params *q, progress_relay *relay,
                        mincover_extra *extra)
{
    mincover_params_init(q);
    double end = walltime_now() + p->time_limit;
    q->limit = budget_until(p->deadline > 0 && p->deadline < end ? p->deadline : end, NULL);
    q->limit.work_end = p->work;
    q->ls_share = ls_share(p);
#define T24HS_COPY_COPY(name) q->name = p->name;
#define T24HS_COPY_OWN(name) /* converted here */
#define T24HS_PARAM_COPY(name, type, kind, copy, def, low, high, option, clidef, must) \
    T24HS_COPY_##copy(name)
    T24HS_PARAMS(T24HS_PARAM_COPY)
#undef T24HS_PARAM_COPY
#undef T24HS_COPY_OWN
#undef T24HS_COPY_COPY
    q->engine = engine_inside(p->engine);
    q->lp = lp_inside(p->lp);
    q->start = p->start;
    q->nstart = p->nstart;
    if (relay && p->progress) {
        relay->fn = p->progress;
        relay->ctx = p->progress_ctx;
        q->progress = relay_progress;
        q->progress_ctx = relay;
    }
    q->improved = p->improved;
    q->improved_ctx = p->improved_ctx;
    q->cancel.requested = p->cancelled;
    q->cancel.ctx = p->cancel_ctx;
    q->certificate = p->certificate;
    q->certify_goal = p->goal;
    /* The rows are copied (the public and the internal type part ways); a count past the
     * maximum is kept for mincover_params_check() to refuse. */
    q->nextra = p->nextra_bounds;
    q->extra = p->nextra_bounds ? extra : NULL;
    for (uint32_t i = 0; i < p->nextra_bounds && i < MINCOVER_EXTRA_MAX && p->extra_bounds;
         i++) {
        const hs_bound_row *b = &p->extra_bounds[i];
        mincover_extra x = { b->name, b->words, b->brief, b->run, b->ctx };
        extra[i] = x;
    }
    if (p->nextra_bounds && !p->extra_bounds)
        q->extra = NULL;
}

/* The range checks of t24hs_params.h's kinds: 0, or -1 with "NAME = VALUE; must be
 * MUST" in err. Each takes the value in its field's own type, converted by the call: a
 * limit in work stays a uint64_t, an enum goes through int (a bad one prints as -1, not
 * 4294967295). A comparison with NaN is false, so NaN is out of every range. */
static int check_RANGE(const char *name, double v, double low, double high, const char *must,
                       char *err, size_t errsize)
{
    return v >= low && v <= high ? 0 : bad(err, errsize, name, v, must);
}

static int check_ENUM(const char *name, int v, double low, double high, const char *must,
                      char *err, size_t errsize)
{
    return check_RANGE(name, v, low, high, must, err, errsize);
}

static int check_SECONDS(const char *name, double v, double low, double high,
                         const char *must, char *err, size_t errsize)
{
    (void)low, (void)high, (void)must; /* budget.h's range and words */
    return budget_check_seconds(name, v, err, errsize);
}

static int check_OPTIONAL_SECONDS(const char *name, double v, double low, double high,
                                  const char *must, char *err, size_t errsize)
{
    (void)low, (void)high, (void)must;
    return budget_check_optional_seconds(name, v, "the default share", err, errsize);
}

static int check_WORK(const char *name, uint64_t v, double low, double high, const char *must,
                      char *err, size_t errsize)
{
    (void)low, (void)high, (void)must;
    return budget_check_work(name, v, true, err, errsize);
}

static int check_ANY(const char *name, double v, double low, double high, const char *must,
                     char *err, size_t errsize)
{
    (void)name, (void)v, (void)low, (void)high, (void)must, (void)err, (void)errsize;
    return 0;
}

/* Every row's range, in the rows' order: the first field out of range is named. */
static int check_rows(const hs_params *p, char *err, size_t errsize)
{
#define T24HS_PARAM_CHECK(name, type, kind, copy, def, low, high, option, clidef, must) \
    if (check_##kind(#name, p->name, low, high, must, err, errsize))                   \
        return -1;
    T24HS_PARAMS(T24HS_PARAM_CHECK)
#undef T24HS_PARAM_CHECK
    return 0;
}

/* The rows' ranges (t24hs_params.h), then what ties fields together: the engine a
 * certificate or a goal needs, a start's count; every other rule is the engine's
 * (mincover_params_check(), whose field names are these: a work limit CBC cannot take,
 * the caller's bound rows). */
int hs_params_check(const hs_params *p, char *err, size_t errsize)
{
    if (!p) /* the defaults, which are in range */
        return 0;
    if (check_rows(p, err, errsize))
        return -1;
    if (p->certificate && p->engine != HS_ENGINE_T24)
        return bad(err, errsize, "engine", (int)p->engine,
                   "HS_ENGINE_T24 with a certificate (GLPK and CBC cannot certify)");
    if (p->goal && p->engine != HS_ENGINE_T24)
        return bad(err, errsize, "goal", p->goal,
                   "0 unless engine is HS_ENGINE_T24 (the one search that takes a goal)");
    if (!p->start && p->nstart > 0)
        return bad(err, errsize, "nstart", p->nstart, "0 when start is NULL");
    mincover_params q;
    mincover_extra extra[MINCOVER_EXTRA_MAX];
    to_mincover(p, &q, NULL, extra);
    return mincover_params_check(&q, err, errsize);
}

/* ---- the run and its report ---- */

static hs_search_status search_outside(mincover_ilp_status s)
{
    return s == MINCOVER_ILP_OPTIMAL      ? HS_SEARCH_OPTIMAL
           : s == MINCOVER_ILP_TIME_LIMIT ? HS_SEARCH_TIME_LIMIT
                                          : HS_SEARCH_FAILED;
}

static hs_proof proof_outside(mincover_proof p)
{
    return p == MINCOVER_PROOF_BOUND        ? HS_PROOF_BOUND
           : p == MINCOVER_PROOF_SEARCH     ? HS_PROOF_SEARCH
           : p == MINCOVER_PROOF_REDUCTIONS ? HS_PROOF_REDUCTIONS
                                            : HS_PROOF_NONE;
}

/* The figures of the phases, copied. */
static void report_phases(const mincover_result *r, hs_report *out)
{
    const reduce_result *red = &r->presolve.red;
    const greedy_stats *g = &r->greedy.runs;
    const lagcover_result *lc = &r->lag.on_core;
    const localsearch_result *lsc = &r->ls.on_core;
    hs_greedy_stats runs = { g->runs, g->seed,       g->min,       g->median,
                             g->max,  g->pruned_min, g->pruned_max };
    hs_reduce_stats rs = { red->nforced, red->forced_sets, red->dominated_sets,
                           red->dominated_elems, red->emptied_elems, red->rounds,
                           red->stopped || red->partial,
                           red->core ? instance_nelems(red->core) : 0,
                           red->core ? instance_nsets(red->core) : 0 };
    hs_lagrangian_stats lag = { r->lag.ran,     r->lag.best,      lc->rounds,
                                lc->best_round, lc->greedy_calls, lc->seconds };
    hs_local_search_stats ls = { r->ls.ran,    r->ls.start,      r->ls.best,
                                 lsc->steps,   lsc->best_step,   localsearch_stop_name(lsc->stop),
                                 lsc->seconds, lsc->best_seconds, NULL, 0 };
    hs_seconds sec = { r->bounds.seconds, r->greedy.seconds,  r->presolve.seconds,
                       r->lp.seconds,     r->ls.seconds,      r->exact.seconds,
                       r->seconds_cover,  r->coverage.seconds };
    out->greedy = r->greedy.classic.n;
    out->greedy_pruned = r->greedy.pruned.n;
    out->runs = runs;
    out->reductions = rs;
    out->lagrangian = lag;
    out->local_search = ls;
    out->seconds = sec;
}

/* What the kernel's rules removed, and its components. */
static void report_kernel(const mincover_result *r, hs_report *out)
{
    const kernel_result *k = &r->presolve.kern;
    hs_kernel_stats *ks = &out->kernel;
    memset(ks, 0, sizeof *ks);
    if (!k->core)
        return;
    *ks = (hs_kernel_stats){ true,
                             k->offset,
                             k->rounds,
                             k->stopped,
                             instance_nelems(k->core),
                             instance_nsets(k->core),
                             r->presolve.components,
                             r->presolve.largest_elems,
                             r->presolve.largest_sets,
                             r->exact.parts_apart,
                             r->exact.parts_proven,
                             { { 0 } },
                             k->seconds };
    for (int i = 0; i < HS_KERNEL_RULES && i < KERNEL_RULES; i++) {
        const kernel_rule_stats *x = &k->rule[i];
        ks->rule[i] = (hs_kernel_rule){ kernel_rule_name((kernel_rule)i), x->elems, x->sets,
                                        x->applied, x->seconds };
    }
}

/* The verdict and the lower bounds, copied. */
static void report_verdict(const mincover_result *r, hs_report *out)
{
    out->size = r->cover.n;
    out->optimal = r->optimal;
    out->lower_bound = r->best_bound;
    out->proof = proof_outside(r->proof.by);
    out->proven_by = mincover_proof_name(r);
    if (r->proof.by == MINCOVER_PROOF_BOUND && r->proof.row) {
        out->proof_bound = bound_info(r->proof.row);
    } else if (r->proof.by == MINCOVER_PROOF_BOUND) { /* the caller's row */
        const mincover_extra *x = &r->params.extra[r->proof.extra_row];
        hs_bound_info info = { x->name, x->words, x->brief, true, false };
        out->proof_bound = info;
    }
    for (uint32_t i = 0; i < r->params.nextra && i < HS_EXTRA_BOUNDS_MAX; i++) {
        out->extra_bound_ran[i] = r->bounds.extra_ran[i];
        out->extra_bound[i] = r->bounds.extra_value[i];
    }
    out->search_status = search_outside(r->exact.status);
    out->search = mincover_ilp_status_name(r);
    snprintf(out->message, sizeof out->message, "%s", r->message);
    out->budget = r->budget;
    out->work_used = r->work.used;
    out->ended_by = mincover_end_name(r->ended_by);
    out->reproducible = mincover_reproducible(r);
    out->elems = r->elems;
    out->sets = r->sets;
    out->necessary = r->bounds.necessary;
    out->single_sets = r->bounds.single_sets;
    out->packing = r->bounds.packing;
    out->lp_bound = r->lp.bound;
    out->lp_bound_ceil = r->lp.bound_ceil;
    out->lp_method = lp_outside(r->lp.method);
    out->lp_reached = r->lp.optimum >= 0;
    out->lp_rounds = r->lp.rounds;
    out->lp_columns = r->lp.columns;
    const certify_stats *cert = &r->proof.cert;
    hs_certificate_stats c = { r->proof.cert_written, cert->bound, cert->nodes, cert->leaves,
                               cert->bytes, cert->open, cert->seconds, { { 0 } }, cert->nround };
    for (uint32_t i = 0; i < cert->nround && i < HS_ROUNDS_KEPT; i++) {
        const certify_round *k = &cert->round[i];
        c.round[i] = (hs_certify_round){ k->goal, k->bound, k->finished, k->nodes,
                                         k->lp_solves, k->seconds };
    }
    out->certificate = c;
}

/* Fills *out from r: the figures copied, the cover's three arrays taken over from r
 * (which mincover_result_free() then no longer frees). Returns 0, or -1 when memory runs
 * out for the coverage rows or the core method's rounds (r untouched). */
static int report_from(mincover_result *r, const hs_params *p, hs_report *out)
{
    if (r->coverage.n) {
        out->coverage = malloc(r->coverage.n * sizeof *out->coverage);
        if (!out->coverage)
            return -1;
        for (uint32_t k = 0; k < r->coverage.n; k++) {
            const coverage_row *c = &r->coverage.rows[k];
            hs_coverage_row row = { c->k, c->greedy, c->best, c->bound, c->proven, c->seconds };
            out->coverage[k] = row;
        }
        out->ncoverage = r->coverage.n;
    }
    out->params = *p;
    out->params.multiplicity = NULL; /* the caller's arrays, which the report outlives */
    out->params.start = NULL;
    out->params.nstart = 0;
    out->params.certificate = NULL; /* the caller's stream, which the report outlives */
    out->params.extra_bounds = NULL;  /* the caller's rows, likewise (nextra_bounds stays:
                                         how many of extra_bound[] are used) */
    report_verdict(r, out);
    report_phases(r, out);
    report_kernel(r, out);
    const corecover_result *cc = &r->ls.core;
    if (cc->rounds) {
        hs_core_round *rounds = malloc(cc->rounds * sizeof *rounds);
        if (!rounds)
            return -1;
        for (uint32_t i = 0; i < cc->rounds; i++)
            rounds[i] = (hs_core_round){ cc->log[i].core, r->presolve.offset + cc->log[i].best };
        out->local_search.core_rounds = rounds;
        out->local_search.ncore_rounds = cc->rounds;
    }
    out->cover = r->cover.elems;
    out->adds = r->cover.adds;
    out->solves = r->solves;
    r->cover.elems = r->cover.adds = r->solves = NULL;
    return 0;
}

int hs_cover_run(const hs_instance *h, const hs_params *p, hs_report *out, char *err,
                 size_t errsize)
{
    hs_params d;
    mincover_params q;
    mincover_result r;
    progress_relay relay;
    if (t24hs_null_refused(out, "report", err, errsize))
        return -1;
    memset(out, 0, sizeof *out);
    if (t24hs_null_refused(h, "instance", err, errsize))
        return -1;
    if (!p) {
        hs_params_init(&d);
        p = &d;
    }
    if (hs_params_check(p, err, errsize))
        return -1;
    mincover_extra extra[MINCOVER_EXTRA_MAX];
    to_mincover(p, &q, &relay, extra);
    if (mincover_run(h, p->multiplicity, &q, &r, err, errsize))
        return -1;
    int rc = report_from(&r, p, out);
    mincover_result_free(&r);
    if (rc) {
        hs_report_free(out);
        snprintf(err, errsize, "out of memory");
    }
    return rc;
}

void hs_report_free(hs_report *r)
{
    if (!r)
        return;
    free(r->cover);
    free(r->adds);
    free(r->solves);
    free(r->coverage);
    free(r->local_search.core_rounds);
    memset(r, 0, sizeof *r);
}
