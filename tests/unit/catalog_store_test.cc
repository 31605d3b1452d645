// Catalog store: loading from .po and .mo (files and buffers), the lookup family, GNU's miss
// and plural rules, bounds and errors, reload/unload, text retention and observability.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "temp_dir.h"

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

}  // namespace
