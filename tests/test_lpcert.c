/* test_lpcert.c - the LP bound's one-leaf certificate (t24hs.h, hs_lp_certificate();
 * src/hitset/proof/certify_leaf.c), against oracles that share none of its code:
 *  - the bound never exceeds the optimum found by trying every element set;
 *  - the test sums the written multipliers again itself, in 128-bit integers, and finds
 *    the bound the file states (the largest K with D L(y) > (K - 1) D);
 *  - t24-check, the independent checker, verifies every certificate written, and
 *    refuses the same file claiming the brute-force optimum plus one;
 *  - where column generation says it reached the LP optimum, the bound is the ceiling of
 *    GLPK's simplex on the whole LP (another method on the same model). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cover_lpcert.h"
#include "helpers.h"
#include "hitset/mip/ilp.h"
#include "hitset/t24hs.h"
#include "mincover_helpers.h"

/* The certificate hs_lp_certificate() writes for h, as text (malloc'd), and its report. */
static char *certify(const instance *h, hs_lp_certificate_report *r)
{
    hs_lp_certificate_params p;
    hs_lp_certificate_params_init(&p);
    p.seconds = 10;
    p.comment = "a test\nwith a line break";
    FILE *f = tmpfile();
    char err[256];
    cr_assert(f);
    cr_assert_eq(hs_lp_certificate(h, &p, f, r, err, sizeof err), 0, "%s", err);
    long n = ftell(f);
    char *text = malloc((size_t)n + 1);
    rewind(f);
    cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* The bound the file's own multipliers prove, summed here: per set v_s / D, L D =
 * sum_s v_s - sum_e max(0, sum_{s ∋ e} v_s - D); K the largest with L D > (K - 1) D. */
static uint32_t resum(const instance *h, const char *text, uint32_t *stated)
{
    unsigned long long d = 0;
    const char *b = strstr(text, "\nbound ");
    cr_assert(b && sscanf(b, "\nbound %u", stated) == 1);
    const char *dl = strstr(text, "\ndenominator ");
    cr_assert(dl && sscanf(dl, "\ndenominator %llu", &d) == 1 && d > 0);
    const char *leaf = strstr(text, "\nleaf y");
    cr_assert(leaf, "no one-leaf tree in:\n%s", text);
    unsigned long long *v = calloc(instance_nsets(h) + 1, sizeof *v);
    const char *p = leaf + strlen("\nleaf y");
    unsigned s;
    unsigned long long val;
    int used;
    while (sscanf(p, " %u:%llu%n", &s, &val, &used) == 2) {
        cr_assert(s >= 1 && s <= instance_nsets(h) && v[s - 1] == 0 && val <= d);
        v[s - 1] = val;
        p += used;
    }
    cr_assert(strncmp(p, "\nend\n", 5) == 0, "the leaf is not followed by end: %.20s", p);
    __int128 ld = 0;
    for (uint32_t i = 0; i < instance_nsets(h); i++)
        ld += v[i];
    for (uint32_t e = 0; e < instance_nelems(h); e++) {
        __int128 a = 0;
        uint32_t len;
        const uint32_t *sets = instance_elem(h, e, &len);
        for (uint32_t i = 0; i < len; i++)
            a += v[sets[i]];
        if (a > (__int128)d)
            ld -= a - (__int128)d;
    }
    free(v);
    uint32_t k = 0;
    while (ld > (__int128)k * (__int128)d) /* K - 1 = k passes while L D > k D */
        k++;
    return k;
}

/* t24-check's verdict on the certificate text for h. */
static run_result check(const instance *h, const char *text)
{
    char dir[] = "/tmp/t24-lpcert-XXXXXX", inst[64], cert[64];
    cr_assert(mkdtemp(dir));
    snprintf(inst, sizeof inst, "%s/i.hgr", dir);
    snprintf(cert, sizeof cert, "%s/c.cert", dir);
    FILE *f = fopen(inst, "w");
    cr_assert(f && hs_instance_write_pace(f, h, NULL) == 0 && fclose(f) == 0);
    f = fopen(cert, "w");
    cr_assert(f && fputs(text, f) >= 0 && fclose(f) == 0);
    const char *bin = getenv("T24_CHECK_BIN");
    cr_assert(bin, "T24_CHECK_BIN must name the t24-check binary");
    const char *argv[] = { inst, cert, NULL };
    run_result r = run_program_argv(bin, argv, NULL, 0);
    unlink(inst);
    unlink(cert);
    rmdir(dir);
    return r;
}

/* The same file claiming opt + 1, a bound brute force knows to be false: t24-check must
 * refuse it (exit 1), whatever the multipliers. */
static void refuse_false_bound(const instance *h, const char *text, uint32_t opt, int t)
{
    const char *b = strstr(text, "\nbound ");
    cr_assert(b);
    const char *end = strchr(b + 1, '\n');
    size_t head = (size_t)(b - text), size = strlen(text) + 32;
    char *forged = malloc(size);
    snprintf(forged, size, "%.*s\nbound %u%s", (int)head, text, opt + 1, end);
    run_result v = check(h, forged);
    cr_assert_eq(v.status, 1, "instance %d: t24-check accepted the false bound %u: %s", t,
                 opt + 1, v.out);
    free(v.out);
    free(v.err);
    free(forged);
}

Test(lpcert, random_instances_against_brute_force_and_the_checker, .timeout = 300)
{
    uint64_t state = 0x51ed2701u;
    uint32_t reached = 0, above_one = 0;
    for (int t = 0; t < 120; t++) {
        uint32_t ne = 3 + (uint32_t)(test_random(&state) % 12);
        uint32_t ns = 1 + (uint32_t)(test_random(&state) % 30);
        instance *h = random_instance(ne, ns, 1 + (uint32_t)(test_random(&state) % 5), &state);
        hs_lp_certificate_report r;
        char *text = certify(h, &r);
        uint32_t stated, opt = brute_optimum(h);
        cr_assert_eq(resum(h, text, &stated), stated, "instance %d: the file's sum", t);
        cr_assert_eq(stated, r.bound);
        cr_assert_leq(r.bound, opt, "instance %d: bound %u above the optimum %u", t, r.bound,
                      opt);
        cr_assert_eq(strstr(text, "with a line break") - strstr(text, "c a test"), 9,
                     "the comment's line break must not start a line");
        run_result v = check(h, text);
        cr_assert_eq(v.status, 0, "instance %d: t24-check: %s%s", t, v.out, v.err);
        refuse_false_bound(h, text, opt, t);
        char want[64];
        snprintf(want, sizeof want, "lower bound %u verified", r.bound);
        cr_assert(strstr(v.out, want), "instance %d: t24-check says %s", t, v.out);
        if (r.lp_reached) {
            double lp;
            char err[256];
            ilp_params q;
            ilp_params_init(&q);
            cr_assert_eq(ilp_lp_bound(h, &q, &lp, err, sizeof err), 0, "%s", err);
            cr_assert_eq(r.bound, (uint32_t)ceil(lp - 1e-6), "instance %d: LP %g", t, lp);
            reached++;
        }
        above_one += r.bound > 1;
        free(v.out);
        free(v.err);
        free(text);
        instance_free(h);
    }
    /* Else the test would check only trivial bounds, or never the LP's. */
    cr_assert_gt(reached, 100);
    cr_assert_gt(above_one, 30);
}

Test(lpcert, bad_arguments_are_refused)
{
    uint64_t state = 7;
    instance *h = random_instance(5, 4, 3, &state);
    hs_lp_certificate_params p;
    hs_lp_certificate_report r;
    char err[256];
    hs_lp_certificate_params_init(&p);
    cr_assert_eq(hs_lp_certificate(h, &p, NULL, &r, err, sizeof err), -1);
    cr_assert_eq(hs_error_code(err), HS_EUSAGE, "%s", err);
    p.seconds = 0;
    FILE *f = tmpfile();
    cr_assert_eq(hs_lp_certificate(h, &p, f, &r, err, sizeof err), -1);
    cr_assert(strstr(err, "seconds = 0"), "%s", err);
    cr_assert_eq(ftell(f), 0, "nothing written for a refused call");
    fclose(f);
    instance_free(h);
}

/* The binaries (T24_BIN, T24_CHECK_BIN), a new folder dir (a mkdtemp() template) and
 * the certificate's path in it, for the tests that run the commands. */
static void cli_setup(const char **bin, const char **check_bin, char *dir, char *cert,
                      size_t size)
{
    *bin = getenv("T24_BIN");
    *check_bin = getenv("T24_CHECK_BIN");
    cr_assert(*bin && *check_bin, "T24_BIN and T24_CHECK_BIN must name the binaries");
    cr_assert(mkdtemp(dir));
    snprintf(cert, size, "%s/lp.cert", dir);
}

/* NULL parameters are the defaults, as for every call of the library (t24hs.h, "NULL
 * pointers"; issue 49): the same bound as with the defaults set by hand, and _init(NULL)
 * does nothing. */
Test(lpcert, null_parameters_mean_the_defaults)
{
    uint64_t state = 11;
    instance *h = random_instance(12, 9, 4, &state);
    hs_lp_certificate_params p;
    hs_lp_certificate_report r, d;
    char err[256] = "";
    hs_lp_certificate_params_init(NULL);
    hs_lp_certificate_params_init(&p);
    FILE *f = tmpfile(), *g = tmpfile();
    cr_assert(f && g);
    cr_assert_eq(hs_lp_certificate(h, NULL, f, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(hs_lp_certificate(h, &p, g, &d, err, sizeof err), 0, "%s", err);
    cr_assert(r.lp_reached && d.lp_reached, "12 elements: the LP is reached in 60 s");
    cr_assert_eq(r.bound, d.bound);
    cr_assert_gt(ftell(f), 0);
    fclose(f);
    fclose(g);
    instance_free(h);
}

/* GLPK failing (its memory limit, from 1 MB up) is a failed call, after some rounds too:
 * -1 with HS_ESOLVER and nothing written, never 0 with a bound the LP did not reach
 * (issue 49: 7 MB to 12 MB on this instance returned 0 after 1 to 3 rounds). A call that
 * returns 0 reached the LP, or spent its time. */
Test(lpcert, glpk_failing_is_a_failed_call, .timeout = 300)
{
    char err[512];
    FILE *in = fopen(T24_SOURCE_DIR "/data/instances/cards5_deck1-13_target24_all.hgr", "r");
    cr_assert(in);
    hs_instance *h = hs_instance_read_pace(in, err, sizeof err);
    cr_assert(h, "%s", err);
    fclose(in);
    int failed = 0;
    for (int mb = 1; mb <= 16; mb++) {
        hs_lp_certificate_params p;
        hs_lp_certificate_report r;
        hs_lp_certificate_params_init(&p);
        p.mem_limit_mb = mb;
        p.seconds = 120;
        FILE *f = tmpfile();
        cr_assert(f);
        err[0] = '\0';
        int rc = hs_lp_certificate(h, &p, f, &r, err, sizeof err);
        if (rc == 0) {
            cr_assert(r.lp_reached || r.seconds >= p.seconds,
                      "%d MB: 0 after %u rounds, LP not reached, %.1f s of %g (%s)", mb,
                      r.rounds, r.seconds, p.seconds, err);
        } else {
            failed++;
            cr_assert_eq(hs_error_code(err), HS_ESOLVER, "%d MB: %s", mb, err);
            cr_assert_eq(ftell(f), 0, "%d MB: written after a failure", mb);
        }
        fclose(f);
    }
    cr_assert_gt(failed, 0, "no memory limit made GLPK fail: the test tests nothing");
    hs_instance_free(h);
}

/* What "proves nothing" means (issue 49): stopped before the LP with a bound no above the
 * trivial one (1 with a set, 0 without), the bound t24-check calls trivial. */
Test(lpcert, a_certificate_proves_nothing_at_the_trivial_bound_before_the_lp)
{
    hs_lp_certificate_report r = { 0 };
    cr_assert(cover_lpcert_proves_nothing(&r, 5), "bound 0, stopped");
    r.bound = 1;
    cr_assert(cover_lpcert_proves_nothing(&r, 5), "bound 1, stopped: every cover has 1");
    r.bound = 2;
    cr_assert_not(cover_lpcert_proves_nothing(&r, 5), "bound 2 is something");
    r.bound = 1;
    r.lp_reached = true;
    cr_assert_not(cover_lpcert_proves_nothing(&r, 5), "the LP's own bound, 1");
    r.bound = 0;
    cr_assert_not(cover_lpcert_proves_nothing(&r, 0), "no set: 0 is the optimum");
}

/* t24 cover --lp-certificate under time limits from 0.05 s up on five cards' deck 1-13
 * (its LP takes seconds): whatever each run reached, a certificate that t24-check calls
 * trivial ("proves nothing") with the LP not reached makes the run exit 3 with a line on
 * stderr, and any other written certificate exits 0 (issue 49: it exited 0 in silence).
 * Verdicts by t24-check, not by t24; no verdict hangs on the machine's speed. */
Test(lpcert, the_cover_command_exits_3_when_its_certificate_proves_nothing, .timeout = 300)
{
    const char *bin, *check_bin;
    char dir[] = "/tmp/t24-lpcert-XXXXXX", cert[64];
    cli_setup(&bin, &check_bin, dir, cert, sizeof cert);
    const char *inst = T24_SOURCE_DIR "/data/instances/cards5_deck1-13_target24_all.hgr";
    const char *limits[] = { "0.05", "0.1", "0.2", "0.4", "30" };
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        unlink(cert);
        const char *argv[] = { "cover", "--json", "--time-limit", limits[i], "--lp-certificate",
                               cert, inst, NULL };
        run_result r = run_program_argv(bin, argv, NULL, 0);
        if (access(cert, F_OK) != 0) { /* none written (no time left for it, or the reading
                                          took it all, as under ASan): said, status 2 */
            cr_assert_eq(r.status, 2, "%s s: no certificate, status %d", limits[i], r.status);
            cr_assert(strstr(r.err, "no LP certificate") ||
                          strstr(r.err, "the time limit ran out while reading"), "%s", r.err);
            run_free(&r);
            continue;
        }
        const char *cargv[] = { inst, cert, NULL };
        run_result v = run_program_argv(check_bin, cargv, NULL, 0);
        cr_assert_eq(v.status, 0, "%s s: %s", limits[i], v.err);
        bool trivial = strstr(v.out, "proves nothing") != NULL;
        bool reached = strstr(r.out, "\"lp_reached\":\ttrue") != NULL;
        cr_assert(reached || strstr(r.out, "\"lp_reached\":\tfalse"), "%s", r.out);
        if (trivial && !reached) {
            cr_assert_eq(r.status, 3, "%s s: status %d for '%s'", limits[i], r.status, v.out);
            cr_assert(strstr(r.err, "t24 cover: the LP certificate in ") &&
                          strstr(r.err, " proves nothing: bound "), "%s", r.err);
            cr_assert(strstr(r.out, "\"cover\""), "the cover is printed all the same");
        } else {
            cr_assert_eq(r.status, 0, "%s s: status %d: %s", limits[i], r.status, r.err);
            cr_assert_not(strstr(r.err, "proves nothing"), "%s", r.err);
        }
        run_free(&r);
        run_free(&v);
    }
    unlink(cert);
    rmdir(dir);
}

/* t24 cover --lp-certificate on a published instance whose optimum (93, bounds.csv) is
 * its LP bound's ceiling: t24-check, given the published cover too, verifies the optimum. */
Test(lpcert, the_cover_command_certifies_a_published_optimum, .timeout = 300)
{
    const char *bin, *check_bin;
    char dir[] = "/tmp/t24-lpcert-XXXXXX", cert[64];
    cli_setup(&bin, &check_bin, dir, cert, sizeof cert);
    const char *inst = T24_SOURCE_DIR "/data/instances/cards4_deck1-10_target24_all.hgr";
    const char *sol = T24_SOURCE_DIR "/data/covers/cards4_deck1-10_target24_all.sol";
    const char *argv[] = { "cover", "--json", "--time-limit", "30", "--lp-certificate", cert,
                           inst, NULL };
    run_result r = run_program_argv(bin, argv, NULL, 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "\"lp_certificate\""), "%s", r.out);
    const char *cargv[] = { inst, sol, cert, NULL };
    run_result v = run_program_argv(check_bin, cargv, NULL, 0);
    cr_assert_eq(v.status, 0, "%s%s", v.out, v.err);
    cr_assert_str_eq(v.out, "optimum 93 verified\n");
    /* Hostile targets: a folder, and an option with another mode; nothing written. */
    const char *bad1[] = { "cover", "--lp-certificate", dir, inst, NULL };
    run_result b1 = run_program_argv(bin, bad1, NULL, 0);
    cr_assert_eq(b1.status, 2, "%s", b1.err);
    cr_assert(strstr(b1.err, "--lp-certificate"), "%s", b1.err);
    unlink(cert);
    const char *bad2[] = { "cover", "--estimate", "--lp-certificate", cert, inst, NULL };
    run_result b2 = run_program_argv(bin, bad2, NULL, 0);
    cr_assert_eq(b2.status, 2, "%s", b2.err);
    cr_assert_eq(access(cert, F_OK), -1, "a refused run wrote %s", cert);
    /* The instance itself, the other certificate, standard input's name, twice. */
    const char *bad3[][8] = {
        { "cover", "--lp-certificate", inst, inst, NULL },
        { "cover", "--lp-certificate", cert, "--certificate", cert, inst, NULL },
        { "cover", "--lp-certificate", "-", inst, NULL },
        { "cover", "--lp-certificate", cert, "--lp-certificate", cert, inst, NULL },
    };
    for (size_t k = 0; k < sizeof bad3 / sizeof bad3[0]; k++) {
        run_result b3 = run_program_argv(bin, bad3[k], NULL, 0);
        cr_assert_eq(b3.status, 2, "case %zu: %s", k, b3.err);
        cr_assert(strstr(b3.err, "--lp-certificate"), "case %zu: %s", k, b3.err);
        cr_assert_eq(access(cert, F_OK), -1, "case %zu wrote %s", k, cert);
        free(b3.out), free(b3.err);
    }
    rmdir(dir);
    free(r.out), free(r.err), free(v.out), free(v.err);
    free(b1.out), free(b1.err), free(b2.out), free(b2.err);
}

/* t24 study --lp-certificate --out DIR: the certificate lands beside the instance it
 * speaks of, which is the published four-card deck 1-10 instance byte for byte, and
 * t24-check verifies the published optimum 93 from it and the study's cover; without
 * --out the option is refused. */
Test(lpcert, the_study_writes_it_beside_its_instance, .timeout = 300)
{
    const char *bin = getenv("T24_BIN"), *check_bin = getenv("T24_CHECK_BIN");
    cr_assert(bin && check_bin, "T24_BIN and T24_CHECK_BIN must name the binaries");
    char dir[] = "/tmp/t24-lpcert-XXXXXX", out[64], hgr[96], sol[96], cert[96];
    cr_assert(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(hgr, sizeof hgr, "%s/hitting_set.hgr", out);
    snprintf(sol, sizeof sol, "%s/hitting_set.sol", out);
    snprintf(cert, sizeof cert, "%s/lp-certificate.txt", out);
    const char *argv[] = { "study", "--deck", "1-10", "--groupings", "all", "--json",
                           "--lp-certificate", "--out", out, NULL };
    run_result r = run_program_argv(bin, argv, NULL, 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "\"lp_certificate\""), "%s", r.out);
    char *mine = slurp(hgr);
    char *published = slurp(T24_SOURCE_DIR "/data/instances/cards4_deck1-10_target24_all.hgr");
    cr_assert(mine && published);
    cr_assert_str_eq(mine, published, "the study's instance is not the published one");
    const char *cargv[] = { hgr, sol, cert, NULL };
    run_result v = run_program_argv(check_bin, cargv, NULL, 0);
    cr_assert_eq(v.status, 0, "%s%s", v.out, v.err);
    cr_assert_str_eq(v.out, "optimum 93 verified\n");
    const char *bad[] = { "study", "--lp-certificate", NULL };
    run_result b = run_program_argv(bin, bad, NULL, 0);
    cr_assert_eq(b.status, 2);
    cr_assert(strstr(b.err, "--out"), "%s", b.err);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
    free(mine), free(published), free(r.out), free(r.err), free(v.out), free(v.err);
    free(b.out), free(b.err);
}
