/* test_standalone.c - `t24 emit --standalone`: the file compiles outside the build tree
 * with nothing but `cc -std=c99 -Wall -Wextra -Werror -pedantic`, depends on nothing,
 * keeps no state, and on every hand of its deck answers as the exact evaluator does, each
 * printed expression checked by verify.h with the real cards. examples/ builds here too. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/hand.h"
#include "helpers.h"
#include "solve/verify.h"
#include "study/enumeration.h"
#include "emit/standalone.h"

#define CC_STRICT "cc -std=c99 -Wall -Wextra -Werror -pedantic"

/* A fresh folder under /tmp, outside the build tree. */
static void make_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/t24-standalone-XXXXXX");
    cr_assert(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

static int shell(const char *fmt, const char *a, const char *b)
{
    char cmd[2 * PATH_MAX + 512];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    return system(cmd);
}

/* `t24 emit --standalone --name solver` for config into dir/solver.c and dir/solver.h. */
static void emit(const char *dir, const char *config)
{
    char args[2048];
    snprintf(args, sizeof args, "emit --standalone --name solver %s --out '%s/solver.c' "
             "--header '%s/solver.h'", config, dir, dir);
    run_result r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "t24 %s: %s", args, r.err);
    run_free(&r);
}

/* Only standard headers, no symbol from outside (so no allocation, no library call) and
 * no writable data (so no state shared between threads): asked of the object file. */
static void check_self_contained(const char *dir)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/solver.c", dir);
    char *src = slurp(path);
    cr_assert(src);
    int includes = 0;
    for (const char *p = strstr(src, "\n#"); p; p = strstr(p + 1, "\n#")) {
        cr_assert(strncmp(p, "\n#include <stddef.h>\n", 21) == 0 ||
                      strncmp(p, "\n#include <stdint.h>\n", 21) == 0,
                  "a directive that is not a standard include: %.40s", p + 1);
        includes++;
    }
    cr_assert_eq(includes, 2);
    free(src);
    cr_assert_eq(shell("cd '%s' && " CC_STRICT " -O2 -c solver.c -o solver.o && nm solver.o "
                       "> nm.txt", dir, NULL), 0);
    snprintf(path, sizeof path, "%s/nm.txt", dir);
    char *nm = slurp(path);
    cr_assert(nm && strstr(nm, " T solver_solve"), "%s", nm);
    for (const char *line = nm; *line; line = strchr(line, '\n') + 1) {
        const char *kind = line + strcspn(line, " ") + 1;
        cr_assert(!strchr("UdDbBcC", *kind), "an undefined or writable symbol: %.60s", line);
    }
    free(nm);
}

/* Compiles the driver beside the generated files and runs it on every hand; returns its
 * output (malloc'd). */
static char *drive(const char *dir, int n, int64_t lo, int64_t hi)
{
    char src[PATH_MAX], args[128];
    snprintf(src, sizeof src, "%s/tests/standalone/driver.c", getenv("T24_SOURCE_DIR"));
    cr_assert_eq(shell("cp '%s' '%s/driver.c'", src, dir), 0);
    cr_assert_eq(shell("cd '%s' && " CC_STRICT " -o driver driver.c solver.c", dir, NULL), 0,
                 "the standalone file and its driver compile cleanly");
    int digits = snprintf(NULL, 0, "%lld", (long long)hi);
    snprintf(args, sizeof args, "%d %lld %lld %zu", n, (long long)lo, (long long)hi,
             standalone_buffer_size(n, digits));
    cr_assert_eq(shell("cd '%s' && ./driver %s > out.txt", dir, args), 0);
    char out[PATH_MAX + 16];
    snprintf(out, sizeof out, "%s/out.txt", dir);
    char *text = slurp(out);
    cr_assert(text);
    return text;
}

/* Every driver line against the evaluator's answer for its hand, and verify.h. */
static void check_answers(const char *text, const enumeration *st)
{
    const enumeration_params *p = &st->params;
    uint32_t lines = 0, solved = 0;
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        cr_assert(strncmp(line, "FAIL", 4) != 0, "%.120s", line);
        int64_t cards[6], sorted[6];
        char *end;
        const char *q = line;
        for (int i = 0; i < p->ncards; i++, q = end)
            cards[i] = strtoll(q, &end, 10);
        int r = (int)strtol(q, &end, 10);
        memcpy(sorted, cards, sizeof cards);
        for (int i = 1; i < p->ncards; i++) /* the hand set's order: sorted */
            for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
                int64_t t = sorted[j];
                sorted[j] = sorted[j - 1];
                sorted[j - 1] = t;
            }
        uint32_t h = hand_set_find(st->hands, sorted);
        cr_assert_neq(h, UINT32_MAX, "%.60s is not a hand of the deck", line);
        cr_assert_eq(r == 1, st->truly_solvable[h], "%.120s", line);
        if (r == 1) {
            char expr[256];
            cr_assert_eq(sscanf(end, "\t%255[^\n]", expr), 1, "%.120s", line);
            cr_assert_eq(verify_solution(expr, cards, p->ncards, p->target), VERIFY_OK,
                         "%.120s", line);
            solved++;
        }
        lines++;
    }
    cr_assert_eq(lines, hand_set_count(st->hands));
    cr_assert_eq(solved, st->solvable);
}

static void standalone_agrees(int n, int64_t lo, int64_t hi, int64_t target,
                              const char *config)
{
    char dir[64], err[256];
    make_dir(dir, sizeof dir);
    emit(dir, config);
    check_self_contained(dir);
    char *text = drive(dir, n, lo, hi);
    enumeration_params ep;
    enumeration_params_init(&ep);
    ep.ncards = n;
    ep.lo = lo;
    ep.hi = hi;
    ep.target = target;
    ep.groupings = TEMPLATE_ALL; /* solvability is decided over every grouping anyway */
    enumeration st;
    cr_assert_eq(enumeration_run(&st, &ep, err, sizeof err), 0, "%s", err);
    check_answers(text, &st);
    enumeration_free(&st);
    free(text);
    remove_dir(dir);
}

TestSuite(standalone, .timeout = 600);

Test(standalone, the_default_table_decides_every_hand_of_1_to_11)
{
    standalone_agrees(4, 1, 11, 24, "");
}

Test(standalone, the_table_of_deck_1_to_13_decides_every_hand)
{
    standalone_agrees(4, 1, 13, 24, "--deck 1-13");
}

/* The minimum for five cards is not proven in seconds: a short time limit gives some
 * verified cover, and any verified cover makes a valid table. */
Test(standalone, a_five_card_table_of_deck_1_to_10_decides_every_hand)
{
    standalone_agrees(5, 1, 10, 24, "--cards 5 --deck 1-10 --time-limit 1 --greedy-runs 5");
}

/* Zero cards need the divisor guards; three cards, another target. */
Test(standalone, a_deck_with_zero_and_another_target)
{
    standalone_agrees(3, 0, 9, 7, "--cards 3 --deck 0-9 --target 7");
}

/* The comment block as running text: each line break with its " * " becomes a space. */
static void unwrap(char *s)
{
    char *w = s;
    for (const char *r = s; *r;) {
        if (r[0] == '\n' && r[1] == ' ' && r[2] == '*') {
            *w++ = ' ';
            for (r += 3; *r == ' '; r++)
                ;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
}

Test(standalone, the_comment_block_says_what_the_table_is)
{
    char dir[64], path[PATH_MAX + 16];
    make_dir(dir, sizeof dir);
    emit(dir, "--cards 5 --deck 1-6 --time-limit 1 --greedy-runs 5");
    snprintf(path, sizeof path, "%s/solver.c", dir);
    char *src = slurp(path);
    cr_assert(src);
    unwrap(src);
    const char *want[] = { "5 cards from 1 to 6", "--standalone --name solver",
                           "The cover: ", "Mean expressions tried: ", "exceeds ",
                           "int solver_solve(const int *cards, char *buf, size_t size);",
                           "int main(void)", "used, copied, modified and distributed freely" };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(src, want[i]), "missing '%s'", want[i]);
    cr_assert(strstr(src, "proven optimal by GLPK") || strstr(src, "NOT proven minimal"));
    free(src);
    remove_dir(dir);
}

/* examples/solve24.c, built against the default standalone file as a user would. */
Test(standalone, the_example_program_builds_and_solves_3_3_8_8)
{
    char dir[64], src[PATH_MAX];
    make_dir(dir, sizeof dir);
    run_result r;
    char args[512];
    snprintf(args, sizeof args, "emit --standalone --out '%s/t24.c' --header '%s/t24.h'", dir,
             dir);
    r = run_t24(args, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    snprintf(src, sizeof src, "%s/examples/solve24.c", getenv("T24_SOURCE_DIR"));
    cr_assert_eq(shell("cp '%s' '%s/solve24.c'", src, dir), 0);
    cr_assert_eq(shell("cd '%s' && " CC_STRICT " -o solve24 solve24.c t24.c", dir, NULL), 0);
    cr_assert_eq(shell("cd '%s' && ./solve24 3 3 8 8 > out.txt && ./solve24 3 9 4 10 >> out.txt"
                       "; test $? -eq 1 && ./solve24 3 3 8 >> out.txt 2>/dev/null; "
                       "test $? -eq 2 && ./solve24 3 3 8 12 2> err.txt; test $? -eq 2",
                       dir, NULL), 0);
    /* issue 40: a card outside the deck names the deck (the default table's, 1-11) */
    char errpath[PATH_MAX + 16];
    snprintf(errpath, sizeof errpath, "%s/err.txt", dir);
    char *err = slurp(errpath);
    cr_assert_str_eq(err, "solve24: the cards must lie in the table's deck, 1-11\n");
    free(err);
    char out[PATH_MAX + 16];
    snprintf(out, sizeof out, "%s/out.txt", dir);
    char *text = slurp(out);
    cr_assert_str_eq(text, "8/(3-8/3) = 24\nno solution\n");
    free(text);
    remove_dir(dir);
}

Test(standalone, bad_option_combinations_are_refused)
{
    const char *bad[] = { "emit --header x.h", "emit --standalone --header x.h",
                          "emit --standalone --out a/x.c --header b/x.h", "emit --header" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        run_result r = run_t24(bad[i], NULL);
        cr_assert_eq(r.status, 2, "t24 %s", bad[i]);
        cr_assert_eq(count_lines(r.err), 1, "t24 %s: %s", bad[i], r.err);
        cr_assert_str_eq(r.out, "");
        run_free(&r);
    }
}

/* Issue 26: the header had no constants for the table's configuration. A program built
 * against it sizes its arrays with them, checks them in #if, walks every hand of the
 * deck with them and never gets -1 with a buffer of NAME_BUFFER_SIZE bytes. */
static void constants_serve_a_program(const char *config, int cards, int lo, int hi,
                                      const char *target)
{
    char dir[64], path[PATH_MAX + 16], flags[256];
    make_dir(dir, sizeof dir);
    emit(dir, config);
    snprintf(path, sizeof path, "%s/main.c", dir);
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fputs("#include <stdio.h>\n#include \"solver.h\"\n"
          "#if SOLVER_CARDS != WANT_CARDS || SOLVER_DECK_LO != WANT_LO || "
          "SOLVER_DECK_HI != WANT_HI || SOLVER_TARGET != WANT_TARGET\n"
          "#error \"the header's configuration is not the table's\"\n#endif\n"
          "int main(void)\n{\n"
          "    int cards[SOLVER_CARDS], i;\n    char buf[SOLVER_BUFFER_SIZE];\n"
          "    long solved = 0, hands = 0;\n"
          "    for (i = 0; i < SOLVER_CARDS; i++)\n        cards[i] = SOLVER_DECK_LO;\n"
          "    for (;;) {\n"
          "        int r = solver_solve(cards, buf, sizeof buf);\n"
          "        if (r < 0) {\n            printf(\"-1 on a hand of the deck\\n\");\n"
          "            return 1;\n        }\n"
          "        solved += r;\n        hands++;\n"
          "        for (i = 0; i < SOLVER_CARDS && cards[i] == SOLVER_DECK_HI; i++)\n"
          "            cards[i] = SOLVER_DECK_LO;\n"
          "        if (i == SOLVER_CARDS)\n            break;\n"
          "        cards[i]++;\n    }\n"
          "    cards[0] = SOLVER_DECK_HI + 1;\n"
          "    printf(\"%ld %ld %d %lld\\n\", hands, solved, solver_solve(cards, buf, sizeof buf),\n"
          "           (long long)SOLVER_TARGET);\n    return 0;\n}\n", fp);
    cr_assert_eq(fclose(fp), 0);
    snprintf(flags, sizeof flags, "-DWANT_CARDS=%d -DWANT_LO=%d -DWANT_HI=%d -DWANT_TARGET='%s'",
             cards, lo, hi, target);
    cr_assert_eq(shell("cd '%s' && " CC_STRICT " %s -o main main.c solver.c && ./main > out.txt",
                       dir, flags), 0, "a program using the header's constants builds and runs");
    snprintf(path, sizeof path, "%s/out.txt", dir);
    char *text = slurp(path);
    cr_assert(text);
    long hands = 1;
    for (int i = 0; i < cards; i++)
        hands *= hi - lo + 1;
    long got_hands = 0, solved = 0;
    int outside = 0;
    long long got_target = 0;
    cr_assert_eq(sscanf(text, "%ld %ld %d %lld", &got_hands, &solved, &outside, &got_target), 4,
                 "%s", text);
    cr_expect_eq(got_hands, hands);
    cr_expect_gt(solved, 0);
    cr_expect_eq(outside, -1, "a card above SOLVER_DECK_HI is outside the deck");
    cr_expect_eq(got_target, strtoll(target, NULL, 10));
    free(text);
    remove_dir(dir);
}

Test(standalone, the_header_has_the_configuration_as_constants)
{
    constants_serve_a_program("--deck 1-6", 4, 1, 6, "24");
    constants_serve_a_program("--cards 3 --deck 0-12 --target -10", 3, 0, 12, "-10");
}

/* Issue 26 (N9): `emit --header "$PWD/y.h" --out x.c` was refused, the folders compared
 * as text ("." against "$PWD"). Folders are compared as folders now: a relative and an
 * absolute path, "dir/../dir" and a symbolic link to the folder all name the one folder,
 * and the header is written there. A header truly in another folder is still refused:
 * both files are one all-or-nothing set, which lives in one folder. */
Test(standalone, a_header_in_the_folder_of_out_by_another_path_is_accepted)
{
    char dir[64], cwd[PATH_MAX], args[3 * PATH_MAX], path[PATH_MAX + 16];
    make_dir(dir, sizeof dir);
    cr_assert(getcwd(cwd, sizeof cwd));
    cr_assert_eq(chdir(dir), 0);
    cr_assert_eq(shell("mkdir '%s/real' && ln -s real '%s/link'", dir, dir), 0);
    const char *base = strrchr(dir, '/') + 1;
    struct { const char *out, *header, *written; } ok[] = {
        { "x.c", "%s/y.h", "y.h" },                 /* the issue's case: $PWD/y.h */
        { "%s/real/x.c", "link/y.h", "real/y.h" },  /* a symbolic link to the folder */
        { "real/x.c", "%s/../%s/real/z.h", "real/z.h" },
        { "new/x.c", "./new/y.h", "new/y.h" },      /* a folder --out creates */
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char out[PATH_MAX], header[PATH_MAX];
        snprintf(out, sizeof out, ok[i].out, dir);
        if (i == 2)
            snprintf(header, sizeof header, ok[i].header, dir, base);
        else
            snprintf(header, sizeof header, ok[i].header, dir);
        snprintf(args, sizeof args, "emit --deck 1-6 --standalone --out '%s' --header '%s'",
                 out, header);
        run_result r = run_t24(args, NULL);
        cr_expect_eq(r.status, 0, "t24 %s: %s", args, r.err);
        snprintf(path, sizeof path, "%s/%s", dir, ok[i].written);
        cr_expect_eq(access(path, F_OK), 0, "t24 %s did not write %s", args, path);
        run_free(&r);
    }
    const char *refused[][2] = { { "x.c", "real/y.h" }, { "real/x.c", "y.h" },
                                 { "x.c", "/tmp/y.h" }, { "a/x.c", "b/y.h" },
                                 { "x.c", "%s/x.c" } }; /* the --out file itself */
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char header[PATH_MAX];
        snprintf(header, sizeof header, refused[i][1], dir);
        snprintf(args, sizeof args, "emit --deck 1-6 --standalone --out '%s' --header '%s'",
                 refused[i][0], header);
        run_result r = run_t24(args, NULL);
        cr_expect_eq(r.status, 2, "t24 %s", args);
        cr_expect_eq(count_lines(r.err), 1, "t24 %s: %s", args, r.err);
        cr_expect(strstr(r.err, header), "t24 %s: %s", args, r.err);
        run_free(&r);
    }
    cr_assert_eq(chdir(cwd), 0);
    remove_dir(dir);
}

/* Issue 22: the generated solver_solve() crashed on NULL cards, or on a NULL buffer with
 * a size above zero. Both are refused (-1) as its header now says; a NULL buffer of size
 * zero is a legal "does it fit" probe. */
Test(standalone, null_arguments_are_refused_not_followed)
{
    char dir[64], path[PATH_MAX + 16];
    make_dir(dir, sizeof dir);
    emit(dir, "--deck 1-6");
    snprintf(path, sizeof path, "%s/main.c", dir);
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fputs("#include <stdio.h>\n#include \"solver.h\"\n"
          "int main(void)\n{\n    int cards[4] = { 3, 3, 6, 6 };\n    char buf[64];\n"
          "    int a = solver_solve(NULL, buf, sizeof buf);\n"
          "    int b = solver_solve(cards, NULL, 10);\n"
          "    int c = solver_solve(cards, NULL, 0);\n"
          "    int d = solver_solve(cards, buf, sizeof buf);\n"
          "    printf(\"%d %d %d %d %s\\n\", a, b, c, d, buf);\n    return 0;\n}\n", fp);
    cr_assert_eq(fclose(fp), 0);
    cr_assert_eq(shell("cd '%s' && " CC_STRICT " -fsanitize=address,undefined -o main main.c "
                       "solver.c && ./main > out.txt", dir, NULL), 0);
    snprintf(path, sizeof path, "%s/out.txt", dir);
    char *text = slurp(path);
    cr_assert(text);
    cr_expect(strncmp(text, "-1 -1 -1 1 ", 11) == 0, "%s", text);
    free(text);
    remove_dir(dir);
}
