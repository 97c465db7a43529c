/* t24hs_params.h - the cover run's parameters (hs_params' plain fields), declared once.
 *
 * One row per parameter, in hs_params' order; t24hs.c generates from the rows the
 * defaults (hs_params_init), the range check (hs_params_check), the plain copies into
 * the driver (to_mincover) and a compile-time check that each row names a field of
 * hs_params of its type. tests/check_params.py reads the rows as text and checks them
 * against hs_params' fields and order in t24hs.h, the parameter table of
 * docs/library.md, the option rows of docs/cli.md and each command's --help;
 * tests/test_params.c sets each row's field just out of its range and expects the
 * check's message "NAME = VALUE; must be MUST". hs_params itself stays written by hand
 * in t24hs.h (its comments are the library's documentation; its layout is the ABI).
 *
 * The columns:
 *   name     the hs_params field (and the driver's, where copy is COPY)
 *   type     its C type, as t24hs.h declares it
 *   kind     how its range is checked: RANGE (low <= value <= high, as a number; NaN
 *            fails), ENUM (the same on the value as an int, as a bad enum prints),
 *            SECONDS, OPTIONAL_SECONDS, WORK (core/budget.h's checks, the one home of a
 *            limit's range: low and high repeat it for the reader and the tests), or
 *            ANY (every value of the type is valid)
 *   copy     COPY: to_mincover() copies it as it is; OWN: to_mincover() converts it
 *   def      hs_params_init()'s default
 *   low/high its range (kinds RANGE and ENUM check it)
 *   option   the command-line option that sets it, or NULL
 *   clidef   the default the command line shows in its help and docs/cli.md (it may
 *            differ from the library's: --threads is also the evaluation's), or NULL
 *            where the help words it otherwise
 *   must     the words after "must be" in the check's message (and docs/library.md)
 *
 * Adding a parameter: the field at the end of hs_params (the ABI keeps the order), one
 * row here at the same place, and its use in the driver (docs/library.md, "Parameters").
 * The private header of t24hs.c and the tests, not installed. */
#ifndef T24_HITSET_T24HS_PARAMS_H
#define T24_HITSET_T24HS_PARAMS_H

/* clang-format off */
#define T24HS_PARAMS(X) \
  X(work,         uint64_t,  WORK,             OWN,  0,              0,              BUDGET_MAX_WORK,    "--work",         NULL,  "0 (none) or a number of work units up to 1e15") \
  X(time_limit,   double,    SECONDS,          OWN,  60,             0,              BUDGET_MAX_SECONDS, "--time-limit",   "60",  "a number of seconds in (0, 1e9]") \
  X(deadline,     double,    RANGE,            OWN,  0,              0,              INFINITY,           NULL,             NULL,  "0 (none) or an hs_clock() time") \
  X(local_search, double,    OPTIONAL_SECONDS, OWN,  -1,             -INFINITY,      BUDGET_MAX_SECONDS, "--local-search", NULL,  "< 0 (the default share), 0 (none) or seconds up to 1e9") \
  X(ls_steps,     uint64_t,  ANY,              COPY, 0,              0,              UINT64_MAX,         "--ls-steps",     "0",   "any number (0: no limit)") \
  X(greedy_runs,  uint32_t,  RANGE,            COPY, 100,            1,              HS_GREEDY_RUNS_MAX, "--greedy-runs",  "100", "1..10000") \
  X(settled_runs, bool,      ANY,              COPY, false,          false,          true,               NULL,             NULL,  "true or false") \
  X(seed,         uint64_t,  ANY,              COPY, 1,              0,              UINT64_MAX,         "--seed",         "1",   "any number") \
  X(reduce,       bool,      ANY,              COPY, true,           false,          true,               "--no-reductions", NULL, "true or false") \
  X(coverage,     bool,      ANY,              COPY, false,          false,          true,               "--coverage",     NULL,  "true or false") \
  X(engine,       hs_engine, ENUM,             OWN,  HS_ENGINE_GLPK, HS_ENGINE_GLPK, HS_ENGINE_T24,      "--solver",       NULL,  "HS_ENGINE_GLPK, HS_ENGINE_CBC or HS_ENGINE_T24") \
  X(lp,           hs_lp,     ENUM,             OWN,  HS_LP_AUTO,     HS_LP_AUTO,     HS_LP_COLGEN,       "--lp",           NULL,  "HS_LP_AUTO, HS_LP_SIMPLEX or HS_LP_COLGEN") \
  X(threads,      int,       RANGE,            COPY, 1,              1,              64,                 "--threads",      "2",   "1..64") \
  X(mem_limit_mb, int,       RANGE,            COPY, 0,              0,              INT_MAX,            NULL,             NULL,  "0 (none) or more") \
  X(kernel,       bool,      ANY,              COPY, false,          false,          true,               NULL,             NULL,  "true or false") \
  X(core_method,  bool,      ANY,              COPY, false,          false,          true,               "--core-method",  NULL,  "true or false")
/* clang-format on */

#endif
