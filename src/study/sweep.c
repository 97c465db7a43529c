/* sweep.c - plans of configurations and running them; see sweep.h. */
#include "study/sweep.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/hand.h"
#include "study/study.h"
#include "study/enumeration.h"
#include "core/lines.h"
#include "core/parse.h"
#include "core/utf8.h"
#include "study/jsonint.h"
#include "study/preflight.h"

/* Appends a table; returns it, or NULL when out of memory. */
static sweep_table *add_table(sweep_plan *p, const char *name, const char *title)
{
    sweep_table *t = realloc(p->tables, (p->n + 1) * sizeof *t);
    if (!t)
        return NULL;
    p->tables = t;
    t = &p->tables[p->n++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    snprintf(t->title, sizeof t->title, "%s", title);
    return t;
}

static int add_config(sweep_table *t, int ncards, int64_t lo, int64_t hi, int64_t target,
                      template_groupings g)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16;
        sweep_config *c = realloc(t->configs, cap * sizeof *c);
        if (!c)
            return -1;
        t->configs = c;
        t->cap = cap;
    }
    t->configs[t->n++] = (sweep_config){ ncards, lo, hi, target, g };
    return 0;
}

/* The default plan (issue 5): "decks" is 4 cards x decks 1-10, 1-11, 1-13 x both
 * families at target 24; "targets" is targets 1..100 for 4 cards, deck 1-13, all.
 * Returns 0, or -1 when out of memory (the plan is then freed). */
int sweep_plan_default(sweep_plan *p)
{
    memset(p, 0, sizeof *p);
    sweep_table *d = add_table(p, "decks", "4 cards at target 24: decks 1-10, 1-11, 1-13, "
                                          "both families");
    static const int64_t his[] = { 10, 11, 13 };
    for (size_t i = 0; d && i < sizeof his / sizeof his[0]; i++)
        if (add_config(d, 4, 1, his[i], 24, TEMPLATE_REDUCED) ||
            add_config(d, 4, 1, his[i], 24, TEMPLATE_ALL))
            d = NULL;
    sweep_table *t = d ? add_table(p, "targets", "4 cards, deck 1-13, all groupings: "
                                                 "targets 1 to 100") : NULL;
    for (int64_t target = 1; t && target <= 100; target++)
        if (add_config(t, 4, 1, 13, target, TEMPLATE_ALL))
            t = NULL;
    if (!t) {
        sweep_plan_free(p);
        return -1;
    }
    return 0;
}

/* One configuration line: CARDS LO-HI TARGET [reduced|all]. Returns 0 or -1. */
static int parse_config(char *line, sweep_config *c)
{
    char *w[5], *save = NULL;
    int n = 0;
    for (char *s = strtok_r(line, " \t", &save); s; s = strtok_r(NULL, " \t", &save))
        if (n < 5)
            w[n++] = s;
        else
            return -1;
    if (n < 3 || n > 4 || parse_int_range(w[0], TEMPLATE_MIN_CARDS, TEMPLATE_MAX_CARDS,
                                         &c->ncards) ||
        parse_deck(w[1], &c->lo, &c->hi) || parse_int64(w[2], &c->target))
        return -1;
    c->groupings = c->ncards == 4 ? TEMPLATE_REDUCED : TEMPLATE_ALL;
    return n == 4 ? template_groupings_parse(w[3], &c->groupings) : 0;
}

#define SWEEP_LINE_MAX 4096
#define SWEEP_LINE_MAX_TEXT "4096"

/* Control characters (C0, C1, bidirectional controls) and bytes that are not UTF-8 have
 * no place in a list of configurations: a table name or title is printed into JSON,
 * Markdown, CSV and progress lines. Tabs are blanks. */
static bool has_control(const char *s)
{
    return !utf8_is_safe_text(s);
}

static char *trim(char *s)
{
    char *hash = strchr(s, '#');
    if (hash)
        *hash = '\0';
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Reads a plan from a text file (format in docs/cli.md): '#' comments, "table NAME
 * [TITLE]" starting a table, and configuration lines "CARDS LO-HI TARGET [FAMILY]".
 * Returns 0, or -1 with "PATH:LINE: reason" in err and the plan freed. */
int sweep_plan_read(sweep_plan *p, FILE *fp, const char *path, char *err, size_t errsize)
{
    memset(p, 0, sizeof *p);
    lines rd;
    lines_init(&rd, fp, SWEEP_LINE_MAX);
    lines_status ls;
    char *buf;
    size_t len;
    while ((ls = lines_next(&rd, &buf, &len)) != LINES_EOF) {
        long lineno = rd.lineno;
        if (ls == LINES_ERROR || ls == LINES_NOMEM) {
            snprintf(err, errsize, "%s: %s", path, lines_message(&rd, ls));
            goto fail;
        }
        if (ls != LINES_OK || has_control(buf)) {
            snprintf(err, errsize, "%s:%ld: %s", path, lineno,
                     ls == LINES_TOO_LONG ? "longer than " SWEEP_LINE_MAX_TEXT " bytes"
                     : ls == LINES_NUL    ? "contains a NUL byte"
                                          : "contains a control character or bytes "
                                            "that are not UTF-8");
            goto fail;
        }
        char *s = trim(buf);
        sweep_config c;
        if (!*s)
            continue;
        if (strncmp(s, "table", 5) == 0 && (s[5] == ' ' || s[5] == '\t' || !s[5])) {
            char *name = trim(s + 5), *title = name + strcspn(name, " \t");
            if (*title)
                *title++ = '\0';
            if (!*name || strlen(name) >= sizeof p->tables->name) {
                snprintf(err, errsize, "%s:%ld: 'table' needs a name of 1 to %zu bytes", path,
                         lineno, sizeof p->tables->name - 1);
                goto fail;
            }
            if (strlen(trim(title)) >= sizeof p->tables->title) {
                snprintf(err, errsize, "%s:%ld: a table title has at most %zu bytes", path,
                         lineno, sizeof p->tables->title - 1);
                goto fail;
            }
            for (size_t k = 0; k < p->n; k++)
                if (strcmp(p->tables[k].name, name) == 0) {
                    snprintf(err, errsize, "%s:%ld: a second table '%s' (names must differ: "
                             "--table picks one by name)", path, lineno, name);
                    goto fail;
                }
            if (!add_table(p, name, trim(title)))
                goto oom;
            continue;
        }
        char copy[SWEEP_LINE_MAX + 1], why[128] = "expected CARDS LO-HI TARGET [reduced|all]";
        snprintf(copy, sizeof copy, "%s", s);
        if (parse_config(copy, &c) || sweep_config_check(&c, why, sizeof why)) {
            snprintf(err, errsize, "%s:%ld: %s, not '%s'", path, lineno, why, s);
            goto fail;
        }
        if (p->n == 0 && !add_table(p, "configs", "configurations"))
            goto oom;
        if (add_config(&p->tables[p->n - 1], c.ncards, c.lo, c.hi, c.target, c.groupings))
            goto oom;
    }
    if (sweep_plan_count(p) == 0) {
        snprintf(err, errsize, "%s: no configurations", path);
        goto fail;
    }
    lines_free(&rd);
    return 0;
oom:
    snprintf(err, errsize, "out of memory");
fail:
    lines_free(&rd);
    sweep_plan_free(p);
    return -1;
}

/* Keeps only the table called name; returns 0, or -1 (plan unchanged) if none is. */
int sweep_plan_keep(sweep_plan *p, const char *name)
{
    for (size_t i = 0; i < p->n; i++) {
        if (strcmp(p->tables[i].name, name) != 0)
            continue;
        sweep_table keep = p->tables[i];
        for (size_t j = 0; j < p->n; j++)
            if (j != i)
                free(p->tables[j].configs);
        p->tables[0] = keep;
        p->n = 1;
        return 0;
    }
    return -1;
}

size_t sweep_plan_count(const sweep_plan *p)
{
    size_t n = 0;
    for (size_t i = 0; i < p->n; i++)
        n += p->tables[i].n;
    return n;
}

void sweep_plan_free(sweep_plan *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->tables[i].configs);
    free(p->tables);
    memset(p, 0, sizeof *p);
}

/* The checks `t24 study` makes on its options, for one configuration. Returns 0, or -1
 * with the reason in err (which may be NULL). A parse failure is left to the caller. */
int sweep_config_check(const sweep_config *c, char *err, size_t errsize)
{
    const char *why = NULL;
    if (c->ncards < TEMPLATE_MIN_CARDS || c->ncards > TEMPLATE_MAX_CARDS)
        why = "cards must be 2 to 7";
    else if (c->groupings == TEMPLATE_REDUCED && c->ncards != 4)
        why = "the reduced family exists for 4 cards only";
    else if (hand_count_multisets(c->ncards, c->lo, c->hi) == UINT64_MAX)
        why = "too many hands";
    if (why && err)
        snprintf(err, errsize, "%s", why);
    return why ? -1 : 0;
}

void sweep_params_init(sweep_params *p)
{
    memset(p, 0, sizeof *p);
    p->nthreads = 2;
    hs_params_init(&p->hp);
}

static double num(const cJSON *row, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(row, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* A table "by target" varies the target only, so its extremes name targets. */
static bool by_target(const sweep_table *t)
{
    for (size_t i = 1; i < t->n; i++) {
        const sweep_config *a = &t->configs[0], *b = &t->configs[i];
        if (a->ncards != b->ncards || a->lo != b->lo || a->hi != b->hi ||
            a->groupings != b->groupings)
            return false;
    }
    return t->n >= 2;
}

/* {"optimum", "proven", "targets" or "rows"} for the smallest (want_max false) or the
 * largest optimum among the rows. The smallest is settled when its rows are proven and
 * every other row's proven bound exceeds it; the largest when its rows are proven
 * (another row's true optimum is at most the cover it found). */
static cJSON *extreme(const sweep_table *t, const cJSON *rows, bool want_max)
{
    double best = -1;
    for (size_t i = 0; i < t->n; i++) {
        double v = num(cJSON_GetArrayItem(rows, (int)i), "optimum");
        if (best < 0 || (want_max ? v > best : v < best))
            best = v;
    }
    bool proven = true, targets = by_target(t);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "optimum", best);
    cJSON *at = cJSON_CreateArray();
    for (size_t i = 0; i < t->n; i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, (int)i);
        bool optimal = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(row, "optimal"));
        if (num(row, "optimum") == best) {
            proven &= optimal;
            cJSON_AddItemToArray(at, targets ? jsonint_create(t->configs[i].target)
                                             : cJSON_CreateNumber((double)i));
        } else if (!want_max && !optimal && num(row, "best_bound") <= best) {
            proven = false;
        }
    }
    cJSON_AddBoolToObject(o, "proven", proven);
    cJSON_AddItemToObject(o, targets ? "targets" : "rows", at);
    return o;
}

static void label(const sweep_config *c, char *buf, size_t size)
{
    snprintf(buf, size, "%d cards, deck %lld-%lld, target %lld, %s", c->ncards,
             (long long)c->lo, (long long)c->hi, (long long)c->target,
             template_groupings_name(c->groupings));
}

/* The enumeration parameters of configuration c. */
static void config_params(const sweep_config *c, const sweep_params *p, enumeration_params *sp)
{
    enumeration_params_init(sp);
    sp->ncards = c->ncards;
    sp->lo = c->lo;
    sp->hi = c->hi;
    sp->target = c->target;
    sp->groupings = c->groupings;
    sp->nthreads = p->nthreads;
}

/* The pre-flight of every configuration before any runs (as study and emit have it):
 * returns 0, or -1 with the first one estimated over limit bytes, and its estimate, in
 * err. limit 0: no limit. */
int sweep_plan_preflight(const sweep_plan *plan, const sweep_params *p, uint64_t limit,
                         char *err, size_t errsize)
{
    for (size_t t = 0; t < plan->n && limit; t++)
        for (size_t k = 0; k < plan->tables[t].n; k++) {
            const sweep_config *c = &plan->tables[t].configs[k];
            enumeration_params sp;
            preflight_estimate e;
            config_params(c, p, &sp);
            if (preflight_run(&sp, &p->hp, &e) || e.bytes <= (double)limit)
                continue;
            char name[160], what[512], lim[32];
            label(c, name, sizeof name);
            preflight_describe_limit(&e, (double)limit, what, sizeof what);
            preflight_format_bytes((double)limit, lim, sizeof lim);
            snprintf(err, errsize, "refusing to start over --memory-limit %s: %s: %s", lim,
                     name, what);
            return -1;
        }
    return 0;
}

void sweep_config_name(const sweep_config *c, char *buf, size_t size)
{
    snprintf(buf, size, "cards%d_deck%lld-%lld_target%lld_%s", c->ncards, (long long)c->lo,
             (long long)c->hi, (long long)c->target, template_groupings_name(c->groupings));
}

/* Runs one configuration and returns its row (the study's JSON object), or NULL with
 * the reason in err. Counts a solver's failure (hr.message set: GLPK's, or CBC's in the
 * exact search) in *failures: the row then says so. */
static cJSON *run_one(const sweep_config *c, const sweep_params *p, size_t *failures,
                      char *err, size_t errsize)
{
    enumeration_params sp;
    config_params(c, p, &sp);
    study run;
    char why[384];
    cJSON *row = NULL;
    if (study_run(&run, &sp, &p->hp, why, sizeof why) == 0) {
        if (p->finished && p->finished(p->finished_ctx, c, &run, why, sizeof why)) {
            snprintf(err, errsize, "%s", why);
            study_free(&run);
            return NULL;
        }
        row = study_json(&run, p->timings);
        *failures += run.hr.message[0] != '\0';
    } else {
        char name[160];
        label(c, name, sizeof name);
        snprintf(err, errsize, "%s: %s", name, why);
    }
    study_free(&run);
    return row;
}

static cJSON *header(const sweep_plan *plan, const sweep_params *p)
{
    cJSON *h = cJSON_CreateObject();
    cJSON_AddNumberToObject(h, "configurations", (double)sweep_plan_count(plan));
    cJSON_AddNumberToObject(h, "greedy_runs", p->hp.greedy_runs);
    jsonint_add(h, "seed", (int64_t)p->hp.seed);
    cJSON_AddNumberToObject(h, "time_limit", p->hp.time_limit);
    cJSON_AddBoolToObject(h, "reductions", p->hp.reduce);
    cJSON_AddStringToObject(h, "engine", hs_engine_about(p->hp.engine).name);
    return h;
}

/* Runs every configuration of the plan in order and returns the sweep document (keys
 * in docs/results.md's companion, docs/cli.md): {"sweep": parameters, "tables": [{name,
 * title, by_target, rows, smallest, largest}], "glpk_failures"} (the count of rows whose
 * solver failed, CBC's included: the key keeps its old name). The caller deletes it.
 * Returns NULL with a one-line reason in err when a configuration cannot run at all. */
cJSON *sweep_run(const sweep_plan *plan, const sweep_params *p, char *err, size_t errsize)
{
    cJSON *doc = cJSON_CreateObject();
    jsonint_add_schema_version(doc);
    cJSON_AddItemToObject(doc, "sweep", header(plan, p));
    cJSON *tables = cJSON_AddArrayToObject(doc, "tables");
    size_t done = 0, total = sweep_plan_count(plan), failures = 0;
    for (size_t i = 0; i < plan->n; i++) {
        const sweep_table *t = &plan->tables[i];
        cJSON *jt = cJSON_CreateObject();
        cJSON_AddItemToArray(tables, jt);
        cJSON_AddStringToObject(jt, "name", t->name);
        cJSON_AddStringToObject(jt, "title", t->title);
        cJSON_AddBoolToObject(jt, "by_target", by_target(t));
        cJSON *rows = cJSON_AddArrayToObject(jt, "rows");
        for (size_t k = 0; k < t->n; k++) {
            cJSON *row = run_one(&t->configs[k], p, &failures, err, errsize);
            if (p->progress)
                p->progress(p->progress_ctx, ++done, total, t->name, &t->configs[k], row);
            if (!row) {
                cJSON_Delete(doc);
                return NULL;
            }
            cJSON_AddItemToArray(rows, row);
        }
        cJSON_AddItemToObject(jt, "smallest", t->n ? extreme(t, rows, false) : cJSON_CreateNull());
        cJSON_AddItemToObject(jt, "largest", t->n ? extreme(t, rows, true) : cJSON_CreateNull());
    }
    cJSON_AddNumberToObject(doc, "glpk_failures", (double)failures);
    return doc;
}
