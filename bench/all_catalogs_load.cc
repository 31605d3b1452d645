// all_catalogs_load: every real `.mo` of the machine loaded into ONE catalog_store, as a server
// that offers every installed language would (issue 25's goals 1 and 2: all of them in at most
// 0.2 s, an index of at most 16 bytes a message, and RSS at most the touched mapped bytes plus
// that index).
//
//   all_catalogs_load [--dir D] [--limit N]   (defaults: /usr/share/locale, no limit)
//
// It finds D/LOCALE/CATEGORY/DOMAIN.mo (LC_MESSAGES, and LC_TIME and the other categories where
// present), first, untimed; then loads each with `ensure_loaded(domain, locale, path)`, timed
// with steady_clock around the whole loop. The domain is the file's name without `.mo`, with
// ".CATEGORY" appended outside LC_MESSAGES (coreutils has both LC_MESSAGES/coreutils.mo and
// LC_TIME/coreutils.mo in one locale, and a store key is (domain, locale)); the locale is the
// folder's name. Folders the store refuses as locales (`errc::invalid_argument`) are skipped
// and counted, as are second folders naming the same canonical locale (`already_loaded`) and
// files that fail to load. Then it prints: the catalogs and messages loaded (the sum of
// `catalogs()[i].messages`), the `.mo` bytes, the load time, the process's RSS before and after
// (VmRSS, and its RssAnon and RssFile parts from /proc/self/status), `memory()`, and, where the
// time `build_indexes()` takes to complete every lookup index and the RSS then; the index bytes per message;
// and a check: one message of one catalog (coreutils' "Usage: %s [OPTION]...\n" where there is one) looked up
// through the store and through `mo_catalog::lookup` on the same file must agree. Results go to standard
// output; the exit status is 0 when the check passes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "proc_memory.h"

namespace {

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

struct mo_file {
  std::string domain, locale, path;
  std::uintmax_t bytes = 0;
};

// Every DIR/LOCALE/CATEGORY/DOMAIN.mo, sorted by path so that runs load in the same order.
std::vector<mo_file> find_catalogs(const fs::path& dir) {
  std::vector<mo_file> found;
  std::error_code ec;
  for (const fs::directory_entry& locale : fs::directory_iterator(dir, ec)) {
    std::error_code ec2;
    if (!locale.is_directory(ec2)) continue;
    for (const fs::directory_entry& category : fs::directory_iterator(locale.path(), ec2)) {
      const std::string cat = category.path().filename().string();
      std::error_code ec3;
      if (cat.rfind("LC_", 0) != 0 || !category.is_directory(ec3)) continue;
      for (const fs::directory_entry& file : fs::directory_iterator(category.path(), ec3)) {
        std::error_code ec4;
        if (file.path().extension() != ".mo" || !file.is_regular_file(ec4)) continue;
        std::string domain = file.path().stem().string();
        if (cat != "LC_MESSAGES") domain += "." + cat;
        found.push_back({std::move(domain), locale.path().filename().string(), file.path().string(),
                         file.file_size(ec4)});
      }
    }
  }
  if (ec) std::fprintf(stderr, "all_catalogs_load: %s: %s\n", dir.c_str(), ec.message().c_str());
  std::sort(found.begin(), found.end(), [](const mo_file& a, const mo_file& b) { return a.path < b.path; });
  return found;
}

using erli18n_bench::read_rss;
using erli18n_bench::rss;

void print_rss(const char* when, const rss& r, const rss& base) {
  const rss g = erli18n_bench::rss_growth(base, r);
  std::printf("RSS %-22s %8ld kB (anon %8ld kB, file %8ld kB); +%ld kB (anon +%ld, file +%ld) since before\n",
              when, r.total, r.anon, r.file, g.total, g.anon, g.file);
}

void print_memory(const char* when, const erli18n::store_memory& m) {
  std::printf("memory() %-17s text %10zu, mapped %10zu, index %10zu bytes\n", when, m.text_bytes,
              m.mapped_bytes, m.index_bytes);
}

double seconds(clock_type::duration d) { return std::chrono::duration<double>(d).count(); }

// The process's CPU time (every thread), in seconds: steadier than wall-clock time on a
// machine other processes share.
double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

void target(const char* what, double value, const char* unit, double limit) {
  std::printf("%-48s %10.3f %-6s target <= %g   %s\n", what, value, unit, limit,
              value <= limit ? "met" : "NOT MET");
}

// One message of a loaded catalog, looked up through the store and through mo_catalog on the
// same file; false when they disagree (or nothing could be checked).
bool check_lookup(const erli18n::catalog_store& store, const std::vector<mo_file>& loaded) {
  const mo_file* subject = nullptr;
  for (const mo_file& f : loaded)
    if (f.domain == "coreutils" && (subject == nullptr || f.locale == "fr")) subject = &f;
  if (subject == nullptr && !loaded.empty()) subject = &loaded.front();
  if (subject == nullptr) {
    std::printf("check: nothing loaded\n");
    return false;
  }
  erli18n::result<erli18n::mo_catalog> mo = erli18n::mo_catalog::open(subject->path);
  if (!mo) {
    std::printf("check: %s\n", mo.error().to_string().c_str());
    return false;
  }
  // Usage: ... where the catalog has it, else the first singular message in the middle.
  std::string msgid, context;
  bool has_context = false;
  if (mo->lookup("Usage: %s [OPTION]...\n")) {
    msgid = "Usage: %s [OPTION]...\n";
  } else {
    for (std::size_t i = mo->size() / 2; i < mo->size() && msgid.empty(); ++i) {
      erli18n::result<erli18n::mo_entry> e = mo->entry(i);
      if (!e || e->system_dependent || e->has_plural || e->msgid.empty()) continue;
      msgid = e->msgid;
      has_context = e->has_context;
      context = e->context;
    }
  }
  const std::optional<std::string_view> expected =
      has_context ? mo->lookup(context, msgid) : mo->lookup(msgid);
  const std::string_view got = has_context
                                   ? store.dlpgettext(subject->domain, subject->locale, context, msgid)
                                   : store.dlgettext(subject->domain, subject->locale, msgid);
  const bool ok = expected && got == *expected && got.data() != msgid.data();
  std::string shown(msgid.substr(0, msgid.find('\n')));
  std::printf("check: %s: \"%s\" -> \"%.*s\" (mo_catalog::lookup %s)\n", subject->path.c_str(), shown.c_str(),
              static_cast<int>(std::min<std::size_t>(got.find('\n'), got.size())), got.data(),
              ok ? "agrees" : "DISAGREES");
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "/usr/share/locale";
  std::size_t limit = static_cast<std::size_t>(-1);
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--dir" && i + 1 < argc) {
      dir = argv[++i];
    } else if (arg == "--limit" && i + 1 < argc) {
      limit = std::strtoull(argv[++i], nullptr, 10);
    } else {
      std::fprintf(stderr, "usage: all_catalogs_load [--dir D] [--limit N]\n");
      return 2;
    }
  }

  std::vector<mo_file> files = find_catalogs(dir);
  if (files.size() > limit) files.resize(limit);
  std::printf("%zu .mo files under %s\n", files.size(), dir.c_str());

  erli18n::catalog_store store;
  std::vector<mo_file> loaded;
  loaded.reserve(files.size());
  std::size_t refused = 0, duplicates = 0, failed = 0;
  std::uintmax_t mo_bytes = 0;
  const rss before = read_rss();
  const double cpu0 = cpu_seconds();
  const clock_type::time_point t0 = clock_type::now();
  for (const mo_file& f : files) {
    erli18n::result<erli18n::load_outcome> r = store.ensure_loaded(f.domain, f.locale, f.path);
    if (!r) {
      if (r.error().code == erli18n::errc::invalid_argument) {
        ++refused;
      } else {
        ++failed;
        std::fprintf(stderr, "all_catalogs_load: %s\n", r.error().to_string().c_str());
      }
    } else if (r->already_loaded) {
      ++duplicates;
    } else {
      loaded.push_back(f);
      mo_bytes += f.bytes;
    }
  }
  const clock_type::duration load_time = clock_type::now() - t0;
  const double load_cpu = cpu_seconds() - cpu0;
  const rss after = read_rss();
  const erli18n::store_memory m = store.memory();

  std::size_t messages = 0;
  const std::vector<erli18n::catalog_info> infos = store.catalogs();
  for (const erli18n::catalog_info& c : infos) messages += c.messages;
  std::printf(
      "catalogs %zu (files loaded %zu; skipped: %zu refused locale folders, %zu second folders of a "
      "locale, %zu failed)\n",
      infos.size(), loaded.size(), refused, duplicates, failed);
  std::printf("messages %zu, .mo bytes %ju\n", messages, mo_bytes);
  std::printf("load time %.3f s, CPU %.3f s (wall: %.2f us a catalog, %.3f us a message)\n",
              seconds(load_time), load_cpu,
              seconds(load_time) * 1e6 / static_cast<double>(std::max<std::size_t>(1, loaded.size())),
              seconds(load_time) * 1e6 / static_cast<double>(std::max<std::size_t>(1, messages)));
  print_rss("before the loads", before, before);
  print_rss("after the loads", after, before);
  print_memory("after the loads", m);

  erli18n::store_memory steady = m;
  rss steady_rss = after;
  const clock_type::time_point t1 = clock_type::now();
  store.build_indexes();
  const clock_type::duration index_time = clock_type::now() - t1;
  const double index_cpu = cpu_seconds() - cpu0 - load_cpu;
  steady = store.memory();
  steady_rss = read_rss();
  std::printf(
      "build_indexes() took %.3f s (%.3f s after the first load began); CPU since the loads "
      "returned %.3f s\n",
      seconds(index_time), seconds(load_time + index_time), index_cpu);
  print_rss("indexes built", steady_rss, before);
  print_memory("indexes built", steady);

  const double per_message =
      static_cast<double>(steady.index_bytes) / static_cast<double>(std::max<std::size_t>(1, messages));
  // RssFile's growth is the mapped bytes the loads touched. The goal (issue 25) allows 16
  // bytes a message on top of them; the index itself takes less, and the rest of the
  // anonymous growth is the store's records of each catalog.
  const double rss_growth_kb = static_cast<double>(steady_rss.total - before.total);
  const double touched_kb = static_cast<double>(steady_rss.file - before.file);
  const double allowed_kb = touched_kb + 16.0 * static_cast<double>(messages) / 1024.0;
  const double with_index_kb = touched_kb + static_cast<double>(steady.index_bytes) / 1024.0;
  std::printf(
      "index %.1f bytes a message; RSS growth %.0f kB against touched mapped (RssFile growth) + 16 B a "
      "message %.0f kB (+ the index itself: %.0f kB, %.3fx)\n",
      per_message, rss_growth_kb, allowed_kb, with_index_kb, rss_growth_kb / std::max(1.0, with_index_kb));
  target("load time (s)", seconds(load_time), "s", 0.2);
  target("index bytes a message", per_message, "B", 16);
  target("RSS growth / (touched mapped + 16 B a message)", rss_growth_kb / std::max(1.0, allowed_kb), "x",
         1.0);
  return check_lookup(store, loaded) ? 0 : 1;
}
