// [duplicates] (opt-in): the same non-empty translation for two different msgids. Often
// right ("Open" the verb and the adjective), sometimes a copy-paste slip that shows the
// user the wrong text, hence a warning and an option.
#include <map>

#include "lint_context.h"

namespace erli18n::lint_detail {

void check_duplicates(context& c) {
  // Translation (all forms, NUL-separated) -> the first entry that has it.
  std::map<std::string, const po_message*> first_with;
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    std::string key;
    for (const std::string& form : m.msgstr) {
      key += form;
      key += '\0';
    }
    auto [it, inserted] = first_with.emplace(std::move(key), &m);
    if (inserted || it->second->msgid == m.msgid) continue;
    const po_message& other = *it->second;
    const auto other_at = c.msgstr_position(other, 0);
    c.report(c.msgstr_position(m, 0), lint_severity::warning, "duplicates",
             "the translation " + quote(m.msgstr[0]) + " of " + quote(m.msgid) +
                 " is also the translation of " + quote(other.msgid) + " at line " +
                 std::to_string(other_at.first));
  }
}

}  // namespace erli18n::lint_detail
