// pseudo_localize and pseudo_catalog (erli18n/tools/pseudo.h): letters accented, text lengthened
// and bracketed, placeholders, printf directives and markup kept over tricky inputs, newlines
// outside the brackets, plural forms as the rule says, and a catalog lint finds nothing in.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "c_format.h"
#include "erli18n/interpolate.h"
#include "erli18n/po.h"
#include "erli18n/tools/lint.h"
#include "erli18n/tools/pseudo.h"

namespace erli18n {
namespace {

TEST(Pseudo, AccentsLengthensAndBrackets) {
  EXPECT_EQ(pseudo_localize("Hello"), "[Ĥéļļö ~~]");  // 5 letters: 35% is 1.75, rounded up
  EXPECT_EQ(pseudo_localize("Save %{count} files as %s"), "[Šáṽé %{count} ƒíļéš áš %s ~~~~]");
  EXPECT_EQ(pseudo_localize("abcdefghijklmnopqrstuvwxyz", 0), "[áƀçðéƒĝĥíĵķļɱñöþǫŕšţûṽŵẋýž]");
  EXPECT_EQ(pseudo_localize("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0), "[ÁƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]");
  EXPECT_EQ(pseudo_localize("Hello", 100), "[Ĥéļļö ~~~~~]");
  // Other bytes stay: digits, punctuation, UTF-8 already there.
  EXPECT_EQ(pseudo_localize("Größe: 42!", 0), "[Ĝŕößé: 42!]");
  EXPECT_EQ(pseudo_localize("42"), "[42]");  // no letter, no padding
}

TEST(Pseudo, NewlinesStayOutsideTheBrackets) {
  EXPECT_EQ(pseudo_localize("\nHi\n", 0), "\n[Ĥí]\n");
  EXPECT_EQ(pseudo_localize("\n\nHi", 0), "\n\n[Ĥí]");
  EXPECT_EQ(pseudo_localize("a\nb\n\n", 0), "[á\nƀ]\n\n");
  EXPECT_EQ(pseudo_localize("\n"), "\n");
  EXPECT_EQ(pseudo_localize(""), "");
}

TEST(Pseudo, KeepsWhatTheProgramFillsAndMarkup) {
  EXPECT_EQ(pseudo_localize("%5.2f%% of %1$s and %2$*3$d, %-10lu %.*s %<PRId64>", 0),
            "[%5.2f%% öƒ %1$s áñð %2$*3$d, %-10lu %.*s %<PRId64>]");
  // `{x}` after `%%` and `{1x}` are brace fields, kept; `{a b}` is none.
  EXPECT_EQ(pseudo_localize("%{a}%{b_2} %%{x} %{1x} %{} %{a b}", 0), "[%{a}%{b_2} %%{x} %{1x} %{} %{á ƀ}]");
  EXPECT_EQ(pseudo_localize("<b>bold</b> <a href=\"x\">link</a><br/> <!-- c -->", 0),
            "[<b>ƀöļð</b> <a href=\"x\">ļíñķ</a><br/> <!-- c -->]");
  EXPECT_EQ(pseudo_localize("&amp; &#169; &#xA9; &File & so", 0), "[&amp; &#169; &#xA9; &Ƒíļé & šö]");
  EXPECT_EQ(pseudo_localize("{0} and {name} {} {not closed", 0), "[{0} áñð {name} {} {ñöţ çļöšéð]");
  EXPECT_EQ(pseudo_localize("a < b > c, 100%", 0), "[á < ƀ > ç, 100%]");  // no tag, a lone %
}

// The placeholders and printf arguments of a text, as the runtime and msgfmt read them.
std::vector<std::string> placeholder_names(std::string_view text) {
  std::vector<std::string> out;
  for (const placeholder& p : placeholders(text)) out.emplace_back(p.name);
  return out;
}

TEST(Pseudo, PlaceholdersAndArgumentsSurviveTrickyInputs) {
  for (std::string_view text : {"%{count} files in %s",
                                "%5.2f%%",
                                "%1$s and %2$s",
                                "%2$s then %1$s",
                                "%%{x} %{1x} %{y}",
                                "100%",
                                "%<PRIu32> bytes",
                                "%-10lu|%*d|%.*s|%#x|%+d|% d",
                                "%{a}%{b}",
                                "%{a}%{a}",
                                "%{count}%{count}s",
                                "%lc%ls%zu%jd",
                                "%%%s%%",
                                "%",
                                "%l",
                                "%{",
                                "%{x",
                                "<%s>",
                                "&%s;",
                                "{%{x}}",
                                "\n%{x}\n",
                                "%{é} %{x}",
                                "%m %n %p"}) {
    const std::string out = pseudo_localize(text);
    EXPECT_EQ(placeholder_names(out), placeholder_names(text)) << text << " -> " << out;
    const c_format::parsed want = c_format::parse_c_format(text);
    const c_format::parsed got = c_format::parse_c_format(out);
    EXPECT_EQ(got.valid, want.valid) << text << " -> " << out;
    EXPECT_TRUE(got.args == want.args) << text << " -> " << out;
    EXPECT_EQ(out.substr(out.find('['), 1), "[") << text;
  }
}

po_file read(const std::string& text) {
  result<po_file> po = read_po(text, "t.pot");
  EXPECT_TRUE(po.has_value()) << (po ? "" : po.error().to_string());
  return po ? *po : po_file{};
}

const std::string pot_text =
    "# SOME DESCRIPTIVE TITLE.\n# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.\n#\n#, fuzzy\nmsgid \"\"\nmsgstr \"\"\n"
    "\"Project-Id-Version: PACKAGE VERSION\\n\"\n\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"\n"
    "\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"\n\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n"
    "\"Language: \\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=CHARSET\\n\"\n"
    "\"Content-Transfer-Encoding: 8bit\\n\"\n\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n\n"
    "#: a.cc:1\n#, c-format\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n\n"
    "msgctxt \"menu\"\nmsgid \"Open %{name}\"\nmsgstr \"\"\n\n"
    "#, fuzzy\n#| msgid \"Old\"\nmsgid \"New\\n\"\nmsgstr \"Alt\\n\"\n\n"
    "#~ msgid \"Gone\"\n#~ msgstr \"Weg\"\n";

TEST(Pseudo, CatalogFormsContextAndHeader) {
  pseudo_options o;
  o.header.translator = "Ada <ada@example.org>";
  o.header.revision_date = "2026-12-01 12:00+0000";
  o.header.year = "2026";
  o.header.project = "app";
  const po_file out = pseudo_catalog(read(pot_text), o);
  ASSERT_EQ(out.messages.size(), 4u);  // the header and three live messages: no obsolete one
  const po_message& plural = out.messages[1];
  EXPECT_EQ(plural.msgstr, (std::vector<std::string>{"[%d ƒíļé ~~]", "[%d ƒíļéš ~~]"}));
  EXPECT_EQ(plural.flags, (std::vector<std::string>{"c-format"}));
  EXPECT_EQ(plural.references.size(), 1u);
  EXPECT_EQ(out.messages[2].msgctxt, "menu");
  EXPECT_EQ(out.messages[2].msgstr, (std::vector<std::string>{"[Öþéñ %{name} ~~]"}));
  EXPECT_FALSE(out.messages[3].fuzzy);  // a catalog's entry: made from its msgid, not fuzzy
  EXPECT_FALSE(out.messages[3].previous_msgid);
  EXPECT_EQ(out.messages[3].msgstr, (std::vector<std::string>{"[Ñéŵ ~~]\n"}));
  const std::string header = out.messages[0].msgstr[0];
  EXPECT_NE(header.find("Language: en_XA\n"), std::string::npos) << header;
  EXPECT_NE(header.find("Plural-Forms: nplurals=2; plural=(n != 1);\n"), std::string::npos) << header;
  EXPECT_NE(header.find("Last-Translator: Ada <ada@example.org>\n"), std::string::npos) << header;
  EXPECT_NE(header.find("charset=UTF-8"), std::string::npos) << header;
  EXPECT_FALSE(out.messages[0].fuzzy);

  // Three forms for Polish (form 0 from the msgid), one for Japanese (from the plural).
  o.locale = "pl";
  o.plural_forms = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);";
  EXPECT_EQ(pseudo_catalog(read(pot_text), o).messages[1].msgstr,
            (std::vector<std::string>{"[%d ƒíļé ~~]", "[%d ƒíļéš ~~]", "[%d ƒíļéš ~~]"}));
  o.locale = "ja";
  o.plural_forms = "nplurals=1; plural=0;";
  EXPECT_EQ(pseudo_catalog(read(pot_text), o).messages[1].msgstr,
            (std::vector<std::string>{"[%d ƒíļéš ~~]"}));
}

TEST(Pseudo, CatalogOfItsOwnOutputIsTheSame) {
  // Made from the msgids, so a second pass over the written catalog changes nothing.
  pseudo_options o;
  o.header.revision_date = "2026-12-01 12:00+0000";
  o.header.year = "2026";
  result<std::string> once = write_po(pseudo_catalog(read(pot_text), o));
  ASSERT_TRUE(once);
  result<std::string> twice = write_po(pseudo_catalog(read(*once), o));
  ASSERT_TRUE(twice);
  EXPECT_EQ(*twice, *once);
}

TEST(Pseudo, LintFindsNothing) {
  pseudo_options o;
  o.header.revision_date = "2026-12-01 12:00+0000";
  o.header.year = "2026";
  o.header.project = "app";
  result<std::string> bytes = write_po(pseudo_catalog(read(pot_text), o));
  ASSERT_TRUE(bytes);
  std::vector<std::string> found;
  for (const lint_diagnostic& d : lint_po(*bytes, "en_XA.po")) found.push_back(to_string(d));
  EXPECT_TRUE(found.empty()) << found[0] << "\n" << *bytes;
  for (std::string_view left : {"FULL NAME", "EMAIL@ADDRESS", "YEAR", "PACKAGE", "SOME DESCRIPTIVE"})
    EXPECT_EQ(bytes->find(left), std::string::npos) << left << "\n" << *bytes;
}

}  // namespace
}  // namespace erli18n
