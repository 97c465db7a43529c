/* artifact.h - writing a set of output files all or nothing.
 *
 * Files are written under temporary names inside the target folder and renamed into
 * place only by artifact_commit(); artifact_abort() (or a failed commit) removes every
 * temporary, so an interrupted or failed run leaves no half-written file behind. */
#ifndef T24_CLI_ARTIFACT_H
#define T24_CLI_ARTIFACT_H

#include <stddef.h>
#include <stdio.h>

typedef struct artifact_set artifact_set;

artifact_set *artifact_begin(const char *dir, char *err, size_t errsize);
FILE *artifact_open(artifact_set *a, const char *name);
int artifact_commit(artifact_set *a, char *err, size_t errsize);
void artifact_abort(artifact_set *a);
const char *artifact_dir(const artifact_set *a);

#endif
