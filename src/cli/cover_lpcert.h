/* cover_lpcert.h - `t24 cover --lp-certificate FILE`: before the search, the LP bound of
 * the whole instance by column generation, written as a one-leaf certificate that
 * t24-check verifies (t24hs.h, hs_lp_certificate()). For instances the certifying search
 * cannot take (seven cards: millions of elements), where --certificate would prove nothing. */
#ifndef T24_CLI_COVER_LPCERT_H
#define T24_CLI_COVER_LPCERT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "cli/progress.h"
#include "hitset/t24hs.h"

/* Of the time left when it starts, the share column generation may take: the search
 * that follows keeps the rest. */
#define COVER_LPCERT_SHARE 0.5
/* The exit status of a run whose LP certificate proves nothing (cover_lpcert_proves_nothing()):
 * that of a request not met, as `t24 cover --goal K` unreached (docs/cli.md). */
#define COVER_LPCERT_EXIT_UNPROVEN 3

typedef struct {
    const char *path;             /* --lp-certificate FILE, or NULL */
    bool written;
    hs_lp_certificate_report rep; /* when written */
} cover_lpcert;

/* Takes argv[*i] (and its value) when it is --lp-certificate: returns 1 then, 0 when it
 * is not, or the exit status of a usage error. */
int cover_lpcert_parse(cover_lpcert *c, int argc, char **argv, int *i);
/* Once every option is read: -1 when fine, else the exit status of a usage error (with
 * a cube mode or --estimate; a target that is not a regular file, that is the instance
 * `input` or the --certificate file, or whose folder cannot be written). */
int cover_lpcert_check(const cover_lpcert *c, bool other_mode, const char *input,
                       const char *certificate);
/* Writes the certificate (whole, or nothing) before hp's deadline (hs_clock()), with its
 * memory limit and progress, with
 * COVER_LPCERT_SHARE of the time left; a signal (incumbent.h) ends column generation
 * with the bound it reached. Returns 0 (also when none was asked), 2 after one line on
 * stderr when none could be written, or COVER_LPCERT_EXIT_UNPROVEN after one when the
 * certificate written proves nothing: the search still runs then, and the run ends with
 * that status. */
int cover_lpcert_run(cover_lpcert *c, const hs_instance *h, const hs_params *hp,
                     progress_line *line);
/* Whether certificate r of an instance of nsets sets proves nothing: column generation
 * stopped before the LP optimum (the time, a signal) with a bound no above the trivial one
 * every cover has (1 when there is a set, 0 when none), which t24-check calls trivial. A
 * bound of 1 at the LP optimum proves what the LP can and is not "nothing". */
bool cover_lpcert_proves_nothing(const hs_lp_certificate_report *r, uint32_t nsets);
/* When r proves nothing: one line on stderr, "t24 CMD: the LP certificate in FILE proves
 * nothing (...)", and COVER_LPCERT_EXIT_UNPROVEN; else 0. */
int cover_lpcert_unproven(const char *cmd, const hs_lp_certificate_report *r, uint32_t nsets,
                          const char *file);
/* "lp_certificate" of obj, what it proves, when one was written (else no key: the
 * cover's JSON stays as before for every run without the option). */
void cover_lpcert_json(cJSON *obj, const cover_lpcert *c);
/* The object "lp_certificate" of obj for report r and its file (`t24 study` shares it). */
void cover_lpcert_report_json(cJSON *obj, const hs_lp_certificate_report *r, const char *file);

#endif
