# erli18n — the commands a developer and CI use. `make test` is what CI runs.
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
BENCH_BUILD ?= build-bench
JOBS       ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo -DERLI18N_WERROR=ON
# Each phase prints its duration and appends it to PHASE_LOG (scripts/timed.sh); `make test`
# prints the whole list at the end, so that a CI log shows where the time goes.
PHASE_LOG  ?= $(BUILD)/make-test-phases.txt
TIMED       = bash scripts/timed.sh $(PHASE_LOG)
# The sanitizer and fuzz builds keep line tables and function names only (-g1): what their
# reports print, for about 40% less compile time than full debug info (CLI11's templates, which
# every command of the CLI instantiates, above all). SAN_G=-g for a debugger.
SAN_G      ?= -g1

.PHONY: deps build asan tsan check test test-build test-asan test-all test-all-build test-all-asan format \
        format-check demo web-demo bench fuzz fuzz-check docs clean phase-log-reset package

deps:
	@$(TIMED) deps bash scripts/install-deps.sh

build: deps
	@$(TIMED) build-configure cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	@$(TIMED) build cmake --build $(BUILD) -j $(JOBS)

# One clang-19 build with ASan+UBSan, asserts on, -O1, serves the sanitizer tests and the
# fuzzers: the library, the CLI and the tests that run their code, and every libFuzzer binary
# (the library is instrumented for coverage, -fsanitize=fuzzer-no-link). No examples, no checks
# of the build itself, no corpus replays (ERLI18N_SANITIZER_TESTS_ONLY in CMakeLists.txt):
# those prove the same under a sanitizer as in the normal build. Warnings are gcc's, -Werror
# in the normal build. Run one fuzzer: build-asan/bin/fuzz_po fuzz/corpus/fuzz_po
asan: deps
	@CC=clang-19 CXX=clang++-19 $(TIMED) asan-configure cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_CXX_FLAGS_DEBUG="$(SAN_G) -O1" -DCMAKE_C_FLAGS_DEBUG="$(SAN_G) -O1" \
	  -DERLI18N_SANITIZE=address,undefined -DERLI18N_BUILD_EXAMPLES=OFF \
	  -DERLI18N_SANITIZER_TESTS_ONLY=ON -DERLI18N_BUILD_FUZZERS=ON
	@$(TIMED) asan-build cmake --build $(ASAN_BUILD) -j $(JOBS)

# clang-19's sanitizer runtimes print their reports' stack frames with llvm-19's symbolizer
# (Debian's default llvm-symbolizer, llvm-14's, fails with them and leaves raw addresses).
SYMBOLIZER ?= /usr/lib/llvm-19/bin/llvm-symbolizer
export ASAN_SYMBOLIZER_PATH = $(SYMBOLIZER)
export UBSAN_SYMBOLIZER_PATH = $(SYMBOLIZER)

# The tests of threaded code under ThreadSanitizer: the catalog store (its lock-free read path
# and the writer's reclamation) and the extractor (workers scanning files for the recording
# thread). Only those test binaries are built, and each runs once as a whole, which is faster
# than a ctest process per test case. The CLI stays configured (the script tests name it) but
# is not built.
TSAN_TESTS ?= store_stress_test catalog_index_test store_faults_test catalog_store_test gettext_test events_test extract_test \
              intl_threads_test intl_remembered_test watch_test translator_test
tsan: deps
	@CC=clang-19 CXX=clang++-19 $(TIMED) tsan-configure cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 $(SAN_G) -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 $(SAN_G) -DNDEBUG" \
	  -DERLI18N_SANITIZE=thread -DERLI18N_BUILD_EXAMPLES=OFF -DERLI18N_SANITIZER_TESTS_ONLY=ON
	@$(TIMED) tsan-build cmake --build $(TSAN_BUILD) -j $(JOBS) --target $(TSAN_TESTS)
	@$(TIMED) tsan-run bash -c 'set -e; for t in $(TSAN_TESTS); do \
	  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 external_symbolizer_path=$(SYMBOLIZER)" \
	  $(TSAN_BUILD)/bin/$$t --gtest_brief=1; done'

# The three tiers (HACKING.md "Test tiers"). Each parity test compares a share of its inputs,
# ERLI18N_PARITY_SAMPLE percent (tests/parity/real_catalogs.sh): a sample of any size still runs
# every fixture, every option set and a real catalog of every kind; the share sets how many of
# the rest. A bare `ctest` compares them all.
#   make check     the inner loop: an incremental build/, the unit, CLI and parity tests on a
#                  CHECK_SAMPLE; no sanitizer build, no docs, packaging or build-system tests.
#   make test      what CI runs: the format check, build/ and every test but the slow label on
#                  TEST_SAMPLE; the ASan+UBSan build, its tests on ASAN_PARITY_SAMPLE making
#                  ASAN_COMPARISONS percent of the GNU comparisons (ERLI18N_PARITY_COMPARISONS),
#                  and every fuzzer for FUZZ_SECONDS; the TSan tests.
#   make test-all  make test, then the exhaustive sweeps: every test of build/ (the slow label
#                  too) on every input, the ASan tests on ASAN_ALL_SAMPLE with every comparison,
#                  the fuzzers for FUZZ_ALL_SECONDS.
CHECK_SAMPLE       ?= 1
TEST_SAMPLE        ?= 5
ASAN_PARITY_SAMPLE ?= 2
ASAN_COMPARISONS   ?= 10
ASAN_ALL_SAMPLE    ?= 10
CHECK_LABELS       ?= unit|cli|parity

check: build
	@ERLI18N_PARITY_SAMPLE=$(CHECK_SAMPLE) ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) \
	  -L '$(CHECK_LABELS)' -LE slow

test: phase-log-reset format-check test-build test-asan fuzz-check tsan
	@echo "make test: passed. Phases (seconds):"; cat $(PHASE_LOG)

phase-log-reset:
	@rm -f $(PHASE_LOG)

test-build: build
	@$(TIMED) ctest env ERLI18N_PARITY_SAMPLE=$(TEST_SAMPLE) ctest --test-dir $(BUILD) --output-on-failure \
	  -j $(JOBS) -LE slow

# detect_leaks: LeakSanitizer checks every test program and every CLI command at exit; the C
# library's own leaks are suppressed by name in tests/lsan.supp.
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
  UBSAN_OPTIONS=print_stacktrace=1
test-asan: asan
	@$(TIMED) ctest-asan env $(ASAN_ENV) ERLI18N_PARITY_SAMPLE=$(ASAN_PARITY_SAMPLE) \
	  ERLI18N_PARITY_COMPARISONS=$(ASAN_COMPARISONS) ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE slow

test-all: test test-all-build test-all-asan
	$(MAKE) fuzz-check FUZZ_SECONDS=$(FUZZ_ALL_SECONDS)

test-all-build: build
	ERLI18N_PARITY_SAMPLE=100 ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-all-asan: asan
	env $(ASAN_ENV) ERLI18N_PARITY_SAMPLE=$(ASAN_ALL_SAMPLE) ctest --test-dir $(ASAN_BUILD) \
	  --output-on-failure -j $(JOBS) -LE slow

# First in `make test`: seconds, and the likeliest failure of a change.
format-check: deps
	@$(TIMED) format-check bash scripts/format.sh --check

format:
	@bash scripts/format.sh

# The Debian packages erli18n, erli18n-dev and erli18n-dbgsym (the debug info) in
# $(BUILD)/package/, from the build (cmake/package.cmake, docs/install.md).
package: build
	@$(TIMED) package cpack --config $(BUILD)/CPackConfig.cmake -B $(abspath $(BUILD))/package

demo: build
	$(BUILD)/bin/hello

# The web example on http://127.0.0.1:8080/ (PORT=0 picks a free port and prints it).
PORT ?= 8080
web-demo: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target erli18n-web
	$(BUILD)/bin/erli18n-web --port $(PORT)

bench: deps
	cmake -S . -B $(BENCH_BUILD) -DCMAKE_BUILD_TYPE=Release -DERLI18N_BUILD_BENCH=ON -DERLI18N_BUILD_TESTS=OFF
	cmake --build $(BENCH_BUILD) -j $(JOBS)
	bash bench/run.sh $(BENCH_BUILD)

# The libFuzzer binaries are built by `make asan` (above), in $(ASAN_BUILD)/bin.
fuzz: asan

# Every fuzzer for FUZZ_SECONDS (FUZZ_ALL_SECONDS in make test-all) from a copy of its seed corpus: a finding, or fewer than
# FUZZ_MIN_EXECS inputs executed, fails (scripts/fuzz_check.sh). First the check proves it
# can fail: a real fuzzer stopped after 100 inputs must be reported as too few.
FUZZ_SECONDS   ?= 10
FUZZ_ALL_SECONDS ?= 60
FUZZ_MIN_EXECS ?= 5000
fuzz-check: fuzz
	@$(TIMED) fuzz-self-test bash scripts/fuzz_check.sh --self-test $(ASAN_BUILD)
	@$(TIMED) fuzz-check bash scripts/fuzz_check.sh --seconds $(FUZZ_SECONDS) --min-execs $(FUZZ_MIN_EXECS) \
	  --jobs $(JOBS) $(ASAN_BUILD)

# The API reference from the public headers (Doxygen), in $(BUILD)/docs/html; any warning
# (an undocumented public entity, a broken reference) fails it, as the api_docs test does.
docs: deps
	mkdir -p $(BUILD)/docs
	ERLI18N_DOCS_OUT=$(BUILD)/docs doxygen docs/api/Doxyfile
	@echo "API reference: $(BUILD)/docs/html/index.html"

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(BENCH_BUILD)
