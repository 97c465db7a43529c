# The two commands a new user runs: `make study` and `make test`.
# Everything else (build folders, flags) lives in CMakeLists.txt.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= 2
T24        := $(BUILD)/t24
PREFIX     ?= /usr/local
# make test builds with warnings as errors (CMake's T24_WERROR); WERROR=OFF relaxes it.
WERROR     ?= ON
# cmake --build runs make inside make: without this, each of its sub-makes prints
# "Entering directory" and "Leaving directory" (hundreds of lines before the report).
MAKEFLAGS  += --no-print-directory

.PHONY: deps build bin study install test test-slow test-slow-release test-slow-asan build-release-tests build-asan-tests test-quick test-seven seven test-release test-asan bench bench-five bench-cover bench-certify bench-pace bench-pace-exact six six-decks \
        frontier figures results data data-all check-data check-data-large clean fuzz fuzz-build fuzz-short prove certified-bounds \
        frontier-estimates estimate-check split-by-check check-slurm ranks-rss verify-checker

deps:
	@bash .ci/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# t24 and t24-check alone (not the tests and tools), the build's lines in a log, so that
# what follows is what one sees: all that `make study` and `make prove` run.
bin: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@echo "t24: building $(T24) and $(BUILD)/t24-check (log: $(BUILD)/study-build.log)"
	@cmake --build $(BUILD) --target t24 t24-check -j $(JOBS) >$(BUILD)/study-build.log 2>&1 || \
	  { tail -n 40 $(BUILD)/study-build.log; echo "t24: the build failed" >&2; exit 1; }

study: bin
	@$(T24) study

# PREFIX/bin/t24 and PREFIX/share/man/man1/t24.1 (generated from docs/cli.md).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# make test runs the tests without the label `slow` (docs/tests.md), in Release and again
# under ASan+UBSan, and a minute of fuzzing; make test-slow runs the `slow` ones, in both
# builds too. CI (.ci/run) runs both, so every test still runs sanitized on each landing.
build-release-tests: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DT24_WERROR=$(WERROR) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan-tests: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DT24_SANITIZE=ON \
	       -DT24_WERROR=$(WERROR) >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)

test-release: build-release-tests
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test-asan: build-asan-tests
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test: test-release test-asan fuzz-short

test-slow-release: build-release-tests
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

test-slow-asan: build-asan-tests
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

test-slow: test-slow-release test-slow-asan

# Fuzzing (docs/reliability.md): libFuzzer targets of tests/fuzz built with clang, ASan and
# UBSan in their own folder. `make fuzz` runs each for FUZZ_SECONDS; `make test` runs
# each for FUZZ_SHORT (about a minute in all).
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 300
FUZZ_SHORT   ?= 8

fuzz-build: deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
	       -DT24_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS)

# DIFF_CASES: certificates of tests/test_checker_diff.c, t24-check against brute force
# (make test runs 3,000 of them; 200,000 take about three minutes).
DIFF_CASES   ?= 200000

fuzz: fuzz-build build
	bash tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)
	T24_CHECK_BIN=$(BUILD)/t24-check T24_DIFF_CASES=$(DIFF_CASES) T24_DIFF_SEED=$$(date +%s) \
	  $(BUILD)/test_checker_diff --verbose

fuzz-short: fuzz-build
	bash tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SHORT) fresh

# Seven cards' deck 1-7, the whole study under /usr/bin/time (about 30 minutes, 5 GiB):
# docs/benchmarks.md's "Seven cards, deck 1-7: measured". SEVEN_LIMIT: its time limit.
SEVEN_LIMIT ?= 1740
seven: build
	bash bench/seven.sh $(T24) $(SEVEN_LIMIT)

# test_seven: the streamed seven-card enumeration of deck 1-3 (all 2.7e9 templates
# grouped) against the test's own GMP oracle. About 9 minutes of one core and 4 GiB in
# Release, so `make test` shows it Skipped; this target runs it (T24_LONG_TESTS=1).
test-seven: build
	@cmake --build $(BUILD) --target test_seven -j $(JOBS)
	cd $(BUILD) && T24_LONG_TESTS=1 ctest --output-on-failure -R '^test_seven$$'

# The Release tests without those labelled slow (figures, sweep): a quick check while editing.
test-quick: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

bench: build
	$(BUILD)/t24-bench --write docs/benchmarks.md

# Six cards over deck 1-13, the whole study under --time-limit 900 (about 15 minutes on
# 2 cores): docs/six.md.
six: build
	nice $(BUILD)/t24-bench --six --write docs/six.md
	bash docs/frontier/results-section.sh .
# Six cards over decks 1-7 (120 s), 1-8 and 1-10 (300 s each), about 13 minutes:
# docs/six-decks.md.
six-decks: build
	nice $(BUILD)/t24-bench --six-decks --write docs/six-decks.md
	bash docs/frontier/results-section.sh .
# The exact search's choices on five cards (about 16 x SECONDS of wall time; not in `test`).
FIVE_SECONDS ?= 60
bench-five: build
	nice $(BUILD)/t24-bench --five $(FIVE_SECONDS) --write docs/bench-five.md

# `t24 cover` on the five-card instances of data/instances/, 10-120 s a deck (about 9
# minutes; twice that with PACE_HS_SOLVER=/path/to/a/PACE-solver beside it):
# docs/bench-cover.md.
bench-cover: build
	nice bash bench/bench-cover.sh $(T24) docs/bench-cover.md

# Certified proofs (t24 cover --certificate, then t24-check) beside GLPK's, three runs
# each on four-card deck 1-13 and five-card decks 1-5 to 1-7 (about 9 minutes):
# docs/bench-certify.md.
bench-certify: build
	nice bash bench/bench-certify.sh $(T24) $(BUILD)/t24-check docs/bench-certify.md

# PACE 2025's public instances (../shared/pace2025, PACE_DIR): `make bench-pace` runs t24
# cover and the heuristic-track winner (WINNER=path/to/solver) side by side, SECONDS each
# (default 60), one core each, on the 36 public heuristic instances (INSTANCES="005 040"
# for some): about (SECONDS + 6) x instances, 40 minutes at 60 s; docs/bench-pace.md,
# and bench/pace-last.csv, the covers a run without WINNER is measured against.
# `make bench-pace-exact` runs t24 cover --certificate on the 100 public exact instances,
# TIME_LIMIT each (default 300), JOBS at once, each certificate verified by t24-check:
# at most 100 x TIME_LIMIT / JOBS (4 h 10 min at the defaults, far less as most are
# proven in seconds); BUDGET=M starts no instance after M minutes (the report names those
# left); docs/bench-pace-exact.md. Neither is part of `make test`.
PACE_DIR   ?= ../shared/pace2025
WINNER     ?=
INSTANCES  ?=
SECONDS    ?= 60
GRACE      ?= 10
TIME_LIMIT ?= 300
BUDGET     ?= 0
bench-pace: build
	nice python3 bench/bench-pace.py --t24 $(T24) --pace-dir $(PACE_DIR) --seconds $(SECONDS) \
	  --grace $(GRACE) --instances "$(INSTANCES)" $(if $(WINNER),--winner $(WINNER)) \
	  --out docs/bench-pace.md --last bench/pace-last.csv
bench-pace-exact: build
	nice python3 bench/bench-pace-exact.py --t24 $(T24) --check $(BUILD)/t24-check \
	  --pace-dir $(PACE_DIR) --time-limit $(TIME_LIMIT) --jobs $(JOBS) \
	  --instances "$(INSTANCES)" --budget $(BUDGET) --note bench/pace-exact-entrants.md \
	  --out docs/bench-pace-exact.md

# docs/frontier/certified.md: each unproven five-card deck's certifying rounds for
# CERTIFIED_SECONDS (default 300), verified by t24-check, and the estimated core-hours to
# prove its best cover (about 25 minutes).
CERTIFIED_SECONDS ?= 300
certified-bounds: build
	bash bench/certified-bounds.sh $(T24) $(BUILD)/t24-check docs/frontier/certified.md $(CERTIFIED_SECONDS)

# Knuth's estimate of the certifying search against the search itself where it finishes
# (five-card decks 1-6 and 1-7 at their goals, random instances): a Markdown table on
# stdout, for docs/certificates.md (about 20 minutes; ESTIMATE_CHECK_DIVES a seed).
ESTIMATE_CHECK_DIVES ?= 256
estimate-check: build
	bash bench/estimate-check.sh $(T24) $(ESTIMATE_CHECK_DIVES)

# The 1/N simulation of issue 42 (docs/seven.md, "Ranks"): one study under
# `mpirun -n N` for each N of RANKS_RSS_N, every rank's peak resident set and CPU seconds
# measured by /usr/bin/time: a Markdown table on stdout (about 5 minutes here).
RANKS_RSS_OPTIONS ?= --cards 6 --deck 1-13 --threads 1 --time-limit 30
RANKS_RSS_N ?= 1 2 4 8
ranks-rss: build
	bash bench/ranks-rss.sh $(T24) "$(RANKS_RSS_OPTIONS)" $(RANKS_RSS_N)

# How the split into cubes should branch (docs/cluster.md): --split-by elements against
# --split-by sets, every cube searched, merged and checked, on five-card decks 1-6 and 1-7
# and random instances: a Markdown table on stdout (about 21 minutes here).
split-by-check: build
	bash bench/split-by.sh $(T24) $(BUILD)/t24-check

# The Slurm scripts of examples/slurm/ under a real one-node Slurm (docs/cluster.md): as
# root on Debian, installs slurm-wlm and munge if missing, starts munged, slurmctld and
# slurmd from a configuration in a scratch folder (loopback only), runs the cube array on
# deck 1-5 with two tasks, the merge (checked with t24-check) and the MPI study with two
# tasks (one report), then stops them and removes the folder. Elsewhere it says why it
# cannot and exits 0, claiming nothing. It says what it installs first, and purges it
# after (KEEP_SLURM=1 keeps it). It builds t24, t24-check and t24-mpi (when MPI was found)
# alone, not the tests and tools. 2.5 to 6 minutes here with the install and the purge
# (three runs, the 2 cores loaded; one without /usr/sbin/policy-rc.d).
check-slurm: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target t24 t24-check \
	  $$(cmake --build $(BUILD) --target help | grep -w t24-mpi >/dev/null && echo t24-mpi)
	nice bash bench/check-slurm.sh $(BUILD) .

# One certified proof over JOBS local workers (docs/cluster.md): five cards, DECK (e.g.
# 1-7), the cubes searched for HOURS (default 1) each, merged and checked with t24-check;
# GOAL=K proves K instead of the best cover's optimality; WORK=N limits the split's search
# and each cube's by work (`--work N`; HOURS then only caps each worker), so that whether
# every cube closes does not depend on the load; PROVE_DIR (default
# prove-cards5-deckDECK) resumes when it holds a split. Deck 1-6: about 15 s with JOBS=2
# (docs/cluster.md: 14 to 16 s on the quiet 2-core machine; 64 s measured with it loaded).
DECK  ?= 1-6
HOURS ?= 1
GOAL  ?= 0
CUBES ?= 64
WORK  ?= 0
prove: bin
	bash bench/prove.sh $(T24) $(BUILD)/t24-check data/instances/cards5_deck$(DECK)_target24_all.hgr \
	  $(or $(PROVE_DIR),prove-cards5-deck$(DECK)) $(JOBS) \
	  $$(awk 'BEGIN { printf "%d", $(HOURS) * 3600 }') $(GOAL) $(CUBES) $(WORK)

# docs/frontier.md, docs/frontier/runs/ and results.md's five-card section: five cards,
# decks 1-5 to 1-10 and 1-13, GLPK and CBC side by side under nice (about 30 minutes; not
# part of `test`). It writes nothing under data/ (that is `make data`'s).
frontier: build
	bash docs/frontier/make-frontier.sh $(T24)

# docs/frontier/estimates/ and the column "estimated core-hours to prove" of
# docs/frontier.md: Knuth's estimate of t24's certifying search for each unproven
# five-card deck's best cover, up to ESTIMATE_DIVES dives or ESTIMATE_SECONDS each (default
# 1000 and 300: about 25 minutes, a deck at a time; not part of `test`).
frontier-estimates: build
	bash docs/frontier/make-estimates.sh $(T24)

figures: build
	bash docs/figures/make-figures.sh $(T24)

# docs/results.md and docs/results.csv: the default sweep, written all or nothing first.
results: build
	$(T24) sweep --out $(BUILD)/sweep >/dev/null
	cp $(BUILD)/sweep/sweep.md docs/results.md
	cp $(BUILD)/sweep/sweep.csv docs/results.csv
	bash docs/frontier/results-section.sh .
	bash tests/check_sweep_certificates.sh $(T24) $(BUILD)/t24-check

# data/instances/, data/covers/ and data/certificates/: every published instance, the
# four-card readable covers, the .sol covers of the quick rows of data/instances/bounds.csv
# (four cards, five-card deck 1-5) from each row's upper_command, and the certificate of
# every proven row, deck 1-6's included (about 35 s, most of it deck 1-6's certifying
# search and its xz -9). `make test` checks them (ctest `data`: byte for byte, and the
# quick rows' bounds and proof status; ctest `certificates`: t24-check on each).
data: build
	bash data/make-data.sh $(T24) data
# The same, and the .sol of the slower five-card rows too (about 9 minutes).
data-all: build
	bash data/make-data.sh $(T24) data --all
# The five-card rows of bounds.csv that `make test` does not rerun (decks 1-6 to 1-10 and
# 1-13): each row's lower_command and upper_command with their time limits, compared
# with bounds.csv's sizes and proof status, and the certificate each unproven row's
# lower_command writes (--certificate CERT), which t24-check must verify at
# certified_lower, or for a `make prove` row (a bound certified only through cubes: decks
# 1-8 and 1-10) runs bench/prove.sh and checks the merged certificate (about an hour and a
# half on the 2-core machine, estimated from its commands' measured times: 68 s to 17
# minutes, and 20 and about 25 minutes for the two cube proofs; a much slower machine may
# not reach a row's bound within their limits).
# CHECK_DATA_ONLY=REGEX keeps the rows whose name matches (e.g. 'deck1-6_', 2 minutes).
check-data: build
	nice bash tests/check_data.sh $(T24) . long
# data/large/ (instances too large for the repository): each row's instance written again
# with its command from data/large/instance_commands.txt (seven cards' deck 1-7: about 8
# minutes of enumeration on the 2-core machine, 2 GB of files in /tmp), its SHA-256
# compared, and its cover and LP certificate verified by t24-check against it.
# CHECK_DATA_LARGE_ONLY=REGEX keeps the long checks to the rows whose name matches
# (deck1-8_: that row alone; at most the 40 minutes its whole study took, and about 4 GB
# in /tmp, twice deck 1-7 by its entries: estimates).
check-data-large: build
	nice bash tests/check_data_large.sh $(BUILD)/t24-check . long $(T24)

# Frama-C/WP proves t24-check's arithmetic core (docs/certificates.md, "What is proved"):
# installs frama-c-base, why3 and cvc4 from Debian when missing, proves every goal
# (30 s a prover call, -wp-par 2), then checks that a planted overflow and a planted
# off-by-one in the leaf rule and a planted repeat in the touched list each leave their
# goals unproved. make test runs the same check
# (ctest verify_checker) when the packages are there, else shows it Skipped.
verify-checker:
	@bash .ci/install-deps.sh --verify
	@bash tests/check_verify_checker.sh .

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
