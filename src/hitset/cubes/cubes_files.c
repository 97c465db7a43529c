/* cubes_files.c - the files of a cube folder; see cubes_files.h. */
#define _GNU_SOURCE /* flock */
#include "hitset/cubes/cubes_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hitset/proof/certify.h"
#include "hitset/model/pace.h"

int cubes_fail(char *err, size_t errsize, const char *fmt, const char *what)
{
    snprintf(err, errsize, fmt, what, strerror(errno));
    return -1;
}

void cubes_join(char *out, const char *dir, const char *name)
{
    snprintf(out, CUBES_PATH_SIZE, "%s/%s", dir, name);
}

/* path opened only when it is a regular file (a link to one too): a FIFO blocks its
 * reader until a writer comes, a device (/dev/zero, a terminal) may never end. stat()
 * first, so that no device is opened at all; O_NONBLOCK and fstat() after, so that one
 * swapped in between is refused too instead of blocking the open. Returns the stream,
 * or NULL with err set. */
FILE *cubes_open_regular(const char *path, char *err, size_t errsize)
{
    struct stat st;
    if (stat(path, &st)) {
        cubes_fail(err, errsize, "cannot read '%s': %s", path);
        return NULL;
    }
    int fd = S_ISREG(st.st_mode) ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
    if (S_ISREG(st.st_mode) && fd < 0) {
        cubes_fail(err, errsize, "cannot read '%s': %s", path);
        return NULL;
    }
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        snprintf(err, errsize, "'%s' is not a regular file (a FIFO or a device may block or "
                 "never end): refused", path);
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    FILE *fp = fdopen(fd, "r");
    if (!fp) {
        cubes_fail(err, errsize, "cannot read '%s': %s", path);
        close(fd);
    }
    return fp;
}

/* ---- whole files ---- */

/* dir/.name.XXXXXX written by w; its path into tmp. Returns 0, or -1 with err set
 * (nothing left behind). */
int cubes_write_temp(const char *dir, const char *name, cubes_writer w, const void *ctx,
                     char *tmp, char *err, size_t errsize)
{
    /* mkstemp: workers on other hosts may share a process id */
    snprintf(tmp, CUBES_TEMP_SIZE, "%s/.%s.XXXXXX", dir, name);
    int fd = mkstemp(tmp);
    FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!fp) {
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return cubes_fail(err, errsize, "cannot write in '%s': %s", dir);
    }
    int rc = w(fp, ctx);
    if (fflush(fp) || fsync(fd) || fclose(fp) || rc) {
        unlink(tmp);
        return cubes_fail(err, errsize, "cannot write '%s': %s", tmp);
    }
    return 0;
}

/* tmp (from cubes_write_temp()) renamed to dir/name, which must be a regular file or
 * absent. Returns 0, or -1 with err set (tmp removed). */
int cubes_commit(const char *tmp, const char *dir, const char *name, char *err,
                 size_t errsize)
{
    char path[CUBES_PATH_SIZE];
    struct stat st;
    cubes_join(path, dir, name);
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        unlink(tmp);
        snprintf(err, errsize, "'%s' is not a regular file: not replaced", path);
        return -1;
    }
    if (chmod(tmp, 0644) || rename(tmp, path)) {
        unlink(tmp);
        return cubes_fail(err, errsize, "cannot rename into '%s': %s", path);
    }
    return 0;
}

/* dir/name written by w through a temporary file renamed into place: whole or not at
 * all. Returns 0, or -1 with err set. */
int cubes_write_whole(const char *dir, const char *name, cubes_writer w, const void *ctx,
                      char *err, size_t errsize)
{
    char path[CUBES_PATH_SIZE], tmp[CUBES_TEMP_SIZE];
    struct stat st;
    cubes_join(path, dir, name);
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, errsize, "'%s' is not a regular file: not replaced", path);
        return -1;
    }
    if (cubes_write_temp(dir, name, w, ctx, tmp, err, errsize))
        return -1;
    return cubes_commit(tmp, dir, name, err, errsize);
}

int cubes_write_cover(FILE *fp, const void *ctx)
{
    const cubes_cover *c = ctx;
    return pace_write_solution(fp, c->elems, c->n);
}

/* A PACE solution: its size, then the elements (1-based). Returns the elements
 * (0-based; free them) and *n, or NULL. */
uint32_t *cubes_read_cover(const char *dir, uint32_t nelems, uint32_t *n)
{
    char path[CUBES_PATH_SIZE];
    char err[CUBES_PATH_SIZE + 128];
    cubes_join(path, dir, "cover.sol");
    FILE *fp = cubes_open_regular(path, err, sizeof err);
    unsigned long k = 0, e;
    uint32_t *out = NULL;
    if (fp && fscanf(fp, "%lu", &k) == 1 && k <= nelems &&
        (out = malloc((k + 1) * sizeof *out))) {
        for (uint32_t i = 0; i < k; i++) {
            if (fscanf(fp, "%lu", &e) != 1 || e < 1 || e > nelems) {
                free(out);
                out = NULL;
                break;
            }
            out[i] = (uint32_t)(e - 1);
        }
    }
    if (fp)
        fclose(fp);
    *n = (uint32_t)k;
    return out;
}

uint32_t cubes_cover_size(const char *dir, const instance *h)
{
    uint32_t n, *c = cubes_read_cover(dir, instance_nelems(h), &n);
    bool ok = c && instance_is_cover(h, c, n);
    free(c);
    return ok ? n : UINT32_MAX;
}

/* Replaces cover.sol with elems[0..n) when it is smaller, under dir/lock (workers may
 * find covers at once). */
void cubes_offer_cover(const char *dir, const instance *h, const uint32_t *elems, uint32_t n)
{
    char path[CUBES_PATH_SIZE], err[256];
    cubes_join(path, dir, "lock");
    int fd = open(path, O_CREAT | O_RDWR, 0644);
    if (fd < 0 || flock(fd, LOCK_EX)) {
        if (fd >= 0)
            close(fd);
        return;
    }
    cubes_cover c = { elems, n };
    if (n < cubes_cover_size(dir, h))
        cubes_write_whole(dir, "cover.sol", cubes_write_cover, &c, err, sizeof err);
    flock(fd, LOCK_UN);
    close(fd);
}

int cubes_claim(const char *dir, const char *name)
{
    char path[CUBES_PATH_SIZE], file[300];
    snprintf(file, sizeof file, "%s.lock", name);
    cubes_join(path, dir, file);
    int fd = open(path, O_CREAT | O_RDWR, 0644);
    if (fd < 0)
        return CUBES_UNLOCKED;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    int held = errno == EWOULDBLOCK;
    close(fd);
    return held ? -1 : CUBES_UNLOCKED;
}

void cubes_release(int fd)
{
    if (fd >= 0)
        close(fd); /* the lock goes with it */
}

uint32_t cubes_read_goal(const char *dir)
{
    char path[CUBES_PATH_SIZE];
    char err[CUBES_PATH_SIZE + 128];
    cubes_join(path, dir, "goal");
    FILE *fp = cubes_open_regular(path, err, sizeof err);
    unsigned long g = 0;
    if (!fp || fscanf(fp, "%lu", &g) != 1 || g > UINT32_MAX)
        g = UINT32_MAX; /* unreadable: refused by the callers */
    if (fp)
        fclose(fp);
    return (uint32_t)g;
}

instance *cubes_read_instance_until(const char *dir, double deadline,
                                    const cancel_check *cancel, char *err, size_t errsize)
{
    char path[CUBES_PATH_SIZE], why[256];
    cubes_join(path, dir, "instance.hgr");
    FILE *fp = cubes_open_regular(path, err, errsize);
    if (!fp)
        return NULL;
    instance *h = pace_read_until(fp, deadline, cancel, why, sizeof why);
    fclose(fp);
    if (!h)
        snprintf(err, errsize, "%s: %s", path, why);
    return h;
}

instance *cubes_read_instance(const char *dir, char *err, size_t errsize)
{
    return cubes_read_instance_until(dir, 0, NULL, err, errsize);
}


bool cubes_is_name(const char *s)
{
    if (strncmp(s, "cube-", 5) || !s[5])
        return false;
    for (s += 5; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* A regular file (not a folder, a FIFO that would block a reader, or a link)? */
static bool regular(const char *dir, const char *name)
{
    char path[CUBES_PATH_SIZE];
    struct stat st;
    cubes_join(path, dir, name);
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dir/name opened when it is a regular file and no link (regular()), through
 * cubes_open_regular() so that one swapped for a FIFO since cannot block; else NULL. */
static FILE *open_own(const char *dir, const char *name)
{
    char path[CUBES_PATH_SIZE], err[CUBES_PATH_SIZE + 128];
    cubes_join(path, dir, name);
    return regular(dir, name) ? cubes_open_regular(path, err, sizeof err) : NULL;
}

int cubes_check_file(const char *dir, const char *name, char *err, size_t errsize)
{
    char path[CUBES_PATH_SIZE];
    struct stat st;
    cubes_join(path, dir, name);
    if (lstat(path, &st) || S_ISREG(st.st_mode))
        return 0;
    snprintf(err, errsize, "'%s' is not a regular file (%s): refused; put the file itself "
             "there, or remove it", path,
             S_ISLNK(st.st_mode)    ? "a symbolic link"
             : S_ISFIFO(st.st_mode) ? "a FIFO, which would block its reader"
             : S_ISDIR(st.st_mode)  ? "a folder"
                                    : "a device or a socket");
    return -1;
}

int cubes_check_folder_files(const char *dir, char *err, size_t errsize)
{
    static const char *const files[] = { "root.cert", "cover.sol", "goal" };
    char path[CUBES_PATH_SIZE];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        cubes_join(path, dir, files[i]);
        FILE *fp = cubes_open_regular(path, err, errsize);
        if (!fp)
            return -1;
        fclose(fp);
    }
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **cubes_names(const char *dir, uint32_t *n, char *err, size_t errsize)
{
    DIR *d = opendir(dir);
    if (!d) {
        cubes_fail(err, errsize, "cannot read the folder '%s': %s", dir);
        return NULL;
    }
    char **names = NULL;
    uint32_t cap = 0;
    *n = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (!cubes_is_name(de->d_name) || !regular(dir, de->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            char **more = realloc(names, cap * sizeof *more);
            if (!more)
                break;
            names = more;
        }
        if (!(names[*n] = strdup(de->d_name)))
            break;
        (*n)++;
    }
    closedir(d);
    if (!names)
        names = malloc(sizeof *names);
    if (names)
        qsort(names, *n, sizeof *names, by_name);
    else
        snprintf(err, errsize, "out of memory for the cube names");
    return names;
}

void cubes_names_free(char **names, uint32_t n)
{
    for (uint32_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

bool cubes_read_proof(const char *dir, const char *name, cubes_proof *out, FILE **fp)
{
    char file[300], line[256];
    snprintf(file, sizeof file, "%s.proof", name);
    FILE *f = open_own(dir, file);
    unsigned long b, t;
    unsigned long long nodes, cube;
    bool ok = f && fgets(line, sizeof line, f) && !strcmp(line, "t24-cube-proof 1\n") &&
              fscanf(f, "cube %16llx\nbound %lu\ntarget %lu\nnodes %llu\nseconds %lf\n", &cube,
                     &b, &t, &nodes, &out->seconds) == 5 &&
              fgets(line, sizeof line, f) && !strcmp(line, "tree\n") && b <= t &&
              t < UINT32_MAX && out->seconds >= 0 && out->seconds <= 1e12;
    /* The tree, then `end`: a file cut short is no proof (the cube is searched again). */
    long start = ok ? ftell(f) : -1, end = -1;
    char tail[5] = "";
    ok = ok && start >= 0 && fseek(f, -4, SEEK_END) == 0 && (end = ftell(f)) >= start &&
         fread(tail, 1, 4, f) == 4 && !memcmp(tail, "end\n", 4) &&
         fseek(f, start, SEEK_SET) == 0;
    if (ok) {
        out->tree_bytes = end - start;
        out->cube = cube;
        out->bound = (uint32_t)b;
        out->target = (uint32_t)t;
        out->nodes = nodes;
    }
    if (ok && fp)
        *fp = f;
    else if (f)
        fclose(f);
    return ok;
}

uint64_t cubes_file_hash(const char *dir, const char *name)
{
    FILE *fp = open_own(dir, name);
    if (!fp)
        return 0;
    uint64_t x = 0xcbf29ce484222325ULL; /* FNV-1a */
    for (int c; (c = getc(fp)) != EOF;)
        x = (x ^ (unsigned char)c) * 0x100000001b3ULL;
    fclose(fp);
    return x;
}

bool cubes_is_closed(const char *dir, const char *name, const instance *h, uint32_t target)
{
    cubes_proof pr;
    return cubes_read_proof(dir, name, &pr, NULL) && pr.bound >= target &&
           pr.cube == cubes_file_hash(dir, name) && cubes_names_instance(dir, name, h);
}

int cubes_set_aside(const char *dir, const char *name, char *aside, char *err,
                    size_t errsize)
{
    char file[300], path[CUBES_PATH_SIZE];
    struct stat st;
    snprintf(file, sizeof file, "%s.proof", name);
    cubes_join(path, dir, file);
    for (unsigned k = 1; k <= 1000; k++) {
        char to[340];
        if (k == 1)
            snprintf(to, sizeof to, "%s.rejected", file);
        else
            snprintf(to, sizeof to, "%s.rejected.%u", file, k);
        cubes_join(aside, dir, to);
        /* lstat then rename: only a merge sets proofs aside, and a merge that races
         * another at worst sets one more proof aside, which is searched again */
        if (lstat(aside, &st) == 0)
            continue;
        if (rename(path, aside) == 0)
            return 0;
        return cubes_fail(err, errsize, "cannot set '%s' aside: %s", path);
    }
    snprintf(err, errsize, "'%s': a thousand proofs set aside already: not renamed", path);
    return -1;
}

void cubes_cube_head(const instance *h, char *out, size_t size)
{
    snprintf(out, size, "t24-cube 1\ninstance %u %u %016" PRIx64 "\n", instance_nelems(h),
             instance_nsets(h), certify_checksum(h));
}

bool cubes_names_instance(const char *dir, const char *file, const instance *h)
{
    char head[96], line[256];
    FILE *fp = open_own(dir, file);
    cubes_cube_head(h, head, sizeof head);
    const char *want = strchr(head, '\n') + 1; /* "instance N M SUM\n" */
    bool found = false;
    /* the head is a few short lines: a format line, comments, then `instance` */
    for (int i = 0; fp && !found && i < 16 && fgets(line, sizeof line, fp); i++) {
        if (!strcmp(line, "tree\n"))
            break;
        found = !strcmp(line, want);
    }
    if (fp)
        fclose(fp);
    return found;
}

int cubes_check_root(const char *dir, const instance *h, char *err, size_t errsize)
{
    char head[96];
    if (cubes_names_instance(dir, "root.cert", h))
        return 0;
    cubes_cube_head(h, head, sizeof head);
    char *second = strchr(head, '\n') + 1;
    second[strlen(second) - 1] = '\0';
    snprintf(err, errsize, "'%s': root.cert does not name its instance.hgr (%s): the "
             "instance was edited after the split, or root.cert is another split's",
             dir, second);
    return -1;
}

/* One line of a cube file, its end ("\n" or "\r\n") removed. Returns false at the end,
 * or for a line longer than the buffer (never split into two). */
static bool cube_line(FILE *fp, char *line, size_t size, bool *bad)
{
    if (!fgets(line, (int)size, fp))
        return false;
    size_t k = strlen(line);
    if (k == 0 || line[k - 1] != '\n') {
        *bad = !feof(fp) || k == 0; /* too long, or a NUL byte */
        if (*bad)
            return false;
    } else {
        line[--k] = '\0';
    }
    if (k && line[k - 1] == '\r')
        line[--k] = '\0';
    return true;
}

int cubes_read_fixings(const char *dir, const char *name, const instance *h, uint32_t **elems,
                       unsigned char **in, uint32_t *n, char *err, size_t errsize)
{
    char path[CUBES_PATH_SIZE], line[128], head[96], how[4];
    uint32_t nelems = instance_nelems(h);
    cubes_join(path, dir, name);
    if (cubes_check_file(dir, name, err, errsize))
        return -1;
    FILE *fp = cubes_open_regular(path, err, errsize);
    if (!fp)
        return -1;
    cubes_cube_head(h, head, sizeof head);
    *elems = malloc(((size_t)nelems + 1) * sizeof **elems);
    *in = malloc((size_t)nelems + 1);
    *n = 0;
    bool bad = false, ok = *elems && *in;
    char *second = strchr(head, '\n') + 1;
    second[strlen(second) - 1] = '\0';
    ok = ok && cube_line(fp, line, sizeof line, &bad) && !strcmp(line, "t24-cube 1") &&
         cube_line(fp, line, sizeof line, &bad) && !strcmp(line, second);
    unsigned long e;
    int end;
    while (ok && cube_line(fp, line, sizeof line, &bad)) {
        ok = *n < nelems && sscanf(line, "fix %lu %3s%n", &e, how, &end) == 2 && !line[end] &&
             e >= 1 && e <= nelems && (!strcmp(how, "in") || !strcmp(how, "out"));
        if (ok) {
            (*elems)[*n] = (uint32_t)(e - 1);
            (*in)[(*n)++] = how[0] == 'i';
        }
    }
    fclose(fp);
    if (ok && !bad && *n > 0)
        return 0;
    free(*elems);
    free(*in);
    *elems = NULL;
    *in = NULL;
    snprintf(err, errsize, "'%s' is not a cube of this folder's split (t24-cube 1, its "
             "instance's line, fix lines)", path);
    return -1;
}
