/* artifact.c - all-or-nothing output folders; see artifact.h.
 *
 * One of t24's four pieces of process-wide state lives here: what a SIGINT, SIGTERM,
 * SIGHUP or SIGPIPE handler must remove if the run dies while a set is open (the
 * temporaries and the folder the run created). The others are cli/incumbent.c's, the
 * cover `t24 cover` prints on SIGINT or SIGTERM; cli/stop.c's flag, SIGINT or SIGTERM
 * asking `t24 cover`'s cube modes and --estimate to stop; and the library's lock for a
 * GLPK without thread-local storage (hitset/mip/glpk_guard.c). The three of cli/ are
 * there for a signal handler, and no command uses this one with another (study, sweep
 * and emit open sets, cover publishes covers and asks to stop). A handler can only
 * reach its state through a global. This one is changed only with those
 * signals blocked, and the handler only reads it (but for the flag of a stop asked,
 * artifact_stop_start()) and calls unlink(), rmdir(), signal() and raise(), which are
 * async-signal-safe. */
#include "cli/artifact.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES 1024 /* sweep --certificates: two a configuration */

struct artifact_set {
    char *dir;
    bool created; /* dir did not exist before artifact_begin() */
    int n;
    FILE *fp[MAX_FILES];
    char *tmp[MAX_FILES]; /* NULL: final is to go at the commit (artifact_remove()) */
    char *final[MAX_FILES];
    char *backup[MAX_FILES]; /* during a commit: where an older final was moved */
};

static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
#define NCAUGHT (sizeof caught / sizeof caught[0])

/* What the handler removes: paths owned by the open set (or the probe), valid while
 * listed. Only one set is open at a time. */
static struct {
    const char *path[MAX_FILES + 1];
    volatile sig_atomic_t npaths;
    const char *volatile dir;
    bool installed[NCAUGHT];
    struct sigaction old[NCAUGHT];
    volatile sig_atomic_t asking; /* artifact_stop_start(): SIGINT, SIGTERM ask first */
    volatile sig_atomic_t asked;  /* ... and one did */
} pending;

static void on_signal(int sig)
{
    if (pending.asking && !pending.asked && (sig == SIGINT || sig == SIGTERM)) {
        pending.asked = 1; /* the run stops as at its time limit and writes what it has */
        return;
    }
    for (sig_atomic_t i = 0; i < pending.npaths; i++)
        if (pending.path[i]) /* NULL: a file to remove at the commit, not a temporary */
            unlink(pending.path[i]);
    if (pending.dir)
        rmdir(pending.dir); /* only ever empty: it was created by this run */
    /* The default action back: die of the signal, as if not caught. */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < NCAUGHT; i++)
        sigaddset(&set, caught[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static void unblock(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* Installs the handler for the signals that are not ignored (nohup's SIGHUP, a
 * background job's SIGINT stay ignored). Called with the signals blocked. */
static void install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = 0; /* not SA_RESETHAND: a stop asked (artifact_stop_start()) keeps it */
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NCAUGHT; i++)
        sigaddset(&sa.sa_mask, caught[i]);
    for (size_t i = 0; i < NCAUGHT; i++) {
        pending.installed[i] = false;
        if (sigaction(caught[i], NULL, &pending.old[i]) || pending.old[i].sa_handler == SIG_IGN)
            continue;
        pending.installed[i] = sigaction(caught[i], &sa, NULL) == 0;
    }
}

static void uninstall(void)
{
    for (size_t i = 0; i < NCAUGHT; i++)
        if (pending.installed[i])
            sigaction(caught[i], &pending.old[i], NULL);
    pending.npaths = 0;
    pending.dir = NULL;
}

static char *join(const char *dir, const char *prefix, const char *name, const char *suffix)
{
    size_t len = strlen(dir) + strlen(prefix) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(len);
    if (p)
        snprintf(p, len, "%s/%s%s%s", dir, prefix, name, suffix);
    return p;
}

/* Creates dir if missing (one level) and proves it writable with a probe file; from
 * here until the set is committed or aborted, a fatal signal removes what the set wrote
 * (and dir, if created). Returns a handle, or NULL with the reason in err. */
artifact_set *artifact_begin(const char *dir, char *err, size_t errsize)
{
    struct stat st;
    artifact_set *a = calloc(1, sizeof *a);
    char sfx[32], *probe = NULL;
    snprintf(sfx, sizeof sfx, "%ld", (long)getpid());
    if (!a || !(a->dir = strdup(dir)) || !(probe = join(dir, ".t24-probe-", sfx, ""))) {
        snprintf(err, errsize, "out of memory");
        goto fail;
    }
    sigset_t old;
    block(&old);
    install();
    a->created = mkdir(dir, 0777) == 0;
    if (!a->created && errno != EEXIST) {
        snprintf(err, errsize, "cannot create output folder '%s': %s", dir, strerror(errno));
        goto fail_blocked;
    }
    pending.dir = a->created ? a->dir : NULL;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, errsize, "output path '%s' is not a folder", dir);
        goto fail_blocked;
    }
    pending.path[0] = probe;
    pending.npaths = 1;
    FILE *fp = fopen(probe, "w");
    if (!fp) {
        snprintf(err, errsize, "cannot write in output folder '%s': %s", dir, strerror(errno));
        goto fail_blocked;
    }
    fclose(fp);
    unlink(probe);
    pending.npaths = 0;
    free(probe);
    unblock(&old);
    return a;
fail_blocked:
    if (a->created)
        rmdir(a->dir);
    uninstall();
    unblock(&old);
fail:
    free(probe);
    if (a)
        free(a->dir);
    free(a);
    return NULL;
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
    if (!tmp || !fin) {
        free(tmp);
        free(fin);
        return NULL;
    }
    sigset_t old;
    block(&old);
    pending.path[a->n] = tmp; /* listed before it exists: a signal never misses it */
    pending.npaths = a->n + 1;
    FILE *fp = fopen(tmp, "w");
    if (fp) {
        a->fp[a->n] = fp;
        a->tmp[a->n] = tmp;
        a->final[a->n] = fin;
        a->n++;
    } else {
        pending.npaths = a->n;
        free(tmp);
        free(fin);
    }
    unblock(&old);
    return fp;
}

/* Marks DIR/NAME to be removed by the commit, with the files written and as they are: all
 * or nothing (moved aside first, put back if the commit fails). A file of an older run
 * that this one does not write again (a certificate beside an instance it no longer
 * speaks of) then does not outlive the commit. A no-op for a name the set writes.
 * Returns 0, or -1 when out of memory or the set is full. */
int artifact_remove(artifact_set *a, const char *name)
{
    char *fin = a->n < MAX_FILES ? join(a->dir, "", name, "") : NULL;
    if (!fin)
        return -1;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->final[i], fin) == 0) {
            free(fin);
            return 0;
        }
    sigset_t old;
    block(&old);
    pending.path[a->n] = NULL; /* nothing of this run to remove on a signal */
    pending.npaths = a->n + 1;
    a->fp[a->n] = NULL;
    a->tmp[a->n] = NULL;
    a->final[a->n] = fin;
    a->n++;
    unblock(&old);
    return 0;
}

/* Frees the set, removing its temporaries (and dir, if it was created and is empty)
 * when remove_tmp is set. Called with the signals blocked. */
static void release(artifact_set *a, bool remove_tmp)
{
    for (int i = 0; i < a->n; i++) {
        if (a->fp[i])
            fclose(a->fp[i]);
        if (remove_tmp && a->tmp[i])
            unlink(a->tmp[i]);
        free(a->tmp[i]);
        free(a->final[i]);
        free(a->backup[i]);
    }
    if (remove_tmp && a->created)
        rmdir(a->dir);
    uninstall();
    free(a->dir);
    free(a);
}

/* Puts back the state before the commit: files 0..done-1 were renamed into place, every
 * backup is moved back. */
static void roll_back(artifact_set *a, int done)
{
    for (int i = 0; i < a->n; i++) {
        if (i < done && !a->backup[i] && a->tmp[i])
            unlink(a->final[i]);
        if (a->backup[i])
            rename(a->backup[i], a->final[i]);
    }
}

static const char *file_kind(mode_t m)
{
    return S_ISDIR(m)    ? "a folder"
           : S_ISLNK(m)  ? "a symbolic link"
           : S_ISFIFO(m) ? "a FIFO"
           : S_ISCHR(m)  ? "a character device"
           : S_ISBLK(m)  ? "a block device"
           : S_ISSOCK(m) ? "a socket"
                         : "not a regular file";
}

/* A path a writer may replace: absent, or a regular file. Anything else (a device such
 * as /dev/null, a FIFO, a socket, a folder, or a symbolic link, whose target the rename
 * would not reach) is refused, never renamed over. Returns 0, or -1 with err set. */
int artifact_check_target(const char *path, char *err, size_t errsize)
{
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 0;
    snprintf(err, errsize, "cannot write '%s': it is %s, not a regular file", path,
             file_kind(st.st_mode));
    return -1;
}

/* Moves every existing final file aside (to .NAME.old.PID), after checking that each is
 * a regular file. Returns 0, or -1 with err set and whatever was moved moved back. */
static int move_aside(artifact_set *a, char *err, size_t errsize)
{
    struct stat st;
    for (int i = 0; i < a->n; i++)
        if (artifact_check_target(a->final[i], err, errsize))
            return -1;
    char sfx[32];
    snprintf(sfx, sizeof sfx, ".old.%ld", (long)getpid());
    for (int i = 0; i < a->n; i++) {
        if (lstat(a->final[i], &st) != 0)
            continue;
        const char *base = a->final[i] + strlen(a->dir) + 1;
        if (!(a->backup[i] = join(a->dir, ".", base, sfx)) ||
            rename(a->final[i], a->backup[i])) {
            snprintf(err, errsize, "cannot move '%s' aside: %s", a->final[i],
                     a->backup[i] ? strerror(errno) : "out of memory");
            free(a->backup[i]);
            a->backup[i] = NULL;
            roll_back(a, 0);
            return -1;
        }
    }
    return 0;
}

/* Closes every file and renames all into place, or none: older files of the same names
 * are moved aside first and moved back if any rename fails. Fatal signals wait until
 * it is done. Returns 0, or -1 with the reason in err after removing the temporaries.
 * Frees the set either way. */
int artifact_commit(artifact_set *a, char *err, size_t errsize)
{
    sigset_t old;
    block(&old);
    int rc = -1;
    for (int i = 0; i < a->n; i++) {
        if (!a->tmp[i])
            continue; /* a file to remove: nothing was written */
        errno = 0;
        int bad = ferror(a->fp[i]);
        bad |= fclose(a->fp[i]) != 0;
        a->fp[i] = NULL;
        if (bad) {
            snprintf(err, errsize, "cannot write '%s'%s%s", a->final[i], errno ? ": " : "",
                     errno ? strerror(errno) : "");
            goto done;
        }
    }
    if (move_aside(a, err, errsize))
        goto done;
    for (int i = 0; i < a->n; i++) {
        if (a->tmp[i] && rename(a->tmp[i], a->final[i])) {
            snprintf(err, errsize, "cannot rename into '%s': %s", a->final[i],
                     strerror(errno));
            roll_back(a, i);
            goto done;
        }
    }
    for (int i = 0; i < a->n; i++)
        if (a->backup[i])
            unlink(a->backup[i]);
    rc = 0;
done:
    release(a, rc != 0);
    unblock(&old);
    return rc;
}

/* Discards every file written so far, and the folder if this run created it; a no-op
 * on NULL. */
void artifact_abort(artifact_set *a)
{
    if (!a)
        return;
    sigset_t old;
    block(&old);
    release(a, true);
    unblock(&old);
}

int artifact_copy(FILE *from, FILE *to)
{
    char buf[1 << 16];
    size_t got;
    rewind(from);
    while ((got = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, got, to) != got)
            return -1;
    return ferror(from) || ferror(to) ? -1 : 0;
}

/* Copies from (an anonymous temporary the run wrote: a certificate) to a temporary
 * beside path and renames it into place, with the fatal signals held meanwhile, so that
 * path is the whole file or untouched, and no temporary is left. Returns 0, or -1
 * with err set. */
int artifact_save_stream(FILE *from, const char *path, const char *what, char *err,
                         size_t errsize)
{
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    char *tmp = malloc(dirlen + strlen(path) + 16);
    if (!tmp)
        return snprintf(err, errsize, "out of memory"), -1;
    snprintf(tmp, dirlen + strlen(path) + 16, "%.*s.%s.XXXXXX", (int)dirlen, path,
             path + dirlen);
    sigset_t fatal, old;
    sigemptyset(&fatal);
    sigaddset(&fatal, SIGINT);
    sigaddset(&fatal, SIGTERM);
    sigaddset(&fatal, SIGHUP);
    sigaddset(&fatal, SIGPIPE);
    sigprocmask(SIG_BLOCK, &fatal, &old);
    int fd = mkstemp(tmp), rc = -1;
    mode_t mask = umask(0); /* mkstemp's 0600, widened to what a new file gets */
    umask(mask);
    if (fd >= 0)
        fchmod(fd, 0666 & ~mask);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!out) {
        snprintf(err, errsize, "cannot write the %s beside '%s': %s", what, path,
                 strerror(errno));
        if (fd >= 0)
            close(fd), unlink(tmp);
        goto done;
    }
    bool bad = artifact_copy(from, out) != 0;
    if (fclose(out) || bad || rename(tmp, path)) {
        snprintf(err, errsize, "cannot write the %s '%s': %s", what, path,
                 errno ? strerror(errno) : "a write failed");
        unlink(tmp);
        goto done;
    }
    rc = 0;
done:
    sigprocmask(SIG_SETMASK, &old, NULL);
    free(tmp);
    return rc;
}

/* From here the first SIGINT or SIGTERM asks the run to stop (artifact_stop_requested())
 * instead of ending it, whether or not a set is open; a second one, or SIGHUP or
 * SIGPIPE, ends the process as before, the open set's files removed. The handler stays
 * installed after a set is committed or aborted (uninstall() puts this one back). */
int artifact_stop_start(void)
{
    sigset_t old;
    block(&old);
    pending.asking = 1;
    install();
    bool ok = true;
    for (size_t i = 0; i < NCAUGHT; i++)
        ok = ok && (pending.installed[i] || pending.old[i].sa_handler == SIG_IGN);
    unblock(&old);
    return ok ? 0 : -1;
}

int artifact_stop_requested(void *ctx)
{
    (void)ctx;
    return pending.asked;
}
