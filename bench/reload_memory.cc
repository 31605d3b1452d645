// reload_memory: what a catalog_store keeps over many reloads of a changing `.mo`, as a
// translator's editor saving a catalog again and again leaves it.
//
//   reload_memory [RELOADS [MESSAGES]]   (defaults: 10000 reloads, 300 messages)
//
// It compiles a catalog of MESSAGES messages, loads it, then RELOADS times renames a new
// version over the file (one message and the header's `X-Version` field changed each time)
// and reloads it. It prints, before and after, the process's resident memory (VmRSS), the
// store's `memory()`, the lines of /proc/self/maps naming the file (a replaced file shows as
// "PATH (deleted)") and all mappings of the process, and checks that a view returned before
// the reloads still reads its text. Results go to standard output.
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace {

std::string version_po(int version, int messages) {
  std::string po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"X-Version: " +
                   std::to_string(version) + "\\n\"\n";
  for (int i = 0; i < messages; ++i) {
    po += "\nmsgid \"Message " + std::to_string(i) + "\"\nmsgstr \"Traduction " + std::to_string(i);
    if (version != 0 && i == version % messages) po += ", version " + std::to_string(version);
    po += "\"\n";
  }
  return po;
}

std::string version_mo(int version, int messages) {
  auto po = erli18n::read_po(version_po(version, messages), "bench.po");
  if (!po) return {};
  auto mo = erli18n::compile_mo(*po);
  return mo ? *mo : std::string();
}

long rss_kb() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// Mappings of the process, and those naming `path`.
std::pair<long, long> mappings(const std::string& path) {
  std::ifstream in("/proc/self/maps");
  long all = 0, file = 0;
  for (std::string line; std::getline(in, line); ++all) file += line.find(path) != std::string::npos;
  return {all, file};
}

void report(const char* when, const erli18n::catalog_store& store, const std::string& path) {
  const erli18n::store_memory m = store.memory();
  const auto [all, file] = mappings(path);
  std::printf(
      "%-7s RSS %8ld kB; memory(): text %9zu, mapped %9zu, index %7zu bytes; mappings: %ld of the file, "
      "%ld in all\n",
      when, rss_kb(), m.text_bytes, m.mapped_bytes, m.index_bytes, file, all);
}

}  // namespace

int main(int argc, char** argv) {
  const int reloads = argc > 1 ? std::atoi(argv[1]) : 10000;
  const int messages = argc > 2 ? std::atoi(argv[2]) : 300;
  if (reloads < 1 || messages < 1) {
    std::fprintf(stderr, "usage: reload_memory [RELOADS [MESSAGES]]\n");
    return 2;
  }
  char folder[] = "/tmp/reload-memory-XXXXXX";
  if (mkdtemp(folder) == nullptr) return 1;
  const std::string path = std::string(folder) + "/fr.mo", tmp = path + ".tmp";
  auto save = [&](int version) {
    std::ofstream(tmp, std::ios::binary | std::ios::trunc) << version_mo(version, messages);
    std::filesystem::rename(tmp, path);
  };
  save(0);
  erli18n::catalog_store store;
  if (auto r = store.load("app", "fr", path); !r) {
    std::fprintf(stderr, "%s\n", r.error().to_string().c_str());
    return 1;
  }
  const std::string_view kept = store.dlgettext("app", "fr", "Message 1");
  std::printf("%d reloads of a %d-message .mo (%ju bytes), one message changed each time\n", reloads,
              messages, static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
  report("before", store, path);
  const long rss_before = rss_kb();
  const std::size_t text_before = store.memory().text_bytes;
  for (int v = 1; v <= reloads; ++v) {
    save(v);
    if (auto r = store.reload("app", "fr"); !r) {
      std::fprintf(stderr, "reload %d: %s\n", v, r.error().to_string().c_str());
      report("failed", store, path);
      return 1;
    }
  }
  report("after", store, path);
  std::printf("per reload: RSS %.0f bytes, text %.1f bytes; a view from before the reloads reads \"%s\"\n",
              static_cast<double>(rss_kb() - rss_before) * 1024.0 / reloads,
              static_cast<double>(store.memory().text_bytes - text_before) / reloads, kept.data());
  std::filesystem::remove_all(folder);
  return kept == "Traduction 1" ? 0 : 1;
}
