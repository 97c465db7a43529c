/* check.h - invariant checkers run in debug builds (kissat's manner).
 *
 * A checker is a function `const char *x_check(...)` that walks a structure and returns
 * NULL when every invariant of its header holds, otherwise a fixed message naming the
 * first one broken. CHECK(call) runs a checker where the structure is built or changed and,
 * on a message, aborts naming the call, the place and the message: a broken invariant is a
 * bug in t24, never bad input. Builds with NDEBUG (Release) compile CHECK to nothing, so
 * the walks cost nothing there; the ASan test pass builds Debug, so every test runs with
 * them on. The checkers themselves are always compiled: tests call them directly, in both
 * builds, to show that each one notices what it is meant to notice. */
#ifndef T24_CORE_CHECK_H
#define T24_CORE_CHECK_H

void check_failed(const char *call, const char *file, int line, const char *message)
    __attribute__((noreturn));

#ifdef NDEBUG
#define CHECK(call) ((void)0)
#else
#define CHECK(call)                                                                        \
    do {                                                                                   \
        const char *check_message_ = (call);                                               \
        if (check_message_)                                                                \
            check_failed(#call, __FILE__, __LINE__, check_message_);                       \
    } while (0)
#endif

#endif
