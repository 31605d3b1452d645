// [newlines]: msgid, msgid_plural and every msgstr must agree on beginning with `\n` and on
// ending with `\n` — a translation that drops the final newline of a message printed line by
// line glues it to the next one. msgfmt makes this check even without --check.
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

bool begins_nl(std::string_view s) { return !s.empty() && s.front() == '\n'; }
bool ends_nl(std::string_view s) { return !s.empty() && s.back() == '\n'; }

// Where `other` and the msgid disagree: "begin", "end", or nullptr when they agree.
const char* mismatch(std::string_view msgid, std::string_view other) {
  if (begins_nl(msgid) != begins_nl(other)) return "begin";
  if (ends_nl(msgid) != ends_nl(other)) return "end";
  return nullptr;
}

}  // namespace

// One diagnostic per entry, at its first mismatch; msgfmt prints that one and counts every
// string that disagrees.
void check_newlines(context& c) {
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    std::size_t errors = 0;
    const char* part = nullptr;
    std::string name;
    std::pair<std::size_t, std::size_t> at;
    auto compare = [&](std::string other_name, std::string_view other,
                       std::pair<std::size_t, std::size_t> where) {
      const char* found = mismatch(m.msgid, other);
      if (!found) return;
      if (errors++ == 0) {
        part = found;
        name = std::move(other_name);
        at = where;
      }
    };
    if (m.msgid_plural) compare("msgid_plural", *m.msgid_plural, c.keyword_position(m, "msgid_plural"));
    for (std::size_t form = 0; form < m.msgstr.size(); ++form)
      compare(m.is_plural() ? "msgstr[" + std::to_string(form) + "]" : "msgstr", m.msgstr[form],
              c.msgstr_position(m, form));
    if (errors == 0) continue;
    const bool msgid_has = std::string_view(part) == "begin" ? begins_nl(m.msgid) : ends_nl(m.msgid);
    c.report(at, lint_severity::error, "newlines",
             std::string("the msgid ") + (msgid_has ? "does" : "does not") + " " + part + " with \\n, the " +
                 name + " " + (msgid_has ? "does not" : "does"),
             c.msgfmt_at(c.msgfmt_line(m)) + "'msgid' and '" + name + "' entries do not both " + part +
                 " with '\\n'\n",
             errors, &m);
  }
}

}  // namespace erli18n::lint_detail
