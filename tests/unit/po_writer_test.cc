// The PO writer on hand-built models. Each test pins one layout rule; the expected text is
// what msgcat 0.21 writes for the equivalent input (checked by running it).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "erli18n/po.h"
#include "po_writer_unicode.h"

namespace erli18n {
namespace {

po_message message(std::string msgid, std::string msgstr) {
  po_message m;
  m.msgid = std::move(msgid);
  m.msgstr.push_back(std::move(msgstr));
  return m;
}

po_message header(std::string charset = "UTF-8") {
  return message("", "Content-Type: text/plain; charset=" + charset + "\n");
}

std::string write(std::vector<po_message> messages, po_write_options options = {},
                  std::string charset = "UTF-8") {
  po_file po;
  po.file_name = "test.po";
  po.charset = std::move(charset);
  po.messages = std::move(messages);
  result<std::string> text = write_po(po, options);
  EXPECT_TRUE(text.has_value()) << (text ? "" : text.error().to_string());
  return text ? *text : std::string{};
}

std::string write_one(po_message m, po_write_options options = {}) { return write({std::move(m)}, options); }

po_write_options width(std::size_t w) {
  po_write_options o;
  o.width = w;
  return o;
}

po_write_options no_wrap() {
  po_write_options o;
  o.wrap = false;
  return o;
}

// --- entries and comments -------------------------------------------------------------------

TEST(PoWriter, EntriesAreSeparatedByOneBlankLine) {
  po_message h = message("", "Content-Type: text/plain; charset=UTF-8\n");
  EXPECT_EQ(write({h, message("a", "b"), message("c", "")}),
            "msgid \"\"\n"
            "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "\n"
            "msgid \"a\"\n"
            "msgstr \"b\"\n"
            "\n"
            "msgid \"c\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriter, FileWithOnlyAHeaderIsEmpty) {
  EXPECT_EQ(write({message("", "Content-Type: text/plain; charset=UTF-8\n")}), "");
  EXPECT_EQ(write({}), "");
}

TEST(PoWriter, ForcePoWritesAFileWithOnlyAHeader) {
  // As `msgunfmt --force-po` (and msgcat's) write such a file.
  po_write_options forced;
  forced.force_po = true;
  EXPECT_EQ(write({message("", "Content-Type: text/plain; charset=UTF-8\n")}, forced),
            "msgid \"\"\n"
            "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n");
}

TEST(PoWriter, ObsoleteEntryAloneIsKept) {
  po_message m = message("x", "y");
  m.obsolete = true;
  EXPECT_EQ(write_one(m), "#~ msgid \"x\"\n#~ msgstr \"y\"\n");
}

TEST(PoWriter, TranslatorCommentsGetOneSpaceAfterTheHash) {
  po_message m = message("a", "b");
  // As the reader keeps them: the text after '#'.
  m.translator_comments = {" note", "nospace", "", "  two spaces", "\ttab", " "};
  EXPECT_EQ(write_one(m),
            "# note\n"
            "# nospace\n"
            "#\n"
            "#  two spaces\n"
            "# \ttab\n"
            "#\n"
            "msgid \"a\"\n"
            "msgstr \"b\"\n");
}

TEST(PoWriter, ExtractedCommentsFollowTranslatorComments) {
  po_message m = message("a", "b");
  m.extracted_comments = {" extracted", "nospace", ""};
  m.translator_comments = {" first"};
  EXPECT_EQ(write_one(m),
            "# first\n"
            "#. extracted\n"
            "#. nospace\n"
            "#.\n"
            "msgid \"a\"\n"
            "msgstr \"b\"\n");
}

TEST(PoWriter, CommentsAreNeverWrapped) {
  po_message m = message("a", "b");
  const std::string long_text(120, 'x');
  m.translator_comments = {" " + long_text};
  EXPECT_EQ(write_one(m), "# " + long_text + "\nmsgid \"a\"\nmsgstr \"b\"\n");
}

// --- references -----------------------------------------------------------------------------

TEST(PoWriter, ReferencesShareLinesUpToTheWidth) {
  po_message m = message("a", "");
  for (int i = 0; i < 12; ++i) m.references.push_back({"src/file" + std::to_string(i) + ".c", i * 100u});
  EXPECT_EQ(write_one(m),
            "#: src/file0.c:0 src/file1.c:100 src/file2.c:200 src/file3.c:300\n"
            "#: src/file4.c:400 src/file5.c:500 src/file6.c:600 src/file7.c:700\n"
            "#: src/file8.c:800 src/file9.c:900 src/file10.c:1000 src/file11.c:1100\n"
            "msgid \"a\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriter, ReferenceLineMayBeExactlyTheWidth) {
  po_message m = message("a", "");
  m.references = {{std::string(70, 'f'), std::nullopt}, {"b.c", 1}};
  // "#: " + 70 + " b.c:1" is 79 columns: still one line.
  EXPECT_EQ(write_one(m), "#: " + std::string(70, 'f') + " b.c:1\nmsgid \"a\"\nmsgstr \"\"\n");
  m.references[0].file += 'f';
  EXPECT_EQ(write_one(m), "#: " + std::string(71, 'f') + "\n#: b.c:1\nmsgid \"a\"\nmsgstr \"\"\n");
}

TEST(PoWriter, NoWrapStillFoldsReferences) {
  po_message m = message("a", "");
  for (int i = 0; i < 3; ++i) m.references.push_back({"src/file" + std::to_string(i) + ".c", 1u});
  po_write_options o = no_wrap();
  o.width = 30;
  EXPECT_EQ(write_one(m, o), "#: src/file0.c:1 src/file1.c:1\n#: src/file2.c:1\nmsgid \"a\"\nmsgstr \"\"\n");
}

TEST(PoWriter, RepeatedReferencesAreWrittenOnce) {
  po_message m = message("a", "");
  m.references = {{"b.c", 3}, {"a.c", 2}, {"b.c", 3}, {"a.c", std::nullopt}};
  EXPECT_EQ(write_one(m), "#: b.c:3 a.c:2 a.c\nmsgid \"a\"\nmsgstr \"\"\n");
}

TEST(PoWriter, ReferencesNeverFoldBelowTwentyColumns) {
  po_message m = message("a", "");
  m.references = {{"a.c", std::nullopt}, {"b.c", 10}};
  EXPECT_EQ(write_one(m, width(5)), "#: a.c b.c:10\nmsgid \"a\"\nmsgstr \"\"\n");
}

// --- flags ----------------------------------------------------------------------------------

std::string flags_of(bool fuzzy, std::vector<std::string> flags) {
  po_message m = message("a", "b");
  m.fuzzy = fuzzy;
  m.flags = std::move(flags);
  std::string out = write_one(m);
  return out.starts_with("#, ") ? out.substr(0, out.find('\n')) : "";
}

TEST(PoWriter, FuzzyComesFirstThenFormatsInGnuOrder) {
  EXPECT_EQ(flags_of(true, {"python-format", "c-format"}), "#, fuzzy, c-format, python-format");
  EXPECT_EQ(flags_of(false, {"ycp-format", "tcl-format", "ruby-format", "sh-format", "librep-format",
                             "objc-format"}),
            "#, objc-format, librep-format, ruby-format, sh-format, tcl-format, ycp-format");
}

TEST(PoWriter, RangeThenNoWrapCloseTheFlags) {
  EXPECT_EQ(flags_of(true, {"no-wrap", "range: 1..2", "c-format"}),
            "#, fuzzy, c-format, range: 1..2, no-wrap");
}

TEST(PoWriter, UnknownFlagsAndWrapAreDropped) {
  EXPECT_EQ(flags_of(false, {"foo-bar", "wrap", "c++-format", "Fuzzy"}), "");
  EXPECT_EQ(flags_of(false, {"unknown", "c-format"}), "#, c-format");
}

TEST(PoWriter, LaterFormatFlagsOverrideEarlierOnes) {
  EXPECT_EQ(flags_of(false, {"c-format", "no-c-format"}), "#, no-c-format");
  EXPECT_EQ(flags_of(false, {"no-c-format", "c-format"}), "#, c-format");
  EXPECT_EQ(flags_of(false, {"possible-c-format"}), "#, c-format");
  EXPECT_EQ(flags_of(false, {"c-format", "impossible-c-format"}), "");
  EXPECT_EQ(flags_of(false, {"no-wrap", "wrap"}), "");
  EXPECT_EQ(flags_of(false, {"range: 1..3", "range: 2..4"}), "#, range: 2..4");
}

TEST(PoWriter, RangeIsNormalisedAndClamped) {
  EXPECT_EQ(flags_of(false, {"range: 01..3"}), "#, range: 1..3");
  EXPECT_EQ(flags_of(false, {"range: 0..1000000000000"}), "#, range: 0..2147483647");
  EXPECT_EQ(flags_of(false, {"range: 3..1"}), "");
}

TEST(PoWriter, MalformedRangeDropsTheFlagsAfterIt) {
  EXPECT_EQ(flags_of(false, {"range: x", "c-format"}), "");
  EXPECT_EQ(flags_of(false, {"c-format", "range: +1..3"}), "#, c-format");
}

TEST(PoWriter, FlagsSeparatedBySpacesAreSplit) {
  EXPECT_EQ(flags_of(false, {"c-format no-wrap"}), "#, c-format, no-wrap");
}

// --- entry fields ---------------------------------------------------------------------------

TEST(PoWriter, FieldOrderWithPreviousAndContext) {
  po_message m = message("hello", "bonjour");
  m.translator_comments = {" t"};
  m.extracted_comments = {" e"};
  m.references = {{"a.c", 1}};
  m.flags = {"c-format"};
  m.previous_msgctxt = "old ctx";
  m.previous_msgid = "old id";
  m.previous_msgid_plural = "old ids";
  m.msgctxt = "ctx";
  EXPECT_EQ(write_one(m),
            "# t\n#. e\n#: a.c:1\n#, c-format\n"
            "#| msgctxt \"old ctx\"\n#| msgid \"old id\"\n#| msgid_plural \"old ids\"\n"
            "msgctxt \"ctx\"\nmsgid \"hello\"\nmsgstr \"bonjour\"\n");
}

TEST(PoWriter, PluralFormsAreIndexed) {
  po_message m = message("one", "un");
  m.msgid_plural = "many";
  m.msgstr.push_back("plusieurs");
  m.msgstr.push_back("");
  EXPECT_EQ(write_one(m),
            "msgid \"one\"\nmsgid_plural \"many\"\n"
            "msgstr[0] \"un\"\nmsgstr[1] \"plusieurs\"\nmsgstr[2] \"\"\n");
}

// As msgcat and msgattrib 0.21 write them: `msgcat` of "#, fuzzy msgid "a" msgstr """ and of
// "#~ msgid "o" #~ msgstr """ (also with a plural whose first form alone is empty).
TEST(PoWriter, UntranslatedMessagesLoseTheFuzzyMarkAndObsoleteOnesAreLeftOut) {
  po_message fuzzy = message("a", "");
  fuzzy.fuzzy = true;
  fuzzy.flags = {"c-format"};
  EXPECT_EQ(write_one(fuzzy), "#, c-format\nmsgid \"a\"\nmsgstr \"\"\n");
  po_message plural = message("p", "");
  plural.msgid_plural = "ps";
  plural.msgstr.emplace_back("x");
  plural.fuzzy = true;
  EXPECT_EQ(write_one(plural), "msgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"\"\nmsgstr[1] \"x\"\n");
  po_message gone = message("o", "");
  gone.obsolete = true;
  po_message gone_plural = plural;
  gone_plural.obsolete = true;
  EXPECT_EQ(write({message("k", "v"), gone, gone_plural, message("l", "w")}),
            "msgid \"k\"\nmsgstr \"v\"\n\nmsgid \"l\"\nmsgstr \"w\"\n");
  // A header and such an entry is not a header alone: msgcat writes the header.
  EXPECT_EQ(write({header(), gone}), "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n");
}

// msgcat 0.21 of a file with "#~ msgid "o"" before "msgid "a"" writes "a" first.
TEST(PoWriter, ObsoleteEntriesComeAfterTheLiveOnes) {
  po_message gone = message("o", "x");
  gone.obsolete = true;
  EXPECT_EQ(
      write({header(), gone, message("a", "b")}),
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n\n"
      "#~ msgid \"o\"\n#~ msgstr \"x\"\n");
}

TEST(PoWriter, ObsoleteEntryKeepsCommentsUnprefixed) {
  po_message m = message("q", "r");
  m.obsolete = true;
  m.translator_comments = {" c"};
  m.extracted_comments = {" ex"};
  m.references = {{"f.c", 1}};
  m.fuzzy = true;
  m.previous_msgid = "prev";
  m.msgctxt = "k";
  EXPECT_EQ(write_one(m),
            "# c\n#. ex\n#: f.c:1\n#, fuzzy\n#~| msgid \"prev\"\n"
            "#~ msgctxt \"k\"\n#~ msgid \"q\"\n#~ msgstr \"r\"\n");
}

TEST(PoWriter, EmptyContextIsWritten) {
  po_message m = message("a", "b");
  m.msgctxt = "";
  EXPECT_EQ(write_one(m), "msgctxt \"\"\nmsgid \"a\"\nmsgstr \"b\"\n");
}

// --- strings: escapes and newlines ----------------------------------------------------------

TEST(PoWriter, EscapesAndRawControlCharacters) {
  EXPECT_EQ(write_one(message("tab\there \"q\" back\\slash \a\b\f\v\r \x01 \x7f end", "")),
            "msgid \"tab\\there \\\"q\\\" back\\\\slash \\a\\b\\f\\v\\r \x01 \x7f end\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriter, TrailingNewlineStaysOnOneLine) {
  EXPECT_EQ(write_one(message("x\n", "\n")), "msgid \"x\\n\"\nmsgstr \"\\n\"\n");
}

TEST(PoWriter, InnerNewlineStartsWithAnEmptyString) {
  EXPECT_EQ(write_one(message("a", "y\nz")), "msgid \"a\"\nmsgstr \"\"\n\"y\\n\"\n\"z\"\n");
  EXPECT_EQ(write_one(message("a", "a\n\n\nb")),
            "msgid \"a\"\nmsgstr \"\"\n\"a\\n\"\n\"\\n\"\n\"\\n\"\n\"b\"\n");
  EXPECT_EQ(write_one(message("a", "\n\nx")), "msgid \"a\"\nmsgstr \"\"\n\"\\n\"\n\"\\n\"\n\"x\"\n");
}

// --- strings: line filling ------------------------------------------------------------------

std::string words(std::size_t n) {  // "aaaa aaaa ..." cut to n characters
  std::string s;
  while (s.size() < n) s += "aaaa ";
  return s.substr(0, n);
}

TEST(PoWriter, FirstLineMayBeExactlyTheWidth) {
  // "msgid " + quotes + 71 = 79 columns.
  EXPECT_EQ(write_one(message(words(71), "")), "msgid \"" + words(71) + "\"\nmsgstr \"\"\n");
  EXPECT_EQ(write_one(message(words(72), "")), "msgid \"\"\n\"" + words(72) + "\"\nmsgstr \"\"\n");
}

TEST(PoWriter, ContinuationLinesBreakAfterSpaces) {
  const std::string text =
      "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr";
  EXPECT_EQ(write_one(message(text, "")),
            "msgid \"\"\n"
            "\"aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo \"\n"
            "\"pppp qqqq rrrr\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriter, PrefixesCountTowardsTheWidth) {
  const std::string text =
      "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr";
  po_message m = message(text, "x");
  m.obsolete = true;
  EXPECT_EQ(write_one(m),
            "#~ msgid \"\"\n"
            "#~ \"aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn \"\n"
            "#~ \"oooo pppp qqqq rrrr\"\n"
            "#~ msgstr \"x\"\n");
}

TEST(PoWriter, TextWithoutBreakOpportunityOverflows) {
  const std::string a(100, 'a');
  EXPECT_EQ(write_one(message(a, "")), "msgid \"" + a + "\"\nmsgstr \"\"\n");
  EXPECT_EQ(write_one(message(a + " b", "")), "msgid \"\"\n\"" + a + " \"\n\"b\"\nmsgstr \"\"\n");
}

TEST(PoWriter, WideCharactersTakeTwoColumns) {
  const std::string text =
      "这是一个很长的中文句子，用来测试换行算法是否正确地处理了宽字符以及标点符号的问题。我们需要更多的文字"
      "。";
  EXPECT_EQ(write_one(message(text, "")),
            "msgid \"\"\n"
            "\"这是一个很长的中文句子，用来测试换行算法是否正确地处理了宽字符以及标点符号的\"\n"
            "\"问题。我们需要更多的文字。\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriter, CombiningMarksTakeNoColumn) {
  std::string text;
  for (int i = 0; i < 68; ++i) text += "e\u0301";
  text += " b";
  // 70 columns: fits on the first line although it is 206 bytes.
  EXPECT_EQ(write_one(message(text, "")), "msgid \"" + text + "\"\nmsgstr \"\"\n");
}

TEST(PoWriter, EscapesAreMeasuredAsWritten) {
  // 73 + " " + \"b = 77 columns between the quotes: fits; one more 'a' does not.
  const std::string fits = "x\n" + std::string(73, 'a') + " \"b";
  EXPECT_EQ(write_one(message(fits, "")),
            "msgid \"\"\n\"x\\n\"\n\"" + std::string(73, 'a') + " \\\"b\"\nmsgstr \"\"\n");
  const std::string breaks = "x\n" + std::string(74, 'a') + " \"b";
  EXPECT_EQ(write_one(message(breaks, "")),
            "msgid \"\"\n\"x\\n\"\n\"" + std::string(74, 'a') + " \"\n\"\\\"b\"\nmsgstr \"\"\n");
}

TEST(PoWriter, LineBreakingSeesTheEscapedText) {
  // After ';' msgcat breaks before the backslash of \" (the escaped form), which Unicode
  // forbids before a bare quote.
  const std::string text = "xx\n" + std::string(70, 'a') + "x;\"yyyy";
  EXPECT_EQ(write_one(message(text, "")),
            "msgid \"\"\n\"xx\\n\"\n\"" + std::string(70, 'a') + "x;\"\n\"\\\"yyyy\"\nmsgstr \"\"\n");
}

TEST(PoWriter, NeverBreaksBeforeAnEscapedNewline) {
  const std::string text = "n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\nnext";
  EXPECT_EQ(write_one(message(text, ""), width(60)),
            "msgid \"\"\n\"n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : "
            "\"\n\"5;\\n\"\n\"next\"\nmsgstr \"\"\n");
}

TEST(PoWriter, NeverSplitsAnEscape) {
  // 75 + \\b is 78 columns, one too many, but the only place left to break is inside \\.
  const std::string text = "xx\n" + std::string(75, 'a') + "\\b";
  EXPECT_EQ(write_one(message(text, "")),
            "msgid \"\"\n\"xx\\n\"\n\"" + std::string(75, 'a') + "\\\\b\"\nmsgstr \"\"\n");
  // Between two escapes is fine.
  const std::string two = "xx\n" + std::string(75, 'a') + "\\\\b";
  EXPECT_EQ(write_one(message(two, "")),
            "msgid \"\"\n\"xx\\n\"\n\"" + std::string(75, 'a') + "\\\\\"\n\"\\\\b\"\nmsgstr \"\"\n");
}

TEST(PoWriter, SpacesOpeningALineDoNotBreak) {
  const std::string text = "x\n   " + std::string(80, 'a') + " b";
  EXPECT_EQ(write_one(message(text, "")),
            "msgid \"\"\n\"x\\n\"\n\"   " + std::string(80, 'a') + " \"\n\"b\"\nmsgstr \"\"\n");
}

TEST(PoWriter, FormatDirectivesOfFlaggedMessagesAreNotSplit) {
  const std::string text = "xx\n" + std::string(73, 'a') + " %%pcrel";
  po_message m = message(text, "");
  EXPECT_THAT(write_one(m), ::testing::HasSubstr(" %\"\n\"%pcrel\"\n"));
  m.flags = {"c-format"};
  EXPECT_THAT(write_one(m), ::testing::HasSubstr(" \"\n\"%%pcrel\"\n"));
}

// Whether a line of `text` (before the directive `% d`, placed at each of 20 columns around
// the wrap point) ever ends inside that directive, in a message flagged `flag`; in the
// msgstr when `translation`.
bool splits_a_later_directive(std::string_view before, const char* flag, bool translation = false) {
  for (std::size_t pad = 50; pad < 70; ++pad) {
    const std::string text =
        std::string(before) + " x b " + std::string(pad, 'a') + " bbbbbbb % d tail text here";
    po_message m = translation ? message("x", text) : message(text, "");
    m.flags = {flag};
    const std::string out = write_one(m);
    if (out.find("% \"\n") != std::string::npos || out.find("$ \"\n") != std::string::npos) return true;
  }
  return false;
}

// msgcat 0.21 protects a directive only while the string reads as a valid C format so far
// (measured with this very layout): a directive it refuses ends the protection.
TEST(PoWriter, DirectiveProtectionEndsWhereMsgcatsReadingFails) {
  EXPECT_FALSE(splits_a_later_directive("%d", "c-format"));
  EXPECT_FALSE(splits_a_later_directive("%<PRId64>", "c-format"));
  EXPECT_FALSE(splits_a_later_directive("%5% %1$%", "c-format"));   // `%` after a width: valid
  EXPECT_FALSE(splits_a_later_directive("%Id", "c-format", true));  // `I`: translations only
  EXPECT_FALSE(splits_a_later_directive("%@", "objc-format"));
  EXPECT_TRUE(splits_a_later_directive("%<foo>", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%<foo>", "objc-format"));
  EXPECT_TRUE(splits_a_later_directive("%l<PRId64>", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%@", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%<PRId64", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%y", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%Id", "c-format"));
  EXPECT_TRUE(splits_a_later_directive("%1$d", "c-format"));  // `% d` then mixes the two kinds
  EXPECT_TRUE(splits_a_later_directive("%0$d", "c-format"));
}

TEST(PoWriter, NoWrapOptionKeepsLongLinesButSplitsAtNewlines) {
  const std::string text = words(120);
  EXPECT_EQ(write_one(message(text, text + "\nsecond"), no_wrap()),
            "msgid \"" + text + "\"\nmsgstr \"\"\n\"" + text + "\\n\"\n\"second\"\n");
}

TEST(PoWriter, NoWrapFlagActsLikeTheOption) {
  po_message m = message(words(120), "");
  m.flags = {"no-wrap"};
  m.previous_msgid = words(100);
  EXPECT_EQ(write_one(m),
            "#, no-wrap\n#| msgid \"" + words(100) + "\"\nmsgid \"" + words(120) + "\"\nmsgstr \"\"\n");
}

TEST(PoWriter, NarrowWidthsFillTwentyColumns) {
  EXPECT_EQ(write_one(message("The quick brown fox jumps over the lazy dog", ""), width(1)),
            "msgid \"\"\n\"The quick brown \"\n\"fox jumps over \"\n\"the lazy dog\"\nmsgstr \"\"\n");
}

TEST(PoWriter, WiderWidth) {
  const std::string text = words(100);
  EXPECT_EQ(write_one(message(text, ""), width(120)), "msgid \"" + text + "\"\nmsgstr \"\"\n");
}

// --- the indented style (--indent) ---------------------------------------------------------

po_write_options indented(bool wrap = true) {
  po_write_options o;
  o.indent = true;
  o.wrap = wrap;
  return o;
}

TEST(PoWriterIndent, KeywordsArePaddedToTheNextTabStop) {
  po_message m = message("one", "un");
  m.msgctxt = "c";
  m.msgid_plural = "many";
  m.msgstr.push_back("des");
  EXPECT_EQ(write_one(m, indented()),
            "msgctxt \"c\"\n"
            "msgid   \"one\"\n"
            "msgid_plural    \"many\"\n"
            "msgstr[0]       \"un\"\n"
            "msgstr[1]       \"des\"\n");
}

TEST(PoWriterIndent, TheFirstPieceStaysOnTheKeywordLine) {
  po_message h =
      message("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=n>1;\n");
  po_message m =
      message("This is a very long string that will certainly need to be wrapped across several lines", "");
  EXPECT_EQ(write({h, m}, indented()),
            "msgid   \"\"\n"
            "msgstr  \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "        \"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n"
            "\n"
            "msgid   \"This is a very long string that will certainly need to be wrapped \"\n"
            "        \"across several lines\"\n"
            "msgstr  \"\"\n");
  EXPECT_EQ(
      write({h, m}, indented(false)),
      "msgid   \"\"\n"
      "msgstr  \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "        \"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n"
      "\n"
      "msgid   \"This is a very long string that will certainly need to be wrapped across several lines\"\n"
      "msgstr  \"\"\n");
}

TEST(PoWriterIndent, PreviousFieldsMoveTheOtherKeywordsAndObsoleteLinesKeepTheirPrefix) {
  po_message m = message("new", "neuf");
  m.previous_msgid = "old";
  po_message gone = message("p", "The translation of an obsolete entry long enough to need a second line");
  gone.msgid_plural = "ps";
  gone.msgstr.push_back("x");
  gone.previous_msgid = "o";
  gone.previous_msgid_plural = "os";
  gone.obsolete = true;
  EXPECT_EQ(write({m, gone}, indented()),
            "#| msgid        \"old\"\n"
            "msgid           \"new\"\n"
            "msgstr          \"neuf\"\n"
            "\n"
            "#~| msgid       \"o\"\n"
            "#~| msgid_plural        \"os\"\n"
            "#~ msgid        \"p\"\n"
            "#~ msgid_plural         \"ps\"\n"
            "#~ msgstr[0]    \"The translation of an obsolete entry long enough to need a \"\n"
            "#~      \"second line\"\n"
            "#~ msgstr[1]    \"x\"\n");
}

// --- charsets and errors --------------------------------------------------------------------

// --escape: the bytes msgcat 0.21 writes for the same strings (tests/parity/msgcat_gnu.sh
// compares more).
po_write_options escaped(std::size_t w = 79) {
  po_write_options o = width(w);
  o.escape = true;
  return o;
}

// Text held unconverted (po_file::unconverted, as msgunfmt and msginit hold it): a string's
// bytes that are no character of the charset (ASCII: any byte from 0x80; UTF-8: what is not
// UTF-8) are left out, taking no column, or escaped under --escape; comments keep theirs. What
// msgunfmt 0.21 writes for a catalog without a header holding these UTF-8 strings.
TEST(PoWriterUnconverted, BytesThatAreNoCharacterAreLeftOutOfStrings) {
  po_file po;
  po.charset = "ASCII";
  po.unconverted = true;
  po_message w = message("w",
                         "word word word word word word word word word word word word "
                         "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4 tail tail tail tail end");
  w.translator_comments.push_back(" J\xc3\xb6rg");
  po.messages = {
      message("v", std::string(60, 'x') + " \xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc\xc3\xbc yy zz"), w};
  result<std::string> plain = write_po(po);
  ASSERT_TRUE(plain) << plain.error().to_string();
  EXPECT_EQ(*plain, "msgid \"v\"\nmsgstr \"" + std::string(60, 'x') +
                        "  yy zz\"\n\n"
                        "# J\xc3\xb6rg\nmsgid \"w\"\nmsgstr \"\"\n"
                        "\"word word word word word word word word word word word word  tail tail tail \"\n"
                        "\"tail end\"\n");
  po.messages = {message("a", "b\xc3\xa4"), message("c", "L\xe4nge")};
  result<std::string> with_escapes = write_po(po, escaped());
  ASSERT_TRUE(with_escapes);
  EXPECT_EQ(*with_escapes, "msgid \"a\"\nmsgstr \"b\\303\\244\"\n\nmsgid \"c\"\nmsgstr \"L\\344nge\"\n");
  // In UTF-8 only the byte that is not UTF-8 goes.
  po.charset = "UTF-8";
  plain = write_po(po);
  ASSERT_TRUE(plain);
  EXPECT_EQ(*plain, "msgid \"a\"\nmsgstr \"b\xc3\xa4\"\n\nmsgid \"c\"\nmsgstr \"Lnge\"\n");
  // Converted text is another matter: a character ASCII lacks is an error, as in msgcat -t ASCII.
  po.charset = "ASCII";
  po.unconverted = false;
  EXPECT_FALSE(write_po(po));
}

TEST(PoWriterEscape, NonAsciiBytesAreOctalEscapesOfTheFileCharset) {
  po_message m = message("caf\xc3\xa9", "na\xc3\xafve \"x\"\ttab");
  EXPECT_EQ(write({header(), m}, escaped()),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
            "msgid \"caf\\303\\251\"\nmsgstr \"na\\303\\257ve \\\"x\\\"\\ttab\"\n");
  EXPECT_EQ(write({header("ISO-8859-1"), m}, escaped(), "ISO-8859-1"),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\n"
            "msgid \"caf\\351\"\nmsgstr \"na\\357ve \\\"x\\\"\\ttab\"\n");
}

TEST(PoWriterEscape, ControlCharactersWithoutTheirOwnEscapeAreOctal) {
  EXPECT_EQ(write_one(message("c\x01\a\x7f"
                              "e",
                              ""),
                      escaped()),
            "msgid \"c\\001\\a\\177e\"\nmsgstr \"\"\n");
  // Without --escape they are written as they are.
  EXPECT_EQ(write_one(message("c\x01\a\x7f"
                              "e",
                              "")),
            "msgid \"c\x01\\a\x7f"
            "e\"\nmsgstr \"\"\n");
}

TEST(PoWriterEscape, LinesAreFilledOnTheEscapedText) {
  po_message m = message(
      "Long line with a tab\t and unicode \xc3\xa9 in the middle of a quite long string that wraps around "
      "somewhere",
      "");
  EXPECT_EQ(write_one(m, escaped()),
            "msgid \"\"\n"
            "\"Long line with a tab\\t and unicode \\303\\251 in the middle of a quite long \"\n"
            "\"string that wraps around somewhere\"\n"
            "msgstr \"\"\n");
  EXPECT_EQ(write_one(m, escaped(30)),
            "msgid \"\"\n"
            "\"Long line with a tab\\t and \"\n"
            "\"unicode \\303\\251 in the \"\n"
            "\"middle of a quite long \"\n"
            "\"string that wraps around \"\n"
            "\"somewhere\"\n"
            "msgstr \"\"\n");
}

TEST(PoWriterEscape, CommentsAreNotEscaped) {
  po_message m = message("\xc3\xa9", "");
  m.translator_comments.push_back(" \xc3\xa9t\xc3\xa9");
  EXPECT_EQ(write_one(m, escaped()), "# \xc3\xa9t\xc3\xa9\nmsgid \"\\303\\251\"\nmsgstr \"\"\n");
}

// --strict: msgcat 0.21's Uniforum style.
TEST(PoWriterStrict, EntriesAreSeparatedByACommentLineAndReferencesSpelledOut) {
  po_write_options strict;
  strict.strict = true;
  po_message m = message("a", "b");
  m.references = {{"a.c", 1}, {"b.c", 22}, {"a.c", 1}, {"nolinefile", std::nullopt}};
  po_message gone = message("old", "vieux");
  gone.obsolete = true;
  EXPECT_EQ(write({header(), m, message("short", "s"), gone}, strict),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "#\n"
            "# File: a.c, line: 1\n"
            "# File: b.c, line: 22\n"
            "# File: nolinefile, line: -1\n"
            "msgid \"a\"\nmsgstr \"b\"\n"
            "#\n"
            "msgid \"short\"\nmsgstr \"s\"\n"
            "#\n"
            "#~ msgid \"old\"\n#~ msgstr \"vieux\"\n");
}

TEST(PoWriter, WritesTheFileCharset) {
  std::vector<po_message> ms = {header("ISO-8859-1"), message("caf\xc3\xa9", "")};
  EXPECT_EQ(write(ms, {}, "ISO-8859-1"),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\n"
            "msgid \"caf\xe9\"\nmsgstr \"\"\n");
}

TEST(PoWriter, UnrepresentableCharacterIsAnError) {
  po_file po;
  po.file_name = "x.po";
  po.charset = "ISO-8859-1";
  po.messages = {header("ISO-8859-1"), message("\xe4\xb8\xad", "")};
  result<std::string> text = write_po(po);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().code, errc::charset);
}

// JOHAB gives byte 0x5C to the won sign, so iconv cannot write a backslash there: the escapes
// (and backslashes in comments) are written as the ASCII byte, as msgcat writes them.
TEST(PoWriter, JohabKeepsTheBackslashOfEscapes) {
  po_message m = message("a\\b \"q\"\n", "\xec\x95\x88\xeb\x85\x95 \\\n");  // 안녕
  m.translator_comments = {" C:\\dir ~"};
  EXPECT_EQ(write({header("JOHAB"), m}, {}, "JOHAB"),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=JOHAB\\n\"\n\n"
            "# C:\\dir ~\n"
            "msgid \"a\\\\b \\\"q\\\"\\n\"\n"
            "msgstr \"\xb4\x65\x91\x77 \\\\\\n\"\n");
}

// The won sign's own byte is 0x5C: inside a string it is escaped (msgconv writes `\\` for it),
// in a comment it is the byte itself.
TEST(PoWriter, JohabWonSignIsEscapedInStrings) {
  po_message m = message("price",
                         "\xe2\x82\xa9"
                         "100");  // ₩100
  m.translator_comments = {" \xe2\x82\xa9"};
  EXPECT_EQ(write({header("JOHAB"), m}, {}, "JOHAB"),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=JOHAB\\n\"\n\n"
            "# \\\n"
            "msgid \"price\"\n"
            "msgstr \"\\\\100\"\n");
}

TEST(PoWriter, ShiftJisYenSignIsEscapedInStrings) {
  po_message m = message("price",
                         "\xc2\xa5"
                         "100 \\ \xe8\xa1\xa8");  // ¥100 \ 表 (95 5C)
  EXPECT_EQ(write({header("SHIFT_JIS"), m}, {}, "SHIFT_JIS"),
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=SHIFT_JIS\\n\"\n\n"
            "msgid \"price\"\n"
            "msgstr \"\\\\100 \\\\ \x95\x5c\"\n");
}

TEST(PoWriter, AmbiguousCharactersAreWideInCjkCharsets) {
  std::string signs;
  for (int i = 0; i < 36; ++i) signs += "\xc2\xa7";  // SECTION SIGN, East Asian ambiguous
  std::vector<po_message> ms = {header("EUC-JP"), message(signs, "")};
  // 36 columns in UTF-8: one line; 72 in EUC-JP: too wide after `msgid "`.
  EXPECT_THAT(write(ms, {}, "UTF-8"), ::testing::HasSubstr("msgid \"\xc2\xa7"));
  result<std::string> euc = [&] {
    po_file po;
    po.charset = "EUC-JP";
    po.messages = ms;
    return write_po(po);
  }();
  ASSERT_TRUE(euc.has_value());
  EXPECT_THAT(*euc, ::testing::HasSubstr("msgid \"\"\n\""));
}

TEST(PoWriter, DuplicateMessageIsAnErrorAtItsPosition) {
  po_message a = message("a", "b");
  po_message again = message("a", "c");
  again.line = 4;
  again.column = 1;
  po_file po;
  po.file_name = "dup.po";
  po.messages = {a, again};
  result<std::string> text = write_po(po);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().to_string(), "dup.po:4:1: error: duplicate message definition");
}

TEST(PoWriter, SameMsgidInAnotherContextIsNoDuplicate) {
  po_message a = message("a", "b");
  po_message ctx = message("a", "c");
  ctx.msgctxt = "k";
  EXPECT_EQ(write({a, ctx}), "msgid \"a\"\nmsgstr \"b\"\n\nmsgctxt \"k\"\nmsgid \"a\"\nmsgstr \"c\"\n");
}

TEST(PoWriter, ObsoleteEntryRepeatingAnotherIsADuplicate) {
  po_message obsolete = message("a", "d");
  obsolete.obsolete = true;
  obsolete.line = 4;
  obsolete.column = 4;
  po_file po;
  po.file_name = "dup.po";
  po.messages = {message("a", "b"), obsolete};
  result<std::string> text = write_po(po);
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().to_string(), "dup.po:4:4: error: duplicate message definition");
}

// --- the Unicode line breaker ---------------------------------------------------------------

std::string breaks(std::u32string_view text, bool cjk = false) {
  std::vector<po_unicode::brk> out(text.size());
  po_unicode::line_breaks(text, cjk, out);
  std::string marks;
  for (std::size_t i = 0; i < text.size(); ++i) {
    marks += out[i] == po_unicode::brk::allowed ? '|' : out[i] == po_unicode::brk::mandatory ? '!' : '.';
  }
  return marks;
}

TEST(PoUnicode, BreaksAfterSpacesNotBeforeThem) { EXPECT_EQ(breaks(U"ab  cd"), "....|."); }

TEST(PoUnicode, FullStopBeforeLetterIsABreak) { EXPECT_EQ(breaks(U"gmail.com"), "......|.."); }

TEST(PoUnicode, OpeningSpacesHoldTogether) {
  EXPECT_EQ(breaks(U"  ab"), "....");
  EXPECT_EQ(breaks(U"x  ab"), "...|.");
  EXPECT_EQ(breaks(U"a\n  b"), ".!...");
}

TEST(PoUnicode, IdeographsBreakBetweenEachOther) { EXPECT_EQ(breaks(U"中文字。"), ".||."); }

TEST(PoUnicode, HyphenBreaksBeforeLettersNotDigits) { EXPECT_EQ(breaks(U"a-b-1"), "..|.."); }

TEST(PoUnicode, AmbiguousCharactersBreakLikeIdeographsInCjkCharsets) {
  EXPECT_EQ(breaks(U"a\u00a7b", false), "...");
  EXPECT_EQ(breaks(U"a\u00a7b", true), ".||");
}

TEST(PoUnicode, Widths) {
  EXPECT_EQ(po_unicode::props(U'a').width, 1);
  EXPECT_EQ(po_unicode::props(U'中').width, 2);
  EXPECT_EQ(po_unicode::props(U'\u0301').width, 0);
  EXPECT_EQ(po_unicode::props(U'\U0001F600').width, 2);
  EXPECT_TRUE(po_unicode::props(U'\u00a7').ambiguous);
  EXPECT_TRUE(po_unicode::props(U'\x01').control);
}

// Several domains in one file, as msgmerge 0.21 writes them: a domain line and a blank line
// before each but a first "messages", one blank line between domains.
TEST(PoWriter, DomainsAreWrittenAfterTheirDomainLines) {
  po_file first, second, third;
  first.messages = {header(), message("a", "A")};
  second.messages = {message("b", "B")};
  third.messages = {message("c", "C")};
  result<std::string> text =
      write_po_domains({{"messages", first}, {"second", second}, {"messages", third}}, po_write_options{});
  ASSERT_TRUE(text.has_value()) << text.error().to_string();
  EXPECT_EQ(
      *text,
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"a\"\nmsgstr \"A\"\n\n"
      "domain \"second\"\n\nmsgid \"b\"\nmsgstr \"B\"\n\n"
      "domain \"messages\"\n\nmsgid \"c\"\nmsgstr \"C\"\n");
}

// --strict: the blank lines around a domain line are `#` lines too (msgcat 0.21).
TEST(PoWriterStrict, DomainLinesAreSeparatedByCommentLines) {
  po_file first, second;
  first.messages = {header(), message("a", "A")};
  second.messages = {message("b", "B")};
  po_write_options strict;
  strict.strict = true;
  result<std::string> text = write_po_domains({{"messages", first}, {"second", second}}, strict);
  ASSERT_TRUE(text.has_value()) << text.error().to_string();
  EXPECT_EQ(
      *text,
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n#\nmsgid \"a\"\nmsgstr \"A\"\n#\n"
      "domain \"second\"\n#\nmsgid \"b\"\nmsgstr \"B\"\n");
}

TEST(PoWriter, FirstDomainOtherThanMessagesGetsItsDomainLine) {
  po_file only;
  only.messages = {message("a", "A")};
  result<std::string> text = write_po_domains({{"app", only}});
  ASSERT_TRUE(text.has_value());
  EXPECT_EQ(*text, "domain \"app\"\n\nmsgid \"a\"\nmsgstr \"A\"\n");
  // One "messages" domain is what write_po writes.
  result<std::string> plain = write_po_domains({{"messages", only}});
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(*plain, write_one(message("a", "A")));
}

TEST(PoWriter, EmptyDomainIsItsLineAlone) {
  // msgmerge --for-msgfmt -m on a domain of only fuzzy entries writes just its line.
  po_file first, empty;
  first.messages = {message("a", "A")};
  result<std::string> text = write_po_domains({{"messages", first}, {"third", empty}});
  ASSERT_TRUE(text.has_value());
  EXPECT_EQ(*text, "msgid \"a\"\nmsgstr \"A\"\n\ndomain \"third\"\n");
}

}  // namespace
}  // namespace erli18n
