// One `%{}` grammar: what `placeholders` lists (lint's check, extract's erli18n-format flag)
// is exactly what interpolation substitutes, and what erli18n/checked.h finds at compile
// time, over the fuzz corpus of fuzz_interpolate and a few hand-made templates.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "cpp_lexer.h"
#include "erli18n/checked.h"
#include "erli18n/interpolate.h"

namespace {

// The templates: each corpus input up to its first NUL (fuzz_interpolate's split), and more.
std::vector<std::string> templates() {
  std::vector<std::string> out = {"",
                                  "%",
                                  "%%",
                                  "%{",
                                  "%{}",
                                  "%{x",
                                  "%{x}",
                                  "%%{x}",
                                  "%%%{x}",
                                  "%{%{x}}",
                                  "%{1x}",
                                  "%{x y}",
                                  "%{_}",
                                  "a%{b}c%{d}e",
                                  "%{x}%{x}",
                                  "100%% %{n}%",
                                  "%{\xC3\xA9}",
                                  "%{" + std::string(256, 'n') + "}",
                                  "%{" + std::string(257, 'n') + "}"};
  const std::filesystem::path corpus =
      std::filesystem::path(ERLI18N_TEST_DATA) / "../../fuzz/corpus/fuzz_interpolate";
  std::size_t read = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    out.push_back(bytes.substr(0, bytes.find('\0')));
    ++read;
  }
  EXPECT_GE(read, 10u) << "the corpus of fuzz_interpolate went missing: " << corpus;
  return out;
}

// Interpolation with every listed name bound substitutes each listed placeholder and nothing
// else; strict interpolation with no binding stops at the first listed one.
TEST(PlaceholderGrammar, ListingAndInterpolationAgree) {
  for (const std::string& text : templates()) {
    SCOPED_TRACE(text.substr(0, 80));
    const std::vector<erli18n::placeholder> found = erli18n::placeholders(text);
    if (found.size() > erli18n::max_substitutions || text.size() > erli18n::max_interpolated_output / 2)
      continue;
    if (std::count(text.begin(), text.end(), '\x01') != 0) continue;  // the marker below
    std::vector<erli18n::arg> args;
    for (const erli18n::placeholder& p : found) {
      EXPECT_EQ(text.compare(p.offset, 2, "%{"), 0);
      EXPECT_EQ(text.compare(p.offset + 2 + p.name.size(), 1, "}"), 0);
      args.push_back({p.name, "\x01"});
    }
    erli18n::result<std::string> all = erli18n::interpolate(text, erli18n::arg_list(args.data(), args.size()),
                                                            erli18n::interpolation_mode::strict);
    ASSERT_TRUE(all) << all.error().message;
    EXPECT_EQ(static_cast<std::size_t>(std::count(all->begin(), all->end(), '\x01')), found.size());
    erli18n::result<std::string> none = erli18n::interpolate(text, {}, erli18n::interpolation_mode::strict);
    if (found.empty()) {
      EXPECT_TRUE(none);
    } else {
      ASSERT_FALSE(none);
      EXPECT_EQ(none.error().message, "missing binding '" + std::string(found.front().name) + "'");
    }
  }
}

// extract flags a message erli18n-format exactly when the runtime would see a placeholder in it
// (it had a grammar of its own, which took a name over max_placeholder_name for one).
TEST(PlaceholderGrammar, ExtractFlagsWhatTheRuntimeSubstitutes) {
  for (const std::string& text : templates()) {
    SCOPED_TRACE(text.substr(0, 80));
    EXPECT_EQ(erli18n::detail::has_erli18n_placeholder(text), !erli18n::placeholders(text).empty());
  }
}

// erli18n/checked.h reads the grammar at compile time with a constexpr copy of its own (a
// C++17 header cannot share compiled code): it must find the same names, each once, in order.
TEST(PlaceholderGrammar, CheckedCallsReadTheSameNames) {
  for (const std::string& text : templates()) {
    SCOPED_TRACE(text.substr(0, 80));
    std::vector<std::string_view> runtime;
    for (const erli18n::placeholder& p : erli18n::placeholders(text))
      if (std::find(runtime.begin(), runtime.end(), p.name) == runtime.end()) runtime.push_back(p.name);
    erli18n::checked::name_list compile_time;
    erli18n::checked::add_placeholders(text, compile_time);
    if (runtime.size() > erli18n::checked::name_list::capacity) {
      EXPECT_FALSE(compile_time.valid);
      continue;
    }
    ASSERT_TRUE(compile_time.valid);
    EXPECT_EQ(std::vector<std::string_view>(compile_time.items, compile_time.items + compile_time.size),
              runtime);
  }
}

}  // namespace
