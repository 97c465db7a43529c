/* bench.c - t24's benchmark harness (`make bench`): prints figures, never fails on time.
 *
 *   t24-bench [--six | --six-decks | --five SECONDS] [--write FILE]
 *
 * --six runs only the six-card study over deck 1-13 (`make six`, about 15 minutes);
 * --six-decks only decks 1-7, 1-8 and 1-10 (`make six-decks`, about 13 minutes).
 * Prints Markdown on stdout; with --write also into FILE (written under a temporary name
 * in FILE's folder and renamed, all or nothing: artifact.h, so FILE is never
 * half-written; the folder must exist and be writable, which is checked before any
 * work). Every figure is a median of repeated runs measured in this one process, so
 * ratios between rows compare like with like. The exit status is 0 whatever the times;
 * it is 2 only for a bad option, an unwritable FILE or an unwritable standard output. */
#include <cjson/cJSON.h>
#include <glpk.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/artifact.h"
#include "core/parse.h"
#include "harness.h"
#include "sections.h"
#include "core/hand.h"
#include "eval/solutions.h"
#include "study/enumeration.h"
#include "core/template.h"
#include "core/walltime.h"

/* Template-hand evaluations per second for one configuration, median of runs. */
static double eval_rate(int n, int64_t lo, int64_t hi, template_groupings g, int threads,
                        int runs)
{
    template_family *f = template_family_new(n, g);
    hand_set *hs = hand_set_new(n, lo, hi);
    double *t = calloc((size_t)runs, sizeof *t);
    for (int i = 0; i < runs; i++) {
        solutions s;
        double t0 = walltime_now();
        solutions_compute(&s, f, hs, 24, threads, NULL, NULL);
        t[i] = walltime_now() - t0;
        solutions_free(&s);
    }
    double evals = (double)template_family_count(f) * hand_set_count(hs);
    double rate = evals / median(t, runs);
    free(t);
    hand_set_free(hs);
    template_family_free(f);
    return rate;
}

/* The first line of /proc/cpuinfo starting with key, after its colon. */
static void cpuinfo(const char *key, char *buf, size_t size)
{
    snprintf(buf, size, "unknown");
    FILE *fp = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (fp && fgets(line, sizeof line, fp)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, key, strlen(key)) == 0 && colon) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = '\0';
            snprintf(buf, size, "%s", colon);
            break;
        }
    }
    if (fp)
        fclose(fp);
}

/* The compile flags CMake used for this binary (its flags.make), or "unknown". */
static void build_flags(char *buf, size_t size)
{
    char dir[PATH_MAX], path[PATH_MAX + 64], line[1024];
    build_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/CMakeFiles/t24-bench.dir/flags.make", dir);
    snprintf(buf, size, "unknown");
    FILE *fp = fopen(path, "r");
    while (fp && fgets(line, sizeof line, fp))
        if (strncmp(line, "C_FLAGS = ", 10) == 0) {
            line[strcspn(line, "\n")] = '\0';
            snprintf(buf, size, "%s", line + 10);
        }
    if (fp)
        fclose(fp);
}

static void bench_machine(const sink *s)
{
    char model[256], flags[1040];
    struct utsname u;
    cpuinfo("model name", model, sizeof model);
    build_flags(flags, sizeof flags);
    if (uname(&u) != 0)
        snprintf(u.release, sizeof u.release, "unknown");
    say(s, "## Machine\n\n| | |\n|---|---|\n");
    say(s, "| CPU | %s |\n| cores online | %ld |\n", model, sysconf(_SC_NPROCESSORS_ONLN));
    say(s, "| kernel | Linux %s (%s) |\n", u.release, u.machine);
    say(s, "| compiler | gcc %s |\n| flags | `%s` |\n", __VERSION__, flags);
    say(s, "| GLPK | %s |\n\n", glp_version());
}

static void bench_study(const sink *s)
{
    say(s, "## Study, process start to exit (median of 21 runs)\n\n");
    say(s, "| command | median ms |\n|---|---:|\n");
    const char *cmds[] = { "study --json", "study --json --threads 1",
                           "study --groupings all --json",
                           "study --groupings all --deck 1-13 --json" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        say(s, "| `t24 %s` | %.2f |\n", cmds[i], time_command(cmds[i], 21) * 1e3);
    say(s, "\n");
}

/* The default study's phases, from the "seconds" object of `t24 study --json
 * --timings`, each the median over the runs. */
static void bench_study_phases(const sink *s)
{
    enum { RUNS = 21 };
    const char *phases[] = { "enumerate", "complete", "classes", "bounds", "greedy",
                             "reduce",    "ilp",      "cover",   "until_report" };
    enum { NPH = sizeof phases / sizeof phases[0] };
    double v[NPH][RUNS], wall[RUNS];
    int ok = 0;
    for (int r = 0; r < RUNS; r++) {
        char *out = NULL;
        run_command("study --json --timings", 1, &wall[r], &out);
        cJSON *js = cJSON_Parse(out ? out : "");
        const cJSON *sec = cJSON_GetObjectItemCaseSensitive(js, "seconds");
        for (int p = 0; sec && p < NPH; p++)
            v[p][ok] = cJSON_GetObjectItemCaseSensitive(sec, phases[p])->valuedouble;
        ok += sec != NULL;
        cJSON_Delete(js);
        free(out);
    }
    say(s, "## Default study (`t24 study`) per phase (median of %d runs)\n\n", ok);
    say(s, "Times the study measures itself (`--timings`); *until report* is the whole "
           "run inside\nthe process, *process* adds start-up and exit.\n\n");
    say(s, "| phase | median ms |\n|---|---:|\n");
    for (int p = 0; ok && p < NPH; p++)
        say(s, "| %s | %.3f |\n", strcmp(phases[p], "until_report") ? phases[p] : "until report",
            median(v[p], ok) * 1e3);
    say(s, "| process | %.3f |\n\n", median(wall, RUNS) * 1e3);
}

static void bench_sweep(const sink *s)
{
    enum { RUNS = 3 };
    say(s, "## Default sweep (`t24 sweep`, 106 configurations; median of %d runs)\n\n", RUNS);
    say(s, "| command | median s |\n|---|---:|\n");
    const char *cmds[] = { "sweep --table decks", "sweep" };
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        say(s, "| `t24 %s` | %.2f |\n", cmds[i], time_command(cmds[i], RUNS));
    say(s, "\n");
}

static void bench_eval(const sink *s)
{
    say(s, "## Evaluation rate (template x hand evaluations per second, in process)\n\n");
    say(s, "| configuration | threads | evaluations/s |\n|---|---:|---:|\n");
    struct { int n; int64_t hi; template_groupings g; int runs; const char *name; } cfg[] = {
        { 4, 11, TEMPLATE_REDUCED, 21, "4 cards, 1-11, reduced (4,608 x 1,001)" },
        { 4, 13, TEMPLATE_ALL, 21, "4 cards, 1-13, all (7,680 x 1,820)" },
        { 5, 13, TEMPLATE_ALL, 3, "5 cards, 1-13, all (430,080 x 6,188)" },
    };
    for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++)
        for (int th = 1; th <= 2; th++)
            say(s, "| %s | %d | %.3g |\n", cfg[i].name, th,
                eval_rate(cfg[i].n, 1, cfg[i].hi, cfg[i].g, th, cfg[i].runs));
    say(s, "\n");
}

#define USAGE "t24-bench [--write FILE] [--six | --six-decks | --five SECONDS]"

static const char help_text[] =
    "usage: " USAGE "\n"
    "\n"
    "t24's benchmark harness: prints its figures as Markdown on stdout, each a median of\n"
    "repeated runs on this machine; nothing fails on time.\n"
    "\n"
    "  (no option)      the whole benchmark (make bench: docs/benchmarks.md)\n"
    "  --six            only the six-card study over deck 1-13 (make six, about 15 min)\n"
    "  --six-decks      only six cards over decks 1-7, 1-8 and 1-10 (make six-decks,\n"
    "                   about 13 min)\n"
    "  --five SECONDS   only the five-card exact search, SECONDS per configuration\n"
    "                   (make bench-five)\n"
    "  --write FILE     also write the report into FILE, all or nothing; FILE's folder\n"
    "                   must exist and be writable (checked before any work)\n"
    "  --help, -h       this text\n"
    "\n"
    "Exit status: 0 done, whatever the times; 2 a bad option, an unwritable FILE or\n"
    "standard output.\n";

/* One line "t24-bench: " and msg (cleaned: args.h). Returns 2. */
static int failure(const char *msg)
{
    fputs("t24-bench: ", stderr);
    args_print_clean(stderr, msg);
    fputc('\n', stderr);
    return 2;
}

/* One line: what is wrong, the value quoted (cleaned: args.h), the usage. Returns 2. */
static int usage_error(const char *what, const char *value)
{
    char line[2048];
    snprintf(line, sizeof line, "%s%s%s%s", what, value ? " '" : "", value ? value : "",
             value ? "'" : "");
    fputs("t24-bench: ", stderr);
    args_print_clean(stderr, line);
    fputs(" (usage: " USAGE ")\n", stderr);
    return 2;
}

typedef struct {
    const char *write;
    bool six, six_decks, help;
    double five; /* --five S: only the five-card exact search, S seconds each */
} bench_options;

/* FILE's folder and name, split at the last slash ("." when it has none) into dir and
 * base (each at least PATH_MAX bytes). */
static void split_path(const char *path, char *dir, char *base)
{
    char a[PATH_MAX], b[PATH_MAX];
    snprintf(a, sizeof a, "%s", path);
    snprintf(b, sizeof b, "%s", path);
    snprintf(dir, PATH_MAX, "%s", dirname(a));
    snprintf(base, PATH_MAX, "%s", basename(b));
}

/* Can FILE be written at the end of the run? It is absent or a regular file
 * (artifact_check_target), and its folder exists, is a folder and is writable: a
 * benchmark runs for minutes, and the old check, the temporary file failing to open,
 * named the temporary and no reason. Returns 0, or -1 with why set, naming FILE. */
static int check_write(const char *path, char *why, size_t size)
{
    char dir[PATH_MAX], base[PATH_MAX];
    struct stat st;
    if (!*path) {
        snprintf(why, size, "--write needs a file name, not ''");
        return -1;
    }
    if (strlen(path) >= PATH_MAX) {
        snprintf(why, size, "cannot write '%s': %s", path, strerror(ENAMETOOLONG));
        return -1;
    }
    if (artifact_check_target(path, why, size))
        return -1;
    if (path[strlen(path) - 1] == '/') {
        snprintf(why, size, "cannot write '%s': it names a folder, not a file", path);
        return -1;
    }
    split_path(path, dir, base);
    if (stat(dir, &st) != 0) {
        snprintf(why, size, "cannot write '%s': folder '%s': %s", path, dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, size, "cannot write '%s': '%s' is not a folder", path, dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(why, size, "cannot write '%s': folder '%s': %s", path, dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* Returns 0, or 2 after one line naming the bad value. */
static int parse(int argc, char **argv, bench_options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (args_is_help(a)) {
            o->help = true;
            return 0;
        }
        /* "--write FILE" or "--write=FILE", as t24's options (args_option) */
        if (args_option(argc, argv, &i, "--write", &v)) {
            if (!v)
                return usage_error("--write needs a value", NULL);
            o->write = v;
        } else if (args_option(argc, argv, &i, "--five", &v)) {
            if (!v)
                return usage_error("--five needs a value", NULL);
            if (parse_double_positive(v, &o->five))
                return usage_error("--five must be a positive number of seconds, not", v);
        } else if (strcmp(a, "--six") == 0) {
            o->six = true;
        } else if (strcmp(a, "--six-decks") == 0) {
            o->six_decks = true;
        } else {
            return usage_error("unknown option", a);
        }
    }
    if ((o->six ? 1 : 0) + (o->six_decks ? 1 : 0) + (o->five > 0 ? 1 : 0) > 1)
        return usage_error("--six, --six-decks and --five each run one benchmark alone: "
                           "choose one", NULL);
    char why[2 * PATH_MAX + 256];
    if (o->write && check_write(o->write, why, sizeof why))
        return failure(why);
    return 0;
}

/* 0, or 2 when standard output could not be written, naming why: the errno of the
 * last flush, else that of the first failure say() met (earlier, flushed line by line:
 * the old message gave no reason then), and what became of FILE, if any. */
static int finish_stdout(int first_errno, const char *written)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return 0;
    int e = errno ? errno : first_errno;
    char msg[PATH_MAX + 512];
    snprintf(msg, sizeof msg, "cannot write to standard output%s%s%s%s%s", e ? ": " : "",
             e ? strerror(e) : "", written ? " (the report is whole in '" : "",
             written ? written : "", written ? "')" : "");
    return failure(msg);
}

int main(int argc, char **argv)
{
    bench_options o = { NULL, false, false, false, 0 };
    if (parse(argc, argv, &o))
        return 2;
    if (o.help) {
        fputs(help_text, stdout);
        return finish_stdout(0, NULL);
    }
    const char *write = o.write;
    bool six = o.six;
    double five = o.five;
    int stdout_errno = 0;
    sink s = { NULL, &stdout_errno };
    /* The report is written as FILE's folder's one artifact (artifact.h): a temporary
     * there from the start, renamed into place at the end, removed on a failure or a
     * fatal signal. */
    artifact_set *out = NULL;
    char why[2 * PATH_MAX + 512];
    if (write) {
        char dir[PATH_MAX], base[PATH_MAX], err[PATH_MAX + 256];
        split_path(write, dir, base);
        if (!(out = artifact_begin(dir, err, sizeof err))) {
            snprintf(why, sizeof why, "cannot write '%s': %s", write, err);
            return failure(why);
        }
        errno = 0;
        if (!(s.copy = artifact_open(out, base))) {
            snprintf(why, sizeof why, "cannot write '%s': %s", write,
                     errno ? strerror(errno) : "out of memory");
            artifact_abort(out);
            return failure(why);
        }
    }
    if (six || o.six_decks) {
        bench_six_full(&s, o.six_decks);
        goto done;
    }
    if (five > 0) {
        say(&s, "# t24 benchmarks: five cards, the exact search\n\n");
        say(&s, "Written by `make bench-five` (`build/t24-bench --five %g --write "
                "docs/bench-five.md`).\n\n", five);
        bench_machine(&s);
        bench_five(&s, five);
        goto done;
    }
    say(&s, "# t24 benchmarks\n\n");
    say(&s, "Written by `make bench` (`build/t24-bench --write docs/benchmarks.md`). Each "
            "figure is a\nmedian of repeated runs on the machine below; times vary from "
            "run to run and machine to\nmachine, and nothing fails on them.\n\n");
    bench_machine(&s);
    bench_study_phases(&s);
    bench_study(&s);
    bench_sweep(&s);
    bench_eval(&s);
    bench_scan(&s);
    bench_solvers(&s);
    bench_standalone(&s);
    bench_startup(&s);
    bench_six(&s);
    bench_scaling(&s);
done:
    if (out && artifact_commit(out, why, sizeof why))
        return failure(why);
    return finish_stdout(stdout_errno, write);
}
