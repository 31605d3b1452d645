// Fuzzes `lint_po` on hostile PO text, under each of its options and file names that give or
// withhold a locale. No input may crash, hang or read out of bounds, and each diagnostic must
// be well-formed: its file, a known check, a message, a position inside the text (line 0 for
// the whole file), in file order; an unreadable file gives the reader's error and nothing else.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/tools/lint.h"

namespace {

// The length of each line of `text`, as lint numbers them (a final newline opens no line).
std::vector<std::size_t> line_lengths(std::string_view text) {
  std::vector<std::size_t> lengths;
  std::size_t begin = 0;
  while (true) {
    const std::size_t nl = text.find('\n', begin);
    if (nl == std::string_view::npos) {
      lengths.push_back(text.size() - begin);
      return lengths;
    }
    lengths.push_back(nl - begin);
    if (nl + 1 == text.size()) return lengths;
    begin = nl + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::set<std::string, std::less<>> checks = {
      "header",      "plural-forms", "c-format",   "newlines",    "placeholders",
      "plural-cldr", "language",     "duplicates", "empty-forms", "accelerators"};
  static const char* const names[] = {"fr.po", "pt_BR/LC_MESSAGES/app.po", "messages.pot", "x"};
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view name = names[(size >> 2) % 4];
  erli18n::lint_options options;
  options.check_duplicates = (size & 1) != 0;
  options.use_fuzzy = (size & 2) != 0;

  const std::vector<erli18n::lint_diagnostic> found = erli18n::lint_po(text, name, options);
  const erli18n::result<erli18n::po_file> po = erli18n::read_po(text, name);
  if (!po) {
    const erli18n::error& e = po.error();
    if (found.size() != 1 || found[0].check != "syntax" || found[0].message != e.message ||
        found[0].line != e.line || found[0].column != e.column ||
        found[0].severity != erli18n::lint_severity::error)
      std::abort();
    return 0;
  }
  const std::vector<std::size_t> lines = line_lengths(text);
  std::size_t last_line = 0, last_column = 0;
  for (const erli18n::lint_diagnostic& d : found) {
    if (d.file != name || d.message.empty() || !checks.contains(d.check)) std::abort();
    if (d.line == 0) {
      if (d.column != 0) std::abort();
    } else if (d.line > lines.size() || d.column == 0 || d.column > lines[d.line - 1] + 1) {
      std::abort();
    }
    if (d.line < last_line || (d.line == last_line && d.column < last_column)) std::abort();
    last_line = d.line;
    last_column = d.column;
    if (d.check == "duplicates" && !options.check_duplicates) std::abort();
    if (erli18n::to_string(d).compare(0, name.size(), name) != 0) std::abort();
  }
  return 0;
}
