/* fuzz_check.c - t24-check (src/checker/t24-check.c) on any certificate of three small
 * instances (issue 38). The first byte picks the instance; the rest is the certificate
 * after its `instance` line (`bound K`, `denominator D`, `tree`, the nodes, `end`), so that
 * mutations spend their time on the tree rather than on the checksum, which this target
 * writes itself. The property: a certificate the checker verifies never proves more than
 * the instance's optimum, found here by trying every element set. The checker's file is
 * compiled into this target without its main (T24_CHECK_NO_MAIN); it shares no code with
 * t24, and this target links nothing of t24's into its verdict. Seeds: real certificates
 * of `t24 cover --certificate` for these instances (tests/fuzz/corpus/check/). */
#define _GNU_SOURCE /* memfd_create */
#include <sys/mman.h>
#include <unistd.h>

#define T24_CHECK_NO_MAIN
#include "../../src/checker/t24-check.c"

#include "fuzz.h"

/* {1,2},{2,3},{3,4}; the triangle; the 5-cycle (optimum 3, LP bound 2.5). */
static const char *const instances[] = { "p hs 4 3\n1 2\n2 3\n3 4\n", "p hs 3 3\n1 2\n2 3\n1 3\n",
                                         "p hs 5 5\n1 2\n2 3\n3 4\n4 5\n1 5\n" };
enum { NINST = sizeof instances / sizeof *instances };

/* A file in memory holding text, named by its /proc path in path. */
static int memory_file(const char *text, size_t len, char *path, size_t size)
{
    int fd = memfd_create("check", 0);
    if (fd < 0 || ftruncate(fd, 0) || pwrite(fd, text, len, 0) != (ssize_t)len)
        abort();
    snprintf(path, size, "/proc/self/fd/%d", fd);
    return fd;
}

/* The optimum of instance text by brute force (at most 5 elements, as pairs and triples). */
static unsigned optimum(const char *text)
{
    unsigned n, m, sets[8] = { 0 }, best;
    const char *p = strchr(text, '\n') + 1;
    if (sscanf(text, "p hs %u %u", &n, &m) != 2 || m > 8)
        abort();
    for (unsigned s = 0; s < m; s++, p = strchr(p, '\n') + 1)
        for (const char *q = p; *q != '\n'; q++)
            if (*q >= '1' && *q <= '9')
                sets[s] |= 1u << (*q - '1');
    best = n;
    for (unsigned a = 0; a < 1u << n; a++) {
        unsigned s = 0;
        while (s < m && (sets[s] & a))
            s++;
        if (s == m && (unsigned)__builtin_popcount(a) < best)
            best = (unsigned)__builtin_popcount(a);
    }
    return best;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char inst_path[NINST][64], cert_path[64];
    static unsigned opt[NINST];
    static int cert_fd = -1;
    if (cert_fd < 0) { /* the instances once; one certificate file, rewritten */
        if (!freopen("/dev/null", "w", stdout)) /* the verdicts: their status is enough */
            abort();
        for (int i = 0; i < NINST; i++) {
            memory_file(instances[i], strlen(instances[i]), inst_path[i], sizeof inst_path[i]);
            opt[i] = optimum(instances[i]);
        }
        cert_fd = memory_file("", 0, cert_path, sizeof cert_path);
    }
    if (size < 1)
        return 0;
    int which = data[0] % NINST;
    checker k = { 0 };
    hgr h = { 0 };
    hgr_read(inst_path[which], &h); /* its N, M and checksum for the head */
    char head[128];
    int n = snprintf(head, sizeof head, "t24-certificate 1\ninstance %u %u %016llx\n", h.n, h.m,
                     (ull)hgr_checksum(&h));
    free(h.el), free(h.es), free(h.off), free(h.eoff);
    if (ftruncate(cert_fd, 0) || pwrite(cert_fd, head, (size_t)n, 0) != n ||
        pwrite(cert_fd, data + 1, size - 1, n) != (ssize_t)(size - 1))
        abort();
    int st = check(&k, inst_path[which], NULL, cert_path);
    FUZZ_CHECK(st == 0 || st == 1, "status %d", st);
    FUZZ_CHECK(st != 0 || k.K <= opt[which], "false bound: %llu verified, the optimum is %u",
               (ull)k.K, opt[which]);
    checker_free(&k);
    return 0;
}
