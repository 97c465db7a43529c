/* check_run.c - t24-check run as a process of its own; see check_run.h. */
#define _GNU_SOURCE /* posix_spawn's file actions, environ */
#include "cli/check_run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/walltime.h"
#include "hitset/t24hs.h"

extern char **environ;

void check_run_find(check_run *c)
{
    const char *env = getenv("T24_CHECK");
    char self[4000]; /* room for "t24-check" in path */
    c->path[0] = c->missing[0] = '\0';
    if (env && env[0]) {
        snprintf(c->path, sizeof c->path, "%s", env);
    } else {
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) {
            snprintf(c->missing, sizeof c->missing, "t24-check not found (this program's "
                     "folder is unknown: set T24_CHECK to its path)");
            return;
        }
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        *(slash ? slash + 1 : self) = '\0';
        snprintf(c->path, sizeof c->path, "%st24-check", self);
    }
    if (access(c->path, X_OK) == 0)
        return;
    snprintf(c->missing, sizeof c->missing, "t24-check not found: '%.400s' cannot be run "
             "(%s; %s)", c->path, strerror(errno),
             env && env[0] ? "from T24_CHECK" : "put it beside t24, or set T24_CHECK to it");
    c->path[0] = '\0';
}

/* The first line of fp (from its start) into out, its end removed; "" when none. */
static void first_line(FILE *fp, char *out, size_t size)
{
    out[0] = '\0';
    if (fseek(fp, 0, SEEK_SET) == 0 && fgets(out, (int)size, fp))
        out[strcspn(out, "\r\n")] = '\0';
}

/* Waits for pid until it ends (its status into *status: returns 0), or kills it when
 * the time runs out or c asks to stop (returns -1, why set). */
static int wait_for(const check_run *c, pid_t pid, double seconds, int *status, char *why,
                    size_t whysize)
{
    double deadline = walltime_now() + seconds;
    const struct timespec pause = { 0, 20 * 1000 * 1000 };
    for (;;) {
        pid_t got = waitpid(pid, status, WNOHANG);
        if (got == pid)
            return 0;
        if (got < 0 && errno != EINTR) {
            snprintf(why, whysize, "t24-check: cannot wait for it: %s", strerror(errno));
            return -1; /* not our child any more: nothing to kill */
        }
        bool stop = c->stopped && c->stopped(c->stop_ctx);
        if (stop || walltime_now() >= deadline) {
            kill(-pid, SIGKILL); /* our own child's group (start()), by its id */
            waitpid(pid, status, 0);
            snprintf(why, whysize, stop ? "t24-check stopped by a signal"
                                        : "t24-check did not finish within the time limit "
                                          "(%.0f s; give --merge a larger --time-limit)",
                     seconds);
            return -1;
        }
        nanosleep(&pause, NULL);
    }
}

/* Starts the checker with stdout and stderr into out and err, stdin from /dev/null.
 * Returns its pid, or -1 with why set. */
static pid_t start(const check_run *c, char *const argv[], FILE *out, FILE *err, char *why,
                   size_t whysize)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    pid_t pid = -1;
    int rc = posix_spawn_file_actions_init(&fa);
    if (rc == 0 && (rc = posix_spawnattr_init(&at)) != 0)
        posix_spawn_file_actions_destroy(&fa);
    if (rc == 0) {
        /* a process group of its own, so that wait_for() ends whatever it started (a
           T24_CHECK may be a script) */
        rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
        rc = rc ? rc : posix_spawnattr_setpgroup(&at, 0);
        rc = rc ? rc : posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        rc = rc ? rc : posix_spawn_file_actions_adddup2(&fa, fileno(out), 1);
        rc = rc ? rc : posix_spawn_file_actions_adddup2(&fa, fileno(err), 2);
        rc = rc ? rc : posix_spawn(&pid, c->path, &fa, &at, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&at);
    }
    if (rc) {
        snprintf(why, whysize, "cannot run t24-check ('%.400s'): %s", c->path, strerror(rc));
        return -1;
    }
    return pid;
}

/* The verdict from the exit status and the first lines of stdout (out) and stderr
 * (err, "t24-check: " removed). */
static int verdict(int status, const char *out, const char *err, uint64_t *open, char *why,
                   size_t whysize)
{
    unsigned long long n;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    const char *msg = strncmp(err, "t24-check: ", 11) ? err : err + 11;
    if (code == 0 && strstr(out, " verified") && strncmp(out, "not ", 4)) {
        snprintf(why, whysize, "%s", out);
        return HS_CHECK_VERIFIED;
    }
    if (code == 1 && !err[0] && sscanf(out, "not verified: %llu open node", &n) == 1) {
        *open = n;
        snprintf(why, whysize, "%s", out);
        return HS_CHECK_OPEN;
    }
    if (code == 1 && msg[0]) {
        snprintf(why, whysize, "%s", msg);
        return HS_CHECK_FAILED;
    }
    if (code < 0)
        snprintf(why, whysize, "t24-check ended by signal %d", WTERMSIG(status));
    else
        snprintf(why, whysize, "t24-check gave no verdict (exit status %d%s%s)", code,
                 msg[0] || out[0] ? ": " : "", msg[0] ? msg : out);
    return HS_CHECK_UNAVAILABLE;
}

int check_run_certificate(void *ctx, const char *instance, const char *cover, const char *cert,
                          double seconds, uint64_t *open, char *why, size_t whysize)
{
    const check_run *c = ctx;
    char out_line[512], err_line[512];
    char *argv[] = { "t24-check", (char *)instance, (char *)(cover ? cover : cert),
                     cover ? (char *)cert : NULL, NULL };
    *open = 0;
    if (!c->path[0]) {
        snprintf(why, whysize, "%s", c->missing);
        return HS_CHECK_UNAVAILABLE;
    }
    FILE *out = tmpfile(), *err = tmpfile();
    int status = 0, v = HS_CHECK_UNAVAILABLE;
    pid_t pid = out && err ? start(c, argv, out, err, why, whysize) : -1;
    if (!out || !err)
        snprintf(why, whysize, "cannot make a temporary file for t24-check's output: %s",
                 strerror(errno));
    if (pid > 0 && wait_for(c, pid, seconds, &status, why, whysize) == 0) {
        first_line(out, out_line, sizeof out_line);
        first_line(err, err_line, sizeof err_line);
        v = verdict(status, out_line, err_line, open, why, whysize);
    }
    if (out)
        fclose(out);
    if (err)
        fclose(err);
    return v;
}
