// Fuzzes the C++ lexer and the extractor, which read any source file given to `erli18n
// extract`. Invariants: tokens come in source order with valid positions; a string token's
// value is never longer than the input (escapes only shrink or keep sizes, \U to 4 bytes from
// 10); extraction succeeds, with and without comments, sorted or not; every message has a
// reference inside the input's lines; the rendered template is a PO file our reader accepts
// (when the messages are valid UTF-8) with the same messages.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cpp_lexer.h"
#include "erli18n/po.h"
#include "erli18n/tools/extract.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    std::uint32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';
  // A line whose first non-blank byte is '#' may be a `#line N` or `# N "file"` directive,
  // which renumbers the lines after it (as xgettext does): then token and reference lines are
  // the directive's, not the text's, and neither rise with the text nor stay within it.
  bool renumbered = false;
  for (std::size_t at = 0; at < text.size() && !renumbered;) {
    const std::size_t start = text.find_first_not_of(" \t\f\v", at);
    renumbered = start != std::string_view::npos && text[start] == '#';
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }

  erli18n::detail::cpp_lexer lexer(text, true);
  erli18n::detail::cpp_token token;
  std::size_t last_line = 1;
  std::size_t tokens = 0;
  while (lexer.next(token)) {
    check(++tokens <= size + 2);
    check(renumbered || (token.line >= last_line && token.line <= lines));
    last_line = token.line;
    if (token.kind == erli18n::detail::cpp_token_kind::string) check(token.value.size() <= size);
  }

  // The default keywords parsed once, not for every input (their parsing took a tenth of a run).
  static const erli18n::extract_options defaults;
  erli18n::extract_options options = defaults;
  if (size > 0 && (data[0] & 1) != 0) options.comment_tag = (data[0] & 2) != 0 ? "" : "TRANSLATORS:";
  options.sort_output = size > 0 && (data[0] & 4) != 0;
  options.creation_time = 0;
  erli18n::result<erli18n::extract_result> extracted = erli18n::extract_text(text, "fuzz.cc", options);
  check(extracted.has_value());
  erli18n::po_file all = erli18n::merge_templates(*extracted, options);
  bool utf8 = true;
  for (const erli18n::po_message& m : all.messages) {
    check(!m.references.empty());
    for (const erli18n::po_reference& r : m.references)
      check(r.line && (renumbered || (*r.line >= 1 && *r.line <= lines)));
    utf8 = utf8 && valid_utf8(m.msgid) && valid_utf8(m.msgid_plural.value_or("")) &&
           valid_utf8(m.msgctxt.value_or(""));
    for (const std::string& c : m.extracted_comments) utf8 = utf8 && valid_utf8(c);
  }
  erli18n::result<std::string> pot = erli18n::render_template(all, options);
  check(pot.has_value());
  if (utf8) {
    erli18n::result<erli18n::po_file> back = erli18n::read_po(*pot, "fuzz.pot");
    check(back.has_value());
    auto entries = [](const erli18n::po_file& po) {
      std::size_t n = 0;
      for (const erli18n::po_message& m : po.messages) n += m.is_header() ? 0 : 1;
      return n;
    };
    check(entries(*back) == entries(all));
  }
  return 0;
}
