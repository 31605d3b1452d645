// lint_context.h — what the lint checks (src/lint_*.cc) share: the parsed file, its text
// for positions, the entries msgfmt would check, and the list diagnostics go to.
#ifndef ERLI18N_LINT_CONTEXT_H
#define ERLI18N_LINT_CONTEXT_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/tools/lint.h"

namespace erli18n::lint_detail {

/// Where each plural form is used, from the header's rule: `often[j]` when the rule picks
/// form j for at least 5 of the n in 0..1000 (msgfmt's test for "infinitely many n").
/// Empty when the plural checks found an error or the header has no rule.
struct plural_usage {
  std::vector<bool> often;
};

struct context {
  const po_file& po;
  std::string_view text;
  std::string file;
  lint_options options;
  std::string locale;  ///< from the Language header or the path; may be ""
  plural_usage plurals;
  std::vector<lint_diagnostic>& out;
  // line_starts()'s cache, read through it only.
  mutable std::vector<std::size_t> line_starts_{};
  mutable bool line_starts_found_ = false;

  /// The byte offset of each line of `text`, found on first use: only a finding needs a
  /// position, and a catalog without findings (msgfmt runs these checks on each compile)
  /// is not scanned for them.
  const std::vector<std::size_t>& line_starts() const;

  /// Whether msgfmt checks the entry: not obsolete, translated, not fuzzy (unless use_fuzzy).
  bool checked(const po_message& m) const;
  /// 1-based line and column of the first line of the entry at or after its msgid that
  /// starts (after blanks) with `keyword` (e.g. "msgstr", "msgstr[1]"); the msgid's when none.
  std::pair<std::size_t, std::size_t> keyword_position(const po_message& m, std::string_view keyword) const;
  /// The position of the msgstr (or msgstr[form] of a plural entry).
  std::pair<std::size_t, std::size_t> msgstr_position(const po_message& m, std::size_t form) const;
  /// 1-based position of header field `name` (the first letter of `"Name:`), or the header's
  /// msgstr when not found.
  std::pair<std::size_t, std::size_t> field_position(std::string_view name) const;

  /// Adds a diagnostic; `msgfmt_text` is what msgfmt prints for it, counted as
  /// `msgfmt_errors` errors, about `entry` if it is an entry's (lint_diagnostic).
  void report(std::pair<std::size_t, std::size_t> at, lint_severity severity, std::string check,
              std::string message, std::string msgfmt_text = {}, std::size_t msgfmt_errors = 1,
              const po_message* entry = nullptr);
  /// `file:LINE: `, the start of a msgfmt line.
  std::string msgfmt_at(std::size_t line) const;
  /// The line msgfmt reports an entry's problems at: its first msgstr's.
  std::size_t msgfmt_line(const po_message& m) const { return msgstr_position(m, 0).first; }
};

/// `s` quoted for a message, cut at 40 bytes.
std::string quote(std::string_view s);

// One function per check family, each in its src/lint_<family>.cc.
void check_header(context& c);
void check_plurals(context& c);  // also fills c.plurals
void check_plural_cldr(context& c);
void check_language(context& c);  // also sets c.locale from the header
void check_newlines(context& c);
void check_c_format(context& c);
void check_placeholders(context& c);
void check_empty_forms(context& c);
void check_duplicates(context& c);
void check_accelerators(context& c);

}  // namespace erli18n::lint_detail

#endif  // ERLI18N_LINT_CONTEXT_H
