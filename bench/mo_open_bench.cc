// Open time of an MO catalog against its size, which should be flat: `mo_catalog::open` maps
// the file and checks its header and tables in O(1), and `from_memory` does the same checks on
// a buffer the caller owns. Neither reads the strings (that is `validate()`, O(N), not timed
// here), so a 5 MB catalog should open as fast as a 10 KB one.
//
// The catalogs are generated at start-up with `erli18n::compile_mo`, so the benchmark needs no
// input: UTF-8, with a header and a hash table (as msgfmt writes by default), of about 10 KB,
// 100 KB, 1 MB and 5 MB. They are written to a fresh folder under $TMPDIR (or /tmp) that is
// removed at exit. `open` is timed with a warm page cache: the file was just written.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace {

struct catalog {
  std::string name;  // "10KB", "100KB", ...
  std::string path;
  std::string bytes;  // the file's contents, for from_memory
  std::size_t entries = 0;
};

// A catalog of `count` messages, shaped like a real one: English msgids of a few dozen bytes,
// Cyrillic translations (two bytes per letter), a c-format flag on some.
erli18n::po_file make_po(std::size_t count) {
  erli18n::po_file po;
  po.file_name = "<generated>";
  erli18n::po_message header;
  header.msgstr.emplace_back(
      "Content-Type: text/plain; charset=UTF-8\n"
      "Content-Transfer-Encoding: 8bit\n"
      "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
      "(n%100<10 || n%100>=20) ? 1 : 2);\n");
  po.messages.push_back(std::move(header));
  for (std::size_t i = 0; i < count; ++i) {
    erli18n::po_message m;
    const std::string n = std::to_string(i);
    m.msgid = "could not open relation number " + n + " for reading";
    m.msgstr.push_back("не удалось открыть отношение номер " + n + " для чтения");
    po.messages.push_back(std::move(m));
  }
  return po;
}

std::string compile(std::size_t count) {
  erli18n::result<std::string> bytes = erli18n::compile_mo(make_po(count));
  if (!bytes) {
    std::cerr << "mo_open_bench: error: " << bytes.error().to_string() << '\n';
    std::exit(2);
  }
  return std::move(*bytes);
}

// The entry count whose catalog is about `target` bytes: a guess, then scaled a few times
// (the header and the hash table's rounding make the size not quite proportional).
catalog make_catalog(std::string name, std::size_t target, const std::filesystem::path& dir) {
  std::size_t count = 8;
  std::string bytes = compile(count);
  for (int round = 0; round < 3; ++round) {
    count = std::max<std::size_t>(1, count * target / bytes.size());
    bytes = compile(count);
  }
  std::string path = (dir / (name + ".mo")).string();
  catalog c{std::move(name), std::move(path), std::move(bytes), count};
  std::ofstream out(c.path, std::ios::binary | std::ios::trunc);
  out.write(c.bytes.data(), static_cast<std::streamsize>(c.bytes.size()));
  out.close();
  if (!out) {
    std::cerr << "mo_open_bench: error: cannot write " << c.path << '\n';
    std::exit(2);
  }
  return c;
}

void set_counters(benchmark::State& state, const catalog& c) {
  state.counters["bytes"] = static_cast<double>(c.bytes.size());
  state.counters["entries"] = static_cast<double>(c.entries + 1);  // the header included
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
  bool ok = mo && mo->validate() && mo->hash_size() != 0 && mo->size() == c.entries + 1;
  const std::string last = "could not open relation number " + std::to_string(c.entries - 1) + " for reading";
  ok = ok && mo->lookup(last).has_value();
  if (!ok) {
    std::cerr << "mo_open_bench: error: the generated " << c.path << " does not read back\n";
    std::exit(2);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/mo_open_bench.XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::cerr << "mo_open_bench: error: cannot create a folder like " << pattern << '\n';
    return 2;
  }
  const std::filesystem::path dir = pattern;

  // Made before registering: the cases keep pointers to these, alive until exit.
  static std::vector<catalog> catalogs;
  const std::pair<const char*, std::size_t> sizes[] = {
      {"10KB", 10'000}, {"100KB", 100'000}, {"1MB", 1'000'000}, {"5MB", 5'000'000}};
  catalogs.reserve(std::size(sizes));
  for (const auto& [name, bytes] : sizes) catalogs.push_back(make_catalog(name, bytes, dir));
  for (const catalog& c : catalogs) {
    check(c);
    std::cout << "catalog " << c.name << ": " << c.bytes.size() << " bytes, " << c.entries + 1
              << " entries (header included)\n";
  }

  for (const catalog& c : catalogs) {
    benchmark::RegisterBenchmark(("mo_open/file/" + c.name).c_str(), open_file, &c)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mo_open/memory/" + c.name).c_str(), open_memory, &c)
        ->Unit(benchmark::kMicrosecond);
  }

  benchmark::Initialize(&argc, argv);
  int status = 0;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    status = 1;
  } else {
    benchmark::RunSpecifiedBenchmarks();
  }
  benchmark::Shutdown();
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  return status;
}
