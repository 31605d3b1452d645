// [placeholders]: the `%{name}` placeholders of each translation must be those of its
// msgid and msgid_plural. An extra name is never bound by the code (it prints as written,
// or fails a strict `erli18n::format`); a missing one loses information. As for c-format, a plural
// form the rule uses for few n (form 0 for n = 1) may omit names ("one file").
#include <algorithm>

#include "erli18n/interpolate.h"
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

std::vector<std::string_view> names_in(std::string_view text) {
  std::vector<std::string_view> names;
  for (const placeholder& p : placeholders(text)) names.push_back(p.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::string listed(const std::vector<std::string_view>& names) {
  std::string s;
  for (std::string_view n : names) s += (s.empty() ? "%{" : ", %{") + std::string(n) + "}";
  return s;
}

}  // namespace

void check_placeholders(context& c) {
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !c.checked(m)) continue;
    std::vector<std::string_view> want = names_in(m.msgid);
    if (m.msgid_plural) {
      for (std::string_view n : names_in(*m.msgid_plural)) want.push_back(n);
      std::sort(want.begin(), want.end());
      want.erase(std::unique(want.begin(), want.end()), want.end());
    }
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) {
      // An empty form lacks everything: check_empty_forms says so once, in those words.
      if (m.is_plural() && m.msgstr[form].empty()) continue;
      const std::vector<std::string_view> got = names_in(m.msgstr[form]);
      if (want.empty() && got.empty()) continue;
      std::vector<std::string_view> missing, extra;
      std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
      std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
      const bool may_omit =
          m.is_plural() && m.msgstr.size() > 1 && !(form < c.plurals.often.size() && c.plurals.often[form]);
      if (may_omit) missing.clear();
      const std::string name = m.is_plural() ? "msgstr[" + std::to_string(form) + "]" : "msgstr";
      const auto at = c.msgstr_position(m, form);
      if (!missing.empty())
        c.report(at, lint_severity::error, "placeholders",
                 "the " + name + " lacks " + listed(missing) + " of the msgid");
      if (!extra.empty())
        c.report(at, lint_severity::error, "placeholders",
                 "the " + name + " has " + listed(extra) + ", which the msgid does not have");
    }
  }
}

// [empty-forms]: a translated plural entry (its first form filled in) with a form left empty.
// msgfmt compiles it, and the lookups for the n that pick that form then print nothing.
void check_empty_forms(context& c) {
  for (const po_message& m : c.po.messages) {
    if (m.is_header() || !m.is_plural() || !c.checked(m)) continue;
    for (std::size_t form = 1; form < m.msgstr.size(); ++form)
      if (m.msgstr[form].empty())
        c.report(
            c.msgstr_position(m, form), lint_severity::error, "empty-forms",
            "the msgstr[" + std::to_string(form) + "] is empty (the entry's other forms are translated)");
  }
}

}  // namespace erli18n::lint_detail
