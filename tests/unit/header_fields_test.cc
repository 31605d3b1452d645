// The one header-field reader (src/base/header_fields.h) and the readers built on it.
#include "header_fields.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace {

using erli18n::field_case;
using erli18n::find_header_field;
using erli18n::raw_header_field;

constexpr std::string_view header =
    "Project-Id-Version: demo 1\n"
    "Language-Team: French <fr@example.org>\n"
    "Language:\t fr\n"
    "content-type: text/plain; charset=UTF-8\n"
    "Language: de\n"
    "Empty:\n"
    "Plural-Forms: nplurals=2; plural=n>1;";  // the last line has no newline

TEST(HeaderFields, FindsTheFirstFieldOfThatName) {
  EXPECT_EQ(find_header_field(header, "Project-Id-Version"), "demo 1");
  EXPECT_EQ(find_header_field(header, "Language"), "fr");  // the first of two; blanks trimmed
  EXPECT_EQ(find_header_field(header, "Plural-Forms"), "nplurals=2; plural=n>1;");
  EXPECT_EQ(find_header_field(header, "Empty"), "");
  EXPECT_EQ(find_header_field(header, "Missing"), std::nullopt);
}

TEST(HeaderFields, ANameIsAWholeFieldName) {
  EXPECT_EQ(find_header_field(header, "Language-"), std::nullopt);  // "Language-Team" is another field
  EXPECT_EQ(find_header_field(header, "Project"), std::nullopt);
  EXPECT_EQ(find_header_field(header, ""), std::nullopt);
  EXPECT_FALSE(erli18n::is_header_field(":x", ""));
  EXPECT_FALSE(erli18n::is_header_field("Language", "Language"));  // no colon
}

// msgfmt -c reports "header field 'Content-Type' missing" for a "content-type:" line (gettext
// 0.21) and glibc finds fields by exact bytes: names compare exactly unless asked otherwise.
TEST(HeaderFields, NamesCompareExactlyAsMsgfmtUnlessCaseIsIgnored) {
  EXPECT_EQ(find_header_field(header, "Content-Type"), std::nullopt);
  EXPECT_EQ(find_header_field(header, "Content-Type", field_case::ignored), "text/plain; charset=UTF-8");
  EXPECT_EQ(find_header_field(header, "LANGUAGE", field_case::ignored), "fr");
  EXPECT_TRUE(erli18n::is_header_field("LANGUAGE: x\n", "Language", field_case::ignored));
  EXPECT_FALSE(erli18n::is_header_field("LANGUAGE: x\n", "Language"));
}

TEST(HeaderFields, TheRawValueIsUntouched) {
  EXPECT_EQ(raw_header_field(header, "Language"), "\t fr");
  EXPECT_EQ(raw_header_field(header, "Project-Id-Version"), " demo 1");
}

// The PO and MO readers answer through the one reader: the same value for the same header.
TEST(HeaderFields, PoAndMoHeadersReadTheSame) {
  const std::string po_text =
      "msgid \"\"\nmsgstr \"\"\n"
      "\"Language:\\t fr\\n\"\n"
      "\"content-type: text/plain; charset=UTF-8\\n\"\n"
      "\"Plural-Forms: nplurals=2; plural=n>1;\\n\"\n"
      "\nmsgid \"a\"\nmsgstr \"b\"\n";
  erli18n::result<erli18n::po_file> po = erli18n::read_po(po_text, "h.po");
  ASSERT_TRUE(po) << po.error().to_string();
  erli18n::result<std::string> bytes = erli18n::compile_mo(*po);
  ASSERT_TRUE(bytes) << bytes.error().to_string();
  erli18n::result<erli18n::mo_catalog> mo =
      erli18n::mo_catalog::from_memory(bytes->data(), bytes->size(), "h.mo");
  ASSERT_TRUE(mo) << mo.error().to_string();
  for (const char* name : {"Language", "Plural-Forms", "Content-Type", "content-type", "Missing", ""}) {
    SCOPED_TRACE(name);
    std::optional<std::string> from_po = po->header_field(name);
    std::optional<std::string_view> from_mo = mo->header_field(name);
    ASSERT_EQ(from_po.has_value(), from_mo.has_value());
    if (from_po) {
      EXPECT_EQ(*from_po, *from_mo);
    }
  }
  EXPECT_EQ(po->header_field("Language"), "fr");
  EXPECT_EQ(po->header_field("Content-Type"), std::nullopt);
}

}  // namespace
