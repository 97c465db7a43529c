/* cover_estimate.c - `t24 cover --estimate` and the estimate's report; see
 * cover_estimate.h. */
#include "cli/cover_estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cover_input.h"
#include "cli/stop.h"
#include "core/parse.h"

#define COVER_ESTIMATE_MAX_DIVES 10000000

int cover_estimate_parse(cover_estimate *e, int argc, char **argv, int *i)
{
    const char *v;
    if (!strcmp(argv[*i], "--estimate")) {
        e->estimate = true;
        return 1;
    }
    if (!args_option(argc, argv, i, "--dives", &v)) /* "--dives N" or "--dives=N" */
        return 0;
    int n;
    if (!v)
        return args_error("cover", "--dives needs a value");
    if (parse_int_range(v, 0, COVER_ESTIMATE_MAX_DIVES, &n))
        return args_error("cover", "--dives needs a number of dives 0..10000000, not '%s'", v);
    e->dives = (uint32_t)n;
    e->dives_set = true;
    return 1;
}

int cover_estimate_check(const cover_estimate *e, bool cubes, bool split_or_merge,
                         bool certificate, bool solver, bool work)
{
    if (e->estimate && cubes)
        return args_error("cover", "--estimate goes with an instance FILE, not a cube mode "
                          "(--split and --merge estimate their cubes by themselves)");
    if (e->estimate && certificate)
        return args_error("cover", "--estimate writes no certificate");
    if (e->estimate && solver)
        return args_error("cover", "--solver does not go with --estimate (it estimates "
                          "t24's certifying search)");
    /* Refused, not ignored: the dives count no work, so --work would not bound them. */
    if (e->estimate && work)
        return args_error("cover", "--work does not go with --estimate (its dives are timed: "
                          "--time-limit bounds them)");
    if (e->estimate && e->dives_set && e->dives == 0)
        return args_error("cover", "--estimate needs --dives 1 or more");
    if (e->dives_set && !e->estimate && !split_or_merge)
        return args_error("cover", "--dives goes with --estimate, --split or --merge");
    return -1;
}

uint32_t cover_estimate_dives(const cover_estimate *e)
{
    return e->dives_set ? e->dives : COVER_ESTIMATE_DIVES;
}

static void add_range(cJSON *obj, const char *key, double mean, double low, double high)
{
    cJSON *o = cJSON_AddObjectToObject(obj, key);
    cJSON_AddNumberToObject(o, "estimate", mean);
    cJSON_AddNumberToObject(o, "low", low);
    if (isinf(high))
        cJSON_AddNullToObject(o, "high"); /* one dive: no spread to bound it */
    else
        cJSON_AddNumberToObject(o, "high", high);
}

void cover_estimate_json(cJSON *obj, const hs_estimate *r, uint64_t seed)
{
    if (!r) {
        cJSON_AddNullToObject(obj, "estimate");
        return;
    }
    cJSON *e = cJSON_AddObjectToObject(obj, "estimate");
    cJSON_AddStringToObject(e, "method", "knuth");
    cJSON_AddNumberToObject(e, "seed", (double)seed);
    cJSON_AddNumberToObject(e, "dives", r->dives);
    cJSON_AddNumberToObject(e, "starts", r->starts);
    cJSON_AddNumberToObject(e, "target", r->target);
    cJSON_AddNumberToObject(e, "cover", r->cover);
    if (r->dives == 0) { /* nothing left, or no dive finished in time */
        cJSON_AddNullToObject(e, "nodes");
        cJSON_AddNullToObject(e, "core_seconds");
        return;
    }
    add_range(e, "nodes", r->nodes, r->nodes_low, r->nodes_high);
    add_range(e, "lps", r->lps, r->lps_low, r->lps_high);
    cJSON *d = cJSON_AddObjectToObject(e, "dive_nodes");
    cJSON_AddNumberToObject(d, "min", r->dive_min);
    cJSON_AddNumberToObject(d, "max", r->dive_max);
    cJSON_AddNumberToObject(e, "seconds_per_lp", r->seconds_per_lp);
    cJSON_AddNumberToObject(e, "seconds_per_node", r->seconds_per_node);
    cJSON_AddNumberToObject(e, "choose_seconds", r->choose_seconds);
    add_range(e, "core_seconds", r->core_seconds, r->core_low, r->core_high);
    cJSON_AddNumberToObject(e, "seconds", r->seconds);
}

/* What a proof's certificate takes, measured (docs/cluster.md, "Measured"): deck 1-7's
 * proof of 49 wrote 964 MB of certificate in about 16 core-minutes of cubes (deck 1-6's
 * 19.7 MB in 18 core-s: about as much), and t24-check read it in about 5 minutes. The
 * cubes' proofs stay beside the merged certificate, which holds them all again. */
#define COVER_ESTIMATE_MB_PER_CORE_SECOND (964.0 / (16 * 60))
#define COVER_ESTIMATE_CHECK_MB_PER_SECOND (964.0 / (5 * 60))

void cover_estimate_text(FILE *fp, const hs_estimate *r, const char *what)
{
    if (r->starts == 0) {
        fprintf(fp, "estimate: nothing left to search (no open cube)\n");
        return;
    }
    if (r->dives == 0) {
        fprintf(fp, "estimate of %s: none, the time ran out before the first dive ended "
                "(give it more --time-limit)\n", what);
        return;
    }
    char high[32], core_high[32];
    snprintf(high, sizeof high, isinf(r->nodes_high) ? "?" : "%.3g", r->nodes_high);
    snprintf(core_high, sizeof core_high, isinf(r->core_high) ? "?" : "%.3g",
             r->core_high / 3600);
    /* The LPs' seconds as Knuth's estimate weighs them (each dive's LPs times the tree's
     * width above them): deep LPs, cheaper, weigh more than in the dives' plain mean, so
     * that mean times the LPs is not the estimate; this one is, with the nodes' other
     * work and the choosing (the printed figures multiply out to the total). */
    double node_s = r->nodes * r->seconds_per_node;
    double lp_s = fmax(r->core_seconds - r->choose_seconds - node_s, 0);
    double per_lp = r->lps > 0 ? lp_s / r->lps : 0;
    double mb = r->core_seconds * COVER_ESTIMATE_MB_PER_CORE_SECOND;
    fprintf(fp,
            "estimate of %s at target %u (Knuth, %u dives): %.3g nodes (95%%: %.3g..%s), "
            "%.3g LPs at %.3g ms (weighed as the tree weighs them; %.3g ms in the dives) + "
            "%.3g nodes at %.3g ms besides + %.3g s choosing: %.3g core-hours (%.3g..%s) on "
            "this machine; disk: %.3g GB of cube proofs and as much merged (at %.3g MB a "
            "core-second), t24-check %.3g hours (at %.3g MB/s), measured rates\n",
            what, r->target, r->dives, r->nodes, r->nodes_low, high, r->lps, 1000 * per_lp,
            1000 * r->seconds_per_lp, r->nodes, 1000 * r->seconds_per_node,
            r->choose_seconds, r->core_seconds / 3600, r->core_low / 3600, core_high,
            mb / 1000, COVER_ESTIMATE_MB_PER_CORE_SECOND,
            mb / COVER_ESTIMATE_CHECK_MB_PER_SECOND / 3600, COVER_ESTIMATE_CHECK_MB_PER_SECOND);
}

static void print_json(const hs_estimate *r, uint32_t goal, uint64_t seed)
{
    cJSON *js = cJSON_CreateObject();
    cJSON_AddStringToObject(js, "mode", "estimate");
    cJSON_AddNumberToObject(js, "goal", goal);
    cover_estimate_json(js, r, seed);
    char *text = cJSON_PrintUnformatted(js);
    if (text)
        puts(text);
    free(text);
    cJSON_Delete(js);
}

int cover_estimate_main(const cover_estimate *e, const char *file, double time_limit,
                        uint32_t goal, uint64_t seed, bool json)
{
    char err[1024];
    hs_estimate_params p;
    hs_estimate r;
    double deadline = hs_clock() + time_limit; /* reading included, as in the cover run */
    cancel_check stop = stop_check();
    hs_estimate_params_init(&p);
    p.goal = goal;
    p.seed = seed;
    p.dives = cover_estimate_dives(e);
    p.cancelled = stop_requested; /* a signal ends the dives as the time limit would */
    if (stop_start())
        return args_message("cover", "cannot install the signal handlers");
    hs_instance *h = cover_input_read(file, deadline, &stop, err, sizeof err);
    p.time_limit = deadline - hs_clock();
    if (p.time_limit < 1e-3) /* read just in time: no dive ends, said as no estimate */
        p.time_limit = 1e-3;
    int rc = h ? hs_estimate_search(h, &p, &r, err, sizeof err) : -1;
    hs_instance_free(h);
    if (rc)
        return args_message("cover", "%s%s", err,
                            stop_requested(NULL) && !strstr(err, "signal")
                                ? " (stopped by a signal)" : "");
    if (json)
        print_json(&r, goal, seed);
    else
        cover_estimate_text(stdout, &r, "the search's tree");
    return 0;
}
