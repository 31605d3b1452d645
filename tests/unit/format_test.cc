// Interpolating lookups through the one step, erli18n::format: every lookup form (default,
// d, dl, translator; singular, plural, context) is formatted exactly as its gettext.h lookup
// finds it (translation, context, plural form, miss); plural lookups bind `count` unless the
// caller does; `erli18n::strict` reports unbound placeholders.
#include "erli18n/format.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

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

TEST(Format, DefaultDomainAndThreadLocale) {
  load("gf_free");
  ASSERT_TRUE(erli18n::textdomain("gf_free"));
  erli18n::locale_scope scope("de.UTF-8");
  ASSERT_TRUE(scope.ok());
  EXPECT_EQ(erli18n::format(erli18n::gettext("Hello, %{name}!"), {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(
      erli18n::format(erli18n::gettext("%{user} sent %{what}"), {{"user", "Bob"}, {"what", "3 Bilder"}}),
      "3 Bilder wurde von Bob gesendet");  // the translation reorders the placeholders
  EXPECT_EQ(erli18n::format(erli18n::ngettext("%{count} file", "%{count} files", 1), {}), "1 Datei");
  EXPECT_EQ(erli18n::format(erli18n::ngettext("%{count} file", "%{count} files", 3), {}), "3 Dateien");
  EXPECT_EQ(erli18n::format(erli18n::pgettext("menu", "Open %{what}"), {{"what", "Datei"}}), "Datei öffnen");
  EXPECT_EQ(
      erli18n::format(erli18n::npgettext("menu", "%{count} recent file", "%{count} recent files", 4), {}),
      "4 zuletzt geöffnete Dateien");
}

TEST(Format, MissesInterpolateTheMsgid) {
  load("gf_miss");
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_miss", "de", "Bye, %{name}"), {{"name", "Ada"}}),
            "Bye, Ada");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_miss", "de", "%{count} dog", "%{count} dogs", 1), {}),
            "1 dog");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_miss", "de", "%{count} dog", "%{count} dogs", 2), {}),
            "2 dogs");
  EXPECT_EQ(erli18n::format(erli18n::dlpgettext("gf_miss", "de", "door", "Open %{what}"), {{"what", "it"}}),
            "Open it");
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_miss", "fr", "Hello, %{name}!"), {{"name", "Ada"}}),
            "Hello, Ada!");
}

TEST(Format, DomainForms) {
  load("gf_domain");
  erli18n::locale_scope scope("de");
  EXPECT_EQ(erli18n::format(erli18n::dgettext("gf_domain", "Hello, %{name}!"), {{"name", "Ada"}}),
            "Hallo, Ada!");
  EXPECT_EQ(erli18n::format(erli18n::dngettext("gf_domain", "%{count} file", "%{count} files", 0), {}),
            "0 Dateien");
  EXPECT_EQ(erli18n::format(erli18n::dpgettext("gf_domain", "menu", "Open %{what}"), {{"what", "X"}}),
            "X öffnen");
  EXPECT_EQ(
      erli18n::format(
          erli18n::dnpgettext("gf_domain", "menu", "%{count} recent file", "%{count} recent files", 1), {}),
      "1 zuletzt geöffnete Datei");
  EXPECT_EQ(erli18n::format(erli18n::dgettext("gf_other_domain", "Hello, %{name}!"), {{"name", "Ada"}}),
            "Hello, Ada!");
}

TEST(Format, DomainAndLocaleForms) {
  load("gf_dl");
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_dl", "de", "Hello, %{name}!"), {{"name", "Ada"}}),
            "Hallo, Ada!");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_dl", "de", "%{count} file", "%{count} files", 7), {}),
            "7 Dateien");
  EXPECT_EQ(erli18n::format(erli18n::dlpgettext("gf_dl", "de", "menu", "Open %{what}"), {{"what", "X"}}),
            "X öffnen");
  EXPECT_EQ(erli18n::format(erli18n::dlnpgettext("gf_dl", "de", "menu", "%{count} recent file",
                                                 "%{count} recent files", 2),
                            {}),
            "2 zuletzt geöffnete Dateien");
}

TEST(Format, TranslatorForms) {
  catalog_store own;
  ASSERT_TRUE(own.load_buffer("app", "de", de_po, "de.po"));
  const translator de(own, "app", "DE");
  EXPECT_EQ(erli18n::format(de.gettext("Hello, %{name}!"), {{"name", "Ada"}}), "Hallo, Ada!");
  EXPECT_EQ(erli18n::format(de.ngettext("%{count} file", "%{count} files", 12), {}), "12 Dateien");
  EXPECT_EQ(erli18n::format(de.pgettext("menu", "Open %{what}"), {{"what", "X"}}), "X öffnen");
  EXPECT_EQ(erli18n::format(de.npgettext("menu", "%{count} recent file", "%{count} recent files", 1), {}),
            "1 zuletzt geöffnete Datei");
  const translator fr(own, "app", "fr");
  EXPECT_EQ(erli18n::format(fr.gettext("Hello, %{name}!"), {{"name", "Ada"}}), "Hello, Ada!");
}

TEST(Format, CountIsBoundToNUnlessTheCallerBindsIt) {
  load("gf_count");
  // Automatic: n, printed as an unsigned number.
  EXPECT_EQ(erli18n::format(
                erli18n::dlngettext("gf_count", "de", "%{count} file", "%{count} files", 4294967295ul), {}),
            "4294967295 Dateien");
  EXPECT_EQ(erli18n::format(
                erli18n::dlngettext("gf_count", "de", "one item in %{dir}", "%{count} items in %{dir}", 1),
                {{"dir", "/tmp"}}),
            "ein Element in /tmp");
  // The caller's `count` is printed; n still picks the form.
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_count", "de", "%{count} file", "%{count} files", 1),
                            {{"count", "eine"}}),
            "eine Datei");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_count", "de", "%{count} file", "%{count} files", 1000),
                            {{"count", "1.000"}}),
            "1.000 Dateien");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_count", "de", "%{count} file", "%{count} files", 2),
                            {{"count", 2.5}}),
            "2.5 Dateien");
  // Singular forms bind nothing.
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_count", "de", "%{pct}% done"), {{"pct", 50}}),
            "50% erledigt, %{count}");
  EXPECT_EQ(
      erli18n::format(erli18n::dlgettext("gf_count", "de", "%{pct}% done"), {{"pct", 50}, {"count", 1}}),
      "50% erledigt, 1");
}

TEST(Format, StrictReportsUnboundPlaceholders) {
  load("gf_strict");
  erli18n::result<std::string> ok = erli18n::format(erli18n::dlgettext("gf_strict", "de", "Hello, %{name}!"),
                                                    {{"name", "Ada"}}, erli18n::strict);
  ASSERT_TRUE(ok);
  EXPECT_EQ(*ok, "Hallo, Ada!");
  erli18n::result<std::string> missing =
      erli18n::format(erli18n::dlgettext("gf_strict", "de", "Hello, %{name}!"), {}, erli18n::strict);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, erli18n::errc::not_found);
  EXPECT_EQ(missing.error().message, "missing binding 'name'");
  // The translation, not the msgid, decides what must be bound.
  erli18n::result<std::string> singular =
      erli18n::format(erli18n::dlgettext("gf_strict", "de", "%{pct}% done"), {{"pct", 1}}, erli18n::strict);
  ASSERT_FALSE(singular);
  EXPECT_EQ(singular.error().message, "missing binding 'count'");
  // Plural forms have `count` already.
  erli18n::result<std::string> plural = erli18n::format(
      erli18n::dlngettext("gf_strict", "de", "one item in %{dir}", "%{count} items in %{dir}", 3),
      {{"dir", "d"}}, erli18n::strict);
  ASSERT_TRUE(plural);
  EXPECT_EQ(*plural, "3 Elemente in d");
  erli18n::result<std::string> no_dir = erli18n::format(
      erli18n::dlngettext("gf_strict", "de", "one item in %{dir}", "%{count} items in %{dir}", 3), {},
      erli18n::strict);
  ASSERT_FALSE(no_dir);
  EXPECT_EQ(no_dir.error().message, "missing binding 'dir'");
}

TEST(Format, StrictEveryForm) {
  load("gf_strict_all");
  ASSERT_TRUE(erli18n::textdomain("gf_strict_all"));
  erli18n::locale_scope scope("de");
  const erli18n::arg name{"name", "Ada"};
  const erli18n::arg what{"what", "X"};
  const auto text = [](erli18n::result<std::string> r) { return r ? *r : "error: " + r.error().message; };
  EXPECT_EQ(text(erli18n::format(erli18n::gettext("Hello, %{name}!"), {name}, erli18n::strict)),
            "Hallo, Ada!");
  EXPECT_EQ(text(erli18n::format(erli18n::gettext("Hello, %{name}!"), {}, erli18n::strict)),
            "error: missing binding 'name'");
  EXPECT_EQ(
      text(erli18n::format(erli18n::ngettext("%{count} file", "%{count} files", 2), {}, erli18n::strict)),
      "2 Dateien");
  EXPECT_EQ(text(erli18n::format(erli18n::pgettext("menu", "Open %{what}"), {what}, erli18n::strict)),
            "X öffnen");
  EXPECT_EQ(text(erli18n::format(erli18n::pgettext("menu", "Open %{what}"), {}, erli18n::strict)),
            "error: missing binding 'what'");
  EXPECT_EQ(
      text(erli18n::format(erli18n::npgettext("menu", "%{count} recent file", "%{count} recent files", 1), {},
                           erli18n::strict)),
      "1 zuletzt geöffnete Datei");
  EXPECT_EQ(
      text(erli18n::format(erli18n::dgettext("gf_strict_all", "Hello, %{name}!"), {name}, erli18n::strict)),
      "Hallo, Ada!");
  EXPECT_EQ(text(erli18n::format(erli18n::dngettext("gf_strict_all", "%{count} file", "%{count} files", 1),
                                 {}, erli18n::strict)),
            "1 Datei");
  EXPECT_EQ(text(erli18n::format(erli18n::dpgettext("gf_strict_all", "menu", "Open %{what}"), {what},
                                 erli18n::strict)),
            "X öffnen");
  EXPECT_EQ(text(erli18n::format(erli18n::dnpgettext("gf_strict_all", "menu", "%{count} recent file",
                                                     "%{count} recent files", 5),
                                 {}, erli18n::strict)),
            "5 zuletzt geöffnete Dateien");
  EXPECT_EQ(text(erli18n::format(erli18n::dlpgettext("gf_strict_all", "de", "menu", "Open %{what}"), {what},
                                 erli18n::strict)),
            "X öffnen");
  EXPECT_EQ(text(erli18n::format(erli18n::dlnpgettext("gf_strict_all", "de", "menu", "%{count} recent file",
                                                      "%{count} recent files", 1),
                                 {{"count", "one"}}, erli18n::strict)),
            "one zuletzt geöffnete Datei");
  const translator de(store(), "gf_strict_all", "de");
  EXPECT_EQ(text(erli18n::format(de.gettext("Hello, %{name}!"), {name}, erli18n::strict)), "Hallo, Ada!");
  EXPECT_EQ(text(erli18n::format(de.gettext("Hello, %{name}!"), {}, erli18n::strict)),
            "error: missing binding 'name'");
  EXPECT_EQ(text(erli18n::format(de.ngettext("%{count} file", "%{count} files", 3), {}, erli18n::strict)),
            "3 Dateien");
  EXPECT_EQ(text(erli18n::format(de.pgettext("menu", "Open %{what}"), {what}, erli18n::strict)), "X öffnen");
  EXPECT_EQ(text(erli18n::format(de.npgettext("menu", "%{count} recent file", "%{count} recent files", 2), {},
                                 erli18n::strict)),
            "2 zuletzt geöffnete Dateien");
}

TEST(Format, LenientLeavesUnboundPlaceholders) {
  load("gf_lenient");
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_lenient", "de", "Hello, %{name}!"), {}),
            "Hallo, %{name}!");
  EXPECT_EQ(
      erli18n::format(
          erli18n::dlngettext("gf_lenient", "de", "one item in %{dir}", "%{count} items in %{dir}", 2), {}),
      "2 Elemente in %{dir}");
}

// What the plural lookups return: the same view as before (plural_text is a string_view), plus n.
TEST(Format, PluralLookupsReturnTheirTextAndN) {
  load("gf_plural_text");
  const erli18n::plural_text t =
      erli18n::dlngettext("gf_plural_text", "de", "%{count} file", "%{count} files", 5);
  const std::string_view view = t;
  EXPECT_EQ(view, "%{count} Dateien");
  EXPECT_EQ(t.n(), 5u);
  EXPECT_EQ(view.data()[view.size()], '\0');  // still a view over NUL-terminated catalog text
  const translator de(store(), "gf_plural_text", "de");
  EXPECT_EQ(de.npgettext("menu", "%{count} recent file", "%{count} recent files", 1).n(), 1u);
  static_assert(std::is_trivially_copyable_v<erli18n::plural_text>);
  static_assert(std::is_convertible_v<erli18n::plural_text, std::string_view>);
}

// The switch is the last argument: its presence alone changes the return type.
TEST(Format, TheStrictSwitchSelectsTheReturnType) {
  using lenient_type = decltype(erli18n::format(erli18n::gettext("x"), {}));
  using strict_type = decltype(erli18n::format(erli18n::gettext("x"), {}, erli18n::strict));
  static_assert(std::is_same_v<lenient_type, std::string>);
  static_assert(std::is_same_v<strict_type, erli18n::result<std::string>>);
  static_assert(noexcept(erli18n::format(erli18n::gettext("x"), {})));
  static_assert(noexcept(erli18n::format(erli18n::ngettext("x", "y", 2), {})));
}

// Any view can be formatted: a catalog_store's own lookups, or text from elsewhere. Only a
// plural_text binds `count`: a plural lookup's text stored in a plain view has lost its n.
TEST(Format, AnyTextAndTheStoresLookups) {
  load("gf_any");
  EXPECT_EQ(erli18n::format(store().dlgettext("gf_any", "de", "Hello, %{name}!"), {{"name", "Ada"}}),
            "Hallo, Ada!");
  EXPECT_EQ(erli18n::format("%{a} and %{b}", {{"a", 1}, {"b", true}}), "1 and true");
  const std::string_view sliced = erli18n::dlngettext("gf_any", "de", "%{count} file", "%{count} files", 3);
  EXPECT_EQ(erli18n::format(sliced, {}), "%{count} Dateien");
  EXPECT_EQ(erli18n::format(sliced, {{"count", 3}}), "3 Dateien");
}

// The bindings may be left out: a plural lookup still gets its `count`.
TEST(Format, BindingsMayBeLeftOut) {
  load("gf_no_args");
  EXPECT_EQ(erli18n::format(erli18n::dlngettext("gf_no_args", "de", "%{count} file", "%{count} files", 2)),
            "2 Dateien");
  EXPECT_EQ(erli18n::format(erli18n::dlgettext("gf_no_args", "de", "Hello, %{name}!")), "Hallo, %{name}!");
}

}  // namespace
