/* cubes_files.h - the files of a cube folder (cubes.h): each written whole, through a
 * temporary file renamed into place, and read back with their sizes checked. */
#ifndef T24_HITSET_CUBES_FILES_H
#define T24_HITSET_CUBES_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cancel.h"
#include "hitset/model/instance.h"

#define CUBES_PATH_SIZE 4096
#define CUBES_TEMP_SIZE (CUBES_PATH_SIZE + 64)

/* "FMT" with what and strerror(errno) into err; returns -1. */
int cubes_fail(char *err, size_t errsize, const char *fmt, const char *what);
/* dir/name into out (CUBES_PATH_SIZE bytes). */
void cubes_join(char *out, const char *dir, const char *name);

/* path opened for reading only when it is a regular file (a link to one too): a FIFO
 * blocks its reader until a writer comes, a device may never end. Returns the stream,
 * or NULL with err set ("... is not a regular file ...: refused", or why it cannot be
 * read). */
FILE *cubes_open_regular(const char *path, char *err, size_t errsize);
/* 0 when dir/name is absent or a regular file; -1 with err set naming it when it is a
 * link, a FIFO, a folder or a device: a cube's file or proof, which the folder's readers
 * take only as regular files (a link to a proof would otherwise count as open for ever). */
int cubes_check_file(const char *dir, const char *name, char *err, size_t errsize);
/* 0 when dir's root.cert, cover.sol and goal are regular files (or links to them) that
 * can be read; -1 with err naming the first that is not (absent, a FIFO, a device). */
int cubes_check_folder_files(const char *dir, char *err, size_t errsize);

/* Writes the file's contents to fp; returns 0, or -1 on a stream error. */
typedef int (*cubes_writer)(FILE *fp, const void *ctx);
/* dir/name, whole or not at all. Returns 0, or -1 with err set. */
int cubes_write_whole(const char *dir, const char *name, cubes_writer w, const void *ctx,
                      char *err, size_t errsize);
/* The two halves of cubes_write_whole(), for a file checked before it takes its name:
 * w's contents into a new temporary file of dir (its path into tmp, CUBES_TEMP_SIZE
 * bytes), then that file renamed to dir/name (or removed when it cannot be). Each
 * returns 0, or -1 with err set and nothing left behind. */
int cubes_write_temp(const char *dir, const char *name, cubes_writer w, const void *ctx,
                     char *tmp, char *err, size_t errsize);
int cubes_commit(const char *tmp, const char *dir, const char *name, char *err,
                 size_t errsize);

typedef struct {
    const uint32_t *elems;
    uint32_t n;
} cubes_cover;
/* A cubes_cover as a PACE solution. */
int cubes_write_cover(FILE *fp, const void *ctx);
/* dir/cover.sol's elements (0-based, each below nelems; free them) and *n, or NULL. */
uint32_t *cubes_read_cover(const char *dir, uint32_t nelems, uint32_t *n);
/* The size of dir/cover.sol when it is a cover of h (workers trust no file they did not
 * check), else UINT32_MAX. */
uint32_t cubes_cover_size(const char *dir, const instance *h);
/* Replaces dir/cover.sol with elems[0..n) when that is smaller, under dir/lock (flock:
 * workers on one machine or on a file system that honours it). Best effort: a cover
 * that cannot be written is only not shared. */
void cubes_offer_cover(const char *dir, const instance *h, const uint32_t *elems, uint32_t n);
/* Claims cube name for this process: an exclusive flock on dir/name.lock, which ends
 * when the process does (a killed worker leaves no stale claim). Returns the lock's
 * descriptor (release with cubes_release()), CUBES_UNLOCKED when the file system offers
 * no lock (then two workers may search one cube: its proof is written whole either way,
 * and the better one kept), or -1 when another process holds it. */
#define CUBES_UNLOCKED (-2)
int cubes_claim(const char *dir, const char *name);
void cubes_release(int fd);
/* The cubes' target: the smaller of the goal (0: none) and the best cover. */
static inline uint32_t cubes_target(uint32_t goal, uint32_t cover)
{
    return goal && goal < cover ? goal : cover;
}

/* dir/goal, UINT32_MAX when it cannot be read. */
uint32_t cubes_read_goal(const char *dir);
/* dir/instance.hgr, or NULL with err set: refused unless it is a regular file (or a link
 * to one; never opened when it is a device, never blocking on a FIFO). */
instance *cubes_read_instance(const char *dir, char *err, size_t errsize);
/* The same, read until deadline (walltime_now(); 0: none) or until cancel asks (NULL:
 * never): pace_read_until()'s "the time limit ran out while reading" then. */
instance *cubes_read_instance_until(const char *dir, double deadline,
                                    const cancel_check *cancel, char *err, size_t errsize);

/* Is s a cube's name: cube-N, N digits alone? */
bool cubes_is_name(const char *s);
/* The cube names of dir (regular files named cube-N), sorted; *n of them. Returns the
 * list (free with cubes_names_free()), or NULL with err set (an empty folder gives an
 * empty list). */
char **cubes_names(const char *dir, uint32_t *n, char *err, size_t errsize);
void cubes_names_free(char **names, uint32_t n);

/* A hash of dir/name's bytes (FNV-1a, 64 bits), 0 when it cannot be read: a proof names
 * the cube file it was searched from, so that one edited since (or another split's)
 * never counts. */
uint64_t cubes_file_hash(const char *dir, const char *name);

/* A cube proof's header (dir/NAME.proof). */
typedef struct {
    uint32_t bound, target;
    uint64_t nodes;
    double seconds;
    long tree_bytes; /* the tree's, between the `tree` line and the closing `end` */
    uint64_t cube;   /* the hash of the cube file it was searched from */
} cubes_proof;
/* Reads the header and checks the closing `end` line; returns true when the proof
 * exists and is whole, leaving fp (or NULL) open at its tree's first node. */
bool cubes_read_proof(const char *dir, const char *name, cubes_proof *out, FILE **fp);
/* Is the cube closed: a whole proof of this very cube file, a cube of h, reaching the
 * target? */
bool cubes_is_closed(const char *dir, const char *name, const instance *h, uint32_t target);
/* Sets dir/name.proof aside, renamed to dir/name.proof.rejected (or .rejected.2, .3, ...:
 * never over an earlier one, never deleted), so that the cube is searched again; its new
 * name into aside (CUBES_PATH_SIZE bytes). Returns 0, or -1 with err set. */
int cubes_set_aside(const char *dir, const char *name, char *aside, char *err,
                    size_t errsize);

/* A cube file's first two lines (96 bytes are room): its format and the instance it
 * belongs to (N, M and the certificate's checksum), which a cube's search checks
 * against instance.hgr. */
void cubes_cube_head(const instance *h, char *out, size_t size);
/* Does dir/file (a cube or root.cert, a regular file) name h in its `instance N M SUM`
 * line, before its tree? A cube of another instance, or an instance.hgr edited since the
 * split, does not. */
bool cubes_names_instance(const char *dir, const char *file, const instance *h);
/* Refuses (-1, err set) a folder whose root.cert does not name h, its instance.hgr:
 * edited since the split, or another split's root.cert. */
int cubes_check_root(const char *dir, const instance *h, char *err, size_t errsize);
/* dir/name's fixings (instance ids, in F1 where (*in)[i]), checked against h: *elems and
 * *in (free both) hold *n of them, at least one. Returns 0, or -1 with err set. */
int cubes_read_fixings(const char *dir, const char *name, const instance *h, uint32_t **elems,
                       unsigned char **in, uint32_t *n, char *err, size_t errsize);

#endif
