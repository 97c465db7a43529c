/* check_run.h - t24-check, the independent certificate checker, run as a process of its
 * own for `t24 cover --merge` (docs/cluster.md): the merge trusts none of t24's code to
 * verify the certificate it merged, so it asks the program that shares none of it. */
#ifndef T24_CLI_CHECK_RUN_H
#define T24_CLI_CHECK_RUN_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char path[4096];        /* the program, "" when not found */
    char missing[600];      /* why it was not found */
    int (*stopped)(void *); /* non-zero ends a check at once (a signal), or NULL */
    void *stop_ctx;
} check_run;

/* Finds t24-check: the program named by the environment variable T24_CHECK when it is
 * set (not empty), else `t24-check` in this program's folder (/proc/self/exe's), where
 * the build and `make install` put it. c->path is "" and c->missing says why when it is
 * not there or cannot be run. */
void check_run_find(check_run *c);
/* An hs_certificate_checker (t24hs.h) over c (ctx): runs `t24-check INSTANCE [COVER]
 * CERT` for at most seconds (then killed), its stdout and stderr in temporary files, and
 * reads its verdict from its exit status and first lines (docs/certificates.md's
 * table): 0 verified; 1 with "not verified: N open nodes" open; 1 otherwise failed (its
 * stderr line, "t24-check: " removed, in why); anything else, or no verdict in time,
 * unavailable. */
int check_run_certificate(void *ctx, const char *instance, const char *cover, const char *cert,
                          double seconds, uint64_t *open, char *why, size_t whysize);

#endif
