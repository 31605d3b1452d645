// [accelerators]: `msgfmt --check-accelerators=CHAR` (found by experiment with msgfmt 0.21):
// a menu label whose msgid has exactly one accelerator mark ("&File") must keep exactly one
// in its msgstr, or the translated menu has no key, or two; a doubled mark ("&&") is a
// literal one, and a msgid with none or several marks is not checked.
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

std::size_t marks(std::string_view s, char mark) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != mark) continue;
    if (i + 1 < s.size() && s[i + 1] == mark)
      ++i;  // a literal mark
    else
      ++count;
  }
  return count;
}

}  // namespace

void check_accelerators(context& c) {
  const char mark = c.options.accelerator_mark;
  const std::string shown = std::string("'") + mark + "'";
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m) || marks(m.msgid, mark) != 1) continue;
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) {
      const std::size_t found = marks(m.msgstr[form], mark);
      if (found == 1) continue;
      const auto at = c.msgstr_position(m, form);
      if (found == 0)
        c.report(at, lint_severity::error, "accelerators", "the msgstr lacks the accelerator mark " + shown,
                 c.msgfmt_at(c.msgfmt_line(m)) + "msgstr lacks the keyboard accelerator mark " + shown + "\n",
                 1, &m);
      else
        c.report(
            at, lint_severity::error, "accelerators", "the msgstr has several accelerator marks " + shown,
            c.msgfmt_at(c.msgfmt_line(m)) + "msgstr has too many keyboard accelerator marks " + shown + "\n",
            1, &m);
      break;
    }
  }
}

}  // namespace erli18n::lint_detail
