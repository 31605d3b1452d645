// cat_catalogs: msgcat's and msguniq's concatenation. Each expected text is what GNU msgcat or
// msguniq 0.21 writes for the same inputs (tests/parity/msgcat_gnu.sh checks the same
// behaviour against the installed tools over many more inputs).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/tools/cat.h"

namespace erli18n {
namespace {

po_file parse(const std::string& text, const std::string& name) {
  result<po_file> po = read_po(text, name);
  EXPECT_TRUE(po.has_value()) << (po ? "" : po.error().to_string());
  return po ? *po : po_file{};
}

std::string header(const std::string& project) {
  return "msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: " + project +
         "\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";
}

// What msgcat writes for the named inputs (the name is the file's in the #-#-#-#-# lines).
std::string cat(const std::vector<std::pair<std::string, std::string>>& files,
                const cat_options& options = {}) {
  std::vector<cat_input> inputs;
  for (const auto& [name, text] : files) inputs.push_back({parse(text, name), name});
  result<cat_result> out = cat_catalogs(std::move(inputs), options);
  EXPECT_TRUE(out.has_value()) << (out ? "" : out.error().to_string());
  if (!out) return {};
  result<std::string> bytes = write_po(out->catalog);
  EXPECT_TRUE(bytes.has_value());
  return bytes ? *bytes : std::string();
}

TEST(CatCatalogs, DifferingTranslationsAreBlocksAndFuzzy) {
  const std::string a =
      header("p 1") + "#: a.c:1\nmsgid \"m\"\nmsgstr \"A\\n\"\n\nmsgid \"n\"\nmsgstr \"x\"\n";
  const std::string b = header("p 2") + "#: b.c:1\nmsgid \"m\"\nmsgstr \"B\"\n\nmsgid \"n\"\nmsgstr \"x\"\n";
  EXPECT_EQ(cat({{"a.po", a}, {"b.po", b}}),
            "#, fuzzy\n"
            "msgid \"\"\n"
            "msgstr \"\"\n"
            "\"#-#-#-#-#  a.po (p 1)  #-#-#-#-#\\n\"\n"
            "\"Project-Id-Version: p 1\\n\"\n"
            "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "\"#-#-#-#-#  b.po (p 2)  #-#-#-#-#\\n\"\n"
            "\"Project-Id-Version: p 2\\n\"\n"
            "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "\n"
            "#: a.c:1 b.c:1\n"
            "#, fuzzy\n"
            "msgid \"m\"\n"
            "msgstr \"\"\n"
            "\"#-#-#-#-#  a.po (p 1)  #-#-#-#-#\\n\"\n"
            "\"A\\n\"\n"
            "\"#-#-#-#-#  b.po (p 2)  #-#-#-#-#\\n\"\n"
            "\"B\"\n"
            "\n"
            "msgid \"n\"\n"
            "msgstr \"x\"\n");
}

TEST(CatCatalogs, OnlyTranslatedInstancesCount) {
  // a translates "m"; b has it fuzzy and "u" untranslated: b's "m" is left out (its comment and
  // reference too), and both count once, so --more-than=1 keeps neither.
  const std::string a = header("p") + "#: a.c:1\nmsgid \"m\"\nmsgstr \"t\"\n\nmsgid \"u\"\nmsgstr \"\"\n";
  const std::string b =
      header("p") +
      "# note\n#: b.c:1\n#, fuzzy\nmsgid \"m\"\nmsgstr \"f\"\n\n#: b.c:2\nmsgid \"u\"\nmsgstr \"U\"\n";
  EXPECT_EQ(cat({{"a.po", a}, {"b.po", b}}),
            header("p") + "#: a.c:1\nmsgid \"m\"\nmsgstr \"t\"\n\n#: b.c:2\nmsgid \"u\"\nmsgstr \"U\"\n");
  cat_options more;
  more.more_than = 1;
  more.lang = "de";
  // The header always stays, alone: nothing is written without --force-po.
  EXPECT_EQ(cat({{"a.po", a}, {"b.po", b}}, more), "");
}

TEST(CatCatalogs, CommentsFlagsAndObsolete) {
  const std::string a = header("p") +
                        "# x\n#, no-c-format, range: 1..5\nmsgid \"f\"\nmsgstr \"t\"\n\n"
                        "#~ msgid \"o\"\n#~ msgstr \"t\"\n\n"
                        "#, possible-c-format, no-wrap\nmsgid \"g\"\nmsgstr \"t\"\n";
  const std::string b = header("p") +
                        "#, c-format, range: 2..9\nmsgid \"f\"\nmsgstr \"t\"\n\n"
                        "msgid \"o\"\nmsgstr \"t\"\n\n"
                        "#, possible-c-format\nmsgid \"g\"\nmsgstr \"t\"\n";
  EXPECT_EQ(
      cat({{"a.po", a}, {"c.po", b}}),
      header("p") +
          "# #-#-#-#-#  a.po (p)  #-#-#-#-#\n# x\n#, c-format, range: 1..9\nmsgid \"f\"\nmsgstr \"t\"\n\n"
          "msgid \"o\"\nmsgstr \"t\"\n\n"
          "#, no-wrap\nmsgid \"g\"\nmsgstr \"t\"\n");
  // --use-first: each message as its first input has it, obsolete included.
  cat_options first;
  first.use_first = true;
  EXPECT_EQ(cat({{"a.po", a}, {"c.po", b}}, first),
            header("p") +
                "# x\n#, no-c-format, range: 1..5\nmsgid \"f\"\nmsgstr \"t\"\n\n"
                "#, c-format, no-wrap\nmsgid \"g\"\nmsgstr \"t\"\n\n"
                "#~ msgid \"o\"\n#~ msgstr \"t\"\n");
}

TEST(CatCatalogs, DuplicatesInOneInput) {
  const std::string dup =
      header("u") + "msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"b\"\nmsgstr \"B\"\n\nmsgid \"a\"\nmsgstr \"2\"\n";
  std::vector<cat_input> inputs;
  inputs.push_back({parse(dup, "dup.po"), "dup.po"});
  result<cat_result> refused = cat_catalogs(inputs);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().to_string(), "dup.po:12:1: error: duplicate message definition");
  // msguniq combines them; --repeated keeps only them.
  cat_options uniq;
  uniq.merge_duplicates = true;
  uniq.more_than = 1;
  EXPECT_EQ(cat({{"dup.po", dup}}, uniq), header("u") +
                                              "#, fuzzy\nmsgid \"a\"\nmsgstr \"\"\n"
                                              "\"#-#-#-#-#  dup.po (u)  #-#-#-#-#\\n\"\n\"1\\n\"\n"
                                              "\"#-#-#-#-#  dup.po (u)  #-#-#-#-#\\n\"\n\"2\"\n");
}

TEST(CatCatalogs, Charsets) {
  const std::string latin1 =
      "msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: L\\n\"\n\"Content-Type: text/plain; "
      "charset=ISO-8859-1\\n\"\n\n"
      "msgid \"cafe\"\nmsgstr \"caf\xe9\"\n";
  // Inputs that agree keep their charset; others make UTF-8, with a warning.
  std::vector<cat_input> inputs;
  inputs.push_back({parse(latin1, "l.po"), "l.po"});
  inputs.push_back({parse(header("u") + "msgid \"x\"\nmsgstr \"y\"\n", "u.po"), "u.po"});
  result<cat_result> mixed = cat_catalogs(inputs);
  ASSERT_TRUE(mixed.has_value());
  EXPECT_EQ(mixed->catalog.charset, "UTF-8");
  ASSERT_EQ(mixed->warnings.size(), 1u);
  EXPECT_NE(
      mixed->catalog.messages[0].msgstr[0].find("#-#-#-#-#  l.po (L)  #-#-#-#-#\nProject-Id-Version: L\n"
                                                "Content-Type: text/plain; charset=UTF-8\n"),
      std::string::npos);
  cat_options to;
  to.to_code = "latin1";
  result<cat_result> refused = cat_catalogs(inputs, to);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().message, "target charset \"latin1\" is not a portable encoding name");
  // The name as msgcat spells it, in every header (utf-8 too).
  to.to_code = "iso_8859-1";
  result<cat_result> converted = cat_catalogs({inputs[1]}, to);
  ASSERT_TRUE(converted.has_value());
  EXPECT_EQ(converted->catalog.header_field("Content-Type"), "text/plain; charset=ISO-8859-1");
  EXPECT_TRUE(converted->warnings.empty());
  to.to_code = "utf-8";
  std::vector<cat_input> lower;
  lower.push_back(
      {parse("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=utf-8\\n\"\n", "l.po"), "l.po"});
  result<cat_result> spelled = cat_catalogs(lower, to);
  ASSERT_TRUE(spelled.has_value());
  EXPECT_EQ(spelled->catalog.header_field("Content-Type"), "text/plain; charset=UTF-8");
  result<cat_result> kept = cat_catalogs(lower);
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->catalog.header_field("Content-Type"), "text/plain; charset=utf-8");
}

TEST(CatCatalogs, PluralAndSingularOfOneMsgid) {
  // msgcat writes the first input's form and fails: the msgid is used with and without a plural.
  std::vector<cat_input> inputs;
  inputs.push_back({parse("msgid \"m\"\nmsgstr \"t\"\n", "s.po"), "s.po"});
  inputs.push_back(
      {parse("msgid \"m\"\nmsgid_plural \"ms\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n", "p.po"), "p.po"});
  result<cat_result> out = cat_catalogs(inputs);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->problems, std::vector<std::string>{"msgid 'm' is used without plural and with plural."});
  EXPECT_EQ(*write_po(out->catalog),
            "#, fuzzy\nmsgid \"m\"\nmsgstr \"\"\n\"#-#-#-#-#  s.po  #-#-#-#-#\\n\"\n\"t\\n\"\n"
            "\"#-#-#-#-#  p.po  #-#-#-#-#\\n\"\n\"x\"\n");
}

TEST(CatCatalogs, HeaderWhereFirstSeen) {
  // After the messages of an input without a header, as msgcat writes it.
  EXPECT_EQ(
      cat({{"n.po", "msgid \"x\"\nmsgstr \"y\"\n"}, {"a.po", header("p") + "msgid \"z\"\nmsgstr \"w\"\n"}}),
      "msgid \"x\"\nmsgstr \"y\"\n\n" + header("p") + "msgid \"z\"\nmsgstr \"w\"\n");
}

TEST(CatCatalogs, UntranslatedMessages) {
  // No fuzzy mark without a translation, the header's included; an obsolete one is dropped,
  // after it counted (--more-than=1 keeps "m", defined live in the other input).
  const std::string a =
      "#, fuzzy\nmsgid \"\"\nmsgstr \"\"\n\n#~ msgid \"m\"\n#~ msgstr \"\"\n\n"
      "#, fuzzy\n#~ msgid \"o\"\n#~ msgstr \"\"\n\n#, fuzzy\nmsgid \"e\"\nmsgstr \"\"\n";
  const std::string b = "msgid \"m\"\nmsgstr \"\"\n\nmsgid \"e\"\nmsgstr \"\"\n";
  EXPECT_EQ(cat({{"a.po", a}}), "msgid \"\"\nmsgstr \"\"\n\nmsgid \"e\"\nmsgstr \"\"\n");
  // A header --lang fills is no longer untranslated: it keeps its mark.
  cat_options lang;
  lang.lang = "de";
  EXPECT_EQ(cat({{"a.po", a}}, lang),
            "#, fuzzy\nmsgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"e\"\nmsgstr \"\"\n");
  cat_options more;
  more.more_than = 1;
  EXPECT_EQ(cat({{"a.po", a}, {"b.po", b}}, more),
            "msgid \"\"\nmsgstr \"\"\n\nmsgid \"m\"\nmsgstr \"\"\n\nmsgid \"e\"\nmsgstr \"\"\n");
}

TEST(CatCatalogs, LanguageField) {
  cat_options lang;
  lang.lang = "pt_BR";
  EXPECT_EQ(cat({{"a.po", header("p") + "msgid \"x\"\nmsgstr \"y\"\n"}}, lang),
            "msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: p\\n\"\n\"Language: pt_BR\\n\"\n"
            "\"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"x\"\nmsgstr \"y\"\n");
}

}  // namespace
}  // namespace erli18n
