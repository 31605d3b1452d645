// xgettext's --check syntax checks and --sentence-end (extract_syntax_check.h), and how the
// extractor applies them (extract_options::checks, extract_result::syntax_errors). The
// expectations are GNU xgettext 0.21's findings on the same strings.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "erli18n/tools/extract.h"
#include "extract_syntax_check.h"

namespace erli18n {
namespace {

using extract_detail::run_syntax_check;
using extract_detail::sentence_end_of;

constexpr std::string_view ellipsis = "ASCII ellipsis ('...') instead of Unicode";
constexpr std::string_view space = "space before ellipsis found in user visible strings";

// How many findings `check` has in `text`, all of them `message` when given.
std::size_t count(syntax_check check, std::string_view text, sentence_end type = sentence_end::single_space,
                  std::string_view message = {}) {
  std::vector<std::string> problems;
  run_syntax_check(check, text, type, problems);
  for (const std::string& p : problems)
    if (!message.empty()) {
      EXPECT_EQ(p, message) << text;
    }
  return problems.size();
}

TEST(SyntaxCheck, Names) {
  EXPECT_EQ(parse_syntax_check("ellipsis-unicode"), syntax_check::ellipsis_unicode);
  EXPECT_EQ(parse_syntax_check("space-ellipsis"), syntax_check::space_ellipsis);
  EXPECT_EQ(parse_syntax_check("quote-unicode"), syntax_check::quote_unicode);
  EXPECT_EQ(parse_syntax_check("bullet-unicode"), syntax_check::bullet_unicode);
  EXPECT_FALSE(parse_syntax_check("bogus"));
  EXPECT_FALSE(parse_syntax_check("ellipsis-unicode,quote-unicode"));
  EXPECT_EQ(to_string(syntax_check::bullet_unicode), "bullet-unicode");
  EXPECT_EQ(parse_sentence_end("single-space"), sentence_end::single_space);
  EXPECT_EQ(parse_sentence_end("double-space"), sentence_end::double_space);
  EXPECT_FALSE(parse_sentence_end("triple-space"));
}

TEST(SyntaxCheck, SentenceEnd) {
  char32_t ending = 0;
  EXPECT_EQ(sentence_end_of("One. Two.", sentence_end::single_space, ending), 3U);
  EXPECT_EQ(ending, U'.');
  // Two spaces needed: the first end is the string's.
  EXPECT_EQ(sentence_end_of("One. Two.", sentence_end::double_space, ending), 8U);
  EXPECT_EQ(sentence_end_of("One.  Two.", sentence_end::double_space, ending), 3U);
  // The last of a run of endings, before closing brackets and quotes.
  EXPECT_EQ(sentence_end_of("Why?!) Now", sentence_end::single_space, ending), 4U);
  EXPECT_EQ(ending, U'!');
  // A tab or a newline ends one on its own; after one space, a tab does not.
  EXPECT_EQ(sentence_end_of("a.\tb", sentence_end::double_space, ending), 1U);
  EXPECT_EQ(sentence_end_of("a. \tb", sentence_end::double_space, ending), 5U);     // none
  EXPECT_EQ(sentence_end_of("a.\u00a0b", sentence_end::single_space, ending), 1U);  // a no-break space too
  EXPECT_EQ(sentence_end_of("a.b", sentence_end::single_space, ending), 3U);        // none
  EXPECT_EQ(ending, U'\uFFFD');
}

TEST(SyntaxCheck, EllipsisUnicode) {
  const auto e = syntax_check::ellipsis_unicode;
  EXPECT_EQ(count(e, "Loading...", sentence_end::single_space, ellipsis), 1U);
  EXPECT_EQ(count(e, "Loading ..."), 1U);
  EXPECT_EQ(count(e, "Loading\u2026"), 0U);
  EXPECT_EQ(count(e, "a...b"), 0U);           // not at a sentence's end
  EXPECT_EQ(count(e, "a..."), 1U);            // ...
  EXPECT_EQ(count(e, "a...."), 1U);           // the last three of a run
  EXPECT_EQ(count(e, "What...?"), 1U);        // before another ending
  EXPECT_EQ(count(e, "a... b... c..."), 3U);  // one per sentence
  EXPECT_EQ(count(e, "a... b... c...", sentence_end::double_space), 1U);
  EXPECT_EQ(count(e, "a...) b"), 1U);
  EXPECT_EQ(count(e, "a...) b", sentence_end::double_space), 0U);
  EXPECT_EQ(count(e, "a...\u00bb b"), 0U);  // » closes no sentence
  EXPECT_EQ(count(e, "a...\u201d b"), 1U);  // ” does
}

TEST(SyntaxCheck, SpaceEllipsis) {
  const auto s = syntax_check::space_ellipsis;
  EXPECT_EQ(count(s, "Loading ...", sentence_end::single_space, space), 1U);
  EXPECT_EQ(count(s, "Loading \u2026"), 1U);
  EXPECT_EQ(count(s, "Loading..."), 0U);
  EXPECT_EQ(count(s, "a \u2026!"), 1U);   // a Unicode ellipsis before `!`
  EXPECT_EQ(count(s, "a \u2026."), 0U);   // not before `.`
  EXPECT_EQ(count(s, "a\u2009..."), 1U);  // a thin space is a space
  EXPECT_EQ(count(s, "a\u00a0..."), 0U);  // a no-break space is not
  EXPECT_EQ(count(s, "a. ..."), 1U);      // the space starts the sentence after the first
}

TEST(SyntaxCheck, QuoteUnicode) {
  const auto q = syntax_check::quote_unicode;
  std::vector<std::string> problems;
  run_syntax_check(q, "Say \"hi\" and 'bye' now", sentence_end::single_space, problems);
  EXPECT_EQ(problems, (std::vector<std::string>{"ASCII double quote used instead of Unicode",
                                                "ASCII single quote used instead of Unicode"}));
  EXPECT_EQ(count(q, "don't"), 0U);
  EXPECT_EQ(count(q, "It's 'here'"), 1U);
  EXPECT_EQ(count(q, "press `q' now"), 1U);
  EXPECT_EQ(count(q, "\"\""), 0U);
  EXPECT_EQ(count(q, "\"a\" \"b\""), 2U);
  // Pairs as xgettext 0.21 makes them where quotes mix (measured).
  EXPECT_EQ(count(q, "'a 'b' c"), 0U);   // the second quote ends the first pair unreported
  EXPECT_EQ(count(q, "x'a 'b' c"), 1U);  // a quote inside a word gives way to the next
  EXPECT_EQ(count(q, "\"a 'b' c"), 0U);
  EXPECT_EQ(count(q, "'\" 'a' c"), 0U);
  EXPECT_EQ(count(q, "'`a'"), 0U);
  EXPECT_EQ(count(q, "\"`\""), 1U);
  EXPECT_EQ(count(q, "\t`\" \""), 0U);
  EXPECT_EQ(count(q, "aa'''`'`"), 1U);
}

TEST(SyntaxCheck, BulletUnicode) {
  const auto b = syntax_check::bullet_unicode;
  std::vector<std::string> problems;
  run_syntax_check(b, "Choose:\n- one\n- two", sentence_end::single_space, problems);
  EXPECT_EQ(problems, std::vector<std::string>{"ASCII bullet ('-') instead of Unicode"});
  EXPECT_EQ(count(b, "* a\n* b"), 1U);
  EXPECT_EQ(count(b, "- a\n* b"), 0U);            // a different bullet
  EXPECT_EQ(count(b, "- a"), 0U);                 // one line
  EXPECT_EQ(count(b, "-a\n-b"), 0U);              // no space after
  EXPECT_EQ(count(b, "- a\nx\n- b"), 0U);         // not consecutive
  EXPECT_EQ(count(b, "- a\n  - b"), 0U);          // nested
  EXPECT_EQ(count(b, "- a\n  - b\n- c"), 1U);     // back to the outer list
  EXPECT_EQ(count(b, "\n- a\n- b"), 0U);          // indentation counted across the empty line
  EXPECT_EQ(count(b, "- a\n- b\n- c\n- d"), 1U);  // once per string
}

TEST(SyntaxCheck, Extraction) {
  extract_options o;
  o.checks = {syntax_check::ellipsis_unicode, syntax_check::quote_unicode};
  const std::string source =
      "void f(int n) {\n"
      "  gettext(\"z...\");\n"                                // 2
      "  pgettext(\"ctx...\", \"x\");\n"                      // 3: the context is not checked
      "  ngettext(\"one...\", \"\\\"%d\\\" more...\", n);\n"  // 4
      "  /* xgettext: no-ellipsis-unicode-check */\n"
      "  gettext(\"quiet...\");\n"  // 6
      "  /* xgettext: no-quote-unicode-check */\n"
      "  gettext(\"z...\");\n"  // 8: the last word on z..., reported at its first line
      "}\n";
  result<extract_result> r = extract_text(source, "a.c", o);
  ASSERT_TRUE(r);
  std::vector<std::string> seen;
  for (const extract_warning& e : r->syntax_errors)
    seen.push_back(e.file + ':' + std::to_string(e.line) + ' ' + e.message);
  EXPECT_EQ(seen, (std::vector<std::string>{"a.c:2 ASCII ellipsis ('...') instead of Unicode",
                                            "a.c:4 ASCII ellipsis ('...') instead of Unicode",
                                            "a.c:4 ASCII ellipsis ('...') instead of Unicode",
                                            "a.c:4 ASCII double quote used instead of Unicode"}));
  // Sorted output: in the sorted order; a check-only comment adds no flag.
  o.sort_output = true;
  o.checks = {syntax_check::ellipsis_unicode};
  r = extract_text(source, "a.c", o);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->syntax_errors.size(), 3U);
  EXPECT_EQ(r->syntax_errors[0].line, 4U);  // one... before z...
  EXPECT_EQ(r->syntax_errors[2].line, 2U);
  for (const po_message& m : r->all.messages) EXPECT_TRUE(m.flags.empty() || m.msgid_plural) << m.msgid;
  // No --check: only a comment turns one on.
  r = extract_text("/* xgettext: ellipsis-unicode-check */ gettext(\"a...\"); gettext(\"b...\");", "b.c", {});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->syntax_errors.size(), 1U);
  EXPECT_EQ(r->syntax_errors[0].file, "b.c");
}

}  // namespace
}  // namespace erli18n
