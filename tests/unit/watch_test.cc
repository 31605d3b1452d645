// catalog_store::watch: files replaced, rewritten, truncated, unreadable, deleted, written in
// bursts, new locale folders and symlink swaps, each in inotify and in polling mode, while
// reader threads check that every lookup returns a complete version of the text; plus
// shutdown during a reload, failures inside the watcher, and the fall back to polling.
#include <gtest/gtest.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "erli18n/watch.h"
#include "fault_injection.h"
#include "test_support.h"
#include "watch_internal.h"
#include "watch_scan.h"

namespace {

namespace fs = std::filesystem;
using erli18n::catalog_store;
using erli18n::catalog_watcher;
using erli18n::errc;
using erli18n::event_kind;
using erli18n::store_event;
using erli18n::watch_mode;
using erli18n::watch_options;
using erli18n::test_support::temp_dir;
using namespace std::chrono_literals;

// Generous: the sanitizer builds on a busy machine are slow. Waits end as soon as they can.
constexpr auto patience = 10s;

// Version `v` of a catalog: "Hello" -> "Hallo vN", "Bye" -> "Tschuess vN".
std::string po_version(int v) {
  const std::string n = std::to_string(v);
  return "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
         "msgid \"Hello\"\nmsgstr \"Hallo v" +
         n + "\"\n\nmsgid \"Bye\"\nmsgstr \"Tschuess v" + n + "\"\n";
}

std::string mo_version(int v) { return erli18n::test_support::mo_from_po(po_version(v)); }

void write_in_place(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// The store's events, kept for the test to wait on.
struct event_log {
  struct entry {
    event_kind kind;
    std::string domain, locale, source, ignored;
    errc failure;
    std::chrono::steady_clock::time_point at;  // when the observer was called
  };
  std::mutex m;
  std::condition_variable changed;
  std::vector<entry> events;

  erli18n::observer observer() {
    return [this](const store_event& e) {
      std::lock_guard lock(m);
      events.push_back({e.kind, std::string(e.domain), std::string(e.locale), std::string(e.source),
                        std::string(e.ignored), e.failure ? e.failure->code : errc::syntax,
                        std::chrono::steady_clock::now()});
      changed.notify_all();
    };
  }
  std::size_t count(event_kind kind, const std::string& locale = {}) {
    std::lock_guard lock(m);
    std::size_t n = 0;
    for (const entry& e : events) n += e.kind == kind && (locale.empty() || e.locale == locale);
    return n;
  }
  // The events of `kind`, in order.
  std::vector<entry> of(event_kind kind) {
    std::lock_guard lock(m);
    std::vector<entry> out;
    for (const entry& e : events)
      if (e.kind == kind) out.push_back(e);
    return out;
  }
  // When each event of `kind` for `locale` was delivered, in order.
  std::vector<std::chrono::steady_clock::time_point> times(event_kind kind, const std::string& locale) {
    std::lock_guard lock(m);
    std::vector<std::chrono::steady_clock::time_point> out;
    for (const entry& e : events)
      if (e.kind == kind && e.locale == locale) out.push_back(e.at);
    return out;
  }
  // Waits until `count(kind, locale)` reaches `n`.
  bool wait_count(event_kind kind, std::size_t n, const std::string& locale = {}) {
    std::unique_lock lock(m);
    return changed.wait_for(lock, patience, [&] {
      std::size_t c = 0;
      for (const entry& e : events) c += e.kind == kind && (locale.empty() || e.locale == locale);
      return c >= n;
    });
  }
};

// Waits until the lookup returns `expected` (polled: a lookup costs nanoseconds).
bool wait_text(const catalog_store& store, const std::string& locale, const std::string& expected,
               const std::string& msgid = "Hello") {
  const auto end = std::chrono::steady_clock::now() + patience;
  while (std::chrono::steady_clock::now() < end) {
    if (store.dlgettext("app", locale, msgid) == expected) return true;
    std::this_thread::sleep_for(1ms);
  }
  return false;
}

// Waits until `done()` holds, for at most `patience`.
bool wait_until(const std::function<bool()>& done) {
  const auto end = std::chrono::steady_clock::now() + patience;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= end) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

// The threads of this process (one folder each in /proc/self/task).
std::size_t thread_count() {
  std::size_t n = 0;
  for (const fs::directory_entry& task : fs::directory_iterator("/proc/self/task")) n += task.is_directory();
  return n;
}

// Threads that look "Hello" and "Bye" up without pause and check each answer is a complete
// version ("Hallo vN", "Tschuess vN"), the versions never going back.
class readers {
 public:
  readers(const catalog_store& store, std::string locale, int threads = 2) {
    for (int i = 0; i < threads; ++i)
      threads_.emplace_back([this, &store, locale] {
        int last_hello = 0, last_bye = 0;
        while (!done_.load()) {
          check(store.dlgettext("app", locale, "Hello"), "Hallo v", last_hello);
          check(store.dlgettext("app", locale, "Bye"), "Tschuess v", last_bye);
          reads_.fetch_add(1, std::memory_order_relaxed);
        }
      });
  }
  ~readers() { finish(); }
  // Stops the threads; the first bad answer, or empty.
  std::string finish() {
    done_.store(true);
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
    std::lock_guard lock(m_);
    return bad_;
  }
  std::uint64_t reads() const { return reads_.load(); }

 private:
  void check(std::string_view got, std::string_view prefix, int& last) {
    bool ok = got.substr(0, prefix.size()) == prefix && got.size() > prefix.size();
    int v = 0;
    for (char c : got.substr(std::min(prefix.size(), got.size()))) {
      if (c < '0' || c > '9') ok = false;
      v = v * 10 + (c - '0');
    }
    if (ok && v < last) ok = false;
    if (ok) {
      last = v;
      return;
    }
    std::lock_guard lock(m_);
    if (bad_.empty()) bad_ = std::string(got) + " (after v" + std::to_string(last) + ")";
  }

  std::vector<std::thread> threads_;
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> reads_{0};
  std::mutex m_;
  std::string bad_;
};

class WatchTest : public ::testing::TestWithParam<bool> {
 protected:
  bool polling() const { return GetParam(); }

  watch_options options() {
    watch_options o;
    o.debounce = 20ms;
    o.poll_interval = 20ms;
    o.force_polling = polling();
    o.on_error = [this](const erli18n::error& e) {
      std::lock_guard lock(errors_mutex_);
      errors_.push_back(e.to_string());
    };
    return o;
  }

  catalog_watcher start(const watch_options& o) {
    auto w = store_.watch(dir_.path("root"), o);
    if (!w) throw std::runtime_error(w.error().to_string());
    EXPECT_EQ(w->mode(), polling() ? watch_mode::polling : watch_mode::inotify);
    return std::move(*w);
  }
  catalog_watcher start() { return start(options()); }

  std::vector<std::string> errors() {
    std::lock_guard lock(errors_mutex_);
    return errors_;
  }

  std::string root(const std::string& rel) const { return dir_.path("root/" + rel); }

  // Returns once the watcher has handled every change made before the call, so that a
  // check that nothing happened needs no sleep: it rewrites a catalog of its own and waits
  // until the new text is loaded. The watcher marks changes in the order it sees them, each
  // waits the same debounce, and keys due together are handled in folder order ("zu" sorts
  // after the test's folders): whatever it was to do about an earlier change is done. The
  // folder is made on the first call and loaded first: a new folder is loaded as soon as a
  // polling round finds it, before the changes that round marks.
  void flush() {
    for (int round = flushes_ == 0 ? 0 : 1; round < 2; ++round) {
      const int v = 100 + ++flushes_;
      dir_.write("root/zu/LC_MESSAGES/app.po", po_version(v));
      ASSERT_TRUE(wait_text(store_, "zu", "Hallo v" + std::to_string(v)));
    }
  }

  void SetUp() override {
    if (!polling()) {
      // A sandbox without inotify (the watcher then polls, which the polling runs test).
      const int fd = ::inotify_init1(IN_CLOEXEC);
      if (fd < 0) GTEST_SKIP() << "inotify is not available here";
      ::close(fd);
    }
    fs::create_directories(dir_.path("root"));
    dir_.write("root/de/LC_MESSAGES/app.po", po_version(1));
    ASSERT_TRUE(store_.add_observer(log_.observer()));
  }

  temp_dir dir_;
  event_log log_;
  catalog_store store_;  // declared after the log: destroyed first, while the log still exists
  std::mutex errors_mutex_;
  std::vector<std::string> errors_;
  int flushes_ = 0;
};

TEST_P(WatchTest, LoadsTheLayoutPreferringMoAndSkippingOtherNames) {
  dir_.write("root/fr_FR.UTF-8/LC_MESSAGES/app.mo", mo_version(7));
  dir_.write("root/fr_FR.UTF-8/LC_MESSAGES/app.po", po_version(8));
  dir_.write("root/fr_FR.UTF-8/LC_MESSAGES/other.po", po_version(9));
  dir_.write("root/fr_FR.UTF-8/LC_MESSAGES/app.po.tmp", "garbage");
  dir_.write("root/fr_FR.UTF-8/LC_MESSAGES/.app.po", "garbage");
  dir_.write("root/not a locale!/LC_MESSAGES/app.po", po_version(5));
  catalog_watcher w = start();
  const auto catalogs = store_.catalogs();
  ASSERT_EQ(catalogs.size(), 3u);
  EXPECT_EQ(catalogs[0].domain, "app");
  EXPECT_EQ(catalogs[0].locale, "de");
  EXPECT_EQ(catalogs[1].locale, "fr_FR");
  EXPECT_TRUE(catalogs[1].from_mo);
  EXPECT_EQ(catalogs[1].source, root("fr_FR.UTF-8/LC_MESSAGES/app.mo"));
  EXPECT_EQ(catalogs[2].domain, "other");
  EXPECT_EQ(store_.dlgettext("app", "fr_FR", "Hello"), "Hallo v7");
  EXPECT_EQ(store_.dlgettext("other", "fr", "Hello"), "Hello");
  EXPECT_EQ(store_.dlgettext("other", "fr_FR", "Hello"), "Hallo v9");
  EXPECT_EQ(log_.count(event_kind::load_failure), 0u);
  EXPECT_TRUE(w.running());
  // The .mo gone, the .po beside it is used.
  fs::remove(root("fr_FR.UTF-8/LC_MESSAGES/app.mo"));
  EXPECT_TRUE(wait_text(store_, "fr_FR", "Hallo v8"));
}

TEST_P(WatchTest, PoBesideItsMoIsReportedAndEachEditOfItToo) {
  dir_.write("root/fr/LC_MESSAGES/app.mo", mo_version(7));
  dir_.write("root/fr/LC_MESSAGES/app.po", po_version(8));
  catalog_watcher w = start();
  EXPECT_EQ(store_.dlgettext("app", "fr", "Hello"), "Hallo v7");
  auto shadowed = log_.of(event_kind::catalog_shadowed);
  ASSERT_EQ(shadowed.size(), 1u);
  EXPECT_EQ(shadowed[0].domain, "app");
  EXPECT_EQ(shadowed[0].locale, "fr");
  EXPECT_EQ(shadowed[0].source, root("fr/LC_MESSAGES/app.mo"));
  EXPECT_EQ(shadowed[0].ignored, root("fr/LC_MESSAGES/app.po"));
  // The lone .po of de is no shadow.
  flush();
  EXPECT_EQ(log_.count(event_kind::catalog_shadowed), 1u);
  // An edit of the .po changes nothing, and says so (polling: at the next round).
  write_in_place(root("fr/LC_MESSAGES/app.po"), po_version(9));
  ASSERT_TRUE(log_.wait_count(event_kind::catalog_shadowed, 2));
  EXPECT_EQ(log_.of(event_kind::catalog_shadowed)[1].ignored, root("fr/LC_MESSAGES/app.po"));
  EXPECT_EQ(store_.dlgettext("app", "fr", "Hello"), "Hallo v7");
}

TEST_P(WatchTest, TwoFoldersOfOneLocaleAreReportedOnce) {
  dir_.write("root/pt-br/LC_MESSAGES/app.po", po_version(2));
  dir_.write("root/pt_BR.UTF-8/LC_MESSAGES/app.po", po_version(3));
  catalog_watcher w = start();
  EXPECT_EQ(store_.dlgettext("app", "pt_BR", "Hello"), "Hallo v2");  // first in byte order
  auto dup = log_.of(event_kind::duplicate_locale_folder);
  ASSERT_EQ(dup.size(), 1u);
  EXPECT_EQ(dup[0].locale, "pt_BR");
  EXPECT_EQ(dup[0].source, root("pt-br"));
  EXPECT_EQ(dup[0].ignored, root("pt_BR.UTF-8"));
  flush();  // later rounds do not repeat it
  EXPECT_EQ(log_.count(event_kind::duplicate_locale_folder), 1u);
}

TEST_P(WatchTest, FileReplacedByRenameIsReloaded) {
  catalog_watcher w = start();
  readers r(store_, "de");
  for (int v = 2; v <= 5; ++v) {
    dir_.write("root/de/LC_MESSAGES/app.po", po_version(v));
    ASSERT_TRUE(wait_text(store_, "de", "Hallo v" + std::to_string(v))) << v;
  }
  EXPECT_EQ(r.finish(), "");
  EXPECT_GT(r.reads(), 0u);
  EXPECT_EQ(log_.count(event_kind::load_failure), 0u);
  EXPECT_TRUE(errors().empty());
  // Loaded as from the file: the store can read it again itself.
  const auto catalogs = store_.catalogs();
  ASSERT_EQ(catalogs.size(), 1u);
  EXPECT_EQ(catalogs[0].source, root("de/LC_MESSAGES/app.po"));
  EXPECT_TRUE(store_.reload("app", "de"));
}

TEST_P(WatchTest, FifoInPlaceOfACatalogIsRefusedWithoutBlocking) {
  catalog_watcher w = start();
  const std::string path = root("de/LC_MESSAGES/app.po");
  fs::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0);
  const auto end = std::chrono::steady_clock::now() + patience;
  while (errors().empty() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_EQ(errors()[0], path + ": error: not a regular file; not loaded");
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
  // The watcher is not stuck on the FIFO: a real file again is loaded.
  fs::remove(path);
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
}

TEST_P(WatchTest, MoReplacedByRenameIsReloaded) {
  fs::remove(root("de/LC_MESSAGES/app.po"));
  dir_.write("root/de/LC_MESSAGES/app.mo", mo_version(1));
  catalog_watcher w = start();
  readers r(store_, "de");
  for (int v = 2; v <= 4; ++v) {
    dir_.write("root/de/LC_MESSAGES/app.mo", mo_version(v));
    ASSERT_TRUE(wait_text(store_, "de", "Hallo v" + std::to_string(v))) << v;
  }
  EXPECT_EQ(r.finish(), "");
}

TEST_P(WatchTest, PoRewrittenInPlaceIsReloaded) {
  catalog_watcher w = start();
  readers r(store_, "de");
  for (int v = 2; v <= 5; ++v) {
    write_in_place(root("de/LC_MESSAGES/app.po"), po_version(v));
    ASSERT_TRUE(wait_text(store_, "de", "Hallo v" + std::to_string(v))) << v;
  }
  EXPECT_EQ(r.finish(), "");
}

TEST_P(WatchTest, TruncatedWriteKeepsTheOldCatalogAndTheNextWriteIsTried) {
  catalog_watcher w = start();
  readers r(store_, "de");
  // A writer stopped half-way: the file ends inside a string, so it does not parse.
  const std::string full = po_version(2);
  write_in_place(root("de/LC_MESSAGES/app.po"), full.substr(0, full.find("Hallo v2") + 4));
  ASSERT_TRUE(log_.wait_count(event_kind::load_failure, 1, "de"));
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
  write_in_place(root("de/LC_MESSAGES/app.po"), full);
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
  EXPECT_EQ(r.finish(), "");
  EXPECT_EQ(log_.count(event_kind::load_failure, "de"), 1u);
}

TEST_P(WatchTest, UnreadableFileKeepsTheOldCatalog) {
  catalog_watcher w = start();
  readers r(store_, "de");
  const std::string path = root("de/LC_MESSAGES/app.po");
  // A folder where the file was: open succeeds, reading fails (EISDIR) — for root too, whom
  // permissions do not stop.
  fs::remove(path);
  fs::create_directory(path);
  ASSERT_TRUE(log_.wait_count(event_kind::load_failure, 1, "de"));
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
  fs::remove(path);
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
  std::size_t failures = 1;
  if (::geteuid() != 0) {
    // Permission denied (root reads anyway: CI runs as root, so only the folder case runs
    // there), then the permission fixed: a mode change is a change too.
    ++failures;
    dir_.write("root/de/LC_MESSAGES/app.po.new", po_version(3));
    fs::permissions(root("de/LC_MESSAGES/app.po.new"), fs::perms::none);
    fs::rename(root("de/LC_MESSAGES/app.po.new"), path);
    ASSERT_TRUE(log_.wait_count(event_kind::load_failure, failures, "de"));
    EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v2");
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    ASSERT_TRUE(wait_text(store_, "de", "Hallo v3"));
  }
  EXPECT_EQ(r.finish(), "");
  EXPECT_EQ(log_.count(event_kind::load_failure, "de"), failures);
}

TEST_P(WatchTest, DeletedFileKeepsItsCatalogUntilRecreated) {
  catalog_watcher w = start();
  readers r(store_, "de");
  fs::remove(root("de/LC_MESSAGES/app.po"));
  ASSERT_NO_FATAL_FAILURE(flush());  // the watcher has seen the deletion
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
  EXPECT_EQ(log_.count(event_kind::unload), 0u);
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
  EXPECT_EQ(r.finish(), "");
}

TEST_P(WatchTest, DeletedFileIsUnloadedWhenAsked) {
  watch_options o = options();
  o.unload_deleted = true;
  catalog_watcher w = start(o);
  fs::remove(root("de/LC_MESSAGES/app.po"));
  ASSERT_TRUE(log_.wait_count(event_kind::unload, 1, "de"));
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hello");
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
}

TEST_P(WatchTest, BurstOfWritesEndsWithTheLastVersion) {
  catalog_watcher w = start();
  readers r(store_, "de");
  const std::size_t loads_before = log_.count(event_kind::load_stop, "de");
  // Renames and in-place writes mixed. The last version has a size no other has: a polling
  // watcher tells versions apart by inode, size and time, and an inode freed by a rename
  // may come back within one tick of the file system's clock.
  for (int i = 0; i < 100; ++i) {
    const int v = i == 99 ? 1000 : i + 2;
    if (i % 2)
      write_in_place(root("de/LC_MESSAGES/app.po"), po_version(v));
    else
      dir_.write("root/de/LC_MESSAGES/app.po", po_version(v));
  }
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v1000"));
  EXPECT_EQ(store_.dlgettext("app", "de", "Bye"), "Tschuess v1000");
  EXPECT_EQ(r.finish(), "");
  // Debounced: far fewer loads than writes.
  EXPECT_LT(log_.count(event_kind::load_stop, "de") - loads_before, 100u);
}

TEST_P(WatchTest, DebounceWaitsForQuiet) {
  watch_options o = options();
  o.debounce = 300ms;
  catalog_watcher w = start(o);
  const std::size_t loads_before = log_.count(event_kind::load_stop, "de");
  const std::size_t starts_before = log_.count(event_kind::load_start, "de");
  std::vector<std::chrono::steady_clock::time_point> writes;
  for (int v = 2; v <= 10; ++v) {
    writes.push_back(std::chrono::steady_clock::now());
    write_in_place(root("de/LC_MESSAGES/app.po"), po_version(v));
    std::this_thread::sleep_for(10ms);
  }
  // The event, not the text: a catalog is published before its load_stop is delivered.
  ASSERT_TRUE(log_.wait_count(event_kind::load_stop, loads_before + 1, "de"));
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v10");
  ASSERT_NO_FATAL_FAILURE(flush());  // any other load the writes caused has happened
  // Each load began at least `debounce` after the write before it: none while the writes
  // came 10 ms apart. Times, not a look after a sleep: a slow machine cannot make it pass
  // or fail by chance. Only a writer held up for `debounce` itself leaves a quiet gap in
  // which a load is right.
  const std::vector<std::chrono::steady_clock::time_point> starts = log_.times(event_kind::load_start, "de");
  ASSERT_GE(starts.size(), starts_before + 1);
  for (std::size_t i = starts_before; i < starts.size(); ++i) {
    auto before = std::upper_bound(writes.begin(), writes.end(), starts[i]);
    ASSERT_NE(before, writes.begin()) << "load " << i << " came before any write";
    EXPECT_GE(starts[i] - *std::prev(before), o.debounce) << "load " << i << " did not wait for quiet";
  }
  std::size_t quiet_gaps = 0;
  for (std::size_t i = 1; i < writes.size(); ++i) quiet_gaps += writes[i] - writes[i - 1] >= o.debounce;
  EXPECT_LE(log_.count(event_kind::load_stop, "de"), loads_before + 1 + quiet_gaps);
}

TEST_P(WatchTest, NewLocaleFolderAndNewDomainAreLoaded) {
  catalog_watcher w = start();
  dir_.write("root/it/LC_MESSAGES/app.po", po_version(4));
  ASSERT_TRUE(wait_text(store_, "it", "Hallo v4"));
  // Made folder by folder, as `mkdir` and a copy do.
  fs::create_directory(root("pt-BR"));
  fs::create_directory(root("pt-BR/LC_MESSAGES"));
  write_in_place(root("pt-BR/LC_MESSAGES/app.po"), po_version(6));
  ASSERT_TRUE(wait_text(store_, "pt_BR", "Hallo v6"));
  dir_.write("root/de/LC_MESSAGES/extra.po", po_version(3));
  const auto end = std::chrono::steady_clock::now() + patience;
  while (store_.dlgettext("extra", "de", "Hello") != "Hallo v3" && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(store_.dlgettext("extra", "de", "Hello"), "Hallo v3");
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
}

TEST_P(WatchTest, SymlinkSwapIsFollowed) {
  // Releases live beside ROOT; ROOT/de names one of them.
  dir_.write("releases/v2/LC_MESSAGES/app.po", po_version(2));
  dir_.write("releases/v3/LC_MESSAGES/app.po", po_version(3));
  fs::remove_all(root("de"));
  fs::create_directory_symlink(dir_.path("releases/v2"), root("de"));
  catalog_watcher w = start();
  ASSERT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v2");
  readers r(store_, "de");
  // Swapped as deployment tools do: a new link renamed over the old one.
  auto swap_to = [&](const std::string& release) {
    fs::create_directory_symlink(dir_.path(release), root("de.new"));
    fs::rename(root("de.new"), root("de"));
  };
  swap_to("releases/v3");
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v3"));
  // The folder the link names now is the one watched.
  dir_.write("releases/v3/LC_MESSAGES/app.po", po_version(4));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v4"));
  // The old release changes: not ours any more.
  dir_.write("releases/v2/LC_MESSAGES/app.po", po_version(9));
  dir_.write("releases/v3/LC_MESSAGES/app.po", po_version(5));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v5"));
  EXPECT_EQ(r.finish(), "");
  EXPECT_EQ(log_.count(event_kind::load_failure), 0u);
}

TEST_P(WatchTest, StopIsIdempotentAndLaterChangesAreIgnored) {
  const std::size_t threads = thread_count();
  catalog_watcher w = start();
  EXPECT_EQ(thread_count(), threads + 1);  // the watcher's
  w.stop();
  w.stop();
  EXPECT_FALSE(w.running());
  // Its thread is gone (the kernel may list it a moment after the join): nothing is left
  // that could see a change, so the check below needs no sleep.
  EXPECT_TRUE(wait_until([&] { return thread_count() == threads; })) << thread_count() << " threads";
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  EXPECT_EQ(store_.dlgettext("app", "de", "Hello"), "Hallo v1");
}

// Loads made slow by the store's fault hook (a read step that sleeps), to stop mid-reload.
std::atomic<bool> slow_reads{false};
void slow_read(erli18n::detail::write_step step) {
  if (step == erli18n::detail::write_step::read && slow_reads.load()) std::this_thread::sleep_for(200ms);
}

TEST_P(WatchTest, StopDuringReloadsReturnsAfterTheLoadInFlight) {
  for (int i = 0; i < 20; ++i)
    dir_.write("root/l" + std::string(1, char('a' + i)) + "/LC_MESSAGES/app.po", po_version(1));
  catalog_watcher w = start();
  ASSERT_EQ(store_.catalogs().size(), 21u);
  const std::size_t starts = log_.count(event_kind::load_start);
  slow_reads.store(true);
  auto previous = erli18n::detail::set_fault_hook(slow_read);
  for (int i = 0; i < 20; ++i)
    dir_.write("root/l" + std::string(1, char('a' + i)) + "/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(log_.wait_count(event_kind::load_start, starts + 1));
  const auto begin = std::chrono::steady_clock::now();
  w.stop();
  const auto took = std::chrono::steady_clock::now() - begin;
  slow_reads.store(false);
  erli18n::detail::set_fault_hook(previous);
  // All 20 loads would take 4 s: stop waited for the one in flight only.
  EXPECT_LT(took, 1500ms);
  EXPECT_LT(log_.count(event_kind::load_start) - starts, 20u);
  for (int i = 0; i < 20; ++i) {
    const std::string locale = "l" + std::string(1, char('a' + i));
    const std::string_view got = store_.dlgettext("app", locale, "Hello");
    EXPECT_TRUE(got == "Hallo v1" || got == "Hallo v2") << got;
  }
}

TEST_P(WatchTest, StopFromAnObserverOnTheWatcherThread) {
  catalog_watcher w = start();
  std::atomic<bool> stopped{false};
  auto id = store_.add_observer([&](const store_event& e) {
    if (e.kind == event_kind::load_stop && !stopped.exchange(true)) w.stop();
  });
  ASSERT_TRUE(id);
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
  // The text is published before the event is delivered: wait for the observer.
  const auto end = std::chrono::steady_clock::now() + patience;
  while (!stopped.load() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(1ms);
  EXPECT_TRUE(stopped.load());
  EXPECT_FALSE(w.running());
  w.stop();  // joins (or finds it detached); must not hang
  ASSERT_TRUE(store_.remove_observer(*id));
}

std::atomic<int> hook_throws{0};
void throwing_hook() {
  if (hook_throws.load() > 0) {
    hook_throws.fetch_sub(1);
    throw std::runtime_error("injected");
  }
}

TEST_P(WatchTest, FailureInsideTheWatcherIsReportedAndItGoesOn) {
  catalog_watcher w = start();
  hook_throws.store(1);
  auto previous = erli18n::detail::set_watcher_hook(throwing_hook);
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(2));
  // The round that throws drops nothing: the watcher starts over and loads the change.
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v2"));
  dir_.write("root/de/LC_MESSAGES/app.po", po_version(3));
  ASSERT_TRUE(wait_text(store_, "de", "Hallo v3"));
  erli18n::detail::set_watcher_hook(previous);
  EXPECT_EQ(hook_throws.load(), 0);
  EXPECT_EQ(w.failures(), 1u);
  const auto errs = errors();
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_NE(errs[0].find("watcher failure: injected; starting over"), std::string::npos) << errs[0];
  EXPECT_TRUE(w.running());
}

INSTANTIATE_TEST_SUITE_P(Modes, WatchTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "polling" : "inotify";
                         });

// What a watcher outside the fixture reported, and options that keep it: a debounce of
// 20 ms and the given polling interval.
class reports {
 public:
  watch_options options(std::chrono::milliseconds poll_interval) {
    watch_options o;
    o.debounce = 20ms;
    o.poll_interval = poll_interval;
    o.on_error = [this](const erli18n::error& e) {
      std::lock_guard lock(m_);
      list_.push_back(e.to_string());
    };
    return o;
  }
  std::vector<std::string> list() {
    std::lock_guard lock(m_);
    return list_;
  }

 private:
  std::mutex m_;
  std::vector<std::string> list_;
};

TEST(WatchLimit, ReachingTheInotifyLimitFallsBackToPolling) {
  temp_dir dir;
  dir.write("root/de/LC_MESSAGES/app.po", po_version(1));
  dir.write("root/fr/LC_MESSAGES/app.po", po_version(1));
  catalog_store store;
  reports errors;
  erli18n::detail::set_inotify_watch_limit(2);
  auto w = store.watch(dir.path("root"), errors.options(20ms));
  erli18n::detail::set_inotify_watch_limit(0);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->mode(), watch_mode::polling);
  {
    const std::vector<std::string> reported = errors.list();
    ASSERT_EQ(reported.size(), 1u);
    EXPECT_NE(reported[0].find("polling instead of inotify: inotify watch limit reached"), std::string::npos)
        << reported[0];
  }
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Hallo v1");
  dir.write("root/fr/LC_MESSAGES/app.po", po_version(2));
  EXPECT_TRUE(wait_text(store, "fr", "Hallo v2"));
}

// Issue 20: once the watched root was moved away, the watcher polled for good. It returns to
// inotify as soon as a folder is at the root's path again: the root moved back, a folder
// renamed there, or one made there. The poll interval is an hour, so only inotify can see
// the changes below within the test's patience.
TEST(WatchRoot, MovedAwayAndBackReturnsToInotify) {
  const int fd = ::inotify_init1(IN_CLOEXEC);
  if (fd < 0) GTEST_SKIP() << "inotify is not available here";
  ::close(fd);
  temp_dir dir;
  dir.write("root/de/LC_MESSAGES/app.po", po_version(1));
  catalog_store store;
  reports errors;
  auto w = store.watch(dir.path("root"), errors.options(std::chrono::hours(1)));
  ASSERT_TRUE(w);
  ASSERT_EQ(w->mode(), watch_mode::inotify);
  ASSERT_EQ(store.dlgettext("app", "de", "Hello"), "Hallo v1");
  auto mode_is = [&](watch_mode mode) { return wait_until([&] { return w->mode() == mode; }); };

  // Moved away and back.
  fs::rename(dir.path("root"), dir.path("away"));
  ASSERT_TRUE(mode_is(watch_mode::polling));
  fs::rename(dir.path("away"), dir.path("root"));
  ASSERT_TRUE(mode_is(watch_mode::inotify));
  dir.write("root/de/LC_MESSAGES/app.po", po_version(2));
  EXPECT_TRUE(wait_text(store, "de", "Hallo v2"));

  // Moved away, and another folder renamed to the root's name: its catalogs are loaded.
  fs::rename(dir.path("root"), dir.path("old"));
  ASSERT_TRUE(mode_is(watch_mode::polling));
  dir.write("new/fr/LC_MESSAGES/app.po", po_version(3));
  fs::rename(dir.path("new"), dir.path("root"));
  ASSERT_TRUE(mode_is(watch_mode::inotify));
  EXPECT_TRUE(wait_text(store, "fr", "Hallo v3"));
  dir.write("root/fr/LC_MESSAGES/app.po", po_version(4));
  EXPECT_TRUE(wait_text(store, "fr", "Hallo v4"));

  // Deleted, and made again by mkdir, its files written after.
  fs::remove_all(dir.path("root"));
  ASSERT_TRUE(mode_is(watch_mode::polling));
  fs::create_directory(dir.path("root"));
  ASSERT_TRUE(mode_is(watch_mode::inotify));
  dir.write("root/it/LC_MESSAGES/app.po", po_version(5));
  EXPECT_TRUE(wait_text(store, "it", "Hallo v5"));

  const std::vector<std::string> reported = errors.list();
  ASSERT_EQ(reported.size(), 3u);
  for (const std::string& e : reported)
    EXPECT_NE(e.find("polling instead of inotify: the watched folder was moved or deleted"),
              std::string::npos)
        << e;
}

TEST(WatchScan, NamesTheFoldersAndFilesItLeavesOut) {
  temp_dir dir;
  dir.write("r/pt-br/LC_MESSAGES/web.po", "x");
  dir.write("r/pt_BR.UTF-8/LC_MESSAGES/web.po", "x");
  dir.write("r/pt_BR/LC_MESSAGES/web.po", "x");
  dir.write("r/de/LC_MESSAGES/web.mo", "x");
  dir.write("r/de/LC_MESSAGES/web.po", "x");
  dir.write("r/de/LC_MESSAGES/app.mo", "x");
  std::vector<erli18n::detail::duplicate_locale_dir> dups;
  const auto dirs = erli18n::detail::locale_dirs(dir.path("r"), dups);
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_EQ(dirs[1], (std::pair<std::string, std::string>{"pt-br", "pt_BR"}));
  ASSERT_EQ(dups.size(), 2u);
  EXPECT_EQ(dups[0].locale, "pt_BR");
  EXPECT_EQ(dups[0].used, "pt-br");
  EXPECT_EQ(dups[0].ignored, "pt_BR");
  EXPECT_EQ(dups[1].ignored, "pt_BR.UTF-8");
  EXPECT_EQ(erli18n::detail::locale_dirs(dir.path("r")), dirs);  // the old form, unchanged
  const auto found = erli18n::detail::scan_messages_dir(dir.path("r"), "de");
  EXPECT_EQ(erli18n::detail::shadowed_po(found.at("web")), dir.path("r/de/LC_MESSAGES/web.po"));
  EXPECT_EQ(erli18n::detail::shadowed_po(found.at("app")), "");
  EXPECT_EQ(erli18n::detail::shadowed_po(erli18n::detail::scan_domain(dir.path("r"), "pt-br", "web")), "");
}

TEST(WatchSnapshot, ReadsRegularFilesWholeAndRefusesTheRest) {
  using outcome = erli18n::detail::file_snapshot::outcome;
  temp_dir dir;
  const std::string file = dir.write("a.po", "abc");
  auto snap = erli18n::detail::read_snapshot(file, 100);
  EXPECT_EQ(snap.result, outcome::complete);
  EXPECT_EQ(snap.bytes, "abc");
  EXPECT_EQ(erli18n::detail::read_snapshot(file, 2).result, outcome::unreadable);  // over the limit
  EXPECT_EQ(erli18n::detail::read_snapshot(dir.write("e.po", ""), 100).result, outcome::empty);
  EXPECT_EQ(erli18n::detail::read_snapshot(dir.path("missing.po"), 100).result, outcome::unreadable);
  fs::create_directory(dir.path("d.po"));
  EXPECT_EQ(erli18n::detail::read_snapshot(dir.path("d.po"), 100).result, outcome::unreadable);
  ASSERT_EQ(::mkfifo(dir.path("f.po").c_str(), 0644), 0);
  EXPECT_EQ(erli18n::detail::read_snapshot(dir.path("f.po"), 100).result, outcome::unreadable);
}

TEST(WatchArguments, BadRootsAndOptionsAreRefused) {
  temp_dir dir;
  catalog_store store;
  auto missing = store.watch(dir.path("nowhere"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, errc::io);
  EXPECT_EQ(missing.error().to_string(),
            dir.path("nowhere") + ": error: cannot watch: no such file or directory");
  const std::string file = dir.write("file", "x");
  auto not_dir = store.watch(file);
  ASSERT_FALSE(not_dir);
  EXPECT_EQ(not_dir.error().to_string(), file + ": error: cannot watch: not a folder");
  watch_options o;
  o.poll_interval = 0ms;
  auto bad = store.watch(dir.path(""), o);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, errc::invalid_argument);
  // An empty watcher does nothing, and a moved-from one neither.
  catalog_watcher empty;
  EXPECT_FALSE(empty.running());
  empty.stop();
  auto w = store.watch(dir.path(""));
  ASSERT_TRUE(w);
  catalog_watcher moved = std::move(*w);
  EXPECT_TRUE(moved.running());
  EXPECT_FALSE(w->running());
  moved.stop();
  EXPECT_FALSE(moved.running());
}

}  // namespace
