/* cmd_solve.c - `t24 solve`: one hand from the command line, or many from a file.
 *
 * Every hand goes through solver_solve_hand() (solve/solver.h): the compiled table
 * first, then the general solver, every expression re-checked by verify.h. This file
 * reads the hands, prints the answers and maps the outcomes to exit statuses. */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "core/cards.h"
#include "core/lines.h"
#include "cli/cli.h"
#include "solve/search.h"
#include "solve/solver.h"
#include "core/parse.h"
#include "study/jsonint.h"

#define EXIT_INTERNAL 70 /* a solution failed its independent check: a bug, never input */
#define EXIT_UNDECIDED 3 /* a time or memory limit ended the search: no answer either way */
#define TIME_LIMIT_ONE 60.0   /* default seconds for a hand given as arguments */
#define TIME_LIMIT_BATCH 10.0 /* and for each hand of a batch */
#define MEMORY_LIMIT_MB 1024  /* default MiB the search memo may hold */
#define BATCH_LINE_MAX 65536 /* a hand is a few dozen bytes; comments may be long */

static const char help[] =
    "usage: t24 solve [options] CARD...\n"
    "       t24 solve [options] --batch FILE\n"
    "\n"
    "Find a way to make the target from the cards with + - * / and any grouping, each\n"
    "card used once. Prints one solution with only the parentheses it needs, such as\n"
    "'8/(3-8/3) = 24', or 'no solution'. Cards are integers or A (1), J (11), Q (12),\n"
    "K (13); from 1 to 16 of them (at most 6 with --all).\n"
    "\n"
    "options:\n"
    "  --target T     the number to make, any integer (default 24)\n"
    "  --all          print every distinct solution (see docs/solve.md for when two\n"
    "                 solutions count as the same)\n"
    "  --aces-high    an A may also count as 11\n"
    "  --batch FILE   read one hand per line from FILE ('-' for standard input) and\n"
    "                 write one line per hand: hand TAB count TAB solutions joined\n"
    "                 by '; '; blank lines and text after '#' are ignored\n"
    "  --json         print JSON: one object for a hand, one object per line in\n"
    "                 batch mode\n"
    "  --stats        add the search counters (expressions tried, states, memo hits)\n"
    "  --time-limit S seconds the search may spend on each hand, > 0 (default 60 for\n"
    "                 one hand, 10 per hand with --batch); a search still running\n"
    "                 then ends 'undecided after S s', never 'no solution'\n"
    "  --memory-limit M\n"
    "                 MiB the search memo may hold, 1-1048576 (default 1024); a\n"
    "                 search that needs more ends undecided the same way\n"
    "  -h, --help     show this help\n"
    "  -V, --version  print the version (as the only option)\n"
    "\n"
    "exit status: 0 solved, 1 no solution, 2 bad input, arithmetic overflow or\n"
    "(batch) any bad line, 3 undecided (a limit ended the search; in batch mode, some\n"
    "hand), 70 internal error.\n";

typedef struct {
    search_params sp;
    double time_limit; /* 0 until given: then the default of the mode */
    bool aces_high, json, stats;
    const char *batch;
    int first_card; /* argv index of the first card; 0 when none */
    int ncards;
} options;

typedef enum {
    SOLVE_OK = 0,
    SOLVE_BAD = ARGS_EXIT_USAGE,
    SOLVE_UNDECIDED = EXIT_UNDECIDED,
    SOLVE_INTERNAL = EXIT_INTERNAL
} solve_rc;

/* Which of two outcomes a batch reports: an internal error over bad input over an
 * undecided hand over success. */
static int worse(int a, int b)
{
    static const int order[] = { SOLVE_OK, SOLVE_UNDECIDED, SOLVE_BAD, SOLVE_INTERNAL };
    int ra = 0, rb = 0;
    for (int i = 0; i < 4; i++) {
        ra = order[i] == a ? i : ra;
        rb = order[i] == b ? i : rb;
    }
    return ra >= rb ? a : b;
}


/* The exit status of a solver outcome. */
static solve_rc rc_of(solver_status st)
{
    switch (st) {
    case SOLVER_OK:
        return SOLVE_OK;
    case SOLVER_UNDECIDED:
        return SOLVE_UNDECIDED;
    case SOLVER_INTERNAL:
        return SOLVE_INTERNAL;
    default:
        return SOLVE_BAD;
    }
}

/* ---- output ---- */

static cJSON *stats_json(const search_stats *st, bool by_table)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "answered_by", by_table ? "table" : "search");
    cJSON_AddNumberToObject(o, "expressions", (double)st->expressions);
    cJSON_AddNumberToObject(o, "states", (double)st->states);
    cJSON_AddNumberToObject(o, "memo_hits", (double)st->memo_hits);
    cJSON_AddNumberToObject(o, "raw_solutions", (double)st->raw_solutions);
    return o;
}

/* One JSON object per hand; line > 0 adds the batch line number. */
static void print_json(const cards_hand *h, const options *o, const solver_answer *ans, long line)
{
    cJSON *js = cJSON_CreateObject();
    jsonint_add_schema_version(js);
    if (line > 0)
        cJSON_AddNumberToObject(js, "line", (double)line);
    char hand[512];
    cards_format(h, hand, sizeof hand);
    cJSON_AddStringToObject(js, "hand", hand);
    /* A 64-bit target may not survive a double: write it as the string it was given. */
    char target[32];
    snprintf(target, sizeof target, "%lld", (long long)o->sp.target);
    cJSON_AddItemToObject(js, "target", cJSON_CreateRaw(target));
    cJSON_AddBoolToObject(js, "solvable", ans->n > 0);
    cJSON *sols = cJSON_AddArrayToObject(js, "solutions");
    for (size_t i = 0; i < ans->n; i++)
        cJSON_AddItemToArray(sols, cJSON_CreateString(ans->sols[i]));
    if (o->stats)
        cJSON_AddItemToObject(js, "stats", stats_json(&ans->stats, ans->by_table));
    char *text = cJSON_PrintUnformatted(js);
    if (text)
        puts(text);
    free(text);
    cJSON_Delete(js);
}

static void print_stats(const search_stats *st, bool by_table)
{
    if (by_table) {
        fprintf(stderr, "compiled table: expressions %llu\n",
                (unsigned long long)st->expressions);
        return;
    }
    fprintf(stderr, "expressions %llu, states %llu, memo hits %llu, raw solutions %llu\n",
            (unsigned long long)st->expressions, (unsigned long long)st->states,
            (unsigned long long)st->memo_hits, (unsigned long long)st->raw_solutions);
}

static void print_batch_line(const cards_hand *h, const options *o, const solver_answer *ans)
{
    char hand[512];
    cards_format(h, hand, sizeof hand);
    printf("%s\t%zu\t", hand, ans->n);
    for (size_t i = 0; i < ans->n; i++)
        printf("%s%s", i ? "; " : "", ans->sols[i]);
    putchar('\n');
    if (o->stats)
        print_stats(&ans->stats, ans->by_table);
}

/* ---- modes ---- */

/* Each argument holds one card or more ("3 3 8 8" quoted is a hand too); an argument
 * without a card, such as '', is an error, never skipped. */
static int run_single(search *s, char **argv, int argc, const options *o)
{
    cards_hand h = { .n = 0 };
    char err[512];
    (void)argc;
    for (int i = o->first_card; i < o->first_card + o->ncards; i++) {
        int before = h.n;
        if (cards_parse_more(argv[i], &h, err, sizeof err))
            return args_error("solve", "%s", err);
        if (h.n == before)
            return args_error("solve", "'%s' is not a card (an integer, or A J Q K)", argv[i]);
    }
    solver_answer ans = { 0 };
    solve_rc rc = rc_of(solver_solve_hand(s, &h, &o->sp, o->aces_high, &ans, err, sizeof err));
    if (rc != SOLVE_OK) {
        args_message("solve", "%s", err);
        solver_answer_free(&ans);
        return rc;
    }
    if (o->json) {
        print_json(&h, o, &ans, 0);
    } else if (ans.n == 0) {
        puts("no solution");
    } else {
        for (size_t i = 0; i < ans.n; i++)
            printf("%s = %lld\n", ans.sols[i], (long long)o->sp.target);
    }
    if (o->stats && !o->json)
        print_stats(&ans.stats, ans.by_table);
    int status = ans.n > 0 ? 0 : 1;
    solver_answer_free(&ans);
    return status;
}

/* Strips a '#' comment; returns true when nothing but blanks is left. */
static bool blank_line(char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    return line[strspn(line, " \t\r\n,")] == '\0';
}

static int run_batch(search *s, const options *o)
{
    char why[1024];
    FILE *in = args_open_input(o->batch, why, sizeof why);
    if (!in)
        return args_message("solve", "--batch: %s", why);
    lines rd;
    lines_init(&rd, in, BATCH_LINE_MAX);
    lines_status ls;
    char *line;
    size_t len;
    int status = 0;
    solver_answer ans = { 0 };
    while ((ls = lines_next(&rd, &line, &len)) != LINES_EOF && ls != LINES_ERROR &&
           ls != LINES_NOMEM) {
        long lineno = rd.lineno;
        cards_hand h;
        char err[512];
        solve_rc rc = SOLVE_BAD;
        if (ls == LINES_NUL)
            snprintf(err, sizeof err, "contains a NUL byte");
        else if (ls == LINES_TOO_LONG)
            snprintf(err, sizeof err, "longer than %d bytes", BATCH_LINE_MAX);
        else if (blank_line(line))
            continue;
        else if (cards_parse_line(line, &h, err, sizeof err) == 0)
            rc = rc_of(solver_solve_hand(s, &h, &o->sp, o->aces_high, &ans, err, sizeof err));
        if (rc != SOLVE_OK) {
            fflush(stdout); /* keep stderr in step with the lines already written */
            args_message("solve", "line %ld: %s", lineno, err);
            status = worse(status, rc);
            continue;
        }
        if (o->json)
            print_json(&h, o, &ans, lineno);
        else
            print_batch_line(&h, o, &ans);
        if (ferror(stdout))
            break; /* nobody reads the answers: cli_run() reports it */
    }
    if (ls == LINES_ERROR || ls == LINES_NOMEM) {
        args_message("solve", "'%s': %s after line %ld", o->batch, lines_message(&rd, ls),
                     rd.lineno);
        status = ARGS_EXIT_USAGE;
    }
    lines_free(&rd);
    solver_answer_free(&ans);
    args_close_input(in);
    return status;
}

/* Returns 0, 1 for --help, or ARGS_EXIT_USAGE after printing the problem. Cards are
 * every argument that is not an option; "--" ends the options, so that a negative card
 * such as -3 can follow it (a lone negative number is also taken as a card). */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    search_params_init(&o->sp);
    o->sp.memory_limit = (size_t)MEMORY_LIMIT_MB << 20;
    bool cards_only = false;
    int ncards = 0;
    for (int i = 1; i < argc; i++) {
        bool missing = false;
        const char *v;
        /* -5 is a card, and so is -99999999999999999999 (to be refused as one). */
        bool is_number = argv[i][0] == '-' && isdigit((unsigned char)argv[i][1]);
        if (cards_only || argv[i][0] != '-' || is_number) {
            if (!o->first_card)
                o->first_card = i;
            else if (o->first_card + ncards != i)
                return args_error("solve", "put the cards together, after the options");
            ncards++;
        } else if (strcmp(argv[i], "--") == 0) {
            cards_only = true;
            if (!o->first_card && i + 1 < argc)
                o->first_card = i + 1;
        } else if (args_is_help(argv[i])) {
            return 1;
        } else if (strcmp(argv[i], "--all") == 0) {
            o->sp.all = true;
        } else if (strcmp(argv[i], "--aces-high") == 0) {
            o->aces_high = true;
        } else if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else if (strcmp(argv[i], "--stats") == 0) {
            o->stats = o->sp.count = true;
        } else if ((v = args_value(argc, argv, &i, "--target", &missing))) {
            if (parse_int64(v, &o->sp.target))
                return args_error("solve", "--target must be an integer within 64 bits, "
                                           "not '%s'", v);
        } else if ((v = args_value(argc, argv, &i, "--batch", &missing))) {
            if (!*v)
                return args_error("solve", "--batch needs a file name or '-'");
            o->batch = v;
        } else if ((v = args_value(argc, argv, &i, "--time-limit", &missing))) {
            if (parse_double_positive(v, &o->time_limit))
                return args_error("solve", "--time-limit must be a positive number of "
                                           "seconds, not '%s'", v);
        } else if ((v = args_value(argc, argv, &i, "--memory-limit", &missing))) {
            int mb;
            if (parse_int_range(v, 1, 1 << 20, &mb))
                return args_error("solve", "--memory-limit must be a number of MiB from 1 to "
                                           "1048576, not '%s'", v);
            o->sp.memory_limit = (size_t)mb << 20;
        } else if (missing) {
            return args_error("solve", "%s needs a value", argv[i]);
        } else {
            return args_error("solve", "unknown option '%s'", argv[i]);
        }
    }
    o->ncards = ncards;
    if (!o->time_limit)
        o->time_limit = o->batch ? TIME_LIMIT_BATCH : TIME_LIMIT_ONE;
    o->sp.time_limit = o->time_limit;
    if (o->batch && ncards)
        return args_error("solve", "give cards or --batch, not both");
    if (!o->batch && !ncards)
        return args_error("solve", "no cards given");
    return 0;
}

int cmd_solve(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc == 1) {
        fputs(help, stdout);
        return 0;
    }
    if (rc)
        return rc;
    search *s = search_new();
    if (!s) {
        args_message("solve", "out of memory");
        return ARGS_EXIT_USAGE;
    }
    rc = o.batch ? run_batch(s, &o) : run_single(s, argv, argc, &o);
    search_free(s);
    return rc;
}
