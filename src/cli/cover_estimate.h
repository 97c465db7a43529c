/* cover_estimate.h - `t24 cover`'s estimate of the certifying search's cost before it is
 * paid (Knuth's random dives, docs/certificates.md): --estimate on an instance at
 * --goal, and the lines and JSON keys that --split and --merge add for their cubes. */
#ifndef T24_CLI_COVER_ESTIMATE_H
#define T24_CLI_COVER_ESTIMATE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hitset/t24hs.h"

#define COVER_ESTIMATE_DIVES 64

typedef struct {
    bool estimate;     /* --estimate */
    bool dives_set;    /* --dives N given */
    uint32_t dives;    /* --dives N (0: no estimate after --split or --merge) */
} cover_estimate;

/* Takes argv[*i] (and its value) when it is --estimate or --dives: returns 1 then (*i
 * past the value), 0 when it is neither, or the exit status of a usage error. */
int cover_estimate_parse(cover_estimate *e, int argc, char **argv, int *i);
/* The options once all are read: -1 when fine, else the exit status of a usage error
 * (--estimate with a cube mode, --certificate, --solver or --work; --dives without
 * --estimate, --split or --merge). */
int cover_estimate_check(const cover_estimate *e, bool cubes, bool split_or_merge,
                         bool certificate, bool solver, bool work);
/* The dives wanted: --dives, else COVER_ESTIMATE_DIVES. */
uint32_t cover_estimate_dives(const cover_estimate *e);

/* `t24 cover --estimate FILE`: prints the estimate (JSON with json). Returns the exit
 * status: 0, or 2 on failure (one line on stderr). */
int cover_estimate_main(const cover_estimate *e, const char *file, double time_limit,
                        uint32_t goal, uint64_t seed, bool json);

/* r as the JSON object "estimate" of obj (null when r is NULL: no estimate asked). */
void cover_estimate_json(cJSON *obj, const hs_estimate *r, uint64_t seed);
/* r as text lines to fp, naming what was estimated (`the whole tree`, `the open
 * cubes`). */
void cover_estimate_text(FILE *fp, const hs_estimate *r, const char *what);

#endif
