// reload_latency: how long a catalog_store::watch takes to show a replaced file, and what an
// idle watcher costs, in inotify and in polling mode.
//
//   reload_latency [CATALOGS [REPLACEMENTS [IDLE_SECONDS [DEBOUNCE_MS [POLL_MS]]]]]
//   (defaults: 100 catalogs, 50 replacements, 10 s idle, the default debounce and interval)
//
// For each mode it writes CATALOGS catalogs (one per locale) under a temporary ROOT, starts a
// watcher, then REPLACEMENTS times renames a new version over one catalog and measures the
// time until a lookup returns the new text (looked up every 50 us). Before each replacement
// it waits a random time below the poll interval, so that replacements do not all fall at
// the same point of the polling cycle (right after a round, the worst case). Then it sleeps
// IDLE_SECONDS and reports the process's CPU time meanwhile: the main thread sleeps, so that
// is the watcher's. Results go to standard output.
#include <stdlib.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/watch.h"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

std::string po_version(int v) {
  return "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"Hello\"\nmsgstr "
         "\"Hallo v" +
         std::to_string(v) + "\"\n";
}

// Renames a new file over `path`, as a deployment does.
void replace(const fs::path& path, const std::string& bytes) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  fs::rename(tmp, path);
}

// Two-letter locale names: aa, ab, ... (676 of them).
std::string locale_name(int i) { return {char('a' + i / 26 % 26), char('a' + i % 26)}; }

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

int run(bool polling, int catalogs, int replacements, int idle_seconds, const erli18n::watch_options& base) {
  char tmpl[] = "/tmp/erli18n-reload-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) return 1;
  const fs::path root = tmpl;
  for (int i = 0; i < catalogs; ++i) {
    fs::create_directories(root / locale_name(i) / "LC_MESSAGES");
    replace(root / locale_name(i) / "LC_MESSAGES" / "app.po", po_version(0));
  }
  erli18n::catalog_store store;
  erli18n::watch_options options = base;
  options.force_polling = polling;
  auto watcher = store.watch(root.string(), options);
  if (!watcher) {
    std::fprintf(stderr, "%s\n", watcher.error().to_string().c_str());
    return 1;
  }
  std::vector<double> ms;
  std::mt19937 random(42);
  std::uniform_int_distribution<long long> jitter_us(0, options.poll_interval.count() * 1000 - 1);
  for (int r = 1; r <= replacements; ++r) {
    std::this_thread::sleep_for(std::chrono::microseconds(jitter_us(random)));
    const std::string locale = locale_name(r % catalogs);
    const std::string expected = "Hallo v" + std::to_string(r);
    const auto start = steady::now();
    replace(root / locale / "LC_MESSAGES" / "app.po", po_version(r));
    while (store.dlgettext("app", locale, "Hello") != expected) {
      if (steady::now() - start > 30s) {
        std::fprintf(stderr, "replacement %d never became visible\n", r);
        return 1;
      }
      std::this_thread::sleep_for(50us);
    }
    ms.push_back(std::chrono::duration<double, std::milli>(steady::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  std::this_thread::sleep_for(1s);  // let the last round end
  const double cpu_before = cpu_seconds();
  const auto idle_start = steady::now();
  std::this_thread::sleep_for(std::chrono::seconds(idle_seconds));
  const double cpu = cpu_seconds() - cpu_before;
  const double wall = std::chrono::duration<double>(steady::now() - idle_start).count();
  std::printf(
      "%-8s catalogs=%d debounce=%lldms poll=%lldms  replace->visible ms: min %.1f median %.1f p95 %.1f max "
      "%.1f (n=%zu)  idle CPU: %.1f ms in %.1f s (%.4f%% of a core)\n",
      polling ? "polling" : "inotify", catalogs, static_cast<long long>(options.debounce.count()),
      static_cast<long long>(options.poll_interval.count()), ms.front(), ms[ms.size() / 2],
      ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.back(), ms.size(), cpu * 1000, wall,
      cpu / wall * 100);
  watcher->stop();
  fs::remove_all(root);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int catalogs = argc > 1 ? std::clamp(std::atoi(argv[1]), 1, 676) : 100;
  const int replacements = argc > 2 ? std::max(1, std::atoi(argv[2])) : 50;
  const int idle_seconds = argc > 3 ? std::max(0, std::atoi(argv[3])) : 10;
  erli18n::watch_options options;
  if (argc > 4) options.debounce = std::chrono::milliseconds(std::atoi(argv[4]));
  if (argc > 5) options.poll_interval = std::chrono::milliseconds(std::max(1, std::atoi(argv[5])));
  for (bool polling : {false, true})
    if (int rc = run(polling, catalogs, replacements, idle_seconds, options)) return rc;
  return 0;
}
