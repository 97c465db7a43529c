/* cover_cubes.c - `t24 cover`'s cube modes; see cover_cubes.h and docs/cluster.md. */
#include "cli/cover_cubes.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/check_run.h"
#include "cli/cover_estimate.h"
#include "cli/cover_input.h"
#include "cli/stop.h"
#include "core/parse.h"
#include "eval/dist.h"
#include "hitset/t24hs.h"

/* "I/N" with 0 <= I < N <= 1e6. */
static int parse_worker(const char *s, uint32_t *worker, uint32_t *n)
{
    unsigned long i, k;
    char tail;
    if (!s || sscanf(s, "%lu/%lu%c", &i, &k, &tail) != 2 || k < 1 || k > 1000000 || i >= k ||
        s[0] < '0' || s[0] > '9')
        return -1;
    *worker = (uint32_t)i;
    *n = (uint32_t)k;
    return 0;
}

/* A folder or path option's value (NULL: absent): present and not empty. */
static int take_path(const char **out, const char *name, const char *v)
{
    if (!v)
        return args_error("cover", "%s needs a value", name);
    if (!v[0])
        return args_error("cover", "%s needs a folder or file name", name);
    *out = v;
    return 1;
}

/* Each option as "--name value" or "--name=value" (args_option), as every other. */
int cover_cubes_parse(cover_cubes *c, int argc, char **argv, int *i)
{
    const char *v;
    if (args_option(argc, argv, i, "--split", &v)) {
        int n;
        if (!v)
            return args_error("cover", "--split needs a value");
        if (parse_int_range(v, 1, COVER_CUBES_MAX, &n))
            return args_error("cover", "--split needs a number of cubes 1..100000, not '%s'", v);
        c->split = (uint32_t)n;
        return 1;
    }
    if (args_option(argc, argv, i, "--split-by", &v)) {
        if (!v)
            return args_error("cover", "--split-by needs a value");
        if (strcmp(v, "elements") && strcmp(v, "sets"))
            return args_error("cover", "--split-by needs elements or sets, not '%s'", v);
        c->by_sets = !strcmp(v, "sets");
        c->split_by_given = true;
        return 1;
    }
    if (args_option(argc, argv, i, "--worker", &v)) {
        if (!v)
            return args_error("cover", "--worker needs a value");
        if (parse_worker(v, &c->worker, &c->nworkers))
            return args_error("cover", "--worker needs I/N with 0 <= I < N, not '%s'", v);
        c->worker_set = true;
        return 1;
    }
    if (args_option(argc, argv, i, "--cubes-dir", &v))
        return take_path(&c->cubes_dir, "--cubes-dir", v);
    if (args_option(argc, argv, i, "--cube", &v))
        return take_path(&c->cube, "--cube", v);
    if (args_option(argc, argv, i, "--cubes", &v))
        return take_path(&c->cubes, "--cubes", v);
    if (args_option(argc, argv, i, "--merge", &v))
        return take_path(&c->merge, "--merge", v);
    return 0;
}

bool cover_cubes_wanted(const cover_cubes *c)
{
    return c->split || c->cubes_dir || c->cube || c->cubes || c->merge || c->worker_set ||
           c->split_by_given;
}

int cover_cubes_check(const cover_cubes *c, const char *file, bool certificate, bool goal,
                      bool solver, bool work)
{
    int modes = (c->split || c->cubes_dir) + !!c->cube + !!c->cubes + !!c->merge;
    if (modes > 1)
        return args_error("cover", "one of --split, --cube, --cubes and --merge at a time");
    if (modes == 0 && c->split_by_given)
        return args_error("cover", "--split-by goes with --split N");
    if (modes == 0)
        return c->worker_set ? args_error("cover", "--worker goes with --cubes DIR") : -1;
    if ((c->split || c->cubes_dir) && !(c->split && c->cubes_dir && file))
        return args_error("cover", "--split N needs --cubes-dir DIR and the instance FILE");
    if (!c->split && file)
        return args_error("cover", "'%s': --cube, --cubes and --merge read the instance "
                          "from their folder", file);
    if (c->split_by_given && !c->split)
        return args_error("cover", "--split-by goes with --split N");
    if (c->worker_set && !c->cubes)
        return args_error("cover", "--worker goes with --cubes DIR");
    if (certificate)
        return args_error("cover", "--certificate does not go with the cube modes (--merge "
                          "writes DIR/proof.cert)");
    if (goal && !c->split)
        return args_error("cover", "--goal goes with --split (the cubes keep the split's goal)");
    if (solver)
        return args_error("cover", "--solver does not go with the cube modes (t24's "
                          "certifying search is theirs)");
    if (work && c->merge)
        return args_error("cover", "--work does not go with --merge (it searches nothing: "
                          "--time-limit bounds its check)");
    return -1;
}

/* The worker of a Slurm job array (SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN, of
 * SLURM_ARRAY_TASK_COUNT), else of a launch (rank of size: an MPI launcher's, or a Slurm
 * step's tasks), else 0 of 1. Returns -1 with err set when a launcher gave no size: each
 * process would search every cube. */
static int default_worker(uint32_t *worker, uint32_t *n, char *err, size_t errsize)
{
    const char *id = getenv("SLURM_ARRAY_TASK_ID"), *count = getenv("SLURM_ARRAY_TASK_COUNT");
    const char *min = getenv("SLURM_ARRAY_TASK_MIN"), *step = getenv("SLURM_ARRAY_TASK_STEP");
    int i, k, m = 0, st = 1;
    if (id && count && !parse_int_range(id, 0, 1 << 30, &i) &&
        !parse_int_range(count, 1, 1 << 30, &k) &&
        (!min || !parse_int_range(min, 0, 1 << 30, &m)) &&
        (!step || !parse_int_range(step, 1, 1 << 30, &st)) && i >= m && (i - m) / st < k) {
        *worker = (uint32_t)((i - m) / st); /* --array=0-30:2 numbers its tasks 0, 2, ... */
        *n = (uint32_t)k;
        return 0;
    }
    int size = dist_launcher_size();
    if (size < 0)
        return snprintf(err, errsize, "started by an MPI launcher that says no number of "
                        "processes: give each its --worker I/N"), -1;
    *worker = size > 1 ? (uint32_t)dist_launcher_rank() : 0;
    *n = size > 1 ? (uint32_t)size : 1;
    return 0;
}

static const char *mode_name(const cover_cubes *c)
{
    return c->split ? "split" : c->cube ? "cube" : c->cubes ? "run" : "merge";
}

static void print_json(const cover_cubes *c, const char *dir, const hs_cubes_report *r,
                       const hs_estimate *est, uint64_t seed)
{
    cJSON *js = cJSON_CreateObject();
    cJSON_AddStringToObject(js, "mode", mode_name(c));
    cJSON_AddStringToObject(js, "folder", dir);
    cJSON_AddNumberToObject(js, "cubes", r->cubes);
    cJSON_AddNumberToObject(js, "closed", r->closed);
    cJSON_AddNumberToObject(js, "goal", r->goal);
    cJSON_AddNumberToObject(js, "cover", r->cover);
    cJSON_AddNumberToObject(js, "target", r->target);
    if (c->split) {
        cJSON_AddNumberToObject(js, "depth", r->depth);
        cJSON_AddStringToObject(js, "split_by", c->by_sets ? "sets" : "elements");
    }
    if (c->cube || c->cubes)
        cJSON_AddNumberToObject(js, "searched", r->searched);
    if (c->cube)
        cJSON_AddNumberToObject(js, "bound", r->bound);
    if (c->merge) {
        /* bound and optimal only from what t24-check verified; claimed: what proof.cert
           says, verified or not */
        bool proven = r->complete && r->verified;
        cJSON_AddBoolToObject(js, "complete", r->complete);
        if (proven)
            cJSON_AddNumberToObject(js, "bound", r->bound);
        else
            cJSON_AddNullToObject(js, "bound");
        if (r->complete)
            cJSON_AddNumberToObject(js, "claimed", r->bound);
        else
            cJSON_AddNullToObject(js, "claimed");
        cJSON_AddBoolToObject(js, "verified", proven);
        if (r->complete)
            cJSON_AddStringToObject(js, "check", r->verdict);
        else
            cJSON_AddNullToObject(js, "check");
        cJSON_AddBoolToObject(js, "optimal", proven && r->bound >= r->cover);
        cJSON *left = cJSON_AddObjectToObject(js, "core_seconds_left");
        cJSON_AddNumberToObject(left, "estimate", r->left_mean);
        cJSON_AddNumberToObject(left, "low", r->left_low);
        cJSON_AddNumberToObject(left, "high", r->left_high);
    }
    if (c->split || c->merge)
        cover_estimate_json(js, est, seed);
    char *text = cJSON_PrintUnformatted(js);
    if (text)
        puts(text);
    free(text);
    cJSON_Delete(js);
}

static void print_text(const cover_cubes *c, const char *dir, const hs_cubes_report *r)
{
    if (c->split)
        printf("%u cubes at depth %u in %s; target %u (cover %u, goal %u); next: t24 cover "
               "--cubes %s, then t24 cover --merge %s\n",
               r->cubes, r->depth, dir, r->target, r->cover, r->goal, dir, dir);
    else if (c->cube)
        printf("%s: bound %u of target %u: %s\n", c->cube, r->bound, r->target,
               r->closed ? "closed" : "open (run it again with more time)");
    else if (c->cubes)
        printf("searched %u cubes; %u of %u closed (target %u)\n", r->searched, r->closed,
               r->cubes, r->target);
    else if (r->complete && r->verified)
        printf("%s/proof.cert: %u proven (cover %u%s; %u of %u cubes closed at target %u); "
               "t24-check: %s\n",
               dir, r->bound, r->cover, r->bound >= r->cover ? ", optimal" : "", r->closed,
               r->cubes, r->target, r->verdict);
    else if (r->complete)
        printf("%s/proof.cert claims %u, not verified: %s (cover %u; %u of %u cubes closed "
               "at target %u); verify it with: t24-check %s/instance.hgr %s/cover.sol "
               "%s/proof.cert\n",
               dir, r->bound, r->verdict, r->cover, r->closed, r->cubes, r->target, dir, dir,
               dir);
    else
        printf("not merged: %u of %u cubes closed (target %u); the rest would take about %.0f "
               "core-seconds more (between %.0f and %.0f) at the pace of the closed ones%s\n",
               r->closed, r->cubes, r->target, r->left_mean, r->left_low, r->left_high,
               r->closed ? "" : " (none closed yet: no estimate)");
}

/* "DIR/cube-N" into its folder (dir, PATH_MAX) and its name. */
static const char *split_cube_path(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, size, ".");
        return path;
    }
    snprintf(dir, size, "%.*s", (int)(slash - path), path);
    return slash + 1;
}

/* The split of FILE, read within the time limit (which counts from the start, reading
 * included, as in the cover run) or until a signal. */
static int split(const cover_cubes *c, const char *file, double deadline, hs_cubes_params *p,
                 hs_cubes_report *r, char *err, size_t errsize)
{
    cancel_check stop = stop_check();
    hs_instance *h = cover_input_read(file, deadline, &stop, err, errsize);
    if (!h)
        return -1;
    p->time_limit = deadline - hs_clock();
    if (p->time_limit < 1e-3) /* read just in time: the split then stops at once */
        p->time_limit = 1e-3;
    int rc = hs_cubes_split(h, c->cubes_dir, p, r, err, errsize);
    hs_instance_free(h);
    return rc;
}

static int run_mode(const cover_cubes *c, const char *file, double deadline,
                    hs_cubes_params *p, hs_cubes_report *r, char *dir, size_t dirsize,
                    char *err, size_t errsize)
{
    if (c->split) {
        snprintf(dir, dirsize, "%s", c->cubes_dir);
        return split(c, file, deadline, p, r, err, errsize);
    }
    if (c->cube) {
        const char *name = split_cube_path(c->cube, dir, dirsize);
        return hs_cubes_solve(dir, name, p, r, err, errsize);
    }
    snprintf(dir, dirsize, "%s", c->cubes ? c->cubes : c->merge);
    if (c->cubes) {
        p->worker = c->worker;
        p->nworkers = c->nworkers;
        if (!c->worker_set && default_worker(&p->worker, &p->nworkers, err, errsize))
            return -1;
        return hs_cubes_run(dir, p, r, err, errsize);
    }
    check_run check = { .stopped = stop_requested };
    check_run_find(&check);
    p->check = check.path[0] ? check_run_certificate : NULL;
    p->check_ctx = &check;
    int rc = hs_cubes_merge_checked(dir, p, r, err, errsize);
    if (rc == 0 && r->complete && !check.path[0]) /* the library's "no checker given" */
        snprintf(r->verdict, sizeof r->verdict, "%.250s", check.missing);
    return rc;
}

/* The open cubes' work, after a split (in the time it left) or a merge that is not
 * complete. Returns r, or NULL when none is wanted or it failed (said on stderr). */
static const hs_estimate *estimate_left(const cover_cubes *c, const char *dir, double time_limit,
                                        double deadline, const hs_cubes_report *rep,
                                        const cover_cubes_estimate *est, hs_estimate *r)
{
    char err[1024];
    hs_estimate_params p;
    hs_estimate_params_init(&p);
    p.time_limit = c->split ? deadline - hs_clock() : time_limit;
    p.dives = est->dives;
    p.seed = est->seed;
    p.cancelled = stop_requested;
    if (!(c->split || (c->merge && !rep->complete)) || est->dives == 0)
        return NULL;
    if (p.time_limit < 0.001)
        p.time_limit = 0.001; /* no dive ends: said as no estimate */
    if (hs_cubes_estimate(dir, &p, r, err, sizeof err) == 0)
        return r;
    fprintf(stderr, "t24 cover: no estimate of the work left: %s\n", err);
    return NULL;
}

int cover_cubes_main(const cover_cubes *c, const char *file, double time_limit, uint64_t work,
                     uint32_t goal, const cover_cubes_estimate *est, bool json, bool progress)
{
    hs_cubes_params p;
    hs_cubes_report r;
    char err[1024], dir[4096];
    double deadline = hs_clock() + time_limit; /* --split's: reading included */
    hs_cubes_params_init(&p);
    p.time_limit = time_limit;
    p.work = work;
    p.goal = goal;
    p.ncubes = c->split ? c->split : p.ncubes;
    p.split_by_sets = c->by_sets;
    p.log = progress ? stderr : NULL;
    p.cancelled = stop_requested;
    if (stop_start())
        return args_message("cover", "cannot install the signal handlers");
    if (run_mode(c, file, deadline, &p, &r, dir, sizeof dir, err, sizeof err))
        return args_message("cover", "%s%s", err,
                            stop_requested(NULL) && !strstr(err, "signal")
                                ? " (stopped by a signal)" : "");
    hs_estimate e;
    const hs_estimate *left = estimate_left(c, dir, time_limit, deadline, &r, est, &e);
    if (json)
        print_json(c, dir, &r, left, est->seed);
    else
        print_text(c, dir, &r);
    if (left && !json)
        cover_estimate_text(stderr, left, "the open cubes");
    return 0;
}
