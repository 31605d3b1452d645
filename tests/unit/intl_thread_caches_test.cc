// liberli18n_intl.so's per-thread answer table (src/c_api/thread_caches.h): it starts inside
// the thread's caches, grows to a middle and then a full table as answers are remembered,
// and each larger table has its pages in place when it is made, so that the answers stored
// in it take no page fault each.
#include <gtest/gtest.h>
#include <libintl.h>
#include <locale.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "test_support.h"
#include "thread_caches.h"
#include "translate.h"

namespace {

using erli18n::intl::remembered_answer;
using erli18n::intl::thread_caches;
using erli18n::intl::translate;

// How many pages of the table `caches` uses now are resident (mincore).
std::size_t resident_pages(const thread_caches& caches) {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t bytes = sizeof(remembered_answer) << caches.answers_bits;
  std::vector<unsigned char> in_core((bytes + page - 1) / page);
  EXPECT_EQ(::mincore(caches.answers, bytes, in_core.data()), 0);
  std::size_t resident = 0;
  for (unsigned char c : in_core) resident += c & 1;
  return resident;
}

// Makes `a` an answer for the call site `msgid` under `serial`, its key the caller's own
// text and its translation that text too: what each test below tells answers apart by.
void mark(remembered_answer& a, const char* msgid, std::uint32_t serial) {
  a.site = remembered_answer::site_of(msgid);
  a.serial = serial;
  a.key = msgid;
  a.text_offset = 0;
}

// Notes answers until the table changes; returns how many were noted.
std::uint32_t fill(thread_caches& caches) {
  for (std::uint32_t noted = 1;; ++noted)
    if (!caches.note_answer_stored()) return noted;
}

TEST(IntlThreadCaches, TheTableGrowsSmallToMiddleToFullAfterEachFill) {
  auto caches = std::make_unique<thread_caches>();
  EXPECT_EQ(caches->answers, caches->small_answers);
  EXPECT_EQ(caches->answers_bits, thread_caches::small_answer_bits);

  EXPECT_EQ(fill(*caches), 1u << thread_caches::small_answer_bits);
  EXPECT_EQ(caches->answers_bits, thread_caches::middle_answer_bits);
  EXPECT_NE(caches->answers, caches->small_answers);

  EXPECT_EQ(fill(*caches), 1u << (thread_caches::middle_answer_bits - 1));  // half of the middle table
  EXPECT_EQ(caches->answers_bits, thread_caches::answer_bits);

  // The full table is the last: it never changes again.
  for (int i = 0; i < 100000; i++) ASSERT_TRUE(caches->note_answer_stored());
  EXPECT_EQ(caches->answers_bits, thread_caches::answer_bits);
}

TEST(IntlThreadCaches, ALargerTableIsZeroedWithItsPagesInPlace) {
  auto caches = std::make_unique<thread_caches>();
  fill(*caches);
  const std::size_t middle_pages = (sizeof(remembered_answer) << thread_caches::middle_answer_bits) /
                                   static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  EXPECT_EQ(resident_pages(*caches), middle_pages) << "the middle table's pages, before any answer is stored";
  fill(*caches);
  const std::size_t full_pages = (sizeof(remembered_answer) << thread_caches::answer_bits) /
                                 static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  EXPECT_EQ(resident_pages(*caches), full_pages) << "the full table's pages, before any answer is stored";
  // Zero pages: every slot reads as empty.
  std::size_t filled = 0;
  for (std::size_t i = 0; i < (std::size_t{1} << caches->answers_bits); i++)
    filled += !caches->answers[i].empty();
  EXPECT_EQ(filled, 0u);
}

// Answers stored as translate() stores them (the first free way of the set) are found in
// their sets after each move to a larger table, with what they held.
TEST(IntlThreadCaches, RememberedAnswersMoveToEachLargerTable) {
  auto caches = std::make_unique<thread_caches>();
  static const char call_sites[48] = {};
  std::vector<int> stored;
  for (int i = 0; i < 48; i++) {
    const unsigned long n = static_cast<unsigned long>(i % 3);
    remembered_answer* set = caches->answer_set(&call_sites[i], n);
    ASSERT_TRUE(caches->note_answer_stored());
    remembered_answer* way = nullptr;
    for (unsigned w = 0; w < thread_caches::answer_ways && way == nullptr; w++)
      if (set[w].empty()) way = &set[w];
    if (way == nullptr) continue;  // every way taken: not remembered
    mark(*way, &call_sites[i], 1);
    way->n_plus = static_cast<std::uint16_t>(n + 1);
    stored.push_back(i);
  }
  ASSERT_GT(stored.size(), 24u);  // 48 in 8 sets of eight ways
  auto found = [&](int i) {
    const remembered_answer* set = caches->answer_set(&call_sites[i], static_cast<unsigned long>(i % 3));
    for (unsigned w = 0; w < thread_caches::answer_ways; w++)
      if (set[w].key == &call_sites[i])
        return set[w].n_plus == static_cast<std::uint16_t>(i % 3 + 1) && set[w].text() == &call_sites[i] &&
               set[w].site == remembered_answer::site_of(&call_sites[i]);
    return false;
  };
  for (int i : stored) EXPECT_TRUE(found(i)) << "in the small table: call site " << i;
  for (int table = 0; table < 2; table++) {
    fill(*caches);
    for (int i : stored) EXPECT_TRUE(found(i)) << "after move " << table + 1 << ": call site " << i;
  }
  EXPECT_EQ(caches->answers_bits, thread_caches::answer_bits);
}

// The full table grows over the middle one in place: a middle table whose every set is full
// moves whole, each answer found in its set of the full table with what it held, once, and
// the answers of each old set in their order (the most recently remembered first).
TEST(IntlThreadCaches, TheFullTableTakesAFullMiddleTableInPlace) {
  auto caches = std::make_unique<thread_caches>();
  fill(*caches);
  ASSERT_EQ(caches->answers_bits, thread_caches::middle_answer_bits);
  const remembered_answer* middle = caches->answers;
  constexpr std::size_t sites_count = 4 * (std::size_t{1} << thread_caches::middle_answer_bits);
  static const char sites[sites_count] = {};
  auto n_of_site = [](std::size_t i) { return static_cast<unsigned long>(i % 5); };
  std::vector<std::size_t> stored;
  for (std::size_t i = 0; i < sites_count; i++) {
    remembered_answer* set = caches->answer_set(&sites[i], n_of_site(i));
    for (unsigned w = 0; w < thread_caches::answer_ways; w++)
      if (set[w].empty()) {
        mark(set[w], &sites[i], static_cast<std::uint32_t>(i + 1));
        set[w].n_plus = remembered_answer::n_plus_of(true, n_of_site(i));
        stored.push_back(i);
        break;
      }
  }
  ASSERT_EQ(stored.size(), std::size_t{1} << thread_caches::middle_answer_bits)
      << "every way of every set taken";
  // Where each answer stood in the middle table: its set, and its way there.
  std::vector<std::size_t> old_slot(sites_count);
  for (std::size_t slot = 0; slot < stored.size(); slot++)
    old_slot[static_cast<std::size_t>(middle[slot].key - sites)] = slot;

  ASSERT_TRUE(caches->grow_answers());
  ASSERT_EQ(caches->answers_bits, thread_caches::answer_bits);
  EXPECT_EQ(caches->answers, middle) << "the same mapping, grown";
  EXPECT_EQ(caches->answers_stored, stored.size());
  std::size_t filled = 0;
  for (std::size_t slot = 0; slot < (std::size_t{1} << thread_caches::answer_bits); slot++)
    filled += !caches->answers[slot].empty();
  EXPECT_EQ(filled, stored.size()) << "each answer once";
  for (std::size_t i : stored) {
    const remembered_answer* set = caches->answer_set(&sites[i], n_of_site(i));
    const remembered_answer* found = nullptr;
    for (unsigned w = 0; w < thread_caches::answer_ways; w++)
      if (set[w].key == &sites[i]) found = &set[w];
    ASSERT_NE(found, nullptr) << "call site " << i;
    EXPECT_EQ(found->text(), &sites[i]);
    EXPECT_EQ(found->site, remembered_answer::site_of(&sites[i]));
    EXPECT_EQ(found->serial, i + 1);
    EXPECT_EQ(found->n_plus, remembered_answer::n_plus_of(true, n_of_site(i)));
    // The answers before it in its new set stood before it in its old set.
    for (const remembered_answer* before = set; before != found; ++before) {
      ASSERT_FALSE(before->empty());
      const std::size_t b = old_slot[static_cast<std::size_t>(before->key - sites)];
      EXPECT_EQ(b / thread_caches::answer_ways, old_slot[i] / thread_caches::answer_ways);
      EXPECT_LT(b, old_slot[i]) << "call site " << i;
    }
  }
}

// A new answer takes the first way of its set; the others move one way down and the least
// recently remembered leaves, unless a way holds the same call site (a stale answer): then
// only the ways before it move, and the answers after it stay.
TEST(IntlThreadCaches, ANewAnswerGoesFirstAndTheLeastRecentlyRememberedLeaves) {
  constexpr unsigned ways = thread_caches::answer_ways;
  static const char sites[ways + 1] = {};
  remembered_answer set[ways] = {};
  for (unsigned w = 0; w < ways; w++) mark(set[w], &sites[w], 1);  // 0 1 2 ... ways-1

  remembered_answer& first = thread_caches::way_for_new_answer(set, &sites[ways], 0);
  EXPECT_EQ(&first, &set[0]);
  mark(first, &sites[ways], 1);
  std::vector<const char*> after_new = {&sites[ways]};  // the last, ways-1, left
  for (unsigned w = 0; w + 1 < ways; w++) after_new.push_back(&sites[w]);
  for (unsigned w = 0; w < ways; w++) EXPECT_EQ(set[w].key, after_new[w]) << w;

  remembered_answer& again = thread_caches::way_for_new_answer(set, &sites[1], 0);  // in way 2
  mark(again, &sites[1], 1);
  std::vector<const char*> after_again = after_new;  // the ways after way 2 stay
  after_again[0] = &sites[1];
  after_again[1] = &sites[ways];
  after_again[2] = &sites[0];
  for (unsigned w = 0; w < ways; w++) EXPECT_EQ(set[w].key, after_again[w]) << w;

  mark(thread_caches::way_for_new_answer(set, &sites[1], 0), &sites[1], 1);  // in way 0: nothing moves
  for (unsigned w = 0; w < ways; w++) EXPECT_EQ(set[w].key, after_again[w]) << w;

  // The same call site asked with another n is another answer: it goes first, and the
  // answer for the first n moves down a way rather than being replaced.
  remembered_answer& other_n = thread_caches::way_for_new_answer(set, &sites[1], 3);
  EXPECT_EQ(&other_n, &set[0]);
  other_n.n_plus = 3;
  EXPECT_EQ(set[1].key, &sites[1]);
  EXPECT_EQ(set[1].n_plus, 0u);
  EXPECT_EQ(set[2].key, &sites[ways]);
}

// Answers keep the low 32 bits of their resolution's serial: when those wrap, every answer
// is forgotten and every resolution takes a new serial at its next lookup, so that an
// answer stamped 2^32 serials ago can never pass for a current one.
TEST(IntlThreadCaches, AWrapOfTheSerialsLowBitsForgetsEveryAnswer) {
  auto caches = std::make_unique<thread_caches>();
  fill(*caches);  // the middle table: a mapping of its own
  static const char site[1] = {};
  caches->filled = 2;
  for (std::size_t i = 0; i < caches->filled; i++) {
    caches->resolutions[i].serial = caches->next_serial();
    caches->resolutions[i].answers_second = 7;
  }
  EXPECT_EQ(caches->resolutions[1].serial, 2u);
  remembered_answer* set = caches->answer_set(site, 0);
  mark(set[0], site, 2);

  caches->serials = 0xFFFFFFFEu;
  EXPECT_EQ(caches->next_serial(), 0xFFFFFFFFu) << "no wrap yet";
  EXPECT_FALSE(set[0].empty());
  EXPECT_EQ(caches->resolutions[0].answers_second, 7);

  EXPECT_EQ(caches->next_serial(), 0x100000001u) << "the low bits skip 0";
  for (std::size_t i = 0; i < (std::size_t{1} << caches->answers_bits); i++)
    ASSERT_TRUE(caches->answers[i].empty()) << "slot " << i;
  for (std::size_t i = 0; i < caches->filled; i++)
    EXPECT_EQ(caches->resolutions[i].answers_second, INT64_MIN) << "resolution " << i << " keeps its serial";
}

// The answers translate() remembered for the call site `msgid`, wherever they lie in the
// thread's table (a call site's answers for several n may share a set).
std::vector<const remembered_answer*> answers_of(const char* msgid) {
  std::vector<const remembered_answer*> found;
  const thread_caches* caches = erli18n::intl::t_caches;
  if (caches == nullptr) return found;
  for (std::size_t i = 0; i < (std::size_t{1} << caches->answers_bits); i++)
    if (!caches->answers[i].empty() && caches->answers[i].site == remembered_answer::site_of(msgid))
      found.push_back(&caches->answers[i]);
  return found;
}

// Makes German the language of `domain`, bound to a UTF-8 catalog in `dir` holding `entries`
// (PO text after the header), in the C.UTF-8 locale: the tests below call translate() on it.
void bind_german_catalog(const erli18n::test_support::temp_dir& dir, const char* domain,
                         const std::string& entries) {
  dir.write(std::string("de/LC_MESSAGES/") + domain + ".mo",
            erli18n::test_support::mo_from_po(
                "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" + entries));
  ASSERT_NE(::setlocale(LC_ALL, "C.UTF-8"), nullptr);
  ::setenv("LANGUAGE", "de", 1);
  ASSERT_NE(::bindtextdomain(domain, dir.root().c_str()), nullptr);
}

// translate() remembers an answer with the catalog's copy of the whole key the caller
// passed (a context with it: a `.mo` keeps "context\004msgid" as one string) and the
// plural lookup's n + 1; an n too large for the slot is answered, never remembered, and
// the call site's singular and plural answers are told apart.
TEST(IntlThreadCaches, TranslateRemembersAnswersByTheCatalogsCopyOfTheKey) {
  erli18n::test_support::temp_dir dir;
  ASSERT_NO_FATAL_FAILURE(bind_german_catalog(
      dir, "tc",
      "msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Öffnen\"\n\n"
      "msgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"Datei\"\nmsgstr[1] \"Dateien\"\n"));

  static const char open_in_menu[] = "menu\004Open";
  for (int round = 0; round < 2; round++)
    EXPECT_STREQ(translate("tc", open_in_menu, nullptr, false, 0, LC_MESSAGES), "Öffnen") << round;
  const std::vector<const remembered_answer*> menu = answers_of(open_in_menu);
  ASSERT_EQ(menu.size(), 1u);
  const remembered_answer* a = menu[0];
  EXPECT_NE(a->key, open_in_menu) << "the catalog's copy, not the caller's";
  EXPECT_EQ(std::string(a->key, a->key_size), open_in_menu);
  EXPECT_STREQ(a->text(), "Öffnen");
  EXPECT_EQ(a->n_plus, 0u);

  static const char file[] = "file";
  for (int round = 0; round < 2; round++) {
    EXPECT_STREQ(translate("tc", file, "files", true, 2, LC_MESSAGES), "Dateien") << round;
    EXPECT_STREQ(translate("tc", file, "files", true, 70000, LC_MESSAGES), "Dateien") << round;
    EXPECT_STREQ(translate("tc", file, "files", true, 0, LC_MESSAGES), "Dateien") << round;
    EXPECT_STREQ(translate("tc", file, nullptr, false, 0, LC_MESSAGES), "Datei") << round;
    EXPECT_STREQ(translate("tc", file, "files", true, 1, LC_MESSAGES), "Datei") << round;
  }
  // n = 2, 0 and 1 as n + 1, the singular as 0; n = 70000 nowhere (its n + 1 cut to 16
  // bits would read 4465).
  std::vector<unsigned> n_plus;
  for (const remembered_answer* r : answers_of(file)) n_plus.push_back(r->n_plus);
  std::sort(n_plus.begin(), n_plus.end());
  EXPECT_EQ(n_plus, (std::vector<unsigned>{0, 1, 2, 3}));
  ::unsetenv("LANGUAGE");
}

// A translation is kept as its distance from the key: within 2 GiB either way (one mapped
// `.mo` always), else the answer is not remembered.
TEST(IntlThreadCaches, ATranslationIsKeptAsItsDistanceFromTheKeyWithin2GiB) {
  static const char text[] = "key\0translation";
  auto offset = remembered_answer::text_offset_of(text, text + 4);
  ASSERT_TRUE(offset);
  remembered_answer a;
  a.key = text + 4;
  a.text_offset = *remembered_answer::text_offset_of(a.key, text);
  EXPECT_EQ(a.text(), text) << "before the key";
  a.text_offset = *offset;
  a.key = text;
  EXPECT_STREQ(a.text(), "translation");
  const auto far = [](const char* p, std::uintptr_t by) {
    return reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(p) + by);
  };
  EXPECT_TRUE(remembered_answer::text_offset_of(text, far(text, 0x7fffffffu)));
  EXPECT_FALSE(remembered_answer::text_offset_of(text, far(text, 0x80000000u)));
  EXPECT_TRUE(remembered_answer::text_offset_of(far(text, 0x80000000u), text));
  EXPECT_FALSE(remembered_answer::text_offset_of(far(text, 0x80000001u), text));
}

// Two call sites 4 GiB apart share their site (the pointer's low 32 bits) and their set: the
// comparison of the caller's text with the key tells them apart, and each gets its own
// translation, remembered or not.
TEST(IntlThreadCaches, CallSitesThatShareTheirLow32BitsAreToldApartByTheirText) {
  erli18n::test_support::temp_dir dir;
  ASSERT_NO_FATAL_FAILURE(bind_german_catalog(
      dir, "tc32", "msgid \"Open\"\nmsgstr \"Öffnen\"\n\nmsgid \"Save\"\nmsgstr \"Speichern\"\n"));

  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  char* low = nullptr;
  char* high = nullptr;
  // Two pages 4 GiB apart, wherever the address space has room for both.
  for (std::uintptr_t base = std::uintptr_t{0x200000000000};
       base < std::uintptr_t{0x600000000000} && high == nullptr; base += std::uintptr_t{1} << 40) {
    void* a = ::mmap(reinterpret_cast<void*>(base), page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (a == MAP_FAILED) continue;
    void* b = ::mmap(reinterpret_cast<void*>(base + (std::uintptr_t{1} << 32)), page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (b == MAP_FAILED || b != reinterpret_cast<void*>(base + (std::uintptr_t{1} << 32))) {
      if (b != MAP_FAILED) ::munmap(b, page);
      ::munmap(a, page);
      continue;
    }
    low = static_cast<char*>(a);
    high = static_cast<char*>(b);
  }
  ASSERT_NE(high, nullptr) << "no room for two pages 4 GiB apart";
  std::strcpy(low, "Open");
  std::strcpy(high, "Save");
  ASSERT_EQ(remembered_answer::site_of(low), remembered_answer::site_of(high));
  for (int round = 0; round < 3; round++) {
    EXPECT_STREQ(translate("tc32", low, nullptr, false, 0, LC_MESSAGES), "Öffnen") << round;
    EXPECT_STREQ(translate("tc32", high, nullptr, false, 0, LC_MESSAGES), "Speichern") << round;
    EXPECT_STREQ(translate("tc32", low, nullptr, false, 0, LC_MESSAGES), "Öffnen") << round;
  }
  // The same text at both: the same answer, from either.
  std::strcpy(high, "Open");
  EXPECT_STREQ(translate("tc32", high, nullptr, false, 0, LC_MESSAGES), "Öffnen");
  EXPECT_STREQ(translate("tc32", low, nullptr, false, 0, LC_MESSAGES), "Öffnen");
  ::munmap(low, page);
  ::munmap(high, page);
  ::unsetenv("LANGUAGE");
}

}  // namespace
