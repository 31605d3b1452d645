// The process's resident memory from /proc/self/status, for the benchmarks that report what
// loading catalogs costs in memory (all_catalogs_load, many_locales_bench): the total and its
// anonymous part (heap: indexes, copies) and file part (mapped .mo pages that were touched),
// which tell apart what a load allocates from what the page cache shares.
#ifndef ERLI18N_BENCH_PROC_MEMORY_H
#define ERLI18N_BENCH_PROC_MEMORY_H

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace erli18n_bench {

// VmRSS, RssAnon and RssFile in kB; -1 where the kernel does not report them.
struct rss {
  long total = -1, anon = -1, file = -1;
};

inline rss read_rss() {
  rss r;
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    auto field = [&line](const char* name, long& out) {
      if (line.rfind(name, 0) == 0) out = std::atol(line.c_str() + std::strlen(name));
    };
    field("VmRSS:", r.total);
    field("RssAnon:", r.anon);
    field("RssFile:", r.file);
  }
  return r;
}

// `after - before`, field by field.
inline rss rss_growth(const rss& before, const rss& after) {
  return {after.total - before.total, after.anon - before.anon, after.file - before.file};
}

}  // namespace erli18n_bench

#endif  // ERLI18N_BENCH_PROC_MEMORY_H
