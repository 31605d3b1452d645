// attrib_catalog: msgattrib's selections and changes on small catalogs written as PO text,
// each expectation what GNU msgattrib 0.21 writes for the same input and options
// (tests/parity/msgattrib_gnu.sh compares the two over tests/data/attrib).
#include <gtest/gtest.h>

#include <string>

#include "erli18n/po.h"
#include "erli18n/tools/attrib.h"

namespace erli18n {
namespace {

po_file parse(const std::string& text) {
  result<po_file> po = read_po(text, "t.po");
  EXPECT_TRUE(po.has_value()) << (po ? "" : po.error().to_string());
  return po ? *po : po_file{};
}

std::string run(const std::string& text, const attrib_options& options) {
  result<std::string> bytes = write_po(attrib_catalog(parse(text), options), {.force_po = true});
  EXPECT_TRUE(bytes.has_value());
  return bytes ? *bytes : std::string();
}

const std::string header =
    "msgid \"\"\n"
    "msgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n";

const std::string catalog = header +
                            "\nmsgid \"done\"\nmsgstr \"fait\"\n"
                            "\nmsgid \"todo\"\nmsgstr \"\"\n"
                            "\n#, fuzzy\n#| msgid \"guesss\"\nmsgid \"guess\"\nmsgstr \"devine\"\n"
                            "\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"\"\nmsgstr[1] \"x\"\n"
                            "\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\n";

TEST(Attrib, NoOptionsKeepsEverything) { EXPECT_EQ(run(catalog, {}), catalog); }

TEST(Attrib, TranslatedMeansAFirstFormAndFuzzyOnesCount) {
  EXPECT_EQ(run(catalog, {.translated = true}),
            header +
                "\nmsgid \"done\"\nmsgstr \"fait\"\n"
                "\n#, fuzzy\n#| msgid \"guesss\"\nmsgid \"guess\"\nmsgstr \"devine\"\n"
                "\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\n");
  EXPECT_EQ(run(catalog, {.untranslated = true}),
            header +
                "\nmsgid \"todo\"\nmsgstr \"\"\n\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] "
                "\"\"\nmsgstr[1] \"x\"\n");
}

TEST(Attrib, SelectionsNeverRemoveTheHeader) {
  const std::string fuzzy_header = "#, fuzzy\n" + header;
  EXPECT_EQ(run(fuzzy_header + "\nmsgid \"a\"\nmsgstr \"b\"\n", {.no_fuzzy = true}),
            fuzzy_header + "\nmsgid \"a\"\nmsgstr \"b\"\n");
  EXPECT_EQ(run(catalog, {.translated = true, .untranslated = true}), header);
  EXPECT_EQ(run(catalog, {.only_obsolete = true}), header + "\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\n");
}

TEST(Attrib, SetFuzzyWithPreviousRecordsTranslatedMessagesThatWereNotFuzzy) {
  EXPECT_EQ(run(catalog, {.no_obsolete = true, .set_fuzzy = true, .keep_previous = true}),
            "#, fuzzy\n" + header +
                "\n#, fuzzy\n#| msgid \"done\"\nmsgid \"done\"\nmsgstr \"fait\"\n"
                "\nmsgid \"todo\"\nmsgstr \"\"\n"
                "\n#, fuzzy\n#| msgid \"guesss\"\nmsgid \"guess\"\nmsgstr \"devine\"\n"
                "\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"\"\nmsgstr[1] \"x\"\n");
}

TEST(Attrib, ClearFuzzyEmptyEmptiesOnlyWhatWasFuzzy) {
  EXPECT_EQ(run(catalog, {.only_fuzzy = true, .clear_fuzzy = true, .empty = true}),
            header + "\n#| msgid \"guesss\"\nmsgid \"guess\"\nmsgstr \"\"\n");
  // --empty alone changes nothing.
  EXPECT_EQ(run(catalog, {.empty = true}), catalog);
}

TEST(Attrib, ObsoleteSetAndCleared) {
  EXPECT_EQ(run(catalog, {.set_obsolete = true, .clear_previous = true}),
            header +
                "\n#~ msgid \"done\"\n#~ msgstr \"fait\"\n"
                "\n#, fuzzy\n#~ msgid \"guess\"\n#~ msgstr \"devine\"\n"
                "\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\n");
  EXPECT_EQ(run(catalog, {.only_obsolete = true, .clear_obsolete = true}),
            header + "\nmsgid \"gone\"\nmsgstr \"parti\"\n");
  // Set then cleared, as GNU's applies them.
  EXPECT_EQ(run(catalog, {.set_obsolete = true, .clear_obsolete = true}),
            catalog.substr(0, catalog.find("\n#~")) + "\nmsgid \"gone\"\nmsgstr \"parti\"\n");
}

TEST(Attrib, OnlyFileAndIgnoreFileLimitTheChangesNotTheSelection) {
  attrib_options only{.set_fuzzy = true};
  only.only_file = parse("msgid \"done\"\nmsgstr \"\"\n");
  EXPECT_EQ(run(catalog, only), header +
                                    "\n#, fuzzy\nmsgid \"done\"\nmsgstr \"fait\"\n"
                                    "\nmsgid \"todo\"\nmsgstr \"\"\n"
                                    "\n#, fuzzy\n#| msgid \"guesss\"\nmsgid \"guess\"\nmsgstr \"devine\"\n"
                                    "\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"\"\nmsgstr[1] \"x\"\n"
                                    "\n#~ msgid \"gone\"\n#~ msgstr \"parti\"\n");
  attrib_options ignore{.clear_fuzzy = true};
  ignore.ignore_file = parse("msgid \"guess\"\nmsgstr \"\"\n");
  EXPECT_EQ(run(catalog, ignore), catalog);
  // A context tells two messages apart.
  const std::string contexts =
      header + "\nmsgctxt \"c\"\nmsgid \"a\"\nmsgstr \"x\"\n\nmsgid \"a\"\nmsgstr \"y\"\n";
  attrib_options by_context{.set_fuzzy = true};
  by_context.only_file = parse("msgctxt \"c\"\nmsgid \"a\"\nmsgstr \"\"\n");
  EXPECT_EQ(run(contexts, by_context),
            header + "\n#, fuzzy\nmsgctxt \"c\"\nmsgid \"a\"\nmsgstr \"x\"\n\nmsgid \"a\"\nmsgstr \"y\"\n");
}

TEST(Attrib, SortsAndLocationsAsTheOtherTools) {
  const std::string located =
      header + "\n#: b.c:2 a.c:9\nmsgid \"z\"\nmsgstr \"\"\n\n#: a.c:1\nmsgid \"y\"\nmsgstr \"\"\n";
  EXPECT_EQ(run(located, {.sort_output = true}),
            header + "\n#: a.c:1\nmsgid \"y\"\nmsgstr \"\"\n\n#: b.c:2 a.c:9\nmsgid \"z\"\nmsgstr \"\"\n");
  EXPECT_EQ(run(located, {.add_location = merge_location::never}),
            header + "\nmsgid \"z\"\nmsgstr \"\"\n\nmsgid \"y\"\nmsgstr \"\"\n");
  EXPECT_EQ(run(located, {.sort_by_file = true, .add_location = merge_location::file}),
            header + "\n#: a.c\nmsgid \"y\"\nmsgstr \"\"\n\n#: a.c b.c\nmsgid \"z\"\nmsgstr \"\"\n");
}

}  // namespace
}  // namespace erli18n
