// Open + first lookup of an MO catalog through a catalog_store, against the catalog's size:
// what a program pays before its first translated string (issue 25's goal 1: at most 50 us
// whatever the size). Each iteration makes a fresh `catalog_store` (outside the timed region),
// then times
//   load         store.load(domain, locale, path): open, map and publish the file
//   load_static  store.load_static(domain, locale, bytes): an image that lives as long as the
//                store (what `erli18n compile --cpp` embeds), read in place
//   load_buffer  store.load_buffer(domain, locale, bytes): bytes the store copies
// followed by one `dlgettext` of the catalog's last message (checked against its
// translation), and destroys the store untimed. The reported time is wall-clock (manual
// time) per open + first lookup; the counters `load_us` and `lookup_us` split it, and, with
// `index_us` is the time `catalog_store::build_indexes()` then takes to complete the lookup
// index (untimed, once per case: the steady state a long-lived process reaches).
//
// The catalogs are generated at start-up (generated_catalogs.h, as mo_open_bench's) with about
// 10 KB, 100 KB, 1 MB, 5 MB and 20 MB, written to a fresh folder under $TMPDIR (or /tmp) that
// is removed at exit; the page cache is warm (the files were just written).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/catalog_store.h"
#include "generated_catalogs.h"

namespace {

using clock_type = std::chrono::steady_clock;
using erli18n_bench::generated_catalog;

constexpr std::string_view domain = "bench";
constexpr std::string_view locale = "ru";

enum class how { load, load_static, load_buffer };

// One case's catalog and the message its first lookup asks for.
struct subject {
  const generated_catalog* catalog;
  std::string msgid, msgstr;  // the catalog's last message
};

erli18n::result<erli18n::load_outcome> open(erli18n::catalog_store& store, const generated_catalog& c,
                                            how h) {
  switch (h) {
    case how::load_static:
      return store.load_static(domain, locale, c.bytes, c.name);
    case how::load_buffer:
      return store.load_buffer(domain, locale, c.bytes, c.name);
    case how::load:
      break;
  }
  return store.load(domain, locale, c.path);
}

double us(clock_type::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

void open_and_look_up(benchmark::State& state, const subject* s, how h) {
  double load_total = 0, lookup_total = 0, index_total = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto store = std::make_unique<erli18n::catalog_store>();
    state.ResumeTiming();
    const clock_type::time_point t0 = clock_type::now();
    erli18n::result<erli18n::load_outcome> loaded = open(*store, *s->catalog, h);
    const clock_type::time_point t1 = clock_type::now();
    const std::string_view text = store->dlgettext(domain, locale, s->msgid);
    const clock_type::time_point t2 = clock_type::now();
    benchmark::DoNotOptimize(text.data());
    state.SetIterationTime(std::chrono::duration<double>(t2 - t0).count());
    load_total += us(t1 - t0);
    lookup_total += us(t2 - t1);
    state.PauseTiming();
    if (!loaded || text != s->msgstr) {
      state.ResumeTiming();
      state.SkipWithError(loaded ? "the first lookup did not find the translation"
                                 : loaded.error().to_string().c_str());
      break;
    }
    // Once per case (it is O(N), and would otherwise dominate the benchmark's running time).
    if (index_total == 0) {
      const clock_type::time_point t3 = clock_type::now();
      store->build_indexes();
      index_total = us(clock_type::now() - t3);
    }
    store.reset();
    state.ResumeTiming();
  }
  const auto n = static_cast<double>(state.iterations());
  if (n == 0) return;
  state.counters["bytes"] = static_cast<double>(s->catalog->bytes.size());
  state.counters["messages"] = static_cast<double>(s->catalog->messages + 1);  // the header included
  state.counters["load_us"] = load_total / n;
  state.counters["lookup_us"] = lookup_total / n;
  state.counters["index_us"] = index_total;
}

}  // namespace

int main(int argc, char** argv) {
  static const erli18n_bench::temp_folder dir("store_open_bench");
  // Made before registering: the cases keep pointers to these, alive until exit.
  static const std::vector<generated_catalog> catalogs = erli18n_bench::make_generated_catalogs(
      {{"10KB", 10'000}, {"100KB", 100'000}, {"1MB", 1'000'000}, {"5MB", 5'000'000}, {"20MB", 20'000'000}},
      dir.path(), "store_open_bench");
  static std::vector<subject> subjects;
  for (const generated_catalog& c : catalogs)
    subjects.push_back({&c, erli18n_bench::generated_msgid(c.messages - 1),
                        erli18n_bench::generated_msgstr(c.messages - 1)});

  for (const subject& s : subjects) {
    for (const auto& [name, h] : {std::pair{"load", how::load}, std::pair{"load_static", how::load_static},
                                  std::pair{"load_buffer", how::load_buffer}}) {
      benchmark::RegisterBenchmark(("store_open/" + std::string(name) + "/" + s.catalog->name).c_str(),
                                   open_and_look_up, &s, h)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
    }
  }
  return erli18n_bench::run_benchmarks(argc, argv);
}
