/* incumbent.h - the best cover so far, ready for a signal to print (`t24 cover`).
 *
 * The PACE heuristic track stops a solver with SIGTERM and reads what it has printed by
 * then. incumbent_publish() formats each better cover as a PACE solution (its size, then
 * one 1-based element per line, ascending) into the buffer a signal does not read, then
 * makes it the one it reads; a cover no smaller than the one published is ignored, so
 * what a signal prints never grows. The SIGINT and SIGTERM handlers write that buffer
 * with write(2) and end the process with _exit(0), or with one line on stderr and
 * _exit(2) when the cover could not be written: nothing they call takes a lock, so they
 * are safe whatever the program was doing. Before the first publish, a signal ends the
 * process as it would have without the handlers. incumbent_done() blocks both signals
 * before the command prints its answer the ordinary way.
 *
 * The state is one static object: a signal handler has no other way to find it, so
 * there is one incumbent per process. Publish from one thread only. */
#ifndef T24_CLI_INCUMBENT_H
#define T24_CLI_INCUMBENT_H

#include <stdbool.h>
#include <stdint.h>

/* Installs the handlers. With finish (a run that writes a certificate), a signal after
 * the first publish prints nothing: it sets the flag incumbent_stop_requested() reads,
 * which the run asks where it reads its clock, so that it ends as at its time limit and
 * writes the certificate of the last round it finished; a second signal prints the
 * cover at once, with one line on stderr saying that no certificate was written, and
 * exits 2. Returns 0, or -1 when sigaction fails. */
int incumbent_start(bool finish);
/* Non-zero once a signal asked a finish run to stop (a cancel function: ctx ignored). */
int incumbent_stop_requested(void *ctx);
/* elems: n distinct 0-based elements, a cover checked by the caller. Returns 0 (also
 * when n is not below the published cover's size: that one stays), or -1 when memory
 * runs out (the previous cover stays the one a signal prints). */
int incumbent_publish(const uint32_t *elems, uint32_t n);
void incumbent_done(void);
/* Frees the buffers (after incumbent_done()). */
void incumbent_free(void);

#endif
