/* cubes.c - a certified search split into cubes, searched apart and merged; see cubes.h.
 *
 * The split and every cube run the certifying search (certify.h) with the same
 * reductions, which are deterministic and must reach their fixpoint (certify_run()
 * refuses otherwise), so that a cube's fixings (instance ids) lead to the very node the
 * split left open: the checker derives that node's state from the merged tree's path. A
 * cube's subtree starts with no multipliers above it, so every `leaf inherit` it writes
 * refers to a node of its own, and it fits wherever its `open` line was. */
#include "hitset/cubes/cubes.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/budget.h"
#include "core/walltime.h"
#include "hitset/proof/certify.h"
#include "hitset/cubes/cubes_files.h"
#include "hitset/model/pace.h"

#define CUBES_MAX 100000

void cubes_params_init(cubes_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
    p->ncubes = 64;
    p->nworkers = 1;
}

static int check_params(const cubes_params *p, char *err, size_t errsize)
{
    if (!(p->limit.end > 0)) {
        snprintf(err, errsize, "limit.end = %.17g; must be a time end (walltime_now())",
                 p->limit.end);
        return -1;
    }
    if (budget_check_work("work", p->work, true, err, errsize))
        return -1;
    if (p->ncubes < 1 || p->ncubes > CUBES_MAX)
        snprintf(err, errsize, "ncubes = %u; must be 1..%u", p->ncubes, CUBES_MAX);
    else if (p->nworkers < 1 || p->worker >= p->nworkers)
        snprintf(err, errsize, "worker = %u of nworkers = %u; must be below it (and 1 or more)",
                 p->worker, p->nworkers);
    else
        return 0;
    return -1;
}

static void say(const cubes_params *p, const char *fmt, ...)
{
    if (!p->log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(p->log, fmt, ap);
    va_end(ap);
    fflush(p->log);
}

/* ---- the split ---- */

/* The open nodes of one split attempt: each cube's file text, one after the other. */
typedef struct {
    char *text;
    size_t len, cap;
    size_t *start; /* cube i's text starts at text + start[i] */
    uint32_t n, ncap;
    bool failed;   /* memory ran out */
    char head[96]; /* each cube's first lines: its format, and the instance's checksum */
} open_nodes;

static bool put_text(open_nodes *o, const char *s)
{
    size_t k = strlen(s);
    if (o->len + k + 1 > o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 1 << 16;
        while (cap < o->len + k + 1)
            cap *= 2;
        char *more = realloc(o->text, cap);
        if (!more)
            return false;
        o->text = more;
        o->cap = cap;
    }
    memcpy(o->text + o->len, s, k + 1);
    o->len += k;
    return true;
}

static void on_open(void *ctx, const char *name, const uint32_t *elems,
                    const unsigned char *in, uint32_t n)
{
    open_nodes *o = ctx;
    char line[64];
    (void)name; /* cube-N, N = o->n + 1: the preorder count the tree writes too */
    if (o->failed)
        return;
    if (o->n == o->ncap) {
        uint32_t cap = o->ncap ? 2 * o->ncap : 256;
        size_t *more = realloc(o->start, cap * sizeof *more);
        if (!more) {
            o->failed = true;
            return;
        }
        o->start = more;
        o->ncap = cap;
    }
    o->start[o->n++] = o->len;
    bool ok = put_text(o, o->head);
    for (uint32_t i = 0; i < n && ok; i++) {
        snprintf(line, sizeof line, "fix %u %s\n", elems[i] + 1, in[i] ? "in" : "out");
        ok = put_text(o, line);
    }
    o->failed = !ok;
}

static void open_nodes_free(open_nodes *o)
{
    free(o->text);
    free(o->start);
    memset(o, 0, sizeof *o);
}

/* One attempt at depth d into tree (truncated first). Returns 0, or -1 with err set. */
static int split_at(const instance *h, const cubes_params *p, uint32_t d, budget b,
                    const certify_result *prev, FILE *tree, open_nodes *o, certify_result *r,
                    char *err, size_t errsize)
{
    certify_params q;
    certify_params_init(&q);
    q.limit = b;
    q.goal = p->goal;
    q.split_depth = d;
    q.branching = p->by_sets ? CERTIFY_SPLIT : q.branching;
    q.on_open = on_open;
    q.open_ctx = o;
    q.start = prev->cover;
    q.nstart = prev->ncover;
    if (ftruncate(fileno(tree), 0) || fseek(tree, 0, SEEK_SET))
        return cubes_fail(err, errsize, "cannot reuse the temporary file for %s: %s", "the tree");
    if (certify_run(h, &q, tree, r, err, errsize))
        return -1;
    if (o->failed)
        snprintf(err, errsize, "out of memory for the cubes");
    else if (r->stats.open > o->n && p->work && budget_used(q.limit) >= p->work)
        snprintf(err, errsize,
                 "the work limit (%llu units) ran out while splitting at depth %u: give the "
                 "split more --work", (unsigned long long)p->work, d);
    else if (r->stats.open > o->n)
        snprintf(err, errsize,
                 "the time limit ran out while splitting at depth %u: give the split more time",
                 d);
    else
        return 0;
    certify_result_free(r);
    return -1;
}

typedef struct {
    const char *text;
    size_t len;
} text_span;

static int write_span(FILE *fp, const void *ctx)
{
    const text_span *t = ctx;
    return fwrite(t->text, 1, t->len, fp) == t->len ? 0 : -1;
}

static int write_instance(FILE *fp, const void *ctx)
{
    return pace_write(fp, ctx, "t24 cover --split: the instance its cubes belong to");
}

static int write_goal(FILE *fp, const void *ctx)
{
    return fprintf(fp, "%u\n", *(const uint32_t *)ctx) < 0 ? -1 : 0;
}

static int copy_tree(FILE *fp, const void *ctx)
{
    FILE *from = (FILE *)ctx;
    char buf[1 << 16];
    size_t got;
    if (fseek(from, 0, SEEK_SET))
        return -1;
    while ((got = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, got, fp) != got)
            return -1;
    return ferror(from) ? -1 : 0;
}

/* The folder's files into stage. Returns 0, or -1 with err set. */
static int write_split(const char *stage, const instance *h, uint32_t goal,
                       const certify_result *r, FILE *tree, const open_nodes *o, char *err,
                       size_t errsize)
{
    cubes_cover c = { r->cover, r->ncover };
    if (cubes_write_whole(stage, "instance.hgr", write_instance, h, err, errsize) ||
        cubes_write_whole(stage, "goal", write_goal, &goal, err, errsize) ||
        cubes_write_whole(stage, "cover.sol", cubes_write_cover, &c, err, errsize) ||
        cubes_write_whole(stage, "root.cert", copy_tree, tree, err, errsize))
        return -1;
    for (uint32_t i = 0; i < o->n; i++) {
        char name[32];
        size_t end = i + 1 < o->n ? o->start[i + 1] : o->len;
        text_span t = { o->text + o->start[i], end - o->start[i] };
        snprintf(name, sizeof name, "cube-%05u", i + 1);
        if (cubes_write_whole(stage, name, write_span, &t, err, errsize))
            return -1;
    }
    return 0;
}

/* Removes the staging folder and what is in it (a failed split leaves nothing). */
static void remove_stage(const char *stage)
{
    char err[64], path[CUBES_PATH_SIZE];
    uint32_t n;
    const char *fixed[] = { "instance.hgr", "goal", "cover.sol", "root.cert" };
    char **names = cubes_names(stage, &n, err, sizeof err);
    for (uint32_t i = 0; names && i < n; i++) {
        cubes_join(path, stage, names[i]);
        unlink(path);
    }
    cubes_names_free(names, n);
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
        cubes_join(path, stage, fixed[i]);
        unlink(path);
    }
    rmdir(stage);
}

/* The depth grows until the open nodes are enough (each attempt starts from the cover
 * the first found). */
static int split_search(const instance *h, const cubes_params *p, const char *stage,
                        cubes_report *rep, char *err, size_t errsize)
{
    budget_work work = { 0 }; /* the split's depths count into one */
    budget b = budget_counting(p->limit, &work, p->work);
    certify_result r, prev = { 0 };
    open_nodes o = { 0 };
    FILE *tree = tmpfile();
    int rc = tree ? 0 : cubes_fail(err, errsize, "cannot create a temporary file for %s: %s",
                                   "the tree");
    for (uint32_t d = 1; rc == 0; d++) {
        open_nodes_free(&o);
        cubes_cube_head(h, o.head, sizeof o.head);
        rc = split_at(h, p, d, b, &prev, tree, &o, &r, err, errsize);
        if (rc)
            break;
        certify_result_free(&prev);
        prev = r;
        rep->depth = d;
        rep->nodes = r.stats.nodes;
        say(p, "t24 cover: split at depth %u: %u open nodes\n", d, o.n);
        if (o.n >= p->ncubes || o.n == 0 || d >= 64)
            break;
    }
    if (rc == 0) {
        rep->cubes = o.n;
        rep->cover = prev.ncover;
        rep->goal = p->goal;
        rep->target = cubes_target(p->goal, prev.ncover);
        rc = write_split(stage, h, p->goal, &prev, tree, &o, err, errsize);
    }
    certify_result_free(&prev);
    open_nodes_free(&o);
    if (tree)
        fclose(tree);
    return rc;
}

int cubes_split(const instance *h, const char *dir, const cubes_params *p, cubes_report *r,
                char *err, size_t errsize)
{
    char stage[CUBES_PATH_SIZE];
    struct stat st;
    double t0 = walltime_now();
    memset(r, 0, sizeof *r);
    if (check_params(p, err, errsize))
        return -1;
    if (stat(dir, &st) == 0 || errno != ENOENT) {
        snprintf(err, errsize, "'%s' exists already: a split makes a new folder", dir);
        return -1;
    }
    snprintf(stage, sizeof stage, "%s.split-%ld", dir, (long)getpid());
    if (mkdir(stage, 0755))
        return cubes_fail(err, errsize, "cannot make the folder '%s': %s", stage);
    int rc = split_search(h, p, stage, r, err, errsize);
    if (rc == 0 && rename(stage, dir))
        rc = cubes_fail(err, errsize, "cannot rename into '%s': %s", dir);
    if (rc)
        remove_stage(stage);
    r->seconds = walltime_now() - t0;
    return rc;
}

/* ---- a cube ---- */

typedef struct {
    const char *dir;
    const instance *h;
} folder;

static uint32_t poll_cover(void *ctx)
{
    const folder *f = ctx;
    return cubes_cover_size(f->dir, f->h);
}

static void share_cover(void *ctx, const uint32_t *elems, uint32_t n)
{
    const folder *f = ctx;
    cubes_offer_cover(f->dir, f->h, elems, n);
}

typedef struct {
    const certify_result *r;
    uint32_t target;
    uint64_t cube;
    FILE *tree;
} proof_text;

static int write_proof(FILE *fp, const void *ctx)
{
    const proof_text *t = ctx;
    if (fprintf(fp,
                "t24-cube-proof 1\ncube %016" PRIx64 "\nbound %u\ntarget %u\nnodes %" PRIu64
                "\nseconds %.3f\ntree\n",
                t->cube, t->r->stats.bound, t->target, t->r->stats.nodes, t->r->stats.seconds) < 0)
        return -1;
    return copy_tree(fp, t->tree) || fputs("end\n", fp) < 0 ? -1 : 0;
}

/* The folder's goal and cover (checked against h) for a cube's search. Returns the
 * cover, or NULL with err set. */
static uint32_t *read_folder(const char *dir, const instance *h, uint32_t *goal, uint32_t *n,
                             char *err, size_t errsize)
{
    *goal = cubes_read_goal(dir);
    uint32_t *cover = cubes_read_cover(dir, instance_nelems(h), n);
    if (*goal != UINT32_MAX && cover && instance_is_cover(h, cover, *n))
        return cover;
    snprintf(err, errsize, "'%s': %s", dir,
             *goal == UINT32_MAX ? "its goal file cannot be read"
                                 : "its cover.sol is not a cover of its instance.hgr");
    free(cover);
    return NULL;
}

/* The search of one cube, its proof kept when it proves more than the one there. */
static int solve_cube(const char *dir, const char *name, const instance *h, uint32_t goal,
                      const uint32_t *cover, uint32_t ncover, const cubes_params *p,
                      cubes_report *rep, char *err, size_t errsize)
{
    certify_params q;
    certify_result r;
    folder f = { dir, h };
    certify_params_init(&q);
    budget_work work = { 0 }; /* the cube's own: its proof depends on nothing before it */
    q.limit = budget_counting(p->limit, &work, p->work);
    q.goal = goal;
    q.start = cover;
    q.nstart = ncover;
    q.upper = poll_cover;
    q.upper_ctx = &f;
    q.improved = share_cover;
    q.improved_ctx = &f;
    uint64_t hash = cubes_file_hash(dir, name);
    if (cubes_read_fixings(dir, name, h, (uint32_t **)&q.cube_elems,
                           (unsigned char **)&q.cube_in, &q.ncube, err, errsize))
        return -1;
    FILE *tree = tmpfile();
    int rc = tree ? certify_run(h, &q, tree, &r, err, errsize)
                  : cubes_fail(err, errsize, "cannot create a temporary file for %s: %s", "a cube");
    free((void *)q.cube_elems);
    free((void *)q.cube_in);
    if (rc == 0) {
        uint32_t u = cubes_cover_size(dir, h);
        proof_text t = { &r, cubes_target(goal, r.ncover < u ? r.ncover : u), hash, tree };
        cubes_proof old;
        char file[300];
        snprintf(file, sizeof file, "%s.proof", name);
        if (!cubes_read_proof(dir, name, &old, NULL) || old.cube != hash || old.bound < r.stats.bound)
            rc = cubes_write_whole(dir, file, write_proof, &t, err, errsize);
        rep->bound = r.stats.bound;
        rep->target = t.target;
        rep->closed = r.stats.bound >= t.target;
        rep->nodes = r.stats.nodes;
        certify_result_free(&r);
    }
    if (tree)
        fclose(tree);
    return rc;
}

/* cubes_solve() on the folder's instance h, already read (a worker reads it once). */
static int solve_in(const char *dir, const char *name, const instance *h,
                    const cubes_params *p, cubes_report *r, char *err, size_t errsize)
{
    double t0 = walltime_now();
    uint32_t goal, n;
    memset(r, 0, sizeof *r);
    if (check_params(p, err, errsize))
        return -1;
    if (!cubes_is_name(name)) {
        snprintf(err, errsize, "'%s' is not a cube's name (cube-N)", name);
        return -1;
    }
    char proof[300];
    snprintf(proof, sizeof proof, "%s.proof", name);
    /* a link or a FIFO as the cube or its proof: said now, not searched for nothing */
    if (cubes_check_file(dir, name, err, errsize) || cubes_check_file(dir, proof, err, errsize))
        return -1;
    uint32_t *cover = read_folder(dir, h, &goal, &n, err, errsize);
    if (!cover)
        return -1;
    int rc = solve_cube(dir, name, h, goal, cover, n, p, r, err, errsize);
    r->cubes = 1;
    r->searched = 1;
    r->goal = goal;
    r->cover = cubes_cover_size(dir, h);
    r->seconds = walltime_now() - t0;
    free(cover);
    return rc;
}

/* dir's instance, read until p->limit's end or cancel; *q gets p, whose end is the
 * search's too (the reading counts, as in `t24 cover`; read just in time, the search
 * stops at once). */
static instance *read_within(const char *dir, const cubes_params *p, cubes_params *q,
                             char *err, size_t errsize)
{
    instance *h = cubes_read_instance_until(dir, p->limit.end, p->limit.cancel, err, errsize);
    *q = *p;
    return h;
}

int cubes_solve(const char *dir, const char *name, const cubes_params *p, cubes_report *r,
                char *err, size_t errsize)
{
    cubes_params q;
    memset(r, 0, sizeof *r);
    if (check_params(p, err, errsize) || cubes_check_folder_files(dir, err, errsize))
        return -1;
    instance *h = read_within(dir, p, &q, err, errsize);
    int rc = h && cubes_check_root(dir, h, err, errsize) == 0
                 ? solve_in(dir, name, h, &q, r, err, errsize)
                 : -1;
    instance_free(h);
    return rc;
}

/* ---- this worker's cubes ---- */

/* A cube is not started with less time than this left: its start alone (the instance,
 * the reductions, the root's LP) takes about a second on five cards' deck 1-7. */
#define CUBES_MIN_SECONDS 2.0

/* Searches the cube unless it is closed or another worker holds it. A cube that cannot
 * be searched (a damaged file) is said and counted, and the run goes on. */
static void take_cube(const char *dir, const char *name, const instance *h,
                      const cubes_params *p, cubes_report *rep, uint32_t *failed, char *err,
                      size_t errsize)
{
    uint32_t target = cubes_target(cubes_read_goal(dir), cubes_cover_size(dir, h));
    if (cubes_is_closed(dir, name, h, target))
        return;
    int lock = cubes_claim(dir, name);
    if (lock == -1)
        return;
    cubes_params q = *p;
    cubes_report one = { 0 };
    char why[512];
    int rc = cubes_is_closed(dir, name, h, target) ||
                     budget_left(p->limit, walltime_now()) < CUBES_MIN_SECONDS
                 ? 0
                 : solve_in(dir, name, h, &q, &one, why, sizeof why);
    cubes_release(lock);
    if (rc) {
        if ((*failed)++ == 0)
            snprintf(err, errsize, "%s", why);
        say(p, "t24 cover: %s: not searched: %s\n", name, why);
    } else if (one.searched) {
        rep->searched++;
        say(p, "t24 cover: %s: bound %u of target %u (%s) in %.1f s\n", name, one.bound,
            one.target, one.closed ? "closed" : "open", one.seconds);
    }
}

/* This worker's share first (cube i with i % nworkers == worker), then the others' cubes
 * that nobody holds, so that a worker done early helps the rest; until the time runs
 * out. Returns the cubes that could not be searched. */
static uint32_t run_cubes(const char *dir, char **names, uint32_t n, const instance *h,
                          const cubes_params *p, cubes_report *rep, char *err, size_t errsize)
{
    uint32_t failed = 0;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < n; i++) {
            if ((i % p->nworkers == p->worker) != (pass == 0))
                continue;
            if (budget_left(p->limit, walltime_now()) < CUBES_MIN_SECONDS ||
                cancel_requested(p->limit.cancel, STOP_SITE_CUBES_NEXT))
                return failed;
            take_cube(dir, names[i], h, p, rep, &failed, err, errsize);
        }
    return failed;
}

int cubes_run(const char *dir, const cubes_params *p, cubes_report *r, char *err,
              size_t errsize)
{
    double t0 = walltime_now();
    uint32_t n;
    memset(r, 0, sizeof *r);
    if (check_params(p, err, errsize) || cubes_check_folder_files(dir, err, errsize))
        return -1;
    cubes_params q;
    instance *h = read_within(dir, p, &q, err, errsize);
    /* an instance.hgr edited since the split has no cube: refused, never "all closed" */
    char **names = h && cubes_check_root(dir, h, err, errsize) == 0
                       ? cubes_names(dir, &n, err, errsize)
                       : NULL;
    if (!names) {
        instance_free(h);
        return -1;
    }
    char first[512] = "";
    uint32_t failed = run_cubes(dir, names, n, h, &q, r, first, sizeof first);
    r->goal = cubes_read_goal(dir);
    r->cover = cubes_cover_size(dir, h);
    r->target = cubes_target(r->goal, r->cover);
    r->cubes = n;
    for (uint32_t i = 0; i < n; i++)
        r->closed += cubes_is_closed(dir, names[i], h, r->target);
    cubes_names_free(names, n);
    instance_free(h);
    r->seconds = walltime_now() - t0;
    if (failed)
        snprintf(err, errsize, "%u cube%s could not be searched, the first: %s", failed,
                 failed > 1 ? "s" : "", first);
    return failed ? -1 : 0;
}
