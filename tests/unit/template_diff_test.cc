// diff_templates and friends on small templates written as PO text: each test pins one kind of
// difference (or one thing that must not count as a difference).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/tools/template_diff.h"

namespace erli18n {
namespace {

const std::string header =
    "msgid \"\"\n"
    "msgstr \"\"\n"
    "\"Project-Id-Version: app 1.0\\n\"\n"
    "\"POT-Creation-Date: 2026-11-30 08:00+0000\\n\"\n"
    "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    "\n";

po_file parse(const std::string& text) {
  result<po_file> po = read_po(text, "t.pot");
  EXPECT_TRUE(po.has_value()) << (po ? "" : po.error().to_string());
  return po ? *po : po_file{};
}

po_file pot(const std::string& body) { return parse(header + body); }

template_diff diff(const std::string& committed, const std::string& fresh, bool names_only = false) {
  template_diff_options options;
  options.names_only = names_only;
  return diff_templates(pot(committed), pot(fresh), options);
}

// One singular entry with an empty msgstr: `comments` (whole lines), the context when given,
// then the msgid (no escapes needed in these tests).
std::string entry(std::string_view comments, std::string_view msgid,
                  std::optional<std::string_view> context = std::nullopt) {
  std::string out(comments);
  if (context) out += "msgctxt \"" + std::string(*context) + "\"\n";
  out += "msgid \"" + std::string(msgid) + "\"\nmsgstr \"\"\n\n";
  return out;
}

const std::string hello = entry("#: src/a.cc:12\n", "Hello");
const std::string bye = entry("#: src/b.cc:3\n", "Bye");

TEST(TemplateDiff, EqualTemplatesHaveNoDifference) {
  template_diff d = diff(hello + bye, hello + bye);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(format_template_diff(d, "po/app.pot"), "po/app.pot: up to date\n");
}

TEST(TemplateDiff, CreationDateIsIgnored) {
  po_file committed = pot(hello);
  po_file fresh = parse(
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Project-Id-Version: app 1.0\\n\"\n"
      "\"POT-Creation-Date: 2031-01-01 12:34+0100\\n\"\n"
      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\n" +
      hello);
  EXPECT_TRUE(diff_templates(committed, fresh).empty());
}

TEST(TemplateDiff, AddedMessage) {
  template_diff d = diff(hello, hello + bye);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, template_change_kind::added);
  EXPECT_EQ(d.changes[0].msgid, "Bye");
  ASSERT_EQ(d.changes[0].references.size(), 1u);
  EXPECT_EQ(d.changes[0].references[0].file, "src/b.cc");
  EXPECT_EQ(d.count(template_change_kind::added), 1u);
  EXPECT_EQ(format_template_diff(d, "po/app.pot"),
            "po/app.pot: 1 added\n"
            "  + \"Bye\" (src/b.cc:3)\n");
}

TEST(TemplateDiff, RemovedMessageKeepsItsCommittedReferences) {
  template_diff d = diff(hello + bye, hello);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, template_change_kind::removed);
  EXPECT_EQ(format_template_diff(d, "app.pot"),
            "app.pot: 1 removed\n"
            "  - \"Bye\" (src/b.cc:3)\n");
}

TEST(TemplateDiff, MissingTemplateMeansEverythingAdded) {
  template_diff d = diff_templates(po_file{}, pot(hello + bye));
  EXPECT_EQ(d.count(template_change_kind::added), 2u);
  EXPECT_EQ(d.header_changes, std::vector<std::string>{"no header entry in the committed template"});
}

TEST(TemplateDiff, ContextIsPartOfTheKey) {
  std::string with_context = entry("", "Hello", "menu");
  std::string empty_context = entry("", "Hello", "");
  template_diff d = diff(hello, with_context);
  EXPECT_EQ(d.count(template_change_kind::added), 1u);
  EXPECT_EQ(d.count(template_change_kind::removed), 1u);
  EXPECT_EQ(format_template_diff(d, "t.pot"),
            "t.pot: 1 added, 1 removed\n"
            "  + \"Hello\" [context \"menu\"]\n"
            "  - \"Hello\" (src/a.cc:12)\n");
  // An empty context is not an absent one.
  EXPECT_EQ(diff(hello, empty_context).changes.size(), 2u);
}

TEST(TemplateDiff, ChangedPlural) {
  std::string one =
      "msgid \"%d file\"\n"
      "msgid_plural \"%d files\"\n"
      "msgstr[0] \"\"\n"
      "msgstr[1] \"\"\n"
      "\n";
  std::string other =
      "msgid \"%d file\"\n"
      "msgid_plural \"%d file(s)\"\n"
      "msgstr[0] \"\"\n"
      "msgstr[1] \"\"\n"
      "\n";
  std::string singular = entry("", "%d file");
  template_diff d = diff(one, other);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, template_change_kind::changed);
  EXPECT_EQ(d.changes[0].details, std::vector<std::string>{"msgid_plural \"%d files\" -> \"%d file(s)\""});
  EXPECT_EQ(diff(one, singular).changes[0].details,
            std::vector<std::string>{"msgid_plural \"%d files\" -> (none)"});
}

TEST(TemplateDiff, ChangedReferences) {
  std::string moved = entry("#: src/a.cc:14\n", "Hello");
  template_diff d = diff(hello, moved);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, template_change_kind::changed);
  EXPECT_EQ(format_template_diff(d, "po/app.pot"),
            "po/app.pot: 1 changed\n"
            "  ~ \"Hello\" (src/a.cc:14): references src/a.cc:12 -> src/a.cc:14\n");
}

TEST(TemplateDiff, ReferenceOrderCounts) {
  std::string ab = entry("#: src/a.cc:1 src/b.cc:2\n", "Hello");
  std::string ba = entry("#: src/b.cc:2 src/a.cc:1\n", "Hello");
  EXPECT_EQ(diff(ab, ba).count(template_change_kind::changed), 1u);
  EXPECT_TRUE(diff(ab, ba, true).empty());
}

TEST(TemplateDiff, NamesOnlyIgnoresLineNumbers) {
  std::string moved = entry("#: src/a.cc:99 src/a.cc:120\n", "Hello");
  EXPECT_TRUE(diff(hello, moved, true).empty());
}

TEST(TemplateDiff, NamesOnlyStillSeesFileNames) {
  std::string elsewhere = entry("#: src/c.cc:12\n", "Hello");
  std::string also = entry("#: src/a.cc:12 src/c.cc:1\n", "Hello");
  template_diff d = diff(hello, elsewhere, true);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].details, std::vector<std::string>{"references src/a.cc -> src/c.cc"});
  EXPECT_EQ(diff(hello, also, true).changes[0].details,
            std::vector<std::string>{"references src/a.cc -> src/a.cc src/c.cc"});
}

TEST(TemplateDiff, NamesOnlyStillSeesAddedRemovedAndPlural) {
  template_diff d = diff(hello, bye, true);
  EXPECT_EQ(d.count(template_change_kind::added), 1u);
  EXPECT_EQ(d.count(template_change_kind::removed), 1u);
}

TEST(TemplateDiff, ChangedExtractedComments) {
  std::string commented = entry("#. TRANSLATORS: a greeting\n#: src/a.cc:12\n", "Hello");
  template_diff d = diff(hello, commented);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].details,
            std::vector<std::string>{"extracted comments (none) -> \" TRANSLATORS: a greeting\""});
  EXPECT_EQ(diff(hello, commented, true).changes.size(), 1u);
}

TEST(TemplateDiff, ChangedFlags) {
  std::string flagged = entry("#: src/a.cc:12\n#, c-format\n", "Hello");
  std::string fuzzy = entry("#: src/a.cc:12\n#, fuzzy, c-format\n", "Hello");
  EXPECT_EQ(diff(hello, flagged).changes[0].details, std::vector<std::string>{"flags (none) -> c-format"});
  EXPECT_EQ(diff(flagged, fuzzy).changes[0].details,
            std::vector<std::string>{"flags c-format -> fuzzy, c-format"});
}

TEST(TemplateDiff, SeveralDetailsAreJoined) {
  std::string changed = entry("#. note\n#: src/a.cc:13\n#, c-format\n", "Hello");
  template_diff d = diff(hello, changed);
  EXPECT_EQ(
      format_template_diff(d, "t.pot"),
      "t.pot: 1 changed\n"
      "  ~ \"Hello\" (src/a.cc:13): references src/a.cc:12 -> src/a.cc:13; extracted comments (none) -> "
      "\" note\"; flags (none) -> c-format\n");
}

TEST(TemplateDiff, OrderChange) {
  template_diff d = diff(hello + bye, bye + hello);
  EXPECT_TRUE(d.changes.empty());
  EXPECT_TRUE(d.order_changed);
  EXPECT_EQ(format_template_diff(d, "t.pot"),
            "t.pot: order changed\n"
            "  messages are in a different order\n");
  EXPECT_TRUE(diff(hello + bye, bye + hello, true).empty());
  // Added and removed messages alone do not make an order change.
  EXPECT_FALSE(diff(hello, bye + hello).order_changed);
}

TEST(TemplateDiff, HeaderFieldChange) {
  po_file committed = pot(hello);
  po_file fresh = parse(
      "msgid \"\"\n"
      "msgstr \"\"\n"
      "\"Project-Id-Version: app 1.1\\n\"\n"
      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
      "\"X-Extra: yes\\n\"\n"
      "\n" +
      hello);
  template_diff d = diff_templates(committed, fresh);
  EXPECT_EQ(d.header_changes, (std::vector<std::string>{"Project-Id-Version \"app 1.0\" -> \"app 1.1\"",
                                                        "X-Extra (none) -> \"yes\""}));
  EXPECT_EQ(format_template_diff(d, "t.pot"),
            "t.pot: header changed\n"
            "  header: Project-Id-Version \"app 1.0\" -> \"app 1.1\"\n"
            "  header: X-Extra (none) -> \"yes\"\n");
}

// A header field written twice is compared occurrence by occurrence (found by
// fuzz_template_diff): a template equals itself, and a repeat that comes or goes is a change
// whichever template has it.
TEST(TemplateDiff, RepeatedHeaderField) {
  auto with_fields = [](std::string_view fields) {
    return parse("msgid \"\"\nmsgstr \"\"\n" + std::string(fields) + "\n" + hello);
  };
  po_file twice = with_fields("\"X-Extra: 1\\n\"\n\"X-Extra: 2\\n\"\n");
  po_file once = with_fields("\"X-Extra: 1\\n\"\n");
  EXPECT_TRUE(diff_templates(twice, twice).empty());
  EXPECT_EQ(diff_templates(twice, once).header_changes, std::vector<std::string>{"X-Extra \"2\" -> (none)"});
  EXPECT_EQ(diff_templates(once, twice).header_changes, std::vector<std::string>{"X-Extra (none) -> \"2\""});
  po_file swapped = with_fields("\"X-Extra: 2\\n\"\n\"X-Extra: 1\\n\"\n");
  EXPECT_EQ(diff_templates(twice, swapped).header_changes,
            (std::vector<std::string>{"X-Extra \"1\" -> \"2\"", "X-Extra \"2\" -> \"1\""}));
}

TEST(TemplateDiff, HeaderCommentsAndFlags) {
  po_file committed = pot(hello);
  po_file fresh = parse("# SOME DESCRIPTIVE TITLE.\n#, fuzzy\n" + header + hello);
  EXPECT_EQ(diff_templates(committed, fresh).header_changes,
            (std::vector<std::string>{"comments differ", "flags (none) -> fuzzy"}));
}

TEST(TemplateDiff, ObsoleteEntriesAreNotMessages) {
  std::string obsolete =
      "#~ msgid \"Gone\"\n"
      "#~ msgstr \"\"\n";
  EXPECT_TRUE(diff(hello + obsolete, hello).empty());
}

TEST(TemplateDiff, DuplicateInCommittedIsRemoved) {
  template_diff d = diff(hello + hello, hello);
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, template_change_kind::removed);
}

TEST(TemplateDiff, LongAndSpecialMsgidsAreQuotedAndCut) {
  std::string long_one =
      "msgid \"Line one\\nand a \\\"quoted\\\" tab\\there, then a long tail that goes on and on and on\"\n"
      "msgstr \"\"\n"
      "\n";
  template_diff d = diff("", long_one);
  EXPECT_EQ(format_template_diff(d, "t.pot"),
            "t.pot: 1 added\n"
            "  + \"Line one\\nand a \\\"quoted\\\" tab\\there, then a long tail that goes\"...\n");
}

TEST(TemplateDiff, CutKeepsUtf8CharactersWhole) {
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xC3\xA9";  // é, 2 bytes each
  template_diff d = diff("", "msgid \"" + accents + "\"\nmsgstr \"\"\n\n");
  std::string expected = "t.pot: 1 added\n  + \"" + accents.substr(0, 60) + "\"...\n";
  EXPECT_EQ(format_template_diff(d, "t.pot"), expected);
  template_diff odd = diff("", "msgid \"x" + accents + "\"\nmsgstr \"\"\n\n");
  EXPECT_EQ(format_template_diff(odd, "t.pot"),
            "t.pot: 1 added\n  + \"x" + accents.substr(0, 58) + "\"...\n");
}

TEST(TemplateDiff, ManyReferencesAreCounted) {
  std::string many = entry("#: src/a.cc:1 src/a.cc:2 src/b.cc:3 src/c.cc:4 src/d.cc:5\n", "Hello");
  EXPECT_EQ(format_template_diff(diff(hello, many), "t.pot"),
            "t.pot: 1 changed\n"
            "  ~ \"Hello\" (src/a.cc:1 and 4 more): references -src/a.cc:12 +src/a.cc:1 +src/a.cc:2 "
            "+src/b.cc:3 and 2 "
            "more\n");
}

TEST(TemplateDiff, LongReferenceListsShowWhatChanged) {
  std::string before = entry("#: src/a.cc:1 src/b.cc:2 src/c.cc:3 src/d.cc:4\n", "Hello");
  std::string after = entry("#: src/a.cc:1 src/b.cc:2 src/c.cc:3 src/d.cc:5\n", "Hello");
  std::string reordered = entry("#: src/b.cc:2 src/a.cc:1 src/c.cc:3 src/d.cc:4\n", "Hello");
  EXPECT_EQ(diff(before, after).changes[0].details,
            std::vector<std::string>{"references -src/d.cc:4 +src/d.cc:5"});
  EXPECT_EQ(diff(before, reordered).changes[0].details,
            std::vector<std::string>{"references in another order"});
}

TEST(SameTemplateText, IgnoresOnlyTheCreationDateLine) {
  std::string a = "msgid \"\"\nmsgstr \"\"\n\"POT-Creation-Date: 2026-01-01 00:00+0000\\n\"\n\"X: 1\\n\"\n";
  std::string b = "msgid \"\"\nmsgstr \"\"\n\"POT-Creation-Date: 2027-05-05 10:00+0200\\n\"\n\"X: 1\\n\"\n";
  std::string c = "msgid \"\"\nmsgstr \"\"\n\"POT-Creation-Date: 2027-05-05 10:00+0200\\n\"\n\"X: 2\\n\"\n";
  std::string no_date = "msgid \"\"\nmsgstr \"\"\n\"X: 1\\n\"\n";
  EXPECT_TRUE(same_template_text(a, b));
  EXPECT_FALSE(same_template_text(a, c));
  EXPECT_FALSE(same_template_text(a, no_date));
  EXPECT_TRUE(same_template_text(no_date, no_date));
  EXPECT_FALSE(same_template_text(a, a + "\n"));
}

TEST(MissingMessages, NamesTemplateMessagesTheCatalogLacks) {
  po_file templ = pot(hello + bye + entry("", "Hello", "menu"));
  po_file catalog =
      pot("#, fuzzy\n"
          "msgid \"Hello\"\n"
          "msgstr \"Bonjour\"\n"
          "\n"
          "#~ msgid \"Bye\"\n"
          "#~ msgstr \"Au revoir\"\n");
  std::vector<std::size_t> missing = missing_messages(catalog, templ);
  ASSERT_EQ(missing.size(), 2u);
  EXPECT_EQ(templ.messages[missing[0]].msgid, "Bye");  // obsolete does not count
  EXPECT_EQ(templ.messages[missing[1]].msgctxt, "menu");
  EXPECT_TRUE(missing_messages(templ, templ).empty());
}

}  // namespace
}  // namespace erli18n
