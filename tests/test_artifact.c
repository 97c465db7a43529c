/* test_artifact.c - --out folders are all or nothing (issue 11, items 3 and 4): a
 * commit that cannot finish keeps the older files, and a run killed by SIGINT or SIGTERM
 * removes its temporaries and the folder it created before dying of the signal. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>

#include "cli/artifact.h"
#include "helpers.h"

/* Entries of dir other than . and .. (-1 when dir does not exist). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fputs(text, fp);
    fclose(fp);
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

Test(artifact, a_late_failure_leaves_the_older_files_as_they_were)
{
    /* The case: sweep.json is a folder, sweep.md an older result. */
    char dir[] = "/tmp/t24-artifact-XXXXXX", path[512], args[600];
    cr_assert(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/sweep.json", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/sweep.md", dir);
    write_file(path, "OLD\n");
    snprintf(path, sizeof path, "%s/configs", dir);
    write_file(path, "2 1-4 6\n");
    snprintf(args, sizeof args, "sweep --configs %s/configs --out %s", dir, dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 2);
    cr_assert_eq(count_lines(r.err), 1, "%s", r.err);
    cr_assert(strstr(r.err, "sweep.json"), "%s", r.err);
    run_free(&r);
    snprintf(path, sizeof path, "%s/sweep.md", dir);
    char *md = slurp(path);
    cr_assert_str_eq(md, "OLD\n", "sweep.md was replaced by a failed run");
    free(md);
    cr_assert_eq(entries(dir), 3, "sweep.json, sweep.md, configs and nothing else");
    remove_tree(dir);
}

/* Forks a child that opens a set in dir, writes two files and then kills itself with
 * sig; returns how the child ended. */
static int killed_while_writing(const char *dir, int sig)
{
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        char err[256];
        artifact_set *a = artifact_begin(dir, err, sizeof err);
        FILE *f1 = a ? artifact_open(a, "one.txt") : NULL;
        FILE *f2 = a ? artifact_open(a, "two.txt") : NULL;
        if (!f1 || !f2)
            _exit(3);
        fputs("half", f1);
        fflush(f1);
        fflush(f2);
        raise(sig);
        _exit(4); /* not reached when the signal kills */
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    return st;
}

Test(artifact, a_signal_removes_the_temporaries_and_the_created_folder)
{
    const int sigs[] = { SIGINT, SIGTERM };
    for (int k = 0; k < 2; k++) {
        char base[] = "/tmp/t24-artifact-XXXXXX", dir[600];
        cr_assert(mkdtemp(base));
        snprintf(dir, sizeof dir, "%s/new", base);
        int st = killed_while_writing(dir, sigs[k]);
        cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == sigs[k], "the child dies of the signal");
        cr_assert_eq(entries(dir), -1, "the folder the run created is gone");
        /* An existing folder stays, with what it held, minus the temporaries. */
        cr_assert_eq(mkdir(dir, 0755), 0);
        char keep[700];
        snprintf(keep, sizeof keep, "%s/one.txt", dir);
        write_file(keep, "mine\n");
        st = killed_while_writing(dir, sigs[k]);
        cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == sigs[k]);
        cr_assert_eq(entries(dir), 1, "only the older one.txt is left");
        char *text = slurp(keep);
        cr_assert_str_eq(text, "mine\n");
        free(text);
        remove_tree(base);
    }
}

Test(artifact, an_interrupted_study_leaves_no_folder_behind)
{
    char base[] = "/tmp/t24-artifact-XXXXXX", dir[600];
    cr_assert(mkdtemp(base));
    snprintf(dir, sizeof dir, "%s/out", base);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        /* Several seconds of work: the signal lands in the middle of it. */
        execl(getenv("T24_BIN"), "t24", "study", "--cards", "5", "--deck", "1-13", "--threads",
              "1", "--out", dir, (char *)NULL);
        _exit(127);
    }
    struct timespec pause = { 0, 20 * 1000 * 1000 };
    for (int i = 0; i < 500 && entries(dir) < 0; i++) /* wait for the folder */
        nanosleep(&pause, NULL);
    cr_assert_geq(entries(dir), 0, "the run creates its folder first");
    nanosleep(&pause, NULL);
    kill(pid, SIGTERM);
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    /* A study asks to stop at the first SIGTERM (issue 49): stopped in its enumeration
     * it says so and exits 2 with nothing written; dying by the signal (a second one)
     * removes as much. Either way no folder is left. */
    cr_assert((WIFEXITED(st) && WEXITSTATUS(st) == 2) ||
                  (WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM),
              "status %d", st);
    cr_assert_eq(entries(dir), -1, "the empty folder is removed");
    remove_tree(base);
}

Test(artifact, a_failed_run_removes_the_folder_it_created_and_only_that)
{
    char base[] = "/tmp/t24-artifact-XXXXXX", dir[600], err[256];
    cr_assert(mkdtemp(base));
    snprintf(dir, sizeof dir, "%s/new", base);
    artifact_set *a = artifact_begin(dir, err, sizeof err);
    cr_assert(a, "%s", err);
    FILE *fp = artifact_open(a, "x.txt");
    cr_assert(fp);
    fputs("half", fp);
    artifact_abort(a);
    cr_assert_eq(entries(dir), -1, "the new folder is removed with its temporaries");
    /* An existing folder is kept, empty or not. */
    a = artifact_begin(base, err, sizeof err);
    cr_assert(a, "%s", err);
    cr_assert(artifact_open(a, "y.txt"));
    artifact_abort(a);
    cr_assert_eq(entries(base), 0, "no temporaries");
    cr_assert_eq(rmdir(base), 0, "the folder that existed before is still there");
}

/* A name marked with artifact_remove() goes with the commit, and only then; a file the
 * set writes is kept whatever was marked; a commit that fails puts the marked file back
 * (issue 49: a study's --out kept an older run's certificates beside a new instance). */
Test(artifact, a_marked_file_goes_with_the_commit_and_only_with_it)
{
    char dir[] = "/tmp/t24-artifact-XXXXXX", path[512], err[256];
    cr_assert(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/old.cert", dir);
    write_file(path, "OLD\n");
    snprintf(path, sizeof path, "%s/kept.txt", dir);
    write_file(path, "KEPT\n");
    artifact_set *a = artifact_begin(dir, err, sizeof err);
    cr_assert(a, "%s", err);
    FILE *fp = artifact_open(a, "new.txt");
    cr_assert(fp);
    fputs("NEW\n", fp);
    cr_assert_eq(artifact_remove(a, "old.cert"), 0);
    cr_assert_eq(artifact_remove(a, "new.txt"), 0, "a no-op: the set writes it");
    cr_assert_eq(artifact_remove(a, "absent.txt"), 0);
    snprintf(path, sizeof path, "%s/old.cert", dir);
    cr_assert_eq(access(path, F_OK), 0, "removed before the commit");
    cr_assert_eq(artifact_commit(a, err, sizeof err), 0, "%s", err);
    cr_assert_neq(access(path, F_OK), 0, "old.cert outlived the commit");
    snprintf(path, sizeof path, "%s/new.txt", dir);
    char *text = slurp(path);
    cr_assert_str_eq(text, "NEW\n");
    free(text);
    cr_assert_eq(entries(dir), 2, "new.txt and kept.txt, no temporary, no backup");

    /* A commit that fails (its target is a folder) keeps the marked file. */
    snprintf(path, sizeof path, "%s/old.cert", dir);
    write_file(path, "OLD\n");
    snprintf(path, sizeof path, "%s/blocked", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    a = artifact_begin(dir, err, sizeof err);
    cr_assert(a, "%s", err);
    cr_assert(artifact_open(a, "blocked"));
    cr_assert_eq(artifact_remove(a, "old.cert"), 0);
    cr_assert_eq(artifact_commit(a, err, sizeof err), -1);
    snprintf(path, sizeof path, "%s/old.cert", dir);
    text = slurp(path);
    cr_assert_str_eq(text, "OLD\n", "a failed commit removed the marked file");
    free(text);
    cr_assert_eq(entries(dir), 4, "new.txt, kept.txt, old.cert, blocked");
    remove_tree(dir);
}

/* t24 study --out into a folder of an earlier run: the certificates, coverage and lists
 * that this run does not write are gone after it, so no certificate of another instance
 * sits beside hitting_set.hgr; a file the study never writes stays (issue 49). */
Test(artifact, a_study_into_a_used_folder_leaves_no_file_of_the_older_run)
{
    char dir[] = "/tmp/t24-artifact-XXXXXX", path[512], args[700];
    cr_assert(mkdtemp(dir));
    snprintf(args, sizeof args, "study --cards 4 --deck 1-6 --lp-certificate --coverage "
             "--out %s", dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    const char *gone[] = { "certificate.txt", "lp-certificate.txt", "coverage.csv" };
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, gone[i]);
        cr_assert_eq(access(path, F_OK), 0, "the first run wrote no %s", gone[i]);
    }
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_file(path, "mine\n");
    snprintf(args, sizeof args, "study --cards 4 --deck 1-5 --solver glpk --out %s", dir);
    r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, gone[i]);
        cr_assert_neq(access(path, F_OK), 0, "%s of deck 1-6 is left beside deck 1-5",
                      gone[i]);
    }
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    cr_assert_eq(access(path, F_OK), 0, "a file the study does not own was removed");
    snprintf(path, sizeof path, "%s/hitting_set.hgr", dir);
    cr_assert_eq(access(path, F_OK), 0);
    remove_tree(dir);
}
