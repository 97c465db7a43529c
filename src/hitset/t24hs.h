/* t24hs.h - libt24hs, t24's minimum hitting-set engine as a library: the one header a
 * program outside t24 includes (`pkg-config --cflags --libs t24hs`), and the one hitset/
 * header t24's own study, commands and benchmarks include (tests/check_layers.sh).
 *
 * An instance is a universe of elements 0..n-1 and a list of sets of them; a cover (a
 * hitting set) is a set of elements meeting every set, every element of unit cost. A
 * cover run finds a small cover and a proven lower bound on the smallest: necessary
 * elements, a packing of disjoint sets and the LP relaxation bound it from below; greedy,
 * reductions, a local search and an exact search (GLPK's branch and bound, or COIN-OR
 * CBC's when it is installed) bound it from above, under a time limit. Its report says
 * what each phase found. Every cover it reports has been checked against every set.
 * docs/hitting-sets.md describes the method, docs/library.md the library.
 *
 * Conventions. Every function returning int returns 0 on success and -1 on failure with
 * a one-line reason in err (errsize bytes, always NUL-terminated; hs_error_code() gives
 * its cause as a number); a bad parameter is a failure naming the field and its value,
 * never an abort. Objects are opaque handles or structs of plain fields, each with a
 * _free that accepts NULL (and a zeroed struct).
 * Strings in results are static text. NULL pointers: a NULL parameter struct means the
 * defaults (and an _init of NULL does nothing); a NULL instance, folder, stream or output
 * is refused with -1 and "no WHAT given" in err ("no report given"; the writers return
 * -1), except hs_cubes_*'s report, which is optional; the getters answer for NULL as for
 * nothing (0, NULL with *len 0, false, -1); err may be NULL only when errsize is 0.
 * The library keeps no global state of its own:
 * GLPK runs on threads the library starts (its environment is per thread), so it
 * neither touches the caller's GLPK objects, hooks, terminal output or memory limit,
 * and two runs on two threads do not meet. Only hs_ names are exported. */
#ifndef T24HS_H
#define T24HS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define HS_API __attribute__((visibility("default")))
#else
#define HS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, e.g. "0.4.0" (t24's). */
HS_API const char *hs_version(void);
/* Seconds on the monotonic clock every time limit and hs_params.deadline are read on;
 * only differences between two calls mean anything. */
HS_API double hs_clock(void);

/* The cause of a failure, as a number that stays: the values never change and new ones
 * come at the end (docs/library.md describes each). hs_error_code() gives the code of
 * the message a call that returned -1 wrote in err (HS_EUNKNOWN for NULL or "", or a
 * message cut too short to tell); hs_error_name() its symbol, "HS_ENOMEM". */
typedef enum {
    HS_OK = 0,     /* no failure (never a failed call's code) */
    HS_EUSAGE,     /* an argument breaks the contract: NULL, a parameter out of range */
    HS_EINPUT,     /* an instance or a cube folder the library cannot take */
    HS_ENOMEM,     /* memory ran out */
    HS_ETIME,      /* the time or work limit (or cancelled) ended a step with nothing to return */
    HS_EIO,        /* a file or folder could not be read, written, created or renamed */
    HS_ESOLVER,    /* GLPK or CBC failed, is missing, or its thread did not run */
    HS_ECHECK,     /* the certificate checker refused a merge's proof */
    HS_EINTERNAL,  /* a bug of the library's: please report it */
    HS_EUNKNOWN    /* no message, or one of no known form */
} hs_errcode;
HS_API hs_errcode hs_error_code(const char *err);
HS_API const char *hs_error_name(hs_errcode code);

/* ---- instances ---- */

typedef struct hs_instance hs_instance;

/* An instance of nelems elements and nsets sets: set s holds elems[offsets[s]] ..
 * elems[offsets[s + 1] - 1] (offsets has nsets + 1 entries, offsets[0] = 0, never
 * decreasing), elements in any order, repeats allowed. Copies what it needs. Returns NULL
 * with err set when the offsets break those rules (naming them: "offsets[2] = 1 is below
 * offsets[1] = 3"), an element is out of range, a set is empty (no cover exists) or
 * memory runs out. */
HS_API hs_instance *hs_instance_new(uint32_t nelems, uint32_t nsets, const uint64_t *offsets,
                                    const uint32_t *elems, char *err, size_t errsize);
/* Reads a PACE 2025 hitting-set file ("p hs N M", then one set a line, elements 1..N,
 * "c" comment lines). Returns NULL with err naming the line when it is not one. At
 * most 2^24 elements. */
HS_API hs_instance *hs_instance_read_pace(FILE *fp, char *err, size_t errsize);
/* The same, giving up when hs_clock() passes deadline (0: never), checked every few
 * thousand lines: err then says "the time limit ran out while reading, at line N". A
 * read that blocks (waiting on a pipe) is not interrupted. */
HS_API hs_instance *hs_instance_read_pace_until(FILE *fp, double deadline, char *err,
                                                size_t errsize);
/* Writers: element e and set s are numbered e+1 and s+1; comment (or NULL) goes first,
 * as the format's comment. Each returns 0, or -1 when fp reports an error.
 * _pace: the PACE format above; _mathprog: MathProg data for models/hitting_set.mod
 * (param n, set H of the sets, set S[h] of each set's elements); _lp: CPLEX LP, the sum
 * of binaries x<e+1> minimised under one row h<s+1> per set. */
HS_API int hs_instance_write_pace(FILE *fp, const hs_instance *h, const char *comment);
HS_API int hs_instance_write_mathprog(FILE *fp, const hs_instance *h, const char *comment);
HS_API int hs_instance_write_lp(FILE *fp, const hs_instance *h, const char *comment);
HS_API void hs_instance_free(hs_instance *h);
HS_API uint32_t hs_instance_nelems(const hs_instance *h);
HS_API uint32_t hs_instance_nsets(const hs_instance *h);
/* Incidences: the sets' sizes summed. */
HS_API uint64_t hs_instance_nnz(const hs_instance *h);
/* The elements of set s < nsets (ascending, distinct, at least one), or the sets holding
 * element e < nelems (ascending, possibly none); *len gets their number. The array is
 * h's, valid until hs_instance_free(h). Out of range: NULL and *len 0. */
HS_API const uint32_t *hs_instance_set(const hs_instance *h, uint32_t s, uint32_t *len);
HS_API const uint32_t *hs_instance_elem(const hs_instance *h, uint32_t e, uint32_t *len);
/* Do the n elements (0-based) meet every set? */
HS_API bool hs_instance_is_cover(const hs_instance *h, const uint32_t *elems, uint32_t n);
/* Writes a cover as a PACE solution: its size, then one element a line, 1-based, in the
 * order given. 0, or -1 when fp reports an error. */
HS_API int hs_cover_write_pace(FILE *fp, const uint32_t *elems, uint32_t n);

/* ---- engines, LP methods and lower bounds: their names and words ---- */

/* GLPK's branch and bound, CBC's branch and cut (when installed), or t24's certifying
 * branch and bound on GLPK's simplex, the one engine that can write a certificate of what
 * it proves (hs_params.certificate; docs/certificates.md). */
typedef enum { HS_ENGINE_GLPK, HS_ENGINE_CBC, HS_ENGINE_T24 } hs_engine;
typedef enum { HS_LP_AUTO, HS_LP_SIMPLEX, HS_LP_COLGEN } hs_lp;

typedef struct {
    const char *name;   /* "glpk", "cbc", "t24": t24's --solver value and JSON engine */
    const char *label;  /* in prose: "GLPK", "CBC", "t24" */
    const char *method; /* what proves an optimum: "GLPK's branch and bound" */
    const char *failed; /* hs_report.search of a failed search: "glpk_failed" */
    bool can_certify;   /* writes a certificate of what it proves (t24's alone) */
} hs_engine_info;

/* An engine's row of the table of engines; a value hs_engine does not have gets no row:
 * every field NULL, can_certify false. */
HS_API hs_engine_info hs_engine_about(hs_engine e);
/* The engine's library version as it runs ("5.0", "2.10.12"; "unavailable" for a CBC
 * that cannot be loaded) into buf (size bytes, cut there). Asked on a thread of the
 * library's, as GLPK keeps its answer in an environment it would otherwise start on
 * the calling thread. 0, or -1 with buf "" when no thread can be started or e is a value
 * hs_engine does not have. */
HS_API int hs_engine_version(hs_engine e, char *buf, size_t size);
/* A name ("glpk", "cbc", "t24") into *out: 0, or -1 (out untouched) for anything else. */
HS_API int hs_engine_parse(const char *name, hs_engine *out);
/* "auto", "simplex", "colgen"; hs_lp_parse() is the inverse, as hs_engine_parse(). */
HS_API const char *hs_lp_name(hs_lp m);
HS_API int hs_lp_parse(const char *name, hs_lp *out);

/* A row of the table of lower bounds, in the order of proof (cheapest first): a run
 * credits its optimum to the first row whose value equals it. */
typedef struct {
    const char *name;  /* hs_report.proven_by: "necessary", "packing", "lp_bound" */
    const char *words; /* a report's verdict: "disjoint sets (the packing bound)", in
                          the words of sets and elements (a program says its own) */
    const char *brief; /* shorter, as in a table's header: "the packing bound" */
    bool on_core;      /* computed on the reduced core within the searches' time (so it
                          may be missing), not on the whole instance before greedy */
    bool can_certify;  /* hands over a certificate of its value (none does yet) */
} hs_bound_info;

HS_API size_t hs_bound_count(void);
/* Row i < hs_bound_count() into *out: 0, or -1 (out untouched) past the end. */
HS_API int hs_bound_about(size_t i, hs_bound_info *out);

/* ---- a cover run ---- */

#define HS_GREEDY_RUNS_MAX 10000

/* A running search, for progress displays (sizes of the whole instance). */
typedef struct {
    const char *phase; /* what is running: "glpk", "cbc", "local search", ... */
    double seconds;    /* since the run started */
    bool has_value;    /* a cover is known */
    double value;      /* its size */
    double bound;      /* the best proven lower bound so far (fractional: round up) */
    uint64_t nodes;    /* branch-and-bound nodes so far, or what unit names */
    const char *unit;  /* what nodes counts when not nodes ("steps", "rounds"), or NULL */
} hs_progress;

typedef void (*hs_progress_fn)(void *ctx, const hs_progress *p);

/* A lower bound of the caller's, a row beside the table's (t24's MaxSAT bound in bench/
 * is one): run on the reduced core after the local search with at most half of the
 * time then left; its value plus the forced elements joins the table's rows in
 * lower_bound and, after them, in the proof (proven_by is then its name). run returns 0
 * with a bound on every cover of core in *bound, or -1 with a reason in err (the run
 * notes it in message and goes on). */
#define HS_EXTRA_BOUNDS_MAX 4
typedef struct {
    const char *name;  /* proven_by: "maxsat" */
    const char *words; /* a report's verdict: "the MaxSAT bound" */
    const char *brief; /* a generated table's header */
    int (*run)(void *ctx, const hs_instance *core, double seconds, uint32_t *bound,
               char *err, size_t errsize);
    void *ctx;
} hs_bound_row;

typedef struct {
    uint64_t work;         /* work units for the run, 0 for none (default), up to 1e15:
                              every phase's share is then taken in work, counted inside
                              (docs/hitting-sets.md, "Work limits"), and time_limit and
                              deadline only cap it, so that the same instance and
                              parameters give the same cover, bounds and certificate on
                              any machine at any load (hs_report.reproducible says
                              whether the cap or a cancel ended the run first).
                              HS_ENGINE_CBC takes none */
    double time_limit;     /* seconds for the run, > 0 (default 60); it also bounds each
                              max-coverage search */
    double deadline;       /* hs_clock() by which the run must end, or 0 (default): the
                              time limit from the call. A caller whose own limit began
                              earlier (reading the instance) sets it; the searches then
                              get what is left, at most time_limit */
    double local_search;   /* seconds of local search: < 0 the default share, 0 none;
                              S > 0 is S / time_limit of the searches' time, or with
                              work S x 5e6 units (the rate measured, docs/hitting-sets.md)
                              as a share of the work, at most all of it */
    uint64_t ls_steps;     /* the local search's steps at most, beside its time, 0 for
                              no limit (default 0): the same seed and steps give the same
                              local search cover when the steps end first */
    uint32_t greedy_runs;  /* randomised greedy runs, 1..HS_GREEDY_RUNS_MAX (default 100);
                              with settled_runs off, at most 2^24 / (entries +
                              elements) of them, at least 1 */
    bool settled_runs;     /* make them also when the necessary elements or the packing
                              bound prove pruned greedy's cover already, for their
                              figures, and all greedy_runs of them, with the simplex
                              LP given half the searches' time, not a fifth (default
                              off: they cannot find a smaller cover) */
    uint64_t seed;         /* their seed and the local search's (default 1) */
    bool reduce;           /* reduce the instance before the exact search (default on) */
    bool coverage;         /* also maximum coverage by k elements, k = 1..size
                              (hs_report.coverage; default off) */
    hs_engine engine;      /* the exact search (default GLPK) */
    hs_lp lp;              /* how the LP bound is computed (default AUTO) */
    int threads;           /* CBC's threads, 1..64 (default 1) */
    int mem_limit_mb;      /* GLPK's memory limit in MB, 0 for none (default 0) */
    /* NULL (default), or nelems counts: element e stands for multiplicity[e] items when
     * the random greedy runs break ties (t24's study: the templates of a class). */
    const uint32_t *multiplicity;
    /* A cover the caller already has (nstart distinct elements meeting every set,
     * checked), or NULL (default): a candidate for the result, and the size every cover
     * passed to improved must beat. */
    const uint32_t *start;
    uint32_t nstart;
    /* Called at most once a second while the reductions, the LP bound's simplex (phase
     * "LP bound", between its chunks), the local search and the exact search run, or NULL
     * (default); on the calling thread or one of the library's, one call at a time. */
    hs_progress_fn progress;
    void *progress_ctx;
    /* Called with each smaller cover as it is found (0-based elements, checked), on the
     * calling thread or one of the library's, one call at a time; or NULL. */
    void (*improved)(void *ctx, const uint32_t *elems, uint32_t n);
    void *improved_ctx;
    /* Asked where the run reads its clock (often, from any of its threads): non-zero
     * ends the run as its time limit would, with a valid cover and bound (CBC is not
     * asked and ends at its limit). NULL: never (default). Read an atomic flag here. */
    int (*cancelled)(void *ctx);
    void *cancel_ctx;
    /* NULL (default), or a stream for the certificate of the run's lower bound
     * (docs/formats.md, "Certificates"; t24-check verifies it): engine must then be
     * HS_ENGINE_T24, which searches the whole instance (not the reduced core), and the
     * report calls proven only what the certificate proves. Written whole at the end of
     * the search, or not at all (hs_report.certificate.written); write it to a temporary
     * file and rename it to keep a reader from seeing a partial one. */
    FILE *certificate;
    /* With HS_ENGINE_T24: the lower bound its search sets out to prove, 0 (default): the
     * cover's size, a proof of optimality. A goal below the cover closes every node whose
     * bound reaches it, so the tree (and the certificate) grows with the goal alone; the
     * search proves no more than the goal. */
    uint32_t goal;
    /* The caller's lower bounds: NULL (default), or nextra_bounds rows, at most
     * HS_EXTRA_BOUNDS_MAX. */
    const hs_bound_row *extra_bounds;
    uint32_t nextra_bounds;
    /* After the reductions, the kernel's rules (the vertex-cover ones among them) give
     * the searches a smaller instance (default off; nothing without reduce). With it,
     * hs_report.lp_bound is the kernel's LP value plus what the rules took, at least
     * the instance's LP value (and still at most the optimum). */
    bool kernel;
    /* The core method (Caprara, Fischetti, Toth; docs/hitting-sets.md, "Covers from a
     * core") in the local search's place where the core has its shape (far more elements
     * than sets) and the local search its default budget (default off: on the instances
     * measured it found larger covers than the local search). */
    bool core_method;
} hs_params;

HS_API void hs_params_init(hs_params *p);
/* 0 when every field is in range, else -1 with "FIELD = VALUE; must be ..." in err. */
HS_API int hs_params_check(const hs_params *p, char *err, size_t errsize);

/* How the exact search ended, and what proved the cover optimal. */
typedef enum { HS_SEARCH_OPTIMAL, HS_SEARCH_TIME_LIMIT, HS_SEARCH_FAILED } hs_search_status;
typedef enum {
    HS_PROOF_NONE,      /* not proven */
    HS_PROOF_BOUND,     /* a row of the table of lower bounds: hs_report.proof_bound */
    HS_PROOF_SEARCH,    /* the exact search (params.engine) */
    HS_PROOF_REDUCTIONS /* the reductions left nothing: the forced elements are optimal */
} hs_proof;

/* The random greedy runs: sizes over the runs, then after pruning each cover. */
typedef struct {
    uint32_t runs; /* made (a time limit may stop them early) */
    uint64_t seed;
    uint32_t min, median, max, pruned_min, pruned_max;
} hs_greedy_stats;

/* What the reductions removed, and the core they left. */
typedef struct {
    uint32_t nforced;         /* elements forced: the optimum is theirs plus the core's */
    uint32_t forced_sets;     /* sets the forced elements meet */
    uint32_t dominated_sets;  /* sets that held another remaining set */
    uint32_t dominated_elems; /* elements whose sets another remaining element had */
    uint32_t emptied_elems;   /* elements left meeting no remaining set */
    uint32_t rounds;          /* passes until nothing changed */
    bool stopped;             /* the time limit, or their share of it, ended them before
                                 that: with no core (the limit) or with the core they
                                 reached, which the searches then work on (the share) */
    uint32_t core_elems, core_sets;
} hs_reduce_stats;

/* The kernel's rules on the reductions' core (hs_params.kernel), each: the elements and
 * sets it removed, how often it fired, its seconds. In this order, named "forced",
 * "dominated_sets", "dominated_elements", "vertex_cover_domination",
 * "degree_two_folding", "crown" (docs/cli.md says what each does). */
#define HS_KERNEL_RULES 6
typedef struct {
    const char *name;
    uint32_t elems, sets, applied;
    double seconds;
} hs_kernel_rule;

/* The kernel the searches worked on: optimum = the reductions' forced elements +
 * offset + the kernel's optimum; its components (of the element-set incidence, sets
 * alone counted: an element in no set is none). */
typedef struct {
    bool ran;
    uint32_t offset, rounds;
    bool stopped;             /* the time limit ended its passes (the kernel stands) */
    uint32_t core_elems, core_sets;
    uint32_t components, largest_elems, largest_sets;
    uint32_t components_apart;  /* the exact search's components searched one by one
                                   (0: the kernel as one; more than one component and no
                                   certificate), each bound rounded up on its own */
    uint32_t components_proven; /* of them, those proven optimal */
    hs_kernel_rule rule[HS_KERNEL_RULES];
    double seconds;
} hs_kernel_stats;

/* The Lagrangian cover heuristic (on large cores, where column generation ran). */
typedef struct {
    bool ran;
    uint32_t best;          /* its cover's size (forced elements included) */
    uint32_t rounds, best_round, greedy_covers;
    double seconds;
} hs_lagrangian_stats;

/* One round of the core method: its core's elements, and the best cover's size after it
 * (forced elements included). */
typedef struct {
    uint32_t core, best;
} hs_core_round;

/* A local search: from a cover of size start to one of size best. */
typedef struct {
    bool ran;
    uint32_t start, best;
    uint64_t steps, best_step; /* steps made, and when best was found (0: the start) */
    const char *stop;          /* why it ended: "target", "steps", "patience", "time",
                                  "cancelled" */
    double seconds, best_seconds;
    /* In hs_report: where the core method (docs/hitting-sets.md, "Covers from a core")
     * ran in the local search's place, its rounds in order (owned by the report; NULL and
     * 0 where it did not run, and in hs_local_search()'s stats). */
    hs_core_round *core_rounds;
    uint32_t ncore_rounds;
} hs_local_search_stats;

/* Maximum coverage by k elements (params.coverage). */
typedef struct {
    uint32_t k;
    uint32_t greedy; /* sets met by the cover's first k elements */
    uint32_t best;   /* most sets met by k elements, as found */
    uint32_t bound;  /* proven upper bound on that most */
    bool proven;     /* best == bound */
    double seconds;
} hs_coverage_row;

/* One round of the certifying search: the root's LP alone (goal 0), then one goal more
 * each round (docs/certificates.md). Their growth estimates what the next goals cost. */
#define HS_ROUNDS_KEPT 16
typedef struct {
    uint32_t goal, bound; /* what the round set out to prove, and proved */
    bool finished;        /* not stopped by the time limit */
    uint64_t nodes, lp_solves;
    double seconds;
} hs_certify_round;

/* The certificate the run wrote (params.certificate). */
typedef struct {
    bool written;   /* it went to params.certificate whole */
    uint32_t bound; /* the lower bound it proves: the report's lower_bound */
    uint64_t nodes, leaves, bytes;
    uint32_t open;  /* nodes the time limit left unexplored, each a leaf with its bound */
    double seconds;
    hs_certify_round round[HS_ROUNDS_KEPT]; /* the last rounds, oldest first */
    uint32_t nround;
} hs_certificate_stats;

/* Seconds of each phase: the bounds, greedy and its runs, the reductions, the LP bound
 * (within local_search), the local search phase, the exact search, the cover's checks,
 * max coverage. */
typedef struct {
    double bounds, greedy, reduce, lp, local_search, ilp, cover, coverage;
} hs_seconds;

typedef struct {
    /* The answer. */
    uint32_t size;          /* the best cover's size */
    uint32_t *cover;        /* its elements, 0-based, in greedy order: each meets adds[i]
                               sets no earlier one meets, and solves[i] sets in all */
    uint32_t *adds;
    uint32_t *solves;
    bool optimal;           /* a proven lower bound equals size */
    uint32_t lower_bound;   /* the best proven lower bound */
    hs_proof proof;         /* what proved it */
    const char *proven_by;  /* proof_bound.name, the engine's name, "reductions", or
                               NULL when not optimal */
    hs_bound_info proof_bound; /* the bound's row with HS_PROOF_BOUND, else zeroed */
    hs_search_status search_status;
    const char *search;     /* "optimal", "time_limit", or the engine's failed name */
    char message[256];      /* why a solver failed (the LP bound, the exact search, max
                               coverage), when one did, else "" */
    /* How it ran: the parameters given, less the caller's arrays (multiplicity and
     * start are NULL here, nstart 0), and the seconds the searches had (time_limit,
     * capped by the deadline). */
    hs_params params;
    double budget;
    /* The work the run used (units, whatever ended it: a timed run's figure is what
     * params.work would ask for about the same run), what ended it ("finished", "work",
     * "time", "cancel"), and whether the same parameters give the same answer again:
     * only with params.work, and ended by "finished" or "work". */
    uint64_t work_used;
    const char *ended_by;
    bool reproducible;
    /* The instance and its lower bounds. */
    uint32_t elems, sets;
    uint32_t necessary;     /* elements alone in some set */
    uint32_t single_sets;   /* sets of one element */
    uint32_t packing;       /* pairwise disjoint sets found */
    double lp_bound;        /* the LP relaxation's value, or a bound below it (< 0: none) */
    uint32_t lp_bound_ceil;
    hs_lp lp_method;        /* SIMPLEX or COLGEN: which gave lp_bound */
    bool lp_reached;        /* lp_bound is the LP's value, not a bound below it */
    uint32_t lp_rounds, lp_columns; /* column generation's LPs, and its last one's columns */
    /* The upper bounds, phase by phase. */
    uint32_t greedy;        /* greedy, ties to the lowest element */
    uint32_t greedy_pruned; /* the same without its redundant elements */
    hs_greedy_stats runs;
    hs_reduce_stats reductions;
    hs_lagrangian_stats lagrangian;
    hs_local_search_stats local_search; /* sizes of the whole instance */
    hs_coverage_row *coverage; /* k = 1..ncoverage with params.coverage, else NULL */
    uint32_t ncoverage;
    hs_seconds seconds;
    hs_certificate_stats certificate;
    /* The caller's bounds (params.extra_bounds, in order): whether each gave a value, and
     * the value (forced elements included). */
    bool extra_bound_ran[HS_EXTRA_BOUNDS_MAX];
    uint32_t extra_bound[HS_EXTRA_BOUNDS_MAX];
    hs_kernel_stats kernel; /* kernel.ran false: none was made */
} hs_report;

/* Runs the whole search on h under p (NULL: the defaults). Returns 0 with *out filled
 * (free with hs_report_free()), also when the time limit stopped the search (optimal is
 * then false: the optimum lies between lower_bound and size) or a solver failed (message
 * says why; the other bounds and the cover stand). Returns -1 with err set for a bad
 * parameter, a start that is no cover, or when memory runs out; *out is then empty. */
HS_API int hs_cover_run(const hs_instance *h, const hs_params *p, hs_report *out, char *err,
                        size_t errsize);
HS_API void hs_report_free(hs_report *r);

/* ---- the phases one at a time, for callers that chain their own (t24's benchmarks
 * compare the exact engines on one reduced core and one warm start) ---- */

/* A cover: size elements, owned by the struct (hs_cover_free()). */
typedef struct {
    uint32_t size;
    uint32_t *elems;
} hs_cover;

HS_API void hs_cover_free(hs_cover *c);

/* Greedy: the element meeting the most sets not yet met, ties to the lowest, until every
 * set is met; with prune, then without its redundant elements. *out in greedy order. */
HS_API int hs_greedy(const hs_instance *h, bool prune, hs_cover *out, char *err,
                     size_t errsize);

/* The reductions a run applies (forced elements, dominated sets and elements, until
 * nothing changes): *out gets the core that is left and the maps back. The forced
 * elements and any cover of the core (mapped back) make a cover of h, and a minimum one
 * with a minimum cover of the core. */
typedef struct {
    hs_reduce_stats stats;
    uint32_t *forced;    /* stats.nforced elements, in the order found */
    hs_instance *core;   /* what is left (possibly no sets at all) */
    uint32_t *core_elem; /* core element -> element of the instance */
    uint32_t *core_set;  /* core set -> set of the instance */
} hs_reduction;

HS_API int hs_reduce(const hs_instance *h, hs_reduction *out, char *err, size_t errsize);
HS_API void hs_reduction_free(hs_reduction *r);

typedef struct {
    double seconds;     /* > 0 (default 1) */
    uint64_t max_steps; /* 0: no limit (default) */
    uint64_t seed;      /* default 1 */
} hs_local_search_params;

HS_API void hs_local_search_params_init(hs_local_search_params *p);
/* The run's local search from the cover start[0..nstart) of h: *best gets its best cover
 * (ascending), *stats how it went. The same instance, start, seed and max_steps give
 * the same cover, unless the time stops it first. */
HS_API int hs_local_search(const hs_instance *h, const uint32_t *start, uint32_t nstart,
                           const hs_local_search_params *p, hs_cover *best,
                           hs_local_search_stats *stats, char *err, size_t errsize);

/* GLPK's branch-and-bound choices, for measuring them: branching and backtracking take
 * glpk.h's GLP_BR_* and GLP_BT_* values, 0 meaning t24's default (strong branching); the
 * flags switch GLPK's cut generators on, and t24's reduced-cost fixing at every node
 * off. All zero: t24's choices. */
typedef struct {
    int branching, backtracking;
    bool gomory, mir, cover, clique;
    bool no_rc_fixing;
    int strong; /* columns strong branching probes, 0 for t24's default */
} hs_glpk_choices;

typedef struct {
    hs_engine engine;   /* default GLPK */
    double time_limit;  /* seconds, LP included, > 0 (default 60) */
    int threads;        /* CBC's, 1..64 (default 1) */
    int mem_limit_mb;   /* GLPK's, 0 for none (default) */
    const uint32_t *warm; /* a cover handed to the engine first, or NULL (default) */
    uint32_t nwarm;
    hs_glpk_choices glpk;
} hs_exact_params;

typedef enum {
    HS_EXACT_OPTIMAL, /* proven optimal */
    HS_EXACT_STOPPED, /* stopped by the time limit with a cover */
    HS_EXACT_NONE     /* stopped before any cover was known */
} hs_exact_status;

typedef struct {
    hs_exact_status status;
    double bound;     /* proven lower bound (fractional: its ceiling bounds the size) */
    hs_cover cover;   /* the best cover, ascending; empty with HS_EXACT_NONE */
    uint64_t nodes;   /* branch-and-bound nodes */
    double seconds;
} hs_exact_result;

HS_API void hs_exact_params_init(hs_exact_params *p);
/* The minimum cover of h by p->engine alone (no bounds, greedy or reductions first).
 * Returns 0 with *out filled (hs_exact_result_free()), or -1 with err set when a
 * parameter is bad or the engine fails (*out then empty). */
HS_API int hs_exact_search(const hs_instance *h, const hs_exact_params *p,
                           hs_exact_result *out, char *err, size_t errsize);
HS_API void hs_exact_result_free(hs_exact_result *r);

/* ---- the LP bound, certified by one leaf (docs/certificates.md) ----
 * Column generation on the whole instance (not the reduced core: the certificate speaks
 * of the instance as given), from greedy's cover; its best duals y, as multipliers, prove
 * ceil(L(y)) by weak duality, and the certificate is that one leaf, which t24-check
 * verifies. Where the LP optimum is reached, the bound is the LP bound's ceiling; where
 * the time stops it first, a lower one, still proven. For instances the certifying
 * search (HS_ENGINE_T24 with hs_params.certificate) cannot take: millions of elements. */
typedef struct {
    double seconds;   /* column generation's budget, > 0 (default 60) */
    int mem_limit_mb; /* GLPK's memory limit in MB, 0 for none (default 0) */
    const char *comment; /* one `c` line of the certificate, or NULL (default) */
    /* Asked as hs_params.cancelled: non-zero ends column generation as its time would
     * (the certificate then proves the best bound reached). NULL: never (default). */
    int (*cancelled)(void *ctx);
    void *cancel_ctx;
    /* At most once a second: phase "LP certificate", the proven bound so far, the rounds
     * (unit "rounds"), no cover. NULL: none (default). */
    hs_progress_fn progress;
    void *progress_ctx;
} hs_lp_certificate_params;

typedef struct {
    uint32_t bound;     /* what the certificate proves: ceil(L(y)), exact */
    double value;       /* L(y) */
    bool lp_reached;    /* column generation priced every element out: L(y) is the LP
                           optimum up to its pricing tolerance */
    uint32_t rounds;    /* restricted LPs solved */
    uint32_t columns;   /* elements in the last one */
    uint32_t multipliers; /* nonzero multipliers written */
    uint64_t bytes;     /* the certificate's */
    double seconds;
} hs_lp_certificate_report;

HS_API void hs_lp_certificate_params_init(hs_lp_certificate_params *p);
/* Writes the certificate to out (whole, or with -1 part of it: write to a temporary file
 * and rename); p NULL: the defaults. Returns 0 with *r filled, or -1 with err set when p
 * is out of range, memory runs out, GLPK fails (also after some rounds: their bound is
 * then not written) or out reports an error. */
HS_API int hs_lp_certificate(const hs_instance *h, const hs_lp_certificate_params *p,
                             FILE *out, hs_lp_certificate_report *r, char *err,
                             size_t errsize);

/* ---- A bound from some of the sets: a sub-instance, its certificate lifted ----
 * Every cover hits each set, so the optimum of the sub-instance of some of the sets is a
 * lower bound for the whole. The sub-instance keeps every element under its id; a
 * certificate of it (hs_params.certificate) is lifted to the whole instance by a `drop`
 * of each set left out and its set ids mapped back, which t24-check verifies on the
 * whole instance (docs/certificates.md, "A bound from a sub-instance"). */

/* Marks in keep (nsets flags; marks already set stay) the sets with a positive multiplier
 * on the first node line that carries them in the certificate read from cert, which
 * must be of h (its `instance` line: an LP certificate's one leaf, the LP's dual
 * support); top > 0: only the top of them with the largest multipliers (ties: the lower
 * id). *marked (or NULL) gets their number. Returns 0, or -1 with err set. */
HS_API int hs_sub_mark_support(FILE *cert, const hs_instance *h, uint32_t top, bool *keep,
                               uint32_t *marked, char *err, size_t errsize);
/* Marks in keep the k sets with fewest elements (ties: the lower id). 0, or -1 with err
 * set (memory). */
HS_API int hs_sub_mark_smallest(const hs_instance *h, uint32_t k, bool *keep, char *err,
                                size_t errsize);
/* The sub-instance of h's sets marked in keep, in h's order; its elements are the
 * distinct traces of h's elements on those sets (an element's trace: the chosen sets
 * holding it), each the lowest element that has it. NULL with err set when no set is
 * marked or memory runs out. Free it with hs_sub_free() (a no-op on NULL). */
typedef struct hs_sub hs_sub;
HS_API hs_sub *hs_sub_new(const hs_instance *h, const bool *keep, char *err, size_t errsize);
HS_API void hs_sub_free(hs_sub *s);
/* The sub-instance itself (s's: valid until hs_sub_free(s)); how many of h's elements
 * have a trace that is another's (each a `dominated` step of the lift). */
HS_API const hs_instance *hs_sub_instance(const hs_sub *s);
HS_API uint32_t hs_sub_duplicates(const hs_sub *s);
/* Reads a certificate of s's sub-instance from in and writes it lifted to h (the instance
 * s was cut from) on out. Returns 0, or -1 with err set ("line L: why" for the
 * certificate; out then holds part of it: write to a temporary file and rename). */
HS_API int hs_sub_lift(const hs_sub *s, const hs_instance *h, FILE *in, FILE *out, char *err,
                       size_t errsize);

/* ---- One proof over many machines: cubes (docs/cluster.md) ----
 * A certifying search split at a depth into cubes (its open nodes), each searched apart
 * by any process that reaches the folder, and merged into one certificate t24-check
 * verifies. The folder's files are described in docs/cluster.md; each is written whole. */

/* An independent checker's verdict on a certificate file: the merge trusts none of its
 * own code to verify what it merged (t24 cover runs the t24-check program). */
enum {
    HS_CHECK_VERIFIED,    /* every node holds, none is open: the bound is proven */
    HS_CHECK_OPEN,        /* every node read holds, *open of them are open */
    HS_CHECK_FAILED,      /* a node fails or the file is malformed: why says where (t24-check's
                             "certificate line L: ...") */
    HS_CHECK_UNAVAILABLE  /* no verdict (no checker, the time ran out): why says so */
};
/* Checks the certificate file cert against the instance file (and the cover file when
 * not NULL) within seconds; returns an HS_CHECK_ value, with a line in why and, for
 * HS_CHECK_OPEN, the open nodes in *open. */
typedef int (*hs_certificate_checker)(void *ctx, const char *instance, const char *cover,
                                      const char *cert, double seconds, uint64_t *open,
                                      char *why, size_t whysize);

typedef struct {
    double time_limit;          /* seconds for the call, > 0 (default 60) */
    int (*cancelled)(void *ctx); /* non-zero ends the call as its time limit would */
    void *cancel_ctx;
    uint64_t work;              /* split and run: work units (hs_params.work's) for each
                                   search, counted apart: the split's, and each cube's
                                   (so a cube's proof depends neither on the time nor on
                                   the cubes searched before it); 0 (default): none */
    uint32_t goal;              /* split: the bound the cubes prove, 0 (default): the
                                   best cover's size (optimality) */
    uint32_t ncubes;            /* split: open nodes wanted, at least (default 64) */
    uint32_t worker, nworkers;  /* run: cube i (from 0) is this worker's when i %
                                   nworkers == worker (default 0 of 1) */
    FILE *log;                  /* a line per split depth and per cube, or NULL */
    bool split_by_sets;         /* split: branch above the cubes on the set with the
                                   fewest free elements, not on an element (default
                                   false; docs/cluster.md measures both) */
    hs_certificate_checker check; /* merge: verifies proof.cert (default NULL: never
                                   verified, hs_cubes_report.verified false) */
    void *check_ctx;
} hs_cubes_params;

typedef struct {
    uint32_t cubes, closed;     /* cubes in the folder; those whose proof reaches target */
    uint32_t searched;          /* run, solve: cubes this call searched */
    uint32_t depth;             /* split: the depth of the open nodes */
    uint32_t goal, cover, target; /* the goal (0: none), the best cover, the smaller */
    uint32_t bound;             /* merge: what proof.cert claims (proven only when
                                   verified); solve: the cube's bound */
    bool complete;              /* merge: every cube has a proof, proof.cert written */
    uint64_t nodes;
    double cube_seconds;        /* merge: the closed cubes' seconds, summed */
    double left_low, left_high; /* merge: core-seconds left, from the closed cubes' least
                                   and most (0 when none is closed) */
    double left_mean;           /* merge: the same from their mean, the point estimate */
    double seconds;
    bool verified;              /* merge: the checker verified proof.cert's bound */
    uint32_t rejected;          /* merge: proofs the checker refused, set aside as
                                   cube-N.proof.rejected (their cubes open again) */
    char verdict[256];          /* merge: the checker's verdict, or why there is none */
} hs_cubes_report;

HS_API void hs_cubes_params_init(hs_cubes_params *p);
/* Each returns 0, or -1 with a one-line reason in err. p NULL: the defaults; r NULL: no
 * report (the folder holds the result); h, dir or name NULL: refused ("no folder given"). */
/* Splits h's certifying search into the new folder dir (refused when it exists). */
HS_API int hs_cubes_split(const hs_instance *h, const char *dir, const hs_cubes_params *p,
                          hs_cubes_report *r, char *err, size_t errsize);
/* Searches the cube dir/name (cube-N) and keeps its proof; a smaller cover is shared. */
HS_API int hs_cubes_solve(const char *dir, const char *name, const hs_cubes_params *p,
                          hs_cubes_report *r, char *err, size_t errsize);
/* This worker's cubes of dir that are not closed, until the time limit. */
HS_API int hs_cubes_run(const char *dir, const hs_cubes_params *p, hs_cubes_report *r,
                        char *err, size_t errsize);
/* dir/proof.cert when every cube has a proof, else the counts and the estimate; never
 * verified (hs_cubes_merge_checked() with p NULL). */
HS_API int hs_cubes_merge(const char *dir, hs_cubes_report *r, char *err, size_t errsize);
/* The same, proof.cert checked by p->check within p->time_limit before it takes its name:
 * r->verified when the checker verified it; written unverified when it gives no verdict
 * (r->verdict says why); refused (-1) when its bound exceeds the cover or the checker
 * refuses it, every cube whose proof fails alone set aside and named in err (none when
 * root.cert fails alone, or instance.hgr or root.cert changed during the checks: err
 * names that file). A root.cert or cube file naming another instance than instance.hgr,
 * a cube proof that is a link, or a FIFO or device among the folder's files is refused. */
HS_API int hs_cubes_merge_checked(const char *dir, const hs_cubes_params *p,
                                  hs_cubes_report *r, char *err, size_t errsize);

/* ---- Knowing the cost before paying it: Knuth's estimate (docs/certificates.md) ----
 * Random dives down the certifying search's tree at a goal, each node's LP solved and
 * settled as the search would, one child taken at random; the products of the numbers
 * of children along each dive estimate the tree's nodes and LPs without bias. */
typedef struct {
    double time_limit;          /* seconds for the call, > 0 (default 60): the dives stop */
    int (*cancelled)(void *ctx); /* non-zero ends the dives as the time limit would */
    void *cancel_ctx;
    uint32_t goal;              /* the bound whose proof is estimated, 0 (default): the
                                   best cover's size (hs_cubes_estimate: the folder's) */
    const uint32_t *start;      /* a known cover (element ids) or NULL (default: found as
                                   the search finds its own; hs_cubes_estimate: the
                                   folder's) */
    uint32_t nstart;
    uint64_t seed;              /* the dives' random generator (default 1) */
    uint32_t dives;             /* dives at most, 1..10000000 (default 64) */
} hs_estimate_params;

typedef struct {
    uint32_t dives;             /* dives finished; 0: no estimate (time ran out first) */
    uint32_t starts;            /* nodes the dives start from: 1 (the root), or the open
                                   cubes (0 when every cube is closed) */
    uint32_t target, cover;     /* the bound the estimated tree proves; the best cover */
    uint64_t visited;           /* the most nodes one dive met: a lower bound */
    double nodes, nodes_low, nodes_high; /* the tree's nodes: mean of the dives and its
                                   95% interval (high is HUGE_VAL after one dive) */
    double lps, lps_low, lps_high; /* the LPs the search would solve, likewise */
    double dive_min, dive_max;  /* the least and the most nodes a dive estimated */
    double seconds_per_lp;      /* CPU seconds in LPs per LP, measured by the dives */
    double seconds_per_node;    /* and besides LPs and choices, per node */
    double choose_seconds;      /* the dives' CPU seconds choosing elements (learning
                                   pseudocosts), counted once */
    double core_seconds, core_low, core_high; /* the CPU seconds the search would take:
                                   LPs' and nodes' (mean and 95% interval of the dives'
                                   estimates), plus choose_seconds */
    double seconds;
} hs_estimate;

HS_API void hs_estimate_params_init(hs_estimate_params *p);
/* The tree of h's certifying search at p->goal. Returns 0 with *r filled, or -1 with err
 * set (a bad parameter, the reductions unfinished in time, memory, GLPK). */
HS_API int hs_estimate_search(const hs_instance *h, const hs_estimate_params *p,
                              hs_estimate *r, char *err, size_t errsize);
/* The trees of the cubes of dir not closed yet, at the folder's target. */
HS_API int hs_cubes_estimate(const char *dir, const hs_estimate_params *p, hs_estimate *r,
                             char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
