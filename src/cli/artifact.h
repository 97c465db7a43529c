/* artifact.h - writing a set of output files all or nothing.
 *
 * Files are written under temporary names inside the target folder and renamed into
 * place only by artifact_commit(), all of them or none: a commit that fails half way
 * puts the older files back. artifact_abort() (or a failed commit) removes every
 * temporary, and the folder too when this run created it. While a set is open, SIGINT,
 * SIGTERM, SIGHUP and SIGPIPE first remove the same and then end the process with the
 * signal, so an interrupted, failed or killed run leaves nothing behind (SIGKILL
 * excepted: it cannot be caught). One set at a time. A target that exists and is not a
 * regular file (a device, a FIFO, a socket, a folder, a symbolic link) is refused, never
 * renamed over: artifact_check_target() says so before any work, the commit again. */
#ifndef T24_CLI_ARTIFACT_H
#define T24_CLI_ARTIFACT_H

#include <stddef.h>
#include <stdio.h>

typedef struct artifact_set artifact_set;

artifact_set *artifact_begin(const char *dir, char *err, size_t errsize);
FILE *artifact_open(artifact_set *a, const char *name);
/* DIR/NAME removed by the commit, all or nothing with the files written (a no-op for a
 * name the set writes); see artifact.c. Returns 0, or -1. */
int artifact_remove(artifact_set *a, const char *name);
int artifact_commit(artifact_set *a, char *err, size_t errsize);
void artifact_abort(artifact_set *a);
const char *artifact_dir(const artifact_set *a);
int artifact_check_target(const char *path, char *err, size_t errsize);
/* Copies the whole of from (rewound first: a temporary the run wrote, as a certificate
 * is) to the end of to. Returns 0, or -1 when either stream reports an error. */
int artifact_copy(FILE *from, FILE *to);
/* One file outside a set: the whole of from (a temporary the run wrote) copied beside
 * path and renamed onto it, with the fatal signals held, so that path is whole or
 * untouched. Returns 0, or -1 with err naming `what` ("certificate") and path. */
int artifact_save_stream(FILE *from, const char *path, const char *what, char *err,
                         size_t errsize);
/* SIGINT and SIGTERM as a request to stop (`t24 study`): the first sets a flag that
 * artifact_stop_requested() reads (a cancel function: ctx is ignored) and the run goes
 * on to write what it has, all or nothing; a second one, or SIGHUP or SIGPIPE, removes
 * the open set's files and ends the process by the signal. Returns 0, or -1 when the
 * handler cannot be installed. */
int artifact_stop_start(void);
int artifact_stop_requested(void *ctx);

#endif
