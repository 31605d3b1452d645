// Open time of an MO catalog against its size, which should be flat: `mo_catalog::open` maps
// the file and checks its header and tables in O(1), and `from_memory` does the same checks on
// a buffer the caller owns. Neither reads the strings (that is `validate()`, O(N), not timed
// here), so a 5 MB catalog should open as fast as a 10 KB one.
//
// The catalogs are generated at start-up with `erli18n::compile_mo` (generated_catalogs.h), so the
// benchmark needs no input: UTF-8, with a header and a hash table (as msgfmt writes by default), of about 10
// KB, 100 KB, 1 MB and 5 MB. They are written to a fresh folder under $TMPDIR (or /tmp) that is removed at
// exit. `open` is timed with a warm page cache: the file was just written.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "erli18n/mo.h"
#include "generated_catalogs.h"

namespace {

using catalog = erli18n_bench::generated_catalog;

void set_counters(benchmark::State& state, const catalog& c) {
  state.counters["bytes"] = static_cast<double>(c.bytes.size());
  state.counters["entries"] = static_cast<double>(c.messages + 1);  // the header included
}

void open_file(benchmark::State& state, const catalog* c) {
  for (auto _ : state) {
    erli18n::result<erli18n::mo_catalog> mo = erli18n::mo_catalog::open(c->path);
    if (!mo) {
      state.SkipWithError(mo.error().to_string().c_str());
      return;
    }
    benchmark::DoNotOptimize(mo);
  }
  set_counters(state, *c);
}

void open_memory(benchmark::State& state, const catalog* c) {
  for (auto _ : state) {
    erli18n::result<erli18n::mo_catalog> mo =
        erli18n::mo_catalog::from_memory(c->bytes.data(), c->bytes.size(), c->name);
    if (!mo) {
      state.SkipWithError(mo.error().to_string().c_str());
      return;
    }
    benchmark::DoNotOptimize(mo);
  }
  set_counters(state, *c);
}

// The generated catalogs must be real ones: open each, check it fully and look a message up.
void check(const catalog& c) {
  erli18n::result<erli18n::mo_catalog> mo = erli18n::mo_catalog::open(c.path);
  bool ok = mo && mo->validate() && mo->hash_size() != 0 && mo->size() == c.messages + 1;
  ok = ok && mo->lookup(erli18n_bench::generated_msgid(c.messages - 1)).has_value();
  if (!ok) {
    std::cerr << "mo_open_bench: error: the generated " << c.path << " does not read back\n";
    std::exit(2);
  }
}

}  // namespace

int main(int argc, char** argv) {
  static const erli18n_bench::temp_folder dir("mo_open_bench");
  // Made before registering: the cases keep pointers to these, alive until exit.
  static const std::vector<catalog> catalogs = erli18n_bench::make_generated_catalogs(
      {{"10KB", 10'000}, {"100KB", 100'000}, {"1MB", 1'000'000}, {"5MB", 5'000'000}}, dir.path(),
      "mo_open_bench");
  for (const catalog& c : catalogs) check(c);

  for (const catalog& c : catalogs) {
    benchmark::RegisterBenchmark(("mo_open/file/" + c.name).c_str(), open_file, &c)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mo_open/memory/" + c.name).c_str(), open_memory, &c)
        ->Unit(benchmark::kMicrosecond);
  }
  return erli18n_bench::run_benchmarks(argc, argv);
}
