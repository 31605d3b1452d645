// catalog_store::load_static and register_embedded: catalogs read in place from static data.
#include <gtest/gtest.h>

#include <string>

#include "erli18n/catalog_store.h"
#include "erli18n/embedded.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "test_support.h"

namespace {

using erli18n::test_support::mo_from_po;

const std::string french = mo_from_po(
    "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=(n > "
    "1);\\n\"\n\n"
    "msgid \"Hello\"\nmsgstr \"Bonjour\"\n\nmsgid \"file\"\nmsgid_plural \"files\"\nmsgstr[0] \"fichier\"\n"
    "msgstr[1] \"fichiers\"\n");
const std::string german = mo_from_po(
    "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"Hello\"\nmsgstr "
    "\"Hallo\"\n");

TEST(LoadStatic, ReadsTheBytesInPlace) {
  erli18n::catalog_store store;
  auto r = store.load_static("app", "fr-FR", french, "<test>");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->messages, 3u);
  EXPECT_EQ(store.dlgettext("app", "fr_FR", "Hello"), "Bonjour");
  EXPECT_EQ(store.dlngettext("app", "fr_FR", "file", "files", 0), "fichier");
  EXPECT_EQ(store.dlngettext("app", "fr_FR", "file", "files", 2), "fichiers");
  // Views point into the caller's bytes, which the store did not copy.
  const std::string_view hello = store.dlgettext("app", "fr_FR", "Hello");
  EXPECT_GE(hello.data(), french.data());
  EXPECT_LT(hello.data(), french.data() + french.size());
  EXPECT_EQ(store.memory().text_bytes + store.memory().mapped_bytes, 0u);
  const auto catalogs = store.catalogs();
  ASSERT_EQ(catalogs.size(), 1u);
  EXPECT_EQ(catalogs[0].source, "<test>");
  EXPECT_TRUE(catalogs[0].from_mo);
  // There is no file to read again.
  EXPECT_FALSE(store.reload("app", "fr_FR"));
}

TEST(LoadStatic, RefusesWhatIsNotAnMo) {
  erli18n::catalog_store store;
  auto r = store.load_static("app", "fr", "msgid \"Hello\"\nmsgstr \"Bonjour\"\n", "<po>");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, erli18n::errc::invalid_argument);
  EXPECT_EQ(r.error().to_string(), "<po>: error: not an MO catalog");
  // A truncated MO image is refused by the reader, and nothing is installed.
  EXPECT_FALSE(store.load_static("app", "fr", std::string_view(french).substr(0, 20)));
  EXPECT_TRUE(store.catalogs().empty());
  // A bad locale name too.
  EXPECT_FALSE(store.load_static("app", "not a locale!", french));
}

TEST(RegisterEmbedded, InstallsEachInOrderAndStopsAtTheFirstError) {
  const erli18n::embedded_catalog good[] = {{"app", "de", german.data(), german.size()},
                                            {"app", "fr", french.data(), french.size()}};
  erli18n::catalog_store store;
  auto n = erli18n::register_embedded(store, good, 2);
  ASSERT_TRUE(n) << n.error().to_string();
  EXPECT_EQ(*n, 2u);
  EXPECT_EQ(store.dlgettext("app", "de", "Hello"), "Hallo");
  EXPECT_EQ(store.catalogs()[1].source, "<embedded app/fr>");

  static const char junk[] = "junk";
  const erli18n::embedded_catalog mixed[] = {{"other", "de", german.data(), german.size()},
                                             {"other", "fr", junk, sizeof junk - 1},
                                             {"other", "it", french.data(), french.size()}};
  auto m = erli18n::register_embedded(store, mixed, 3);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().file, "<embedded other/fr>");
  EXPECT_EQ(store.dlgettext("other", "de", "Hello"), "Hallo");
  EXPECT_EQ(store.dlgettext("other", "it", "Hello"), "Hello");  // not reached
  EXPECT_TRUE(erli18n::register_embedded(store, nullptr, 0));
}

}  // namespace
