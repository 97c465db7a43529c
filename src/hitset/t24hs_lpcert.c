/* t24hs_lpcert.c - the LP bound certified by one leaf (t24hs.h, hs_lp_certificate()):
 * greedy's cover starts column generation on the whole instance, whose best duals are
 * written as the leaf's multipliers (certify_leaf.h). */
#include "hitset/t24hs.h"

#include <math.h>
#include <string.h>

#include "core/check.h"
#include "core/walltime.h"
#include "hitset/bounds/colgen.h"
#include "hitset/heur/greedy.h"
#include "hitset/proof/certify_leaf.h"
#include "hitset/t24hs_null.h"

void hs_lp_certificate_params_init(hs_lp_certificate_params *p)
{
    if (!p)
        return; /* as every _init of the library (t24hs.h, "NULL pointers") */
    memset(p, 0, sizeof *p);
    p->seconds = 60;
}

static int check_params(const hs_lp_certificate_params *p, char *err, size_t errsize)
{
    if (!(p->seconds > 0) || !isfinite(p->seconds)) {
        snprintf(err, errsize, "seconds = %.17g; must be finite and > 0", p->seconds);
        return -1;
    }
    if (p->mem_limit_mb < 0) {
        snprintf(err, errsize, "mem_limit_mb = %d; must be >= 0", p->mem_limit_mb);
        return -1;
    }
    return 0;
}

/* Column generation's progress, as the public progress line. */
static void relay(void *ctx, double bound, uint32_t rounds, double seconds)
{
    const hs_lp_certificate_params *p = ctx;
    hs_progress pr = { "LP certificate", seconds, false, 0, bound, rounds, "rounds" };
    p->progress(p->progress_ctx, &pr);
}

/* Column generation from greedy's cover for p->seconds; *cg filled on 0. */
static int solve(const hs_instance *h, const hs_lp_certificate_params *p, colgen_result *cg,
                 char *err, size_t errsize)
{
    greedy_cover g;
    if (greedy_run(h, NULL, &g)) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    colgen_params cp;
    colgen_params_init(&cp);
    cancel_check cancel = { p->cancelled, p->cancel_ctx, NULL };
    cp.limit = budget_until(walltime_now() + p->seconds, &cancel);
    cp.cover = g.elems;
    cp.ncover = g.n;
    cp.mem_limit_mb = p->mem_limit_mb;
    if (p->progress) {
        cp.progress = relay;
        cp.progress_ctx = (void *)p;
    }
    int rc = colgen_lp(h, &cp, cg, err, errsize);
    greedy_cover_free(&g);
    return rc;
}

int hs_lp_certificate(const hs_instance *h, const hs_lp_certificate_params *p, FILE *out,
                      hs_lp_certificate_report *r, char *err, size_t errsize)
{
    hs_lp_certificate_params defaults;
    if (t24hs_null_refused(r, "report", err, errsize))
        return -1;
    memset(r, 0, sizeof *r);
    if (!p) { /* NULL: the defaults, as for every parameter struct of the library */
        hs_lp_certificate_params_init(&defaults);
        p = &defaults;
    }
    if (t24hs_null_refused(h, "instance", err, errsize) ||
        t24hs_null_refused(out, "stream", err, errsize) || check_params(p, err, errsize))
        return -1;
    double t0 = walltime_now();
    colgen_result cg;
    if (solve(h, p, &cg, err, errsize))
        return -1;
    if (cg.failed) { /* its earlier rounds' bound holds, but the call failed: say so */
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errsize, "%s after %u rounds (bound %u proven by then, not written)",
                 why, cg.rounds, cg.bound.ceil);
        colgen_result_free(&cg);
        return -1;
    }
    certify_leaf_result lr;
    int rc = certify_leaf_write(h, cg.u, p->comment, out, &lr);
    if (rc == -2)
        snprintf(err, errsize, "the certificate's leaf would be a line over 2^28 bytes, "
                               "which t24-check does not read (too many sets)");
    else if (rc)
        snprintf(err, errsize, "cannot write the certificate");
    else {
        /* The same multipliers, the same exact sum: column generation's proven bound. */
        CHECK(lr.bound == cg.bound.ceil ? NULL : "the leaf's bound is not colgen's");
        *r = (hs_lp_certificate_report){ lr.bound,       lr.value,   cg.optimal,
                                         cg.rounds,      cg.columns, lr.multipliers,
                                         lr.bytes,       walltime_now() - t0 };
    }
    colgen_result_free(&cg);
    return rc ? -1 : 0;
}
