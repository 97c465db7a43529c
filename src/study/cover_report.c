/* cover_report.c - rendering the hitting-set half; see cover_report.h. */
#include "study/cover_report.h"

#include <math.h>
#include <string.h>

#include "core/notice.h"
#include "study/jsonint.h"

/* Simplex values carry floating-point noise in the last digits; six decimals keep the
 * JSON stable across runs without hiding anything a reader needs. */
static double rounded(double v) { return round(v * 1e6) / 1e6; }

static const char *expression(const enumeration *st, const classes *c, uint32_t cls, char *buf,
                              size_t size)
{
    template_format(st->family, classes_rep(c, cls), TEMPLATE_READABLE, NULL, buf, size);
    return buf;
}

/* The keys that name elements and sets: classes and hands in a study, elements and sets
 * on any instance (`t24 cover`). */
typedef struct {
    const char *single_sets, *forced, *forced_sets, *dominated_sets, *dominated_elems,
        *emptied_elems, *core_elems, *core_sets;
} vocabulary;

static const vocabulary words[] = {
    [COVER_REPORT_CLASSES] = { "unique_class_hands", "forced_classes", "hands_solved_by_forced",
                               "dominated_hands", "dominated_classes", "emptied_classes",
                               "core_classes", "core_hands" },
    [COVER_REPORT_ELEMENTS] = { "single_element_sets", "forced_elements", "sets_hit_by_forced",
                                "dominated_sets", "dominated_elements", "emptied_elements",
                                "core_elements", "core_sets" },
};

static void json_reductions(cJSON *o, const hs_report *r, const vocabulary *w)
{
    const hs_reduce_stats *red = &r->reductions;
    cJSON *j = cJSON_AddObjectToObject(o, "reductions");
    cJSON_AddBoolToObject(j, "applied", r->params.reduce);
    cJSON_AddNumberToObject(j, w->forced, red->nforced);
    cJSON_AddNumberToObject(j, w->forced_sets, red->forced_sets);
    cJSON_AddNumberToObject(j, w->dominated_sets, red->dominated_sets);
    cJSON_AddNumberToObject(j, w->dominated_elems, red->dominated_elems);
    cJSON_AddNumberToObject(j, w->emptied_elems, red->emptied_elems);
    cJSON_AddNumberToObject(j, "rounds", red->rounds);
    cJSON_AddBoolToObject(j, "stopped", red->stopped);
    cJSON_AddNumberToObject(j, w->core_elems, red->core_elems);
    cJSON_AddNumberToObject(j, w->core_sets, red->core_sets);
}

/* The kernel (null when none was made): what each rule removed, its components. */
static void json_kernel(cJSON *o, const hs_report *r, bool timings)
{
    const hs_kernel_stats *k = &r->kernel;
    if (!k->ran) {
        cJSON_AddNullToObject(o, "kernel");
        return;
    }
    cJSON *j = cJSON_AddObjectToObject(o, "kernel");
    cJSON_AddNumberToObject(j, "offset", k->offset);
    cJSON_AddNumberToObject(j, "rounds", k->rounds);
    cJSON_AddBoolToObject(j, "stopped", k->stopped);
    cJSON_AddNumberToObject(j, "elements", k->core_elems);
    cJSON_AddNumberToObject(j, "sets", k->core_sets);
    cJSON_AddNumberToObject(j, "components", k->components);
    cJSON_AddNumberToObject(j, "largest_component_elements", k->largest_elems);
    cJSON_AddNumberToObject(j, "largest_component_sets", k->largest_sets);
    cJSON_AddNumberToObject(j, "components_searched_apart", k->components_apart);
    cJSON_AddNumberToObject(j, "components_proven", k->components_proven);
    cJSON *rules = cJSON_AddObjectToObject(j, "rules");
    for (int i = 0; i < HS_KERNEL_RULES; i++) {
        cJSON *x = cJSON_AddObjectToObject(rules, k->rule[i].name);
        cJSON_AddNumberToObject(x, "applied", k->rule[i].applied);
        cJSON_AddNumberToObject(x, "elements", k->rule[i].elems);
        cJSON_AddNumberToObject(x, "sets", k->rule[i].sets);
        if (timings)
            cJSON_AddNumberToObject(x, "seconds", k->rule[i].seconds);
    }
    if (timings)
        cJSON_AddNumberToObject(j, "seconds", k->seconds);
}

/* The kernel's lines of the text report: the rules that fired, the kernel left. */
static void text_kernel(FILE *out, const hs_kernel_stats *k, bool timings)
{
    if (!k->ran)
        return;
    char label[64];
    snprintf(label, sizeof label, "kernel (%u round%s%s)", k->rounds, k->rounds == 1 ? "" : "s",
             k->stopped ? ", stopped" : "");
    for (int i = 0; i < HS_KERNEL_RULES; i++) {
        if (k->rule[i].applied == 0 && k->rule[i].elems + k->rule[i].sets == 0)
            continue;
        fprintf(out, "  %-40s %s: %u classes, %u hands", label, k->rule[i].name,
                k->rule[i].elems, k->rule[i].sets);
        if (timings)
            fprintf(out, " (%.3f s)", k->rule[i].seconds);
        fprintf(out, "\n");
        label[0] = 0;
    }
    fprintf(out, "  %-40s %u classes x %u hands (+%u), %u components (largest %u x %u)\n",
            "kernel left for the searches", k->core_elems, k->core_sets, k->offset,
            k->components, k->largest_elems, k->largest_sets);
    if (k->components_apart > 0)
        fprintf(out, "  %-40s %u searched apart, %u proven optimal\n", "kernel's components",
                k->components_apart, k->components_proven);
}

static void json_local_search(cJSON *o, const hs_report *r, bool timings)
{
    const hs_local_search_stats *ls = &r->local_search;
    if (!ls->ran) {
        cJSON_AddNullToObject(o, "local_search");
        return;
    }
    cJSON *j = cJSON_AddObjectToObject(o, "local_search");
    cJSON_AddNumberToObject(j, "start", ls->start);
    cJSON_AddNumberToObject(j, "best", ls->best);
    cJSON_AddNumberToObject(j, "steps", (double)ls->steps);
    cJSON_AddNumberToObject(j, "best_step", (double)ls->best_step);
    cJSON_AddStringToObject(j, "stop", ls->stop);
    if (timings) {
        cJSON_AddNumberToObject(j, "seconds", ls->seconds);
        cJSON_AddNumberToObject(j, "best_seconds", ls->best_seconds);
    }
}

/* The LP bound's method and whether it is the LP value, then the Lagrangian cover. */
static void json_lp(cJSON *o, const hs_report *r, bool timings)
{
    if (r->lp_bound >= 0) {
        cJSON_AddStringToObject(o, "lp_method", hs_lp_name(r->lp_method));
        cJSON_AddBoolToObject(o, "lp_reached", r->lp_reached);
    } else {
        cJSON_AddNullToObject(o, "lp_method");
        cJSON_AddNullToObject(o, "lp_reached");
    }
    if (r->lp_method == HS_LP_COLGEN) {
        cJSON *j = cJSON_AddObjectToObject(o, "column_generation");
        cJSON_AddNumberToObject(j, "rounds", r->lp_rounds);
        cJSON_AddNumberToObject(j, "columns", r->lp_columns);
        if (timings)
            cJSON_AddNumberToObject(j, "seconds", r->seconds.lp);
    } else {
        cJSON_AddNullToObject(o, "column_generation");
    }
    const hs_lagrangian_stats *lag = &r->lagrangian;
    if (!lag->ran) {
        cJSON_AddNullToObject(o, "lagrangian_cover");
        return;
    }
    cJSON *j = cJSON_AddObjectToObject(o, "lagrangian_cover");
    cJSON_AddNumberToObject(j, "best", lag->best);
    cJSON_AddNumberToObject(j, "rounds", lag->rounds);
    cJSON_AddNumberToObject(j, "best_round", lag->best_round);
    if (timings) {
        cJSON_AddNumberToObject(j, "greedy_covers", lag->greedy_covers);
        cJSON_AddNumberToObject(j, "seconds", lag->seconds);
    }
}

static void json_cover(cJSON *o, const enumeration *st, const classes *c, const hs_report *r)
{
    cJSON *a = cJSON_AddArrayToObject(o, "cover");
    for (uint32_t i = 0; i < r->size; i++) {
        char buf[256];
        uint32_t cls = r->cover[i], nmem = classes_size(c, cls);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "template", classes_rep(c, cls));
        cJSON_AddStringToObject(e, "expression", expression(st, c, cls, buf, sizeof buf));
        cJSON_AddNumberToObject(e, "class_templates", nmem);
        cJSON_AddNumberToObject(e, "solves", r->solves[i]);
        cJSON_AddNumberToObject(e, "adds", r->adds[i]);
        cJSON_AddItemToArray(a, e);
    }
}

static void json_coverage(cJSON *o, const hs_report *r, bool timings)
{
    if (!r->params.coverage)
        return;
    cJSON *a = cJSON_AddArrayToObject(o, "coverage");
    for (uint32_t i = 0; i < r->ncoverage; i++) {
        const hs_coverage_row *row = &r->coverage[i];
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "k", row->k);
        cJSON_AddNumberToObject(e, "greedy", row->greedy);
        cJSON_AddNumberToObject(e, "best", row->best);
        cJSON_AddNumberToObject(e, "bound", row->bound);
        cJSON_AddBoolToObject(e, "proven", row->proven);
        if (timings)
            cJSON_AddNumberToObject(e, "seconds", row->seconds);
        cJSON_AddItemToArray(a, e);
    }
}

/* Adds the keys of the search (bounds, greedy, reductions, local search, optimum,
 * engine) to o: what `t24 study` and `t24 cover` share (docs/hitting-sets.md), in the
 * words of v. Time-dependent values appear only with timings. */
/* The certificate written (t24 cover --certificate), or null. */
static void json_certificate(cJSON *o, const hs_report *r, bool timings)
{
    const hs_certificate_stats *c = &r->certificate;
    if (!c->written) {
        cJSON_AddNullToObject(o, "certificate");
        return;
    }
    cJSON *j = cJSON_AddObjectToObject(o, "certificate");
    cJSON_AddNumberToObject(j, "bound", c->bound);
    jsonint_add(j, "nodes", (int64_t)c->nodes);
    jsonint_add(j, "leaves", (int64_t)c->leaves);
    cJSON_AddNumberToObject(j, "open", c->open);
    jsonint_add(j, "bytes", (int64_t)c->bytes);
    cJSON *rounds = cJSON_AddArrayToObject(j, "rounds");
    for (uint32_t i = 0; i < c->nround; i++) {
        const hs_certify_round *k = &c->round[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "goal", k->goal);
        cJSON_AddNumberToObject(o, "bound", k->bound);
        cJSON_AddBoolToObject(o, "finished", k->finished);
        jsonint_add(o, "nodes", (int64_t)k->nodes);
        jsonint_add(o, "lp_solves", (int64_t)k->lp_solves);
        if (timings)
            cJSON_AddNumberToObject(o, "seconds", k->seconds);
        cJSON_AddItemToArray(rounds, o);
    }
}

/* Why a run is not reproducible (hs_report.reproducible false), in a few words. */
static const char *not_reproducible(const hs_report *r)
{
    if (!r->params.work)
        return "no --work given: the phases shared wall time";
    if (strcmp(r->ended_by, "time") == 0)
        return "the time limit ended the run before its work";
    return "a signal ended the run before its work";
}

/* "work": the units the run used (whatever ended it), its limit (0: none), what ended it
 * and whether the same command gives the same answer again (docs/hitting-sets.md). */
static void json_work(cJSON *o, const hs_report *r)
{
    cJSON *j = cJSON_AddObjectToObject(o, "work");
    jsonint_add(j, "used", r->work_used > INT64_MAX ? INT64_MAX : (int64_t)r->work_used);
    jsonint_add(j, "limit", (int64_t)r->params.work);
    cJSON_AddStringToObject(j, "ended_by", r->ended_by ? r->ended_by : "finished");
    cJSON_AddBoolToObject(j, "reproducible", r->reproducible);
    if (r->reproducible)
        cJSON_AddNullToObject(j, "why_not");
    else
        cJSON_AddStringToObject(j, "why_not", not_reproducible(r));
}

void cover_report_json_search(cJSON *o, const hs_report *r, bool timings,
                              cover_report_words v)
{
    const vocabulary *w = &words[v];
    cJSON_AddNumberToObject(o, "necessary", r->necessary);
    cJSON_AddNumberToObject(o, w->single_sets, r->single_sets);
    cJSON_AddNumberToObject(o, "packing_bound", r->packing);
    if (r->lp_bound >= 0) {
        cJSON_AddNumberToObject(o, "lp_bound", rounded(r->lp_bound));
        cJSON_AddNumberToObject(o, "lp_bound_ceil", r->lp_bound_ceil);
    } else {
        cJSON_AddNullToObject(o, "lp_bound");
        cJSON_AddNullToObject(o, "lp_bound_ceil");
    }
    cJSON_AddNumberToObject(o, "greedy", r->greedy);
    cJSON_AddNumberToObject(o, "greedy_pruned", r->greedy_pruned);
    cJSON *g = cJSON_AddObjectToObject(o, "greedy_runs");
    cJSON_AddNumberToObject(g, "runs", r->runs.runs);
    jsonint_add(g, "seed", (int64_t)r->runs.seed);
    cJSON_AddNumberToObject(g, "min", r->runs.min);
    cJSON_AddNumberToObject(g, "median", r->runs.median);
    cJSON_AddNumberToObject(g, "max", r->runs.max);
    cJSON_AddNumberToObject(g, "pruned_min", r->runs.pruned_min);
    cJSON_AddNumberToObject(g, "pruned_max", r->runs.pruned_max);
    json_reductions(o, r, w);
    json_kernel(o, r, timings);
    json_lp(o, r, timings);
    json_local_search(o, r, timings);
    cJSON_AddNumberToObject(o, "optimum", r->size);
    cJSON_AddBoolToObject(o, "optimal", r->optimal);
    cJSON_AddNumberToObject(o, "best_bound", r->lower_bound);
    cJSON_AddStringToObject(o, "ilp_status", r->search);
    cJSON_AddStringToObject(o, "engine", hs_engine_about(r->params.engine).name);
    if (r->proven_by)
        cJSON_AddStringToObject(o, "proven_by", r->proven_by);
    else
        cJSON_AddNullToObject(o, "proven_by");
    cJSON_AddNumberToObject(o, "time_limit", r->params.time_limit);
    json_work(o, r);
    json_certificate(o, r, timings);
    /* The key keeps its name, though the failure may be CBC's (the exact search). */
    if (r->message[0])
        cJSON_AddStringToObject(o, "glpk_error", r->message);
    else
        cJSON_AddNullToObject(o, "glpk_error");
    if (timings)
        cJSON_AddNumberToObject(o, "ilp_seconds", r->seconds.ilp);
}

void cover_report_json_seconds(cJSON *t, const hs_report *r)
{
    cJSON_AddNumberToObject(t, "bounds", r->seconds.bounds);
    cJSON_AddNumberToObject(t, "greedy", r->seconds.greedy);
    cJSON_AddNumberToObject(t, "reduce", r->seconds.reduce);
    cJSON_AddNumberToObject(t, "lp", r->seconds.lp);
    cJSON_AddNumberToObject(t, "local_search", r->seconds.local_search);
    cJSON_AddNumberToObject(t, "ilp", r->seconds.ilp);
    cJSON_AddNumberToObject(t, "cover", r->seconds.cover);
}

/* Adds the hitting-set keys to the study's JSON object (documented in
 * docs/hitting-sets.md). Time-dependent values appear only with timings. */
void cover_report_json(cJSON *o, const enumeration *st, const classes *c, const hs_report *r,
                       bool timings)
{
    cJSON_AddNumberToObject(o, "classes", r->elems);
    cJSON_AddNumberToObject(o, "hitting_set_hands", r->sets);
    cover_report_json_search(o, r, timings, COVER_REPORT_CLASSES);
    json_cover(o, st, c, r);
    json_coverage(o, r, timings);
}

static void text_coverage(FILE *out, const hs_report *r)
{
    if (!r->params.coverage)
        return;
    fprintf(out, "\nMax coverage: the most hands k classes solve, against greedy's first k\n");
    fprintf(out, "  %4s %8s %8s %8s  %s\n", "k", "greedy", "best", "bound", "");
    for (uint32_t i = 0; i < r->ncoverage; i++) {
        const hs_coverage_row *row = &r->coverage[i];
        fprintf(out, "  %4u %8u %8u %8u  %s\n", row->k, row->greedy, row->best, row->bound,
                row->proven ? "proven" : "interval");
    }
}

/* The study's words for the library's bounds before greedy, by name (their rows are on
 * the whole instance, a caller's on the core, so a caller's row of the same name keeps
 * its own). */
static const struct {
    const char *name, *words, *brief;
} bound_words[] = {
    { "necessary", "the necessary classes", "the necessary classes" },
    { "packing", "disjoint hands (the packing bound)", "the packing bound" },
};

const char *cover_report_bound_words(const hs_bound_info *b, bool brief)
{
    for (size_t i = 0; !b->on_core && i < sizeof bound_words / sizeof bound_words[0]; i++)
        if (strcmp(b->name, bound_words[i].name) == 0)
            return brief ? bound_words[i].brief : bound_words[i].words;
    return brief ? b->brief : b->words;
}

/* "GLPK's branch and bound", "CBC's branch and cut", "the LP bound", ...: a bound's
 * words are its row's of the table of bounds (in the study's words), an engine's its
 * row's of the engines'. */
static const char *proof_words(const hs_report *r)
{
    switch (r->proof) {
    case HS_PROOF_BOUND:
        return cover_report_bound_words(&r->proof_bound, false);
    case HS_PROOF_SEARCH:
        return hs_engine_about(r->params.engine).method;
    default:
        return "the reductions (they left no core)";
    }
}

static void text_verdict(FILE *out, const hs_report *r)
{
    const char *engine = hs_engine_about(r->params.engine).label;
    if (r->optimal)
        fprintf(out, "  %-40s %10u  (proven optimal)\n  %-40s %s\n", "minimum hitting set",
                r->size, "proven by", proof_words(r));
    else if (r->search_status == HS_SEARCH_TIME_LIMIT)
        fprintf(out, "  %-40s %10u  NOT PROVEN: the %g s time limit stopped %s; the "
                     "optimum is between %u and %u\n", "best cover found", r->size,
                r->params.time_limit, engine, r->lower_bound, r->size);
    else
        fprintf(out, "  %-40s %10u  NOT PROVEN (%s); the optimum is between %u and %u\n",
                "best cover found", r->size, r->message, r->lower_bound, r->size);
}

/* Appends the readable hitting-set section to the study report. */
void cover_report_text(FILE *out, const enumeration *st, const classes *c, const hs_report *r,
                       bool timings)
{
    const hs_reduce_stats *red = &r->reductions;
    const hs_lagrangian_stats *lag = &r->lagrangian;
    const hs_local_search_stats *ls = &r->local_search;
    fprintf(out, "\nHitting sets: templates that together solve every solvable hand\n");
    fprintf(out, "  %-40s %10u\n", "hands solved by the family", r->sets);
    fprintf(out, "  %-40s %10u\n", "classes (equal solution sets)", r->elems);
    fprintf(out, "  %-40s %10u\n", "necessary classes (alone on a hand)", r->necessary);
    fprintf(out, "  %-40s %10u\n", "hands with a single class", r->single_sets);
    if (r->lp_bound >= 0 && r->lp_method == HS_LP_COLGEN)
        fprintf(out, "  %-40s %10.4f  (ceiling %u; column generation, %s)\n",
                r->lp_reached ? "LP relaxation bound" : "Lagrangian bound", r->lp_bound,
                r->lp_bound_ceil,
                r->lp_reached ? "the LP value" : "stopped below the LP value");
    else if (r->lp_bound >= 0)
        fprintf(out, "  %-40s %10.4f  (ceiling %u)\n", "LP relaxation bound", r->lp_bound,
                r->lp_bound_ceil);
    else /* the LP bound, always at least this one, is missing: show what is left */
        fprintf(out, "  %-40s %10u\n", "disjoint hands (a lower bound)", r->packing);
    fprintf(out, "  %-40s %10u\n", "greedy (ties to the lowest class)", r->greedy);
    fprintf(out, "  %-40s %10u\n", "greedy, redundant classes pruned", r->greedy_pruned);
    char label[64], range[32];
    snprintf(label, sizeof label, "greedy, %u random tie-breaks (seed %llu)", r->runs.runs,
             (unsigned long long)r->runs.seed);
    snprintf(range, sizeof range, "%u/%u/%u", r->runs.min, r->runs.median, r->runs.max);
    fprintf(out, "  %-40s %10s  (min/median/max; pruned %u..%u)\n", label, range,
            r->runs.pruned_min, r->runs.pruned_max);
    char rounds[64];
    snprintf(rounds, sizeof rounds, "reductions (%u round%s%s)", red->rounds,
             red->rounds == 1 ? "" : "s",
             red->stopped && red->core_sets ? ", stopped at their share" : "");
    fprintf(out, "  %-40s %u forced classes (solving %u hands),\n", rounds, red->nforced,
            red->forced_sets);
    fprintf(out, "  %-40s %u dominated hands, %u dominated + %u emptied classes\n", "",
            red->dominated_sets, red->dominated_elems, red->emptied_elems);
    fprintf(out, "  %-40s %u classes x %u hands\n", "core left for the ILP", red->core_elems,
            red->core_sets);
    text_kernel(out, &r->kernel, timings);
    if (lag->ran)
        fprintf(out, "  %-40s %10u  (%u fixing rounds, best in round %u)\n",
                "Lagrangian cover on the core", lag->best, lag->rounds, lag->best_round);
    if (ls->ran) {
        snprintf(label, sizeof label, "local search on the core (seed %llu)",
                 (unsigned long long)r->params.seed);
        fprintf(out, "  %-40s %10u  (from %u; best at step %llu of %llu, stopped: %s)\n",
                label, ls->best, ls->start, (unsigned long long)ls->best_step,
                (unsigned long long)ls->steps, ls->stop);
        if (timings)
            fprintf(out, "  %-40s %10.6f  (best after %.6f)\n", "local search seconds",
                    ls->seconds, ls->best_seconds);
    }
    text_verdict(out, r);
    fprintf(out, "  %-40s %10u\n", "best proven lower bound", r->lower_bound);
    if (timings)
        fprintf(out, "  %-40s %10.6f\n", "ILP seconds", r->seconds.ilp);
    fprintf(out, "\n%s cover, in greedy order (x0 <= x1 <= ... are the sorted cards)\n",
            r->optimal ? "Optimal" : "Best");
    fprintf(out, "  %4s %8s  %-24s %7s %6s\n", "#", "template", "expression", "solves", "adds");
    for (uint32_t i = 0; i < r->size; i++) {
        char buf[256];
        uint32_t cls = r->cover[i];
        fprintf(out, "  %4u %8u  %-24s %7u %6u\n", i + 1, classes_rep(c, cls),
                expression(st, c, cls, buf, sizeof buf), r->solves[i], r->adds[i]);
    }
    text_coverage(out, r);
}

/* coverage.csv: k,greedy,best,bound,proven. Returns 0, or -1 on a write error. */
int cover_report_coverage_csv(FILE *out, const hs_report *r)
{
    fprintf(out, "k,greedy,best,bound,proven\n");
    for (uint32_t i = 0; i < r->ncoverage; i++) {
        const hs_coverage_row *row = &r->coverage[i];
        fprintf(out, "%u,%u,%u,%u,%d\n", row->k, row->greedy, row->best, row->bound,
                row->proven ? 1 : 0);
    }
    return ferror(out) ? -1 : 0;
}

/* classes.tsv: the numbering every export uses (element c+1 is class c), each class with
 * its lowest template, size, hands solved and member ids (empty when the caller did not
 * list them: seven cards, whose ids would take tens of GB). Returns 0, or -1 on a write
 * error. */
int cover_report_classes_tsv(FILE *out, const enumeration *st, const classes *c)
{
    fprintf(out, "element\tclass\trepresentative\texpression\ttemplates\thands\tmembers\n");
    const hs_instance *h = classes_instance(c);
    bool listed = classes_members_listed(c);
    for (uint32_t cls = 0; cls < classes_count(c); cls++) {
        char readable[128];
        uint32_t n = classes_size(c, cls), nh;
        hs_instance_elem(h, cls, &nh);
        fprintf(out, "%u\t%u\t%u\t%s\t%u\t%u\t", cls + 1, cls, classes_rep(c, cls),
                expression(st, c, cls, readable, sizeof readable), n, nh);
        const uint32_t *m = listed ? classes_members(c, cls, &n) : NULL;
        for (uint32_t i = 0; m && i < n; i++)
            fprintf(out, "%s%u", i ? "," : "", m[i]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

/* hitting_set_hands.tsv: set s+1 of the exports is this hand. Returns 0, or -1 on a write
 * error. */
int cover_report_set_hands_tsv(FILE *out, const enumeration *st, const classes *c)
{
    fprintf(out, "set\thand_index\thand\n");
    const hs_instance *h = classes_instance(c);
    for (uint32_t s = 0; s < hs_instance_nsets(h); s++) {
        char hand[128];
        uint32_t idx = classes_hand(c, s);
        hand_format(hand_set_hand(st->hands, idx), st->params.ncards, hand, sizeof hand);
        fprintf(out, "%u\t%u\t%s\n", s + 1, idx, hand);
    }
    return ferror(out) ? -1 : 0;
}

/* The proof status of the cover, as one comment line of cover.txt. */
static void file_verdict(FILE *out, const hs_report *r)
{
    if (r->optimal)
        fprintf(out, "# %u expressions, proven minimal: a proven lower bound equals the size "
                     "(LP bound %.4f)\n", r->size, r->lp_bound);
    else if (r->search_status == HS_SEARCH_TIME_LIMIT)
        fprintf(out, "# %u expressions, NOT PROVEN minimal: the optimum is between %u and %u "
                     "(%s stopped by its %g s time limit)\n", r->size, r->lower_bound,
                r->size, hs_engine_about(r->params.engine).label, r->params.time_limit);
    else
        fprintf(out, "# %u expressions, NOT PROVEN minimal: the optimum is between %u and %u "
                     "(%s)\n", r->size, r->lower_bound, r->size, r->message);
}

/* cover.txt: the best cover with its configuration, proof status and the command that
 * regenerates it, then one tab-separated line per expression in greedy order. `element`
 * is the class's element number in hitting_set.hgr. Returns 0, or -1 on a write error. */
int cover_report_cover_file(FILE *out, const enumeration *st, const classes *c,
                            const hs_report *r, const char *command)
{
    const enumeration_params *p = &st->params;
    fprintf(out, "# t24 cover: %d cards, deck %lld-%lld, target %lld, %s groupings: every one "
                 "of the %u hands\n# the family solves is solved by one of these expressions\n",
            p->ncards, (long long)p->lo, (long long)p->hi, (long long)p->target,
            template_groupings_name(p->groupings), r->sets);
    file_verdict(out, r);
    fprintf(out, "# regenerate: %s --out DIR (writes DIR/cover.txt)\n", command);
    fprintf(out, "# %s\n", NOTICE_FREE_USE);
    fprintf(out, "# x0 <= x1 <= ... are the sorted cards; element: the class's element in "
                 "hitting_set.hgr;\n# template: its lowest template id; solves: hands it "
                 "solves; adds: hands no earlier one solves\n");
    fprintf(out, "rank\telement\ttemplate\texpression\tsolves\tadds\n");
    for (uint32_t i = 0; i < r->size; i++) {
        char buf[256];
        uint32_t cls = r->cover[i];
        fprintf(out, "%u\t%u\t%u\t%s\t%u\t%u\n", i + 1, cls + 1, classes_rep(c, cls),
                expression(st, c, cls, buf, sizeof buf), r->solves[i], r->adds[i]);
    }
    return ferror(out) ? -1 : 0;
}
