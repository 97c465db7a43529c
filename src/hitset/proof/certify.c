/* certify.c - the certifying search's entry point: its first target, the reductions as
 * proof nodes, and the certificate around the tree; see certify.h. The branch and bound
 * below the reductions is certify_tree.c, its branching rule certify_branch.c. */
#include "hitset/proof/certify.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/idlist.h"
#include "core/walltime.h"
#include "core/cancel.h"
#include "hitset/proof/certify_branch.h"
#include "hitset/proof/certify_tree.h"
#include "hitset/heur/greedy.h"
#include "hitset/heur/localsearch.h"
#include "hitset/presolve/reduce.h"

/* 2^32: the multipliers are the LP's duals rounded down to multiples of 2^-32
 * (certify_tree.c's ONE). */
#define CERTIFY_DENOMINATOR "4294967296"
#define CERTIFY_MAX_CANDIDATES 1000
#define CERTIFY_MAX_ITERATIONS 1000000
#define CERTIFY_MAX_RELIABILITY 1000
/* 2^64 open nodes at most: a deeper split is a mistake. */
#define CERTIFY_MAX_SPLIT_DEPTH 64

void certify_params_init(certify_params *p)
{
    memset(p, 0, sizeof *p);
    p->limit = budget_until(0, NULL);
    p->branching = CERTIFY_RELIABLE;
    p->strong_candidates = 5;
    p->strong_iterations = 50;
    p->reliability = 4;
}

static int bad_param(char *err, size_t errsize, const char *field, double value,
                     const char *range)
{
    snprintf(err, errsize, "%s = %.17g; must be %s", field, value, range);
    return -1;
}

int certify_params_check(const certify_params *p, char *err, size_t errsize)
{
    /* Written as !(in range) so that NaN fails. */
    if (!(p->limit.end >= 0))
        return bad_param(err, errsize, "limit.end", p->limit.end, "0 (none) or a walltime");
    if (!p->start && p->nstart)
        return bad_param(err, errsize, "nstart", p->nstart, "0 when start is NULL");
    if (p->mem_limit_mb < 0)
        return bad_param(err, errsize, "mem_limit_mb", p->mem_limit_mb, "0 (none) or more");
    if (p->branching != CERTIFY_RELIABLE && p->branching != CERTIFY_STRONG &&
        p->branching != CERTIFY_FRACTIONAL && p->branching != CERTIFY_SPLIT)
        return bad_param(err, errsize, "branching", (int)p->branching,
                         "CERTIFY_RELIABLE, CERTIFY_STRONG, CERTIFY_FRACTIONAL or "
                         "CERTIFY_SPLIT");
    if (p->strong_candidates < 1 || p->strong_candidates > CERTIFY_MAX_CANDIDATES)
        return bad_param(err, errsize, "strong_candidates", p->strong_candidates, "1..1000");
    if (p->strong_iterations < 1 || p->strong_iterations > CERTIFY_MAX_ITERATIONS)
        return bad_param(err, errsize, "strong_iterations", p->strong_iterations,
                         "1..1000000");
    if (p->reliability > CERTIFY_MAX_RELIABILITY)
        return bad_param(err, errsize, "reliability", p->reliability, "0..1000");
    if (p->split_depth > CERTIFY_MAX_SPLIT_DEPTH)
        return bad_param(err, errsize, "split_depth", p->split_depth, "0..64");
    if (p->ncube && (!p->cube_elems || !p->cube_in))
        return bad_param(err, errsize, "ncube", p->ncube, "0 when cube_elems or cube_in is NULL");
    if (p->ncube && p->split_depth)
        return bad_param(err, errsize, "split_depth", p->split_depth,
                         "0 when searching a cube (ncube > 0)");
    return 0;
}

void certify_result_free(certify_result *r)
{
    free(r->cover);
    memset(r, 0, sizeof *r);
}

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t x, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        x ^= (unsigned char)bytes[i];
        x *= FNV_PRIME;
    }
    return x;
}

/* The bytes hashed are those of the normalised text, made one number at a time. */
uint64_t certify_checksum(const instance *h)
{
    char buf[64];
    uint32_t ns = instance_nsets(h);
    int n = snprintf(buf, sizeof buf, "p hs %u %u\n", instance_nelems(h), ns);
    uint64_t x = fnv(FNV_OFFSET, buf, (size_t)n);
    for (uint32_t s = 0; s < ns; s++) {
        uint32_t len;
        const uint32_t *el = instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            n = snprintf(buf, sizeof buf, i ? " %u" : "%u", el[i] + 1);
            x = fnv(x, buf, (size_t)n);
        }
        x = fnv(x, "\n", 1);
    }
    return x;
}

/* The reductions' steps as proof nodes, in the order made, each checked by the checker
 * against the state the earlier ones left: a forced set is a `split` with one free
 * element (the others went out as dominated), a set that contains another's remaining
 * elements a `drop`, a dominated element `dominated E F` with F its dominator, still
 * free then. An element left in no set needs no line: it stays free, its term 0. */
typedef struct {
    FILE *tree;
    uint32_t lines;
} proof_log;

static void on_forced(void *ctx, uint32_t set, uint32_t elem)
{
    proof_log *lg = ctx;
    (void)elem;
    fprintf(lg->tree, "split %u\n", set + 1);
    lg->lines++;
}

static void on_dropped(void *ctx, uint32_t set)
{
    proof_log *lg = ctx;
    fprintf(lg->tree, "drop %u\n", set + 1);
    lg->lines++;
}

static void on_dominated(void *ctx, uint32_t elem, uint32_t by)
{
    proof_log *lg = ctx;
    if (by == UINT32_MAX)
        return;
    fprintf(lg->tree, "dominated %u %u\n", elem + 1, by + 1);
    lg->lines++;
}

/* The caller's cover, pruned of what it does not need, into cover (ascending); a
 * smaller one is reported to p->improved. Returns 0, or -1 when memory runs out. */
static int given_cover(const instance *h, const certify_params *p, uint32_t *cover,
                       uint32_t *n)
{
    greedy_cover g, pruned;
    if (greedy_order(h, p->start, p->nstart, &g))
        return -1;
    uint32_t before = g.n; /* the start's distinct elements */
    int rc = greedy_prune(h, &g, &pruned);
    greedy_cover_free(&g);
    if (rc)
        return -1;
    memcpy(cover, pruned.elems, pruned.n * sizeof *cover);
    *n = pruned.n;
    greedy_cover_free(&pruned);
    qsort(cover, *n, sizeof *cover, idlist_compare);
    if (*n < before && p->improved)
        p->improved(p->improved_ctx, cover, *n);
    return 0;
}

/* The default local search (localsearch.h) on the core from greedy's cover, into
 * core ids (ascending). Returns 0, or -1 with err set. */
static int core_cover(const instance *core, const certify_params *p, double deadline,
                      localsearch_result *ls, uint32_t *greedy, char *err, size_t errsize)
{
    greedy_cover g;
    if (greedy_run(core, NULL, &g)) {
        snprintf(err, errsize, "out of memory for the first cover");
        return -1;
    }
    localsearch_params q;
    localsearch_params_init(&q);
    q.limit = budget_time_share(budget_until(deadline, p->cancel), walltime_now(),
                                LOCALSEARCH_DEFAULT_SHARE);
    q.patience = localsearch_default_patience(core);
    *greedy = g.n;
    int rc = localsearch_run(core, g.elems, g.n, &q, ls, err, errsize);
    greedy_cover_free(&g);
    return rc;
}

/* No cover given: the forced elements and a cover of the core, greedy's improved by
 * t24's default local search (as mincover.h runs it). The search's target is this
 * cover, and a poor one costs dearly: from greedy's 37 on five cards, deck 1-6, 300
 * seconds did not find the optimum 30 and proved 28; from the local search's 30 the
 * proof takes seconds. Returns 0, or -1 with err set. */
static int found_cover(const instance *h, const reduce_result *red, const certify_params *p,
                       double deadline, uint32_t *cover, uint32_t *n, char *err,
                       size_t errsize)
{
    localsearch_result ls;
    uint32_t greedy = 0;
    memset(&ls, 0, sizeof ls);
    if (instance_nsets(red->core) > 0 &&
        core_cover(red->core, p, deadline, &ls, &greedy, err, errsize))
        return -1;
    memcpy(cover, red->forced, red->nforced * sizeof *cover);
    for (uint32_t i = 0; i < ls.n; i++)
        cover[red->nforced + i] = red->core_elem[ls.elems[i]];
    *n = red->nforced + ls.n;
    qsort(cover, *n, sizeof *cover, idlist_compare);
    bool improved = ls.n < greedy;
    localsearch_result_free(&ls);
    if (!instance_is_cover(h, cover, *n)) { /* a bug of the reductions: say so */
        snprintf(err, errsize, "internal error: forced elements and a core cover miss a set");
        return -1;
    }
    if (improved && p->improved)
        p->improved(p->improved_ctx, cover, *n);
    return 0;
}

/* See certify.h: the caller's cover when it is one, else one found. */
int certify_first_cover(const instance *h, const reduce_result *red, const certify_params *p,
                        double deadline, uint32_t *cover, uint32_t *n, char *err,
                        size_t errsize)
{
    if (!p->start || !instance_is_cover(h, p->start, p->nstart))
        return found_cover(h, red, p, deadline, cover, n, err, errsize);
    if (given_cover(h, p, cover, n) == 0)
        return 0;
    snprintf(err, errsize, "out of memory for the first cover");
    return -1;
}

/* Appends what remains of from (a temporary file, read from its start) to out. Returns
 * the bytes copied, or -1 when a stream reports an error. */
static int64_t append(FILE *out, FILE *from)
{
    if (fflush(from) || ferror(from) || fseek(from, 0, SEEK_SET))
        return -1;
    char buf[1 << 16];
    size_t got;
    int64_t bytes = 0;
    while ((got = fread(buf, 1, sizeof buf, from)) > 0) {
        if (fwrite(buf, 1, got, out) != got)
            return -1;
        bytes += (int64_t)got;
    }
    return ferror(from) ? -1 : bytes;
}

/* The header with bound K, then the reductions' nodes, the round's tree and `end`.
 * Returns the bytes written, or 0 when a stream reports an error. */
static uint64_t write_certificate(FILE *out, const instance *h, uint32_t bound,
                                  FILE *prefix, FILE *tree, const certify_result *r)
{
    int n = fprintf(out,
                    "t24-certificate 1\n"
                    "c t24's certifying search: cover of size %u, %" PRIu64 " nodes\n"
                    "instance %u %u %016" PRIx64 "\nbound %u\ndenominator %s\ntree\n",
                    r->ncover, r->stats.nodes, instance_nelems(h), instance_nsets(h),
                    certify_checksum(h), bound, CERTIFY_DENOMINATOR);
    int64_t a = n < 0 ? -1 : append(out, prefix);
    int64_t b = a < 0 ? -1 : append(out, tree);
    if (b < 0 || fputs("end\n", out) < 0 || fflush(out))
        return 0;
    return (uint64_t)n + (uint64_t)a + (uint64_t)b + 4;
}

/* The search's rounds over the reduced instance: the root's LP alone (a one-leaf proof
 * of its bound K), then goals K+1, K+2, ... up to the cover (or p->goal), each round a
 * whole tree of its own. A round's tree grows steeply with its goal, so the earlier
 * rounds cost little beside the last (five cards, deck 1-7: 46 in 2 s, 47 in 4 s, 48
 * in 57 s), and a run the time limit stops keeps the last round it finished: the best
 * bound proven, where one search for the cover's size proves only its root's bound
 * when stopped. The kept round's tree stays in *best. Returns 0, or -1 with err set. */
typedef struct {
    certify_tree_job job;     /* the kept round's figures */
    FILE *best;               /* its tree */
    certify_round round[CERTIFY_ROUNDS_KEPT]; /* the last rounds, oldest first */
    uint32_t nround;
    uint32_t rounds;
    uint64_t lp_solves, probes, iterations; /* over all rounds */
} rounds_result;

static int one_round(certify_tree_job *job, FILE **tree, char *err, size_t errsize)
{
    *tree = tmpfile();
    if (!*tree) {
        snprintf(err, errsize, "cannot create a temporary file for the tree");
        return -1;
    }
    job->tree = *tree;
    return certify_tree_search(job, err, errsize);
}

/* The round's figures at the end of out->round[], the oldest dropped when it is full. */
static void keep_round(rounds_result *out, const certify_tree_job *job, uint32_t goal,
                       double seconds)
{
    if (out->nround == CERTIFY_ROUNDS_KEPT) {
        memmove(out->round, out->round + 1, (CERTIFY_ROUNDS_KEPT - 1) * sizeof *out->round);
        out->nround--;
    }
    out->round[out->nround++] = (certify_round){ goal, job->bound, job->open == 0, job->nodes,
                                                 job->lp_solves, seconds };
}

static int run_rounds(const instance *h, const reduce_result *red, const certify_params *p,
                      double deadline, certify_result *r, rounds_result *out, char *err,
                      size_t errsize)
{
    uint32_t ne = instance_nelems(red->core), ns = instance_nsets(red->core);
    memset(out, 0, sizeof *out);
    certify_branch *branch = certify_branch_new(ne, ne + ns, p);
    if (!branch) {
        snprintf(err, errsize, "out of memory for the certifying search");
        return -1;
    }
    int rc = 0;
    /* A split or a cube is one round at the goal: its open nodes or its subtree must
     * fit the tree around them, which is a round's at that goal. */
    bool one = p->split_depth || p->ncube;
    for (uint32_t goal = one ? p->goal : 0;; goal = out->job.bound + 1) {
        certify_tree_job job = { .h = h, .red = red, .p = p, .deadline = deadline,
                                 .cover = r->cover, .ncover = r->ncover, .goal = goal,
                                 .root_only = !one && out->rounds == 0, .branch = branch,
                                 .proven = out->job.bound };
        FILE *tree = NULL;
        double t0 = walltime_now();
        rc = one_round(&job, &tree, err, errsize);
        keep_round(out, &job, goal, walltime_now() - t0);
        r->ncover = job.ncover; /* a round's better cover stands, finished or not */
        out->rounds++;
        out->lp_solves += job.lp_solves;
        out->probes += job.probes;
        out->iterations += job.iterations;
        bool keep = rc == 0 && (out->rounds == 1 || job.bound > out->job.bound);
        if (keep) {
            if (out->best)
                fclose(out->best);
            out->best = tree;
            out->job = job;
        } else if (tree) {
            fclose(tree);
        }
        if (rc || one || job.open || job.bound >= job.ncover || (p->goal && job.bound >= p->goal) ||
            budget_stopped(budget_until(deadline, p->cancel), STOP_SITE_CERTIFY_ROUND))
            break;
    }
    certify_branch_free(branch);
    return rc;
}

/* The run: reductions (as proof nodes), the first cover, the rounds, the
 * certificate. */
static int certify_with(const instance *h, const certify_params *p, double deadline,
                        FILE *prefix, FILE *out, certify_result *r, char *err,
                        size_t errsize)
{
    reduce_result red;
    proof_log lg = { prefix, 0 };
    reduce_log log = { on_forced, on_dropped, on_dominated, &lg };
    if (reduce_run_logged(h, budget_until(deadline, p->cancel), &log, &red, err, errsize))
        return -1;
    if (red.stopped && (p->split_depth || p->ncube)) {
        /* A cube's node is reached by its fixings after the same reductions as the
         * split's: both must be the fixpoint. */
        reduce_result_free(&red);
        /* A signal is no time limit: more time would not help, and the cube's files
         * are as they were (issue 49) */
        if (cancel_requested(p->cancel, STOP_SITE_CERTIFY_REDUCED))
            snprintf(err, errsize, "stopped by a signal during the reductions, before the "
                                   "search (a split or a cube needs their fixpoint): "
                                   "nothing searched, its files as they were");
        else
            snprintf(err, errsize, "the reductions did not finish within the time limit (a "
                                   "split or a cube needs their fixpoint): give it more time");
        return -1;
    }
    if (certify_first_cover(h, &red, p, deadline, r->cover, &r->ncover, err, errsize)) {
        reduce_result_free(&red);
        return -1;
    }
    rounds_result rr;
    int rc = run_rounds(h, &red, p, deadline, r, &rr, err, errsize);
    reduce_result_free(&red);
    if (rc == 0) {
        r->stats.bound = rr.job.bound;
        r->optimal = rr.job.bound >= r->ncover;
        r->reductions = lg.lines;
        r->stats.nodes = lg.lines + rr.job.nodes;
        r->stats.leaves = rr.job.leaves;
        r->stats.open = rr.job.open;
        r->rounds = rr.rounds;
        r->stats.nround = rr.nround;
        memcpy(r->stats.round, rr.round, sizeof r->stats.round);
        r->lp_solves = rr.lp_solves;
        r->probes = rr.probes;
        r->iterations = rr.iterations;
        /* out NULL: an engine's run (certify_hitting_set()), the proof not wanted */
        if (p->ncube)
            r->stats.nodes = rr.job.nodes; /* the reductions are the split's, not written here */
        if (out && p->ncube) { /* the cube's subtree alone */
            int64_t b = append(out, rr.best);
            if (b < 0 || fflush(out)) {
                snprintf(err, errsize, "cannot write the certificate");
                rc = -1;
            } else {
                r->stats.bytes = (uint64_t)b;
            }
        } else if (out &&
                   (r->stats.bytes = write_certificate(out, h, r->stats.bound, prefix, rr.best, r)) == 0) {
            snprintf(err, errsize, "cannot write the certificate");
            rc = -1;
        }
    }
    if (rr.best)
        fclose(rr.best);
    return rc;
}

int certify_run(const instance *h, const certify_params *p, FILE *out, certify_result *r,
                char *err, size_t errsize)
{
    memset(r, 0, sizeof *r);
    if (certify_params_check(p, err, errsize))
        return -1;
    double t0 = walltime_now(), deadline = p->limit.end;
    r->cover = malloc(((size_t)instance_nelems(h) + 1) * sizeof *r->cover);
    FILE *prefix = tmpfile();
    int rc = -1;
    if (!r->cover || !prefix)
        snprintf(err, errsize, r->cover ? "cannot create a temporary file for the tree"
                                        : "out of memory");
    else
        rc = certify_with(h, p, deadline, prefix, out, r, err, errsize);
    if (prefix)
        fclose(prefix);
    r->stats.seconds = walltime_now() - t0;
    if (rc)
        certify_result_free(r);
    return rc;
}
