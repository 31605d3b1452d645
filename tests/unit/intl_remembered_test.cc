// liberli18n_intl.so remembers answers per thread by msgid pointer, and reads LANGUAGE
// again only when glibc's or its own catalog counter moves. These tests make the cases
// where a remembered answer would be wrong if it were trusted blindly: a caller buffer
// reused for another text (longer, shorter, a context form), a catalog replaced on disk,
// many domains (more than the resolutions a thread keeps), LANGUAGE changes with and
// without the calls GNU documents as making them effective, and the thread's locale
// changed by setlocale or uselocale between two calls with the same arguments (a thread
// in the global locale reuses its last resolution while glibc's counter holds).
#include <gtest/gtest.h>
#include <libintl.h>
#include <linux/membarrier.h>
#include <locale.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

namespace {

// Whether the process is registered for membarrier's private expedited command (the store's
// fence-free readers, src/store/epoch.h): unregistered, the command fails with EPERM.
bool registered_for_membarrier() {
  return ::syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0;
}

// Asked before main, after the library's own initialisers: a process registers nothing
// before it retires a catalog.
const bool fences_before_main = registered_for_membarrier();

// Writes DIR/LANGUAGE/LC_MESSAGES/DOMAIN.mo from .po text, through a rename so that a
// reader never sees a half-written file.
void write_catalog(const erli18n::test_support::temp_dir& dir, const std::string& language,
                   const std::string& domain, const std::string& po_text) {
  dir.write(language + "/LC_MESSAGES/" + domain + ".mo", erli18n::test_support::mo_from_po(po_text));
}

std::string header() { return "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"; }

class IntlRemembered : public ::testing::Test {
 protected:
  void SetUp() override {
    // A directory per test (temp_dir: a new name each time): the library keeps each catalog
    // path it read for the life of the process and looks at the disk once a second, so a
    // path reused by the next test could still answer with the previous test's catalog.
    write_catalog(dir, "de", "t",
                  header() +
                      "msgid \"Hello\"\nmsgstr \"Hallo\"\n\n"
                      "msgid \"Hello world\"\nmsgstr \"Hallo Welt\"\n\n"
                      "msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Öffnen\"\n\n"
                      "msgctxt \"door\"\nmsgid \"Open\"\nmsgstr \"Offen\"\n\n"
                      "msgid \"Open\"\nmsgstr \"Auf\"\n\n"
                      "msgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"Datei\"\nmsgstr[1] \"Dateien\"\n");
    write_catalog(dir, "fr", "t", header() + "msgid \"Hello\"\nmsgstr \"Bonjour\"\n");
    ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
    ::setenv("LANGUAGE", "de", 1);
    ASSERT_NE(::bindtextdomain("t", dir.root().c_str()), nullptr);
  }
  void TearDown() override {
    ::unsetenv("LANGUAGE");
    ::textdomain(::textdomain(nullptr));
  }
  erli18n::test_support::temp_dir dir;
};

TEST_F(IntlRemembered, AReusedBufferIsAnsweredForItsNewText) {
  char buffer[64];
  // Each text is asked twice, so that the second call can come from what was remembered.
  auto ask = [&](const char* text) {
    std::strcpy(buffer, text);
    std::string first = ::dgettext("t", buffer);
    std::string second = ::dgettext("t", buffer);
    EXPECT_EQ(first, second) << text;
    return second;
  };
  EXPECT_EQ(ask("Hello"), "Hallo");
  EXPECT_EQ(ask("Hello world"), "Hallo Welt");  // longer, same prefix
  EXPECT_EQ(ask("Hello"), "Hallo");             // shorter again
  EXPECT_EQ(ask("Hell"), "Hell");               // a prefix of a key: untranslated
  EXPECT_EQ(ask("Hello!"), "Hello!");
  EXPECT_EQ(ask("menu\004Open"), "Öffnen");
  EXPECT_EQ(ask("door\004Open"), "Offen");  // same msgid, other context
  EXPECT_EQ(ask("Open"), "Auf");            // no context
  EXPECT_EQ(ask("menu\004Ope"), "menu\004Ope");
  EXPECT_EQ(ask("Hello"), "Hallo");
  // An untranslated answer is the caller's own pointer, every time.
  std::strcpy(buffer, "not in the catalog");
  EXPECT_EQ(::dgettext("t", buffer), buffer);
  EXPECT_EQ(::dgettext("t", buffer), buffer);
}

TEST_F(IntlRemembered, PluralFormsFollowN) {
  for (int round = 0; round < 2; ++round) {
    EXPECT_STREQ(::dngettext("t", "file", "files", 1), "Datei");
    EXPECT_STREQ(::dngettext("t", "file", "files", 2), "Dateien");
    EXPECT_STREQ(::dngettext("t", "file", "files", 0), "Dateien");
    EXPECT_STREQ(::dgettext("t", "file"), "Datei");  // the singular lookup of a plural entry
  }
}

TEST_F(IntlRemembered, AReplacedCatalogIsSeenWithinTwoSeconds) {
  const char* hello = "Hello";
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  write_catalog(dir, "de", "t", header() + "msgid \"Hello\"\nmsgstr \"Servus\"\n");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  std::string answer;
  while ((answer = ::dgettext("t", hello)) != "Servus" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(answer, "Servus");
}

// membarrier's registration (two system calls) waits for the first reclamation: a program
// that only loads its catalogs never makes it. A reload retires the catalog it replaces, and
// from then on readers take the fence-free path where the kernel offers the command (never
// under ThreadSanitizer, which does not model it). Answers are right on both sides.
TEST_F(IntlRemembered, ReadersFencesAreRegisteredAtTheFirstReclamationOnly) {
  EXPECT_FALSE(fences_before_main);
  const char* hello = "Hello";
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");  // loaded: nothing retired
  write_catalog(dir, "de", "t", header() + "msgid \"Hello\"\nmsgstr \"Moin\"\n");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  std::string answer;
  while ((answer = ::dgettext("t", hello)) != "Moin" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(answer, "Moin");  // the reload retired the first catalog
  const long commands = ::syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  const bool offered = commands >= 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0;
  // Under ThreadSanitizer the store never registers; ASan's build does, as the plain one.
  if (!erli18n::test_support::sanitized) {
    EXPECT_EQ(registered_for_membarrier(), offered);
  }
  EXPECT_STREQ(::dgettext("t", hello), "Moin");
  EXPECT_STREQ(::dgettext("t", "Hello world"), "Hello world");  // not in the new catalog
}

TEST_F(IntlRemembered, ManyDomainsEachGetTheirOwnCatalog) {
  // More domains than a thread keeps resolutions for (8), asked in turn, twice over.
  for (int i = 0; i < 12; ++i)
    write_catalog(dir, "de", "d" + std::to_string(i),
                  header() + "msgid \"Hello\"\nmsgstr \"Hallo " + std::to_string(i) + "\"\n");
  for (int i = 0; i < 12; ++i) ::bindtextdomain(("d" + std::to_string(i)).c_str(), dir.root().c_str());
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < 12; ++i)
      EXPECT_EQ(std::string(::dgettext(("d" + std::to_string(i)).c_str(), "Hello")),
                "Hallo " + std::to_string(i));
}

TEST_F(IntlRemembered, LanguageIsReadAgainWhenACounterMoves) {
  const char* hello = "Hello";
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  // As documented by GNU: a change of LANGUAGE takes effect after textdomain() ...
  ::setenv("LANGUAGE", "fr", 1);
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");  // not yet, as glibc (it answers from its cache)
  ::textdomain(::textdomain(nullptr));
  EXPECT_STREQ(::dgettext("t", hello), "Bonjour");
  // ... or after a setlocale() that changes the locale, which moves glibc's counter (one
  // naming the current locale again does not, and glibc's cache then stays too).
  ::setenv("LANGUAGE", "de", 1);
  ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
  EXPECT_STREQ(::dgettext("t", hello), "Bonjour");
  ASSERT_NE(::setlocale(LC_ALL, "C"), nullptr);
  ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  // bindtextdomain() moves it too.
  ::setenv("LANGUAGE", "fr", 1);
  ::bindtextdomain("t", dir.root().c_str());
  EXPECT_STREQ(::dgettext("t", hello), "Bonjour");
}

TEST_F(IntlRemembered, TheLocaleIsFollowedThroughSetlocaleAndUselocale) {
  const char* hello = "Hello";
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  // setlocale moves glibc's counter: "C" is untranslated, LANGUAGE then ignored.
  ASSERT_NE(::setlocale(LC_MESSAGES, "C"), nullptr);
  EXPECT_EQ(::dgettext("t", hello), hello);
  ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  // uselocale moves no counter, yet the thread's own locale is what counts.
  locale_t c = ::newlocale(LC_ALL_MASK, "C", nullptr);
  locale_t c_utf8 = ::newlocale(LC_ALL_MASK, "C.UTF-8", nullptr);
  ASSERT_NE(c, nullptr);
  ASSERT_NE(c_utf8, nullptr);
  ::uselocale(c);
  EXPECT_EQ(::dgettext("t", hello), hello);
  ::uselocale(c_utf8);
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  ::uselocale(c);
  EXPECT_EQ(::dgettext("t", hello), hello);
  ::uselocale(LC_GLOBAL_LOCALE);
  EXPECT_STREQ(::dgettext("t", hello), "Hallo");
  ::freelocale(c);
  ::freelocale(c_utf8);
}

// A remembered answer is handed out as it is only while the output codeset is UTF-8
// (translate.cc's shortest path); a codeset bound later converts it, and binding UTF-8
// again hands out the catalog's text again.
TEST_F(IntlRemembered, ARememberedAnswerIsConvertedOnceACodesetIsBound) {
  const char* open = "menu\004Open";
  const std::string utf8 = "\303\226ffnen", latin1 = "\326ffnen";  // "Öffnen" (octal escapes)
  EXPECT_EQ(::dgettext("t", open), utf8);
  const char* remembered = ::dgettext("t", open);  // now from the thread's answers
  EXPECT_EQ(remembered, utf8);
  ASSERT_NE(::bind_textdomain_codeset("t", "ISO-8859-1"), nullptr);
  EXPECT_EQ(::dgettext("t", open), latin1);
  EXPECT_EQ(::dgettext("t", open), latin1);
  ASSERT_NE(::bind_textdomain_codeset("t", "UTF-8"), nullptr);
  EXPECT_EQ(::dgettext("t", open), remembered);
  EXPECT_EQ(::dgettext("t", open), remembered);
}

// A short-lived program's lookups touch few pages: a thread's first answers go to a small
// table inside its caches (64 slots), not across a larger one, where nearly every call site
// would take a page fault of its own (`ls --help` makes some 50). Past 64 answers the thread
// moves to a middle table, past 512 more to the full one (thread_caches.h; the tables
// themselves are tested in intl_thread_caches_test), and every call site is still answered
// right, remembered or not, across both moves.
TEST_F(IntlRemembered, AThreadsFirstAnswersTouchFewPagesAndAllStayRight) {
  std::string po = header();
  constexpr int sites = 1500;
  for (int i = 0; i < sites; i++)
    po += "msgid \"call site " + std::to_string(i) + "\"\nmsgstr \"Aufruf " + std::to_string(i) + "\"\n\n";
  write_catalog(dir, "de", "many", po);
  ASSERT_NE(::bindtextdomain("many", dir.root().c_str()), nullptr);
  std::vector<std::string> msgids;  // each its own buffer: a call site each
  for (int i = 0; i < sites; i++) msgids.push_back("call site " + std::to_string(i));
  ASSERT_STREQ(::dgettext("many", msgids[0].c_str()), "Aufruf 0");  // the catalog is loaded here

  long faults = -1, grown_faults = -1;
  int wrong = 0;
  std::thread fresh([&] {  // a thread of its own: its caches are made by its first lookup
    rusage before{}, after{};
    ::getrusage(RUSAGE_THREAD, &before);
    for (int i = 0; i < 50; i++)
      wrong += std::string(::dgettext("many", msgids[i].c_str())) != "Aufruf " + std::to_string(i);
    ::getrusage(RUSAGE_THREAD, &after);
    faults = after.ru_minflt - before.ru_minflt;
    for (int i = 50; i < 150; i++)  // past the small table's fill: the middle table
      wrong += std::string(::dgettext("many", msgids[i].c_str())) != "Aufruf " + std::to_string(i);
    ::getrusage(RUSAGE_THREAD, &before);
    grown_faults = before.ru_minflt - after.ru_minflt;
    for (int round = 0; round < 2; round++)  // every call site (into the full table), then each remembered
      for (int i = 0; i < sites; i++)
        wrong += std::string(::dgettext("many", msgids[i].c_str())) != "Aufruf " + std::to_string(i);
  });
  fresh.join();
  EXPECT_EQ(wrong, 0);
  // 50 call sites spread over the middle table would touch nearly all of its 16 pages; the
  // small table is in the caches' own allocation. The next 100, past the small table's
  // fill, do go to the middle table: its pages are put in place then, and counted (so the
  // count above is the small table's doing). Under a sanitizer the counts say nothing about the table (its
  // shadow memory and allocator fault pages of their own: 113 in the ASan build), so only the answers are
  // checked there.
  if (!erli18n::test_support::sanitized) {
    EXPECT_LE(faults, 4) << "page faults of a thread's first 50 lookups";  // 3 here; 6 with a 16 KiB table
    EXPECT_GT(grown_faults, faults) << "page faults of its next 100, in the middle table";
  }
}

}  // namespace
