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
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "charset.h"
#include "erli18n/po.h"

namespace erli18n {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// How strings are checked while lexing.
enum class text_mode {
  raw,        // bytes as they are, unchecked: the header pass
  utf8,       // strings must be UTF-8 (checked as they are scanned); comments are kept as bytes
  ascii,      // `charset=CHARSET`: strings must be ASCII (GNU: "invalid multibyte sequence")
  converted,  // another charset: each string and comment is converted to UTF-8 on its own
};

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident(char c) noexcept { return is_ident_start(c) || is_digit(c); }
bool is_hex(char c) noexcept { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

struct utf8_scan {
  std::size_t first_non_ascii = npos;
  std::size_t first_invalid = npos;
};

// Length of the well-formed UTF-8 sequence at p[0] (a non-ASCII byte), or 0 if ill-formed.
std::size_t utf8_sequence_length(const unsigned char* p, std::size_t avail) noexcept {
  unsigned char c = p[0];
  std::size_t len;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (avail < len) return 0;
  if (p[1] < lo || p[1] > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if ((p[k] & 0xC0) != 0x80) return 0;
  return len;
}

// One pass over the whole input; skips ASCII eight bytes at a time and takes the two-byte
// sequences of Latin, Greek, Cyrillic, Hebrew and Arabic text without a call.
utf8_scan scan_utf8(std::string_view s) noexcept {
  utf8_scan out;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      ++i;
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ull) break;
        i += 8;
      }
      continue;
    }
    if (out.first_non_ascii == npos) out.first_non_ascii = i;
    // Runs of non-ASCII characters are common in translations: stay in this loop for them.
    do {
      unsigned char c = p[i];
      if (c >= 0xC2 && c <= 0xDF && i + 1 < n && (p[i + 1] & 0xC0) == 0x80) {
        i += 2;
        continue;
      }
      std::size_t len = utf8_sequence_length(p + i, n - i);
      if (len == 0) {
        out.first_invalid = i;
        return out;
      }
      i += len;
    } while (i < n && p[i] >= 0x80);
  }
  return out;
}

bool is_ascii(std::string_view s) noexcept {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

char ascii_lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

using byte_table = std::array<bool, 256>;

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHigh = 0x8080808080808080ull;
// Nonzero when a byte of `w` is zero; its lowest set bit marks the first such byte.
constexpr std::uint64_t has_zero_byte(std::uint64_t w) noexcept { return (w - kOnes) & ~w & kHigh; }

// The lead bytes of the charsets whose second byte may be an ASCII `\` or `"` (Shift_JIS,
// Big5, GBK, GB18030, JOHAB), or nullopt. The other charsets GNU supports (ISO-8859-*, KOI8-*,
// CP125x, EUC-*, ...) only use bytes >= 0x80 inside multibyte characters.
std::optional<byte_table> double_byte_leads(std::string_view name) {
  std::string n;
  for (char c : name)
    if (c != '-' && c != '_') n.push_back(ascii_lower(c));
  auto range = [](byte_table& t, int lo, int hi) {
    for (int c = lo; c <= hi; ++c) t[static_cast<std::size_t>(c)] = true;
  };
  byte_table t{};
  if (n == "shiftjis" || n == "sjis" || n == "mskanji" || n == "cp932" || n == "windows31j" ||
      n == "shiftjisx0213") {
    range(t, 0x81, 0x9F);  // 0xA1-0xDF are single-byte katakana
    range(t, 0xE0, 0xFC);
  } else if (n == "big5" || n == "big5hkscs" || n == "cp950" || n == "gbk" || n == "cp936" ||
             n == "gb18030") {
    range(t, 0x81, 0xFE);  // GB18030's four-byte forms are two such pairs
  } else if (n == "johab" || n == "cp1361" || n == "mscp1361") {
    range(t, 0x84, 0xD3);
    range(t, 0xD8, 0xDE);
    range(t, 0xE0, 0xF9);
  } else {
    return std::nullopt;
  }
  return t;
}

// Why the declared charset `name` cannot be read, or empty when it can: iconv must know it,
// by a plain name (glibc's iconv ignores punctuation, and an empty name means the locale's
// charset), and it must keep ASCII as ASCII, as the PO syntax needs. msgcat refuses more: any
// name outside GNU's list of portable names (e.g. "latin1"), which msgfmt accepts.
std::string charset_problem(std::string_view name) {
  auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '-' || c == '_' ||
           c == '.' || c == ':' || c == '+';
  };
  const std::string quoted = "\"" + std::string(name) + "\"";
  if (!std::all_of(name.begin(), name.end(), plain) || !charset::is_supported(name))
    return "unknown charset " + quoted;
  std::string n;
  for (char c : name)
    if (is_ident(c)) n.push_back(ascii_lower(c));
  // Stateful 7-bit encodings use `"` and `\` inside their multibyte characters.
  for (std::string_view prefix : {"iso2022", "csiso2022", "utf7", "hz"})
    if (n.starts_with(prefix)) return "charset " + quoted + " is not ASCII-compatible";
  std::string probe;
  // Shift_JIS maps 0x5C and 0x7E to YEN SIGN and OVERLINE; the lexer reads bytes, so that
  // is harmless.
  for (char c = ' '; c < 0x7F; ++c)
    if (c != '\\' && c != '~') probe.push_back(c);
  probe += "\n\t";
  charset::conversion c = charset::to_utf8(probe, name);
  if (!c.ok || c.text != probe) return "charset " + quoted + " is not ASCII-compatible";
  return {};
}

// Converts text of a declared charset to UTF-8, keeping ASCII as ASCII: the lexer took `\`
// as the escape character and `~` as itself, so they are those characters in the model too,
// even in Shift_JIS and JOHAB, where iconv reads bytes 0x5C and 0x7E as the yen and won
// signs and an overline (msgcat copies them as bytes, and glibc matches msgids by bytes).
class decoder {
 public:
  decoder(std::string_view charset, const byte_table* leads) : charset_(charset), leads_(leads) {
    charset::conversion c = charset::to_utf8("\\~", charset);
    ascii_exact_ = c.ok && c.text == "\\~";
  }

  charset::conversion operator()(std::string_view s) const {
    if (ascii_exact_) return charset::to_utf8(s, charset_);
    charset::conversion out;
    std::size_t begin = 0;
    auto flush = [&](std::size_t end) {
      charset::conversion c = charset::to_utf8(s.substr(begin, end - begin), charset_);
      if (!c.ok) {
        out.error_offset = begin + c.error_offset;
        return false;
      }
      out.text += c.text;
      return true;
    };
    for (std::size_t i = 0; i < s.size();) {
      const auto c = static_cast<unsigned char>(s[i]);
      // The lexer's rule: a lead byte takes the next one along, which may be `\`.
      if (leads_ != nullptr && (*leads_)[c] && i + 1 < s.size() &&
          static_cast<unsigned char>(s[i + 1]) >= 0x30) {
        i += 2;
        continue;
      }
      if (c == '\\' || c == '~') {
        if (!flush(i)) return out;
        out.text += s[i];
        begin = i + 1;
      }
      ++i;
    }
    if (!flush(s.size())) return out;
    out.ok = true;
    return out;
  }

 private:
  std::string_view charset_;
  const byte_table* leads_;
  bool ascii_exact_ = true;
};

// Appends `s` as UTF-8; bytes `decode` cannot decode become '?' (not U+FFFD, which the
// charset may have no way to write back). For comments, which GNU passes through as bytes
// whatever they hold.
void append_converted_lossy(std::string& out, std::string_view s, const decoder& decode) {
  // Each bad byte costs a conversion of the rest: after a few, give up on the rest's
  // non-ASCII bytes rather than go quadratic on a long line of them.
  for (int errors = 0; !s.empty(); ++errors) {
    if (errors == 16) {
      for (char ch : s) {
        out.push_back(static_cast<unsigned char>(ch) < 0x80 ? ch : '?');
      }
      return;
    }
    charset::conversion c = decode(s);
    if (c.ok) {
      out += c.text;
      return;
    }
    charset::conversion head = decode(s.substr(0, c.error_offset));
    if (head.ok) out += head.text;
    out += '?';
    s.remove_prefix(c.error_offset + 1);
  }
}

// A set of positions in a vector, hashed and compared by the elements they name: the duplicate
// checks of one entry's references and flags once there are many. It costs 16 bytes or less
// per element, where a set of copies (a node and a string each) cost more than the elements.
class position_set {
 public:
  void clear() noexcept {
    slots_.clear();
    size_ = 0;
  }
  std::size_t size() const noexcept { return size_; }

  // Adds position `i` unless an element equal to it is there; `hash(i)` and `equal(i, j)`
  // look at the elements.
  template <class Hash, class Equal>
  bool insert(std::size_t i, const Hash& hash, const Equal& equal) {
    if ((size_ + 1) * 2 > slots_.size()) grow(hash);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t k = hash(i) & mask;; k = (k + 1) & mask) {
      if (slots_[k] == kEmpty) {
        slots_[k] = i;
        ++size_;
        return true;
      }
      if (equal(slots_[k], i)) return false;
    }
  }

 private:
  static constexpr std::size_t kEmpty = npos;

  template <class Hash>
  void grow(const Hash& hash) {
    std::vector<std::size_t> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(64, old.size() * 2), kEmpty);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i : old) {
      if (i == kEmpty) continue;
      std::size_t k = hash(i) & mask;
      while (slots_[k] != kEmpty) k = (k + 1) & mask;
      slots_[k] = i;
    }
  }

  std::vector<std::size_t> slots_;  // a power of two in size, at most half full
  std::size_t size_ = 0;
};

enum class tok : std::uint8_t {
  eof,
  kw_msgctxt,
  kw_msgid,
  kw_msgid_plural,
  kw_msgstr,
  lbracket,
  rbracket,
  number,
  string,
  comment
};

struct token {
  tok kind = tok::eof;
  bool obsolete = false;  // on a `#~` line
  bool previous = false;  // on a `#|` line
  std::size_t line = 0;
  std::size_t column = 0;
  std::string_view text;  // string: the unescaped value; comment: text after the kind char
  char comment_kind = 0;  // '#' translator, '.', ':', ','
  std::uint64_t number = 0;
  bool number_overflow = false;
};

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

class parser {
 public:
  parser(std::string_view text, std::string_view file_name, text_mode mode, std::size_t base_offset,
         const po_read_options& options, std::string_view charset_name = {})
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

  // Parses entries until the end (or, with `first_only`, after the first entry).
  bool parse(std::vector<po_message>& out, bool first_only) {
    if (!advance()) return false;
    while (true) {
      // Parsed in place: moving a finished po_message (a few hundred bytes) costs more than
      // dropping the unused last one.
      po_message& m = out.emplace_back();
      bool got = false;
      const bool ok = parse_entry(m, got);
      if (!ok || !got) {
        out.pop_back();
        return ok;
      }
      if (out.size() > options_.max_entries) {
        fail(errc::limit_exceeded, m.line, m.column,
             "too many entries (the limit is " + std::to_string(options_.max_entries) + ")");
        out.pop_back();
        return false;
      }
      if (out.size() == 1 && out[0].is_header() && !out[0].msgstr.empty() &&
          !charset::header_charset(out[0].msgstr[0]).empty())
        header_seen_ = true;
      if (first_only) return true;
    }
  }

  error take_error() { return std::move(error_); }

  // The text has shown a complete entry before (in an earlier pass): errors may quote it.
  void set_entry_seen() noexcept { entry_seen_ = true; }

 private:
  // ---- errors ----
  void fail(errc code, std::size_t line, std::size_t column, std::string message) {
    if (failed_) return;
    failed_ = true;
    error_ = error{code, std::move(message), std::string(file_), line, column};
  }
  void fail_here(errc code, std::size_t at, std::string message) {
    fail(code, line_, at - line_start_ + 1, std::move(message));
  }
  bool fail_token(const token& t, std::string message) {
    fail(errc::syntax, t.line, t.column, std::move(message));
    return false;
  }

  // ---- lexer ----
  void new_line() {
    ++line_;
    line_start_ = pos_;
    line_obsolete_ = false;
    line_previous_ = false;
  }

  // Reads the next token into cur_. False on a lexical error.
  bool advance() {
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

  bool lex_comment() {
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

  bool lex_string() {
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
  bool convert_appended(std::string& out, std::size_t start, std::size_t body) {
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
  std::optional<std::string> to_utf8_or_fail(std::string_view text, std::size_t body) {
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
  bool convert_string(std::size_t body) {
    if (is_ascii(cur_.text)) return true;
    std::optional<std::string> utf8 = to_utf8_or_fail(cur_.text, body);
    if (!utf8) return false;
    converted_ = std::move(*utf8);
    cur_.text = converted_;
    return true;
  }

  // Scans string bytes from `i` to the next one that needs attention (quote, backslash, end
  // of line, NUL, <EOT>), checking bytes >= 0x80 as the mode requires. npos after an error.
  std::size_t scan_plain(std::size_t i) {
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

  bool check_decoded(std::string_view v) {
    bool ok =
        mode_ == text_mode::ascii
            ? std::all_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })
            : scan_utf8(v).first_invalid == npos;
    if (!ok) fail(errc::charset, cur_.line, cur_.column, "invalid multibyte sequence");
    return ok;
  }

  // ---- comments ----
  void add_flags(po_message& m, std::string_view t) {
    flag_index_.clear();
    // Only the last `#,` line of an entry counts, as in GNU gettext 0.21.
    m.fuzzy = false;
    m.flags.clear();
    auto hash = [&m](std::size_t i) { return std::hash<std::string_view>{}(m.flags[i]); };
    auto equal = [&m](std::size_t i, std::size_t j) { return m.flags[i] == m.flags[j]; };
    auto sep = [](char c) { return c == ',' || is_blank(c); };
    std::size_t i = 0;
    while (i < t.size()) {
      while (i < t.size() && sep(t[i])) ++i;
      std::size_t b = i;
      while (i < t.size() && !sep(t[i])) ++i;
      if (b == i) break;
      std::string word(t.substr(b, i - b));
      if (word == "range:") {
        // `range: 1..5` is one flag: the value is the next word after blanks.
        std::size_t j = i;
        while (j < t.size() && is_blank(t[j])) ++j;
        std::size_t vb = j;
        while (j < t.size() && !sep(t[j])) ++j;
        if (j > vb) {
          word += ' ';
          word.append(t.substr(vb, j - vb));
          i = j;
        }
      }
      if (word == "fuzzy") {
        m.fuzzy = true;
      } else if (!options_.keep_comments && word != "c-format") {
        // The only other flag a catalog reads at run time (for system-dependent strings).
      } else if (m.flags.size() < kLinearLimit) {
        if (std::find(m.flags.begin(), m.flags.end(), word) == m.flags.end())
          m.flags.push_back(std::move(word));
      } else {
        if (flag_index_.size() == 0)
          for (std::size_t k = 0; k < m.flags.size(); ++k) flag_index_.insert(k, hash, equal);
        m.flags.push_back(std::move(word));
        if (!flag_index_.insert(m.flags.size() - 1, hash, equal)) m.flags.pop_back();
      }
    }
  }

  // Parses the digits of a line number; GNU wraps around on overflow and treats the maximum
  // value as "no line".
  static std::optional<std::size_t> parse_line_number(std::string_view d) {
    std::size_t v = 0;
    for (char c : d) v = v * 10 + static_cast<std::size_t>(c - '0');
    if (v == static_cast<std::size_t>(-1)) return std::nullopt;
    return v;
  }

  static bool all_digits(std::string_view d) {
    return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return is_digit(c); });
  }

  void add_reference(po_message& m, std::string_view file, std::optional<std::size_t> line) {
    // A linear scan for the usual handful; a hash set past that, so that a hostile line of a
    // million references stays linear.
    if (m.references.size() < kLinearLimit) {
      for (const po_reference& r : m.references)
        if (r.line == line && r.file == file) return;
      m.references.push_back(po_reference{std::string(file), line});
      return;
    }
    const std::vector<po_reference>& refs = m.references;
    auto hash = [&refs](std::size_t i) {
      const po_reference& r = refs[i];
      return std::hash<std::string_view>{}(r.file) ^ (r.line ? *r.line * 0x9E3779B97F4A7C15ull : 1);
    };
    auto equal = [&refs](std::size_t i, std::size_t j) { return refs[i] == refs[j]; };
    if (ref_index_serial_ != entry_serial_ || ref_index_.size() != m.references.size()) {
      ref_index_.clear();
      for (std::size_t i = 0; i < refs.size(); ++i) ref_index_.insert(i, hash, equal);
      ref_index_serial_ = entry_serial_;
    }
    m.references.push_back(po_reference{std::string(file), line});
    if (!ref_index_.insert(refs.size() - 1, hash, equal)) m.references.pop_back();
  }

  // Splits a `#:` line the way GNU does: words separated by spaces or tabs; a word may be
  // followed by `:N` or `: N` (blanks allowed around the colon), or be `file:N` itself, split
  // at its last colon. Anything else is a file name without a line.
  void add_references(po_message& m, std::string_view t) {
    auto ws = [](char c) { return c == ' ' || c == '\t'; };
    const std::size_t n = t.size();
    std::size_t i = 0;
    while (true) {
      while (i < n && ws(t[i])) ++i;
      if (i >= n) break;
      std::size_t b = i;
      while (i < n && !ws(t[i])) ++i;
      std::string_view word = t.substr(b, i - b);
      // Digits starting at `d` that end at a blank or the end of the line.
      auto digits_at = [&](std::size_t d) -> std::size_t {
        std::size_t e = d;
        while (e < n && is_digit(t[e])) ++e;
        if (e == d || (e < n && !ws(t[e]))) return npos;
        return e;
      };
      std::size_t q = i;
      while (q < n && ws(t[q])) ++q;
      if (q < n && t[q] == ':') {
        std::size_t r = q + 1;
        while (r < n && ws(t[r])) ++r;
        if (std::size_t e = digits_at(r); e != npos) {
          add_reference(m, word, parse_line_number(t.substr(r, e - r)));
          i = e;
          continue;
        }
      }
      if (word.back() == ':' && q > i) {
        if (std::size_t e = digits_at(q); e != npos) {
          add_reference(m, word.substr(0, word.size() - 1), parse_line_number(t.substr(q, e - q)));
          i = e;
          continue;
        }
      }
      std::size_t colon = word.rfind(':');
      if (colon != npos && all_digits(word.substr(colon + 1))) {
        add_reference(m, word.substr(0, colon), parse_line_number(word.substr(colon + 1)));
        continue;
      }
      add_reference(m, word, std::nullopt);
    }
  }

  // Reserves room for the rest of an entry's run of comment lines, from pos_ (past the line
  // of cur_) on: a vector regrowing briefly holds three times its elements, which made a
  // file of short comment lines cost many times its size. Only long runs get here.
  void reserve_comments(po_message& m) {
    std::size_t translator = 1, extracted = 1, references = 1;  // cur_'s line, whatever it is
    const std::size_t n = text_.size();
    std::size_t i = pos_;
    while (i < n) {
      const char* nl = static_cast<const char*>(std::memchr(text_.data() + i, '\n', n - i));
      const std::size_t end = nl != nullptr ? static_cast<std::size_t>(nl - text_.data()) : n;
      std::size_t b = i;
      i = end + 1;
      while (b < end && is_blank(text_[b])) ++b;
      if (b == end) continue;  // empty lines do not end the comments
      if (text_[b] != '#') break;
      const char kind = b + 1 < end ? text_[b + 1] : '\n';
      if (kind == '~' || kind == '|') break;
      if (kind == '.') {
        ++extracted;
      } else if (kind == ':') {
        // At most one reference per word.
        for (std::size_t k = b + 2; k < end; ++k)
          if (!is_blank(text_[k]) && is_blank(text_[k - 1])) ++references;
      } else if (kind != ',' && kind != '!') {
        ++translator;
      }
    }
    m.translator_comments.reserve(m.translator_comments.size() + translator);
    m.extracted_comments.reserve(m.extracted_comments.size() + extracted);
    m.references.reserve(m.references.size() + references);
  }

  void add_comment(po_message& m, const token& t) {
    // Without comments, only flag lines count: a catalog needs nothing else of them, and the
    // model would cost a string (32 bytes or more) per line of a few bytes.
    if (!options_.keep_comments && t.comment_kind != ',' && t.comment_kind != '!') return;
    switch (t.comment_kind) {
      case '#':
        m.translator_comments.emplace_back(t.text);
        break;
      case '.':
        m.extracted_comments.emplace_back(t.text);
        break;
      case ':':
        add_references(m, t.text);
        break;
      case ',':
      case '!':  // GNU 0.21 reads `#!` as a flag line too (msgcat writes it back as `#,`)
        add_flags(m, t.text);
        break;
      default:
        break;
    }
  }

  // ---- grammar ----
  bool check_obsolete(const token& t) {
    if (t.obsolete == entry_obsolete_) return true;
    fail(errc::syntax, t.line, t.column, "inconsistent use of #~");
    return false;
  }

  // cur_ is a keyword; reads it and the strings that follow into `out`.
  bool read_strings(std::string& out) {
    const token kw = cur_;
    if (!check_obsolete(kw)) return false;
    return read_string_list(kw, out, false);
  }

  // Reads the strings after `kw` into `out`; `advanced` when cur_ is already the first one.
  // The lexer appends each string straight into `out` (sink_): no intermediate copy.
  bool read_string_list(const token& kw, std::string& out, bool advanced) {
    sink_ = &out;
    bool ok = read_string_list_into_sink(kw, advanced);
    sink_ = nullptr;
    return ok;
  }

  bool read_string_list_into_sink(const token& kw, bool advanced) {
    if (!advanced && !advance()) return false;
    if (cur_.kind != tok::string || cur_.previous != kw.previous)
      return fail_token(cur_, "syntax error: expected a string");
    // A msgid and a msgstr with its string: the text is a catalog from here on.
    if (kw.kind == tok::kw_msgstr && !kw.previous) entry_seen_ = true;
    do {
      if (!check_obsolete(cur_) || !advance()) return false;
    } while (cur_.kind == tok::string && cur_.previous == kw.previous);
    if (cur_.kind == tok::string) return fail_token(cur_, "syntax error");
    return true;
  }

  bool read_optional_strings(std::optional<std::string>& out) {
    out.emplace();
    return read_strings(*out);
  }

  // Reads one entry into `m`; `got` is false at the end of the input.
  bool parse_entry(po_message& m, bool& got) {
    got = false;
    ++entry_serial_;
    for (std::size_t lines = 1; cur_.kind == tok::comment; ++lines) {
      if (lines == kReserveAfter && options_.keep_comments) reserve_comments(m);
      add_comment(m, cur_);
      if (!advance()) return false;
    }
    if (cur_.kind == tok::eof) return true;  // trailing comments are dropped, as GNU does
    entry_obsolete_ = cur_.obsolete;
    const token first = cur_;
    if (cur_.previous) {
      if (cur_.kind == tok::kw_msgctxt && !read_optional_strings(m.previous_msgctxt)) return false;
      if (!cur_.previous || cur_.kind != tok::kw_msgid)
        return fail_token(cur_, "syntax error: expected '#| msgid'");
      if (!read_optional_strings(m.previous_msgid)) return false;
      if (cur_.previous && cur_.kind == tok::kw_msgid_plural &&
          !read_optional_strings(m.previous_msgid_plural))
        return false;
      if (cur_.previous) return fail_token(cur_, "syntax error");
    }
    if (cur_.kind == tok::kw_msgctxt && !read_optional_strings(m.msgctxt)) return false;
    if (cur_.kind != tok::kw_msgid) {
      if (cur_.kind == tok::comment || cur_.kind == tok::eof) {
        const token& at = m.msgctxt ? first : cur_;
        return fail_token(at, "missing 'msgid' section");
      }
      return fail_token(cur_, "syntax error");
    }
    m.line = cur_.line;
    m.column = cur_.column;
    m.obsolete = entry_obsolete_;
    if (!read_strings(m.msgid)) return false;
    if (cur_.kind == tok::kw_msgid_plural) {
      if (!read_optional_strings(m.msgid_plural)) return false;
      while (cur_.kind == tok::kw_msgstr) {
        const token kw = cur_;
        if (!check_obsolete(kw) || !advance()) return false;
        if (cur_.kind != tok::lbracket) return fail_token(cur_, "syntax error: expected '['");
        if (!check_obsolete(cur_) || !advance()) return false;
        if (cur_.kind != tok::number) return fail_token(cur_, "syntax error: expected a plural form index");
        const token index = cur_;
        if (!check_obsolete(cur_) || !advance()) return false;
        if (cur_.kind != tok::rbracket) return fail_token(cur_, "syntax error: expected ']'");
        if (!check_obsolete(cur_)) return false;
        if (index.number_overflow || index.number != m.msgstr.size())
          return fail_token(
              kw, m.msgstr.empty() ? "first plural form has nonzero index" : "plural form has wrong index");
        m.msgstr.emplace_back();
        if (!read_string_list(kw, m.msgstr.back(), false)) return false;
      }
      if (m.msgstr.empty()) {
        // GNU names the entry (its msgid line) for errors about a missing section.
        fail(errc::syntax, m.line, m.column, "missing 'msgstr[0]' section");
        return false;
      }
    } else if (cur_.kind == tok::kw_msgstr) {
      const token kw = cur_;
      if (!check_obsolete(kw)) return false;
      m.msgstr.emplace_back();
      sink_ = &m.msgstr.back();
      bool lexed = advance();
      sink_ = nullptr;
      if (!lexed) return false;
      if (cur_.kind == tok::lbracket) {
        fail(errc::syntax, m.line, m.column, "missing 'msgid_plural' section");
        return false;
      }
      if (!read_string_list(kw, m.msgstr.back(), true)) return false;
    } else {
      fail(errc::syntax, m.line, m.column, "missing 'msgstr' section");
      return false;
    }
    got = true;
    return true;
  }

  std::string_view text_;
  std::string_view file_;
  std::string_view charset_;  // the declared charset, for text_mode::converted
  text_mode mode_;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  std::size_t pos_ = 0;
  bool line_obsolete_ = false;
  bool line_previous_ = false;
  bool entry_obsolete_ = false;
  static constexpr std::size_t kLinearLimit = 32;
  static constexpr std::size_t kReserveAfter = 64;  // comment lines of one entry
  std::size_t entry_serial_ = 0;
  std::size_t ref_index_serial_ = 0;
  position_set ref_index_;    // references of the current entry, when many
  position_set flag_index_;   // flags of the current `#,` line, when many
  bool header_seen_ = false;  // the first entry was a header naming a charset: GNU now knows it
  bool entry_seen_ = false;   // a complete entry was read: the text is a catalog, errors may quote it
  token cur_;
  std::string scratch_;
  std::string converted_;
  std::string* sink_ = nullptr;  // where the lexer appends strings, when set
  const bool* stops_;
  byte_table leads_{};
  std::optional<decoder> decode_;  // text_mode::converted
  const po_read_options& options_;
  bool failed_ = false;
  error error_;
};

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
  if (h == nullptr || h->msgstr.empty() || name.empty()) return std::nullopt;
  std::string_view s = h->msgstr[0];
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t nl = s.find('\n', start);
    std::size_t end = nl == npos ? s.size() : nl;
    std::string_view line = s.substr(start, end - start);
    if (line.size() > name.size() && line.compare(0, name.size(), name) == 0 && line[name.size()] == ':') {
      std::string_view value = line.substr(name.size() + 1);
      while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
      return std::string(value);
    }
    start = end + 1;
  }
  return std::nullopt;
}

result<po_file> read_po(std::string_view text, std::string_view file_name, const po_read_options& options) {
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

result<po_file> read_po_file(const std::string& path, const po_read_options& options) {
  auto io_error = [&](const char* what, int err) {
    std::string msg = what;
    msg += ": ";
    std::string reason = std::strerror(err);
    if (!reason.empty() && reason[0] >= 'A' && reason[0] <= 'Z')
      reason[0] = static_cast<char>(reason[0] - 'A' + 'a');
    msg += reason;
    return error{errc::io, std::move(msg), path, 0, 0};
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error("cannot open file", errno);
  struct fd_closer {
    int fd;
    ~fd_closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return io_error("cannot read file", errno);
  if (S_ISDIR(st.st_mode)) return io_error("cannot read file", EISDIR);
  std::string data;
  if (S_ISREG(st.st_mode)) {
    auto size = static_cast<std::size_t>(st.st_size);
    if (size > options.max_bytes)
      return error{errc::limit_exceeded,
                   "file too large (" + std::to_string(size) + " bytes, the limit is " +
                       std::to_string(options.max_bytes) + ")",
                   path, 0, 0};
    data.reserve(size + 1);
  }
  // Read until EOF (the file may change size, or be a pipe), never past the bound.
  char buf[65536];
  while (true) {
    ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      return io_error("cannot read file", errno);
    }
    if (got == 0) break;
    data.append(buf, static_cast<std::size_t>(got));
    if (data.size() > options.max_bytes)
      return error{errc::limit_exceeded,
                   "file too large (the limit is " + std::to_string(options.max_bytes) + " bytes)", path, 0,
                   0};
  }
  return read_po(data, path, options);
}

}  // namespace erli18n
