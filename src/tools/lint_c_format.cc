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
#include <charconv>

#include "c_format.h"
#include "lint_context.h"

namespace erli18n::lint_detail {
namespace {

// The smallest argument number above `after` that `s` reads as `%N$`.
std::size_t next_numbered_argument(std::string_view s, std::size_t after) {
  std::size_t best = 0;
  for (std::size_t at = s.find('%'); at != std::string_view::npos; at = s.find('%', at + 1)) {
    std::size_t number = 0;
    const char* end = s.data() + s.size();
    auto [stop, ec] = std::from_chars(s.data() + at + 1, end, number);
    if (ec == std::errc{} && stop != end && *stop == '$' && number > after && (best == 0 || number < best))
      best = number;
  }
  return best;
}

// msgfmt's sentence for why `s` is not a valid format, from the parser's reason; the
// parser's own words where the two are not known to match.
std::string msgfmt_reason(std::string_view s, const std::string& reason) {
  constexpr std::string_view directive = "directive ";
  if (reason.starts_with(directive)) {
    const std::size_t colon = reason.find(": ");
    const std::string number = reason.substr(directive.size(), colon - directive.size());
    const std::string what = colon == std::string::npos ? std::string() : reason.substr(colon + 2);
    if (what.ends_with("' is not a conversion") && what.starts_with('\''))
      return "In the directive number " + number + ", the character " + what.substr(0, what.size() - 20) +
             " is not a valid conversion specifier.";
    if (what == "the string ends inside it") return "The string ends in the middle of a directive.";
  }
  constexpr std::string_view never_used = "argument ";
  if (reason.starts_with(never_used) && reason.ends_with(" is never used, but a later one is")) {
    std::size_t unused = 0;
    std::from_chars(reason.data() + never_used.size(), reason.data() + reason.size(), unused);
    return "The string refers to argument number " + std::to_string(next_numbered_argument(s, unused)) +
           " but ignores argument number " + std::to_string(unused) + ".";
  }
  if (reason == "numbered and unnumbered arguments are mixed")
    return "The string refers to arguments both through absolute argument numbers and through unnumbered "
           "argument specifications.";
  return reason;
}

}  // namespace

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
    const std::string at_entry = c.msgfmt_at(c.msgfmt_line(m));
    for (std::size_t form = 0; form < m.msgstr.size(); ++form) {
      const std::string name = m.is_plural() ? "msgstr[" + std::to_string(form) + "]" : "msgstr";
      const auto at = c.msgstr_position(m, form);
      const c_format::parsed got = c_format::parse_c_format(m.msgstr[form]);
      if (!got.valid) {
        c.report(
            at, lint_severity::error, "c-format",
            "the " + name + " is not a valid C format (" + got.reason + "), the " + original_name + " is",
            at_entry + "'" + name + "' is not a valid C format string, unlike '" + original_name +
                "'. Reason: " + msgfmt_reason(m.msgstr[form], got.reason) + "\n",
            1, &m);
        continue;
      }
      const bool strict =
          !m.is_plural() || m.msgstr.size() == 1 || (form < c.plurals.often.size() && c.plurals.often[form]);
      const std::size_t n_want = want.args.size(), n_got = got.args.size();
      if (strict ? n_got != n_want : n_got > n_want) {
        // Our own checks say an empty form is empty ([empty-forms]), once; msgfmt's counts it here.
        if (m.msgstr[form].empty() && !c.options.msgfmt_checks_only) continue;
        c.report(at, lint_severity::error, "c-format",
                 "the " + std::string(original_name) + " reads " + std::to_string(n_want) + " argument" +
                     (n_want == 1 ? "" : "s") + ", the " + name + " " + std::to_string(n_got),
                 at_entry + "number of format specifications in '" + original_name + "' and '" + name +
                     "' does not match\n",
                 1, &m);
        continue;
      }
      for (std::size_t i = 0; i < n_got; ++i) {
        if (want.args[i] == got.args[i]) continue;
        c.report(at, lint_severity::error, "c-format",
                 "argument " + std::to_string(i + 1) + " is " + c_format::describe(want.args[i]) +
                     " in the " + original_name + " but " + c_format::describe(got.args[i]) + " in the " +
                     name,
                 at_entry + "format specifications in '" + original_name + "' and '" + name +
                     "' for argument " + std::to_string(i + 1) + " are not the same\n",
                 1, &m);
        break;
      }
    }
  }
}

}  // namespace erli18n::lint_detail
