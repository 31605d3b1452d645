// The PO reader's lexer: the parser's members that turn bytes into tokens (keywords, strings
// with their escapes, comments, brackets and numbers), checking or converting each string as
// the file's charset requires. The grammar GNU accepts is described in po_reader.cc.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "po_parser.h"

namespace erli18n::po_detail {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHigh = 0x8080808080808080ull;
// Nonzero when a byte of `w` is zero; its lowest set bit marks the first such byte.
constexpr std::uint64_t has_zero_byte(std::uint64_t w) noexcept { return (w - kOnes) & ~w & kHigh; }

// Characters that end the fast scan of a string body.
constexpr std::array<bool, 256> make_string_stops(bool non_ascii) {
  std::array<bool, 256> t{};
  for (int c = 0x80; non_ascii && c < 0x100; ++c) t[static_cast<std::size_t>(c)] = true;
  t['"'] = true;
  t['\\'] = true;
  t['\n'] = true;
  t['\0'] = true;
  t[0x04] = true;
  return t;
}
constexpr std::array<bool, 256> string_stops = make_string_stops(false);
// The same, also stopping at bytes >= 0x80 for the modes that check them.
constexpr std::array<bool, 256> string_stops_checked = make_string_stops(true);

}  // namespace

parser::parser(std::string_view text, std::string_view file_name, text_mode mode, std::size_t base_offset,
       const po_read_options& options, std::string_view charset_name)
    : text_(text),
      file_(file_name),
      charset_(charset_name),
      mode_(mode),
      line_start_(base_offset),
      pos_(base_offset),
      stops_(string_stops.data()),
      options_(options) {
  if (mode == text_mode::utf8 || mode == text_mode::ascii) {
    stops_ = string_stops_checked.data();
  } else if (mode == text_mode::converted) {
    const bool pairs = [&] {
      std::optional<byte_table> t = double_byte_leads(charset_name);
      if (t) leads_ = *t;
      return t.has_value();
    }();
    if (pairs) stops_ = string_stops_checked.data();
    decode_.emplace(charset_name, pairs ? &leads_ : nullptr);
  }
}

// Reads the next token into cur_. False on a lexical error.
bool parser::advance() {
  const std::size_t n = text_.size();
  while (true) {
    while (pos_ < n && is_blank(text_[pos_])) ++pos_;
    if (pos_ >= n) {
      cur_ = token{};
      cur_.line = line_;
      cur_.column = pos_ - line_start_ + 1;
      return true;
    }
    char c = text_[pos_];
    if (c == '\n') {
      ++pos_;
      new_line();
      continue;
    }
    if (c == '#') {
      char d = pos_ + 1 < n ? text_[pos_ + 1] : '\n';
      if (d == '~') {
        line_obsolete_ = true;
        pos_ += 2;
        if (pos_ < n && text_[pos_] == '|') {
          line_previous_ = true;
          ++pos_;
        }
        continue;
      }
      if (d == '|') {
        line_previous_ = true;
        pos_ += 2;
        continue;
      }
      return lex_comment();
    }
    cur_ = token{};
    cur_.obsolete = line_obsolete_;
    cur_.previous = line_previous_;
    cur_.line = line_;
    cur_.column = pos_ - line_start_ + 1;
    if (c == '"') return lex_string();
    if (c == '[') {
      cur_.kind = tok::lbracket;
      ++pos_;
      return true;
    }
    if (c == ']') {
      cur_.kind = tok::rbracket;
      ++pos_;
      return true;
    }
    if (is_digit(c)) {
      std::uint64_t v = 0;
      bool overflow = false;
      while (pos_ < n && is_digit(text_[pos_])) {
        if (v > (UINT64_MAX - 9) / 10) overflow = true;
        v = v * 10 + static_cast<std::uint64_t>(text_[pos_] - '0');
        ++pos_;
      }
      cur_.kind = tok::number;
      cur_.number = v;
      cur_.number_overflow = overflow;
      return true;
    }
    if (is_ident_start(c)) {
      std::size_t start = pos_;
      while (pos_ < n && is_ident(text_[pos_])) ++pos_;
      std::string_view word = text_.substr(start, pos_ - start);
      if (word == "msgid") {
        cur_.kind = tok::kw_msgid;
      } else if (word == "msgstr") {
        cur_.kind = tok::kw_msgstr;
      } else if (word == "msgctxt") {
        cur_.kind = tok::kw_msgctxt;
      } else if (word == "msgid_plural") {
        cur_.kind = tok::kw_msgid_plural;
      } else if (entry_seen_) {
        fail_here(errc::syntax, start, "keyword \"" + std::string(word) + "\" unknown");
        return false;
      } else {
        // Nothing shows yet that this is a catalog: it may be any file (a stray symlink to
        // /etc/hostname in a watched folder), whose bytes must not reach a log.
        fail_here(errc::syntax, start, "syntax error: unknown keyword (not a PO file?)");
        return false;
      }
      return true;
    }
    fail_here(errc::syntax, pos_, "syntax error");
    return false;
  }
}

bool parser::lex_comment() {
  const std::size_t n = text_.size();
  std::size_t start = pos_;
  const char* nl = static_cast<const char*>(std::memchr(text_.data() + pos_, '\n', n - pos_));
  std::size_t end = nl ? static_cast<std::size_t>(nl - text_.data()) : n;
  std::size_t body = start + 1;
  // GNU decodes the character after `#` to tell the comment kinds apart, so it must be
  // valid even though the rest of the comment is taken as bytes. It only knows the charset
  // once the header entry is complete, after it has read the token that follows it.
  if (mode_ == text_mode::utf8 && header_seen_ && body < end &&
      static_cast<unsigned char>(text_[body]) >= 0x80) {
    const auto* p = reinterpret_cast<const unsigned char*>(text_.data()) + body;
    if (utf8_sequence_length(p, end - body) == 0) {
      std::size_t need = p[0] >= 0xC2 && p[0] <= 0xDF   ? 2
                         : p[0] >= 0xE0 && p[0] <= 0xEF ? 3
                         : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4
                                                        : 0;
      std::size_t have = 1;
      while (body + have < end && have < need && (p[have] & 0xC0) == 0x80) ++have;
      bool cut = need != 0 && have < need && body + have == end;
      fail_here(errc::charset, body,
                cut ? "incomplete multibyte sequence at end of line" : "invalid multibyte sequence");
      return false;
    }
  }
  char kind = '#';
  if (body < end &&
      (text_[body] == '.' || text_[body] == ':' || text_[body] == ',' || text_[body] == '!')) {
    kind = text_[body];
    ++body;
  }
  cur_ = token{};
  cur_.kind = tok::comment;
  cur_.comment_kind = kind;
  cur_.line = line_;
  cur_.column = start - line_start_ + 1;
  std::string_view t = text_.substr(body, end - body);
  // GNU keeps comments as C strings: a NUL ends them.
  if (std::size_t z = t.find('\0'); z != npos) t = t.substr(0, z);
  // In UTF-8 (and `charset=CHARSET`) files comment bytes are kept as they are, invalid
  // ones included, so that they are written back unchanged as msgcat does.
  if (mode_ == text_mode::converted && !is_ascii(t)) {
    scratch_.clear();
    append_converted_lossy(scratch_, t, *decode_);
    t = scratch_;
  }
  cur_.text = t;
  pos_ = end;
  return true;
}

bool parser::lex_string() {
  const std::size_t n = text_.size();
  const char* s = text_.data();
  std::size_t body = ++pos_;
  // Fast path: a run without escapes, NULs or <EOT> is the value itself.
  std::size_t i = scan_plain(body);
  if (i == npos) return false;
  if (i < n && s[i] == '"') {
    pos_ = i + 1;
    std::string_view v(s + body, i - body);
    cur_.kind = tok::string;
    if (sink_ == nullptr) {
      cur_.text = v;
      return mode_ != text_mode::converted || convert_string(body);
    }
    std::size_t start = sink_->size();
    sink_->append(v);
    return mode_ != text_mode::converted || convert_appended(*sink_, start, body);
  }
  // Slow path: decode into the sink, or scratch_.
  std::string& out = sink_ != nullptr ? *sink_ : scratch_;
  if (sink_ == nullptr) scratch_.clear();
  const std::size_t start = out.size();
  out.append(s + body, i - body);
  bool truncated = false;
  bool high_escape = false;
  while (true) {
    if (i >= n || s[i] == '\n') {
      fail(errc::syntax, line_, i - line_start_ + 1,
           i >= n ? "end-of-file within string" : "end-of-line within string");
      return false;
    }
    char c = s[i];
    if (c == '"') break;
    if (c == 0x04) {
      fail_here(errc::syntax, i, "context separator <EOT> within string");
      return false;
    }
    if (c == '\0') {
      truncated = true;
      ++i;
      continue;
    }
    if (c != '\\') {
      std::size_t j = scan_plain(i);
      if (j == npos) return false;
      if (!truncated) out.append(s + i, j - i);
      i = j;
      continue;
    }
    // An escape sequence.
    std::size_t at = i + 1;
    if (at >= n) {
      fail(errc::syntax, line_, at - line_start_ + 1, "end-of-file within string");
      return false;
    }
    char e = s[at];
    unsigned value = 0;
    std::size_t next = at + 1;
    switch (e) {
      case 'n':
        value = '\n';
        break;
      case 't':
        value = '\t';
        break;
      case 'b':
        value = '\b';
        break;
      case 'r':
        value = '\r';
        break;
      case 'f':
        value = '\f';
        break;
      case 'v':
        value = '\v';
        break;
      case 'a':
        value = '\a';
        break;
      case '\\':
        value = '\\';
        break;
      case '"':
        value = '"';
        break;
      case 'x': {
        std::size_t j = next;
        while (j < n && is_hex(s[j])) {
          char h = s[j];
          unsigned d =
              is_digit(h) ? static_cast<unsigned>(h - '0') : static_cast<unsigned>((h | 0x20) - 'a' + 10);
          value = ((value << 4) | d) & 0xFFu;
          ++j;
        }
        if (j == next) {
          fail_here(errc::syntax, next, "invalid control sequence");
          return false;
        }
        next = j;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          std::size_t j = at;
          while (j < n && j < at + 3 && s[j] >= '0' && s[j] <= '7') {
            value = value * 8 + static_cast<unsigned>(s[j] - '0');
            ++j;
          }
          value &= 0xFFu;
          next = j;
          break;
        }
        fail_here(errc::syntax, at, "invalid control sequence");
        return false;
    }
    if (value == 0x04) {
      fail_here(errc::syntax, i, "context separator <EOT> within string");
      return false;
    }
    i = next;
    if (value >= 0x80) high_escape = true;
    if (value == 0) truncated = true;
    if (!truncated) out.push_back(static_cast<char>(value));
  }
  pos_ = i + 1;
  cur_.kind = tok::string;
  if (mode_ == text_mode::converted) {
    if (!convert_appended(out, start, npos)) return false;
  } else if (high_escape && mode_ != text_mode::raw &&
             !check_decoded(std::string_view(out).substr(start))) {
    // Escapes can produce bytes the check of the raw text did not see.
    return false;
  }
  cur_.text = std::string_view(out).substr(start);
  return true;
}

// Converts out[start..] from the declared charset to UTF-8, in place.
bool parser::convert_appended(std::string& out, std::size_t start, std::size_t body) {
  std::string_view v = std::string_view(out).substr(start);
  if (is_ascii(v)) return true;
  std::optional<std::string> utf8 = to_utf8_or_fail(v, body);
  if (!utf8) return false;
  out.resize(start);
  out += *utf8;
  return true;
}

// `text` in UTF-8, or nullopt after reporting where it is invalid in the declared charset.
// `body` is the source offset of `text` when it was taken from the source unchanged (the
// error then gets an exact column), else npos.
std::optional<std::string> parser::to_utf8_or_fail(std::string_view text, std::size_t body) {
  charset::conversion c = (*decode_)(text);
  if (c.ok) return std::move(c.text);
  if (body != npos)
    fail_here(errc::charset, body + c.error_offset, "invalid multibyte sequence");
  else
    fail(errc::charset, cur_.line, cur_.column, "invalid multibyte sequence");
  return std::nullopt;
}

// Converts cur_.text from the declared charset to UTF-8. `body` is the source offset of the
// text when it was taken from the source unchanged (errors then get an exact column).
bool parser::convert_string(std::size_t body) {
  if (is_ascii(cur_.text)) return true;
  std::optional<std::string> utf8 = to_utf8_or_fail(cur_.text, body);
  if (!utf8) return false;
  converted_ = std::move(*utf8);
  cur_.text = converted_;
  return true;
}

// Scans string bytes from `i` to the next one that needs attention (quote, backslash, end
// of line, NUL, <EOT>), checking bytes >= 0x80 as the mode requires. npos after an error.
std::size_t parser::scan_plain(std::size_t i) {
  const auto* p = reinterpret_cast<const unsigned char*>(text_.data());
  const std::size_t n = text_.size();
  const bool* stops = stops_;
  const std::uint64_t high = stops[0x80] ? kHigh : 0;
  while (true) {
    // Eight bytes at a time while none of them can stop the scan. The test may also flag
    // bytes 1-3 and later bytes; the table below has the last word.
    while (i + 8 <= n) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      std::uint64_t m = has_zero_byte(w ^ (kOnes * '"')) | has_zero_byte(w ^ (kOnes * '\\')) |
                        has_zero_byte(w ^ (kOnes * '\n')) | ((w - kOnes * 5) & ~w & kHigh) | (w & high);
      if (m != 0) {
        // On little-endian machines the lowest flagged bit is the first byte to look at.
        if constexpr (std::endian::native == std::endian::little)
          i += static_cast<std::size_t>(std::countr_zero(m)) / 8;
        break;
      }
      i += 8;
    }
    while (i < n && !stops[p[i]]) ++i;
    if (i >= n || p[i] < 0x80) return i;
    if (mode_ == text_mode::converted) {
      // Only double-byte charsets stop here: a lead byte takes the next byte along, which
      // may be `\` or `"` and must not end the string or start an escape.
      // Every trail byte is >= 0x30, so a quote or newline after a lead byte stays one.
      i += (leads_[p[i]] && i + 1 < n && p[i + 1] >= 0x30) ? 2 : 1;
      continue;
    }
    if (mode_ == text_mode::ascii) {
      fail_here(errc::charset, i, "invalid multibyte sequence");
      return npos;
    }
    // A run of non-ASCII UTF-8; two-byte characters (Latin, Greek, Cyrillic, Hebrew,
    // Arabic) and three-byte ones (CJK) are checked inline.
    do {
      unsigned char c = p[i];
      if (c >= 0xC2 && c <= 0xDF && i + 1 < n && (p[i + 1] & 0xC0) == 0x80) {
        i += 2;
        continue;
      }
      if (c >= 0xE1 && c <= 0xEC && i + 2 < n && (p[i + 1] & 0xC0) == 0x80 && (p[i + 2] & 0xC0) == 0x80) {
        i += 3;
        continue;
      }
      std::size_t len = utf8_sequence_length(p + i, n - i);
      if (len == 0) {
        fail_here(errc::charset, i, "invalid multibyte sequence");
        return npos;
      }
      i += len;
    } while (i < n && p[i] >= 0x80);
  }
}

bool parser::check_decoded(std::string_view v) {
  bool ok =
      mode_ == text_mode::ascii
          ? std::all_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })
          : scan_utf8(v).first_invalid == npos;
  if (!ok) fail(errc::charset, cur_.line, cur_.column, "invalid multibyte sequence");
  return ok;
}

}  // namespace erli18n::po_detail
