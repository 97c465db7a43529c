/* study_options.c - parsing the shared configuration options; see study_options.h. */
#include "cli/study_options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/args.h"
#include "core/parse.h"
#include "study/preflight.h"

/* --local-search S: 0 (no local search) or a positive number of seconds. */
int study_options_ls_seconds(const char *v, double *out)
{
    if (strcmp(v, "0") == 0) {
        *out = 0;
        return 0;
    }
    return parse_double_positive(v, out);
}

void study_options_init(study_options *o)
{
    memset(o, 0, sizeof *o);
    enumeration_params_init(&o->sp);
    mincover_params_init(&o->hp);
    o->memory_limit = preflight_default_limit();
}

static int parse_hitset(study_options *o, const char *cmd, const char *name, const char *v)
{
    if (strcmp(name, "--time-limit") == 0) {
        if (parse_double_positive(v, &o->hp.time_limit))
            return args_error(cmd, "--time-limit must be a positive number of seconds, "
                                   "not '%s'", v);
    } else if (strcmp(name, "--local-search") == 0) {
        if (study_options_ls_seconds(v, &o->hp.ls_seconds))
            return args_error(cmd, "--local-search must be 0 or a positive number of "
                                   "seconds, not '%s'", v);
    } else if (strcmp(name, "--solver") == 0) {
        if (engine_parse(v, &o->hp.engine))
            return args_error(cmd, "--solver must be 'glpk' or 'cbc', not '%s'", v);
    } else if (strcmp(name, "--lp") == 0) {
        if (mincover_lp_parse(v, &o->hp.lp))
            return args_error(cmd, "--lp must be 'auto', 'simplex' or 'colgen', not '%s'", v);
    } else if (strcmp(name, "--greedy-runs") == 0) {
        int runs;
        if (parse_int_range(v, 1, MINCOVER_MAX_RUNS, &runs))
            return args_error(cmd, "--greedy-runs must be an integer from 1 to %d, not '%s'",
                              MINCOVER_MAX_RUNS, v);
        o->hp.greedy_runs = (uint32_t)runs;
    } else {
        int64_t seed;
        if (parse_int64(v, &seed) || seed < 0)
            return args_error(cmd, "--seed must be a non-negative integer, not '%s'", v);
        o->hp.seed = (uint64_t)seed;
    }
    return 0;
}

static int parse_study(study_options *o, const char *cmd, const char *name, const char *v)
{
    if (strcmp(name, "--cards") == 0) {
        if (parse_int_range(v, TEMPLATE_MIN_CARDS, TEMPLATE_MAX_CARDS, &o->sp.ncards))
            return args_error(cmd, "--cards must be an integer from 2 to 6, not '%s'", v);
    } else if (strcmp(name, "--deck") == 0) {
        if (parse_deck(v, &o->sp.lo, &o->sp.hi))
            return args_error(cmd, "--deck must be LO-HI with 0 <= LO <= HI <= 1000000, "
                                   "not '%s'", v);
    } else if (strcmp(name, "--target") == 0) {
        if (parse_int64(v, &o->sp.target))
            return args_error(cmd, "--target must be an integer, not '%s'", v);
    } else if (strcmp(name, "--groupings") == 0) {
        if (template_groupings_parse(v, &o->sp.groupings))
            return args_error(cmd, "--groupings must be 'reduced' or 'all', not '%s'", v);
        o->groupings_set = true;
    } else if (parse_int_range(v, 1, 64, &o->sp.nthreads)) {
        return args_error(cmd, "--threads must be an integer from 1 to 64, not '%s'", v);
    }
    return 0;
}

/* Consumes argv[*i] (and its value) when it is a configuration option. Returns 0 when it
 * was, STUDY_OPTIONS_NOT_MINE when it is not, or ARGS_EXIT_USAGE after printing the problem. */
int study_options_parse(study_options *o, const char *cmd, int argc, char **argv, int *i)
{
    static const char *const study_opts[] = { "--cards", "--deck", "--target", "--groupings",
                                              "--threads" };
    static const char *const mincover_opts[] = { "--time-limit", "--greedy-runs", "--seed",
                                                  "--local-search", "--solver", "--lp" };
    if (strcmp(argv[*i], "--coverage") == 0) {
        o->hp.coverage = true;
        return 0;
    }
    if (strcmp(argv[*i], "--no-reductions") == 0) {
        o->hp.reduce = false;
        return 0;
    }
    if (strcmp(argv[*i], "--quiet") == 0 || strcmp(argv[*i], "--progress") == 0) {
        progress_mode m = argv[*i][2] == 'q' ? PROGRESS_OFF : PROGRESS_LOG;
        if (o->progress != PROGRESS_AUTO && o->progress != m)
            return args_error(cmd, "--quiet and --progress contradict each other");
        o->progress = m;
        return 0;
    }
    bool absent = false;
    const char *size = args_value(argc, argv, i, "--memory-limit", &absent);
    if (absent)
        return args_error(cmd, "--memory-limit needs a value");
    if (size) {
        if (parse_size(size, &o->memory_limit))
            return args_error(cmd, "--memory-limit must be a size such as 8G, 512M or "
                                   "1.5G, not '%s'", size);
        return 0;
    }
    for (int k = 0; k < 11; k++) {
        const char *name = k < 5 ? study_opts[k] : mincover_opts[k - 5];
        bool missing = false;
        const char *v = args_value(argc, argv, i, name, &missing);
        if (missing)
            return args_error(cmd, "%s needs a value", name);
        if (v)
            return k < 5 ? parse_study(o, cmd, name, v) : parse_hitset(o, cmd, name, v);
    }
    return STUDY_OPTIONS_NOT_MINE;
}

/* Applies the defaults that depend on other options and checks the combination. Returns
 * 0 or ARGS_EXIT_USAGE after printing the problem. */
int study_options_finish(study_options *o, const char *cmd)
{
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
        preflight_describe(&e, what, sizeof what);
        preflight_format_bytes((double)o->memory_limit, limit, sizeof limit);
        if (!args_other_rank()) /* every rank refuses; rank 0 says why */
            fprintf(stderr, "t24 %s: refusing to start over --memory-limit %s: %s\n", cmd,
                    limit, what);
        return ARGS_EXIT_USAGE;
    }
    return 0;
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
    mincover_params d;
    mincover_params_init(&d);
    const mincover_params *p = &o->hp;
    char extra[256] = "";
    if (p->time_limit != d.time_limit)
        append(extra, sizeof extra, " --time-limit %.15g", p->time_limit);
    if (p->ls_seconds != d.ls_seconds)
        append(extra, sizeof extra, " --local-search %.15g", p->ls_seconds);
    if (p->engine != d.engine)
        append(extra, sizeof extra, " --solver %s", engine_name(p->engine));
    if (p->lp != d.lp)
        append(extra, sizeof extra, " --lp %s", mincover_lp_name(p->lp));
    if (p->greedy_runs != d.greedy_runs)
        append(extra, sizeof extra, " --greedy-runs %u", (unsigned)p->greedy_runs);
    if (p->seed != d.seed)
        append(extra, sizeof extra, " --seed %llu", (unsigned long long)p->seed);
    if (!p->reduce)
        append(extra, sizeof extra, " --no-reductions");
    return snprintf(buf, size, "t24 %s --cards %d --deck %lld-%lld --target %lld --groupings %s%s",
                    cmd, o->sp.ncards, (long long)o->sp.lo, (long long)o->sp.hi,
                    (long long)o->sp.target, template_groupings_name(o->sp.groupings), extra);
}
