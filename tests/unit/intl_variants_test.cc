// The directory names liberli18n_intl.so tries for a locale, in glibc's order (the orders
// below were observed with glibc 2.36 by removing the found catalog one at a time; see
// docs/intl-status.md), and its codeset helpers.
#include <gtest/gtest.h>

#include <clocale>
#include <string>
#include <vector>

#include "codeset_conversion.h"
#include "locale_variants.h"

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

}  // namespace
