// The interpolating lookups: every form looks up like its gettext.h sibling (translation,
// context, plural form, miss) and then interpolates; plural forms bind `count` unless the
// caller does; the strict family reports unbound placeholders.
#include "erli18n/gettextf.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using erli18n::catalog_store;
using erli18n::translator;

const char* const de_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello, %{name}!"
msgstr "Hallo, %{name}!"

msgid "%{user} sent %{what}"
msgstr "%{what} wurde von %{user} gesendet"

msgid "%{count} file"
msgid_plural "%{count} files"
msgstr[0] "%{count} Datei"
msgstr[1] "%{count} Dateien"

msgid "one item in %{dir}"
msgid_plural "%{count} items in %{dir}"
msgstr[0] "ein Element in %{dir}"
msgstr[1] "%{count} Elemente in %{dir}"

msgctxt "menu"
msgid "Open %{what}"
msgstr "%{what} öffnen"

msgctxt "menu"
msgid "%{count} recent file"
msgid_plural "%{count} recent files"
msgstr[0] "%{count} zuletzt geöffnete Datei"
msgstr[1] "%{count} zuletzt geöffnete Dateien"

msgid "%{pct}% done"
msgstr "%{pct}%% erledigt, %{count}"
)po";

catalog_store& store() { return catalog_store::default_store(); }

// Each test loads under its own domain (the default store is process-wide).
void load(const char* domain) { ASSERT_TRUE(store().load_buffer(domain, "de", de_po, "de.po")); }

TEST(Gettextf, DefaultDomainAndThreadLocale) {
  load("gf_free");
  ASSERT_TRUE(erli18n::textdomain("gf_free"));
  erli18n::locale_scope scope("de.UTF-8");
  ASSERT_TRUE(scope.ok());
  EXPECT_EQ(erli18n::gettextf("Hello, %{name}!", {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(erli18n::gettextf("%{user} sent %{what}", {{"user", "Bob"}, {"what", "3 Bilder"}}),
            "3 Bilder wurde von Bob gesendet");  // the translation reorders the placeholders
  EXPECT_EQ(erli18n::ngettextf("%{count} file", "%{count} files", 1, {}), "1 Datei");
  EXPECT_EQ(erli18n::ngettextf("%{count} file", "%{count} files", 3, {}), "3 Dateien");
  EXPECT_EQ(erli18n::pgettextf("menu", "Open %{what}", {{"what", "Datei"}}), "Datei öffnen");
  EXPECT_EQ(erli18n::npgettextf("menu", "%{count} recent file", "%{count} recent files", 4, {}),
            "4 zuletzt geöffnete Dateien");
}

TEST(Gettextf, MissesInterpolateTheMsgid) {
  load("gf_miss");
  EXPECT_EQ(erli18n::dlgettextf("gf_miss", "de", "Bye, %{name}", {{"name", "Ada"}}), "Bye, Ada");
  EXPECT_EQ(erli18n::dlngettextf("gf_miss", "de", "%{count} dog", "%{count} dogs", 1, {}), "1 dog");
  EXPECT_EQ(erli18n::dlngettextf("gf_miss", "de", "%{count} dog", "%{count} dogs", 2, {}), "2 dogs");
  EXPECT_EQ(erli18n::dlpgettextf("gf_miss", "de", "door", "Open %{what}", {{"what", "it"}}), "Open it");
  EXPECT_EQ(erli18n::dlgettextf("gf_miss", "fr", "Hello, %{name}!", {{"name", "Ada"}}), "Hello, Ada!");
}

TEST(Gettextf, DomainForms) {
  load("gf_domain");
  erli18n::locale_scope scope("de");
  EXPECT_EQ(erli18n::dgettextf("gf_domain", "Hello, %{name}!", {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(erli18n::dngettextf("gf_domain", "%{count} file", "%{count} files", 0, {}), "0 Dateien");
  EXPECT_EQ(erli18n::dpgettextf("gf_domain", "menu", "Open %{what}", {{"what", "X"}}), "X öffnen");
  EXPECT_EQ(erli18n::dnpgettextf("gf_domain", "menu", "%{count} recent file", "%{count} recent files", 1, {}),
            "1 zuletzt geöffnete Datei");
  EXPECT_EQ(erli18n::dgettextf("gf_other_domain", "Hello, %{name}!", {{"name", "Ada"}}), "Hello, Ada!");
}

TEST(Gettextf, DomainAndLocaleForms) {
  load("gf_dl");
  EXPECT_EQ(erli18n::dlgettextf("gf_dl", "de", "Hello, %{name}!", {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(erli18n::dlngettextf("gf_dl", "de", "%{count} file", "%{count} files", 7, {}), "7 Dateien");
  EXPECT_EQ(erli18n::dlpgettextf("gf_dl", "de", "menu", "Open %{what}", {{"what", "X"}}), "X öffnen");
  EXPECT_EQ(
      erli18n::dlnpgettextf("gf_dl", "de", "menu", "%{count} recent file", "%{count} recent files", 2, {}),
      "2 zuletzt geöffnete Dateien");
}

TEST(Gettextf, TranslatorForms) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "de", de_po, "de.po"));
  const translator de(own, "app", "DE");
  EXPECT_EQ(erli18n::gettextf(de, "Hello, %{name}!", {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(erli18n::ngettextf(de, "%{count} file", "%{count} files", 12, {}), "12 Dateien");
  EXPECT_EQ(erli18n::pgettextf(de, "menu", "Open %{what}", {{"what", "X"}}), "X öffnen");
  EXPECT_EQ(erli18n::npgettextf(de, "menu", "%{count} recent file", "%{count} recent files", 1, {}),
            "1 zuletzt geöffnete Datei");
  const translator fr(own, "app", "fr");
  EXPECT_EQ(erli18n::gettextf(fr, "Hello, %{name}!", {{"name", "Ada"}}), "Hello, Ada!");
}

TEST(Gettextf, CountIsBoundToNUnlessTheCallerBindsIt) {
  load("gf_count");
  // Automatic: n, printed as an unsigned number.
  EXPECT_EQ(erli18n::dlngettextf("gf_count", "de", "%{count} file", "%{count} files", 4294967295ul, {}),
            "4294967295 Dateien");
  EXPECT_EQ(erli18n::dlngettextf("gf_count", "de", "one item in %{dir}", "%{count} items in %{dir}", 1,
                                 {{"dir", "/tmp"}}),
            "ein Element in /tmp");
  // The caller's `count` is printed; n still picks the form.
  EXPECT_EQ(erli18n::dlngettextf("gf_count", "de", "%{count} file", "%{count} files", 1, {{"count", "eine"}}),
            "eine Datei");
  EXPECT_EQ(
      erli18n::dlngettextf("gf_count", "de", "%{count} file", "%{count} files", 1000, {{"count", "1.000"}}),
      "1.000 Dateien");
  EXPECT_EQ(erli18n::dlngettextf("gf_count", "de", "%{count} file", "%{count} files", 2, {{"count", 2.5}}),
            "2.5 Dateien");
  // Singular forms bind nothing.
  EXPECT_EQ(erli18n::dlgettextf("gf_count", "de", "%{pct}% done", {{"pct", 50}}), "50% erledigt, %{count}");
  EXPECT_EQ(erli18n::dlgettextf("gf_count", "de", "%{pct}% done", {{"pct", 50}, {"count", 1}}),
            "50% erledigt, 1");
}

TEST(Gettextf, StrictFamilyReportsUnboundPlaceholders) {
  load("gf_strict");
  namespace strict = erli18n::strict;
  erli18n::result<std::string> ok =
      strict::dlgettextf("gf_strict", "de", "Hello, %{name}!", {{"name", "Ada"}});
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, "Hallo, Ada!");
  erli18n::result<std::string> missing = strict::dlgettextf("gf_strict", "de", "Hello, %{name}!", {});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, erli18n::errc::not_found);
  EXPECT_EQ(missing.error().message, "missing binding 'name'");
  // The translation, not the msgid, decides what must be bound.
  erli18n::result<std::string> singular = strict::dlgettextf("gf_strict", "de", "%{pct}% done", {{"pct", 1}});
  ASSERT_FALSE(singular);
  EXPECT_EQ(singular.error().message, "missing binding 'count'");
  // Plural forms have `count` already.
  erli18n::result<std::string> plural = strict::dlngettextf("gf_strict", "de", "one item in %{dir}",
                                                            "%{count} items in %{dir}", 3, {{"dir", "d"}});
  ASSERT_TRUE(plural);
  EXPECT_EQ(*plural, "3 Elemente in d");
  erli18n::result<std::string> no_dir =
      strict::dlngettextf("gf_strict", "de", "one item in %{dir}", "%{count} items in %{dir}", 3, {});
  ASSERT_FALSE(no_dir);
  EXPECT_EQ(no_dir.error().message, "missing binding 'dir'");
}

TEST(Gettextf, StrictFamilyEveryForm) {
  load("gf_strict_all");
  ASSERT_TRUE(erli18n::textdomain("gf_strict_all"));
  erli18n::locale_scope scope("de");
  namespace strict = erli18n::strict;
  const erli18n::arg name{"name", "Ada"};
  const erli18n::arg what{"what", "X"};
  const auto text = [](erli18n::result<std::string> r) { return r ? *r : "error: " + r.error().message; };
  EXPECT_EQ(text(strict::gettextf("Hello, %{name}!", {name})), "Hallo, Ada!");
  EXPECT_EQ(text(strict::gettextf("Hello, %{name}!", {})), "error: missing binding 'name'");
  EXPECT_EQ(text(strict::ngettextf("%{count} file", "%{count} files", 2, {})), "2 Dateien");
  EXPECT_EQ(text(strict::pgettextf("menu", "Open %{what}", {what})), "X öffnen");
  EXPECT_EQ(text(strict::pgettextf("menu", "Open %{what}", {})), "error: missing binding 'what'");
  EXPECT_EQ(text(strict::npgettextf("menu", "%{count} recent file", "%{count} recent files", 1, {})),
            "1 zuletzt geöffnete Datei");
  EXPECT_EQ(text(strict::dgettextf("gf_strict_all", "Hello, %{name}!", {name})), "Hallo, Ada!");
  EXPECT_EQ(text(strict::dngettextf("gf_strict_all", "%{count} file", "%{count} files", 1, {})), "1 Datei");
  EXPECT_EQ(text(strict::dpgettextf("gf_strict_all", "menu", "Open %{what}", {what})), "X öffnen");
  EXPECT_EQ(text(strict::dnpgettextf("gf_strict_all", "menu", "%{count} recent file", "%{count} recent files",
                                     5, {})),
            "5 zuletzt geöffnete Dateien");
  EXPECT_EQ(text(strict::dlpgettextf("gf_strict_all", "de", "menu", "Open %{what}", {what})), "X öffnen");
  EXPECT_EQ(text(strict::dlnpgettextf("gf_strict_all", "de", "menu", "%{count} recent file",
                                      "%{count} recent files", 1, {{"count", "one"}})),
            "one zuletzt geöffnete Datei");
  const translator de(store(), "gf_strict_all", "de");
  EXPECT_EQ(text(strict::gettextf(de, "Hello, %{name}!", {name})), "Hallo, Ada!");
  EXPECT_EQ(text(strict::gettextf(de, "Hello, %{name}!", {})), "error: missing binding 'name'");
  EXPECT_EQ(text(strict::ngettextf(de, "%{count} file", "%{count} files", 3, {})), "3 Dateien");
  EXPECT_EQ(text(strict::pgettextf(de, "menu", "Open %{what}", {what})), "X öffnen");
  EXPECT_EQ(text(strict::npgettextf(de, "menu", "%{count} recent file", "%{count} recent files", 2, {})),
            "2 zuletzt geöffnete Dateien");
}

TEST(Gettextf, LenientFamilyLeavesUnboundPlaceholders) {
  load("gf_lenient");
  EXPECT_EQ(erli18n::dlgettextf("gf_lenient", "de", "Hello, %{name}!", {}), "Hallo, %{name}!");
  EXPECT_EQ(erli18n::dlngettextf("gf_lenient", "de", "one item in %{dir}", "%{count} items in %{dir}", 2, {}),
            "2 Elemente in %{dir}");
}

}  // namespace
