/* test_cover_signals.c - issue 38, items 4 and 5: every mode of `t24 cover` ends at its
 * time limit or at SIGINT/SIGTERM, also while it reads an endless or blocked input; a
 * cube folder's instance.hgr is opened only as a regular file; a signal never loses the
 * certificate of a finished round, and a certificate or cover that cannot be written
 * after a signal is said, with its reason, and is exit status 2.
 *
 * No tight timing: a limit of 2 s must end within 10 s, a signal within 10 s, and the
 * process is killed after that and the test fails (the code before the fix waited for
 * ever: on a pipe, one endless line, a FIFO or /dev/zero). A signal that may come before
 * the handlers are installed (a loaded machine still starting t24) is sent again to a
 * new run after a longer wait, as tests/test_cover.c does. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/walltime.h"
#include "helpers.h"

#define HANG_SECONDS 10.0 /* five times a 2 s limit: only a hang gets there */

static void sleep_seconds(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    nanosleep(&ts, NULL);
}

/* Starts t24 with argv (NULL-terminated, without the program name), standard input from
 * fd in (-1: /dev/null), standard output and error into the files out and err. */
static pid_t start_t24(const char *const *argv, int in, const char *out, const char *err)
{
    size_t n = 0;
    while (argv[n])
        n++;
    const char **args = calloc(n + 2, sizeof *args);
    cr_assert(args);
    args[0] = "t24";
    memcpy(args + 1, argv, n * sizeof *args);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int fd0 = in >= 0 ? in : open("/dev/null", O_RDONLY);
        int fd1 = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fd2 = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd0 < 0 || fd1 < 0 || fd2 < 0 || dup2(fd0, 0) < 0 || dup2(fd1, 1) < 0 ||
            dup2(fd2, 2) < 0)
            _exit(127);
        execv(getenv("T24_BIN"), (char *const *)args);
        _exit(127);
    }
    free(args);
    return pid;
}

/* Waits for pid at most seconds; true with its wait status in *st when it ended, else
 * kills it (SIGKILL), reaps it and returns false. */
static bool ended_within(pid_t pid, double seconds, int *st)
{
    double end = walltime_now() + seconds;
    while (walltime_now() < end) {
        pid_t w = waitpid(pid, st, WNOHANG);
        cr_assert(w >= 0);
        if (w == pid)
            return true;
        sleep_seconds(0.02);
    }
    kill(pid, SIGKILL);
    waitpid(pid, st, 0);
    return false;
}

/* A child writing chunk to fd until the reader goes (its write fails or SIGPIPE). */
static pid_t endless_writer(int fd, const char *chunk)
{
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        char buf[4096];
        size_t len = strlen(chunk), n = 0;
        while (n + len <= sizeof buf) {
            memcpy(buf + n, chunk, len);
            n += len;
        }
        for (;;)
            if (write(fd, buf, n) < 0)
                _exit(0);
    }
    return pid;
}

static void reap(pid_t pid)
{
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

/* A pipe whose two ends are closed in the children that do not use them. */
static void cloexec_pipe(int fd[2])
{
    cr_assert_eq(pipe(fd), 0);
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
}

typedef struct {
    char dir[64], out[96], err[96], cubes[96];
} files;

static void files_make(files *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/t24-signals-XXXXXX");
    cr_assert(mkdtemp(f->dir));
    snprintf(f->out, sizeof f->out, "%s/out", f->dir);
    snprintf(f->err, sizeof f->err, "%s/err", f->dir);
    snprintf(f->cubes, sizeof f->cubes, "%s/cubes", f->dir);
}

static void files_remove(files *f)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    cr_assert_eq(system(cmd), 0);
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* The modes that read FILE, here standard input, with a 2 s limit (split into folder). */
static void reading_modes(const char *folder, const char *const *modes[3])
{
    static const char *plain[] = { "cover", "--time-limit", "2", "-", NULL };
    static const char *estimate[] = { "cover", "--estimate", "--time-limit", "2", "-", NULL };
    static const char *split[] = { "cover", "--split", "4", "--cubes-dir", NULL,
                                   "--time-limit", "2", "-", NULL };
    split[4] = folder;
    modes[0] = plain;
    modes[1] = split;
    modes[2] = estimate;
}

/* The time limit ends the reading of what never ends: lines without end (`yes c`; the
 * split and the estimate did not bound reading at all) and one line without end (no
 * mode did: the line reader asked no clock inside a line). */
Test(cover_signals, endless_input_ends_at_the_time_limit_in_every_reading_mode,
     .timeout = 300)
{
    static const char *chunks[] = { "c\n", "c" };
    files f;
    files_make(&f);
    const char *const *modes[3];
    reading_modes(f.cubes, modes);
    for (int c = 0; c < 2; c++)
        for (int m = 0; m < 3; m++) {
            int fd[2], st;
            cloexec_pipe(fd);
            pid_t w = endless_writer(fd[1], chunks[c]);
            close(fd[1]);
            pid_t pid = start_t24(modes[m], fd[0], f.out, f.err);
            close(fd[0]);
            bool ended = ended_within(pid, HANG_SECONDS, &st);
            reap(w);
            char *err = slurp(f.err);
            cr_assert(ended, "'t24 cover %s %s' on endless '%s' still ran after %.0f s",
                      modes[m][1], modes[m][2], c ? "c" : "c\\n", HANG_SECONDS);
            cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
            cr_expect(strstr(err, "the time limit ran out while reading"), "%s", err);
            cr_expect_eq(count_lines(err), 1, "%s", err);
            cr_expect_not(exists(f.cubes), "the split left its folder");
            free(err);
        }
    files_remove(&f);
}

/* A pipe whose writer neither writes nor closes: every reading mode ends at its limit. */
Test(cover_signals, a_blocked_pipe_ends_at_the_time_limit_in_every_reading_mode,
     .timeout = 300)
{
    files f;
    files_make(&f);
    const char *const *modes[3];
    reading_modes(f.cubes, modes);
    for (int m = 0; m < 3; m++) {
        int fd[2], st;
        cloexec_pipe(fd); /* the write end stays open here, silent */
        pid_t pid = start_t24(modes[m], fd[0], f.out, f.err);
        close(fd[0]);
        bool ended = ended_within(pid, HANG_SECONDS, &st);
        close(fd[1]);
        char *err = slurp(f.err);
        cr_assert(ended, "'t24 cover %s %s' on a blocked pipe still ran after %.0f s",
                  modes[m][1], modes[m][2], HANG_SECONDS);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
        cr_expect(strstr(err, "the time limit ran out while reading"), "%s", err);
        free(err);
    }
    files_remove(&f);
}

/* Sends sig to a fresh run of argv (stdin: the read end of a pipe nobody writes) after
 * wait seconds; a run the signal kills (its handlers not installed yet, on a loaded
 * machine) is tried again with twice the wait, up to four times. Returns the wait status,
 * or fails when the run outlives the signal by HANG_SECONDS. */
static int signal_reading(const char *const *argv, int sig, const files *f, bool dies)
{
    double wait = 0.3;
    for (int attempt = 1;; attempt++, wait *= 2) {
        int fd[2], st;
        cloexec_pipe(fd);
        pid_t pid = start_t24(argv, fd[0], f->out, f->err);
        close(fd[0]);
        sleep_seconds(wait);
        kill(pid, sig);
        bool ended = ended_within(pid, HANG_SECONDS, &st);
        close(fd[1]);
        cr_assert(ended, "'t24 cover %s %s' still read a blocked pipe %.0f s after signal %d",
                  argv[1], argv[2], HANG_SECONDS, sig);
        if (dies || !(WIFSIGNALED(st) && WTERMSIG(st) == sig) || attempt == 4)
            return st;
    }
}

/* SIGTERM or SIGINT while the instance is read from a blocked pipe: --split and
 * --estimate end as their time limit would (exit 2, said; the split kept reading, the
 * estimate died without a word); the cover run dies of the signal, as documented (no
 * cover yet). */
Test(cover_signals, a_signal_ends_every_reading_mode_on_a_blocked_pipe, .timeout = 300)
{
    static const char *plain[] = { "cover", "--time-limit", "300", "-", NULL };
    static const char *estimate[] = { "cover", "--estimate", "--time-limit", "300", "-", NULL };
    static const char *split[] = { "cover", "--split", "4", "--cubes-dir", NULL,
                                   "--time-limit", "300", "-", NULL };
    static const int sigs[] = { SIGTERM, SIGINT };
    files f;
    files_make(&f);
    split[4] = f.cubes;
    for (int s = 0; s < 2; s++) {
        int st = signal_reading(plain, sigs[s], &f, true);
        cr_expect(WIFSIGNALED(st) && WTERMSIG(st) == sigs[s], "status %d", st);
        const char *const *modes[] = { split, estimate };
        for (int m = 0; m < 2; m++) {
            st = signal_reading(modes[m], sigs[s], &f, false);
            char *err = slurp(f.err);
            cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "t24 %s: status %d", modes[m][1],
                      st);
            cr_expect(strstr(err, "stopped by a signal while reading"), "%s", err);
            cr_expect_eq(count_lines(err), 1, "%s", err);
            free(err);
        }
        cr_expect_not(exists(f.cubes), "the split left its folder");
    }
    files_remove(&f);
}

static const char *instance_path(const char *deck)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/data/instances/cards5_deck%s_target24_all.hgr",
             getenv("T24_SOURCE_DIR"), deck);
    return path;
}

/* Splits deck (data/instances/) into cubes at f->cubes. */
static void split_deck(const files *f, const char *deck, const char *ncubes)
{
    const char *argv[] = { "cover", "--split", ncubes, "--cubes-dir", f->cubes, "--dives",
                           "0", instance_path(deck), NULL };
    run_result r = run_t24_argv(argv, "", 0);
    cr_assert_eq(r.status, 0, "the split of deck %s: %s", deck, r.err);
    run_free(&r);
}

/* A cube folder's instance.hgr that is a FIFO (an open that waits for a writer) or a
 * link to /dev/zero (an endless line of NUL bytes) is refused at once, by every mode
 * that reads it, with one line; a link to a regular file is read. */
Test(cover_signals, a_cube_folder_instance_must_be_a_regular_file, .timeout = 300)
{
    files f;
    char inst[160], cube[160], copy[160];
    files_make(&f);
    split_deck(&f, "1-5", "4");
    snprintf(inst, sizeof inst, "%s/instance.hgr", f.cubes);
    snprintf(cube, sizeof cube, "%s/cube-00001", f.cubes);
    snprintf(copy, sizeof copy, "%s/instance.copy", f.dir);
    cr_assert_eq(rename(inst, copy), 0);
    const char *modes[][4] = { { "cover", "--cube", cube, NULL },
                               { "cover", "--cubes", f.cubes, NULL },
                               { "cover", "--merge", f.cubes, NULL } };
    for (int kind = 0; kind < 2; kind++) {
        unlink(inst);
        cr_assert_eq(kind == 0 ? mkfifo(inst, 0644) : symlink("/dev/zero", inst), 0);
        for (int m = 0; m < 3; m++) {
            int st;
            const char *argv[] = { modes[m][0], modes[m][1], modes[m][2], "--time-limit", "2",
                                   NULL };
            pid_t pid = start_t24(argv, -1, f.out, f.err);
            bool ended = ended_within(pid, HANG_SECONDS, &st);
            cr_assert(ended, "'t24 cover %s' on a %s instance.hgr still ran after %.0f s",
                      modes[m][1], kind ? "/dev/zero" : "FIFO", HANG_SECONDS);
            char *err = slurp(f.err), *out = slurp(f.out);
            cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
            cr_expect(strstr(err, "instance.hgr"), "%s", err);
            cr_expect(strstr(err, "not a regular file"), "%s", err);
            cr_expect_eq(count_lines(err), 1, "%s", err);
            cr_expect_str_eq(out, "");
            free(err);
            free(out);
        }
    }
    unlink(inst);
    cr_assert_eq(symlink(copy, inst), 0);
    const char *argv[] = { "cover", "--cube", cube, "--time-limit", "60", NULL };
    run_result r = run_t24_argv(argv, "", 0);
    cr_expect_eq(r.status, 0, "a link to a regular file: %s", r.err);
    run_free(&r);
    files_remove(&f);
}

/* Sends SIGTERM to a fresh run of argv after wait seconds (again, waiting twice as long,
 * when it died of the signal, up to four times); returns the wait status, or fails when
 * the run outlives the signal by HANG_SECONDS. */
static int signal_running(const char *const *argv, double wait, const files *f)
{
    for (int attempt = 1;; attempt++, wait *= 2) {
        int st;
        pid_t pid = start_t24(argv, -1, f->out, f->err);
        sleep_seconds(wait);
        kill(pid, SIGTERM);
        cr_assert(ended_within(pid, HANG_SECONDS, &st),
                  "'t24 cover %s %s' ran on %.0f s after SIGTERM", argv[1], argv[2],
                  HANG_SECONDS);
        if (!(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM) || attempt == 4)
            return st;
    }
}

/* SIGTERM mid-search ends each mode as its time limit would: a cube keeps its partial
 * proof, a worker reports, a merge's and --estimate's dives report what they made (the
 * estimate died of the signal), a split leaves no folder. */
Test(cover_signals, sigterm_ends_every_mode_mid_search, .timeout = 300)
{
    files f;
    char cube[160], proof[160], other[160];
    files_make(&f);
    split_deck(&f, "1-6", "4");
    snprintf(cube, sizeof cube, "%s/cube-00001", f.cubes);
    snprintf(proof, sizeof proof, "%s/cube-00001.proof", f.cubes);
    snprintf(other, sizeof other, "%s/other", f.dir);
    const char *mid[] = { "--time-limit", "300", "--dives", "10000000" };
    struct {
        const char *argv[9];
        int status;
        const char *says;
    } cases[] = {
        { { "cover", "--cube", cube, mid[0], mid[1], NULL }, 0, "open" },
        { { "cover", "--cubes", f.cubes, mid[0], mid[1], NULL }, 0, "searched" },
        { { "cover", "--merge", f.cubes, mid[0], mid[1], mid[2], mid[3], NULL }, 0,
          "not merged" },
        { { "cover", "--estimate", instance_path("1-6"), mid[0], mid[1], mid[2], mid[3],
            NULL }, 0, "estimate" },
        { { "cover", "--split", "100000", "--cubes-dir", other, instance_path("1-7"), mid[0],
            mid[1], NULL }, 2, "stopped by a signal" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int st = signal_running(cases[i].argv, 1.5, &f);
        char *out = slurp(f.out), *err = slurp(f.err);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == cases[i].status,
                  "t24 cover %s: status %d: %s", cases[i].argv[1], st, err);
        cr_expect(strstr(out, cases[i].says) || strstr(err, cases[i].says),
                  "t24 cover %s: %s%s", cases[i].argv[1], out, err);
        free(out);
        free(err);
    }
    cr_expect(exists(proof), "the cube's partial proof is lost");
    cr_expect_not(exists(other), "the split left its folder");
    files_remove(&f);
}

/* Starts `t24 cover --certificate cert --goal 30` on deck 1-6 and sends SIGTERM after
 * wait seconds (again, waiting longer, when it died of the signal before its first
 * cover); returns the wait status. */
static int signal_certifying(const char *cert, double wait, const files *f)
{
    const char *argv[] = { "cover", "--certificate", cert, "--goal", "30", "--time-limit",
                           "300", "--quiet", instance_path("1-6"), NULL };
    return signal_running(argv, wait, f);
}

/* Issue 38's run: SIGTERM at 3 s exited 0 and wrote no certificate, where --time-limit 3
 * wrote one that verifies 29. The signal now ends the search as the limit would: the
 * certificate of the last round finished is written, and t24-check verifies it. */
Test(cover_signals, sigterm_writes_the_certificate_of_the_finished_round, .timeout = 300)
{
    files f;
    char cert[160], cmd[4096], line[256] = "";
    files_make(&f);
    snprintf(cert, sizeof cert, "%s/g.cert", f.dir);
    int st = signal_certifying(cert, 3, &f);
    /* 3: the goal 30 not reached when the signal came (issue 40), said on stderr; 0 only
     * on a machine fast enough to have proven 30 within the 3 s */
    cr_expect(WIFEXITED(st) && (WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 3), "status %d", st);
    char *err = slurp(f.err);
    cr_expect(WEXITSTATUS(st) == 0 || (err && strstr(err, "goal 30 not reached") &&
                                       strstr(err, "a signal ended the search")),
              "%s", err ? err : "");
    free(err);
    cr_assert(exists(cert), "no certificate after SIGTERM");
    snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' '%s' 2>&1", getenv("T24_CHECK_BIN"),
             instance_path("1-6"), f.out, cert);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    if (!fgets(line, sizeof line, p))
        line[0] = '\0';
    cr_expect_eq(pclose(p), 0, "t24-check: %s", line);
    cr_expect(strstr(line, "verified"), "t24-check: %s", line);
    files_remove(&f);
}

/* A certificate that cannot be written after the signal (its folder removed meanwhile)
 * is said, and the exit status is 2; the cover is still printed. */
Test(cover_signals, a_certificate_lost_after_a_signal_is_said, .timeout = 300)
{
    files f;
    char sub[128], cert[160];
    files_make(&f);
    snprintf(sub, sizeof sub, "%s/gone", f.dir);
    snprintf(cert, sizeof cert, "%s/g.cert", sub);
    for (double wait = 1;; wait *= 2) {
        cr_assert_eq(mkdir(sub, 0755), 0);
        const char *argv[] = { "cover", "--certificate", cert, "--goal", "30", "--time-limit",
                               "300", "--quiet", instance_path("1-6"), NULL };
        int st;
        pid_t pid = start_t24(argv, -1, f.out, f.err);
        sleep_seconds(wait);
        cr_assert_eq(rmdir(sub), 0);
        kill(pid, SIGTERM);
        cr_assert(ended_within(pid, HANG_SECONDS, &st), "ran on after SIGTERM");
        if (WIFSIGNALED(st) && wait < 8) /* killed before its first cover: again */
            continue;
        char *err = slurp(f.err), *out = slurp(f.out);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d: %s", st, err);
        cr_expect(strstr(err, "cannot write the certificate"), "%s", err);
        cr_expect_eq(count_lines(err), 1, "%s", err);
        cr_expect_neq(atoi(out), 0, "no cover printed: %s", out);
        free(err);
        free(out);
        break;
    }
    files_remove(&f);
}

/* A cover that cannot be written on a signal says why (it said only that it could not). */
Test(cover_signals, a_cover_lost_after_a_signal_says_why, .timeout = 300)
{
    files f;
    files_make(&f);
    for (double wait = 0.5;; wait *= 2) {
        const char *argv[] = { "cover", "--time-limit", "300", "--quiet",
                               instance_path("1-6"), NULL };
        int st;
        pid_t pid = start_t24(argv, -1, "/dev/full", f.err);
        sleep_seconds(wait);
        kill(pid, SIGTERM);
        cr_assert(ended_within(pid, HANG_SECONDS, &st), "ran on after SIGTERM");
        if (WIFSIGNALED(st) && wait < 8)
            continue;
        char *err = slurp(f.err);
        cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
        cr_expect(strstr(err, "cannot write the cover to standard output: No space left on "
                              "device"), "%s", err);
        cr_expect_eq(count_lines(err), 1, "%s", err);
        free(err);
        break;
    }
    files_remove(&f);
}
