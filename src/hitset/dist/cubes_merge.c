/* cubes_merge.c - the cubes' proofs joined into one certificate (cubes.h).
 *
 * root.cert is copied line by line; its `bound` line becomes K, the least of its own
 * bound and every cube's, and each `open cube-N` line becomes the tree of cube-N.proof.
 * A leaf written for a higher target holds for K too, so nothing else changes. */
#include <stdlib.h>
#include <string.h>

#include "core/walltime.h"
#include "hitset/dist/cubes.h"
#include "hitset/dist/cubes_files.h"

#define LINE_MAX_BYTES (1 << 20)

typedef struct {
    const char *dir;
    char **names;
    uint32_t n;
    uint32_t bound; /* K */
    char *line;     /* LINE_MAX_BYTES */
} merge_job;

/* The next n bytes of fp (a proof's tree) to out. */
static int copy_bytes(FILE *out, FILE *fp, long n)
{
    char buf[1 << 16];
    while (n > 0) {
        size_t want = n < (long)sizeof buf ? (size_t)n : sizeof buf;
        if (fread(buf, 1, want, fp) != want || fwrite(buf, 1, want, out) != want)
            return -1;
        n -= (long)want;
    }
    return 0;
}

/* `open NAME`: the tree of NAME's proof in its place. */
static int splice(FILE *out, const merge_job *m, const char *name)
{
    cubes_proof pr;
    FILE *fp = NULL;
    if (!cubes_read_proof(m->dir, name, &pr, &fp))
        return -1;
    int rc = copy_bytes(out, fp, pr.tree_bytes);
    fclose(fp);
    return rc;
}

static int write_merged(FILE *out, const void *ctx)
{
    const merge_job *m = ctx;
    char path[CUBES_PATH_SIZE];
    cubes_join(path, m->dir, "root.cert");
    FILE *fp = fopen(path, "r");
    if (!fp)
        return -1;
    int rc = 0;
    bool in_tree = false;
    while (rc == 0 && fgets(m->line, LINE_MAX_BYTES, fp)) {
        if (!in_tree && !strncmp(m->line, "bound ", 6))
            rc = fprintf(out, "bound %u\n", m->bound) < 0 ? -1 : 0;
        else if (!in_tree && !strncmp(m->line, "c ", 2)) /* the split's figures: stale */
            rc = fprintf(out, "c t24 cover --merge: root.cert and %u cubes' proofs\n", m->n) < 0
                     ? -1
                     : 0;
        else if (in_tree && !strncmp(m->line, "open ", 5)) {
            m->line[strcspn(m->line, "\n")] = '\0';
            rc = splice(out, m, m->line + 5);
        } else
            rc = fputs(m->line, out) < 0 ? -1 : 0;
        in_tree |= !strcmp(m->line, "tree\n");
    }
    if (ferror(fp))
        rc = -1;
    fclose(fp);
    return rc;
}

/* root.cert's bound line, UINT32_MAX when absent. */
static uint32_t root_bound(const char *dir)
{
    char path[CUBES_PATH_SIZE], line[256];
    cubes_join(path, dir, "root.cert");
    FILE *fp = fopen(path, "r");
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
    FILE *fp = fopen(path, "r");
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
    if (!same)
        snprintf(err, errsize, "'%s': root.cert's open nodes and the cube files differ (a "
                 "folder of two splits, or edited)", m->dir);
    return same ? 0 : -1;
}

/* Counts the proofs and closed cubes, K over the proofs, and the seconds closed cubes
 * took (least and most). A proof counts only for the very cube file it names. Returns
 * whether every cube has one. */
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

static int merge_in(merge_job *m, cubes_report *r, char *err, size_t errsize)
{
    char why[256];
    instance *h = cubes_read_instance(m->dir, why, sizeof why);
    r->goal = cubes_read_goal(m->dir);
    r->cover = h ? cubes_cover_size(m->dir, h) : UINT32_MAX;
    instance_free(h);
    if (m->bound == UINT32_MAX || r->goal == UINT32_MAX || r->cover == UINT32_MAX) {
        snprintf(err, errsize, "'%s' is not a folder of t24 cover --split (its root.cert, "
                 "instance.hgr, goal or cover.sol cannot be read, or cover.sol is no cover)",
                 m->dir);
        return -1;
    }
    r->target = cubes_target(r->goal, r->cover);
    if (open_names(m, err, errsize))
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
    return cubes_write_whole(m->dir, "proof.cert", write_merged, m, err, errsize);
}

int cubes_merge(const char *dir, cubes_report *r, char *err, size_t errsize)
{
    double t0 = walltime_now();
    memset(r, 0, sizeof *r);
    merge_job m = { dir, NULL, 0, root_bound(dir), NULL };
    int rc = merge_in(&m, r, err, errsize);
    free(m.line);
    cubes_names_free(m.names, m.n);
    r->seconds = walltime_now() - t0;
    return rc;
}
