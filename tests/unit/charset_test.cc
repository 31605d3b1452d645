#include "charset.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include "utf8_blocks.h"

namespace {

using namespace erli18n;

// The offset of the first ill-formed sequence by the Unicode Standard's table of well-formed
// byte sequences (Table 3-7), read one sequence at a time, or npos: the oracle of the tests
// below, written apart from the library's reader.
std::size_t first_ill_formed(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = 1;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c <= 0x7F) {
      len = 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c == 0xE0) {
      len = 3, lo = 0xA0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
      len = 3;
    } else if (c == 0xED) {
      len = 3, hi = 0x9F;
    } else if (c == 0xF0) {
      len = 4, lo = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
      len = 4;
    } else if (c == 0xF4) {
      len = 4, hi = 0x8F;
    } else {
      return i;
    }
    if (len > 1) {
      if (s.size() - i < len) return i;
      const auto second = static_cast<unsigned char>(s[i + 1]);
      if (second < lo || second > hi) return i;
      for (std::size_t k = 2; k < len; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

// find_invalid_utf8 against the oracle, and the block check (where the CPU runs it) alone:
// a block check that took a bad string for good would hide behind nothing.
void expect_as_oracle(std::string_view s) {
  const std::size_t want = first_ill_formed(s);
  ASSERT_EQ(charset::find_invalid_utf8(s), want) << testing::PrintToString(std::string(s));
  if (charset::detail::avx2_usable()) {
    ASSERT_EQ(charset::detail::utf8_valid_avx2(reinterpret_cast<const unsigned char*>(s.data()), s.size()),
              want == std::string_view::npos)
        << testing::PrintToString(std::string(s));
  }
}

// Every sequence of four bytes drawn from each byte class's edges (ASCII, the continuations'
// ranges, every kind of lead byte, the bytes no sequence has), at offsets that put it at
// the start, across a 32-byte block's end, and at the string's end.
TEST(Charset, Utf8ChecksAgreeWithTheStandardOnEveryShortSequence) {
  const unsigned char edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                                 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF};
  for (std::size_t at : {0, 14, 29, 30, 31, 32, 60}) {
    std::string text(at + 4 + 3, 'a');
    for (unsigned char a : edges)
      for (unsigned char b : edges)
        for (unsigned char c : edges)
          for (unsigned char d : edges) {
            text[at] = static_cast<char>(a), text[at + 1] = static_cast<char>(b);
            text[at + 2] = static_cast<char>(c), text[at + 3] = static_cast<char>(d);
            expect_as_oracle(text);                                      // followed by ASCII
            expect_as_oracle(std::string_view(text).substr(0, at + 4));  // at the end
          }
  }
}

// Random texts of valid characters of every length, with a byte changed or not, of every
// length up to a few blocks: sequences cut by block ends and string ends anywhere.
TEST(Charset, Utf8ChecksAgreeWithTheStandardOnRandomText) {
  std::mt19937 random(25);
  const char* characters[] = {"a",
                              " ",
                              "\xc3\xa9",
                              "\xd0\x96",
                              "\xe2\x82\xac",
                              "\xe6\x97\xa5",
                              "\xed\x9f\xbf",
                              "\xee\x80\x80",
                              "\xf0\x9f\x98\x80",
                              "\xf4\x8f\xbf\xbf"};
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const std::size_t length = random() % 140;
    while (text.size() < length) text += characters[random() % std::size(characters)];
    if (round % 2 == 1 && !text.empty()) text[random() % text.size()] = static_cast<char>(random() % 256);
    expect_as_oracle(text);
  }
}

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
