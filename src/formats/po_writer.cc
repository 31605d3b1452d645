// The PO writer: a po_file back to text, byte for byte as GNU msgcat lays it out.
//
// The rules were established by experiment with msgcat 0.21 (tests/unit/po_writer_test.cc
// has one test per rule; the parity tests compare with msgcat on fixtures and real catalogs):
// - comments `#`, `#.` as kept, `#:` references folded at the width (even with --no-wrap),
//   `#,` flags re-parsed and printed in GNU's canonical order, then `#|` previous fields;
// - a string is one line when it fits and has no inner newline, else `keyword ""` and one
//   quoted line per piece; pieces end after each `\n` and are filled greedily at Unicode
//   line-break opportunities computed on the escaped text (never inside an escape, before
//   `\n` or inside a format directive of a flagged message), in display columns, with a
//   20-column minimum page width;
// - the output is converted back to the file's charset; text held unconverted
//   (po_file::unconverted) is written as it is, a string's bytes that are no character of the
//   charset left out (or octal-escaped under --escape), as GNU's writer treats them.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "charset.h"
#include "erli18n/po.h"
#include "out_of_memory.h"
#include "po_writer_unicode.h"
#include "printf_directive.h"

namespace erli18n {
namespace {

using po_unicode::brk;

// Format flags in the order msgcat prints them.
constexpr std::array<std::string_view, 30> format_names = {
    "c",      "objc",       "python", "python-brace", "java",          "java-printf",
    "csharp", "javascript", "scheme", "lisp",         "elisp",         "librep",
    "ruby",   "sh",         "awk",    "lua",          "object-pascal", "smalltalk",
    "qt",     "qt-plural",  "kde",    "kde-kuit",     "boost",         "tcl",
    "perl",   "perl-brace", "php",    "gcc-internal", "gfc-internal",  "ycp"};

enum class tri : std::uint8_t { unset, yes, no, possible, impossible };

// The `#,` flags as msgcat understands them: later flags override earlier ones, unknown ones
// vanish.
struct flag_state {
  bool fuzzy = false;
  tri wrap = tri::unset;
  std::array<tri, format_names.size()> formats{};
  bool has_range = false;
  unsigned long range_min = 0, range_max = 0;

  bool no_wrap() const noexcept { return wrap == tri::no; }
};

bool is_flag_separator(char c) noexcept {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Reads decimal digits at `pos`; values past INT_MAX saturate there, as msgcat's do.
bool parse_range_number(std::string_view s, std::size_t& pos, unsigned long& value) {
  if (pos >= s.size() || s[pos] < '0' || s[pos] > '9') return false;
  value = 0;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
    value = value * 10 + static_cast<unsigned long>(s[pos] - '0');
    if (value > static_cast<unsigned long>(INT_MAX)) value = static_cast<unsigned long>(INT_MAX) + 1;
    ++pos;
  }
  if (value > static_cast<unsigned long>(INT_MAX)) value = INT_MAX;
  return true;
}

void apply_format_flag(flag_state& st, std::string_view token) {
  constexpr std::string_view suffix = "-format";
  if (token.size() <= suffix.size() || !token.ends_with(suffix)) return;
  std::string_view lang = token.substr(0, token.size() - suffix.size());
  tri value = tri::yes;
  auto strip = [&lang](std::string_view prefix) {
    if (!lang.starts_with(prefix)) return false;
    lang.remove_prefix(prefix.size());
    return true;
  };
  if (strip("no-"))
    value = tri::no;
  else if (strip("possible-"))
    value = tri::possible;
  else if (strip("impossible-"))
    value = tri::impossible;
  for (std::size_t i = 0; i < format_names.size(); ++i) {
    if (format_names[i] == lang) {
      st.formats[i] = value;
      return;
    }
  }
}

flag_state parse_flags(const po_message& m) {
  flag_state st;
  st.fuzzy = m.fuzzy;
  // Re-tokenize msgcat's way whatever the reader kept as one flag ("range: 1..3", "a b").
  std::string line;
  for (const std::string& f : m.flags) {
    line += f;
    line += ',';
  }
  std::string_view s = line;
  std::size_t pos = 0;
  while (pos < s.size()) {
    while (pos < s.size() && is_flag_separator(s[pos])) ++pos;
    std::size_t end = pos;
    while (end < s.size() && !is_flag_separator(s[end])) ++end;
    std::string_view token = s.substr(pos, end - pos);
    pos = end;
    if (token.empty()) break;
    if (token == "fuzzy") {
      st.fuzzy = true;
    } else if (token == "wrap") {
      st.wrap = tri::yes;
    } else if (token == "no-wrap") {
      st.wrap = tri::no;
    } else if (token == "range:") {
      while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t')) ++pos;
      unsigned long lo = 0, hi = 0;
      bool ok = parse_range_number(s, pos, lo);
      ok = ok && s.substr(pos, 2) == "..";
      if (ok) pos += 2;
      ok = ok && parse_range_number(s, pos, hi) && lo <= hi;
      // msgcat gives up on the rest of the flags after a malformed range.
      if (!ok) break;
      st.has_range = true;
      st.range_min = lo;
      st.range_max = hi;
    } else {
      apply_format_flag(st, token);
    }
  }
  return st;
}

std::string flags_line(const flag_state& st) {
  std::string out;
  auto add = [&out](std::string_view text) {
    out += out.empty() ? "#, " : ", ";
    out += text;
  };
  if (st.fuzzy) add("fuzzy");
  for (std::size_t i = 0; i < format_names.size(); ++i) {
    switch (st.formats[i]) {
      case tri::yes:
      case tri::possible:
        out += out.empty() ? "#, " : ", ";
        out += format_names[i];
        out += "-format";
        break;
      case tri::no:
        out += out.empty() ? "#, no-" : ", no-";
        out += format_names[i];
        out += "-format";
        break;
      default:
        break;
    }
  }
  if (st.has_range) add("range: " + std::to_string(st.range_min) + ".." + std::to_string(st.range_max));
  if (st.no_wrap()) add("no-wrap");
  if (!out.empty()) out += '\n';
  return out;
}

// Decodes one UTF-8 sequence at `i`; an invalid byte decodes as itself with length 1.
char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t& len) noexcept {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    len = 1;
    return b0;
  }
  // Two-byte sequences (Latin, Greek, Cyrillic, Hebrew, Arabic...) without the loop.
  if ((b0 & 0xe0) == 0xc0 && i + 1 < s.size()) {
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if ((b1 & 0xc0) == 0x80) {
      len = 2;
      return (char32_t{b0 & 0x1fu} << 6) | (b1 & 0x3fu);
    }
  }
  std::size_t n = b0 >= 0xf0 ? 4 : b0 >= 0xe0 ? 3 : b0 >= 0xc0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) {
    len = 1;
    return 0xfffd;
  }
  char32_t c = b0 & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xc0) != 0x80) {
      len = 1;
      return 0xfffd;
    }
    c = (c << 6) | (b & 0x3f);
  }
  len = n;
  return c;
}

// The escape msgcat writes for a character, or nullptr when it writes the byte itself
// (other control characters included).
constexpr const char* escape_of_slow(char32_t c) noexcept {
  switch (c) {
    case '\n':
      return "\\n";
    case '\t':
      return "\\t";
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    case '\a':
      return "\\a";
    case '\b':
      return "\\b";
    case '\f':
      return "\\f";
    case '\v':
      return "\\v";
    case '\r':
      return "\\r";
    default:
      return nullptr;
  }
}

const char* escape_of(char32_t c) noexcept {
  // Characters, not pointers: a table of pointers is relocated at every start of a program
  // linking the library, whether or not it writes a PO file.
  static constexpr auto table = [] {
    std::array<std::array<char, 3>, 128> t{};
    for (char32_t b = 0; b < 128; ++b)
      if (const char* e = escape_of_slow(b)) t[b] = {e[0], e[1], '\0'};
    return t;
  }();
  return c < 128 && table[c][0] != '\0' ? table[c].data() : nullptr;
}

// The bytes escape_of() escapes, for scanning a whole string.
constexpr auto needs_escape = [] {
  std::array<bool, 256> t{};
  for (char32_t b = 0; b < 128; ++b) t[b] = escape_of_slow(b) != nullptr;
  return t;
}();

// Which format-string syntax protects its directives from line breaks: msgcat never
// breaks inside a directive of a message flagged with that format.
enum class directives : std::uint8_t { none, c, objc, python };

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Marks the bytes inside each C format directive (all but its first byte) in `inside`.
// Stops at the first directive msgfmt's reading refuses, keeping the marks made so far, as
// msgcat does (measured on msgcat 0.21): a malformed one, a macro that is no PRI macro or
// follows a size letter, argument number 0, the `I` flag outside a translation, the first
// use that mixes numbered and unnumbered arguments. objc-format adds `%@`.
void mark_c_directives(std::string_view s, bool objc, bool translation, std::vector<std::uint8_t>& inside) {
  bool numbered = false, unnumbered = false;
  auto note = [&](const std::optional<std::size_t>& number) { (number ? numbered : unnumbered) = true; };
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '%') {
      ++i;
      continue;
    }
    printf_directive d = read_printf_directive(s, i);
    if (objc && d.problem == printf_problem::bad_conversion && d.conversion == '@') {
      d.problem = printf_problem::none;
      ++d.end;
    }
    if (!d.bare_percent()) {
      if (d.problem != printf_problem::none) return;
      if (d.conversion == '<' && (!d.sizes.empty() || !read_pri_macro(d.macro))) return;
      if (d.number == 0U || d.width.number == 0U || d.precision.number == 0U) return;
      if (!translation && d.flags.find('I') != std::string_view::npos) return;
      for (const printf_amount* a : {&d.width, &d.precision})
        if (a->form == printf_amount::kind::star) note(a->number);
      if (d.reads_argument()) note(d.number);
      if (numbered && unnumbered) return;
    }
    for (std::size_t k = i + 1; k < d.end; ++k) inside[k] = 1;
    i = d.end;
  }
}

// The same for Python's %-directives, `%(name)s` included.
void mark_python_directives(std::string_view s, std::vector<std::uint8_t>& inside) {
  const std::size_t n = s.size();
  auto at = [&](std::size_t i) { return i < n ? s[i] : '\0'; };
  for (std::size_t i = 0; i < n;) {
    if (s[i] != '%') {
      ++i;
      continue;
    }
    const std::size_t start = i++;
    if (at(i) == '(') {
      const std::size_t close = s.find(')', i);
      if (close == std::string_view::npos) return;
      i = close + 1;
    }
    while (std::string_view("-+ #0").find(at(i)) != std::string_view::npos && at(i) != '\0') ++i;
    if (at(i) == '*')
      ++i;
    else
      while (is_digit(at(i))) ++i;
    if (at(i) == '.') {
      ++i;
      if (at(i) == '*')
        ++i;
      else
        while (is_digit(at(i))) ++i;
    }
    while (std::string_view("hlL").find(at(i)) != std::string_view::npos && at(i) != '\0') ++i;
    if (at(i) == '\0' || std::string_view("diouxXeEfFgGcrsa%").find(at(i)) == std::string_view::npos) return;
    ++i;
    for (std::size_t k = start + 1; k < i; ++k) inside[k] = 1;
  }
}

// Where a quoted line may start, before a character of the escaped text.
enum class cut : std::uint8_t {
  none,      // never
  possible,  // a Unicode line-break opportunity
  reset,     // a hard break character (U+2028, NEL): the column count restarts, no new line
  line       // after an escaped newline: always a new line
};

// The first tab stop (every 8 columns) past `column`: where --indent puts a quote.
constexpr std::size_t tab_stop_after(std::size_t column) noexcept { return column / 8 * 8 + 8; }

// The charset a string's bytes are checked against when they are written as they are
// (po_file::unconverted), or `none` when the text is UTF-8 converted on output.
enum class raw_bytes : std::uint8_t { none, utf8, ascii };

class writer {
 public:
  // `backslash_twin`: the character the file's charset writes as byte 0x5C when that is not
  // the backslash (the won sign in JOHAB, the yen sign in Shift_JIS), or 0.
  // `charset`: the file's charset when the output is converted from UTF-8, else empty.
  writer(const po_write_options& options, bool cjk, char32_t backslash_twin, std::string_view charset,
         raw_bytes raw)
      : options_(options), cjk_(cjk), backslash_twin_(backslash_twin), charset_(charset), raw_(raw) {}

  std::string& out() noexcept { return out_; }

  // Writes `keyword "text"` with the continuation layout msgcat uses: one line when the
  // string fits and has no inner newline, else `keyword ""` and one quoted line per piece.
  // Indented (`--indent`), the keyword is padded to the next tab stop and the first piece
  // follows it on its line; the other pieces are padded to the tab stop after the prefix.
  // `lead`: the prefix width the keyword's tab stop counts from (msgcat counts the `#| `
  // prefix of a message's previous fields for its other keywords too).
  void write_string(std::string_view prefix, std::string_view keyword, std::string_view text, bool wrap,
                    directives format = directives::none, std::size_t lead = std::string_view::npos) {
    // msgcat never fills strings narrower than 20 columns, whatever --width says.
    const std::size_t width = std::max<std::size_t>(options_.width, 20);
    const bool indent = options_.indent;
    if (lead == std::string_view::npos) lead = prefix.size();
    // Columns of the opening quotes: the first line's and the continuation lines'.
    const std::size_t quote =
        indent ? tab_stop_after(lead + keyword.size()) : prefix.size() + keyword.size() + 1;
    const std::size_t next_quote = indent ? tab_stop_after(prefix.size()) : prefix.size();
    // A line (prefix, keyword and quotes included) may be exactly `width` columns wide.
    const std::size_t first_start = quote + 1;
    const std::size_t next_start = next_quote + 1;
    const std::size_t pad = quote - prefix.size() - keyword.size();
    if (write_short(prefix, keyword, pad, text, wrap, first_start, width)) return;
    analyse(text, wrap, format, keyword.starts_with("msgstr"), first_start, indent ? first_start : next_start,
            width - 1);
    const std::size_t n = count_;
    bool single = true;
    if (wrap) {
      // An inner newline always starts a new line; otherwise see whether the text fits.
      single = segment_ends_.size() == 1 && fill(first_start, first_start, width) == 1;
    } else {
      for (std::size_t i = 1; i < n; ++i)
        if (cuts_[i] == cut::line) single = false;
    }
    out_ += prefix;
    out_ += keyword;
    out_.append(pad, ' ');
    if (single) {
      out_ += '"';
      out_ += escaped_;
      out_ += "\"\n";
      return;
    }
    if (wrap) {
      fill(indent ? first_start : next_start, next_start, width);
    } else {
      starts_.clear();
      starts_.push_back(0);
      for (std::size_t i = 1; i < n; ++i)
        if (cuts_[i] == cut::line) starts_.push_back(i);
    }
    starts_.push_back(n);
    if (!indent) out_ += "\"\"\n";
    for (std::size_t l = 0; l + 1 < starts_.size(); ++l) {
      if (l > 0 || !indent) {
        out_ += prefix;
        out_.append(next_quote - prefix.size(), ' ');
      }
      out_ += '"';
      out_.append(escaped_, offsets_[starts_[l]], offsets_[starts_[l + 1]] - offsets_[starts_[l]]);
      out_ += "\"\n";
    }
  }

  void write_references(const std::vector<po_reference>& refs) {
    if (refs.empty()) return;
    // msgcat keeps the first of repeated references.
    std::unordered_set<std::string> seen;
    if (options_.strict) {
      // Uniforum's form: a line per reference, never folded.
      for (const po_reference& r : refs) {
        if (refs.size() > 1 && !seen.insert(r.file + ':' + (r.line ? std::to_string(*r.line) : "")).second)
          continue;
        out_ += "# File: ";
        out_ += r.file;
        out_ += ", line: ";
        out_ += r.line ? std::to_string(*r.line) : "-1";
        out_ += '\n';
      }
      return;
    }
    std::size_t column = 0;
    std::string item;
    bool line_open = false;
    for (const po_reference& r : refs) {
      item = r.file;
      if (r.line) {
        item += ':';
        item += std::to_string(*r.line);
      }
      if (refs.size() > 1 && !seen.insert(item).second) continue;
      if (line_open && column + 1 + item.size() > std::max<std::size_t>(options_.width, 20)) {
        out_ += '\n';
        line_open = false;
      }
      if (!line_open) {
        out_ += "#:";
        column = 2;
        line_open = true;
      }
      out_ += ' ';
      out_ += item;
      column += 1 + item.size();
    }
    if (line_open) out_ += '\n';
  }

 private:
  // The common case, without per-character work: no newline inside, and the escaped text
  // fits after the keyword. A character never takes more columns than bytes, so the escaped
  // size bounds the width.
  bool write_short(std::string_view prefix, std::string_view keyword, std::size_t pad, std::string_view text,
                   bool wrap, std::size_t first_start, std::size_t width) {
    std::size_t escaped_size = text.size();
    bool non_ascii = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto b = static_cast<unsigned char>(text[i]);
      if (b >= 0x80 && backslash_twin_ != 0) return false;  // analyse() escapes the twin
      non_ascii = non_ascii || b >= 0x80;
      // analyse() writes --escape's octal escapes.
      if (options_.escape && (b >= 0x7f || (b < 0x20 && !needs_escape[b]))) return false;
      if (needs_escape[b]) {
        ++escaped_size;
        if (b == '\n' && i + 1 < text.size()) return false;
      }
    }
    // analyse() leaves out (or escapes) the bytes that are no character of the charset.
    if (non_ascii &&
        (raw_ == raw_bytes::ascii ||
         (raw_ == raw_bytes::utf8 && charset::find_invalid_utf8(text) != std::string_view::npos)))
      return false;
    if (wrap && first_start + escaped_size > width - 1) return false;
    out_ += prefix;
    out_ += keyword;
    out_.append(pad, ' ');
    out_ += '"';
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto b = static_cast<unsigned char>(text[i]);
      const char* e = b < 0x80 ? escape_of(b) : nullptr;
      if (!e) continue;
      out_.append(text, run, i - run);
      out_ += e;
      run = i + 1;
    }
    out_.append(text, run, text.size() - run);
    out_ += "\"\n";
    return true;
  }

  // Records the next code point of escaped_; analyse sized the arrays for the worst case.
  void push(std::uint16_t row, std::uint8_t w, std::size_t byte_offset) noexcept {
    rows_[count_] = row;
    widths_[count_] = w;
    offsets_[count_] = byte_offset;
    ++count_;
  }

  // msgcat breaks the text as it will be written, escapes included (so `\"` is a backslash
  // and a quote to the line breaker), except that a newline stays a newline; each
  // newline-terminated piece is broken on its own, and escapes are never split.
  // Only pieces too wide for a line need Unicode break opportunities: a single piece from
  // `first_start`, several from `next_start`, with `limit` columns in all.
  // Long (about 100 lines) on purpose: one pass builds the escaped text and, in step, the
  // arrays the breaker reads (code points, columns, break classes, escape boundaries); split,
  // every piece would take all four arrays and the position in each.
  // `translation`: the text is a msgstr, where a C format may use the `I` flag.
  void analyse(std::string_view text, bool wrap, directives format, bool translation, std::size_t first_start,
               std::size_t next_start, std::size_t limit) {
    escaped_.clear();
    // At most two code points per byte (an escape), with --escape four per output byte, and a
    // character of the output charset has at most twice its UTF-8 bytes (GB18030's four for
    // two); plus the end offset. resize() only grows here, so later strings reuse the arrays
    // without touching them.
    count_ = 0;
    const std::size_t most = (options_.escape ? 8 : 2) * text.size() + 1;
    if (rows_.size() < most) {
      rows_.resize(most);
      widths_.resize(most);
      offsets_.resize(most);
    }
    escaped_.reserve(most);
    cuts_.clear();
    segment_ends_.clear();
    inner_.clear();
    directive_inside_.clear();
    if (wrap && format != directives::none) {
      directive_inside_.assign(text.size(), 0);
      if (format == directives::c || format == directives::objc)
        mark_c_directives(text, format == directives::objc, translation, directive_inside_);
      else
        mark_python_directives(text, directive_inside_);
    }
    const bool marks = !directive_inside_.empty();
    for (std::size_t i = 0; i < text.size();) {
      // Plain printable ASCII, most of every catalog, is copied as a run.
      if (!marks) {
        std::size_t j = i;
        while (j < text.size()) {
          const auto b = static_cast<unsigned char>(text[j]);
          if (b < 0x20 || b >= 0x7f || b == '"' || b == '\\') break;
          push(po_unicode::row_of(b), 1, escaped_.size() + (j - i));
          ++j;
        }
        if (j > i) {
          escaped_.append(text, i, j - i);
          i = j;
          if (i == text.size()) break;
        }
      }
      std::size_t len = 1;
      const char32_t c = decode_utf8(text, i, len);
      if (raw_ != raw_bytes::none && static_cast<unsigned char>(text[i]) >= 0x80 &&
          (raw_ == raw_bytes::ascii ||
           charset::find_invalid_utf8(text.substr(i, len)) != std::string_view::npos)) {
        // No character of the file's charset: GNU's writer leaves its bytes out, taking no
        // column, with a warning ("invalid multibyte sequence"); --escape writes them.
        if (options_.escape) push_octal_escapes(text.substr(i, len));
        i += len;
        continue;
      }
      if (marks && directive_inside_[i]) inner_.push_back(count_);
      if (c == '\n') {
        // The newline escape stays one unit of class LF, so nothing breaks before it.
        push(po_unicode::row_of('\n'), 2, escaped_.size());
        escaped_ += "\\n";
        segment_ends_.push_back(count_);
      } else if (const char* e = c < 0x80 ? escape_of(c) : nullptr) {
        push(po_unicode::row_of('\\'), 1, escaped_.size());
        inner_.push_back(count_);  // never split an escape sequence
        push(po_unicode::row_of(static_cast<unsigned char>(e[1])), 1, escaped_.size() + 1);
        escaped_ += e;
      } else if (c == backslash_twin_) {
        // Its byte is the escape character's: written raw it would start an escape. Escaped,
        // it reads back as byte 0x5C, as msgconv writes it; the converted output shows `\\`.
        push(po_unicode::row_of('\\'), 1, escaped_.size());
        inner_.push_back(count_);
        push(po_unicode::row_of('\\'), 1, escaped_.size() + 1);
        escaped_ += '\\';
        escaped_.append(text, i, len);
      } else if (options_.escape && (c >= 0x7f || c < 0x20)) {
        push_octal_escapes(output_bytes(text.substr(i, len), c));
      } else {
        const std::uint16_t row = po_unicode::row_of(c);
        const po_unicode::char_props p = po_unicode::detail::decode(row);
        std::uint8_t w;
        if (c < 0x80)
          w = c < 0x20 || c == 0x7f ? 0 : 1;
        else
          w = p.ambiguous && cjk_ ? 2 : p.width;
        push(row, w, escaped_.size());
        escaped_.append(text, i, len);
      }
      i += len;
    }
    offsets_[count_] = escaped_.size();
    const std::size_t n = count_;
    if (segment_ends_.empty() || segment_ends_.back() != n) segment_ends_.push_back(n);
    cuts_.assign(n, cut::none);
    breaks_.resize(n);
    const std::size_t start = segment_ends_.size() == 1 ? first_start : next_start;
    std::size_t begin = 0;
    for (std::size_t end : segment_ends_) {
      if (begin > 0 && begin < n) cuts_[begin] = cut::line;
      std::size_t columns = start;
      for (std::size_t i = begin; i < end && columns <= limit; ++i) columns += widths_[i];
      if (wrap && end > begin && columns > limit) {
        std::span<brk> out(breaks_.data() + begin, end - begin);
        po_unicode::line_breaks(std::span<const std::uint16_t>(rows_.data() + begin, end - begin), cjk_, out);
        for (std::size_t i = begin + 1; i < end; ++i)
          cuts_[i] = breaks_[i] == brk::allowed     ? cut::possible
                     : breaks_[i] == brk::mandatory ? cut::reset
                                                    : cut::none;
      }
      // The newline's own hard break is an artifact of keeping it as LF.
      // (Only an escaped newline is a two-byte code point starting with a backslash.)
      if (end > begin + 1 && offsets_[end] - offsets_[end - 1] == 2 && escaped_[offsets_[end - 1]] == '\\')
        cuts_[end - 1] = cut::none;
      begin = end;
    }
    for (std::size_t i : inner_) cuts_[i] = cut::none;
  }

  // The bytes the output charset writes for the character `c`, spelled `utf8` in the text.
  std::string_view output_bytes(std::string_view utf8, char32_t c) {
    if (charset_.empty()) return utf8;
    auto [it, added] = converted_.try_emplace(c);
    if (added) {
      charset::conversion conv = charset::from_utf8(utf8, charset_);
      // A character the charset lacks stays as it is: the conversion of the whole output then
      // fails on it, as without --escape.
      it->second = conv.ok ? std::move(conv.text) : std::string(utf8);
    }
    return it->second;
  }

  // --escape: each byte a `\ooo` escape, each a unit the line breaker never splits, of one
  // column per character, as msgcat counts them.
  void push_octal_escapes(std::string_view bytes) {
    for (const char byte : bytes) {
      const auto b = static_cast<unsigned char>(byte);
      const char digits[] = {static_cast<char>('0' + (b >> 6)), static_cast<char>('0' + ((b >> 3) & 7)),
                             static_cast<char>('0' + (b & 7))};
      push(po_unicode::row_of('\\'), 1, escaped_.size());
      escaped_ += '\\';
      for (const char digit : digits) {
        inner_.push_back(count_);
        push(po_unicode::row_of(static_cast<unsigned char>(digit)), 1, escaped_.size());
        escaped_ += digit;
      }
    }
  }

  // Greedy filling: break at the last opportunity before the column limit; a piece with no
  // opportunity overflows. The first line's text starts at `first_column`, the others' at
  // `start_column`. Fills starts_ and returns the number of lines.
  std::size_t fill(std::size_t first_column, std::size_t start_column, std::size_t width) {
    starts_.clear();
    starts_.push_back(0);
    const std::size_t n = count_;
    // Columns left for text: the closing quote takes one.
    const std::size_t limit = width > 0 ? width - 1 : 0;
    std::size_t column = first_column;
    std::size_t last_break = 0;  // 0: none on this line
    std::size_t column_at_break = 0;
    for (std::size_t i = 0; i < n; ++i) {
      switch (cuts_[i]) {
        case cut::line:
          starts_.push_back(i);
          column = start_column;
          last_break = 0;
          break;
        case cut::reset:
          column = 0;
          last_break = 0;
          break;
        case cut::possible:
          if (i != starts_.back()) {
            last_break = i;
            column_at_break = column;
          }
          break;
        case cut::none:
          break;
      }
      column += widths_[i];
      if (column > limit && last_break != 0) {
        starts_.push_back(last_break);
        column = start_column + (column - column_at_break);
        last_break = 0;
      }
    }
    return starts_.size();
  }

  const po_write_options& options_;
  bool cjk_;
  char32_t backslash_twin_;
  std::string charset_;
  raw_bytes raw_;
  std::unordered_map<char32_t, std::string> converted_;  // output_bytes' conversions
  std::string out_;
  std::string escaped_;  // the text as written between quotes
  // Per code point of escaped_ (the first count_ entries are valid): packed properties (po_unicode::row_of),
  // byte offset in escaped_ (plus the end), display columns.
  std::size_t count_ = 0;
  std::vector<std::uint16_t> rows_;
  std::vector<std::size_t> offsets_;
  std::vector<std::uint8_t> widths_;
  std::vector<brk> breaks_;
  std::vector<cut> cuts_;
  std::vector<std::size_t> segment_ends_;
  std::vector<std::size_t> inner_;
  std::vector<std::uint8_t> directive_inside_;  // per byte of the text: inside a format directive   // second
                                                // code point of each two-character escape
  std::vector<std::size_t> starts_;             // first code point of each output line
};

void write_comment(std::string& out, std::string_view mark, std::string_view text) {
  // The reader keeps the text after the mark; msgcat drops one leading space and writes the
  // mark, a space and the rest (or the bare mark for an empty comment).
  if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  out += mark;
  if (!text.empty()) {
    out += ' ';
    out += text;
  }
  out += '\n';
}

// The message's first form is not empty: what GNU's writer calls translated.
bool has_translation(const po_message& m) { return !m.msgstr.empty() && !m.msgstr.front().empty(); }

// GNU's writer leaves out an obsolete entry without a translation (it is read, and
// msgattrib --clear-obsolete brings it back).
bool is_written(const po_message& m) { return !m.obsolete || has_translation(m); }

void write_message(writer& w, const po_message& m, bool wrap) {
  std::string& out = w.out();
  for (const std::string& c : m.translator_comments) write_comment(out, "#", c);
  for (const std::string& c : m.extracted_comments) write_comment(out, "#.", c);
  w.write_references(m.references);
  flag_state flags = parse_flags(m);
  // GNU's writer keeps the fuzzy mark of an untranslated message (first form empty) to itself.
  if (!has_translation(m)) flags.fuzzy = false;
  out += flags_line(flags);
  // --no-wrap and the no-wrap flag leave long lines alone; `#:` lines are folded regardless.
  const bool do_wrap = wrap && !flags.no_wrap();
  auto flagged = [&flags](std::size_t i) {
    return flags.formats[i] == tri::yes || flags.formats[i] == tri::possible;
  };
  // format_names: 0 is c, 1 objc, 2 python.
  const directives format = flagged(0)   ? directives::c
                            : flagged(1) ? directives::objc
                            : flagged(2) ? directives::python
                                         : directives::none;
  const std::string_view previous_prefix = m.obsolete ? "#~| " : "#| ";
  if (m.previous_msgctxt) w.write_string(previous_prefix, "msgctxt", *m.previous_msgctxt, do_wrap, format);
  if (m.previous_msgid) w.write_string(previous_prefix, "msgid", *m.previous_msgid, do_wrap, format);
  if (m.previous_msgid_plural)
    w.write_string(previous_prefix, "msgid_plural", *m.previous_msgid_plural, do_wrap, format);
  const std::string_view prefix = m.obsolete ? "#~ " : "";
  // Indented, a message with previous fields puts its other keywords where they would be
  // after the `#| ` prefix (msgcat 0.21).
  const bool has_previous = m.previous_msgctxt || m.previous_msgid || m.previous_msgid_plural;
  const std::size_t lead = has_previous ? previous_prefix.size() : prefix.size();
  if (m.msgctxt) w.write_string(prefix, "msgctxt", *m.msgctxt, do_wrap, format, lead);
  w.write_string(prefix, "msgid", m.msgid, do_wrap, format, lead);
  if (m.msgid_plural) {
    w.write_string(prefix, "msgid_plural", *m.msgid_plural, do_wrap, format, lead);
    std::string keyword;
    for (std::size_t i = 0; i < m.msgstr.size(); ++i) {
      keyword = "msgstr[" + std::to_string(i) + "]";
      w.write_string(prefix, keyword, m.msgstr[i], do_wrap, format, lead);
    }
  } else {
    w.write_string(prefix, "msgstr", m.msgstr.empty() ? std::string_view{} : std::string_view{m.msgstr[0]},
                   do_wrap, format, lead);
  }
}

// write_po without the out-of-memory guard (HACKING.md "Errors").
result<std::string> write_unguarded(const po_file& po, const po_write_options& options) {
  // msgcat refuses a file that defines a message twice.
  {
    struct key_hash {
      std::size_t operator()(const po_message* m) const noexcept {
        const std::size_t h = std::hash<std::string_view>{}(m->msgid);
        return m->msgctxt ? h ^ (std::hash<std::string_view>{}(*m->msgctxt) * 31 + 1) : h;
      }
    };
    struct key_equal {
      bool operator()(const po_message* a, const po_message* b) const noexcept {
        return a->msgid == b->msgid && a->msgctxt == b->msgctxt;
      }
    };
    std::unordered_set<const po_message*, key_hash, key_equal> keys;
    keys.reserve(po.messages.size());
    // Obsolete entries count too: msgcat rejects a `#~` entry that repeats any other.
    for (const po_message& m : po.messages) {
      if (!keys.insert(&m).second)
        return error{errc::syntax, "duplicate message definition", po.file_name, m.line, m.column};
    }
  }
  // A file holding nothing but its header comes out empty (msgcat, msgunfmt), unless forced
  // (`--force-po`; msgmerge always writes it).
  bool only_header = true;
  for (const po_message& m : po.messages) only_header = only_header && m.is_header();
  if (only_header && (!options.force_po || po.messages.empty())) return std::string{};

  const bool convert = !po.unconverted && !charset::is_utf8(po.charset) && po.charset != "CHARSET";
  const raw_bytes raw = !po.unconverted                ? raw_bytes::none
                        : charset::is_utf8(po.charset) ? raw_bytes::utf8
                                                       : raw_bytes::ascii;
  char32_t backslash_twin = 0;
  if (convert) {
    charset::conversion twin = charset::to_utf8("\\", po.charset);
    std::size_t len = 0;
    if (twin.ok && twin.text != "\\" && !twin.text.empty()) backslash_twin = decode_utf8(twin.text, 0, len);
  }
  writer w(options, po_unicode::is_cjk_charset(po.charset), backslash_twin,
           convert ? std::string_view(po.charset) : std::string_view(), raw);
  // Output is about as long as the text it holds; one allocation instead of doublings.
  std::size_t estimate = 0;
  for (const po_message& m : po.messages) {
    estimate += 32 + m.msgid.size() + (m.msgid_plural ? m.msgid_plural->size() : 0);
    for (const std::string& str : m.msgstr) estimate += 16 + str.size();
  }
  w.out().reserve(estimate + estimate / 8);
  bool first = true;
  // The live messages, then the obsolete ones, each in their order, wherever the model has
  // them: GNU's writer puts the `#~` entries last.
  for (const bool obsolete : {false, true}) {
    for (const po_message& m : po.messages) {
      if (m.obsolete != obsolete || !is_written(m)) continue;
      // Uniforum separates entries with a comment line.
      if (!first) w.out() += options.strict ? "#\n" : "\n";
      first = false;
      write_message(w, m, options.wrap);
    }
  }
  std::string text = std::move(w.out());
  if (!convert) return text;
  charset::conversion conv = charset::from_utf8(text, po.charset);
  if (!conv.ok) return error{errc::charset, "cannot convert the output to " + po.charset, po.file_name, 0, 0};
  return std::move(conv.text);
}

}  // namespace

result<std::string> write_po(const po_file& po, const po_write_options& options) {
  return or_out_of_memory("writing the catalog", [&] { return write_unguarded(po, options); });
}

result<std::string> write_po_domains(const std::vector<po_domain>& domains, const po_write_options& options) {
  std::string out;
  for (std::size_t i = 0; i < domains.size(); ++i) {
    result<std::string> bytes = write_po(domains[i].po, options);
    if (!bytes) return std::move(bytes).error();
    // Uniforum (`strict`) separates with a comment line where the others leave a blank one.
    const std::string_view blank = options.strict ? "#\n" : "\n";
    if (i > 0 || domains[i].name != "messages") {
      if (!out.empty()) out += blank;
      out += "domain \"" + domains[i].name + "\"\n";
      if (!bytes->empty()) out += blank;  // a domain with nothing to write has its line alone
    }
    out += *bytes;
  }
  return out;
}

}  // namespace erli18n
