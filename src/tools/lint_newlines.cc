// [newlines]: msgid, msgid_plural and every msgstr must agree on beginning with `\n` and on
// ending with `\n` — a translation that drops the final newline of a message printed line by
// line glues it to the next one. msgfmt makes this check even without --check.
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

bool begins_nl(std::string_view s) { return !s.empty() && s.front() == '\n'; }
bool ends_nl(std::string_view s) { return !s.empty() && s.back() == '\n'; }

// Reports where `other` and the msgid disagree; returns whether they did.
bool compare(context& c, const po_message& m, std::pair<std::size_t, std::size_t> at,
             const std::string& other_name, std::string_view other) {
  const char* part = nullptr;
  if (begins_nl(m.msgid) != begins_nl(other))
    part = "begin";
  else if (ends_nl(m.msgid) != ends_nl(other))
    part = "end";
  if (!part) return false;
  const bool msgid_has = std::string_view(part) == "begin" ? begins_nl(m.msgid) : ends_nl(m.msgid);
  c.report(at, lint_severity::error, "newlines",
           std::string("the msgid ") + (msgid_has ? "does" : "does not") + " " + part + " with \\n, the " +
               other_name + " " + (msgid_has ? "does not" : "does"));
  return true;
}

}  // namespace

void check_newlines(context& c) {
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    if (m.msgid_plural &&
        compare(c, m, c.keyword_position(m, "msgid_plural"), "msgid_plural", *m.msgid_plural))
      continue;
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) {
      const std::string name = m.is_plural() ? "msgstr[" + std::to_string(form) + "]" : "msgstr";
      if (compare(c, m, c.msgstr_position(m, form), name, m.msgstr[form])) break;
    }
  }
}

}  // namespace erli18n::lint_detail
