// The PO reader: one pass over the bytes, GNU `msgcat` acceptance.
//
// The grammar, as the GNU tools accept it (found by experiment with gettext 0.21):
//   - Tokens may be separated by any whitespace, newlines included, and several strings may
//     follow a keyword on one line; `msgstr[ 0 ]` is three tokens after the keyword.
//   - `#` starts a comment anywhere on a line. `#~` and `#|` are not comments but prefixes:
//     the rest of the line is lexed as tokens of an obsolete, respectively previous, entry
//     (`#~|` both). `#!` lines are flag lines, like `#,`. A comment ends the entry being read, so comments
//     only come before the keywords of an entry.
//   - A string ends at the closing quote on the same line. A NUL byte, raw or escaped,
//     truncates that string segment (GNU builds C strings). <EOT> (the msgctxt separator in
//     MO files) is refused in every string.
//   - Only the last `#,` (or `#!`) line of an entry counts; flags are separated by commas or whitespace
//     and `range:` takes the next word as its value.
//   - Comments other than `#|` are kept as bytes by GNU even when they are not valid in the
//     charset. So are they here in UTF-8 files; in other charsets a byte that does not
//     convert becomes `?` (the model is UTF-8), the one place normalize differs from msgcat.
//
// Charsets: the charset is declared inside the header entry, which is read before it is
// known. The first entry is therefore parsed once byte-wise (the header is ASCII in every
// charset GNU supports, bar the odd translator name); the file is then parsed for real: as
// UTF-8 when it is (validated up front, with an ASCII fast path, so the common case does no
// per-string checks), otherwise after converting the whole file to UTF-8 with iconv — which
// also keeps Shift_JIS and Big5 trail bytes that equal `\` from being taken for escapes.
//
// The reader's parts: po_parser.h (the parser class and tokens), po_lexer.cc (the lexer),
// po_entry.cc (entries, comments, flags, references), po_charset.cc (UTF-8 checks, declared
// charsets); this file holds the entry points and the two passes.

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "charset.h"
#include "erli18n/po.h"
#include "file_io.h"
#include "header_fields.h"
#include "out_of_memory.h"
#include "po_parser.h"

namespace erli18n {
namespace {

using po_detail::charset_problem;
using po_detail::parser;
using po_detail::text_mode;

// The charset named in a header msgstr ("...charset=NAME..."), or empty.
// Counts the lines that start with `msgid ` or `#~ msgid `, stopping past `limit`: the entry
// count of any file msgcat or msgfmt wrote. A hand-written file that puts a keyword elsewhere
// on a line is only undercounted, which costs the caller one regrowth of its vector.
// Looking at line starts only (memchr from line to line) costs a third of a memmem search.
std::size_t count_keywords(std::string_view text, std::size_t limit) noexcept {
  // An empty view may have a null data(), which memchr must never get, even with a length of 0.
  if (text.empty()) return 0;
  auto starts_entry = [](std::string_view line) {
    return line.starts_with("msgid ") || line.starts_with("#~ msgid ");
  };
  std::size_t count = starts_entry(text) ? 1 : 0;
  const char* p = text.data();
  const char* const end = text.data() + text.size();
  while (count <= limit) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (nl == nullptr) break;
    p = static_cast<const char*>(nl) + 1;
    if (starts_entry(std::string_view(p, static_cast<std::size_t>(end - p)))) ++count;
  }
  return std::min(count, limit);
}

}  // namespace

const po_message* po_file::header() const noexcept {
  for (const po_message& m : messages)
    if (m.is_header()) return &m;
  return nullptr;
}

std::optional<std::string> po_file::header_field(std::string_view name) const {
  const po_message* h = header();
  if (h == nullptr || h->msgstr.empty()) return std::nullopt;
  if (std::optional<std::string_view> value = find_header_field(h->msgstr[0], name))
    return std::string(*value);
  return std::nullopt;
}

namespace {

// read_po without the out-of-memory guard (HACKING.md "Errors").
result<po_file> read_unguarded(std::string_view text, std::string_view file_name,
                               const po_read_options& options) {
  if (text.size() > options.max_bytes)
    return error{errc::limit_exceeded,
                 "file too large (" + std::to_string(text.size()) + " bytes, the limit is " +
                     std::to_string(options.max_bytes) + ")",
                 std::string(file_name), 0, 0};
  // A UTF-8 byte order mark (GNU gettext 0.21 refuses it; later versions and editors accept it).
  std::size_t base = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;

  po_file out;
  out.file_name = std::string(file_name);

  // Pass 1: the first entry, byte-wise, to learn the charset.
  std::string_view declared;
  std::string header_msgstr;
  std::size_t header_line = 0, header_column = 0;
  bool first_entry = false;
  {
    std::vector<po_message> first;
    po_read_options one = options;
    one.max_entries = std::max<std::size_t>(one.max_entries, 1);
    parser p(text, file_name, text_mode::raw, base, one);
    if (!p.parse(first, true)) return p.take_error();
    first_entry = !first.empty();
    if (!first.empty() && first[0].is_header() && !first[0].msgstr.empty()) {
      header_msgstr = std::move(first[0].msgstr[0]);
      declared = charset::header_charset(header_msgstr);
      header_line = first[0].line;
      header_column = first[0].column;
    }
  }

  text_mode mode = text_mode::utf8;
  if (declared.empty() || charset::is_utf8(declared)) {
    out.charset = declared.empty() ? "UTF-8" : std::string(declared);
  } else if (declared == "CHARSET") {
    // The unfilled template placeholder: fine as long as the text is ASCII (msgcat on a .pot).
    out.charset = "CHARSET";
    mode = text_mode::ascii;
  } else {
    out.charset = std::string(declared);
    if (std::string why = charset_problem(declared); !why.empty())
      return error{errc::charset, std::move(why), std::string(file_name), header_line, header_column};
    mode = text_mode::converted;
  }

  // Pass 2: the whole file.
  // Reserve the messages once: a po_message is a few hundred bytes, so regrowing the vector of
  // a large file copies and page-faults far more than the parse itself costs. Every entry has
  // one `msgid ` keyword, which the GNU tools write at the start of a line.
  out.messages.reserve(count_keywords(text, options.max_entries) + 1);
  parser p(text, file_name, mode, base, options, declared);
  if (first_entry) p.set_entry_seen();
  if (!p.parse(out.messages, false)) return p.take_error();
  return out;
}

}  // namespace

result<po_file> read_po(std::string_view text, std::string_view file_name, const po_read_options& options) {
  return or_out_of_memory("reading the catalog", [&] { return read_unguarded(text, file_name, options); });
}

std::vector<po_domain_section> split_po_domains(std::string text) {
  std::vector<po_domain_section> sections;
  // Nearly every catalog has no directive: one search for a line starting "domain" spares
  // the line-by-line walk (msgfmt splits every input).
  if (!text.starts_with("domain") && text.find("\ndomain") == std::string::npos) {
    sections.push_back({"", std::move(text), 0});
    return sections;
  }
  std::size_t start = 0, start_line = 1, line = 1;
  std::string domain;
  std::size_t directive_line = 0;
  auto close_section = [&](std::size_t end) {
    po_domain_section section{domain, std::string(start_line - 1, '\n'), directive_line};
    section.text.append(text, start, end - start);
    sections.push_back(std::move(section));
  };
  for (std::size_t at = 0; at < text.size(); ++line) {
    const std::size_t nl = text.find('\n', at);
    const std::size_t end = nl == std::string::npos ? text.size() : nl + 1;
    const std::string_view row(text.data() + at, end - at);
    if (row.starts_with("domain") && row.size() > 6 && (row[6] == ' ' || row[6] == '\t')) {
      const std::size_t open = row.find('"'), close = row.rfind('"');
      if (open != std::string_view::npos && close > open) {
        close_section(at);
        domain = std::string(row.substr(open + 1, close - open - 1));
        directive_line = line;
        start = end;
        start_line = line + 1;
      }
    }
    at = end;
  }
  if (directive_line == 0) {
    sections.push_back({"", std::move(text), 0});
    return sections;
  }
  close_section(text.size());
  return sections;
}

result<po_file> read_po_file(const std::string& path, const po_read_options& options) {
  result<std::string> data = read_whole_file(path, options.max_bytes);
  if (!data) return std::move(data).error();
  return read_po(*data, path, options);
}

}  // namespace erli18n
