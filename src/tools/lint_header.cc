// [header]: the header fields `msgfmt --check-header` expects, found by experiment with
// msgfmt 0.21: each of these fields that is missing, or still holds the value the POT
// template left in it, is a warning; a catalog without a header entry is an error.
#include <array>
#include <string_view>

#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

struct expected_field {
  std::string_view name;
  std::string_view template_value;  // what xgettext's template holds; "" matches only for Language
  bool has_template_value;
};

constexpr std::array<expected_field, 8> expected_fields{{
    {"Project-Id-Version", "PACKAGE VERSION", true},
    {"PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE", true},
    {"Last-Translator", "FULL NAME <EMAIL@ADDRESS>", true},
    {"Language-Team", "LANGUAGE <LL@li.org>", true},
    {"MIME-Version", "", false},
    {"Content-Type", "text/plain; charset=CHARSET", true},
    {"Content-Transfer-Encoding", "ENCODING", true},
    {"Language", "", true},
}};

}  // namespace

void check_header(context& c) {
  const po_message* header = c.po.header();
  // msgfmt takes a header with an empty msgstr for none.
  if (header == nullptr || header->msgstr.empty() || header->msgstr[0].empty()) {
    // msgfmt's two lines, the second under the first's text; it counts them as one error.
    const std::string lead = "msgfmt: " + c.file + ": ";
    c.report({0, 0}, lint_severity::error, "header", "the catalog has no header entry (msgid \"\")",
             lead + "warning: PO file header missing or invalid\n" + std::string(lead.size(), ' ') +
                 "warning: charset conversion will not work\n");
    return;
  }
  const std::string at_header = c.msgfmt_at(c.msgfmt_line(*header));
  for (const expected_field& f : expected_fields) {
    std::optional<std::string> value = c.po.header_field(f.name);
    if (!value) {
      c.report(c.keyword_position(*header, "msgstr"), lint_severity::warning, "header",
               "the header has no " + std::string(f.name) + " field",
               at_header + "warning: header field '" + std::string(f.name) + "' missing in header\n", 0);
      continue;
    }
    // msgfmt skips one space after the colon and compares the rest of the line.
    std::string_view v = *value;
    if (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    if (f.has_template_value && v == f.template_value)
      c.report(c.field_position(f.name), lint_severity::warning, "header",
               std::string(f.name) + " still holds the template's value" +
                   (v.empty() ? std::string(" (empty)") : " '" + std::string(v) + "'"),
               at_header + "warning: header field '" + std::string(f.name) +
                   "' still has the initial default value\n",
               0);
  }
}

}  // namespace erli18n::lint_detail
