// Generated MO catalogs of a given size, for the benchmarks that time opening or loading a
// catalog against its size (mo_open_bench, store_open_bench): they need no input and write
// their catalogs to a temporary folder (`temp_folder`, also used by many_locales_bench).
//
// A catalog of N messages is shaped like a real one: English msgids of a few dozen bytes,
// Cyrillic translations (two bytes per letter), a Russian Plural-Forms header, UTF-8, with a
// hash table (as msgfmt writes by default). Message i is "could not open relation number i
// for reading" (`generated_msgid(i)`), so a benchmark can name any message it wants to look up.
#ifndef ERLI18N_BENCH_GENERATED_CATALOGS_H
#define ERLI18N_BENCH_GENERATED_CATALOGS_H

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace erli18n_bench {

inline std::string generated_msgid(std::size_t i) {
  return "could not open relation number " + std::to_string(i) + " for reading";
}

inline std::string generated_msgstr(std::size_t i) {
  return "не удалось открыть отношение номер " + std::to_string(i) + " для чтения";
}

// A catalog of `count` messages and a header.
inline erli18n::po_file generated_po(std::size_t count) {
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
    m.msgid = generated_msgid(i);
    m.msgstr.push_back(generated_msgstr(i));
    po.messages.push_back(std::move(m));
  }
  return po;
}

// `generated_po(count)` compiled to MO bytes; exits with a message naming `program` on error.
inline std::string generated_mo(std::size_t count, const char* program) {
  erli18n::result<std::string> bytes = erli18n::compile_mo(generated_po(count));
  if (!bytes) {
    std::cerr << program << ": error: " << bytes.error().to_string() << '\n';
    std::exit(2);
  }
  return std::move(*bytes);
}

// One generated catalog, written to a file.
struct generated_catalog {
  std::string name;  // "10KB", "100KB", ...
  std::string path;
  std::string bytes;         // the file's contents
  std::size_t messages = 0;  // the header not included
};

// The catalog of about `target` bytes, written to DIR/NAME.mo: a guess at the message count,
// then scaled a few times (the header and the hash table's rounding make the size not quite
// proportional).
inline generated_catalog make_generated_catalog(std::string name, std::size_t target,
                                                const std::filesystem::path& dir, const char* program) {
  std::size_t count = 8;
  std::string bytes = generated_mo(count, program);
  for (int round = 0; round < 3; ++round) {
    count = std::max<std::size_t>(1, count * target / bytes.size());
    bytes = generated_mo(count, program);
  }
  std::string path = (dir / (name + ".mo")).string();
  generated_catalog c{std::move(name), std::move(path), std::move(bytes), count};
  std::ofstream out(c.path, std::ios::binary | std::ios::trunc);
  out.write(c.bytes.data(), static_cast<std::streamsize>(c.bytes.size()));
  out.close();
  if (!out) {
    std::cerr << program << ": error: cannot write " << c.path << '\n';
    std::exit(2);
  }
  return c;
}

// The catalogs of the given (name, approximate size) pairs, in order, written to `dir`; prints
// each one's size and entry count.
inline std::vector<generated_catalog> make_generated_catalogs(
    std::initializer_list<std::pair<const char*, std::size_t>> sizes, const std::filesystem::path& dir,
    const char* program) {
  std::vector<generated_catalog> catalogs;
  catalogs.reserve(sizes.size());
  for (const auto& [name, bytes] : sizes) {
    const generated_catalog& c = catalogs.emplace_back(make_generated_catalog(name, bytes, dir, program));
    std::cout << "catalog " << c.name << ": " << c.bytes.size() << " bytes, " << c.messages + 1
              << " entries (header included)\n";
  }
  return catalogs;
}

// A fresh folder PROGRAM.XXXXXX under $TMPDIR (or /tmp), removed with everything in it when the
// object is destroyed: make it static to have it removed however the program exits
// (std::exit included). Exits if the folder cannot be made.
class temp_folder {
 public:
  explicit temp_folder(const char* program) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/" + program + ".XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      std::cerr << program << ": error: cannot create a folder like " << pattern << '\n';
      std::exit(2);
    }
    path_ = pattern;
  }
  ~temp_folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
  const std::filesystem::path& path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

// Google Benchmark's main() after the cases are registered: 1 for an unknown flag.
inline int run_benchmarks(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  int status = 0;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    status = 1;
  } else {
    benchmark::RunSpecifiedBenchmarks();
  }
  benchmark::Shutdown();
  return status;
}

}  // namespace erli18n_bench

#endif  // ERLI18N_BENCH_GENERATED_CATALOGS_H
