// Unit tests of the PO reader: the parsed model, positions, charsets, errors and bounds.
// The expected values come from the PO syntax and from what GNU msgcat 0.21 does with the
// same input (see tests/parity/po_reader_accept.sh for the acceptance parity itself).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "erli18n/po.h"

namespace {

using erli18n::errc;
using erli18n::po_file;
using erli18n::po_message;
using erli18n::po_reference;
using erli18n::read_po;
using erli18n::read_po_file;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

const std::string kData = ERLI18N_TEST_DATA;
const std::string kHeader = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";

po_file parse_ok(const std::string& text) {
  auto po = read_po(text, "t.po");
  EXPECT_TRUE(po.has_value()) << po.error().to_string();
  return po ? *po : po_file{};
}

po_file read_fixture(const std::string& name) {
  auto po = read_po_file(kData + "/po/valid/" + name);
  EXPECT_TRUE(po.has_value()) << name << ": " << po.error().to_string();
  return po ? *po : po_file{};
}

// The first non-header message with this msgid.
const po_message& find(const po_file& po, const std::string& msgid) {
  for (const po_message& m : po.messages)
    if (m.msgid == msgid && !m.is_header()) return m;
  static const po_message none;
  ADD_FAILURE() << "no message " << msgid;
  return none;
}

po_reference ref(std::string file, std::optional<std::size_t> line) {
  return po_reference{std::move(file), line};
}

TEST(PoReader, SimpleEntriesAndPositions) {
  po_file po = parse_ok(kHeader + "msgid \"Hello\"\nmsgstr \"Bonjour\"\n\n  msgid \"x\"\nmsgstr \"\"\n");
  ASSERT_EQ(po.messages.size(), 3u);
  EXPECT_TRUE(po.messages[0].is_header());
  EXPECT_EQ(po.charset, "UTF-8");
  EXPECT_EQ(po.file_name, "t.po");
  const po_message& m = po.messages[1];
  EXPECT_EQ(m.msgid, "Hello");
  EXPECT_THAT(m.msgstr, ElementsAre("Bonjour"));
  EXPECT_FALSE(m.msgctxt.has_value());
  EXPECT_FALSE(m.is_plural());
  EXPECT_FALSE(m.fuzzy);
  EXPECT_FALSE(m.obsolete);
  EXPECT_EQ(m.line, 4u);
  EXPECT_EQ(m.column, 1u);
  EXPECT_EQ(po.messages[2].line, 7u);
  EXPECT_EQ(po.messages[2].column, 3u);
  EXPECT_THAT(po.messages[2].msgstr, ElementsAre(""));
}

TEST(PoReader, HeaderFields) {
  po_file po = read_fixture("header_only.po");
  ASSERT_NE(po.header(), nullptr);
  EXPECT_THAT(po.header()->translator_comments, ElementsAre(" Translator comment."));
  EXPECT_EQ(po.header_field("Language"), "fr");
  EXPECT_EQ(po.header_field("Content-Type"), "text/plain; charset=UTF-8");
  EXPECT_EQ(po.header_field("Plural-Forms"), "nplurals=2; plural=(n > 1);");
  EXPECT_EQ(po.header_field("Project-Id-Version"), "demo 1.0");
  EXPECT_EQ(po.header_field("Missing"), std::nullopt);
  EXPECT_EQ(po.header_field("language"), std::nullopt);  // field names are case-sensitive
  EXPECT_EQ(po.header_field("Lang"), std::nullopt);      // a prefix is not a field
  EXPECT_EQ(po.header_field(""), std::nullopt);

  po_file none = parse_ok("msgid \"a\"\nmsgstr \"b\"\n");
  EXPECT_EQ(none.header(), nullptr);
  EXPECT_EQ(none.header_field("Language"), std::nullopt);
  EXPECT_EQ(none.charset, "UTF-8");
}

TEST(PoReader, EmptyAndCommentOnlyFiles) {
  EXPECT_THAT(parse_ok("").messages, IsEmpty());
  EXPECT_THAT(parse_ok("# only\n#. comments\n").messages, IsEmpty());
  // Comments after the last entry belong to no entry and are dropped, as msgcat does.
  po_file po = read_fixture("trailing_comments.po");
  ASSERT_EQ(po.messages.size(), 2u);
  EXPECT_THAT(po.messages[1].translator_comments, IsEmpty());
}

// A default-constructed view has a null data(): scanning it must not pass the null pointer to
// memchr or memcpy (undefined behaviour, which the ASan+UBSan build stops on).
TEST(PoReader, DefaultConstructedViewIsAnEmptyFile) {
  auto po = read_po(std::string_view{}, "empty.po");
  ASSERT_TRUE(po.has_value()) << po.error().to_string();
  EXPECT_THAT(po->messages, IsEmpty());
  EXPECT_EQ(po->charset, "UTF-8");
}

TEST(PoReader, WithoutCommentsOnlyWhatCatalogsNeedIsKept) {
  erli18n::po_read_options options;
  options.keep_comments = false;
  auto po = read_po(kHeader +
                        "# translator\n#. extracted\n#: a.c:1 b.c:2\n#, fuzzy, c-format, no-wrap\n"
                        "#| msgid \"old\"\nmsgid \"a\"\nmsgstr \"b\"\n",
                    "t.po", options);
  ASSERT_TRUE(po.has_value()) << po.error().to_string();
  const po_message& m = po->messages.at(1);
  EXPECT_THAT(m.translator_comments, IsEmpty());
  EXPECT_THAT(m.extracted_comments, IsEmpty());
  EXPECT_THAT(m.references, IsEmpty());
  EXPECT_TRUE(m.fuzzy);
  EXPECT_THAT(m.flags, ElementsAre("c-format"));
  EXPECT_EQ(m.previous_msgid, "old");
  // The comments are still read: a bad one is still an error.
  EXPECT_FALSE(read_po(kHeader + "# ok\n#\xFF\nmsgid \"a\"\nmsgstr \"b\"\n", "t.po", options));
}

TEST(PoReader, Context) {
  po_file po = read_fixture("msgctxt.po");
  ASSERT_EQ(po.messages.size(), 4u);
  EXPECT_EQ(po.messages[1].msgctxt, "menu");
  EXPECT_EQ(po.messages[1].msgid, "Open");
  EXPECT_EQ(po.messages[1].line, 6u);     // the msgid keyword, not the msgctxt
  EXPECT_EQ(po.messages[2].msgctxt, "");  // an empty context is not the absence of one
  EXPECT_FALSE(po.messages[2].is_header());
  EXPECT_EQ(po.messages[3].msgctxt, "multiline");
}

TEST(PoReader, Plural) {
  po_file po = read_fixture("plural.po");
  const po_message& m = find(po, "%d file");
  EXPECT_TRUE(m.is_plural());
  EXPECT_EQ(m.msgid_plural, "%d files");
  EXPECT_THAT(m.msgstr, ElementsAre("%d файл", "%d файла", "%d файлов"));
  const po_message& e = find(po, "one");
  EXPECT_EQ(e.msgctxt, "ctx");
  EXPECT_THAT(e.msgstr, ElementsAre("", "", ""));
  EXPECT_EQ(po.header_field("Plural-Forms").value_or("").substr(0, 11), "nplurals=3;");
}

TEST(PoReader, MultilineAndAdjacentStrings) {
  po_file po = read_fixture("multiline.po");
  EXPECT_EQ(po.messages[1].msgid, "first line\nsecond line\n");
  EXPECT_THAT(po.messages[1].msgstr, ElementsAre("première\ndeuxième\n"));
  EXPECT_EQ(po.messages[2].msgid, "same linethree");
  EXPECT_THAT(po.messages[2].msgstr, ElementsAre("ab"));
}

TEST(PoReader, Escapes) {
  po_file po = read_fixture("escapes.po");
  ASSERT_EQ(po.messages.size(), 4u);
  EXPECT_EQ(po.messages[1].msgid, "all: \a\b\f\n\r\t\v\\\" end");
  // Octal takes at most three digits; hex takes every hex digit and keeps the low byte.
  EXPECT_EQ(po.messages[2].msgid, "octal AB\a0 and hex AJ~A");
  EXPECT_THAT(po.messages[2].msgstr, ElementsAre("éé"));
  EXPECT_EQ(po.messages[3].msgid, "octal stops after three digits: A4");
}

TEST(PoReader, NulTruncatesTheStringSegment) {
  // GNU builds C strings: a NUL, raw or escaped, ends its segment; later segments still count.
  po_file po = read_fixture("nul_in_string.po");
  EXPECT_EQ(po.messages[1].msgid, "before more");
  EXPECT_THAT(po.messages[1].msgstr, ElementsAre("kept"));
  po_file c = parse_ok(kHeader + std::string("# a\0b\nmsgid \"x\\0y\"\nmsgstr \"z\"\n", 30));
  EXPECT_THAT(c.messages[1].translator_comments, ElementsAre(" a"));
  EXPECT_EQ(c.messages[1].msgid, "x");
}

TEST(PoReader, ControlCharactersAreKept) {
  po_file po = read_fixture("control_chars.po");
  EXPECT_EQ(po.messages[1].msgid, "tab\tinside and \x01 raw");
}

TEST(PoReader, Comments) {
  po_file po = read_fixture("comments.po");
  const po_message& m = find(po, "Count: %d");
  EXPECT_THAT(m.translator_comments,
              ElementsAre(" translator comment", "no space after hash", "", "  two spaces"));
  EXPECT_THAT(m.extracted_comments, ElementsAre(" extracted comment", "no space"));
  EXPECT_THAT(m.references, ElementsAre(ref("src/main.c", 42)));
  // `#!` is a flag line too, and only the last flag line of an entry counts.
  EXPECT_THAT(m.flags, ElementsAre("no-c-format"));
  EXPECT_FALSE(m.fuzzy);
}

TEST(PoReader, ReferencesSplitAsGnuDoes) {
  po_file po = read_fixture("references.po");
  const po_message& m = find(po, "refs");
  // Duplicates are dropped; words are split at blanks (so a name with a space is two
  // references); `file :N`, `file: N` and `file : N` all carry a line; a leading zero is a
  // number; words whose tail is not a number are file names without a line; `i.c:1:2` splits
  // at the last colon.
  EXPECT_THAT(
      m.references,
      ElementsAre(ref("a.c", 1), ref("b.c", 2), ref("no_line.c", std::nullopt), ref("c.c", 3),
                  ref("with", std::nullopt), ref("space.c", 4), ref("d.c", 5), ref("e.c", 6), ref("f.c", 7),
                  ref("g.c", 8), ref("h.c:x", std::nullopt), ref("i.c:1", 2), ref("j.c:", std::nullopt)));
  // GNU's line numbers wrap around, and the largest one means "no line".
  const po_message& h = find(po, "huge");
  EXPECT_THAT(h.references, ElementsAre(ref("k.c", std::nullopt), ref("l.c", 0)));
}

TEST(PoReader, ReferenceEdgeCases) {
  po_file po = parse_ok(
      kHeader + "#: p.c:1 :2 :3\n#: x y x\n#: t.c:1\r\n#: u.c:+1 v.c:12abc\nmsgid \"a\"\nmsgstr \"\"\n");
  EXPECT_THAT(
      po.messages[1].references,
      ElementsAre(ref("p.c:1", 2), ref("", 3), ref("x", std::nullopt), ref("y", std::nullopt),
                  ref("t.c:1\r", std::nullopt), ref("u.c:+1", std::nullopt), ref("v.c:12abc", std::nullopt)));
}

TEST(PoReader, Flags) {
  po_file po = read_fixture("flags.po");
  const po_message& a = find(po, "a %d");
  EXPECT_TRUE(a.fuzzy);
  EXPECT_THAT(a.flags, ElementsAre("c-format"));
  // Commas or blanks separate flags; repeats are dropped.
  EXPECT_THAT(find(po, "b").flags, ElementsAre("c-format", "no-wrap"));
  // Only the last `#,` line of an entry counts (GNU 0.21 drops the fuzzy flag of this one).
  const po_message& last = find(po, "only the last flag line counts");
  EXPECT_FALSE(last.fuzzy);
  EXPECT_THAT(last.flags, ElementsAre("python-format"));
  EXPECT_THAT(find(po, "%d items").flags, ElementsAre("c-format", "range: 1..5"));
  // Unknown flags are kept (msgcat drops them on output; that is the writer's call).
  EXPECT_THAT(find(po, "unknown").flags, ElementsAre("some-unknown-flag"));
}

TEST(PoReader, FuzzyHeader) {
  po_file po = read_fixture("fuzzy_header.po");
  ASSERT_NE(po.header(), nullptr);
  EXPECT_TRUE(po.header()->fuzzy);
  EXPECT_THAT(po.header()->translator_comments, ElementsAre(" SOME DESCRIPTIVE TITLE."));
}

TEST(PoReader, PreviousFields) {
  po_file po = read_fixture("previous.po");
  const po_message& m = find(po, "new text");
  EXPECT_TRUE(m.fuzzy);
  EXPECT_EQ(m.previous_msgctxt, "old ctx");
  EXPECT_EQ(m.previous_msgid, "old text");
  EXPECT_EQ(m.previous_msgid_plural, "old texts");
  EXPECT_EQ(m.msgctxt, "ctx");
  const po_message& b = find(po, "b");
  EXPECT_FALSE(b.previous_msgctxt.has_value());
  EXPECT_EQ(b.previous_msgid, "multi line");
  EXPECT_FALSE(b.previous_msgid_plural.has_value());
  EXPECT_EQ(find(po, "d").previous_msgid, "no space");
}

TEST(PoReader, ObsoleteEntries) {
  po_file po = read_fixture("obsolete.po");
  ASSERT_EQ(po.messages.size(), 5u);
  EXPECT_FALSE(po.messages[1].obsolete);
  const po_message& dead = po.messages[2];
  EXPECT_TRUE(dead.obsolete);
  EXPECT_EQ(dead.msgid, "dead");
  EXPECT_THAT(dead.msgstr, ElementsAre("mort"));
  EXPECT_EQ(dead.line, 8u);
  EXPECT_EQ(dead.column, 4u);  // "#~ msgid": the keyword's own column
  const po_message& p = po.messages[3];
  EXPECT_TRUE(p.obsolete);
  EXPECT_TRUE(p.fuzzy);
  EXPECT_THAT(p.translator_comments, ElementsAre(" comment of an obsolete entry"));
  EXPECT_EQ(p.previous_msgid, "older");
  EXPECT_EQ(p.msgctxt, "c");
  EXPECT_EQ(p.msgid_plural, "plurals");
  EXPECT_THAT(p.msgstr, ElementsAre("p0", "p1"));
  EXPECT_TRUE(po.messages[4].obsolete);
  EXPECT_EQ(po.messages[4].msgid, "no space");
  // An obsolete entry with an empty msgid is not the header.
  po_file h = parse_ok("#~ msgid \"\"\n#~ msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n");
  EXPECT_EQ(h.header(), nullptr);
}

TEST(PoReader, WhitespaceAndLineBreaksBetweenTokens) {
  po_file po = read_fixture("whitespace.po");
  EXPECT_EQ(find(po, "indented").msgstr[0], "tabs");
  EXPECT_EQ(find(po, "on next line").msgstr[0], "no space");
  EXPECT_THAT(find(po, "p").msgstr, ElementsAre("a", "b", "c"));
  po_file crlf = read_fixture("crlf.po");
  EXPECT_EQ(find(crlf, "a").msgstr[0], "b");
  EXPECT_THAT(find(crlf, "a").translator_comments, ElementsAre(" comment\r"));  // GNU keeps the CR
  EXPECT_EQ(find(read_fixture("no_final_newline.po"), "a").msgstr[0], "b");
}

TEST(PoReader, ByteOrderMarkIsSkipped) {
  po_file po = parse_ok("\xEF\xBB\xBF" + kHeader + "msgid \"a\"\nmsgstr \"b\"\n");
  ASSERT_EQ(po.messages.size(), 2u);
  EXPECT_TRUE(po.messages[0].is_header());
  EXPECT_EQ(po.messages[0].column, 1u);
  auto bad = read_po("\xEF\xBB\xBFmsgid \"a\" ?", "b.po");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().column, 11u);  // columns count from after the mark
}

TEST(PoReader, Utf8Text) {
  po_file po = read_fixture("utf8_scripts.po");
  EXPECT_EQ(find(po, "Hello").msgstr[0], "Привет, 世界, مرحبا, שלום, 🙂");
  EXPECT_EQ(find(po, "café").msgstr[0], "kaffe");
}

TEST(PoReader, FirstCommentAfterTheHeaderIsNotChecked) {
  // GNU reads the token after the header entry before it knows the charset.
  po_file po = read_fixture("comment_invalid_char_after_header.po");
  EXPECT_THAT(find(po, "a").translator_comments, ElementsAre("\xEA, fuzzy"));
  EXPECT_FALSE(find(po, "a").fuzzy);
}

TEST(PoReader, InvalidBytesInCommentsAreKeptAsBytes) {
  // msgcat passes such comments through as bytes, and so do we in UTF-8 files.
  po_file po = read_fixture("comment_invalid_utf8.po");
  EXPECT_THAT(find(po, "a").translator_comments, ElementsAre(" bad byte \xFF here"));
}

struct charset_case {
  const char* file;
  const char* charset;
  const char* msgid;
  const char* msgstr;
};

TEST(PoReader, CharsetsAreConvertedToUtf8) {
  const charset_case cases[] = {
      {"latin1.po", "ISO-8859-1", "Café and café", "Café été"},
      {"iso8859_15.po", "ISO-8859-15", "euro", "€ œ"},
      {"koi8r.po", "KOI8-R", "file", "файл"},
      {"shift_jis.po", "Shift_JIS", "table", "表ソ"},
      {"shift_jis.po", "Shift_JIS", "x", "\"表\""},     // 表 ends in 0x5C, the byte of `\`
      {"shift_jis.po", "Shift_JIS", "katakana", "ｱｲ"},  // single-byte katakana before a quote
      {"euc_jp.po", "EUC-JP", "Japanese", "日本語"},
      {"gb2312.po", "GB2312", "Chinese", "中文"},
      {"big5.po", "BIG5", "permit", "許功"},  // both end in 0x5C
  };
  for (const charset_case& c : cases) {
    SCOPED_TRACE(c.file);
    po_file po = read_fixture(c.file);
    EXPECT_EQ(po.charset, c.charset);
    EXPECT_EQ(find(po, c.msgid).msgstr.at(0), c.msgstr);
  }
  EXPECT_THAT(find(read_fixture("latin1.po"), "Café and café").translator_comments,
              ElementsAre(" Commentaire: é"));
}

// In JOHAB and Shift_JIS iconv reads byte 0x5C as the won or yen sign; the lexer took it as
// the escape character, so `\\` is a backslash in the model, whatever else the string holds,
// and a 0x5C that ends a double-byte character stays part of it.
TEST(PoReader, BackslashStaysABackslashInJohabAndShiftJis) {
  auto with = [](const std::string& cs, const std::string& body) {
    return read_po("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=" + cs + "\\n\"\n\n" + body,
                   "c.po");
  };
  // 안녕 \\ 겦 (겦 is 89 5C) ~, and a comment with a raw backslash among Korean.
  auto johab =
      with("JOHAB", "# \xb4\x65 \\ x\nmsgid \"a\\\\b\"\nmsgstr \"\xb4\x65\x91\x77 \\\\ \x89\x5c ~\"\n");
  ASSERT_TRUE(johab) << johab.error().to_string();
  EXPECT_EQ(johab->messages[1].msgid, "a\\b");
  EXPECT_EQ(johab->messages[1].msgstr[0], "\xec\x95\x88\xeb\x85\x95 \\ \xea\xb2\xa6 ~");
  EXPECT_THAT(johab->messages[1].translator_comments, ElementsAre(" \xec\x95\x88 \\ x"));
  // 表 is 95 5C; `~` too stays itself (iconv reads 0x7E as an overline in Shift_JIS).
  auto sjis = with("SHIFT_JIS", "msgid \"a\"\nmsgstr \"\x95\x5c \\\\ ~\"\n");
  ASSERT_TRUE(sjis) << sjis.error().to_string();
  EXPECT_EQ(sjis->messages[1].msgstr[0], "\xe8\xa1\xa8 \\ ~");
}

TEST(PoReader, CharsetPlaceholderAndMissingCharset) {
  po_file t = read_fixture("charset_template.po");
  EXPECT_EQ(t.charset, "CHARSET");
  EXPECT_THAT(find(t, "Hello").references, ElementsAre(ref("main.c", 3)));
  EXPECT_EQ(read_fixture("no_charset_in_header.po").charset, "UTF-8");
  // Names for UTF-8 other than the canonical one are kept as written.
  po_file u = parse_ok(
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=utf8\\n\"\n\nmsgid \"é\"\nmsgstr \"\"\n");
  EXPECT_EQ(u.charset, "utf8");
  EXPECT_EQ(u.messages[1].msgid, "é");
}

TEST(PoReader, CharsetNames) {
  auto with = [](const std::string& cs, const std::string& body) {
    return read_po("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=" + cs + "\\n\"\n\n" + body,
                   "c.po");
  };
  // Aliases iconv knows are accepted (msgfmt does; msgcat wants GNU's portable names).
  auto latin1 = with("latin1", "msgid \"caf\xE9\"\nmsgstr \"\"\n");
  ASSERT_TRUE(latin1) << latin1.error().to_string();
  EXPECT_EQ(latin1->charset, "latin1");
  EXPECT_EQ(latin1->messages[1].msgid, "café");
  // Names glibc would silently rewrite, and encodings where ASCII is not ASCII, are refused.
  for (const char* bad : {"UTF&8", "", "ISO-2022-JP", "UTF-7", "IBM037", "UTF-32"}) {
    SCOPED_TRACE(bad);
    auto po = with(bad, "msgid \"a\"\nmsgstr \"\"\n");
    if (std::string(bad).empty()) {
      ASSERT_TRUE(po);  // `charset=` with no name: no charset, hence UTF-8
      EXPECT_EQ(po->charset, "UTF-8");
      continue;
    }
    ASSERT_FALSE(po);
    EXPECT_EQ(po.error().code, errc::charset);
  }
}

struct error_case {
  const char* file;
  errc code;
  std::size_t line;
  std::size_t column;
  const char* message;
};

// Each invalid fixture: the error code, position and message.
TEST(PoReader, ErrorsHaveCodePositionAndMessage) {
  const error_case cases[] = {
      {"missing_msgstr.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"missing_msgstr_eof.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"msgstr_index_without_plural.po", errc::syntax, 5, 1, "missing 'msgid_plural' section"},
      {"plural_without_index.po", errc::syntax, 7, 8, "syntax error: expected '['"},
      {"plural_without_msgstr.po", errc::syntax, 5, 1, "missing 'msgstr[0]' section"},
      {"plural_first_index_nonzero.po", errc::syntax, 7, 1, "first plural form has nonzero index"},
      {"plural_index_gap.po", errc::syntax, 8, 1, "plural form has wrong index"},
      {"plural_index_repeated.po", errc::syntax, 8, 1, "plural form has wrong index"},
      {"plural_index_missing_bracket.po", errc::syntax, 7, 10, "syntax error: expected ']'"},
      {"plural_index_negative.po", errc::syntax, 7, 8, "syntax error"},
      {"invalid_escape.po", errc::syntax, 5, 10, "invalid control sequence"},
      {"invalid_escape_question.po", errc::syntax, 5, 10, "invalid control sequence"},
      {"invalid_hex_escape.po", errc::syntax, 5, 11, "invalid control sequence"},
      {"unterminated_string.po", errc::syntax, 5, 9, "end-of-line within string"},
      {"unterminated_string_eof.po", errc::syntax, 6, 10, "end-of-file within string"},
      {"backslash_at_eof.po", errc::syntax, 6, 11, "end-of-file within string"},
      {"invalid_utf8.po", errc::charset, 6, 12, "invalid multibyte sequence"},
      {"truncated_utf8.po", errc::charset, 6, 10, "invalid multibyte sequence"},
      {"invalid_utf8_escape.po", errc::charset, 6, 8, "invalid multibyte sequence"},
      {"invalid_utf8_previous.po", errc::charset, 5, 11, "invalid multibyte sequence"},
      {"invalid_utf8_obsolete.po", errc::charset, 5, 11, "invalid multibyte sequence"},
      {"invalid_euc_jp.po", errc::charset, 6, 9, "invalid multibyte sequence"},
      {"invalid_shift_jis.po", errc::charset, 6, 9, "invalid multibyte sequence"},
      {"unknown_charset.po", errc::charset, 1, 1, "unknown charset \"NO-SUCH-CHARSET-9\""},
      {"charset_template_non_ascii.po", errc::charset, 6, 11, "invalid multibyte sequence"},
      {"no_header_invalid_utf8.po", errc::charset, 1, 11, "invalid multibyte sequence"},
      {"msgctxt_after_msgid.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"msgctxt_without_msgid.po", errc::syntax, 6, 1, "syntax error"},
      {"two_msgids.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"garbage_line.po", errc::syntax, 7, 1, "keyword \"this\" unknown"},
      {"unknown_keyword.po", errc::syntax, 6, 1, "keyword \"msgstring\" unknown"},
      {"string_without_keyword.po", errc::syntax, 1, 1, "syntax error"},
      {"keyword_without_string.po", errc::syntax, 6, 1, "syntax error: expected a string"},
      {"text_after_string.po", errc::syntax, 5, 11, "keyword \"junk\" unknown"},
      {"stray_number.po", errc::syntax, 7, 1, "syntax error"},
      {"stray_bracket.po", errc::syntax, 7, 1, "syntax error"},
      {"stray_character.po", errc::syntax, 7, 1, "syntax error"},
      {"obsolete_inconsistent_msgstr.po", errc::syntax, 6, 1, "inconsistent use of #~"},
      {"obsolete_inconsistent_msgid.po", errc::syntax, 6, 4, "inconsistent use of #~"},
      {"obsolete_inconsistent_continuation.po", errc::syntax, 7, 4, "inconsistent use of #~"},
      {"obsolete_unknown_keyword.po", errc::syntax, 5, 4, "keyword \"foo\" unknown"},
      {"previous_msgstr.po", errc::syntax, 5, 4, "syntax error: expected '#| msgid'"},
      {"previous_msgctxt_only.po", errc::syntax, 6, 1, "syntax error: expected '#| msgid'"},
      {"previous_plural_only.po", errc::syntax, 5, 4, "syntax error: expected '#| msgid'"},
      {"previous_twice.po", errc::syntax, 6, 4, "syntax error"},
      {"previous_wrong_order.po", errc::syntax, 6, 4, "syntax error"},
      {"previous_then_comment.po", errc::syntax, 6, 1, "missing 'msgid' section"},
      {"previous_after_msgid.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"comment_inside_entry.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"comment_after_keyword.po", errc::syntax, 5, 1, "missing 'msgstr' section"},
      {"eot_in_msgid.po", errc::syntax, 5, 9, "context separator <EOT> within string"},
      {"eot_escape_in_msgstr.po", errc::syntax, 6, 10, "context separator <EOT> within string"},
      {"eot_in_msgctxt.po", errc::syntax, 5, 11, "context separator <EOT> within string"},
      {"nul_outside_string.po", errc::syntax, 5, 10, "syntax error"},
      {"bom_garbage_after.po", errc::syntax, 7, 1, "syntax error"},
      // GNU checks the character right after `#` (it tells the comment kinds apart).
      {"comment_invalid_char_after_hash.po", errc::charset, 6, 2, "invalid multibyte sequence"},
      {"comment_incomplete_char_after_hash.po", errc::charset, 8, 2,
       "incomplete multibyte sequence at end of line"},
      {"charset_not_ascii_compatible.po", errc::charset, 1, 1, "charset \"UTF-16\" is not ASCII-compatible"},
      {"charset_garbage_name.po", errc::charset, 1, 1, "unknown charset \"%\""},
  };
  std::size_t fixtures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData + "/po/invalid")) {
    (void)entry;
    ++fixtures;
  }
  EXPECT_EQ(fixtures, std::size(cases)) << "every invalid fixture needs a case here";
  for (const error_case& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string path = kData + "/po/invalid/" + c.file;
    auto po = read_po_file(path);
    ASSERT_FALSE(po.has_value());
    const erli18n::error& e = po.error();
    EXPECT_EQ(e.code, c.code);
    EXPECT_EQ(e.file, path);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    EXPECT_EQ(e.message, c.message);
    EXPECT_EQ(e.to_string(),
              path + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": error: " + c.message);
  }
}

// A file that is not a catalog (a symlink to /etc/hostname in a watched folder) must not see
// its bytes quoted in the error, which goes to logs; a catalog's errors still quote the word.
TEST(PoReader, ErrorsQuoteNothingBeforeTheFirstEntry) {
  for (const char* text : {"myhost\n", "  myhost.example.org\n", "#!/bin/sh\nmyhost --secret\n",
                           "# comment\n\nmyhost msgid \"a\"\nmsgstr \"b\"\n"}) {
    SCOPED_TRACE(text);
    auto po = read_po(text, "hostname.po");
    ASSERT_FALSE(po.has_value());
    EXPECT_EQ(po.error().code, errc::syntax);
    EXPECT_THAT(po.error().to_string(), ::testing::Not(::testing::HasSubstr("myhost")));
    EXPECT_THAT(po.error().to_string(), ::testing::StartsWith("hostname.po:"));
  }
  auto after = read_po(kHeader + "myhost \"x\"\n", "h.po");
  ASSERT_FALSE(after.has_value());
  EXPECT_EQ(after.error().message, "keyword \"myhost\" unknown");
}

TEST(PoReader, EveryValidFixtureReads) {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData + "/po/valid")) {
    if (entry.path().extension() != ".po") continue;
    SCOPED_TRACE(entry.path().string());
    auto po = read_po_file(entry.path().string());
    EXPECT_TRUE(po.has_value()) << po.error().to_string();
    ++n;
  }
  EXPECT_GE(n, 30u);
}

TEST(PoReader, ErrorsInStringsSpanningLines) {
  auto po = read_po(kHeader + "msgid \"\"\n\"ok\"\n\"bad \\z\"\nmsgstr \"\"\n", "s.po");
  ASSERT_FALSE(po);
  EXPECT_EQ(po.error().line, 6u);
  EXPECT_EQ(po.error().column, 7u);
}

TEST(PoReader, ByteLimit) {
  erli18n::po_read_options options;
  options.max_bytes = 10;
  auto po = read_po("msgid \"abc\"\nmsgstr \"\"\n", "big.po", options);
  ASSERT_FALSE(po);
  EXPECT_EQ(po.error().code, errc::limit_exceeded);
  EXPECT_EQ(po.error().file, "big.po");
  EXPECT_THAT(po.error().message, ::testing::HasSubstr("too large"));
  options.max_bytes = 22;
  EXPECT_TRUE(read_po("msgid \"abc\"\nmsgstr \"\"\n", "big.po", options));
}

TEST(PoReader, EntryLimit) {
  std::string text = kHeader;
  for (int i = 0; i < 5; ++i) text += "msgid \"m" + std::to_string(i) + "\"\nmsgstr \"\"\n\n";
  erli18n::po_read_options options;
  options.max_entries = 6;  // the header counts
  EXPECT_TRUE(read_po(text, "e.po", options));
  options.max_entries = 5;
  auto po = read_po(text, "e.po", options);
  ASSERT_FALSE(po);
  EXPECT_EQ(po.error().code, errc::limit_exceeded);
  EXPECT_EQ(po.error().line, 16u);  // the sixth entry's msgid
  options.max_entries = 0;
  auto none = read_po(text, "e.po", options);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, errc::limit_exceeded);
  EXPECT_EQ(none.error().line, 1u);
}

TEST(PoReader, ManyReferencesAndFlagsOnOneLine) {
  // Deduplication must stay linear: 100,000 references, each written twice.
  std::string refs = "#:";
  for (int i = 0; i < 100000; ++i)
    refs += " f" + std::to_string(i % 50000) + ".c:" + std::to_string(i % 50000 % 7);
  std::string flags = "#,";
  for (int i = 0; i < 100000; ++i) flags += " x" + std::to_string(i % 30000) + "-format,";
  po_file po = parse_ok(kHeader + refs + "\n" + flags + " fuzzy\nmsgid \"a\"\nmsgstr \"\"\n");
  const po_message& m = po.messages.at(1);
  ASSERT_EQ(m.references.size(), 50000u);
  EXPECT_EQ(m.references[49999], ref("f49999.c", 49999 % 7));
  ASSERT_EQ(m.flags.size(), 30000u);
  EXPECT_EQ(m.flags[29999], "x29999-format");
  EXPECT_TRUE(m.fuzzy);
}

TEST(PoReader, BadBytesInCommentsOfOtherCharsets) {
  // GNU passes such comments through; we decode what we can and mark the rest with '?',
  // which any charset can write back.
  std::string text =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=EUC-JP\\n\"\n\n# \xC6\xFC \xFF ok\n";
  text += "# " + std::string(100, '\xFF') + "\nmsgid \"a\"\nmsgstr \"\"\n";
  po_file po = parse_ok(text);
  const po_message& m = po.messages.at(1);
  ASSERT_EQ(m.translator_comments.size(), 2u);
  EXPECT_EQ(m.translator_comments[0], " 日 ? ok");
  EXPECT_EQ(m.translator_comments[1], " " + std::string(100, '?'));
}

TEST(PoReader, FileErrors) {
  auto missing = read_po_file(kData + "/po/no-such-file.po");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, errc::io);
  EXPECT_EQ(missing.error().file, kData + "/po/no-such-file.po");
  EXPECT_EQ(missing.error().message, "cannot open: no such file or directory");
  auto dir = read_po_file(kData + "/po");
  ASSERT_FALSE(dir);
  EXPECT_EQ(dir.error().code, errc::io);

  erli18n::po_read_options options;
  options.max_bytes = 16;
  auto big = read_po_file(kData + "/po/valid/simple.po", options);
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().code, errc::limit_exceeded);
}

TEST(PoReader, ReadPoAndReadPoFileAgree) {
  const std::string path = kData + "/po/valid/obsolete.po";
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto a = read_po(text, path);
  auto b = read_po_file(path);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->messages.size(), b->messages.size());
  for (std::size_t i = 0; i < a->messages.size(); ++i) {
    EXPECT_EQ(a->messages[i].msgid, b->messages[i].msgid);
    EXPECT_EQ(a->messages[i].msgstr, b->messages[i].msgstr);
    EXPECT_EQ(a->messages[i].line, b->messages[i].line);
  }
}

TEST(PoReader, TruncatedInputNeverCrashes) {
  // Every prefix of a file exercising most constructs either parses or fails cleanly.
  std::ifstream in(kData + "/po/valid/obsolete.po", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t ok = 0;
  for (std::size_t n = 0; n <= text.size(); ++n) {
    auto po = read_po(std::string_view(text).substr(0, n), "p.po");
    if (po) {
      ++ok;
    } else {
      EXPECT_GT(po.error().line, 0u);
      EXPECT_GT(po.error().column, 0u);
    }
  }
  EXPECT_GT(ok, 0u);
  EXPECT_LT(ok, text.size());
}

}  // namespace

namespace {

TEST(PoReader, BangLineIsAFlagLine) {
  // GNU 0.21 reads `#!` as it reads `#,`: it sets flags and replaces an earlier flag line.
  po_file po = parse_ok(kHeader + std::string("#, c-format\n#! fuzzy\nmsgid \"a\"\nmsgstr \"b\"\n"));
  EXPECT_TRUE(po.messages[1].fuzzy);
  EXPECT_TRUE(po.messages[1].flags.empty());
}

// `domain "NAME"` lines split a file into sections (msgfmt writes NAME.mo for each, msgmerge
// merges each); each section keeps its line numbers for read_po's diagnostics.
TEST(PoReader, DomainDirectivesSplitTheText) {
  const std::string text = "msgid \"a\"\nmsgstr \"A\"\n\ndomain \"second\"\n\nmsgid \"b\"\nmsgstr \"B\"\n" +
                           std::string("domain\t\"third\"\nmsgid \"c\"\nmsgstr \"C\"\n");
  std::vector<erli18n::po_domain_section> sections = erli18n::split_po_domains(text);
  ASSERT_EQ(sections.size(), 3u);
  EXPECT_EQ(sections[0].domain, "");
  EXPECT_EQ(sections[0].directive_line, 0u);
  EXPECT_EQ(sections[0].text, "msgid \"a\"\nmsgstr \"A\"\n\n");
  EXPECT_EQ(sections[1].domain, "second");
  EXPECT_EQ(sections[1].directive_line, 4u);
  EXPECT_EQ(sections[1].text, "\n\n\n\n\nmsgid \"b\"\nmsgstr \"B\"\n");
  EXPECT_EQ(sections[2].domain, "third");
  EXPECT_EQ(sections[2].directive_line, 8u);
  po_file third = parse_ok(sections[2].text);
  ASSERT_EQ(third.messages.size(), 1u);
  EXPECT_EQ(third.messages[0].msgid, "c");
  EXPECT_EQ(third.messages[0].line, 9u);  // the line in the whole file
}

TEST(PoReader, TextWithoutDomainDirectivesIsOneDefaultSection) {
  // `domain` inside a string or not at a line start is no directive.
  const std::string text = "msgid \"domain \\\"x\\\"\"\nmsgstr \"\"\n # domain \"y\"\n";
  std::vector<erli18n::po_domain_section> sections = erli18n::split_po_domains(text);
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_EQ(sections[0].domain, "");
  EXPECT_EQ(sections[0].text, text);
}

TEST(PoReader, DirectiveOnTheFirstLineLeavesAnEmptyDefaultSection) {
  std::vector<erli18n::po_domain_section> sections =
      erli18n::split_po_domains("domain \"d\"\nmsgid \"a\"\nmsgstr \"\"\n");
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_EQ(sections[0].text, "");
  EXPECT_EQ(sections[1].domain, "d");
  EXPECT_EQ(sections[1].directive_line, 1u);
}

}  // namespace
