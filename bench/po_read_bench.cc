// PO reader and writer throughput on real catalogs, next to two "floors" that say how fast
// the bytes can be scanned at all, so the MB/s figures have a scale.
//
// Inputs are named by the environment; bench/run.sh prepares them from /usr/share/locale:
//   ERLI18N_BENCH_LARGEST  the largest catalog on the machine, decompiled with msgunfmt
//   ERLI18N_BENCH_CONCAT   a ~20 MB file made of a few hundred decompiled catalogs
// Cases whose input is not set are not registered, so the binary also runs on one file.
//
// Every case parses or writes from memory: file I/O is left to the whole-process comparison
// with msgcat in run.sh. Timing includes destroying the parsed file, which a real load pays.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"

namespace {

struct input {
  std::string name;  // short name used in the benchmark names: "largest", "concat"
  std::string path;
  std::string bytes;
};

std::optional<input> load_input(const char* env, std::string name) {
  const char* path = std::getenv(env);
  if (path == nullptr || *path == '\0') return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in && !in.eof()) {
    std::cerr << path << ": error: cannot read\n";
    std::exit(2);
  }
  return input{std::move(name), path, std::move(bytes)};
}

// The concatenation is larger than the reader's default 16 MiB bound on untrusted input;
// these inputs are trusted, so the bounds are raised to fit them.
erli18n::po_read_options options_for(const input& in) {
  erli18n::po_read_options options;
  options.max_bytes = in.bytes.size() + 1;
  options.max_entries = std::size_t{1} << 30;
  return options;
}

void report(benchmark::State& state, std::size_t bytes) {
  auto total = static_cast<std::int64_t>(bytes) * state.iterations();
  state.SetBytesProcessed(total);
  // bytes_per_second is printed in binary units (M/s there means MiB/s); "B/s" is the same
  // rate in decimal units (M/s = MB/s), the unit docs/performance.md uses.
  state.counters["B/s"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate,
                                             benchmark::Counter::OneK::kIs1000);
}

// Floor 1: find every line end with memchr (vectorized by libc). Any PO parser must at least
// look at every byte; this is the cheapest way to do so.
void floor_memchr(benchmark::State& state, const input* in) {
  for (auto _ : state) {
    std::size_t lines = 0;
    const char* p = in->bytes.data();
    const char* end = p + in->bytes.size();
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
      ++lines;
      p = static_cast<const char*>(nl) + 1;
    }
    benchmark::DoNotOptimize(lines);
  }
  report(state, in->bytes.size());
}

// Strict UTF-8 validation, one byte at a time: no overlong forms, no surrogates, nothing
// above U+10FFFF. A plain loop, like a parser's own checks, rather than a SIMD validator.
bool valid_utf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
    unsigned char c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    std::size_t length = 0;
    std::uint32_t code = 0;
    std::uint32_t minimum = 0;
    if ((c & 0xE0) == 0xC0) {
      length = 2, code = c & 0x1Fu, minimum = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      length = 3, code = c & 0x0Fu, minimum = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      length = 4, code = c & 0x07u, minimum = 0x10000;
    } else {
      return false;
    }
    if (static_cast<std::size_t>(end - p) < length) return false;
    for (std::size_t i = 1; i < length; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      code = (code << 6) | (p[i] & 0x3Fu);
    }
    if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    p += length;
  }
  return true;
}

// Floor 2: validate the whole file as UTF-8, which the reader must also do.
void floor_utf8(benchmark::State& state, const input* in) {
  for (auto _ : state) {
    bool ok = valid_utf8(in->bytes);
    benchmark::DoNotOptimize(ok);
  }
  report(state, in->bytes.size());
}

void read_po(benchmark::State& state, const input* in) {
  const erli18n::po_read_options options = options_for(*in);
  std::size_t entries = 0;
  for (auto _ : state) {
    erli18n::result<erli18n::po_file> po = erli18n::read_po(in->bytes, in->path, options);
    if (!po) {
      state.SkipWithError(po.error().to_string().c_str());
      return;
    }
    entries = po->messages.size();
    benchmark::DoNotOptimize(po);
  }
  report(state, in->bytes.size());
  state.counters["entries"] = static_cast<double>(entries);
}

// Writes the parsed input back; the bytes counted are those written.
void write_po(benchmark::State& state, const input* in) {
  erli18n::result<erli18n::po_file> po = erli18n::read_po(in->bytes, in->path, options_for(*in));
  if (!po) {
    state.SkipWithError(po.error().to_string().c_str());
    for (auto _ : state) {
    }
    return;
  }
  std::size_t written = 0;
  for (auto _ : state) {
    erli18n::result<std::string> bytes = erli18n::write_po(*po);
    if (!bytes) {
      state.SkipWithError(bytes.error().to_string().c_str());
      return;
    }
    written = bytes->size();
    benchmark::DoNotOptimize(bytes);
  }
  report(state, written);
}

}  // namespace

int main(int argc, char** argv) {
  // Loaded before registering: the cases keep pointers to these, alive until exit.
  static std::vector<input> inputs;
  if (auto in = load_input("ERLI18N_BENCH_LARGEST", "largest")) inputs.push_back(std::move(*in));
  if (auto in = load_input("ERLI18N_BENCH_CONCAT", "concat")) inputs.push_back(std::move(*in));
  if (inputs.empty()) {
    std::cerr << "po_read_bench: set ERLI18N_BENCH_LARGEST and/or ERLI18N_BENCH_CONCAT to PO files "
                 "(bench/run.sh does)\n";
    return 2;
  }

  for (const input& in : inputs) {
    std::cout << "input " << in.name << ": " << in.path << " (" << in.bytes.size() << " bytes)\n";
    const std::string suffix = "/" + in.name;
    benchmark::RegisterBenchmark(("floor_memchr" + suffix).c_str(), floor_memchr, &in)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("floor_utf8" + suffix).c_str(), floor_utf8, &in)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("read_po" + suffix).c_str(), read_po, &in)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("write_po" + suffix).c_str(), write_po, &in)->Unit(benchmark::kMillisecond);
  }

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
