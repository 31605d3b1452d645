// The lint driver: reads the file, runs the check families of src/lint_*.cc in the order
// their results depend on, and sorts what they found into file order.
#include "erli18n/tools/lint.h"

#include <algorithm>
#include <filesystem>

#include "file_io.h"
#include "lint_context.h"

namespace erli18n {
namespace lint_detail {
namespace {

std::string_view line_at(const context& c, std::size_t line) {
  const std::vector<std::size_t>& starts = c.line_starts();
  const std::size_t begin = starts[line - 1];
  const std::size_t end = line < starts.size() ? starts[line] : c.text.size();
  std::string_view row = c.text.substr(begin, end - begin);
  while (!row.empty() && (row.back() == '\n' || row.back() == '\r')) row.remove_suffix(1);
  return row;
}

std::size_t leading_blanks(std::string_view row) {
  std::size_t i = 0;
  while (i < row.size() && (row[i] == ' ' || row[i] == '\t')) ++i;
  return i;
}

}  // namespace

const std::vector<std::size_t>& context::line_starts() const {
  if (!line_starts_found_) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n' && i + 1 < text.size()) line_starts_.push_back(i + 1);
    line_starts_found_ = true;
  }
  return line_starts_;
}

bool context::checked(const po_message& m) const { return lint_checks_entry(m, options); }

std::pair<std::size_t, std::size_t> context::keyword_position(const po_message& m,
                                                              std::string_view keyword) const {
  for (std::size_t line = m.line; line != 0 && line <= line_starts().size(); ++line) {
    const std::string_view row = line_at(*this, line);
    const std::size_t at = leading_blanks(row);
    const std::string_view rest = row.substr(at);
    if (line > m.line && (rest.substr(0, 6) == "msgid " || rest.substr(0, 6) == "msgid\""))
      break;  // next entry
    if (rest.substr(0, keyword.size()) == keyword) {
      const char after = rest.size() > keyword.size() ? rest[keyword.size()] : ' ';
      if (after == ' ' || after == '\t' || after == '"' || after == '[') return {line, at + 1};
    }
  }
  return {m.line, m.column};
}

std::pair<std::size_t, std::size_t> context::msgstr_position(const po_message& m, std::size_t form) const {
  if (!m.is_plural()) return keyword_position(m, "msgstr");
  return keyword_position(m, "msgstr[" + std::to_string(form) + "]");
}

std::pair<std::size_t, std::size_t> context::field_position(std::string_view name) const {
  const po_message* header = po.header();
  if (header == nullptr) return {0, 0};
  const std::string needle = "\"" + std::string(name) + ":";
  for (std::size_t line = header->line; line != 0 && line <= line_starts().size(); ++line) {
    const std::string_view row = line_at(*this, line);
    if (leading_blanks(row) == row.size()) break;  // the blank line after the header
    if (const std::size_t at = row.find(needle); at != std::string_view::npos) return {line, at + 2};
  }
  return keyword_position(*header, "msgstr");
}

void context::report(std::pair<std::size_t, std::size_t> at, lint_severity severity, std::string check,
                     std::string message, std::string msgfmt_text, std::size_t msgfmt_errors,
                     const po_message* entry) {
  const std::size_t errors = msgfmt_text.empty() ? 0 : msgfmt_errors;
  out.push_back({file, at.first, at.second, severity, std::move(check), std::move(message),
                 std::move(msgfmt_text), errors, entry ? entry->line : 0});
}

std::string context::msgfmt_at(std::size_t line) const { return file + ":" + std::to_string(line) + ": "; }

std::string quote(std::string_view s) {
  constexpr std::size_t shown = 40;
  std::string q = "'";
  for (std::size_t i = 0; i < s.size() && i < shown; ++i)
    q += s[i] == '\n' ? std::string("\\n") : std::string(1, s[i]);
  if (s.size() > shown) q += "...";
  return q + "'";
}

}  // namespace lint_detail

namespace {

// The catalog's locale as its path names it, or "".
std::string locale_from_path(std::string_view file_name) {
  const std::filesystem::path path(file_name);
  const std::filesystem::path parent = path.parent_path();
  if (parent.filename() == "LC_MESSAGES") return parent.parent_path().filename().string();
  return path.stem().string();
}

}  // namespace

bool lint_checks_entry(const po_message& m, const lint_options& options) {
  if (m.obsolete) return false;
  if (m.fuzzy && !options.use_fuzzy && !m.is_header()) return false;
  return !m.msgstr.empty() && !m.msgstr[0].empty();
}

std::vector<lint_diagnostic> lint_po(std::string_view text, std::string_view file_name,
                                     const lint_options& options) {
  std::vector<lint_diagnostic> out;
  result<po_file> po = read_po(text, file_name);
  if (!po) {
    const error& e = po.error();
    out.push_back(
        {std::string(file_name), e.line, e.column, lint_severity::error, "syntax", e.message, {}, 0, 0});
    return out;
  }
  return lint_parsed_po(*po, text, file_name, options);
}

std::vector<lint_diagnostic> lint_parsed_po(const po_file& po, std::string_view text,
                                            std::string_view file_name, const lint_options& options) {
  std::vector<lint_diagnostic> out;
  lint_detail::context c{po, text, std::string(file_name), options, locale_from_path(file_name), {}, out,
                         {}, false};

  // The plural checks come first: c-format and placeholders need the plural usage they
  // compute, and plural-cldr needs the locale check_language reads.
  const bool ours = !options.msgfmt_checks_only;
  const bool header = ours || options.header;
  if (header) lint_detail::check_header(c);
  if (ours) lint_detail::check_language(c);
  if (header) lint_detail::check_plurals(c);
  if (ours) lint_detail::check_plural_cldr(c);
  lint_detail::check_newlines(c);
  if (ours || options.c_format) lint_detail::check_c_format(c);
  if (options.accelerator_mark != 0) lint_detail::check_accelerators(c);
  if (ours) lint_detail::check_placeholders(c);
  if (ours) lint_detail::check_empty_forms(c);
  if (ours && options.check_duplicates) lint_detail::check_duplicates(c);
  // msgfmt's own order is the order of its checks (the header's fields in its order): the
  // msgfmt command sorts by that, from the order they were found in.
  if (!options.msgfmt_checks_only)
    std::stable_sort(out.begin(), out.end(), [](const lint_diagnostic& a, const lint_diagnostic& b) {
      return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
  return out;
}

std::vector<lint_diagnostic> lint_po_file(const std::string& path, const lint_options& options) {
  result<std::string> text = read_whole_file(path);
  if (!text) return {{path, 0, 0, lint_severity::error, "read", text.error().message, {}, false}};
  return lint_po(*text, path, options);
}

std::string to_string(const lint_diagnostic& d) {
  std::string s = d.file;
  if (d.line != 0) s += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
  s += d.severity == lint_severity::error ? ": error: " : ": warning: ";
  return s + d.message + " [" + d.check + "]";
}

}  // namespace erli18n
