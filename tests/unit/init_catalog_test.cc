// msginit_catalog and its tables: the header msginit 0.21 --no-translator writes for templates
// with and without a header, with fields missing or reordered, and the catalog names, language
// names, plural forms and projects it finds (each expectation what GNU msginit writes;
// tests/parity/msginit_gnu.sh compares the two over tests/data/init and many locales).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "erli18n/po.h"
#include "erli18n/tools/init.h"
#include "erli18n/tools/lint.h"
#include "temp_dir.h"

namespace erli18n {
namespace {

std::string run(const std::string& pot_text, const msginit_options& options) {
  result<po_file> pot = read_po(pot_text, "t.pot");
  EXPECT_TRUE(pot.has_value()) << (pot ? "" : pot.error().to_string());
  if (!pot) return {};
  result<std::string> bytes = write_po(msginit_catalog(*pot, options), {.force_po = true});
  EXPECT_TRUE(bytes.has_value());
  return bytes ? *bytes : std::string();
}

const std::string standard_template =
    "# SOME DESCRIPTIVE TITLE.\n"
    "# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER\n"
    "# This file is distributed under the same license as the PACKAGE package.\n"
    "# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.\n"
    "#\n"
    "#, fuzzy\n"
    "msgid \"\"\n"
    "msgstr \"\"\n"
    "\"Project-Id-Version: PACKAGE VERSION\\n\"\n"
    "\"Report-Msgid-Bugs-To: \\n\"\n"
    "\"POT-Creation-Date: 2024-01-01 12:00+0000\\n\"\n"
    "\"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n\"\n"
    "\"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n\"\n"
    "\"Language-Team: LANGUAGE <LL@li.org>\\n\"\n"
    "\"Language: \\n\"\n"
    "\"MIME-Version: 1.0\\n\"\n"
    "\"Content-Type: text/plain; charset=CHARSET\\n\"\n"
    "\"Content-Transfer-Encoding: 8bit\\n\"\n"
    "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n"
    "\n"
    "msgid \"one\"\n"
    "msgid_plural \"many\"\n"
    "msgstr[0] \"\"\n"
    "msgstr[1] \"\"\n";

TEST(MsginitCatalog, FillsGnusStandardTemplate) {
  EXPECT_EQ(run(standard_template, {.locale = "pl_PL.UTF-8",
                                    .project_name = "hello",
                                    .project_version = "2.10",
                                    .year = "2026",
                                    .locale_charset = "UTF-8"}),
            "# Polish translations for hello package.\n"
            "# Copyright (C) 2026 THE hello'S COPYRIGHT HOLDER\n"
            "# This file is distributed under the same license as the hello package.\n"
            "# Automatically generated, 2026.\n"
            "#\n"
            "msgid \"\"\n"
            "msgstr \"\"\n"
            "\"Project-Id-Version: hello 2.10\\n\"\n"
            "\"Report-Msgid-Bugs-To: \\n\"\n"
            "\"POT-Creation-Date: 2024-01-01 12:00+0000\\n\"\n"
            "\"PO-Revision-Date: 2024-01-01 12:00+0000\\n\"\n"
            "\"Last-Translator: Automatically generated\\n\"\n"
            "\"Language-Team: none\\n\"\n"
            "\"Language: pl\\n\"\n"
            "\"MIME-Version: 1.0\\n\"\n"
            "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "\"Content-Transfer-Encoding: 8bit\\n\"\n"
            "\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 \"\n"
            "\"|| n%100>=20) ? 1 : 2);\\n\"\n"
            "\n"
            "msgid \"one\"\n"
            "msgid_plural \"many\"\n"
            "msgstr[0] \"\"\n"
            "msgstr[1] \"\"\n"
            "msgstr[2] \"\"\n");
}

TEST(MsginitCatalog, FieldsReplacedInPlaceOrAddedAfterTheOthers) {
  const std::string pot =
      "msgid \"\"\nmsgstr \"\"\n"
      "\"X-Gen: a\\n\"\n"
      "\"Language-Team: French <fr@li.org>\\n\"\n"
      "\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n"
      "\"POT-Creation-Date: 2019-05-05 10:00+0200\\n\"\n"
      "\"Project-Id-Version: kept 1\\n\"\n"
      "\nmsgid \"x\"\nmsgid_plural \"xs\"\nmsgstr[0] \"a\"\nmsgstr[1] \"\"\n"
      "\n#~ msgid \"old\"\n#~ msgstr \"o\"\n";
  // No Plural-Forms for a language msginit's table lacks; filled plural forms are kept.
  EXPECT_EQ(run(pot, {.locale = "ar", .year = "2026"}),
            "msgid \"\"\nmsgstr \"\"\n"
            "\"X-Gen: a\\n\"\n"
            "\"Language-Team: none\\n\"\n"
            "\"Content-Type: text/plain; charset=ASCII\\n\"\n"
            "\"POT-Creation-Date: 2019-05-05 10:00+0200\\n\"\n"
            "\"Project-Id-Version: kept 1\\n\"\n"
            "\"PO-Revision-Date: 2019-05-05 10:00+0200\\n\"\n"
            "\"Last-Translator: Automatically generated\\n\"\n"
            "\"Language: ar\\n\"\n"
            "\"MIME-Version: 1.0\\n\"\n"
            "\"Content-Transfer-Encoding: 8bit\\n\"\n"
            "\nmsgid \"x\"\nmsgid_plural \"xs\"\nmsgstr[0] \"a\"\nmsgstr[1] \"\"\n"
            "\n#~ msgid \"old\"\n#~ msgstr \"o\"\n");
}

TEST(MsginitCatalog, ATemplateWithoutHeaderGetsOne) {
  EXPECT_EQ(run("msgid \"x\"\nmsgstr \"\"\n", {.locale = "de", .project_name = "e", .project_version = "1"}),
            "msgid \"\"\nmsgstr \"\"\n"
            "\"Project-Id-Version: e 1\\n\"\n"
            "\"Last-Translator: Automatically generated\\n\"\n"
            "\"Language-Team: none\\n\"\n"
            "\"Language: de\\n\"\n"
            "\"MIME-Version: 1.0\\n\"\n"
            "\"Content-Type: text/plain; charset=ASCII\\n\"\n"
            "\"Content-Transfer-Encoding: 8bit\\n\"\n"
            "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
            "\nmsgid \"x\"\nmsgstr \"\"\n");
}

// msginit converts no text: it writes the template's bytes under the catalog's charset,
// leaving out of the strings what is no character there (with a warning, "invalid multibyte
// sequence"; exit 0) and the comments' bytes as they are. msginit 0.21 -l de (ASCII: de is not
// installed) and -l C.UTF-8 on this template, cut from the one msgunfmt makes of af/bash.mo.
TEST(MsginitCatalog, TheTemplatesBytesUnderTheCatalogsCharset) {
  const std::string pot =
      "# Afrikaans vir bash, l\xea"
      "er\n"
      "msgid \"\"\nmsgstr \"\"\n"
      "\"Project-Id-Version: bash 2.0\\n\"\n"
      "\"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n"
      "\n#. r\xeal\n"
      "msgid \"%s: cannot execute binary file\"\n"
      "msgstr \"%s: kan nie 'n bin\xeare l\xea"
      "er uitvoer nie\"\n";
  const auto expected = [](const std::string& charset, const std::string& translation) {
    return "# Afrikaans vir bash, l\xea"
           "er\n"
           "msgid \"\"\nmsgstr \"\"\n"
           "\"Project-Id-Version: bash 2.0\\n\"\n"
           "\"Content-Type: text/plain; charset=" +
           charset +
           "\\n\"\n"
           "\"Last-Translator: Automatically generated\\n\"\n"
           "\"Language-Team: none\\n\"\n"
           "\"Language: de\\n\"\n"
           "\"MIME-Version: 1.0\\n\"\n"
           "\"Content-Transfer-Encoding: 8bit\\n\"\n"
           "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
           "\n#. r\xeal\n"
           "msgid \"%s: cannot execute binary file\"\n"
           "msgstr \"%s: kan nie 'n " +
           translation + " uitvoer nie\"\n";
  };
  EXPECT_EQ(run(pot, {.locale = "de", .locale_charset = "ASCII"}), expected("ASCII", "binre ler"));
  EXPECT_EQ(run(pot, {.locale = "de", .locale_charset = "UTF-8"}), expected("UTF-8", "binre ler"));
  // In a charset where they are characters (Latin-2's e with ogonek), the same bytes.
  EXPECT_EQ(run(pot, {.locale = "de", .locale_charset = "ISO-8859-2"}), expected("ISO-8859-2",
                                                                                 "bin\xeare l\xea"
                                                                                 "er"));
  // A template naming no charset holds UTF-8: in ASCII its other bytes are left out too.
  EXPECT_EQ(run("msgid \"x\"\nmsgstr \"sch\xc3\xb6n\"\n",
                {.locale = "de", .project_name = "e", .project_version = "1"}),
            "msgid \"\"\nmsgstr \"\"\n"
            "\"Project-Id-Version: e 1\\n\"\n"
            "\"Last-Translator: Automatically generated\\n\"\n"
            "\"Language-Team: none\\n\"\n"
            "\"Language: de\\n\"\n"
            "\"MIME-Version: 1.0\\n\"\n"
            "\"Content-Type: text/plain; charset=ASCII\\n\"\n"
            "\"Content-Transfer-Encoding: 8bit\\n\"\n"
            "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
            "\nmsgid \"x\"\nmsgstr \"schn\"\n");
}

TEST(MsginitCatalog, AnEmptyTemplateGivesAnEmptyCatalog) { EXPECT_EQ(run("", {.locale = "de"}), ""); }

TEST(MsginitCatalog, EnglishMessagesAreTheirOwnTranslation) {
  const std::string out =
      run("msgid \"a\"\nmsgstr \"\"\n\nmsgid \"b\"\nmsgstr \"kept\"\n"
          "\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
          "\nmsgid \"q\"\nmsgid_plural \"qs\"\nmsgstr[0] \"\"\n"
          "\n#~ msgid \"o\"\n#~ msgstr \"\"\n",
          {.locale = "en_GB", .project_name = "e", .project_version = "1"});
  EXPECT_EQ(out.substr(out.find("msgid \"a\"")),
            "msgid \"a\"\nmsgstr \"a\"\n\nmsgid \"b\"\nmsgstr \"kept\"\n"
            "\nmsgid \"p\"\nmsgid_plural \"ps\"\nmsgstr[0] \"p\"\nmsgstr[1] \"ps\"\n"
            "\nmsgid \"q\"\nmsgid_plural \"qs\"\nmsgstr[0] \"\"\n"
            "\n#~ msgid \"o\"\n#~ msgstr \"o\"\n");
}

TEST(MsginitCatalog, CommentPlaceholdersAndThePackageOfTheVersionField) {
  const std::string pot =
      "# YEAR PACKAGE SOME DESCRIPTIVE TITLE. FIRST AUTHOR <EMAIL@ADDRESS>, YEAR. FIRST AUTHOR\n"
      "#, fuzzy, c-format\n"
      "msgid \"\"\nmsgstr \"Project-Id-Version: GNU hello 1.2\\n\"\n";
  const std::string out = run(pot, {.locale = "x_Y", .year = "1999"});
  EXPECT_EQ(out.substr(0, out.find('\n', out.find('\n') + 1) + 1),
            "# 1999 GNU hello Language x translations for GNU hello package. Automatically generated, 1999. "
            "FIRST AUTHOR\n#, c-format\n");
}

TEST(MsginitCatalog, CatalogNames) {
  EXPECT_EQ(msginit_catalog_name("de_DE"), "de");
  EXPECT_EQ(msginit_catalog_name("de_DE.UTF-8"), "de");
  EXPECT_EQ(msginit_catalog_name("de_AT"), "de_AT");
  EXPECT_EQ(msginit_catalog_name("pt_BR"), "pt_BR");
  EXPECT_EQ(msginit_catalog_name("pt_PT"), "pt");
  EXPECT_EQ(msginit_catalog_name("en_US"), "en_US");
  EXPECT_EQ(msginit_catalog_name("de_DE.ISO-8859-1@euro"), "de_DE@euro");
  EXPECT_EQ(msginit_catalog_name("sr@latin"), "sr@latin");
  EXPECT_EQ(msginit_catalog_name("C.UTF-8"), "C");
}

TEST(MsginitCatalog, LanguageNamesAndPluralForms) {
  EXPECT_EQ(msginit_language_name("nb"), "Norwegian Bokmal");
  EXPECT_EQ(msginit_language_name("ast"), "Asturian");
  EXPECT_EQ(msginit_language_name("xx"), std::nullopt);
  EXPECT_EQ(msginit_plural_forms("pt_BR"), "nplurals=2; plural=(n > 1);");
  EXPECT_EQ(msginit_plural_forms("pt"), "nplurals=2; plural=(n != 1);");
  EXPECT_EQ(msginit_plural_forms("ja"), "nplurals=1; plural=0;");
  EXPECT_EQ(msginit_plural_forms("sr@latin"), msginit_plural_forms("sr"));
  EXPECT_EQ(msginit_plural_forms("ar"), std::nullopt);
  EXPECT_EQ(msginit_plural_forms("zh_CN"), std::nullopt);
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(MsginitCatalog, ProjectOfAFolder) {
  test_support::temp_dir tmp;
  const std::filesystem::path root = std::filesystem::path(tmp.root()) / "plain";
  std::filesystem::create_directories(root / "hello-2.10" / "po");
  std::filesystem::create_directories(root / "conf" / "po");
  std::filesystem::create_directories(root / "gnu" / "i18n");
  write_file(root / "conf" / "configure", "PACKAGE_NAME='tool'\nPACKAGE_VERSION='3.1'\n");
  write_file(root / "gnu" / "configure", "PACKAGE_NAME=\n PACKAGE=gt\n VERSION=\n");
  write_file(root / "gnu" / "README", "GNU gt does things\n");
  auto project = [](const std::filesystem::path& p) {
    msginit_project_id id = msginit_project(p.string());
    return id.name + "|" + id.version;
  };
  EXPECT_EQ(project(root / "hello-2.10" / "po"), "hello|2.10");
  EXPECT_EQ(project(root / "conf" / "po"), "tool|3.1");
  EXPECT_EQ(project(root / "gnu" / "i18n"), "GNU gt|");
}

// `erli18n init`'s header (init_catalog with an init_header): every field and comment the
// template leaves as a placeholder is filled, so lint --werror has nothing to say.
TEST(InitCatalog, HeaderFilledForLint) {
  result<po_file> pot = read_po(standard_template, "app.pot");
  ASSERT_TRUE(pot);
  init_header fill;
  fill.translator = "Ada Lovelace <ada@example.org>";
  fill.project = "app 1.2";
  fill.revision_date = "2026-12-01 22:40+0000";
  fill.year = "2026";
  result<std::string> bytes =
      write_po(init_catalog(*pot, "pl",
                            "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
                            "n%100>=20) ? 1 : 2);",
                            fill));
  ASSERT_TRUE(bytes);
  const std::string head = bytes->substr(0, bytes->find("msgid \"one\""));
  EXPECT_EQ(head,
            "# Polish translations for app package.\n"
            "# Copyright (C) 2026 THE app'S COPYRIGHT HOLDER\n"
            "# This file is distributed under the same license as the app package.\n"
            "# Ada Lovelace <ada@example.org>, 2026.\n"
            "#\n"
            "msgid \"\"\n"
            "msgstr \"\"\n"
            "\"Project-Id-Version: app 1.2\\n\"\n"
            "\"Report-Msgid-Bugs-To: \\n\"\n"
            "\"POT-Creation-Date: 2024-01-01 12:00+0000\\n\"\n"
            "\"PO-Revision-Date: 2026-12-01 22:40+0000\\n\"\n"
            "\"Last-Translator: Ada Lovelace <ada@example.org>\\n\"\n"
            "\"Language-Team: none\\n\"\n"
            "\"Language: pl\\n\"\n"
            "\"MIME-Version: 1.0\\n\"\n"
            "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
            "\"Content-Transfer-Encoding: 8bit\\n\"\n"
            "\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 \"\n"
            "\"|| n%100>=20) ? 1 : 2);\\n\"\n"
            "\n");
  EXPECT_EQ(lint_po(*bytes, "pl.po").size(), 0u);
}

}  // namespace
}  // namespace erli18n
