// The lookup index of a `.mo` read in place (catalog.h, message_index.h): the catalog answers
// from the MO's own hash table until its lookups have built the index a chunk at a time, and
// every answer is the same whichever answers it; the index takes 7 bytes a message; a first
// load of a key retires nothing. Run under TSan by `make tsan` (the concurrent cases).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "catalog.h"
#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "message_index.h"
#include "mo_format.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using erli18n::catalog_store;
using erli18n::mo_catalog;
using erli18n::po_file;
using erli18n::po_message;

po_message message(std::string msgid, std::string msgstr, std::optional<std::string> context = std::nullopt) {
  po_message m;
  m.msgctxt = std::move(context);
  m.msgid = std::move(msgid);
  m.msgstr.push_back(std::move(msgstr));
  return m;
}

// `count` messages: every 7th has a context, every 11th is a plural with three forms.
po_file generated_po(std::size_t count) {
  po_file po;
  po.file_name = "generated.po";
  po.messages.push_back(message("",
                                "Content-Type: text/plain; charset=UTF-8\n"
                                "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);\n"));
  for (std::size_t i = 0; i < count; ++i) {
    const std::string n = std::to_string(i);
    if (i % 11 == 0) {
      po_message m;
      m.msgid = "%d file number " + n;
      m.msgid_plural = "%d files number " + n;
      m.msgstr = {"one " + n, "few " + n, "many " + n};
      po.messages.push_back(std::move(m));
    } else if (i % 7 == 0) {
      po.messages.push_back(message("Open " + n, "Ouvrir (menu) " + n, "menu " + std::to_string(i % 3)));
    } else {
      po.messages.push_back(message("Message number " + n + " of the catalog", "Traduction " + n));
    }
  }
  return po;
}

std::string compiled(const po_file& po, bool big_endian = false) {
  erli18n::mo_compile_options o;
  o.big_endian = big_endian;
  erli18n::result<std::string> mo = erli18n::compile_mo(po, o);
  if (!mo) throw std::runtime_error(mo.error().to_string());
  return *std::move(mo);
}

// What the store answers for every message of `mo` (and a miss per message) equals what the
// MO's own lookup answers.
void expect_answers_as_mo(const catalog_store& store, std::string_view domain, const mo_catalog& mo) {
  for (std::size_t i = 0; i < mo.size(); ++i) {
    erli18n::result<std::optional<erli18n::mo_entry>> found = mo.expanded_entry(i);
    if (!found || !*found) continue;
    const erli18n::mo_entry& e = **found;
    const std::string msgid(e.msgid);
    SCOPED_TRACE(msgid);
    if (e.has_context) {
      const std::string expected(mo.lookup(e.context, e.msgid).value_or(e.msgid));
      ASSERT_EQ(store.dlpgettext(domain, "fr", e.context, e.msgid), expected);
    } else if (e.has_plural) {
      for (unsigned long n : {1UL, 2UL, 7UL}) {
        const std::string expected(mo.lookup_plural(e.msgid, n).value_or(n == 1 ? e.msgid : e.msgid_plural));
        ASSERT_EQ(store.dlngettext(domain, "fr", e.msgid, e.msgid_plural, n), expected) << n;
      }
    } else {
      const std::string expected(mo.lookup(e.msgid).value_or(e.msgid));
      ASSERT_EQ(store.dlgettext(domain, "fr", e.msgid), expected);
    }
    const std::string missing = msgid + " (not in the catalog)";
    ASSERT_EQ(store.dlgettext(domain, "fr", missing), missing);
  }
}

TEST(CatalogIndex, AnswersAreTheSameBeforeDuringAndAfterTheIndex) {
  // In both byte orders: the indexed lookup reads a file in the host's order directly and
  // the other one through its byte-swapping path.
  for (bool big_endian : {false, true}) {
    SCOPED_TRACE(big_endian ? "big-endian" : "little-endian");
    const std::string bytes = compiled(generated_po(5000), big_endian);
    auto mo = mo_catalog::from_memory(bytes.data(), bytes.size());
    ASSERT_TRUE(mo) << mo.error().to_string();
    ASSERT_EQ(mo->big_endian(), big_endian);
    catalog_store store;
    ASSERT_TRUE(store.load_buffer("app", "fr", bytes, "generated.mo"));
    // The first pass starts on the MO's table, crosses the lookups that build the index chunk
    // by chunk, and ends on the index; the second runs on the complete index.
    expect_answers_as_mo(store, "app", *mo);
    store.build_indexes();
    expect_answers_as_mo(store, "app", *mo);
  }
}

TEST(CatalogIndex, RealCatalogsAnswerAsTheMoDoes) {
  // Any catalogs of this machine (a fresh Debian with install-deps.sh has a few thousand);
  // at least 20 are needed. Every one is loaded into one store and looked up in full.
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& locale : fs::directory_iterator("/usr/share/locale", ec)) {
    for (const auto& f : fs::directory_iterator(locale.path() / "LC_MESSAGES", ec))
      if (f.path().extension() == ".mo") files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 20u) << "this test needs at least 20 catalogs in /usr/share/locale";
  // Spread over the sorted list: many locales and domains, big and small catalogs.
  const std::size_t step = files.size() / 20;
  catalog_store store;
  for (std::size_t k = 0; k < 20; ++k) {
    const fs::path& path = files[k * step];
    SCOPED_TRACE(path.string());
    auto mo = mo_catalog::open(path.string());
    if (!mo) continue;  // a catalog the reader refuses is not this test's subject
    const std::string domain = "d" + std::to_string(k);
    auto loaded = store.load(domain, "fr", path.string());
    ASSERT_TRUE(loaded) << loaded.error().to_string();
    expect_answers_as_mo(store, domain, *mo);
  }
  store.build_indexes();
  for (std::size_t k = 0; k < 20; ++k) {
    auto mo = mo_catalog::open(files[k * step].string());
    if (mo) expect_answers_as_mo(store, "d" + std::to_string(k), *mo);
  }
}

// The index is built by lookups: none for the first few hundred, then a chunk per lookup.
TEST(CatalogIndex, LookupsBuildTheIndexInChunksAfterAThreshold) {
  const std::string bytes = compiled(generated_po(5000));
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size());
  ASSERT_TRUE(mo);
  auto built = erli18n::detail::build_catalog(*mo, erli18n::load_options{}, nullptr, false);
  ASSERT_TRUE(built) << built.error().to_string();
  const erli18n::detail::catalog& c = *built->value;
  EXPECT_EQ(c.size(), 5001u);
  const std::string key = "Message number 4999 of the catalog";
  constexpr int before = erli18n::detail::catalog::lookups_before_indexing;
  static_assert(before > 51, "ls --help's 51 lookups never build an index");
  int lookups = 0;
  for (; lookups < before - 1; ++lookups) {
    ASSERT_TRUE(c.find(nullptr, key));
    ASSERT_FALSE(c.index_complete()) << "indexed after " << lookups + 1 << " lookups";
  }
  // 5,001 entries in chunks of 1,024: five more lookups.
  for (; lookups < before - 1 + 5; ++lookups) ASSERT_TRUE(c.find(nullptr, key));
  EXPECT_TRUE(c.index_complete());
  ASSERT_TRUE(c.find(nullptr, key));
  EXPECT_EQ(c.find(nullptr, key)->first_form(), "Traduction 4999");
}

// The 4-byte slot splits its bits by the catalog's size (the entry's number, then the tag):
// at each size where the split moves, every entry is found with its flags, a key that was
// never inserted is not, and keys whose hashes share their slot and tag bits stay apart.
TEST(MessageIndex, FindsEveryEntryWhereverItsSlotBitsSplit) {
  using erli18n::detail::message_index;
  std::mt19937_64 random(25);
  for (std::size_t n :
       {0u, 1u, 2u, 3u, 4u, 7u, 8u, 255u, 256u, 1023u, 1024u, 1025u, 65535u, 65536u, 1u << 20}) {
    SCOPED_TRACE(n);
    std::vector<std::uint64_t> hashes(n);
    for (std::size_t e = 0; e < n; ++e) {
      hashes[e] = random();
      // Every 5th shares the previous one's hash but for its lowest bit above the tag's
      // 32: same home slot, same tag whenever the tag is narrower than 31 bits.
      if (e % 5 == 4) hashes[e] = hashes[e - 1] ^ (std::uint64_t{1} << 32);
    }
    message_index index;
    index.allocate(n);
    EXPECT_EQ(index.bytes(), (n + n * 3 / 4 + 1) * 4);
    auto same_as = [&](std::uint64_t hash) {
      return [&hashes, hash](std::uint32_t e) { return hashes[e] == hash; };
    };
    for (std::uint32_t e = 0; e < n; ++e)
      index.insert(e, hashes[e], e % 3, same_as(hashes[e]), [](std::uint32_t kept) { return kept; });
    index.set_built(n);
    ASSERT_TRUE(index.complete());
    for (std::uint32_t e = 0; e < n; ++e) {
      std::optional<message_index::found> f = index.find(hashes[e], same_as(hashes[e]));
      ASSERT_TRUE(f) << e;
      ASSERT_EQ(f->entry, e);
      ASSERT_EQ(f->flags, e % 3);
    }
    for (int miss = 0; miss < 1000; ++miss) {
      const std::uint64_t h = random();
      EXPECT_FALSE(index.find(h, same_as(h)));
    }
  }
  message_index too_large;
  EXPECT_THROW(too_large.allocate(message_index::max_entries + 1), std::bad_alloc);
}

TEST(CatalogIndex, TakesSevenBytesAMessage) {
  const std::size_t count = 20000;
  const std::string bytes = compiled(generated_po(count));
  catalog_store store;
  const std::size_t empty = store.memory().index_bytes;
  ASSERT_TRUE(store.load_buffer("app", "fr", bytes, "generated.mo"));
  store.build_indexes();
  const erli18n::store_memory m = store.memory();
  // The slots (4 bytes, 7/4 a message), the catalog object and the store's map entry: 7
  // bytes a message, plus a constant (no entry is stored for a message of the file itself).
  EXPECT_LE(m.index_bytes - empty, 7 * (count + 1) + 4096) << m.index_bytes;
  EXPECT_EQ(m.text_bytes, bytes.size());  // the copy load_buffer keeps, read in place
}

// An image with two entries of one key and an untranslated one: the answers stay the MO's
// (glibc's) whether the MO's table or the index gives them.
TEST(CatalogIndex, DuplicateAndEmptyEntriesAnswerAsTheMoDoes) {
  erli18n::mo_format::image_input input;
  input.statics = {{"", "Content-Type: text/plain; charset=UTF-8\n"},
                   {"apple", "pomme"},
                   {"apple", "pomme (second)"},
                   {"empty", ""},
                   {"pear", "poire"}};
  const std::string bytes = erli18n::mo_format::build_image(input, true, false);
  auto mo = mo_catalog::from_memory(bytes.data(), bytes.size());
  ASSERT_TRUE(mo);
  const std::string expected_apple(mo->lookup("apple").value_or("?"));
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", bytes, "dup.mo"));
  for (int indexed : {0, 1}) {
    SCOPED_TRACE(indexed ? "index" : "MO table");
    if (indexed) store.build_indexes();
    EXPECT_EQ(store.dlgettext("app", "fr", "apple"), expected_apple);
    EXPECT_EQ(store.dlgettext("app", "fr", "empty"), "empty");  // untranslated: a miss
    EXPECT_EQ(store.dlgettext("app", "fr", "pear"), "poire");
  }
}

// Threads look every message up while their lookups (and a writer's build_indexes) build the
// index: each answer is right, whichever path gave it.
TEST(CatalogIndex, ConcurrentLookupsWhileTheIndexIsBuilt) {
  const po_file po = generated_po(20000);
  const std::string bytes = compiled(po);
  for (int round = 0; round < 3; ++round) {
    catalog_store store;
    ASSERT_TRUE(store.load_buffer("app", "fr", bytes, "generated.mo"));
    std::atomic<int> wrong{0};
    auto reader = [&](std::size_t first) {
      for (std::size_t k = 0; k < po.messages.size(); ++k) {
        const po_message& m = po.messages[(first + k) % po.messages.size()];
        if (m.msgid.empty() || m.msgid_plural || m.msgctxt) continue;
        if (store.dlgettext("app", "fr", m.msgid) != m.msgstr[0]) ++wrong;
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 3; ++t) threads.emplace_back(reader, t * 7000);
    if (round == 1) store.build_indexes();
    for (std::thread& t : threads) t.join();
    EXPECT_EQ(wrong.load(), 0);
  }
}

// Keys loaded one by one while readers look up those already loaded: the published map grows
// in place and is rebuilt when full, and no reader ever misses a key it was told is loaded.
TEST(CatalogIndex, KeysAddedWhileReadersRead) {
  const std::string bytes = erli18n::test_support::mo_from_po(
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
      "msgid \"hello\"\nmsgstr \"bonjour\"\n");
  catalog_store store;
  constexpr int keys = 400;
  std::atomic<int> loaded{0};
  std::atomic<int> wrong{0};
  std::atomic<long> lookups{0};
  auto reader = [&](unsigned seed) {
    while (loaded.load(std::memory_order_acquire) < keys) {
      const int n = loaded.load(std::memory_order_acquire);
      if (n == 0) continue;
      seed = seed * 1103515245u + 12345u;
      const std::string domain = "d" + std::to_string(seed % static_cast<unsigned>(n));
      if (store.dlgettext(domain, "fr", "hello") != "bonjour") ++wrong;
      ++lookups;
    }
  };
  std::thread a(reader, 1u), b(reader, 2u);
  for (int i = 0; i < keys; ++i) {
    ASSERT_TRUE(store.load_buffer("d" + std::to_string(i), "fr", bytes, "hello.mo"));
    loaded.store(i + 1, std::memory_order_release);
    // Let the readers run between loads (on a busy machine they would otherwise wait for
    // the writer's time slice to end).
    const long seen = lookups.load();
    for (int spin = 0; spin < 1000 && lookups.load() < seen + 2; ++spin) std::this_thread::yield();
  }
  a.join();
  b.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(lookups.load(), keys);
  // Every key answers, and an unloaded one no longer does (its slot stays, empty).
  for (int i = 0; i < keys; ++i)
    ASSERT_EQ(store.dlgettext("d" + std::to_string(i), "fr", "hello"), "bonjour");
  ASSERT_TRUE(store.unload("d7", "fr"));
  EXPECT_EQ(store.dlgettext("d7", "fr", "hello"), "hello");
  ASSERT_TRUE(store.load_buffer("d7", "fr", bytes, "hello.mo"));
  EXPECT_EQ(store.dlgettext("d7", "fr", "hello"), "bonjour");
}

}  // namespace
