/* studyopt.h - the configuration options shared by `t24 study` and `t24 emit`:
 * --cards --deck --target --groupings --threads (the enumeration) and --time-limit
 * --greedy-runs --seed --coverage --no-reductions (the hitting sets). */
#ifndef T24_STUDYOPT_H
#define T24_STUDYOPT_H

#include <stdbool.h>

#include "hitset.h"
#include "study.h"

typedef struct {
    study_params sp;
    hitset_params hp;
    bool groupings_set;
} studyopt;

#define STUDYOPT_NOT_MINE (-1)

void studyopt_init(studyopt *o);
int studyopt_parse(studyopt *o, const char *cmd, int argc, char **argv, int *i);
int studyopt_finish(studyopt *o, const char *cmd);
int studyopt_command(const studyopt *o, const char *cmd, char *buf, unsigned long size);

#endif
