// count_messages on small catalogs: one test per rule of report.h. The expected counts for the
// msgfmt-shaped rules were taken from `msgfmt --statistics` 0.21 on the same text (the parity
// test tests/cli/report_parity.sh checks them against msgfmt on many more files).
#include <gtest/gtest.h>

#include <string>

#include "erli18n/po.h"
#include "erli18n/tools/report.h"

namespace erli18n {
namespace {

const std::string header =
    "msgid \"\"\n"
    "msgstr \"\"\n"
    "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
    "\n";

message_counts counts_of(const std::string& text) {
  result<po_file> po = read_po(text, "t.po");
  EXPECT_TRUE(po.has_value()) << (po ? "" : po.error().to_string());
  return po ? count_messages(*po) : message_counts{};
}

message_counts counts(std::size_t translated, std::size_t fuzzy, std::size_t untranslated,
                      std::size_t partial_plurals = 0, std::size_t obsolete = 0) {
  message_counts c;
  c.translated = translated;
  c.fuzzy = fuzzy;
  c.untranslated = untranslated;
  c.partial_plurals = partial_plurals;
  c.obsolete = obsolete;
  return c;
}

TEST(ReportTest, HeaderAloneCountsNothingAndIsComplete) {
  const message_counts c = counts_of(header);
  EXPECT_EQ(c, counts(0, 0, 0));
  EXPECT_EQ(c.permille_complete(), 1000u);
}

TEST(ReportTest, FuzzyHeaderIsNotCounted) {
  EXPECT_EQ(counts_of("#, fuzzy\n" + header + "msgid \"a\"\nmsgstr \"b\"\n"), counts(1, 0, 0));
}

TEST(ReportTest, SingularStates) {
  EXPECT_EQ(counts_of(header + "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"c\"\nmsgstr \"\"\n\n"
                               "#, fuzzy\nmsgid \"d\"\nmsgstr \"e\"\n"),
            counts(1, 1, 1));
}

TEST(ReportTest, FuzzyWithoutTranslationIsUntranslated) {
  EXPECT_EQ(counts_of(header + "#, fuzzy\nmsgid \"a\"\nmsgstr \"\"\n"), counts(0, 0, 1));
  EXPECT_EQ(
      counts_of(header + "#, fuzzy\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"\"\nmsgstr[1] \"b\"\n"),
      counts(0, 0, 1));
}

TEST(ReportTest, FuzzyPluralWithFirstFormIsFuzzy) {
  EXPECT_EQ(
      counts_of(header + "#, fuzzy\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"\"\n"),
      counts(0, 1, 0));
}

TEST(ReportTest, PluralIsTranslatedWhenEveryFormIs) {
  EXPECT_EQ(counts_of(header + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n"),
            counts(1, 0, 0));
}

TEST(ReportTest, PluralWithAnEmptyLaterFormIsAPartialPlural) {
  const message_counts c =
      counts_of(header + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"\"\n");
  EXPECT_EQ(c, counts(0, 0, 1, 1));
  EXPECT_EQ(c.permille_complete(), 0u);
}

TEST(ReportTest, PluralWithEmptyFirstFormIsUntranslatedNotPartial) {
  EXPECT_EQ(counts_of(header + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"\"\nmsgstr[1] \"y\"\n"),
            counts(0, 0, 1));
}

TEST(ReportTest, ObsoleteEntriesAreCountedApart) {
  const message_counts c = counts_of(header +
                                     "msgid \"a\"\nmsgstr \"b\"\n\n#~ msgid \"c\"\n#~ msgstr \"d\"\n\n"
                                     "#, fuzzy\n#~ msgid \"e\"\n#~ msgstr \"\"\n");
  EXPECT_EQ(c, counts(1, 0, 0, 0, 2));
  EXPECT_EQ(c.total(), 1u);
  EXPECT_EQ(c.permille_complete(), 1000u);
}

TEST(ReportTest, EmptyContextAndEmptyMsgidIsAMessageNotTheHeader) {
  EXPECT_EQ(counts_of(header + "msgctxt \"\"\nmsgid \"\"\nmsgstr \"b\"\n"), counts(1, 0, 0));
}

TEST(ReportTest, PercentIsRoundedDown) {
  // 2 of 3 is 66.66…%: 66.6, never 66.7; 999 of 1000 is 99.9, 1999 of 2000 also 99.9, not 100.
  message_counts c = counts(2, 0, 1);
  EXPECT_EQ(c.permille_complete(), 666u);
  EXPECT_DOUBLE_EQ(c.percent_complete(), 66.6);
  c = counts(1999, 0, 1);
  EXPECT_EQ(c.permille_complete(), 999u);
  c = counts(0, 3, 0);
  EXPECT_EQ(c.permille_complete(), 0u);
}

TEST(ReportTest, CountsAddUp) {
  message_counts a = counts(1, 2, 3, 1, 4);
  a += counts(10, 20, 30, 5, 40);
  EXPECT_EQ(a, counts(11, 22, 33, 6, 44));
  EXPECT_EQ(a.total(), 66u);
}

}  // namespace
}  // namespace erli18n
