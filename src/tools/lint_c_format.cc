// [c-format]: in an entry flagged `c-format`, every translation must make printf read the
// same arguments as the msgid (the msgid_plural in a plural entry): a mismatch makes printf
// read garbage or crash. The rules, established by experiment with `msgfmt --check-format`
// 0.21:
//  - the msgid is parsed first; when it is not a valid format nothing is checked;
//  - a translation that is not a valid format is an error;
//  - the count must match exactly ("strict"), except in a plural entry with two or more
//    forms, for a form the header's rule uses for fewer than 5 of the n in 0..1000, or for
//    every form when the rule is unknown or wrong: there the translation may read fewer
//    arguments (French "un fichier" for n = 1 leaves out %d), never more;
//  - the arguments both read must have the same types, position by position.
#include "c_format.h"
#include "lint_context.h"

namespace erli18n::lint_detail {

void check_c_format(context& c) {
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    bool flagged = false;
    for (const std::string& f : m.flags) flagged = flagged || f == "c-format";
    if (!flagged) continue;
    const std::string_view original = m.msgid_plural ? std::string_view(*m.msgid_plural) : m.msgid;
    const char* original_name = m.msgid_plural ? "msgid_plural" : "msgid";
    const c_format::parsed want = c_format::parse_c_format(original);
    if (!want.valid) continue;
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) {
      const std::string name = m.is_plural() ? "msgstr[" + std::to_string(form) + "]" : "msgstr";
      const auto at = c.msgstr_position(m, form);
      const c_format::parsed got = c_format::parse_c_format(m.msgstr[form]);
      if (!got.valid) {
        c.report(
            at, lint_severity::error, "c-format",
            "the " + name + " is not a valid C format (" + got.reason + "), the " + original_name + " is");
        continue;
      }
      const bool strict =
          !m.is_plural() || m.msgstr.size() == 1 || (form < c.plurals.often.size() && c.plurals.often[form]);
      const std::size_t n_want = want.args.size(), n_got = got.args.size();
      if (strict ? n_got != n_want : n_got > n_want) {
        c.report(at, lint_severity::error, "c-format",
                 "the " + std::string(original_name) + " reads " + std::to_string(n_want) + " argument" +
                     (n_want == 1 ? "" : "s") + ", the " + name + " " + std::to_string(n_got));
        continue;
      }
      for (std::size_t i = 0; i < n_got; ++i) {
        if (want.args[i] == got.args[i]) continue;
        c.report(at, lint_severity::error, "c-format",
                 "argument " + std::to_string(i + 1) + " is " + c_format::describe(want.args[i]) +
                     " in the " + original_name + " but " + c_format::describe(got.args[i]) + " in the " +
                     name);
        break;
      }
    }
  }
}

}  // namespace erli18n::lint_detail
