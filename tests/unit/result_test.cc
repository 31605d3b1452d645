#include "erli18n/result.h"

#include <gtest/gtest.h>

#include <memory>

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

}  // namespace
