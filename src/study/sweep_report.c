/* sweep_report.c - Markdown and CSV renderings of a sweep; see sweep_report.h. */
#include "study/sweep_report.h"

#include <string.h>

#include "hitset/t24hs.h"
#include "study/jsonint.h"

static const cJSON *get(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* Integers are read exactly: targets and seeds may need all 64 bits (jsonint.h). */
static long long integer(const cJSON *o, const char *key)
{
    int64_t v = 0;
    jsonint_get(get(o, key), &v);
    return (long long)v;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = get(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static long long deck(const cJSON *row, int i)
{
    int64_t v = 0;
    jsonint_get(cJSON_GetArrayItem(get(row, "deck"), i), &v);
    return (long long)v;
}

/* The phases of a row's "seconds" object, in pipeline order. */
static const char *const phases[] = { "enumerate", "complete", "classes", "bounds", "greedy",
                                      "reduce", "ilp", "cover", "until_report" };
#define NPHASES (sizeof phases / sizeof phases[0])

/* The engine a report names ("glpk", "cbc", "t24"; its ilp_status "cbc_failed" names it
 * too): its row of the table of engines, so that every engine is worded as the report
 * words it. A name the table does not know (a report of another version) gets GLPK's
 * row, the default engine's. */
static hs_engine_info engine_named(const char *name)
{
    hs_engine e = HS_ENGINE_GLPK;
    char buf[16];
    size_t n = strcspn(name, "_");
    if (n < sizeof buf) {
        memcpy(buf, name, n);
        buf[n] = '\0';
        if (hs_engine_parse(buf, &e))
            e = HS_ENGINE_GLPK;
    }
    return hs_engine_about(e);
}

static void proven_cell(FILE *out, const cJSON *row)
{
    if (cJSON_IsTrue(get(row, "optimal")))
        fputs("yes", out);
    else if (strcmp(str(row, "ilp_status"), "time_limit") == 0)
        fputs("no (time limit)", out);
    else
        fprintf(out, "no (%s failed)", engine_named(str(row, "ilp_status")).label);
}

static void md_row(FILE *out, const cJSON *row)
{
    const cJSON *runs = get(row, "greedy_runs");
    fprintf(out, "| %lld | %lld-%lld | %lld | %s | %lld | %lld | %lld | %lld | %lld | %lld | "
                 "%lld | ", integer(row, "cards"), deck(row, 0), deck(row, 1),
            integer(row, "target"), str(row, "groupings"), integer(row, "hands"),
            integer(row, "solvable"), integer(row, "family_solvable"),
            integer(row, "templates"), integer(row, "useful_templates"),
            integer(row, "classes"), integer(row, "necessary"));
    if (cJSON_IsNumber(get(row, "lp_bound")))
        fprintf(out, "%.2f", num(row, "lp_bound"));
    else
        fputs("-", out);
    fprintf(out, " | %lld | %lld-%lld | %lld | %lld-%lld | ", integer(row, "greedy"),
            integer(runs, "min"), integer(runs, "max"), integer(row, "greedy_pruned"),
            integer(runs, "pruned_min"), integer(runs, "pruned_max"));
    /* Only a proven optimum goes in bold; an unproven row is the interval the proofs
     * leave, never its best cover alone, which would read as an optimum. */
    if (cJSON_IsTrue(get(row, "optimal")))
        fprintf(out, "**%lld**", integer(row, "optimum"));
    else
        fprintf(out, "between %lld and %lld", integer(row, "best_bound"),
                integer(row, "optimum"));
    fputs(" | ", out);
    proven_cell(out, row);
    fputs(" |\n", out);
}

static void md_config(FILE *out, const cJSON *row)
{
    fprintf(out, "%lld cards, deck %lld-%lld, target %lld, %s", integer(row, "cards"),
            deck(row, 0), deck(row, 1), integer(row, "target"), str(row, "groupings"));
}

/* "Smallest minimum test set: **66** at target 1 (proven)", or where the proofs do not
 * settle it "Smallest best cover: 83 at target 2 (not settled by the proofs)": an
 * unproven value is never called the minimum nor set in bold. */
static void md_extreme(FILE *out, const cJSON *table, const char *which, const char *what)
{
    const cJSON *e = get(table, which), *at = get(e, "targets");
    if (!cJSON_IsObject(e))
        return;
    if (cJSON_IsTrue(get(e, "proven")))
        fprintf(out, "%s minimum test set: **%lld** at ", what, integer(e, "optimum"));
    else
        fprintf(out, "%s best cover: %lld at ", what, integer(e, "optimum"));
    bool targets = at != NULL;
    if (!targets)
        at = get(e, "rows");
    int n = cJSON_GetArraySize(at);
    if (targets)
        fprintf(out, "target%s ", n > 1 ? "s" : "");
    for (int i = 0; i < n; i++) {
        int64_t v = 0;
        jsonint_get(cJSON_GetArrayItem(at, i), &v);
        fputs(i == 0 ? "" : i == n - 1 ? " and " : ", ", out);
        if (targets)
            fprintf(out, "%lld", (long long)v);
        else
            md_config(out, cJSON_GetArrayItem(get(table, "rows"), (int)v));
    }
    fprintf(out, " (%s).\n", cJSON_IsTrue(get(e, "proven")) ? "proven"
                                                            : "not settled by the proofs");
}

static void md_timings(FILE *out, const cJSON *rows)
{
    fprintf(out, "\nTime per phase, seconds (varies from run to run):\n\n"
                 "| cards | deck | target | family |");
    for (size_t i = 0; i < NPHASES; i++)
        fprintf(out, " %s |", strcmp(phases[i], "until_report") ? phases[i] : "total");
    fputs("\n|---:|---|---:|---|", out);
    for (size_t i = 0; i < NPHASES; i++)
        fputs("---:|", out);
    fputc('\n', out);
    const cJSON *row;
    cJSON_ArrayForEach(row, rows) {
        fprintf(out, "| %lld | %lld-%lld | %lld | %s |", integer(row, "cards"), deck(row, 0),
                deck(row, 1), integer(row, "target"), str(row, "groupings"));
        for (size_t i = 0; i < NPHASES; i++)
            fprintf(out, " %.4f |", num(get(row, "seconds"), phases[i]));
        fputc('\n', out);
    }
}

/* The columns, for the project's results page and for a user's list alike. */
static const char columns[] =
    "Columns: *solvable* = hands some expression with any grouping solves; *family "
    "solves* = hands\nthe family's templates solve (the hands to hit); *useful* = "
    "templates that solve at least one\nhand; *classes* = templates grouped by equal "
    "solution sets; *necessary* = classes alone on\nsome hand; *LP bound* = the "
    "linear relaxation's optimum; *greedy* = classic greedy with ties\nto the "
    "lowest class, then its min-max over random tie-breaks, and the same after "
    "pruning\nredundant classes; *optimum* = the fewest templates that solve every "
    "hand the family solves,\nin bold when proven, else \"between B and C\" (the proven "
    "lower bound and the best cover found);\n*proven* = a proven lower bound equals the "
    "optimum (else why not).\n";

static void md_header(FILE *out, const cJSON *doc, const char *configs)
{
    const cJSON *h = get(doc, "sweep");
    /* The project's results page has its title, "do not edit" line and links into
     * docs/; a table of the user's own list gets none of them. */
    if (configs)
        fputs("# t24 sweep\n\nGenerated by `t24 sweep --configs` from the user's list.\n",
              out);
    else
        fputs("# Results\n\nGenerated by `t24 sweep` (`make results` regenerates this page; "
              "do not edit it by hand).\n", out);
    fprintf(out, "Each row is the report of `t24 study --json` for its "
                 "configuration, run by the same\nlibrary call. Greedy: %lld runs with random "
                 "tie-breaking (seed %lld); the whole study at most %g s\nper configuration, "
                 "the exact search by %s%s.\n\n",
            integer(h, "greedy_runs"), integer(h, "seed"), num(h, "time_limit"),
            engine_named(str(h, "engine")).method,
            cJSON_IsTrue(get(h, "reductions")) ? ""
                                  : ", without reductions");
    fputs(columns, out);
    if (configs) {
        fputs("Times are left out unless `--timings` is given.\n", out);
        return;
    }
    fputs("Definitions: [method.md](method.md). Times are left out so that this page is\n"
          "reproducible byte for byte: `t24 sweep --timings` adds a table "
          "of times per phase, and\n[benchmarks.md](benchmarks.md) has the medians. Five "
          "cards at target 24, where proofs take\nminutes, are in [frontier.md](frontier.md) "
          "(`make frontier`).\n", out);
}

/* Writes the document as Markdown: a header, then per table its rows and the smallest
 * and largest optimum, and with timings a separate table of times per phase. */
void sweep_report_markdown(FILE *out, const cJSON *doc, bool timings, const char *configs)
{
    md_header(out, doc, configs);
    const cJSON *t;
    cJSON_ArrayForEach(t, get(doc, "tables")) {
        fprintf(out, "\n## %s: %s\n\n", str(t, "name"), str(t, "title"));
        fputs("| cards | deck | target | family | hands | solvable | family solves | "
              "templates | useful | classes | necessary | LP bound | greedy | greedy, random "
              "ties | greedy pruned | pruned, random ties | optimum | proven |\n"
              "|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|"
              "---:|---|\n", out);
        const cJSON *row;
        cJSON_ArrayForEach(row, get(t, "rows"))
            md_row(out, row);
        if (cJSON_GetArraySize(get(t, "rows")) > 1) {
            fputc('\n', out);
            md_extreme(out, t, "smallest", "Smallest");
            fputc('\n', out);
            md_extreme(out, t, "largest", "Largest");
        }
        /* The project's page shows its 100 targets as a figure too (make figures). */
        if (!configs && strcmp(str(t, "name"), "targets") == 0)
            fputs("\n![The minimum test set by target, with greedy, the LP bound and the "
                  "solvable hands](figures/optimum-by-target.svg)\n", out);
        if (timings)
            md_timings(out, get(t, "rows"));
    }
}

/* One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line end, with
 * inner quotes doubled. Table names come from --configs files and may hold anything. */
static void csv_field(FILE *out, const char *s)
{
    if (!s[strcspn(s, ",\"\r\n")]) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* Writes one CSV line per row (RFC 4180) with the table's name first; with timings, one
 * seconds_<phase> column per phase at the end. */
void sweep_report_csv(FILE *out, const cJSON *doc, bool timings)
{
    fputs("table,cards,deck_lo,deck_hi,target,groupings,hands,solvable,family_solvable,"
          "templates,useful_templates,classes,necessary,lp_bound,lp_bound_ceil,greedy,"
          "greedy_random_min,greedy_random_median,greedy_random_max,greedy_pruned,"
          "greedy_pruned_random_min,greedy_pruned_random_max,optimum,best_bound,optimal,"
          "ilp_status", out);
    for (size_t i = 0; timings && i < NPHASES; i++)
        fprintf(out, ",seconds_%s", phases[i]);
    fputc('\n', out);
    const cJSON *t, *row;
    cJSON_ArrayForEach(t, get(doc, "tables")) cJSON_ArrayForEach(row, get(t, "rows")) {
        const cJSON *runs = get(row, "greedy_runs");
        csv_field(out, str(t, "name"));
        fprintf(out, ",%lld,%lld,%lld,%lld,", integer(row, "cards"), deck(row, 0),
                deck(row, 1), integer(row, "target"));
        csv_field(out, str(row, "groupings"));
        fprintf(out, ",%lld,%lld,%lld,%lld,%lld,%lld,%lld,", integer(row, "hands"),
                integer(row, "solvable"), integer(row, "family_solvable"),
                integer(row, "templates"), integer(row, "useful_templates"),
                integer(row, "classes"), integer(row, "necessary"));
        if (cJSON_IsNumber(get(row, "lp_bound")))
            fprintf(out, "%.6f,%lld,", num(row, "lp_bound"), integer(row, "lp_bound_ceil"));
        else
            fputs(",,", out);
        fprintf(out, "%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,%s,",
                integer(row, "greedy"), integer(runs, "min"), integer(runs, "median"),
                integer(runs, "max"), integer(row, "greedy_pruned"),
                integer(runs, "pruned_min"), integer(runs, "pruned_max"),
                integer(row, "optimum"), integer(row, "best_bound"),
                cJSON_IsTrue(get(row, "optimal")) ? "true" : "false");
        csv_field(out, str(row, "ilp_status"));
        for (size_t i = 0; timings && i < NPHASES; i++)
            fprintf(out, ",%.6f", num(get(row, "seconds"), phases[i]));
        fputc('\n', out);
    }
}
