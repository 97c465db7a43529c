/* localcut_bound.c - t24-local-cuts: how far rounds of local cuts (localcut.h) raise the
 * root LP bound of a PACE instance's reduced core. A measurement for issue 30 item 4,
 * uncertified: docs/hitting-sets.md ("Stronger nodes") has what it found.
 *
 *   t24-local-cuts [--rounds R] [--family N] [--seeds S] [--scale Q] [--lp FILE] FILE.hgr
 *
 * Each round grows a family from each of the S sets the LP hits least (their prefixes of
 * 4, 8, ... up to N sets), separates the most violated cut of each seed's prefixes, adds
 * them all and re-solves. The first round also counts the rank-form cuts that would be
 * violated. --lp writes the core's model with the cuts in CPLEX LP format (for cbc),
 * --cuts the cuts alone, one a line: RHS N E:C ... (the core's 0-based element ids),
 * which certify-with-cuts.patch reads. */
#include <errno.h>
#include <glpk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "localcut.h"

typedef struct {
    uint32_t rounds, family, seeds;
    localcut_params lc;
    const char *lp, *cuts, *file;
} options;

static int usage(const char *why, const char *value)
{
    fprintf(stderr, "t24-local-cuts: %s%s%s\n", why, value ? ": " : "", value ? value : "");
    return 2;
}

static int number(const char *s, uint32_t lo, uint32_t hi, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (!*s || *s == '-' || *end || errno || v < lo || v > hi)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse(int argc, char **argv, options *o)
{
    *o = (options){ 4, 12, 40, { 12, 200, 2000000 }, NULL, NULL, NULL };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint32_t *dst = !strcmp(a, "--rounds")   ? &o->rounds
                        : !strcmp(a, "--family") ? &o->family
                        : !strcmp(a, "--seeds")  ? &o->seeds
                        : !strcmp(a, "--scale")  ? &o->lc.scale
                                                 : NULL;
        if (dst || !strcmp(a, "--lp") || !strcmp(a, "--cuts")) {
            if (i + 1 == argc)
                return usage("a value is missing after", a);
            if (!dst)
                *(a[2] == 'l' ? &o->lp : &o->cuts) = argv[++i];
            else if (number(argv[++i], 1, dst == &o->family ? 64 : 1000000, dst))
                return usage("not a number in range", argv[i]);
        } else if (a[0] == '-' || o->file) {
            return usage("unknown or extra argument", a);
        } else {
            o->file = a;
        }
    }
    return o->file ? 0 : usage("usage: t24-local-cuts [--rounds R] [--family N] [--seeds S] "
                               "[--scale Q] [--lp FILE] [--cuts FILE] FILE.hgr", NULL);
}

static glp_prob *core_lp(const hs_instance *h)
{
    uint32_t ne = hs_instance_nelems(h), ns = hs_instance_nsets(h);
    glp_prob *P = glp_create_prob();
    glp_set_obj_dir(P, GLP_MIN);
    glp_add_cols(P, (int)ne);
    for (uint32_t e = 0; e < ne; e++) {
        glp_set_col_kind(P, (int)e + 1, GLP_BV);
        glp_set_obj_coef(P, (int)e + 1, 1);
    }
    int *ind = malloc(((size_t)ne + 2) * sizeof *ind);
    double *val = malloc(((size_t)ne + 2) * sizeof *val);
    glp_add_rows(P, (int)ns);
    for (uint32_t s = 0; ind && val && s < ns; s++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, s, &len);
        for (uint32_t i = 0; i < len; i++) {
            ind[i + 1] = (int)el[i] + 1;
            val[i + 1] = 1;
        }
        glp_set_row_bnds(P, (int)s + 1, GLP_LO, 1, 0);
        glp_set_mat_row(P, (int)s + 1, (int)len, ind, val);
    }
    free(ind);
    free(val);
    return P;
}

static void add_cut(glp_prob *P, const localcut *c)
{
    int *ind = malloc(((size_t)c->n + 1) * sizeof *ind);
    double *val = malloc(((size_t)c->n + 1) * sizeof *val);
    if (!ind || !val)
        abort();
    for (uint32_t i = 0; i < c->n; i++) {
        ind[i + 1] = (int)c->elem[i] + 1;
        val[i + 1] = c->coef[i];
    }
    int r = glp_add_rows(P, 1);
    glp_set_row_bnds(P, r, GLP_LO, (double)c->rhs, 0);
    glp_set_mat_row(P, r, (int)c->n, ind, val);
    free(ind);
    free(val);
}

typedef struct {
    double slack;
    uint32_t set;
} seed;

static int by_slack(const void *a, const void *b)
{
    const seed *x = a, *y = b;
    if (x->slack != y->slack)
        return x->slack < y->slack ? -1 : 1;
    return (x->set > y->set) - (x->set < y->set);
}

/* The sets in order of their slack under x, least first. */
static seed *seeds_by_slack(const hs_instance *h, const double *x)
{
    uint32_t ns = hs_instance_nsets(h);
    seed *sd = malloc(((size_t)ns + 1) * sizeof *sd);
    for (uint32_t s = 0; sd && s < ns; s++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, s, &len);
        sd[s] = (seed){ -1, s };
        for (uint32_t i = 0; i < len; i++)
            sd[s].slack += x[el[i]];
    }
    if (sd)
        qsort(sd, ns, sizeof *sd, by_slack);
    return sd;
}

typedef struct {
    uint32_t cuts, rank_violated, families;
    double most;
    uint64_t nodes;
} round_stats;

/* The LP mass on the union of fam[0..n): the rank form's left-hand side. */
static double union_mass(const hs_instance *h, const double *x, const uint32_t *fam, uint32_t n)
{
    unsigned char *in = calloc(hs_instance_nelems(h), 1);
    double mass = 0;
    for (uint32_t i = 0; in && i < n; i++) {
        uint32_t len;
        const uint32_t *el = hs_instance_set(h, fam[i], &len);
        for (uint32_t j = 0; j < len; j++)
            if (!in[el[j]]) {
                in[el[j]] = 1;
                mass += x[el[j]];
            }
    }
    free(in);
    return mass;
}

/* The best cut over the prefixes of seed s's family (rank_check: and whether the rank
 * form of any prefix is violated). Returns 1 with *best, 0 without, -1 out of memory. */
static int seed_cut(const hs_instance *h, const double *x, uint32_t s, const options *o,
                    bool rank_check, localcut *best, double *bestv, round_stats *st)
{
    uint32_t fam[LOCALCUT_MAX_FAMILY], n = localcut_family(h, x, s, o->family, fam);
    int found = 0;
    for (uint32_t k = n < 4 ? n : 4; k; k = k == n ? 0 : k + 4 < n ? k + 4 : n) {
        localcut c;
        double v = 0;
        st->families++;
        if (rank_check) {
            uint32_t r = localcut_rank(h, fam, k, o->lc.node_limit);
            if (r != UINT32_MAX && r > union_mass(h, x, fam, k) + 1e-6)
                st->rank_violated++;
        }
        int rc = localcut_separate(h, x, fam, k, &o->lc, *bestv, &c, &v, &st->nodes);
        if (rc < 0)
            return -1;
        if (rc == 1) {
            if (found)
                localcut_free(best);
            *best = c;
            *bestv = v;
            found = 1;
        }
    }
    return found;
}

/* One round: cuts from the first o->seeds seeds, added to P. */
static int one_round(glp_prob *P, const hs_instance *h, const options *o, bool rank_check,
                     round_stats *st)
{
    uint32_t ne = hs_instance_nelems(h), ns = hs_instance_nsets(h);
    double *x = malloc(((size_t)ne + 1) * sizeof *x);
    for (uint32_t e = 0; x && e < ne; e++)
        x[e] = glp_get_col_prim(P, (int)e + 1);
    seed *sd = x ? seeds_by_slack(h, x) : NULL;
    int rc = sd ? 0 : -1;
    for (uint32_t i = 0; rc == 0 && i < o->seeds && i < ns; i++) {
        localcut c;
        double v = 1e-4; /* the least relative violation worth a row */
        int found = seed_cut(h, x, sd[i].set, o, rank_check, &c, &v, st);
        if (found < 0)
            rc = -1;
        if (found > 0) {
            add_cut(P, &c);
            localcut_free(&c);
            st->cuts++;
            st->most = v > st->most ? v : st->most;
        }
    }
    free(x);
    free(sd);
    return rc;
}

static double solve(glp_prob *P)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.meth = GLP_DUALP;
    if (glp_simplex(P, &sm) != 0 || glp_get_status(P) != GLP_OPT)
        return -1;
    return glp_get_obj_val(P);
}

/* The cuts, rows ns+1.. of P, one a line: "RHS N E:C ..." in the core's 0-based ids. */
static int write_cuts(glp_prob *P, uint32_t ns, const char *path)
{
    FILE *f = fopen(path, "w");
    int n = glp_get_num_cols(P), *ind = malloc(((size_t)n + 1) * sizeof *ind);
    double *val = malloc(((size_t)n + 1) * sizeof *val);
    int rc = f && ind && val ? 0 : -1;
    for (int r = (int)ns + 1; rc == 0 && r <= glp_get_num_rows(P); r++) {
        int len = glp_get_mat_row(P, r, ind, val);
        fprintf(f, "%.0f %d", glp_get_row_lb(P, r), len);
        for (int i = 1; i <= len; i++)
            fprintf(f, " %d:%.0f", ind[i] - 1, val[i]);
        fputc('\n', f);
    }
    if (f && ferror(f))
        rc = -1;
    if (f && fclose(f))
        rc = -1;
    free(ind);
    free(val);
    return rc;
}

static int run(const options *o, const hs_reduction *red)
{
    glp_prob *P = core_lp(red->core);
    double t = hs_clock(), z = solve(P);
    printf("core: %u elements, %u sets, %u forced\n", hs_instance_nelems(red->core),
           hs_instance_nsets(red->core), red->stats.nforced);
    printf("round 0: bound %.4f (LP %.4f + %u forced), %.2f s\n", z + red->stats.nforced, z,
           red->stats.nforced, hs_clock() - t);
    int rc = z < 0 ? 1 : 0;
    for (uint32_t r = 1; rc == 0 && r <= o->rounds; r++) {
        round_stats st = { 0 };
        t = hs_clock();
        if (one_round(P, red->core, o, r == 1, &st)) {
            fprintf(stderr, "t24-local-cuts: out of memory\n");
            rc = 1;
            break;
        }
        double sep = hs_clock() - t;
        t = hs_clock();
        z = solve(P);
        rc = z < 0 ? 1 : 0;
        printf("round %u: %u cuts from %u families (most violated %.3f; %llu search nodes; "
               "%.2f s)", r, st.cuts, st.families, st.most, (unsigned long long)st.nodes, sep);
        if (r == 1)
            printf(", rank form violated in %u", st.rank_violated);
        printf("; bound %.4f, LP %.2f s, %d rows\n", z + red->stats.nforced, hs_clock() - t,
               glp_get_num_rows(P));
        fflush(stdout);
        if (st.cuts == 0)
            break;
    }
    if (rc == 0 && o->lp && glp_write_lp(P, NULL, o->lp) != 0)
        rc = usage("cannot write", o->lp);
    if (rc == 0 && o->cuts && write_cuts(P, hs_instance_nsets(red->core), o->cuts))
        rc = usage("cannot write", o->cuts);
    glp_delete_prob(P);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    char err[256];
    if (parse(argc, argv, &o))
        return 2;
    FILE *f = fopen(o.file, "r");
    if (!f)
        return usage(strerror(errno), o.file);
    hs_instance *h = hs_instance_read_pace(f, err, sizeof err);
    fclose(f);
    if (!h)
        return usage(err, o.file);
    hs_reduction red;
    if (hs_reduce(h, &red, err, sizeof err)) {
        hs_instance_free(h);
        return usage(err, o.file);
    }
    glp_term_out(GLP_OFF);
    int rc = run(&o, &red);
    hs_reduction_free(&red);
    if (rc == 0 && (fflush(stdout) || ferror(stdout)))
        rc = usage("cannot write", "standard output");
    hs_instance_free(h);
    return rc;
}
