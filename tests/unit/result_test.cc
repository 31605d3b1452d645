#include "erli18n/result.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

namespace {

using erli18n::errc;
using erli18n::error;
using erli18n::result;

TEST(ErrorToString, FullPosition) {
  error e{errc::syntax, "missing 'msgstr' section", "fr.po", 12, 5};
  EXPECT_EQ(e.to_string(), "fr.po:12:5: error: missing 'msgstr' section");
}

TEST(ErrorToString, DropsUnknownParts) {
  EXPECT_EQ((error{errc::io, "cannot open", "x.po", 0, 0}).to_string(), "x.po: error: cannot open");
  EXPECT_EQ((error{errc::syntax, "bad", "x.po", 3, 0}).to_string(), "x.po:3: error: bad");
  EXPECT_EQ((error{errc::invalid_argument, "bad width", "", 0, 0}).to_string(), "error: bad width");
}

TEST(Result, HoldsValue) {
  result<int> r = 42;
  ASSERT_TRUE(r);
  EXPECT_TRUE(r.has_value());
  EXPECT_EQ(*r, 42);
}

TEST(Result, HoldsError) {
  result<int> r = error{errc::limit_exceeded, "too many entries", "a.po", 1, 1};
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, errc::limit_exceeded);
  EXPECT_EQ(r.error().message, "too many entries");
}

TEST(Result, MovesOutMoveOnlyValue) {
  result<std::unique_ptr<int>> r = std::make_unique<int>(7);
  std::unique_ptr<int> p = std::move(r).value();
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(*p, 7);
}

TEST(Result, VoidSuccessAndFailure) {
  result<void> ok;
  EXPECT_TRUE(ok);
  result<void> bad = error{errc::io, "disk full", "", 0, 0};
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "disk full");
}

// Reading the wrong alternative stops the program with the error's text in every build: this
// binary is built RelWithDebInfo (NDEBUG) in the normal build, where an assert would vanish
// and the read would be undefined behaviour.
TEST(ResultDeathTest, ValueOnAnErrorAbortsWithTheMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  result<std::string> r = error{errc::limit_exceeded, "too many entries", "a.po", 3, 7};
  const char* expected = "erli18n: result::value\\(\\) on an error: a.po:3:7: error: too many entries";
  EXPECT_DEATH((void)r.value(), expected);
  EXPECT_DEATH((void)std::as_const(r).value(), expected);
  EXPECT_DEATH((void)std::move(r).value(), expected);
  EXPECT_DEATH((void)*r, expected);
  EXPECT_DEATH((void)r->size(), expected);
  EXPECT_DEATH((void)std::as_const(r)->size(), expected);
}

TEST(ResultDeathTest, ErrorOnAValueAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  result<int> r = 42;
  EXPECT_DEATH((void)r.error(), "erli18n: result::error\\(\\) on a value");
  EXPECT_DEATH((void)std::move(r).error(), "erli18n: result::error\\(\\) on a value");
  result<void> ok;
  EXPECT_DEATH((void)ok.error(), "erli18n: result::error\\(\\) on a value");
}

}  // namespace
