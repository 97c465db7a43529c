/* study_options.c - parsing the shared configuration options; see study_options.h. */
#include "cli/study_options.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "core/budget.h"
#include "core/parse.h"
#include "study/preflight.h"

/* The search's defaults on the command line: the library's, but its engine. */
static void command_line_defaults(hs_params *p)
{
    hs_params_init(p);
    p->engine = STUDY_OPTIONS_ENGINE;
}

void study_options_init(study_options *o)
{
    memset(o, 0, sizeof *o);
    enumeration_params_init(&o->sp);
    command_line_defaults(&o->hp);
    o->hp.threads = o->sp.nthreads; /* one --threads: the evaluation's and CBC's */
    o->memory_limit = preflight_default_limit();
}

double study_options_time_limit(const study_options *o)
{
    hs_params d;
    command_line_defaults(&d);
    if (o->time_limit_set || !o->hp.work)
        return o->time_limit_set ? o->hp.time_limit : d.time_limit;
    double cap = (double)o->hp.work / STUDY_OPTIONS_WORK_RATE;
    return cap < d.time_limit ? d.time_limit : cap > BUDGET_MAX_SECONDS ? BUDGET_MAX_SECONDS : cap;
}

void study_options_cap_work(study_options *o)
{
    o->hp.time_limit = study_options_time_limit(o);
}

/* ---- The table of the hitting-set options ----
 *
 * Each setter turns the text into the field and returns 0, or -1 when the text is no
 * value of the field's type at all; flags get NULL. Ranges are not checked here: after a
 * setter, hs_params_check() judges the whole search's parameters (the others were
 * judged when they were set, so a refusal is this option's). Integers are saturated into
 * their field, so that an out-of-range value stays out of range rather than wrapping into
 * it (4294967297 greedy runs must not become 1). */

static int saturate_int(int64_t v)
{
    return v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
}

static int set_threads(study_options *o, const char *v)
{
    int64_t n;
    if (parse_int64(v, &n))
        return -1;
    o->hp.threads = saturate_int(n);
    o->sp.nthreads = o->hp.threads;
    return 0;
}

static int set_time_limit(study_options *o, const char *v)
{
    o->time_limit_set = true;
    return parse_double_positive(v, &o->hp.time_limit);
}

/* Work units for the run: 1..1e15, in digits or with an exponent that leaves an
 * integer (8e9, as the docs write them; parse_count()); the engine's one range check,
 * budget.h, says so again through hs_params_check(). */
static int set_work(study_options *o, const char *v)
{
    uint64_t n;
    if (parse_count(v, &n) || n < 1)
        return -1;
    o->hp.work = n;
    return 0;
}

/* 0 (no local search) or a positive number of seconds: a negative local_search means
 * the engine's default, which the user asks for by leaving the option out. */
static int set_local_search(study_options *o, const char *v)
{
    if (strcmp(v, "0") == 0) {
        o->hp.local_search = 0;
        return 0;
    }
    return parse_double_positive(v, &o->hp.local_search);
}

/* A step limit for the local search: a non-negative integer, 0 for none (the default). */
static int set_ls_steps(study_options *o, const char *v)
{
    int64_t n;
    if (parse_int64(v, &n) || n < 0)
        return -1;
    o->hp.ls_steps = (uint64_t)n;
    return 0;
}

static int set_solver(study_options *o, const char *v)
{
    o->engine_set = true;
    return hs_engine_parse(v, &o->hp.engine);
}

static int set_lp(study_options *o, const char *v)
{
    return hs_lp_parse(v, &o->hp.lp);
}

static int set_greedy_runs(study_options *o, const char *v)
{
    int64_t n;
    if (parse_int64(v, &n))
        return -1;
    o->hp.greedy_runs = n < 0 ? 0 : n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
    return 0;
}

/* The seed is any uint64 to the engine; the command line keeps to int64's non-negative
 * half, which every JSON reader holds exactly. */
static int set_seed(study_options *o, const char *v)
{
    int64_t seed;
    if (parse_int64(v, &seed) || seed < 0)
        return -1;
    o->hp.seed = (uint64_t)seed;
    return 0;
}

static int set_coverage(study_options *o, const char *v)
{
    (void)v;
    o->hp.coverage = true;
    return 0;
}

static int set_no_reductions(study_options *o, const char *v)
{
    (void)v;
    o->hp.reduce = false;
    return 0;
}

static int set_core_method(study_options *o, const char *v)
{
    (void)v;
    o->hp.core_method = true;
    return 0;
}

static int set_memory_limit(study_options *o, const char *v)
{
    return parse_size(v, &o->memory_limit);
}

/* --quiet and --progress: either, repeated or not, but not both. */
static int set_progress_mode(study_options *o, progress_mode m)
{
    if (o->progress != PROGRESS_AUTO && o->progress != m)
        return -1;
    o->progress = m;
    return 0;
}

static int set_quiet(study_options *o, const char *v)
{
    (void)v;
    return set_progress_mode(o, PROGRESS_OFF);
}

static int set_progress(study_options *o, const char *v)
{
    (void)v;
    return set_progress_mode(o, PROGRESS_LOG);
}

#define XSTR(x) STR(x)
#define STR(x) #x
#define ALL (STUDY_OPTIONS_STUDY | STUDY_OPTIONS_EMIT | STUDY_OPTIONS_SWEEP | STUDY_OPTIONS_COVER)
#define STUDIES (STUDY_OPTIONS_STUDY | STUDY_OPTIONS_EMIT | STUDY_OPTIONS_SWEEP)
#define CONTRADICTION "--quiet and --progress contradict each other"

typedef struct {
    const char *name;  /* "--greedy-runs" */
    const char *value; /* its value's name in the help ("K"), or NULL for a flag */
    unsigned commands; /* STUDY_OPTIONS_* of the commands that take it */
    const char *help;  /* its help, wrapped to 57 columns, lines ending in '\n' */
    const char *must;  /* "--X must be MUST, not 'V'"; for a flag, the whole refusal */
    int (*set)(study_options *o, const char *v);
} option_row;

/* One wording for all the commands: where an option means a little more in one of
 * them, the help says so in passing rather than forking the line. */
static const option_row table[] = {
    { "--threads", "N", ALL,
      "threads of the evaluation and of CBC (--solver cbc),\n"
      "1-64 (default 2)\n",
      "an integer from 1 to 64", set_threads },
    { "--time-limit", "S", ALL,
      "seconds for the whole run (in a sweep, for each\n"
      "configuration), > 0 (default 60); a stopped search\n"
      "reports its best cover and bound, never an unproven\n"
      "optimum\n",
      "a positive number of seconds", set_time_limit },
    { "--work", "N", ALL,
      "work units for the hitting-set run (about 5e6 a second\n"
      "here; docs/hitting-sets.md): its phases share work,\n"
      "not time, so the same command gives the same cover,\n"
      "bounds and certificate on any machine at any load;\n"
      "--time-limit then only caps it (default: no limit);\n"
      "N may be written 2e7 (an integer in an exponent form)\n",
      "an integer from 1 to 1e15 (in digits, or as 8e9)", set_work },
    { "--local-search", "S", ALL,
      "seconds of local search for a smaller cover before the\n"
      "exact search, which starts from its cover: S /\n"
      "--time-limit of the searches' time, or under --work\n"
      "S x 5e6 units' share of the work, with no patience\n"
      "(0: none;\n"
      "default: up to a quarter of --time-limit, ending after\n"
      "300 steps per set of the core, at least 50000,\n"
      "without improvement, then on until 90% of it (or ten\n"
      "times that patience without improvement) while the\n"
      "cover is more than 10% above the LP bound; all the\n"
      "time left where column generation ran)\n",
      "0 or a positive number of seconds", set_local_search },
    { "--ls-steps", "N", ALL,
      "the local search's steps at most, beside its seconds\n"
      "(default 0: no limit); the same --seed and N give the\n"
      "same local search cover when the steps end first\n",
      "a non-negative integer", set_ls_steps },
    { "--solver", "ENGINE", ALL,
      "the exact search: t24 (t24's certifying branch and\n"
      "bound; the default), glpk (GLPK) or cbc (COIN-OR CBC)\n",
      "'glpk', 'cbc' or 't24'", set_solver },
    { "--lp", "METHOD", ALL,
      "the LP bound: simplex (GLPK on every element, a class\n"
      "in a study), colgen (column generation) or auto\n"
      "(default: colgen above 20000 elements after\n"
      "reductions, that is six cards)\n",
      "'auto', 'simplex' or 'colgen'", set_lp },
    { "--greedy-runs", "K", ALL,
      "greedy runs with random tie-breaking, 1-" XSTR(HS_GREEDY_RUNS_MAX) "\n"
      "(default 100; t24 cover makes fewer on a large\n"
      "instance: 2^24 / (entries + elements), at least 1)\n",
      "an integer from 1 to " XSTR(HS_GREEDY_RUNS_MAX), set_greedy_runs },
    { "--seed", "S", ALL,
      "their random seed, and the local search's,\n"
      "0-9223372036854775807 (default 1)\n",
      "a non-negative integer", set_seed },
    { "--coverage", NULL, STUDY_OPTIONS_STUDY,
      "also the most hands k templates solve, k = 1..optimum,\n"
      "one max-coverage ILP per k (all within one --time-limit),\n"
      "against greedy's first k\n",
      NULL, set_coverage },
    { "--no-reductions", NULL, ALL,
      "give the exact search the whole instance (to\n"
      "cross-check the reductions)\n",
      NULL, set_no_reductions },
    { "--core-method", NULL, STUDY_OPTIONS_STUDY | STUDY_OPTIONS_COVER,
      "the core method (Caprara, Fischetti, Toth) in the\n"
      "local search's place where the core has far more\n"
      "elements than sets (default off: it found larger\n"
      "covers than the local search where measured)\n",
      NULL, set_core_method },
    { "--memory-limit", "SIZE", STUDIES,
      "refuse to start when the estimated peak memory (of any\n"
      "configuration, in a sweep) is above SIZE (bytes, or\n"
      "with K, M, G, T; default 3/4 of the machine's memory)\n",
      "a size such as 8G, 512M or 1.5G", set_memory_limit },
    { "--quiet", NULL, ALL,
      "no progress and no notes on stderr (progress is shown\n"
      "only when stderr is a terminal)\n",
      CONTRADICTION, set_quiet },
    { "--progress", NULL, ALL,
      "progress on stderr even when it is not a terminal:\n"
      "plain lines, at most one every 5 s with the time spent\n"
      "and the limit, or one per configuration in a sweep\n"
      "(for logs)\n",
      CONTRADICTION, set_progress },
};

#define TABLE_ROWS (sizeof table / sizeof table[0])

static const char *command_name(study_options_command_id cmd)
{
    switch (cmd) {
    case STUDY_OPTIONS_STUDY: return "study";
    case STUDY_OPTIONS_EMIT: return "emit";
    case STUDY_OPTIONS_SWEEP: return "sweep";
    case STUDY_OPTIONS_COVER: return "cover";
    }
    return "?";
}

void study_options_help(FILE *fp, study_options_command_id cmd)
{
    for (size_t k = 0; k < TABLE_ROWS; k++) {
        const option_row *r = &table[k];
        if (!(r->commands & cmd))
            continue;
        char head[48];
        snprintf(head, sizeof head, "%s%s%s", r->name, r->value ? " " : "",
                 r->value ? r->value : "");
        fprintf(fp, "  %-20s ", head);
        for (const char *line = r->help; *line; line = strchr(line, '\n') + 1)
            fprintf(fp, "%s%.*s\n", line == r->help ? "" : "                       ",
                    (int)(strchr(line, '\n') - line), line);
    }
}

/* One row's option at argv[*i]: 0, STUDY_OPTIONS_NOT_MINE, or ARGS_EXIT_USAGE. */
static int parse_row(study_options *o, const option_row *r, const char *cmd, int argc,
                     char **argv, int *i)
{
    const char *v = NULL;
    if (!r->value) {
        if (strcmp(argv[*i], r->name) != 0)
            return STUDY_OPTIONS_NOT_MINE;
    } else {
        bool missing = false;
        v = args_value(argc, argv, i, r->name, &missing);
        if (missing)
            return args_error(cmd, "%s needs a value", r->name);
        if (!v)
            return STUDY_OPTIONS_NOT_MINE;
    }
    char why[256];
    if (r->set(o, v) == 0 && hs_params_check(&o->hp, why, sizeof why) == 0)
        return 0;
    if (!r->value)
        return args_error(cmd, "%s", r->must);
    return args_error(cmd, "%s must be %s, not '%s'", r->name, r->must, v);
}

static int parse_table(study_options *o, study_options_command_id cmd, int argc,
                       char **argv, int *i)
{
    for (size_t k = 0; k < TABLE_ROWS; k++) {
        if (!(table[k].commands & cmd))
            continue;
        int rc = parse_row(o, &table[k], command_name(cmd), argc, argv, i);
        if (rc != STUDY_OPTIONS_NOT_MINE)
            return rc;
    }
    return STUDY_OPTIONS_NOT_MINE;
}

/* ---- The configuration of a study: study and emit only ---- */

static int parse_config_value(study_options *o, const char *cmd, const char *name,
                              const char *v)
{
    if (strcmp(name, "--cards") == 0) {
        if (parse_int_range(v, TEMPLATE_MIN_CARDS, TEMPLATE_MAX_CARDS, &o->sp.ncards))
            return args_error(cmd, "--cards must be an integer from 2 to 7, not '%s'", v);
    } else if (strcmp(name, "--deck") == 0) {
        if (parse_deck(v, &o->sp.lo, &o->sp.hi))
            return args_error(cmd, "--deck must be LO-HI with 0 <= LO <= HI <= 1000000, "
                                   "not '%s'", v);
    } else if (strcmp(name, "--target") == 0) {
        if (parse_int64(v, &o->sp.target))
            return args_error(cmd, "--target must be an integer, not '%s'", v);
    } else if (template_groupings_parse(v, &o->sp.groupings)) {
        return args_error(cmd, "--groupings must be 'reduced' or 'all', not '%s'", v);
    } else {
        o->groupings_set = true;
    }
    return 0;
}

static int parse_config(study_options *o, const char *cmd, int argc, char **argv, int *i)
{
    static const char *const names[] = { "--cards", "--deck", "--target", "--groupings" };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        bool missing = false;
        const char *v = args_value(argc, argv, i, names[k], &missing);
        if (missing)
            return args_error(cmd, "%s needs a value", names[k]);
        if (v)
            return parse_config_value(o, cmd, names[k], v);
    }
    return STUDY_OPTIONS_NOT_MINE;
}

int study_options_parse(study_options *o, study_options_command_id cmd, int argc,
                        char **argv, int *i)
{
    if (cmd & (STUDY_OPTIONS_STUDY | STUDY_OPTIONS_EMIT)) {
        int rc = parse_config(o, command_name(cmd), argc, argv, i);
        if (rc != STUDY_OPTIONS_NOT_MINE)
            return rc;
    }
    return parse_table(o, cmd, argc, argv, i);
}

/* Applies the defaults that depend on other options and checks the combination. Returns
 * 0 or ARGS_EXIT_USAGE after printing the problem. */
/* Above the machine's memory --memory-limit refuses nothing this machine can hold: said,
 * not refused, since a plan for larger nodes may be made here (docs/cli.md). */
void study_options_warn_memory(const study_options *o, const char *cmd)
{
    uint64_t machine = preflight_machine_memory();
    if (o->memory_limit <= machine || machine == 0 || args_other_rank())
        return;
    char limit[32], have[32];
    preflight_format_bytes((double)o->memory_limit, limit, sizeof limit);
    preflight_format_bytes((double)machine, have, sizeof have);
    fprintf(stderr, "t24 %s: warning: --memory-limit %s is above this machine's %s of memory: "
            "a run estimated between the two is not refused, and may not fit\n", cmd, limit,
            have);
}

int study_options_finish(study_options *o, const char *cmd)
{
    study_options_cap_work(o);
    if (!o->groupings_set)
        o->sp.groupings = o->sp.ncards == 4 ? TEMPLATE_REDUCED : TEMPLATE_ALL;
    if (o->sp.groupings == TEMPLATE_REDUCED && o->sp.ncards != 4)
        return args_error(cmd, "--groupings reduced exists for 4 cards only, not %d",
                          o->sp.ncards);
    if (hand_count_multisets(o->sp.ncards, o->sp.lo, o->sp.hi) == UINT64_MAX)
        return args_error(cmd, "deck %lld-%lld with %d cards has more than %u hands",
                          (long long)o->sp.lo, (long long)o->sp.hi, o->sp.ncards,
                          HAND_MAX_COUNT);
    preflight_estimate e;
    if (o->memory_limit && preflight_run(&o->sp, &o->hp, &e) == 0 &&
        e.bytes > (double)o->memory_limit) {
        char what[512], limit[32];
        preflight_describe_limit(&e, (double)o->memory_limit, what, sizeof what);
        preflight_format_bytes((double)o->memory_limit, limit, sizeof limit);
        if (!args_other_rank()) /* every rank refuses; rank 0 says why */
            fprintf(stderr, "t24 %s: refusing to start over --memory-limit %s: %s\n", cmd,
                    limit, what);
        return ARGS_EXIT_USAGE;
    }
    study_options_warn_memory(o, cmd);
    return 0;
}

/* A certificate speaks of the whole instance, so with one the certifying search runs on
 * it rather than on the reduced core. On six cards that whole instance (tens of thousands
 * of classes) leaves the search no time for its root LP within a study's minutes
 * (docs/method.md, "The default engine": a certified bound of 0, where the core's search
 * keeps the LP's 24), so the default engine certifies up to five cards, and six only
 * when --solver t24 asks for it. */
bool study_options_out_certifies(const study_options *o)
{
    if (!hs_engine_about(o->hp.engine).can_certify)
        return false;
    return o->engine_set || o->sp.ncards <= STUDY_DEFAULT_CERTIFIED_CARDS;
}

/* Appends printf-style text to the string in buf, cutting it at size. */
static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, size - n, fmt, ap);
    va_end(ap);
}

/* The canonical command line for this configuration, e.g. "t24 emit --cards 4 --deck
 * 1-11 --target 24 --groupings reduced": the same whatever order options were given in.
 * The options that can change the cover follow when they differ from their defaults, so
 * that the line regenerates the cover a stopped search reported, not only a proven one. */
int study_options_command(const study_options *o, const char *cmd, char *buf, unsigned long size)
{
    hs_params d;
    command_line_defaults(&d);
    const hs_params *p = &o->hp;
    char extra[256] = "";
    if (p->work != d.work)
        append(extra, sizeof extra, " --work %llu", (unsigned long long)p->work);
    if (o->time_limit_set && p->time_limit != d.time_limit) /* else the default's or --work's */
        append(extra, sizeof extra, " --time-limit %.15g", p->time_limit);
    if (p->local_search != d.local_search)
        append(extra, sizeof extra, " --local-search %.15g", p->local_search);
    if (p->ls_steps != d.ls_steps)
        append(extra, sizeof extra, " --ls-steps %llu",
               (unsigned long long)p->ls_steps);
    if (p->engine != d.engine)
        append(extra, sizeof extra, " --solver %s", hs_engine_about(p->engine).name);
    if (p->lp != d.lp)
        append(extra, sizeof extra, " --lp %s", hs_lp_name(p->lp));
    if (p->greedy_runs != d.greedy_runs)
        append(extra, sizeof extra, " --greedy-runs %u", (unsigned)p->greedy_runs);
    if (p->seed != d.seed)
        append(extra, sizeof extra, " --seed %llu", (unsigned long long)p->seed);
    if (!p->reduce)
        append(extra, sizeof extra, " --no-reductions");
    if (p->core_method)
        append(extra, sizeof extra, " --core-method");
    return snprintf(buf, size, "t24 %s --cards %d --deck %lld-%lld --target %lld --groupings %s%s",
                    cmd, o->sp.ncards, (long long)o->sp.lo, (long long)o->sp.hi,
                    (long long)o->sp.target, template_groupings_name(o->sp.groupings), extra);
}
