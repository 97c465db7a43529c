/* study_options.h - the configuration options the commands share.
 *
 * --cards --deck --target --groupings (the enumeration) belong to `t24 study` and
 * `t24 emit`. The hitting-set options (--threads --time-limit --local-search --solver --lp
 * --greedy-runs --seed --coverage --no-reductions --core-method --memory-limit --quiet
 * --progress) are one table in study_options.c, shared by study, emit, sweep and cover
 * (--coverage, --core-method, --memory-limit by some): each row says which commands take it,
 * its help lines (study_options_help() prints them, so every command's --help words an
 * option alike) and how its value is parsed. The ranges of the
 * search's values are the engine's (hs_params_check()); the table only words the
 * refusal in the option's terms. */
#ifndef T24_CLI_STUDY_OPTIONS_H
#define T24_CLI_STUDY_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/progress.h"
#include "hitset/t24hs.h"
#include "study/enumeration.h"

typedef struct {
    enumeration_params sp;
    hs_params hp;
    bool groupings_set;
    bool engine_set;       /* --solver was given (else hp.engine is the default) */
    bool time_limit_set;   /* --time-limit was given (else study_options_cap_work()'s) */
    uint64_t memory_limit; /* bytes; default 3/4 of the machine's memory, 0 for none */
    progress_mode progress; /* --quiet, --progress, or neither (AUTO) */
} study_options;

#define STUDY_OPTIONS_NOT_MINE (-1)

/* The exact search when --solver is not given: t24's certifying branch and bound. Side
 * by side in the same time it proved a bound at least as high as GLPK's and CBC's on
 * every study and cover measured, and its bound is the one t24-check can verify
 * (docs/method.md, "The default engine"). The library's own default (hs_params_init)
 * stays GLPK: a caller of libt24hs keeps the behaviour it was built against. */
#define STUDY_OPTIONS_ENGINE HS_ENGINE_T24
/* The most cards at which `t24 study --out` with the default engine writes a certificate
 * (study_options_out_certifies() says why not six). */
#define STUDY_DEFAULT_CERTIFIED_CARDS 5

/* The commands that take shared options: a row of the table holds a set of them. */
typedef enum {
    STUDY_OPTIONS_STUDY = 1,
    STUDY_OPTIONS_EMIT = 2,
    STUDY_OPTIONS_SWEEP = 4,
    STUDY_OPTIONS_COVER = 8
} study_options_command_id;

void study_options_init(study_options *o);
/* The slowest rate, in work units a second, that --work's default safety cap allows for:
 * about a 250th of the rate measured here (docs/hitting-sets.md, "Work limits"), and a
 * fourth of the slowest run seen on this machine under heavy load (PACE's heuristic_002
 * at --work 2e7: 9e4 a second), so that a run limited by work ends by its work,
 * reproducibly, on a slow or busy machine too. */
#define STUDY_OPTIONS_WORK_RATE 2e4
/* The time limit a run gets when --work N is given without --time-limit: N /
 * STUDY_OPTIONS_WORK_RATE seconds, at least the default (60) and at most the limit's
 * range (1e9). Without --work, or with --time-limit, the given or default limit. */
double study_options_time_limit(const study_options *o);
/* Sets hp.time_limit to study_options_time_limit(): every command calls it once its
 * options are read (--work and --time-limit may come in any order). */
void study_options_cap_work(study_options *o);
/* Consumes argv[*i] (and its value) when it is an option cmd takes. Returns 0 when it
 * was, STUDY_OPTIONS_NOT_MINE when it is not, or ARGS_EXIT_USAGE after printing the
 * problem ("t24 CMD: --greedy-runs must be an integer from 1 to 10000, not '0'"). */
int study_options_parse(study_options *o, study_options_command_id cmd, int argc,
                        char **argv, int *i);
/* The help lines of the table's options that cmd takes, in the table's order. */
void study_options_help(FILE *fp, study_options_command_id cmd);
int study_options_finish(study_options *o, const char *cmd);
/* One line on stderr when --memory-limit is above the machine's memory (study_options_finish
 * calls it; `t24 sweep` too). */
void study_options_warn_memory(const study_options *o, const char *cmd);
int study_options_command(const study_options *o, const char *cmd, char *buf, unsigned long size);
/* Does `t24 study --out` write certificate.txt with these options: an engine that
 * certifies, named by --solver, or the default one up to STUDY_DEFAULT_CERTIFIED_CARDS. */
bool study_options_out_certifies(const study_options *o);

#endif
