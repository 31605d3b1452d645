// A translator is bound without waiting for the store's writer (docs/servers.md: one
// translator per request, while catalogs load or reload on another thread).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <latch>
#include <mutex>
#include <string>
#include <thread>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "fault_injection.h"

namespace {

using erli18n::catalog_store;
using erli18n::translator;
using erli18n::detail::write_step;

const char* const de_po = R"po(msgid "Hello"
msgstr "Hallo"
)po";

const char* const de_po_new = R"po(msgid "Hello"
msgstr "Servus"
)po";

// The fault hook is a plain function: the load it stops reaches it through these.
std::latch* g_parsing = nullptr;  // counted down when the load is inside its parse step
std::latch* g_release = nullptr;  // the load waits for it, holding the writer lock

void hold_in_parse(write_step step) {
  if (step != write_step::parse) return;
  g_parsing->count_down();
  g_release->wait();
}

// Waits for `done` at most `limit`; false on timeout.
bool wait_for(std::mutex& m, std::condition_variable& cv, const bool& done, std::chrono::seconds limit) {
  std::unique_lock lock(m);
  return cv.wait_for(lock, limit, [&] { return done; });
}

TEST(Translator, ConstructionDoesNotWaitForALoadInProgress) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "de", de_po, "de.po"));

  std::latch parsing(1), release(1);
  g_parsing = &parsing;
  g_release = &release;
  erli18n::detail::set_fault_hook(hold_in_parse);
  std::thread loader([&] { EXPECT_TRUE(store.load_buffer("app", "de", de_po_new, "de.po")); });
  parsing.wait();  // the load now holds the writer lock, in the middle of its parse

  // A watchdog ends the wait if construction blocks, so that a regression fails the test
  // (after 10 s) instead of hanging it: it releases the load, which lets construction end.
  std::mutex m;
  std::condition_variable cv;
  bool constructed = false;
  bool timed_out = false;
  std::thread watchdog([&] {
    if (!wait_for(m, cv, constructed, std::chrono::seconds(10))) {
      timed_out = true;
      release.count_down();
    }
  });

  translator t(store, "app", "de");
  std::string during = std::string(t.gettext("Hello"));
  {
    std::lock_guard lock(m);
    constructed = true;
  }
  cv.notify_all();
  watchdog.join();
  if (!timed_out) release.count_down();
  loader.join();
  erli18n::detail::set_fault_hook(nullptr);

  EXPECT_FALSE(timed_out) << "constructing a translator waited for the load holding the writer lock";
  EXPECT_EQ(during, "Hallo");               // the catalog published before the load
  EXPECT_EQ(t.gettext("Hello"), "Servus");  // and the bound key follows what the load published
}

// The slot a translator resolves is the key's, whenever it is bound: before the first load,
// after it, after an unload and a load again, the lookups follow what is published.
TEST(Translator, BoundBeforeDuringAndAfterLoadsItFollowsThePublishedCatalog) {
  catalog_store store;
  translator before(store, "app", "de");
  EXPECT_EQ(before.gettext("Hello"), "Hello");
  ASSERT_TRUE(store.load_buffer("app", "de", de_po, "de.po"));
  translator after(store, "app", "de");
  EXPECT_EQ(before.gettext("Hello"), "Hallo");
  EXPECT_EQ(after.gettext("Hello"), "Hallo");
  ASSERT_TRUE(store.unload("app", "de"));
  translator unloaded(store, "app", "de");
  EXPECT_EQ(unloaded.gettext("Hello"), "Hello");
  ASSERT_TRUE(store.load_buffer("app", "de", de_po_new, "de.po"));
  EXPECT_EQ(before.gettext("Hello"), "Servus");
  EXPECT_EQ(after.gettext("Hello"), "Servus");
  EXPECT_EQ(unloaded.gettext("Hello"), "Servus");
}

}  // namespace
