#include "charset.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace erli18n;

TEST(Charset, RecognisesUtf8Spellings) {
  EXPECT_TRUE(charset::is_utf8("UTF-8"));
  EXPECT_TRUE(charset::is_utf8("utf-8"));
  EXPECT_TRUE(charset::is_utf8("utf8"));
  EXPECT_FALSE(charset::is_utf8("ISO-8859-1"));
}

TEST(Charset, KnowsSystemCharsets) {
  for (const char* name :
       {"ISO-8859-1", "ISO-8859-15", "KOI8-R", "SHIFT_JIS", "EUC-JP", "GB2312", "BIG5", "CP1251"})
    EXPECT_TRUE(charset::is_supported(name)) << name;
  EXPECT_FALSE(charset::is_supported("NO-SUCH-CHARSET"));
}

TEST(Charset, Latin1RoundTrip) {
  std::string latin1 = "caf\xe9";
  auto utf8 = charset::to_utf8(latin1, "ISO-8859-1");
  ASSERT_TRUE(utf8.ok);
  EXPECT_EQ(utf8.text, "caf\xc3\xa9");
  auto back = charset::from_utf8(utf8.text, "ISO-8859-1");
  ASSERT_TRUE(back.ok);
  EXPECT_EQ(back.text, latin1);
}

TEST(Charset, Koi8rToUtf8) {
  auto r = charset::to_utf8("\xf0\xd2\xc9\xd7\xc5\xd4", "KOI8-R");  // "Привет"
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.text, "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82");
}

TEST(Charset, ShiftJisInvalidSequenceReportsOffset) {
  // 0x82 starts a two-byte sequence; 0x20 cannot be its second byte.
  auto r = charset::to_utf8("ab\x82\x20", "SHIFT_JIS");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.error_offset, 2u);
}

TEST(Charset, LongInputGrowsBuffer) {
  std::string latin1(100000, '\xe9');
  auto r = charset::to_utf8(latin1, "ISO-8859-1");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.text.size(), 200000u);
}

// The check reads eight bytes a word and jumps to the first byte past ASCII in it: a bad
// byte, or a good sequence, at every offset of a word, after ASCII and after other sequences.
TEST(Charset, Utf8ValidationAtEveryOffset) {
  for (std::size_t at = 0; at < 40; ++at) {
    for (const char* before :
         {"", "\xc3\xa9", "\xe2\x82\xac", "\xe6\x97\xa5", "\xed\x9f\xbf", "\xf0\x9f\x98\x80"}) {
      std::string text(at, 'a');
      text += before;
      const std::size_t bad_at = text.size();
      EXPECT_EQ(charset::find_invalid_utf8(text + "caf\xc3\xa9 cr\xc3\xa8me " + std::string(at, 'b')),
                std::string_view::npos)
          << at;
      for (const char* bad :
           {"\x80", "\xc3(", "\xc0\xaf", "\xed\xa0\x80", "\xff", "\xe2\x82", "\xe6\x97(", "\xe6(\x97",
            "\xe0\x9f\xbf", "\xed\xa0\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80"}) {
        EXPECT_EQ(charset::find_invalid_utf8(text + bad + std::string(at % 9, 'c')), bad_at)
            << at << " " << bad;
      }
    }
  }
}

TEST(Charset, Utf8Validation) {
  EXPECT_EQ(charset::find_invalid_utf8("plain"), std::string_view::npos);
  EXPECT_EQ(charset::find_invalid_utf8("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"), std::string_view::npos);
  EXPECT_EQ(charset::find_invalid_utf8("ab\xc0\xafz"), 2u);        // overlong
  EXPECT_EQ(charset::find_invalid_utf8("a\xed\xa0\x80"), 1u);      // surrogate
  EXPECT_EQ(charset::find_invalid_utf8("a\xf4\x90\x80\x80"), 1u);  // above U+10FFFF
  EXPECT_EQ(charset::find_invalid_utf8("abc\xe2\x82"), 3u);        // truncated
  EXPECT_EQ(charset::find_invalid_utf8("\x80"), 0u);               // stray continuation
  auto r = charset::to_utf8("ok\xff", "UTF-8");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error_offset, 2u);
}

TEST(Charset, UnrepresentableCharacterFails) {
  auto r = charset::from_utf8("\xe2\x82\xac", "ISO-8859-1");  // euro sign
  EXPECT_FALSE(r.ok);
}

}  // namespace
