/* study_options.h - the configuration options shared by `t24 study` and `t24 emit`:
 * --cards --deck --target --groupings --threads (the enumeration), --time-limit
 * --local-search --solver --greedy-runs --seed --coverage --no-reductions (the hitting
 * sets), --memory-limit (the pre-flight: a configuration whose estimated peak memory
 * exceeds it is refused), --quiet (no progress on stderr) and --progress (progress lines
 * on stderr even when it is not a terminal). */
#ifndef T24_CLI_STUDY_OPTIONS_H
#define T24_CLI_STUDY_OPTIONS_H

#include <stdbool.h>

#include "cli/progress.h"
#include "hitset/mincover.h"
#include "study/enumeration.h"

typedef struct {
    enumeration_params sp;
    mincover_params hp;
    bool groupings_set;
    uint64_t memory_limit; /* bytes; default 3/4 of the machine's memory, 0 for none */
    progress_mode progress; /* --quiet, --progress, or neither (AUTO) */
} study_options;

#define STUDY_OPTIONS_NOT_MINE (-1)

void study_options_init(study_options *o);
int study_options_parse(study_options *o, const char *cmd, int argc, char **argv, int *i);
int study_options_finish(study_options *o, const char *cmd);
int study_options_ls_seconds(const char *v, double *out);
int study_options_command(const study_options *o, const char *cmd, char *buf, unsigned long size);

#endif
