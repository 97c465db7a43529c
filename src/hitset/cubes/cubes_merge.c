/* cubes_merge.c - the cubes' proofs joined into one certificate (cubes.h), checked by an
 * independent checker before it takes its name.
 *
 * root.cert is copied line by line; its `bound` line becomes K, the least of its own
 * bound and every cube's, and each `open cube-N` line becomes the tree of cube-N.proof.
 * A leaf written for a higher target holds for K too, so nothing else changes.
 *
 * Nothing in the folder is trusted (a worker, a disk or a user may have damaged any
 * file): root.cert and every cube file must name instance.hgr, K may not exceed the
 * cover (no lower bound does), and proof.cert is called verified only when the checker
 * verified it. When the checker refuses it, each cube is checked alone, spliced into
 * root.cert with every other loose end (the other cubes and root.cert's own leaves)
 * written as an `open` node: the checker verifies every node but those, so a cube that
 * fails there is at fault whatever the others hold, and its proof is set aside. Unless
 * root.cert fails alone, or instance.hgr or root.cert changed while the checks ran: then
 * every cube's check fails with it, so the merge names that file and sets nothing aside
 * (a good cube searched again costs hours on a cluster). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/budget.h"
#include "core/cancel.h"
#include "core/walltime.h"
#include "hitset/cubes/cubes.h"
#include "hitset/cubes/cubes_files.h"

#define LINE_MAX_BYTES (1 << 20)
#define ALL_CUBES (-1) /* a plan's `only`: every cube spliced in (proof.cert) */
#define NO_CUBE (-2)   /* none: root.cert alone */
#define PROOF_HEAD_LINES 7 /* a cube proof's lines up to `tree` (cubes.c, write_proof) */

typedef struct {
    const char *dir;
    instance *h;
    char **names;
    uint32_t n;
    uint32_t bound; /* K */
    char *line;     /* LINE_MAX_BYTES */
    const cubes_params *p;
    double deadline; /* of the checks */
    struct stat inst_st, root_st; /* instance.hgr and root.cert before they were read */
} merge_job;

/* What a certificate written from root.cert holds, and what was written. */
typedef struct {
    const merge_job *m;
    long only;        /* ALL_CUBES, NO_CUBE, or the one cube spliced in: names[only] */
    bool open_leaves; /* root.cert's own leaves written as `open` nodes */
    uint64_t opens;   /* out: the open nodes written */
    uint64_t before;  /* out: the lines before the cube spliced in (one cube) */
    uint64_t lines;   /* out: its tree's lines */
} plan;

/* The next n bytes of fp (a proof's tree) to out; its lines counted into *lines. */
static int copy_bytes(FILE *out, FILE *fp, long n, uint64_t *lines)
{
    char buf[1 << 16];
    while (n > 0) {
        size_t want = n < (long)sizeof buf ? (size_t)n : sizeof buf;
        if (fread(buf, 1, want, fp) != want || fwrite(buf, 1, want, out) != want)
            return -1;
        for (const char *c = buf; (c = memchr(c, '\n', want - (size_t)(c - buf))); c++)
            ++*lines;
        n -= (long)want;
    }
    return 0;
}

/* `open NAME`: the tree of NAME's proof in its place. */
static int splice(FILE *out, const char *dir, const char *name, uint64_t *lines)
{
    cubes_proof pr;
    FILE *fp = NULL;
    if (!cubes_read_proof(dir, name, &pr, &fp))
        return -1;
    int rc = copy_bytes(out, fp, pr.tree_bytes, lines);
    fclose(fp);
    return rc;
}

/* An `open NAME` line of root.cert (name: NAME and its line end) by the plan: the cube's
 * tree, or the line itself (counted). */
static int open_line(FILE *out, plan *pl, char *name, uint64_t lines_before)
{
    const merge_job *m = pl->m;
    char *end = name + strcspn(name, "\r\n");
    char keep = *end;
    *end = '\0';
    bool spliced = pl->only == ALL_CUBES || (pl->only >= 0 && !strcmp(name, m->names[pl->only]));
    int rc;
    if (spliced) {
        pl->before = lines_before;
        rc = splice(out, m->dir, name, &pl->lines);
    } else {
        pl->opens++;
        rc = fprintf(out, "open %s\n", name) < 0 ? -1 : 0;
    }
    *end = keep;
    return rc;
}

static bool is_leaf(const char *line)
{
    return !strncmp(line, "leaf", 4) && strchr(" \r\n", line[4]) && line[4];
}

/* root.cert by the plan (ctx): bound K, each open node by open_line(). */
static int write_cert(FILE *out, const void *ctx)
{
    plan *pl = (plan *)ctx; /* the writer's context is const for the others' sake */
    const merge_job *m = pl->m;
    char path[CUBES_PATH_SIZE], err[CUBES_PATH_SIZE + 128];
    cubes_join(path, m->dir, "root.cert");
    FILE *fp = cubes_open_regular(path, err, sizeof err);
    if (!fp)
        return -1;
    int rc = 0;
    bool in_tree = false;
    uint64_t lines = 0; /* root.cert's lines read (each writes one, or a splice) */
    while (rc == 0 && fgets(m->line, LINE_MAX_BYTES, fp)) {
        char *l = m->line;
        if (!in_tree && !strncmp(l, "bound ", 6))
            rc = fprintf(out, "bound %u\n", m->bound) < 0 ? -1 : 0;
        else if (!in_tree && !strncmp(l, "c ", 2)) /* the split's figures: stale */
            rc = fprintf(out, "c t24 cover --merge: root.cert and %u cubes' proofs\n", m->n) < 0
                     ? -1
                     : 0;
        else if (in_tree && !strncmp(l, "open ", 5))
            rc = open_line(out, pl, l + 5, lines);
        else if (in_tree && pl->open_leaves && is_leaf(l)) {
            pl->opens++;
            rc = fputs("open root-leaf\n", out) < 0 ? -1 : 0;
        } else
            rc = fputs(l, out) < 0 ? -1 : 0;
        in_tree |= !strcmp(l, "tree\n");
        lines += strchr(l, '\n') != NULL;
    }
    if (ferror(fp))
        rc = -1;
    fclose(fp);
    return rc;
}

/* root.cert's bound line, UINT32_MAX when absent. */
static uint32_t root_bound(const char *dir)
{
    char path[CUBES_PATH_SIZE], line[256], err[CUBES_PATH_SIZE + 128];
    cubes_join(path, dir, "root.cert");
    FILE *fp = cubes_open_regular(path, err, sizeof err);
    unsigned long b = UINT32_MAX;
    while (fp && fgets(line, sizeof line, fp) && strcmp(line, "tree\n"))
        if (sscanf(line, "bound %lu", &b) == 1)
            break;
    if (fp)
        fclose(fp);
    return b < UINT32_MAX ? (uint32_t)b : UINT32_MAX;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* root.cert's open nodes' names into m->names (sorted), each a cube name whose file the
 * folder holds, and no cube file left out. Returns 0, or -1 with err set. */
static int open_names(merge_job *m, char *err, size_t errsize)
{
    char path[CUBES_PATH_SIZE], line[256];
    uint32_t nfiles, cap = 0;
    char **files = cubes_names(m->dir, &nfiles, err, errsize);
    if (!files)
        return -1;
    cubes_join(path, m->dir, "root.cert");
    FILE *fp = cubes_open_regular(path, err, errsize);
    int rc = fp ? 0 : -1;
    while (rc == 0 && fgets(line, sizeof line, fp)) {
        if (strncmp(line, "open ", 5))
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        if (m->n == cap) {
            cap = cap ? 2 * cap : 64;
            char **more = realloc(m->names, cap * sizeof *more);
            rc = more ? 0 : -1;
            m->names = more ? more : m->names;
        }
        if (rc == 0 && !cubes_is_name(line + 5))
            rc = -1;
        if (rc == 0 && !(m->names[m->n++] = strdup(line + 5)))
            rc = -1;
    }
    if (fp)
        fclose(fp);
    if (rc == 0 && m->n)
        qsort(m->names, m->n, sizeof *m->names, by_name);
    bool same = rc == 0 && m->n == nfiles;
    for (uint32_t i = 0; same && i < nfiles; i++)
        same = !strcmp(m->names[i], files[i]);
    cubes_names_free(files, nfiles);
    if (same)
        return 0;
    for (uint32_t i = 0; rc == 0 && i < m->n; i++) /* a cube that is a FIFO or a link */
        if (cubes_check_file(m->dir, m->names[i], err, errsize))
            return -1;
    snprintf(err, errsize, "'%s': root.cert's open nodes and the cube files differ (a "
             "folder of two splits, or edited)", m->dir);
    return -1;
}

/* Refuses (-1, err set) a cube proof that is no regular file: a link or a FIFO would
 * be counted open, without a word, at every merge and searched again by every --cubes. */
static int odd_proof(const merge_job *m, char *err, size_t errsize)
{
    char file[300];
    for (uint32_t i = 0; i < m->n; i++) {
        snprintf(file, sizeof file, "%s.proof", m->names[i]);
        if (cubes_check_file(m->dir, file, err, errsize))
            return -1;
    }
    return 0;
}

/* Counts the proofs and closed cubes, K over the proofs, and the seconds closed cubes
 * took (least and most). A proof counts only for the very cube file it names (a cube
 * of this instance, checked before). Returns whether every cube has one. */
static bool tally(merge_job *m, cubes_report *r, double *least, double *most)
{
    bool all = true;
    *least = *most = 0;
    for (uint32_t i = 0; i < m->n; i++) {
        cubes_proof pr;
        if (!cubes_read_proof(m->dir, m->names[i], &pr, NULL) ||
            pr.cube != cubes_file_hash(m->dir, m->names[i])) {
            all = false;
            continue;
        }
        if (pr.bound < m->bound)
            m->bound = pr.bound;
        r->nodes += pr.nodes;
        if (pr.bound < r->target)
            continue;
        r->closed++;
        r->cube_seconds += pr.seconds;
        if (r->closed == 1 || pr.seconds < *least)
            *least = pr.seconds;
        if (pr.seconds > *most)
            *most = pr.seconds;
    }
    return all;
}

/* Refuses (-1, err set) a cube file that names another instance than instance.hgr:
 * another split's cube copied in, or an instance edited since. Nothing is set aside:
 * the cube file itself is wrong, and --cubes refuses to search it. */
static int foreign_cube(const merge_job *m, char *err, size_t errsize)
{
    for (uint32_t i = 0; i < m->n; i++)
        if (!cubes_names_instance(m->dir, m->names[i], m->h)) {
            snprintf(err, errsize, "'%s/%s' does not name the folder's instance.hgr in its "
                     "instance line: another split's cube, or edited; not merged",
                     m->dir, m->names[i]);
            return -1;
        }
    return 0;
}

/* The checker on cert (with cover.sol when with_cover) in the time left. Returns its
 * verdict; CUBES_CHECK_UNAVAILABLE with why when there is no checker or no time. */
static int run_check(const merge_job *m, const char *cert, bool with_cover, uint64_t *open,
                     char *why, size_t whysize)
{
    char inst[CUBES_PATH_SIZE], cover[CUBES_PATH_SIZE];
    double left = m->deadline - walltime_now();
    *open = 0;
    if (!m->p->check)
        snprintf(why, whysize, "no checker given");
    else if (cancel_requested(m->p->limit.cancel, STOP_SITE_CUBES_MERGE_CHECK))
        snprintf(why, whysize, "stopped before the check");
    else if (left <= 0)
        snprintf(why, whysize, "the time limit ran out before the check");
    else {
        cubes_join(inst, m->dir, "instance.hgr");
        cubes_join(cover, m->dir, "cover.sol");
        return m->p->check(m->p->check_ctx, inst, with_cover ? cover : NULL, cert, left, open,
                           why, whysize);
    }
    return CUBES_CHECK_UNAVAILABLE;
}

/* Did a certificate written by pl pass: every node checked but the open ones it wrote? */
static bool passes(int verdict, uint64_t open, const plan *pl)
{
    return (verdict == CUBES_CHECK_VERIFIED && pl->opens == 0) ||
           (verdict == CUBES_CHECK_OPEN && open == pl->opens);
}

/* The certificate of pl written to a temporary file, checked without the cover, removed.
 * Returns the verdict (why set). */
static int check_plan(const merge_job *m, plan *pl, uint64_t *open, char *why, size_t whysize)
{
    char tmp[CUBES_TEMP_SIZE];
    if (cubes_write_temp(m->dir, "check.cert", write_cert, pl, tmp, why, whysize))
        return CUBES_CHECK_UNAVAILABLE;
    int v = run_check(m, tmp, false, open, why, whysize);
    unlink(tmp);
    return v;
}

/* Where cube `name`'s check failed, in its own proof's lines when the checker named a
 * line of its tree ("certificate line L: ..."). */
static void describe(char *out, size_t size, const char *name, int verdict, const char *why,
                     const plan *pl)
{
    unsigned long long l;
    int at = 0;
    if (verdict == CUBES_CHECK_OPEN)
        snprintf(out, size, "%s: its proof leaves nodes open", name);
    else if (sscanf(why, "certificate line %llu: %n", &l, &at) == 1 && at > 0 &&
             l > pl->before && l <= pl->before + pl->lines)
        snprintf(out, size, "%s.proof line %llu: %s", name, l - pl->before + PROOF_HEAD_LINES,
                 why + at);
    else
        snprintf(out, size, "%s: %s", name, why);
}

/* Each cube checked alone: those that fail marked in bad[] (counted in r->rejected),
 * the first described into first. Returns -1 when a check could not run (why then in
 * stop), else 0. */
static int check_cubes(const merge_job *m, cubes_report *r, bool *bad, char *first,
                       size_t firstsize, char *stop, size_t stopsize)
{
    char why[512];
    for (uint32_t i = 0; i < m->n; i++) {
        plan one = { m, (long)i, true, 0, 0, 0 };
        uint64_t open;
        int v = check_plan(m, &one, &open, why, sizeof why);
        if (v == CUBES_CHECK_UNAVAILABLE) {
            snprintf(stop, stopsize, "%s and the cubes after it not checked: %s", m->names[i],
                     why);
            return -1;
        }
        if (passes(v, open, &one))
            continue;
        bad[i] = true;
        if (r->rejected++ == 0)
            describe(first, firstsize, m->names[i], v, why, &one);
    }
    return 0;
}

/* Is dir/name still the file st described (the same inode, size and time)? */
static bool unchanged(const char *dir, const char *name, const struct stat *st)
{
    char path[CUBES_PATH_SIZE];
    struct stat now;
    cubes_join(path, dir, name);
    return stat(path, &now) == 0 && now.st_dev == st->st_dev && now.st_ino == st->st_ino &&
           now.st_size == st->st_size && now.st_mtim.tv_sec == st->st_mtim.tv_sec &&
           now.st_mtim.tv_nsec == st->st_mtim.tv_nsec;
}

/* The cubes marked in bad[] set aside, their names listed into list. Returns -1 when one
 * cannot be (why in stop), else 0. */
static int set_aside(const merge_job *m, const bool *bad, char *list, size_t listsize,
                     char *stop, size_t stopsize)
{
    char aside[CUBES_PATH_SIZE];
    size_t used = 0;
    for (uint32_t i = 0; i < m->n; i++) {
        if (!bad[i])
            continue;
        if (cubes_set_aside(m->dir, m->names[i], aside, stop, stopsize))
            return -1;
        if (used + 16 < listsize)
            used += (size_t)snprintf(list + used, listsize - used, " %s", m->names[i]);
        else if (used + 5 < listsize)
            used += (size_t)snprintf(list + used, listsize - used, " ...");
    }
    return 0;
}

/* The cubes that fail alone set aside, unless what they were checked against changed
 * meanwhile (then they are not at fault: -1, r->rejected 0, why in stop). */
static int reject_cubes(const merge_job *m, cubes_report *r, bool *bad, char *first,
                        size_t firstsize, char *list, size_t listsize, char *stop,
                        size_t stopsize)
{
    if (check_cubes(m, r, bad, first, firstsize, stop, stopsize))
        return -1;
    const char *moved = !unchanged(m->dir, "instance.hgr", &m->inst_st) ? "instance.hgr"
                        : !unchanged(m->dir, "root.cert", &m->root_st)  ? "root.cert"
                                                                        : NULL;
    if (r->rejected && moved) {
        snprintf(stop, stopsize, "'%s/%s' changed while the merge checked: no cube's proof "
                 "set aside; merge again", m->dir, moved);
        r->rejected = 0;
        return -1;
    }
    return r->rejected ? set_aside(m, bad, list, listsize, stop, stopsize) : 0;
}

/* Does root.cert fail alone at the cubes' target too, when it failed at K above it? K
 * is the least bound claimed, root.cert's and every proof's `bound` line: when they all
 * claim too much, K is false but root.cert's tree may hold at the target, and then the
 * cubes are checked (their claims are at fault). */
static bool root_fails_at_target(const merge_job *m, const cubes_report *r, uint64_t open)
{
    if (r->target >= m->bound)
        return true;
    char why[512];
    merge_job at = *m;
    at.bound = r->target;
    plan root = { &at, NO_CUBE, false, 0, 0, 0 };
    int v = check_plan(&at, &root, &open, why, sizeof why);
    return v != CUBES_CHECK_UNAVAILABLE && !passes(v, open, &root);
}

/* What the merge claims fails (what says how): root.cert checked alone, then, when it
 * passes (at K, or at the target below K), each cube; every cube at fault reopened. Returns -1 with err: what, and who
 * is at fault. */
static int find_faults(const merge_job *m, cubes_report *r, const char *what, char *err,
                       size_t errsize)
{
    char why[512], first[600] = "", list[200] = "", stop[600] = "";
    uint64_t open;
    plan root = { m, NO_CUBE, false, 0, 0, 0 };
    int v = check_plan(m, &root, &open, why, sizeof why);
    if (v == CUBES_CHECK_UNAVAILABLE) {
        snprintf(err, errsize, "%s; the part at fault not found: %s", what, why);
        return -1;
    }
    if (!passes(v, open, &root) && root_fails_at_target(m, r, open)) {
        /* every cube is checked inside root.cert's tree: each would fail with it */
        snprintf(err, errsize, "%s; root.cert fails alone at bound %u (%s): root.cert (or "
                 "instance.hgr) is at fault, no cube's proof set aside", what, m->bound, why);
        return -1;
    }
    bool *bad = calloc(m->n ? m->n : 1, sizeof *bad);
    if (!bad) {
        snprintf(err, errsize, "%s; out of memory to find the part at fault", what);
        return -1;
    }
    int rc = reject_cubes(m, r, bad, first, sizeof first, list, sizeof list, stop,
                          sizeof stop);
    free(bad);
    size_t k = (size_t)snprintf(err, errsize, "%s", what);
    if (r->rejected && k < errsize)
        k += (size_t)snprintf(err + k, errsize - k, "; %u cube%s fail%s alone (%s): set aside as "
                              "cube-N.proof.rejected, the next --cubes searches %s again:%s",
                              r->rejected, r->rejected > 1 ? "s" : "",
                              r->rejected > 1 ? "" : "s", first,
                              r->rejected > 1 ? "them" : "it", list);
    if (rc && k < errsize)
        k += (size_t)snprintf(err + k, errsize - k, "; %s", stop);
    else if (!r->rejected && k < errsize)
        snprintf(err + k, errsize - k, "; yet root.cert and every cube pass alone: nothing set "
                 "aside");
    return -1;
}

/* proof.cert written to a temporary file, checked with cover.sol, and named so when the
 * checker verifies it (r->verified) or gives no verdict (r->verdict says why); refused
 * otherwise (find_faults()). */
static int verify(const merge_job *m, cubes_report *r, char *err, size_t errsize)
{
    char tmp[CUBES_TEMP_SIZE], why[512], what[800];
    uint64_t open;
    plan all = { m, ALL_CUBES, false, 0, 0, 0 };
    if (cubes_write_temp(m->dir, "proof.cert", write_cert, &all, tmp, err, errsize))
        return -1;
    int v = run_check(m, tmp, true, &open, why, sizeof why);
    if (v == CUBES_CHECK_VERIFIED || v == CUBES_CHECK_UNAVAILABLE) {
        r->verified = v == CUBES_CHECK_VERIFIED;
        snprintf(r->verdict, sizeof r->verdict, "%.250s", why);
        return cubes_commit(tmp, m->dir, "proof.cert", err, errsize);
    }
    unlink(tmp);
    snprintf(what, sizeof what, "'%s/proof.cert' not written: the checker refuses the merged "
             "certificate (%s)", m->dir,
             v == CUBES_CHECK_OPEN ? "a cube's proof leaves nodes open" : why);
    return find_faults(m, r, what, err, errsize);
}

/* The identity of dir/name into st (zeroed when it cannot be had). */
static void remember(const char *dir, const char *name, struct stat *st)
{
    char path[CUBES_PATH_SIZE];
    cubes_join(path, dir, name);
    if (stat(path, st))
        memset(st, 0, sizeof *st);
}

static int merge_in(merge_job *m, cubes_report *r, char *err, size_t errsize)
{
    char why[256], what[600];
    /* a FIFO or a device as root.cert, cover.sol or goal: refused before any read */
    if (cubes_check_folder_files(m->dir, err, errsize))
        return -1;
    remember(m->dir, "instance.hgr", &m->inst_st);
    remember(m->dir, "root.cert", &m->root_st);
    m->bound = root_bound(m->dir);
    m->h = cubes_read_instance_until(m->dir, m->deadline, m->p->limit.cancel, why, sizeof why);
    if (!m->h) { /* a FIFO, a device, too slow: its own reason */
        snprintf(err, errsize, "%s", why);
        return -1;
    }
    r->goal = cubes_read_goal(m->dir);
    r->cover = cubes_cover_size(m->dir, m->h);
    if (m->bound == UINT32_MAX || r->goal == UINT32_MAX || r->cover == UINT32_MAX) {
        snprintf(err, errsize, "'%s' is not a folder of t24 cover --split (its root.cert, "
                 "instance.hgr, goal or cover.sol cannot be read, or cover.sol is no cover)",
                 m->dir);
        return -1;
    }
    r->target = cubes_target(r->goal, r->cover);
    if (cubes_check_root(m->dir, m->h, err, errsize) || open_names(m, err, errsize) ||
        foreign_cube(m, err, errsize) || odd_proof(m, err, errsize))
        return -1;
    double least, most;
    r->cubes = m->n;
    r->complete = tally(m, r, &least, &most);
    r->left_low = (double)(m->n - r->closed) * least;
    r->left_high = (double)(m->n - r->closed) * most;
    r->left_mean = r->closed ? (double)(m->n - r->closed) * r->cube_seconds / r->closed : 0;
    if (!r->complete)
        return 0;
    if (!(m->line = malloc(LINE_MAX_BYTES))) {
        snprintf(err, errsize, "out of memory for the merge");
        return -1;
    }
    r->bound = m->bound;
    if (m->bound <= r->cover)
        return verify(m, r, err, errsize);
    /* no lower bound exceeds a cover: root.cert or a proof claims what it does not prove */
    snprintf(what, sizeof what, "'%s': the proofs claim %u, above the cover of %u in "
             "cover.sol: not merged", m->dir, m->bound, r->cover);
    if (m->p->check)
        return find_faults(m, r, what, err, errsize);
    snprintf(err, errsize, "%s (no checker to find the proof at fault)", what);
    return -1;
}

int cubes_merge(const char *dir, const cubes_params *p, cubes_report *r, char *err,
                size_t errsize)
{
    double t0 = walltime_now();
    cubes_params defaults;
    memset(r, 0, sizeof *r);
    if (!p) { /* the defaults, and a minute, as the library's hs_cubes_params_init() */
        cubes_params_init(&defaults);
        defaults.limit = budget_until(t0 + 60, NULL);
        p = &defaults;
    }
    if (!(p->limit.end > 0)) {
        snprintf(err, errsize, "limit.end = %.17g; must be a time end (walltime_now())",
                 p->limit.end);
        return -1;
    }
    merge_job m = { .dir = dir, .p = p, .deadline = p->limit.end };
    int rc = merge_in(&m, r, err, errsize);
    free(m.line);
    cubes_names_free(m.names, m.n);
    instance_free(m.h);
    r->seconds = walltime_now() - t0;
    return rc;
}
