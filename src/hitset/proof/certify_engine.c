/* certify_engine.c - the certifying search as a row of the table of exact engines
 * (engine.h): what `--solver t24` runs on the reduced core when no certificate is asked
 * for. A certificate is written only of the whole instance (mincover_proof.c calls
 * certify_run() itself then), since a proof about the core would not be one about the
 * instance as given. */
#include <stdlib.h>
#include <string.h>

#include "hitset/proof/certify.h"

const char *certify_version(void) { return "t24-certificate 1"; }

int certify_hitting_set(const instance *h, const ilp_params *p, ilp_result *out, char *err,
                        size_t errsize)
{
    certify_params q;
    certify_result r;
    memset(out, 0, sizeof *out);
    certify_params_init(&q);
    q.cancel = p->cancel;
    q.limit = p->limit;
    q.start = p->warm;
    q.nstart = p->nwarm;
    q.mem_limit_mb = p->mem_limit_mb;
    q.progress = p->progress;
    q.progress_ctx = p->progress_ctx;
    if (certify_run(h, &q, NULL, &r, err, errsize))
        return -1;
    out->status = r.optimal ? ILP_OPTIMAL : ILP_STOPPED;
    out->value = r.ncover;
    out->bound = r.stats.bound;
    out->lp = -1;
    out->chosen = r.cover; /* ascending, as ilp_result wants; now out's */
    out->nchosen = r.ncover;
    out->nodes = r.stats.nodes;
    out->probes = r.probes;
    out->seconds = r.stats.seconds;
    return 0;
}
