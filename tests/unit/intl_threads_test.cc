// Plain C gettext() from liberli18n_intl.so follows each thread's erli18n locale: threads
// with different erli18n::setlocale get their own language from the same call. This test
// links the shared library only (it also exports the erli18n C++ API), so that
// erli18n::setlocale and gettext() share one per-thread locale. The expected answers come
// from reading each .mo directly with erli18n::mo_catalog, not through the library.
#include <gtest/gtest.h>
#include <libintl.h>
#include <locale.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/gettext.h"
#include "erli18n/mo.h"

namespace {

const char* const domain = "glib20";  // shipped in ~100 languages by libglib2.0-data

std::string catalog_of(const std::string& language) {
  return "/usr/share/locale/" + language + "/LC_MESSAGES/" + domain + ".mo";
}

struct language_case {
  std::string language;
  std::vector<std::string> expected;  // per msgid
};

class IntlThreads : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
    ::unsetenv("LANGUAGE");
    ::textdomain(domain);
    auto german = erli18n::mo_catalog::open(catalog_of("de"));
    ASSERT_TRUE(german) << "install libglib2.0-data (scripts/install-deps.sh)";
    for (std::size_t i = 0; i < german->size() && msgids.size() < 60; ++i) {
      auto e = german->entry(i);
      if (e && !e->has_context && !e->has_plural && !e->msgid.empty()) msgids.emplace_back(e->msgid);
    }
    for (const char* language : {"de", "fr", "ja", "es", "it", "ru", "pl", "uk"}) {
      auto mo = erli18n::mo_catalog::open(catalog_of(language));
      ASSERT_TRUE(mo) << catalog_of(language);
      language_case c{language, {}};
      for (const auto& id : msgids) c.expected.emplace_back(mo->lookup(id).value_or(id));
      cases.push_back(std::move(c));
    }
  }
  std::vector<std::string> msgids;
  std::vector<language_case> cases;
};

TEST_F(IntlThreads, EachThreadGetsItsOwnLanguage) {
  std::atomic<int> wrong{0}, translated{0};
  std::vector<std::thread> threads;
  for (const auto& c : cases) {
    threads.emplace_back([&, c] {
      ASSERT_TRUE(erli18n::setlocale(c.language));
      for (int round = 0; round < 200; ++round)
        for (std::size_t i = 0; i < msgids.size(); ++i) {
          const char* got = ::gettext(msgids[i].c_str());
          if (c.expected[i] != got) ++wrong;
          if (got != msgids[i].c_str()) ++translated;
        }
    });
  }
  // A thread without an erli18n locale follows the process locale, C.UTF-8 with no
  // LANGUAGE: no catalog, so every answer is the argument itself.
  threads.emplace_back([&] {
    for (int round = 0; round < 200; ++round)
      for (const auto& id : msgids)
        if (::gettext(id.c_str()) != id.c_str()) ++wrong;
  });
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  // Nearly all of these glib messages are translated in each of these languages; plain
  // glibc gettext (C.UTF-8, no LANGUAGE) would translate none of them.
  EXPECT_GT(translated.load(), static_cast<int>(cases.size() * msgids.size() * 200 / 2));
}

TEST_F(IntlThreads, ThreadLocaleWinsOverLanguageAndScopesEnd) {
  ::setenv("LANGUAGE", "fr", 1);
  const std::string& id = msgids.front();
  std::thread([&] {
    {
      erli18n::locale_scope scope("de");
      ASSERT_TRUE(scope.ok());
      EXPECT_EQ(cases[0].expected[0], ::gettext(id.c_str()));  // de, not LANGUAGE's fr
    }
    // The scope ended: the thread follows the process again, which honours LANGUAGE.
    EXPECT_EQ(cases[1].expected[0], ::gettext(id.c_str()));
  }).join();
  ::unsetenv("LANGUAGE");
}

// A thread_local object made before the thread's first gettext() is destroyed after the
// library's per-thread caches would be if they were thread_locals themselves; a gettext()
// from its destructor must still answer correctly (ASan would see a use after free).
struct asks_at_exit {
  const std::string* msgid = nullptr;
  std::string* answer = nullptr;
  ~asks_at_exit() {
    if (msgid != nullptr) *answer = ::gettext(msgid->c_str());
  }
};

TEST_F(IntlThreads, GettextFromAThreadLocalDestructor) {
  std::string answer;
  const std::string& id = msgids.front();
  std::thread([&] {
    thread_local asks_at_exit asker;  // constructed first, destroyed last
    ASSERT_TRUE(erli18n::setlocale("fr"));
    EXPECT_EQ(cases[1].expected[0], ::gettext(id.c_str()));
    asker.msgid = &id;
    asker.answer = &answer;
  }).join();
  EXPECT_EQ(cases[1].expected[0], answer);
}

}  // namespace
