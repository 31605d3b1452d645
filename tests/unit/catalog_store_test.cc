// Catalog store: loading from .po and .mo (files, pipes and buffers), the lookup family,
// GNU's miss and plural rules, bounds and errors, reload/unload, text retention (bounded
// over thousands of reloads) and observability.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "temp_dir.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using erli18n::catalog_store;
using erli18n::errc;
using erli18n::load_options;

const char* const fr_po = R"(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "Hello"
msgstr "Bonjour"

msgctxt "menu"
msgid "Open"
msgstr "Ouvrir"

msgid "Open"
msgstr "Ouvre"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d fichier"
msgstr[1] "%d fichiers"

#, fuzzy
msgid "Fuzzy"
msgstr "Flou"

msgid "Untranslated"
msgstr ""

#~ msgid "Old"
#~ msgstr "Vieux"
)";

// Russian: three forms, and an entry that lacks the third.
const char* const ru_po = R"(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"

msgid "%d dog"
msgid_plural "%d dogs"
msgstr[0] "%d собака"
msgstr[1] "%d собаки"
)";

using erli18n::test_support::temp_dir;

std::string compile(const char* po_text) {
  auto po = erli18n::read_po(po_text, "x.po");
  EXPECT_TRUE(po);
  auto mo = erli18n::compile_mo(*po);
  EXPECT_TRUE(mo);
  return *mo;
}

TEST(CatalogStore, LookupFamilyFromPoAndMo) {
  temp_dir dir;
  for (const std::string& path : {dir.write("fr.po", fr_po), dir.write("fr.mo", compile(fr_po))}) {
    SCOPED_TRACE(path);
    catalog_store store;
    auto n = store.load("app", "fr", path);
    ASSERT_TRUE(n) << n.error().to_string();
    EXPECT_EQ(n->messages, 5u);  // header, Hello, menu|Open, Open, %d file
    EXPECT_FALSE(n->already_loaded);
    EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
    EXPECT_EQ(store.dlgettext("app", "fr", "Open"), "Ouvre");
    EXPECT_EQ(store.dlpgettext("app", "fr", "menu", "Open"), "Ouvrir");
    EXPECT_EQ(store.dlpgettext("app", "fr", "", "Open"), "Open");  // an empty context is a context
    // French: n > 1 is plural, so 0 and 1 take form 0.
    EXPECT_EQ(store.dlngettext("app", "fr", "%d file", "%d files", 0), "%d fichier");
    EXPECT_EQ(store.dlngettext("app", "fr", "%d file", "%d files", 1), "%d fichier");
    EXPECT_EQ(store.dlngettext("app", "fr", "%d file", "%d files", 2), "%d fichiers");
    EXPECT_EQ(store.dlnpgettext("app", "fr", "menu", "%d file", "%d files", 2),
              "%d files");  // no such context
    // A plural entry looked up in the singular gives its first form, as gettext does.
    EXPECT_EQ(store.dlgettext("app", "fr", "%d file"), "%d fichier");
    // Fuzzy, untranslated and obsolete entries are misses.
    EXPECT_EQ(store.dlgettext("app", "fr", "Fuzzy"), "Fuzzy");
    EXPECT_EQ(store.dlgettext("app", "fr", "Untranslated"), "Untranslated");
    EXPECT_EQ(store.dlgettext("app", "fr", "Old"), "Old");
    // The empty msgid returns the header, as glibc does.
    EXPECT_NE(store.dlgettext("app", "fr", "").find("Plural-Forms"), std::string_view::npos);
    // Every spelling of the locale finds the catalog.
    EXPECT_EQ(store.dlgettext("app", "FR", "Hello"), "Bonjour");
    EXPECT_EQ(store.dlgettext("app", "fr.UTF-8", "Hello"), "Bonjour");
    EXPECT_EQ(store.dlgettext("app", "fr_FR", "Hello"), "Hello");  // exact match only, no fallback
    EXPECT_EQ(store.dlgettext("other", "fr", "Hello"), "Hello");
  }
}

// A file is mapped as an MO first when it is of an MO's size, its magic unread (no system
// call for it); what the mapping refuses is told apart by its magic as before: a .po of any
// size (under 28 bytes, or over, whatever its extension) is read as text, a damaged .mo
// keeps the MO reader's error, an empty file is no catalog.
TEST(CatalogStore, FilesAreToldApartByTheirMagicWithoutReadingItFirst) {
  temp_dir dir;
  catalog_store store;
  const std::string mo = compile(fr_po);
  auto as_mo = store.load("app", "fr", dir.write("po-named.mo", fr_po));  // a .po, however named
  ASSERT_TRUE(as_mo) << as_mo.error().to_string();
  EXPECT_EQ(as_mo->messages, 5u);
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
  auto tiny = store.load("tiny", "fr", dir.write("tiny.po", "msgid \"a\"\nmsgstr \"b\"\n"));  // 23 bytes
  ASSERT_TRUE(tiny) << tiny.error().to_string();
  EXPECT_EQ(store.dlgettext("tiny", "fr", "a"), "b");
  auto real = store.load("real", "fr", dir.write("real.mo", mo));
  ASSERT_TRUE(real) << real.error().to_string();
  EXPECT_EQ(real->messages, 5u);
  std::string damaged = mo.substr(0, 4) + std::string(40, '\xff');  // MO magic, nothing sound
  auto bad = store.load("bad", "fr", dir.write("bad.mo", damaged));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, errc::syntax) << bad.error().to_string();
  auto stub = store.load("stub", "fr", dir.write("stub.mo", mo.substr(0, 20)));  // magic, too short
  ASSERT_FALSE(stub);
  EXPECT_NE(stub.error().message.find("too small for an mo header"), std::string::npos)
      << stub.error().to_string();
  auto empty = store.load("empty", "fr", dir.write("empty.mo", ""));
  auto empty_po = store.load_buffer("empty2", "fr", std::string_view{}, "empty.po");
  ASSERT_EQ(static_cast<bool>(empty), static_cast<bool>(empty_po));  // as the text reader has it
}

TEST(CatalogStore, ReturnedTextIsNulTerminated) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po"));
  std::string_view s = store.dlngettext("app", "fr", "%d file", "%d files", 0);
  EXPECT_EQ(s, "%d fichier");
  EXPECT_EQ(s.data()[s.size()], '\0');
  EXPECT_STREQ(store.dlgettext("app", "fr", "Hello").data(), "Bonjour");
}

TEST(CatalogStore, MissesFollowGlibcWhateverTheLanguage) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "ru", ru_po, "ru.po"));
  // Found: the Russian rule picks the form.
  EXPECT_EQ(store.dlngettext("app", "ru", "%d file", "%d files", 1), "%d файл");
  EXPECT_EQ(store.dlngettext("app", "ru", "%d file", "%d files", 3), "%d файла");
  EXPECT_EQ(store.dlngettext("app", "ru", "%d file", "%d files", 5), "%d файлов");
  EXPECT_EQ(store.dlngettext("app", "ru", "%d file", "%d files", 21), "%d файл");
  // Missing: glibc answers with the English rule (n == 1 ? msgid : msgid_plural), even in ru.
  EXPECT_EQ(store.dlngettext("app", "ru", "%d cat", "%d cats", 21), "%d cats");
  EXPECT_EQ(store.dlngettext("app", "ru", "%d cat", "%d cats", 1), "%d cat");
  EXPECT_EQ(store.dlngettext("none", "ru", "%d cat", "%d cats", 0), "%d cats");
  // The rule selects form 2, which this entry lacks: glibc shows the first form.
  EXPECT_EQ(store.dlngettext("app", "ru", "%d dog", "%d dogs", 5), "%d собака");
  EXPECT_EQ(store.dlngettext("app", "ru", "%d dog", "%d dogs", 2), "%d собаки");
}

TEST(CatalogStore, NoPluralFormsMeansGermanicRule) {
  catalog_store store;
  const char* po = "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"A1\"\nmsgstr[1] \"A2\"\n";
  ASSERT_TRUE(store.load_buffer("d", "de", po));
  EXPECT_EQ(store.dlngettext("d", "de", "a", "as", 1), "A1");
  EXPECT_EQ(store.dlngettext("d", "de", "a", "as", 0), "A2");
  EXPECT_EQ(store.dlngettext("d", "de", "a", "as", 7), "A2");
}

// Default-constructed views (null data()) as the buffer, the msgid and the context: no null
// pointer may reach memchr or memcmp (the ASan+UBSan build stops on it).
TEST(CatalogStore, DefaultConstructedViewsAreEmptyText) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("d", "de", std::string_view{}, "empty.po"));
  EXPECT_EQ(store.dlgettext("d", "de", std::string_view{}), "");
  ASSERT_TRUE(store.load_buffer("d", "fr", "msgctxt \"\"\nmsgid \"\"\nmsgstr \"vide\"\n", "ctx.po"));
  EXPECT_EQ(store.dlpgettext("d", "fr", std::string_view{}, std::string_view{}), "vide");
}

TEST(CatalogStore, InvalidPluralFormsFallsBackToGlibcsDefault) {
  // msgfmt compiles such a header and glibc then uses `n != 1`; a .po must read the same.
  catalog_store store;
  std::string po = R"po(msgid ""
msgstr "Plural-Forms: nplurals=2; plural=n/0;\n"

msgid "a"
msgid_plural "as"
msgstr[0] "A1"
msgstr[1] "A2"
)po";
  ASSERT_TRUE(store.load_buffer("d", "de", po));
  EXPECT_EQ(store.dlngettext("d", "de", "a", "as", 1), "A1");
  EXPECT_EQ(store.dlngettext("d", "de", "a", "as", 0), "A2");
}

TEST(CatalogStore, SystemDependentStringsAreExpandedFromPoAsGlibcDoes) {
  // msgfmt makes the first a system-dependent string; glibc finds it under "%lu" on LP64.
  // A macro msgfmt does not know leaves the string static. The .po and the .mo compiled
  // from it answer alike.
  std::string po = R"po(#, c-format
msgid "%<PRIu64> files"
msgstr "%<PRIu64> Dateien"

#, c-format
msgid "%<PRIzz> bad"
msgstr "%<PRIzz> schlecht"
)po";
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("d", "de", po));
  ASSERT_TRUE(store.load_buffer("d", "fr", compile(po.c_str())));
  static_assert(sizeof(unsigned long) == 8, "the expansion below is LP64's");
  for (const char* locale : {"de", "fr"}) {
    SCOPED_TRACE(locale);
    EXPECT_EQ(store.dlgettext("d", locale, "%lu files"), "%lu Dateien");
    EXPECT_EQ(store.dlgettext("d", locale, "%<PRIu64> files"), "%<PRIu64> files");  // not a key
    EXPECT_EQ(store.dlgettext("d", locale, "%<PRIzz> bad"), "%<PRIzz> schlecht");
  }
}

// Only system-dependent plurals, each text short enough to live inside its std::string:
// such a message keeps three texts (the plural's forms, the expanded msgid, the expanded
// forms) whose views the entries hold, and room for two a message once let the texts move
// under their views (a heap-use-after-free under ASan, found by fuzz_store).
TEST(CatalogStore, SystemDependentPluralsFromPoKeepTheirExpandedTexts) {
  std::string po = "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n";
  for (int i = 0; i < 6; ++i) {
    const std::string k = std::to_string(i);
    po += "#, c-format\nmsgid \"%<PRIu64> b" + k + "\"\nmsgid_plural \"%<PRIu64> bs" + k + "\"\n";
    po += "msgstr[0] \"%<PRIu64> o" + k + "\"\nmsgstr[1] \"%<PRIu64> os" + k + "\"\n\n";
  }
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("d", "fr", po));
  static_assert(sizeof(unsigned long) == 8, "the expansion below is LP64's");
  for (int i = 0; i < 6; ++i) {
    const std::string k = std::to_string(i);
    EXPECT_EQ(store.dlngettext("d", "fr", "%lu b" + k, "%lu bs" + k, 1), "%lu o" + k);
    EXPECT_EQ(store.dlngettext("d", "fr", "%lu b" + k, "%lu bs" + k, 2), "%lu os" + k);
  }
}

TEST(CatalogStore, IncludeFuzzyOption) {
  catalog_store store;
  load_options o;
  o.include_fuzzy = true;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po", o));
  EXPECT_EQ(store.dlgettext("app", "fr", "Fuzzy"), "Flou");
}

TEST(CatalogStore, EnsureLoadedDoesNothingTheSecondTime) {
  temp_dir dir;
  std::string path = dir.write("fr.mo", compile(fr_po));
  catalog_store store;
  auto first = store.ensure_loaded("app", "fr", path);
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->already_loaded);
  fs::remove(path);  // a second read would fail
  auto second = store.ensure_loaded("app", "fr_FR.UTF-8" + std::string(), path);
  ASSERT_FALSE(second);  // a different key: fr_FR
  auto third = store.ensure_loaded("app", "fr", path);
  ASSERT_TRUE(third);
  EXPECT_TRUE(third->already_loaded);
  EXPECT_EQ(third->messages, 5u);
}

TEST(CatalogStore, ReloadSeesTheNewFileAndUnloadRemoves) {
  temp_dir dir;
  std::string path = dir.write("fr.po", fr_po);
  catalog_store store;
  ASSERT_TRUE(store.load("app", "fr", path));
  std::string_view before = store.dlgettext("app", "fr", "Hello");
  std::string changed = fr_po;
  changed.replace(changed.find("Bonjour"), 7, "Salut");
  dir.write("fr.po", changed);
  auto r = store.reload("app", "fr");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Salut");
  EXPECT_EQ(before, "Bonjour");  // the old view is still valid
  ASSERT_TRUE(store.unload("app", "fr"));
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Hello");
  EXPECT_EQ(before, "Bonjour");
  auto again = store.unload("app", "fr");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, errc::not_found);
  auto missing = store.reload("app", "fr");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, errc::not_found);
}

TEST(CatalogStore, ReloadOfABufferIsRefused) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "embedded"));
  auto r = store.reload("app", "fr");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::invalid_argument);
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
}

TEST(CatalogStore, UnchangedReloadsAddNoText) {
  temp_dir dir;
  for (const std::string& path : {dir.write("fr.po", fr_po), dir.write("fr.mo", compile(fr_po))}) {
    SCOPED_TRACE(path);
    catalog_store store;
    ASSERT_TRUE(store.load("app", "fr", path));
    erli18n::store_memory first = store.memory();
    for (int i = 0; i < 100; ++i) ASSERT_TRUE(store.reload("app", "fr"));
    erli18n::store_memory after = store.memory();
    EXPECT_EQ(after.text_bytes, first.text_bytes);
    EXPECT_EQ(after.mapped_bytes, first.mapped_bytes);
    // Old indexes are freed: the live index is the same size as after the first load.
    EXPECT_EQ(after.index_bytes, first.index_bytes);
  }
}

TEST(CatalogStore, ChangedReloadAddsOnlyChangedText) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po"));
  std::size_t first = store.memory().text_bytes;
  std::string changed = fr_po;
  changed.replace(changed.find("Bonjour"), 7, "Salut");
  ASSERT_TRUE(store.load_buffer("app", "fr", changed, "fr.po"));
  EXPECT_EQ(store.memory().text_bytes, first + std::string_view("Salut").size() + 1);
}

TEST(CatalogStore, ObservabilityListsCatalogsLocalesAndKeys) {
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po"));
  ASSERT_TRUE(store.load_buffer("app", "ru", ru_po, "ru.po"));
  ASSERT_TRUE(store.load_buffer("lib", "pt-br", ru_po, "lib.po"));
  std::vector<erli18n::catalog_info> cats = store.catalogs();
  ASSERT_EQ(cats.size(), 3u);
  EXPECT_EQ(cats[0].domain, "app");
  EXPECT_EQ(cats[0].locale, "fr");
  EXPECT_EQ(cats[0].messages, 5u);
  EXPECT_EQ(cats[0].source, "fr.po");
  EXPECT_FALSE(cats[0].from_mo);
  EXPECT_EQ(cats[2].locale, "pt_BR");
  EXPECT_EQ(store.locales(), (std::vector<std::string>{"fr", "pt_BR", "ru"}));
  auto keys = store.keys("app", "fr");
  ASSERT_TRUE(keys);
  ASSERT_EQ(keys->size(), 5u);
  EXPECT_EQ((*keys)[2].msgid, "Open");
  EXPECT_TRUE((*keys)[2].has_context);
  EXPECT_EQ((*keys)[2].context, "menu");
  EXPECT_FALSE((*keys)[3].has_context);
  EXPECT_FALSE(store.keys("app", "de"));
  erli18n::store_memory m = store.memory();
  EXPECT_GT(m.text_bytes, 0u);
  EXPECT_GT(m.index_bytes, 0u);
  EXPECT_EQ(m.mapped_bytes, 0u);
}

TEST(CatalogStore, ErrorsNameTheProblemAndChangeNothing) {
  temp_dir dir;
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "fr", fr_po, "fr.po"));
  auto expect_error = [&](erli18n::result<erli18n::load_outcome> r, errc code, std::string text) {
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, code);
    EXPECT_NE(r.error().to_string().find(text), std::string::npos) << r.error().to_string();
    EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
    EXPECT_EQ(store.catalogs().size(), 1u);
  };
  expect_error(store.load_buffer("app", "fr", "msgid \"x\"\nmsgstr \"y\n", "bad.po"), errc::syntax,
               "bad.po:2:");
  expect_error(
      store.load_buffer("app", "fr", "msgid \"x\"\nmsgstr \"y\"\n\nmsgid \"x\"\nmsgstr \"z\"\n", "dup.po"),
      errc::syntax, "dup.po:4:1: error: duplicate message definition");
  expect_error(store.load_buffer("app", "fr", std::string("\xde\x12\x04\x95garbage", 11), "bad.mo"),
               errc::syntax, "bad.mo");
  expect_error(store.load("app", "fr", dir.write("missing/../none.po", "") + ".absent"), errc::io, "none.po");
  load_options small;
  small.max_bytes = 10;
  expect_error(store.load_buffer("app", "fr", fr_po, "big.po", small), errc::limit_exceeded, "big.po");
  load_options few;
  few.max_entries = 2;
  expect_error(store.load_buffer("app", "fr", compile(fr_po), "many.mo", few), errc::limit_exceeded,
               "many.mo");
  expect_error(store.load_buffer("app", "fr/../x", fr_po), errc::invalid_argument, "locale");
  expect_error(store.load_buffer("", "fr", fr_po), errc::invalid_argument, "domain");
  // And the store still takes the next load.
  ASSERT_TRUE(store.load_buffer("app", "fr", ru_po, "ru.po"));
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Hello");
}

TEST(CatalogStore, LoadManyGivesOneIndependentResultPerRequest) {
  temp_dir dir;
  catalog_store store;
  std::vector<erli18n::load_request> requests = {
      {"app", "fr", dir.write("fr.po", fr_po), {}},
      {"app", "de", dir.write("de.po", "msgid \"x\"\nmsgstr \"y\n"), {}},
      {"app", "ru", dir.write("ru.mo", compile(ru_po)), {}},
      {"app", "fr", dir.write("other.po", ru_po), {}},
  };
  auto results = store.load_many(requests);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0]);
  EXPECT_FALSE(results[1]);
  ASSERT_TRUE(results[2]);
  EXPECT_EQ(results[2]->messages, 3u);
  ASSERT_TRUE(results[3]);
  EXPECT_TRUE(results[3]->already_loaded);
  EXPECT_EQ(store.locales(), (std::vector<std::string>{"fr", "ru"}));
}

TEST(CatalogStore, NonUtf8MoIsConverted) {
  std::string latin1 =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"Yes\"\nmsgstr "
      "\"S\xed\"\n";
  auto po = erli18n::read_po(latin1, "es.po");
  ASSERT_TRUE(po);
  auto mo = erli18n::compile_mo(*po);  // written in the declared charset
  ASSERT_TRUE(mo);
  ASSERT_NE(mo->find("S\xed"), std::string::npos);
  catalog_store store;
  ASSERT_TRUE(store.load_buffer("app", "es", *mo, "es.mo"));
  EXPECT_EQ(store.dlgettext("app", "es", "Yes"), "Sí");
}

// Reloads of a `.mo` must not pin one image each (they did: every replaced file stayed
// mapped, +205 MB and 10,000 mappings for 10,000 saves, until mmap failed at
// vm.max_map_count): only the strings that changed are kept, as for a `.po`.
std::string versioned_po(int version) {
  std::string po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"X-Version: " +
                   std::to_string(version) + "\\n\"\n";
  for (int i = 0; i < 300; ++i) {
    po += "\nmsgid \"Message " + std::to_string(i) + "\"\nmsgstr \"Traduction " + std::to_string(i);
    if (version != 0 && i == version % 300) po += ", version " + std::to_string(version);
    po += "\"\n";
  }
  return po;
}

// A field of /proc/self/status, in kB.
long status_kb(const std::string& field) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  return -1;
}

// Lines of /proc/self/maps naming `path` (a replaced file shows as "PATH (deleted)").
long mappings_of(const std::string& path) {
  std::ifstream in("/proc/self/maps");
  long n = 0;
  for (std::string line; std::getline(in, line);) n += line.find(path) != std::string::npos;
  return n;
}

// Their allocators hold freed memory back: RSS says nothing under a sanitizer.
using erli18n::test_support::sanitized;

TEST(CatalogStore, ThousandsOfMoReloadsKeepMemoryAndMappingsBounded) {
  temp_dir dir;
  const std::string path = dir.write("fr.mo", compile(versioned_po(0).c_str()));
  catalog_store store;
  ASSERT_TRUE(store.load("app", "fr", path));
  const std::string_view first_one = store.dlgettext("app", "fr", "Message 1");
  const std::string_view first_header = store.dlgettext("app", "fr", "");
  ASSERT_EQ(first_one, "Traduction 1");
  const erli18n::store_memory before = store.memory();
  const long rss_before = status_kb("VmRSS");
  constexpr int reloads = sanitized ? 1000 : 5000;  // a few seconds either way
  std::string_view middle;                          // a copied string, kept from half-way
  // The first load reads the .mo in place (its tables are the entries); reloads copy what
  // changed into entries of their own: the index's size is the first reload's from then on.
  std::size_t reloaded_index_bytes = 0;
  for (int v = 1; v <= reloads; ++v) {
    dir.write("fr.mo", compile(versioned_po(v).c_str()));
    auto r = store.reload("app", "fr");
    ASSERT_TRUE(r) << v << ": " << r.error().to_string();
    ASSERT_EQ(r->messages, 301u);
    if (v == 1) reloaded_index_bytes = store.memory().index_bytes;
    if (v == reloads / 2) middle = store.dlgettext("app", "fr", "Message " + std::to_string(v % 300));
  }
  const long rss_growth_kb = status_kb("VmRSS") - rss_before;
  const erli18n::store_memory after = store.memory();
  std::printf(
      "%d reloads of a 301-message .mo: RSS %+ld kB (%.0f bytes a reload), text +%zu bytes (%.1f a "
      "reload), mapped %zu -> %zu bytes, mappings of the file %ld\n",
      reloads, rss_growth_kb, static_cast<double>(rss_growth_kb) * 1024.0 / reloads,
      after.text_bytes - before.text_bytes,
      static_cast<double>(after.text_bytes - before.text_bytes) / reloads, before.mapped_bytes,
      after.mapped_bytes, mappings_of(path));
  // Only the first image stays mapped; what each reload adds is its changed strings.
  EXPECT_LE(mappings_of(path), 1);
  EXPECT_EQ(after.mapped_bytes, before.mapped_bytes);
  EXPECT_LE(after.text_bytes - before.text_bytes, std::size_t{reloads} * 200);
  EXPECT_EQ(after.index_bytes, reloaded_index_bytes);
  if (!sanitized) {
    EXPECT_LT(rss_growth_kb, 8 * 1024);
  }
  // The new text is served, and every view returned before still reads its text.
  EXPECT_EQ(store.dlgettext("app", "fr", "Message " + std::to_string(reloads % 300)),
            "Traduction " + std::to_string(reloads % 300) + ", version " + std::to_string(reloads));
  EXPECT_EQ(store.dlgettext("app", "fr", "Message 1"), "Traduction 1");
  EXPECT_EQ(first_one, "Traduction 1");
  EXPECT_NE(first_header.find("X-Version: 0\n"), std::string_view::npos);
  EXPECT_EQ(middle,
            "Traduction " + std::to_string(reloads / 2 % 300) + ", version " + std::to_string(reloads / 2));
  EXPECT_EQ(middle.data()[middle.size()], '\0');
}

TEST(CatalogStore, SystemDependentStringsOfAReloadedMoAreCopied) {
  auto po = [](const char* german) {
    return std::string("#, c-format\nmsgid \"%<PRIu64> files\"\nmsgstr \"%<PRIu64> ") + german +
           "\"\n\nmsgid \"Hello\"\nmsgstr \"Hallo\"\n";
  };
  temp_dir dir;
  const std::string path = dir.write("de.mo", compile(po("Dateien").c_str()));
  catalog_store store;
  auto first = store.load("app", "de", path);
  ASSERT_TRUE(first) << first.error().to_string();
  EXPECT_EQ(first->messages, 2u);  // indexed under its expansion, as from the .po
  const std::string_view old = store.dlgettext("app", "de", "%lu files");
  EXPECT_EQ(old, "%lu Dateien");
  dir.write("de.mo", compile(po("Akten").c_str()));
  ASSERT_TRUE(store.reload("app", "de"));
  EXPECT_EQ(store.dlgettext("app", "de", "%lu files"), "%lu Akten");
  EXPECT_EQ(store.dlngettext("app", "de", "%lu files", "x", 2), "%lu Akten");
  EXPECT_EQ(store.dlgettext("app", "de", "Hello"), "Hallo");
  EXPECT_EQ(old, "%lu Dateien");
  EXPECT_EQ(mappings_of(path), 1);
}

// A `.mo` whose bytes equal a retained image is read from that image; an error must still
// name the file being loaded (it named the retained one's).
TEST(CatalogStore, ErrorOfAMoIdenticalToARetainedOneNamesTheFileLoaded) {
  temp_dir dir;
  const std::string mo = compile(fr_po);
  catalog_store store;
  ASSERT_TRUE(store.load("app", "fr", dir.write("first.mo", mo)));
  load_options few;
  few.max_entries = 2;
  const std::string second = dir.write("second.mo", mo);
  auto r = store.load("app", "de", second, few);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::limit_exceeded);
  EXPECT_EQ(r.error().file, second);
  auto b = store.load_buffer("app", "de", mo, "buffer.mo", few);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().file, "buffer.mo");
}

// A pipe (`erli18n lookup <(cat fr.po)`) is read once, whole: the check for the MO magic
// used to eat its first chunk, so a small .po loaded with no message.
std::string pipe_path(int fd) { return "/dev/fd/" + std::to_string(fd); }

erli18n::result<erli18n::load_outcome> load_through_pipe(catalog_store& store, const std::string& locale,
                                                         const std::string& bytes) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(fds[1], bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  auto r = store.load("app", locale, pipe_path(fds[0]));
  writer.join();
  ::close(fds[0]);
  return r;
}

TEST(CatalogStore, PipesAreReadWhole) {
  catalog_store store;
  auto small = load_through_pipe(store, "fr", fr_po);
  ASSERT_TRUE(small) << small.error().to_string();
  EXPECT_EQ(small->messages, 5u);
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
  auto mo = load_through_pipe(store, "ru", compile(ru_po));
  ASSERT_TRUE(mo) << mo.error().to_string();
  EXPECT_EQ(mo->messages, 3u);
  EXPECT_EQ(store.dlngettext("app", "ru", "%d file", "%d files", 5), "%d файлов");
  // Larger than a pipe's buffer (and than any chunk a reader takes at once).
  std::string large = fr_po;
  for (int i = 0; i < 5000; ++i)
    large += "\nmsgid \"Line " + std::to_string(i) + "\"\nmsgstr \"Ligne " + std::to_string(i) + "\"\n";
  ASSERT_GT(large.size(), 100000u);
  auto big = load_through_pipe(store, "de", large);
  ASSERT_TRUE(big) << big.error().to_string();
  EXPECT_EQ(big->messages, 5005u);
  EXPECT_EQ(store.dlgettext("app", "de", "Line 4999"), "Ligne 4999");
  // There is nothing to read again.
  auto again = store.reload("app", "de");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, errc::invalid_argument);
  EXPECT_EQ(store.dlgettext("app", "de", "Line 4999"), "Ligne 4999");
  auto empty = load_through_pipe(store, "de", "");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, errc::io);
}

using namespace std::chrono_literals;

// Waits for `f` at most a few seconds; if it is stuck (as a store that blocks on the FIFO
// would be), `unstick` is called until it ends, so that the test can, and the wait counts
// as a failure.
template <class T>
bool finishes(std::future<T>& f, const std::function<void()>& unstick) {
  if (f.wait_for(5s) == std::future_status::ready) return true;
  do unstick();
  while (f.wait_for(10ms) != std::future_status::ready);
  return false;
}

// Opens and closes the FIFO's write end: a reader blocked in open() or read() goes on.
void release_fifo(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
  if (fd >= 0) ::close(fd);
}

TEST(CatalogStore, FifoWithNoWriterFailsAtOnce) {
  temp_dir dir;
  const std::string path = dir.path("fifo.po");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  catalog_store store;
  auto load = std::async(std::launch::async, [&] { return store.load("app", "fr", path); });
  ASSERT_TRUE(finishes(load, [&] { release_fifo(path); })) << "the load blocked on a FIFO with no writer";
  auto r = load.get();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::io);
  EXPECT_EQ(r.error().file, path);
  // A reload of a path that became a FIFO is refused without reading it.
  const std::string file = dir.write("fr.po", fr_po);
  ASSERT_TRUE(store.load("app", "fr", file));
  std::filesystem::remove(file);
  ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
  auto reload = std::async(std::launch::async, [&] { return store.reload("app", "fr"); });
  ASSERT_TRUE(finishes(reload, [&] { release_fifo(file); })) << "the reload blocked on a FIFO";
  auto rr = reload.get();
  ASSERT_FALSE(rr);
  EXPECT_EQ(rr.error().code, errc::io);
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
}

// File descriptors of this process open on `path`.
int fds_on(const std::string& path) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    std::error_code ec;
    n += std::filesystem::read_symlink(entry.path(), ec) == path;
  }
  return n;
}

TEST(CatalogStore, APipeThatTakesItsTimeBlocksNoOtherWrite) {
  temp_dir dir;
  const std::string path = dir.path("slow.po");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const int writer = ::open(path.c_str(), O_RDWR);  // a writer that has not written yet
  ASSERT_GE(writer, 0);
  catalog_store store;
  auto slow = std::async(std::launch::async, [&] { return store.load("app", "fr", path); });
  for (int i = 0; i < 5000 && fds_on(path) < 2; ++i) std::this_thread::sleep_for(1ms);
  ASSERT_EQ(fds_on(path), 2) << "the load never opened the FIFO";
  std::this_thread::sleep_for(20ms);  // into its read
  bool written = false;
  auto write_and_close = [&] {
    if (!written) {
      written = true;
      EXPECT_EQ(::write(writer, fr_po, std::strlen(fr_po)), static_cast<ssize_t>(std::strlen(fr_po)));
      ::close(writer);
    }
    release_fifo(path);  // for a store that opens it again
  };
  auto other = std::async(std::launch::async, [&] { return store.load_buffer("app", "ru", ru_po, "ru.po"); });
  EXPECT_TRUE(finishes(other, write_and_close)) << "another write waited for the pipe's writer";
  EXPECT_TRUE(other.get());
  write_and_close();
  ASSERT_TRUE(finishes(slow, write_and_close));
  auto r = slow.get();
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->messages, 5u);
  EXPECT_EQ(store.dlgettext("app", "fr", "Hello"), "Bonjour");
}

}  // namespace
