/* artifact.c - all-or-nothing output folders; see artifact.h. */
#include "cli/artifact.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES 32

struct artifact_set {
    char *dir;
    int n;
    FILE *fp[MAX_FILES];
    char *tmp[MAX_FILES];
    char *final[MAX_FILES];
};

static char *join(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t len = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

/* Creates dir if missing (one level) and proves it writable with a probe file. Returns a
 * handle, or NULL with the reason in err. */
artifact_set *artifact_begin(const char *dir, char *err, size_t errsize)
{
    struct stat st;
    if (mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(err, errsize, "cannot create output folder '%s': %s", dir, strerror(errno));
        return NULL;
    }
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, errsize, "output path '%s' is not a folder", dir);
        return NULL;
    }
    char sfx[32];
    snprintf(sfx, sizeof sfx, "%ld", (long)getpid());
    char *probe = join(dir, ".t24-probe-", sfx, "");
    FILE *fp = probe ? fopen(probe, "w") : NULL;
    if (!fp) {
        snprintf(err, errsize, "cannot write in output folder '%s': %s", dir,
                 strerror(errno));
        free(probe);
        return NULL;
    }
    fclose(fp);
    unlink(probe);
    free(probe);
    artifact_set *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    a->dir = strdup(dir);
    return a;
}

const char *artifact_dir(const artifact_set *a) { return a->dir; }

/* Opens DIR/.NAME.tmp.PID for writing; NULL on failure. The stream belongs to the set. */
FILE *artifact_open(artifact_set *a, const char *name)
{
    if (a->n == MAX_FILES)
        return NULL;
    char sfx[32];
    snprintf(sfx, sizeof sfx, ".tmp.%ld", (long)getpid());
    char *tmp = join(a->dir, ".", name, sfx), *fin = join(a->dir, "", name, "");
    FILE *fp = tmp && fin ? fopen(tmp, "w") : NULL;
    if (!fp) {
        free(tmp);
        free(fin);
        return NULL;
    }
    a->fp[a->n] = fp;
    a->tmp[a->n] = tmp;
    a->final[a->n] = fin;
    a->n++;
    return fp;
}

static void release(artifact_set *a, int remove_tmp)
{
    for (int i = 0; i < a->n; i++) {
        if (a->fp[i])
            fclose(a->fp[i]);
        if (remove_tmp)
            unlink(a->tmp[i]);
        free(a->tmp[i]);
        free(a->final[i]);
    }
    free(a->dir);
    free(a);
}

/* Closes every file and renames all into place. Returns 0, or -1 with the reason in err
 * after removing the temporaries. Frees the set either way. */
int artifact_commit(artifact_set *a, char *err, size_t errsize)
{
    for (int i = 0; i < a->n; i++) {
        int bad = ferror(a->fp[i]);
        bad |= fclose(a->fp[i]) != 0;
        a->fp[i] = NULL;
        if (bad) {
            snprintf(err, errsize, "cannot write '%s'", a->final[i]);
            release(a, 1);
            return -1;
        }
    }
    for (int i = 0; i < a->n; i++) {
        if (rename(a->tmp[i], a->final[i])) {
            snprintf(err, errsize, "cannot rename into '%s': %s", a->final[i],
                     strerror(errno));
            release(a, 1);
            return -1;
        }
    }
    release(a, 0);
    return 0;
}

/* Discards every file written so far; a no-op on NULL. */
void artifact_abort(artifact_set *a)
{
    if (a)
        release(a, 1);
}
