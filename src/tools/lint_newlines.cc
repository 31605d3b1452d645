// [newlines]: msgid, msgid_plural and every msgstr must agree on beginning with `\n` and on
// ending with `\n` — a translation that drops the final newline of a message printed line by
// line glues it to the next one. msgfmt makes this check even without --check.
#include <cstdint>
#include <string>

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
// string that disagrees. Nearly every entry agrees: the names and positions, which scan the
// text, are only worked out for one that does not (msgfmt runs this on every compile).
void check_newlines(context& c) {
  constexpr std::size_t plural_id = SIZE_MAX;  // the msgid_plural, else a msgstr form
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    std::size_t errors = 0, first = 0;
    const char* part = nullptr;
    auto compare = [&](std::size_t which, std::string_view other) {
      const char* found = mismatch(m.msgid, other);
      if (!found) return;
      if (errors++ == 0) {
        part = found;
        first = which;
      }
    };
    if (m.msgid_plural) compare(plural_id, *m.msgid_plural);
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) compare(form, m.msgstr[form]);
    if (errors == 0) continue;
    const std::string name = first == plural_id ? "msgid_plural"
                             : m.is_plural()    ? "msgstr[" + std::to_string(first) + "]"
                                                : "msgstr";
    const auto at = first == plural_id ? c.keyword_position(m, "msgid_plural") : c.msgstr_position(m, first);
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
