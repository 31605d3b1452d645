// The directory names liberli18n_intl.so tries for a locale, in glibc's order (the orders
// below were observed with glibc 2.36 by removing the found catalog one at a time; see
// docs/c-abi.md), and its codeset helpers.
#include <gtest/gtest.h>

#include <clocale>
#include <string>
#include <vector>

#include "catalog_paths.h"
#include "codeset_conversion.h"
#include "locale_aliases.h"
#include "locale_variants.h"
#include "temp_dir.h"

namespace {

using erli18n::intl::locale_variants;
using erli18n::intl::normalized_codeset;
using list = std::vector<std::string>;

TEST(IntlVariants, FullNameKeepsModifierLongestThenTerritoryThenCodeset) {
  EXPECT_EQ(locale_variants("de_DE.UTF-8@euro"),
            (list{"de_DE.UTF-8@euro", "de_DE.utf8@euro", "de_DE@euro", "de.UTF-8@euro", "de.utf8@euro",
                  "de@euro", "de_DE.UTF-8", "de_DE.utf8", "de_DE", "de.UTF-8", "de.utf8", "de"}));
}

TEST(IntlVariants, NormalizedCodesetIsNotRepeated) {
  EXPECT_EQ(locale_variants("de_DE.utf8"), (list{"de_DE.utf8", "de_DE", "de.utf8", "de"}));
  EXPECT_EQ(locale_variants("de_DE.UTF8"),
            (list{"de_DE.UTF8", "de_DE.utf8", "de_DE", "de.UTF8", "de.utf8", "de"}));
}

TEST(IntlVariants, ModifierWithoutCodeset) {
  EXPECT_EQ(locale_variants("sr_RS@latin"), (list{"sr_RS@latin", "sr@latin", "sr_RS", "sr"}));
  EXPECT_EQ(locale_variants("ca@valencia"), (list{"ca@valencia", "ca"}));
}

TEST(IntlVariants, ShortNames) {
  EXPECT_EQ(locale_variants("pt_BR"), (list{"pt_BR", "pt"}));
  EXPECT_EQ(locale_variants("de"), (list{"de"}));
  EXPECT_EQ(locale_variants("C.UTF-8"), (list{"C.UTF-8", "C.utf8", "C"}));
  EXPECT_TRUE(locale_variants("").empty());
}

// glibc 2.36 makes no variants of a name without a language: LANGUAGE=".utf8" reads
// DIR/.utf8/... but never DIR/LC_MESSAGES/..., and "..@x" never DIR/../LC_MESSAGES/...
TEST(IntlVariants, NameWithoutLanguageIsTriedOnlyAsGiven) {
  EXPECT_EQ(locale_variants(".utf8"), (list{".utf8"}));
  EXPECT_EQ(locale_variants("..@x"), (list{"..@x"}));
  EXPECT_EQ(locale_variants("_x.UTF-8"), (list{"_x.UTF-8"}));
  EXPECT_EQ(locale_variants("@m"), (list{"@m"}));
  EXPECT_EQ(locale_variants(".."), (list{".."}));
}

TEST(IntlVariants, CodesetNormalization) {
  EXPECT_EQ(normalized_codeset("UTF-8"), "utf8");
  EXPECT_EQ(normalized_codeset("ISO-8859-1"), "iso88591");
  EXPECT_EQ(normalized_codeset("8859-1"), "iso88591");  // only digits: "iso" in front
  EXPECT_EQ(normalized_codeset("EUC-JP"), "eucjp");
  EXPECT_EQ(normalized_codeset(""), "");
}

TEST(IntlCodeset, Utf8Spellings) {
  using erli18n::intl::is_utf8;
  EXPECT_TRUE(is_utf8("UTF-8"));
  EXPECT_TRUE(is_utf8("utf8"));
  EXPECT_TRUE(is_utf8("Utf_8"));
  EXPECT_FALSE(is_utf8("UTF-16"));
  EXPECT_FALSE(is_utf8("ISO-8859-1"));
  EXPECT_FALSE(is_utf8("utf"));
  EXPECT_FALSE(is_utf8(nullptr));
}

TEST(IntlCodeset, ConvertsWithTransliterationAndKeepsThePointer) {
  using erli18n::intl::converted;
  // iconv's //TRANSLIT table comes from LC_CTYPE: in "C" an `ü` becomes `?`, in C.UTF-8 `u`
  // (the locale the gettext comparison with glibc ran in).
  ASSERT_NE(std::setlocale(LC_CTYPE, "C.UTF-8"), nullptr);
  static const char text[] =
      "Gr\xc3\xbc\xc3\x9f"
      "e";  // "Grüße"
  const char* latin1 = converted(text, "ISO-8859-1");
  ASSERT_NE(latin1, nullptr);
  EXPECT_STREQ(latin1,
               "Gr\xfc\xdf"
               "e");
  EXPECT_EQ(converted(text, "ISO-8859-1"), latin1);  // made once, kept
  const char* ascii = converted(text, "ASCII");
  ASSERT_NE(ascii, nullptr);
  EXPECT_STREQ(ascii, "Grusse");  // glibc's //TRANSLIT answer for this text
  EXPECT_EQ(converted(text, "NO-SUCH-CODESET"), nullptr);
}

TEST(IntlAliases, AliasFileLinesAsGlibcReadsThem) {
  using erli18n::intl::expand_locale_alias_in;
  const std::string file =
      "# comment line\n"
      "german\t\tde_DE.ISO-8859-1\n"
      "  french   fr_FR.ISO-8859-1   # trailing comment\n"
      "german\tde_AT.UTF-8\n"  // a later line for the same alias loses
      "lonely\n"               // no value: ignored
      "#hidden de_CH.UTF-8\n"
      "norwegian nb_NO.ISO-8859-1";  // last line without a newline
  EXPECT_EQ(expand_locale_alias_in("german", file), "de_DE.ISO-8859-1");
  EXPECT_EQ(expand_locale_alias_in("GERMAN", file), "de_DE.ISO-8859-1");  // ASCII case ignored
  EXPECT_EQ(expand_locale_alias_in("french", file), "fr_FR.ISO-8859-1");
  EXPECT_EQ(expand_locale_alias_in("norwegian", file), "nb_NO.ISO-8859-1");
  EXPECT_EQ(expand_locale_alias_in("lonely", file), "lonely");
  EXPECT_EQ(expand_locale_alias_in("hidden", file), "hidden");
  EXPECT_EQ(expand_locale_alias_in("de", file), "de");
  EXPECT_EQ(expand_locale_alias_in("germa", file), "germa");  // whole words only
  EXPECT_EQ(expand_locale_alias_in("", file), "");
}

// The file is read whole however long it is (past the first read's 4 KiB, and with lines
// longer than that), and a missing or unreadable one holds no aliases.
TEST(IntlAliases, AnAliasFileIsReadWholeAndParsedAsBefore) {
  using erli18n::intl::expand_locale_alias_in;
  using erli18n::intl::read_alias_file;
  erli18n::test_support::temp_dir dir;
  std::string text = "# " + std::string(5000, 'c') + "\n";  // a comment longer than a read
  for (int i = 0; i < 300; i++) text += "alias" + std::to_string(i) + "\tvalue" + std::to_string(i) + "\n";
  text += "  long" + std::string(6000, 'x') + "  far_away.UTF-8 # and a comment\n";
  text += "\t#german de_DE.UTF-8\n";  // a comment after blanks hides the line
  text += "Swiss de_CH.UTF-8 # trailing\n";
  text += "sw#iss\tnothing\n";    // '#' inside the alias: the line names none
  text += "last\tlast_LA.UTF-8";  // no final newline
  const std::string path = dir.write("locale.alias", text);
  const std::string read = read_alias_file(path.c_str());
  EXPECT_EQ(read, text);
  EXPECT_EQ(expand_locale_alias_in("alias0", read), "value0");
  EXPECT_EQ(expand_locale_alias_in("ALIAS299", read), "value299");
  EXPECT_EQ(expand_locale_alias_in("long" + std::string(6000, 'x'), read), "far_away.UTF-8");
  EXPECT_EQ(expand_locale_alias_in("german", read), "german");
  EXPECT_EQ(expand_locale_alias_in("swiss", read), "de_CH.UTF-8");
  EXPECT_EQ(expand_locale_alias_in("sw", read), "sw");
  EXPECT_EQ(expand_locale_alias_in("last", read), "last_LA.UTF-8");
  EXPECT_EQ(expand_locale_alias_in("alias3000", read), "alias3000");
  // Exactly one read's worth: the end is known only from the next, empty, read.
  const std::string page(4095, '#');
  EXPECT_EQ(read_alias_file(dir.write("page.alias", page + "\n").c_str()), page + "\n");
  EXPECT_EQ(read_alias_file(dir.write("empty.alias", "").c_str()), "");
  EXPECT_EQ(read_alias_file((dir.root() + "/missing.alias").c_str()), "");
  EXPECT_EQ(read_alias_file(dir.root().c_str()), "");  // a folder
}

TEST(IntlAliases, TheSystemFileHasGlibcsAliases) {
  // Debian's /usr/share/locale/locale.alias (package locales / libc-bin) names these.
  EXPECT_EQ(erli18n::intl::expand_locale_alias_in("german", erli18n::intl::locale_alias_text()),
            "de_DE.ISO-8859-1");
  EXPECT_EQ(erli18n::intl::expand_locale_alias_in("de_DE", erli18n::intl::locale_alias_text()), "de_DE");
}

TEST(IntlPaths, LanguagesInTheirVariantsAndAliases) {
  using erli18n::intl::catalog_paths;
  EXPECT_EQ(
      catalog_paths("/d", "LC_MESSAGES", "app", "pt_BR::german:de_DE:C:fr", "german de_DE.ISO-8859-1\n",
                    false),
      (list{"/d/pt_BR/LC_MESSAGES/app.mo", "/d/pt/LC_MESSAGES/app.mo",
            "/d/de_DE.ISO-8859-1/LC_MESSAGES/app.mo", "/d/de_DE.iso88591/LC_MESSAGES/app.mo",
            "/d/de_DE/LC_MESSAGES/app.mo", "/d/de.ISO-8859-1/LC_MESSAGES/app.mo",
            "/d/de.iso88591/LC_MESSAGES/app.mo", "/d/de/LC_MESSAGES/app.mo"}));  // no repeats; C ends it
}

// A setuid program's user chooses LANGUAGE: in secure mode an entry that is not one plain path
// component names no file, and the entries after it still count (glibc 2.36 skips the ones
// with `/`); outside secure mode every entry is taken as given, as glibc does.
TEST(IntlPaths, SecureModeSkipsEntriesThatLeaveTheDirectory) {
  using erli18n::intl::catalog_paths;
  const std::string_view aliases = "evil ../../tmp/evil\n";
  EXPECT_EQ(catalog_paths("/d", "LC_MESSAGES", "app", "fr:../../../tmp/evil:/tmp/evil:..:de/../x:evil:de",
                          aliases, true),
            (list{"/d/fr/LC_MESSAGES/app.mo", "/d/de/LC_MESSAGES/app.mo"}));
  EXPECT_EQ(
      catalog_paths("/d", "LC_MESSAGES", "app", "fr:../../../tmp/evil:/tmp/evil:..:evil:de", aliases, false),
      (list{"/d/fr/LC_MESSAGES/app.mo", "/d/../../../tmp/evil/LC_MESSAGES/app.mo",
            "/d//tmp/evil/LC_MESSAGES/app.mo", "/d/../LC_MESSAGES/app.mo",
            "/d/../../tmp/evil/LC_MESSAGES/app.mo", "/d/de/LC_MESSAGES/app.mo"}));
}

TEST(IntlPaths, UsableLanguage) {
  using erli18n::intl::usable_language;
  for (std::string_view good : {"de", "de_DE.UTF-8@euro", "C.UTF-8", "sr@latin"}) {
    EXPECT_TRUE(usable_language(good, true)) << good;
    EXPECT_TRUE(usable_language(good, false)) << good;
  }
  for (std::string_view bad : {"../x", "/tmp/x", "de/x", "..", ".", "de..", "a\\b", ""}) {
    EXPECT_FALSE(usable_language(bad, true)) << bad;
    EXPECT_TRUE(usable_language(bad, false)) << bad;
  }
}

}  // namespace
