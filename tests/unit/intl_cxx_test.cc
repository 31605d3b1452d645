// A C++ file may include erli18n/libintl.h (GNU's C API, with the pgettext family) and
// erli18n/gettext.h (the C++ lookups) together, in either order, and call both: this file
// includes libintl.h first, intl_cxx_other_order.cc includes gettext.h first. When the
// pgettext family were function-like macros, they rewrote erli18n::pgettext and
// translator::pgettext and neither file compiled. Linked with liberli18n_intl.so only (it
// exports the C++ API too), so that both APIs share one store and one thread locale.
#include "erli18n/gettext.h"
#include "erli18n/libintl.h"

#include <gtest/gtest.h>

#include <string>

#include "intl_cxx_other_order.h"
#include "temp_dir.h"

namespace {

const char* const domain = "intl_cxx";

const char* const de_po = R"po(msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgctxt "menu"
msgid "Open"
msgstr "Öffnen"

msgid "Open"
msgstr "Offen"

msgctxt "files"
msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"
)po";

// Each test writes its catalog in a folder of its own: ctest runs the tests of this file as
// processes side by side, and one rewriting a shared file while another loads it made the
// other read it half-written.
class IntlCxx : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string po = dir_.write("de/LC_MESSAGES/" + std::string(domain) + ".po", de_po);
    ASSERT_NE(::bindtextdomain(domain, dir_.root().c_str()), nullptr);  // the C API reads it from there
    ASSERT_TRUE(erli18n::catalog_store::default_store().load(domain, "de", po));  // and C++
  }
  erli18n::test_support::temp_dir dir_;
};

TEST_F(IntlCxx, BothApisLibintlFirst) {
  erli18n::locale_scope scope("de");  // the thread's erli18n locale: both APIs follow it
  ASSERT_TRUE(scope.ok());
  // The C API (global namespace).
  EXPECT_STREQ(::dgettext(domain, "Open"), "Offen");
  EXPECT_STREQ(::dpgettext(domain, "menu", "Open"), "Öffnen");
  EXPECT_STREQ(::dcpgettext(domain, "menu", "Open", LC_MESSAGES), "Öffnen");
  EXPECT_STREQ(::dnpgettext(domain, "files", "%d file", "%d files", 1), "%d Datei");
  EXPECT_STREQ(::dcnpgettext(domain, "files", "%d file", "%d files", 3, LC_MESSAGES), "%d Dateien");
  EXPECT_STREQ(::dpgettext(domain, "menu", "Close"), "Close");  // a miss: the msgid
  EXPECT_STREQ(::dnpgettext(domain, "files", "%d dir", "%d dirs", 2), "%d dirs");
  // The C++ API, in the same file.
  EXPECT_EQ(erli18n::dpgettext(domain, "menu", "Open"), "Öffnen");
  EXPECT_EQ(erli18n::dnpgettext(domain, "files", "%d file", "%d files", 2), "%d Dateien");
  const erli18n::translator de(erli18n::catalog_store::default_store(), domain, "de");
  EXPECT_EQ(de.pgettext("menu", "Open"), "Öffnen");
  EXPECT_EQ(de.npgettext("files", "%d file", "%d files", 1), "%d Datei");
}

TEST_F(IntlCxx, BothApisGettextFirst) {
  EXPECT_EQ(intl_cxx_other_order::lookups(domain), "Öffnen|Öffnen|%d Dateien|%d Dateien|Öffnen|Offen");
}

// The default-domain forms, with textdomain() (C) and erli18n::textdomain() (C++) each set.
TEST_F(IntlCxx, DefaultDomainForms) {
  erli18n::locale_scope scope("de");
  ASSERT_NE(::textdomain(domain), nullptr);
  ASSERT_TRUE(erli18n::textdomain(domain));
  EXPECT_STREQ(::pgettext("menu", "Open"), "Öffnen");
  EXPECT_STREQ(::npgettext("files", "%d file", "%d files", 5), "%d Dateien");
  EXPECT_EQ(erli18n::pgettext("menu", "Open"), "Öffnen");
  EXPECT_EQ(erli18n::npgettext("files", "%d file", "%d files", 5), "%d Dateien");
  // A char array holding a shorter string glues its text, not its whole size; one without a
  // terminator glues all of it.
  char context[16] = "menu";
  EXPECT_STREQ(::pgettext(context, "Open"), "Öffnen");
  const char unterminated[4] = {'m', 'e', 'n', 'u'};
  const char open[4] = {'O', 'p', 'e', 'n'};
  EXPECT_STREQ(::dcpgettext(domain, unterminated, "Open", LC_MESSAGES), "Öffnen");
  EXPECT_STREQ(::pgettext(unterminated, open), "Öffnen");  // the key "menu\004Open" is found
}

}  // namespace
