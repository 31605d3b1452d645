# erli18n — the commands a developer and CI use. `make test` is what CI runs.
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
BENCH_BUILD ?= build-bench
JOBS       ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo -DERLI18N_WERROR=ON

.PHONY: deps build asan tsan test test-all test-fast format format-check demo web-demo bench fuzz fuzz-check docs clean

deps:
	@bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
	  -DERLI18N_WERROR=ON -DERLI18N_SANITIZE=address,undefined
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# The tests of threaded code under ThreadSanitizer: the catalog store (its lock-free read path
# and the writer's reclamation) and the extractor (workers scanning files for the recording
# thread). Only those test binaries are built, and each runs once as a whole, which is faster
# than a ctest process per test case. The CLI stays configured (the script tests name it) but
# is not built.
TSAN_TESTS ?= store_stress_test store_faults_test catalog_store_test gettext_test events_test extract_test \
              intl_threads_test intl_remembered_test watch_test
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DERLI18N_SANITIZE=thread \
	  -DERLI18N_WERROR=ON -DERLI18N_BUILD_EXAMPLES=OFF
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target $(TSAN_TESTS)
	set -e; for t in $(TSAN_TESTS); do \
	  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" $(TSAN_BUILD)/bin/$$t --gtest_brief=1; \
	done

# Everything but the slow label, in the normal build and then under ASan+UBSan (asserts on,
# -O1 so that the parity tests over hundreds of real catalogs stay within the time budget).
# The docs' examples (label docs) run in the normal build only: they exercise the library the
# unit tests already run under the sanitizers, and an LD_PRELOAD example cannot preload an
# ASan-built library into an uninstrumented program. Before them, every fuzzer runs for
# FUZZ_SECONDS (fuzz-check, below).
test: build asan tsan format-check fuzz-check
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE slow
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS) -LE 'slow|cmake|docs'

# Also the slow tests (every .mo on the machine).
test-all: test
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -L slow

format-check:
	@bash scripts/format.sh --check

format:
	@bash scripts/format.sh

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

# libFuzzer binaries (clang-19, ASan+UBSan). Run one: build-fuzz/bin/fuzz_po fuzz/corpus/fuzz_po
fuzz: deps
	CC=clang-19 CXX=clang++-19 cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DERLI18N_BUILD_FUZZERS=ON -DERLI18N_BUILD_TESTS=OFF -DERLI18N_BUILD_TOOLS=OFF \
	  -DERLI18N_BUILD_EXAMPLES=OFF -DERLI18N_SANITIZE=address,undefined
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# Every fuzzer for FUZZ_SECONDS from a copy of its seed corpus: a finding, or fewer than
# FUZZ_MIN_EXECS inputs executed, fails (scripts/fuzz_check.sh). First the check proves it
# can fail: a real fuzzer stopped after 100 inputs must be reported as too few.
FUZZ_SECONDS   ?= 25
FUZZ_MIN_EXECS ?= 5000
fuzz-check: fuzz
	bash scripts/fuzz_check.sh --self-test $(FUZZ_BUILD)
	bash scripts/fuzz_check.sh --seconds $(FUZZ_SECONDS) --min-execs $(FUZZ_MIN_EXECS) --jobs $(JOBS) $(FUZZ_BUILD)

# The API reference from the public headers (Doxygen), in $(BUILD)/docs/html; any warning
# (an undocumented public entity, a broken reference) fails it, as the api_docs test does.
docs: deps
	mkdir -p $(BUILD)/docs
	ERLI18N_DOCS_OUT=$(BUILD)/docs doxygen docs/api/Doxyfile
	@echo "API reference: $(BUILD)/docs/html/index.html"

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD) $(BENCH_BUILD)
