# The two commands a new user runs: `make study` and `make test`.
# Everything else (build folders, flags) lives in CMakeLists.txt.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= 2
T24        := $(BUILD)/t24

.PHONY: deps build study test test-release test-asan bench bench-five frontier figures results clean

deps:
	@bash .ci/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

study: build
	$(T24) study

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DT24_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

test: test-release test-asan

bench: build
	$(BUILD)/t24-bench --write docs/benchmarks.md

# The exact search's choices on five cards (about 16 x SECONDS of wall time; not in `test`).
FIVE_SECONDS ?= 60
bench-five: build
	nice $(BUILD)/t24-bench --five $(FIVE_SECONDS) --write docs/bench-five.md

# docs/frontier.md and data/covers/5cards-*: five cards, decks 1-5 to 1-10 and 1-13, one
# nice'd run at a time (about 1.5 hours; not part of `test`).
frontier: build
	bash docs/frontier/make-frontier.sh $(T24)

figures: build
	bash docs/figures/make-figures.sh $(T24)

# docs/results.md and docs/results.csv: the default sweep, written all or nothing first.
results: build
	$(T24) sweep --out $(BUILD)/sweep >/dev/null
	cp $(BUILD)/sweep/sweep.md docs/results.md
	cp $(BUILD)/sweep/sweep.csv docs/results.csv

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
