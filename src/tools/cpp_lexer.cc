// The C++ lexer of the extractor (cpp_lexer.h).
#include "cpp_lexer.h"

#include "c_format.h"
#include "erli18n/interpolate.h"
#include "printf_directive.h"

#include <algorithm>
#include <cstdint>

namespace erli18n::detail {

namespace {

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_ident_start(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool is_ident_char(int c) { return is_ident_start(c) || is_digit(c); }
int hex_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (is_space(static_cast<unsigned char>(s.front())) || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (is_space(static_cast<unsigned char>(s.back())) || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// Literal encodings: how numeric escapes are read.
constexpr int narrow = 0;  // plain and u8: an escape is one byte
constexpr int wide = 1;    // L, u, U: an escape is one code unit, written here as UTF-8

}  // namespace

namespace {

bool holds_splice(std::string_view s) {
  for (std::size_t at = s.find('\\'); at != std::string_view::npos; at = s.find('\\', at + 1)) {
    std::size_t n = at + 1;
    if (n < s.size() && s[n] == '\r') ++n;
    if (n < s.size() && s[n] == '\n') return true;
  }
  return false;
}

}  // namespace

cpp_lexer::cpp_lexer(std::string_view source, bool keep_comments)
    : src_(source), has_splices_(holds_splice(source)), keep_comments_(keep_comments) {}

void cpp_lexer::skip_splices() {
  while (pos_ < src_.size() && src_[pos_] == '\\') {
    std::size_t n = pos_ + 1;
    if (n < src_.size() && src_[n] == '\r') ++n;
    if (n >= src_.size() || src_[n] != '\n') return;
    pos_ = n + 1;
    ++line_;
    line_start_ = pos_;
  }
}

int cpp_lexer::peek_after(std::size_t count) {
  skip_splices();
  std::size_t p = pos_;
  while (true) {
    // Skip splices at p.
    while (p < src_.size() && src_[p] == '\\') {
      std::size_t n = p + 1;
      if (n < src_.size() && src_[n] == '\r') ++n;
      if (n >= src_.size() || src_[n] != '\n') break;
      p = n + 1;
    }
    if (p >= src_.size()) return -1;
    if (count == 0) return static_cast<unsigned char>(src_[p]);
    --count;
    ++p;
  }
}

void cpp_lexer::note_code_line(std::size_t line) {
  if (line > last_code_line_) {
    if (last_code_line_ > last_comment_line_) comment_lines_.reset();
    last_code_line_ = line;
  }
}

void cpp_lexer::begin_comment(std::size_t) {
  if (last_code_line_ > last_comment_line_) comment_lines_.reset();
}

void cpp_lexer::add_comment_line(std::string_view text) {
  // Bounded: a pathological run of comments keeps its last lines only.
  // Bounded: past this many lines, a run of comments keeps its first lines only.
  constexpr std::size_t max_lines = 1000;
  if (!comment_lines_) comment_lines_ = std::make_shared<std::vector<std::string>>();
  if (comment_lines_->size() < max_lines) comment_lines_->emplace_back(trim(text));
}

void cpp_lexer::skip_line_comment() {
  begin_comment(line_);
  advance();
  advance();
  if (!has_splices_ && !keep_comments_) {
    // Without splices the comment ends at the next new line, which is left for next().
    const std::size_t end = src_.find('\n', pos_);
    pos_ = end == std::string_view::npos ? src_.size() : end;
    last_comment_line_ = line_;
    return;
  }
  std::string text;
  for (int c = cur(); c >= 0 && c != '\n'; c = cur()) {
    if (keep_comments_) text += static_cast<char>(c);
    advance();
  }
  if (keep_comments_) add_comment_line(text);
  last_comment_line_ = line_;
}

void cpp_lexer::skip_block_comment() {
  begin_comment(line_);
  advance();
  advance();
  if (!has_splices_ && !keep_comments_) {
    const std::size_t close = src_.find("*/", pos_);
    const std::size_t end = close == std::string_view::npos ? src_.size() : close + 2;
    for (std::size_t nl = src_.find('\n', pos_); nl < end; nl = src_.find('\n', nl + 1)) {
      ++line_;
      line_start_ = nl + 1;
    }
    pos_ = end;
    last_comment_line_ = line_;
    return;
  }
  std::string text;
  while (true) {
    int c = cur();
    if (c < 0) break;
    if (c == '*' && peek_after(1) == '/') {
      advance();
      advance();
      break;
    }
    if (keep_comments_) {
      if (c == '\n') {
        add_comment_line(text);
        text.clear();
      } else {
        text += static_cast<char>(c);
      }
    }
    advance();
  }
  if (keep_comments_) add_comment_line(text);
  last_comment_line_ = line_;
}

void cpp_lexer::read_identifier(std::string& out) {
  out.clear();
  if (!has_splices_) {
    const std::size_t begin = pos_;
    while (pos_ < src_.size() && is_ident_char(static_cast<unsigned char>(src_[pos_]))) ++pos_;
    out.assign(src_.data() + begin, pos_ - begin);
    return;
  }
  for (int c = cur(); c >= 0 && is_ident_char(c); c = cur()) {
    out += static_cast<char>(c);
    advance();
  }
}

void cpp_lexer::read_number() {
  advance();
  while (true) {
    int c = cur();
    if (c < 0) return;
    if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && (peek_after(1) == '+' || peek_after(1) == '-')) {
      advance();
      advance();
    } else if (is_ident_char(c) || c == '.') {
      advance();
    } else if (c == '\'' && is_ident_char(peek_after(1))) {
      advance();  // digit separator: 1'000'000
      advance();
    } else {
      return;
    }
  }
}

void cpp_lexer::skip_ud_suffix() {
  int c = cur();
  if (c >= 0 && is_ident_start(c)) {
    std::string ignored;
    read_identifier(ignored);
  }
}

void cpp_lexer::read_char_literal() {
  advance();  // the opening quote
  while (true) {
    int c = cur();
    if (c < 0 || c == '\n') return;  // unterminated: ends with the line
    advance();
    if (c == '\'') break;
    if (c == '\\') {
      int e = cur();
      if (e >= 0 && e != '\n') advance();
    }
  }
  skip_ud_suffix();
}

// Long (about 130 lines) on purpose: one scanner for a literal's body (runs of plain bytes,
// NULs, the escapes: simple, octal, hex, \u and \U in each encoding), sharing the position
// and the token being built; each escape is a few lines of one switch.
void cpp_lexer::read_string(cpp_token& token, int encoding) {
  advance();  // the opening quote
  std::string& out = token.value;
  bool truncated = false;  // a \0 ends the C string: the rest is not part of the message
  auto put_byte = [&](char b) {
    if (!truncated) out += b;
  };
  auto put_unit = [&](std::uint32_t v) {
    if (v == 0) {
      truncated = true;
    } else if (encoding == narrow) {
      if (v > 0xFF) {
        if (token.problem.empty()) token.problem = "escape sequence out of range";
      } else {
        put_byte(static_cast<char>(v));
      }
    } else if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
      if (token.problem.empty()) token.problem = "escape sequence out of range";
    } else if (!truncated) {
      append_utf8(out, v);
    }
  };
  while (true) {
    int c = cur();
    if (c < 0 || c == '\n') {
      if (token.problem.empty()) token.problem = "unterminated string literal";
      return;
    }
    if (!has_splices_ && c != '"' && c != '\\' && c != 0) {
      // A run of plain bytes, copied at once.
      std::size_t end = pos_ + 1;
      while (end < src_.size()) {
        const char b = src_[end];
        if (b == '"' || b == '\\' || b == '\n' || b == '\0') break;
        ++end;
      }
      if (!truncated) out.append(src_.data() + pos_, end - pos_);
      pos_ = end;
      continue;
    }
    advance();
    if (c == '"') break;
    if (c != '\\') {
      if (c == 0) truncated = true;  // a NUL byte in the source ends the C string, as \0 does
      put_byte(static_cast<char>(c));
      continue;
    }
    int e = cur();
    if (e < 0 || e == '\n') continue;  // reported as unterminated on the next turn
    advance();
    switch (e) {
      case 'n':
        put_byte('\n');
        break;
      case 't':
        put_byte('\t');
        break;
      case 'r':
        put_byte('\r');
        break;
      case 'a':
        put_byte('\a');
        break;
      case 'b':
        put_byte('\b');
        break;
      case 'f':
        put_byte('\f');
        break;
      case 'v':
        put_byte('\v');
        break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7': {
        std::uint32_t v = static_cast<std::uint32_t>(e - '0');
        for (int i = 0; i < 2 && cur() >= '0' && cur() <= '7'; ++i) {
          v = v * 8 + static_cast<std::uint32_t>(cur() - '0');
          advance();
        }
        put_unit(v);
        break;
      }
      case 'x': {
        std::uint32_t v = 0;
        int digits = 0;
        bool big = false;
        for (int h = hex_value(cur()); h >= 0; h = hex_value(cur())) {
          if (v > 0x0FFFFFFF) big = true;
          v = (v << 4) | static_cast<std::uint32_t>(h);
          ++digits;
          advance();
        }
        if (digits == 0) {
          if (token.problem.empty()) token.problem = "\\x used with no following hex digits";
        } else if (big) {
          if (token.problem.empty()) token.problem = "escape sequence out of range";
        } else {
          put_unit(v);
        }
        break;
      }
      case 'u':
      case 'U': {
        const int want = e == 'u' ? 4 : 8;
        std::uint32_t v = 0;
        int digits = 0;
        for (; digits < want && hex_value(cur()) >= 0; ++digits) {
          v = (v << 4) | static_cast<std::uint32_t>(hex_value(cur()));
          advance();
        }
        if (digits < want || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
          if (token.problem.empty()) token.problem = "invalid universal character name";
        } else if (v == 0) {
          truncated = true;
        } else if (!truncated) {
          append_utf8(out, v);
        }
        break;
      }
      default:
        // \\ \' \" \? and unknown escapes stand for the character itself, so a backslash
        // before a NUL byte ends the C string too.
        if (e == 0) truncated = true;
        put_byte(static_cast<char>(e));
        break;
    }
  }
  skip_ud_suffix();
}

void cpp_lexer::read_raw_string(cpp_token& token) {
  // cur() is the opening quote. Inside a raw string splices are not removed: read bytes.
  skip_splices();
  ++pos_;
  const std::size_t delim_begin = pos_;
  while (pos_ < src_.size() && pos_ - delim_begin <= 16) {
    char c = src_[pos_];
    if (c == '(' || c == ')' || c == '\\' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
        c == '\f' || c == '"')
      break;
    ++pos_;
  }
  if (pos_ >= src_.size() || src_[pos_] != '(' || pos_ - delim_begin > 16) {
    token.problem = "invalid raw string delimiter";
    return;  // lexing goes on from here, as if the prefix had been an identifier
  }
  std::string terminator = ")";
  terminator.append(src_.substr(delim_begin, pos_ - delim_begin));
  terminator += '"';
  const std::size_t body = pos_ + 1;
  std::size_t end = src_.find(terminator, body);
  std::size_t stop = end == std::string_view::npos ? src_.size() : end;
  token.value.assign(src_.substr(body, stop - body));
  if (std::size_t nul = token.value.find('\0'); nul != std::string::npos)
    token.value.resize(nul);  // C string
  // The literal's value is the bytes as written; only the new lines are counted.
  for (std::size_t i = pos_; i < stop; ++i) {
    if (src_[i] == '\n') {
      ++line_;
      line_start_ = i + 1;
    }
  }
  if (end == std::string_view::npos) {
    token.problem = "unterminated raw string literal";
    pos_ = src_.size();
    return;
  }
  pos_ = end + terminator.size();
  skip_ud_suffix();
}

void cpp_lexer::skip_rest_of_line() {
  // Comments on a skipped directive line are not translator comments (xgettext ignores them).
  const bool keep = keep_comments_;
  keep_comments_ = false;
  struct restore {
    bool& flag;
    bool value;
    ~restore() { flag = value; }
  } restore_keep{keep_comments_, keep};
  while (true) {
    int c = cur();
    if (c < 0 || c == '\n') return;
    if (c == '/' && peek_after(1) == '/') {
      skip_line_comment();
    } else if (c == '/' && peek_after(1) == '*') {
      skip_block_comment();
    } else if (c == '"' || c == '\'') {
      advance();
      for (int d = cur(); d >= 0 && d != '\n'; d = cur()) {
        advance();
        if (d == c) break;
        if (d == '\\' && cur() >= 0 && cur() != '\n') advance();
      }
    } else {
      advance();
    }
  }
}

// As xgettext 0.21 reads it (measured): the decimal digits of N (`0x10` reads as 0), then
// the first string on the line, its backslashes escaping the next byte; without a file name
// the directive is ignored. The next line is line N of that file.
void cpp_lexer::read_line_directive(std::string_view read_digits) {
  std::size_t number = 0;
  bool digits = false;
  auto add_digit = [&](int c) {
    digits = true;
    if (number < (std::size_t{1} << 40)) number = number * 10 + static_cast<std::size_t>(c - '0');
  };
  for (char c : read_digits) add_digit(c);
  if (read_digits.empty()) {
    while (is_space(cur())) advance();
    for (int c = cur(); is_digit(c); c = cur()) {
      add_digit(c);
      advance();
    }
  }
  for (int c = cur(); c >= 0 && c != '\n' && c != '"'; c = cur()) advance();
  if (!digits || cur() != '"') {
    skip_rest_of_line();
    return;
  }
  advance();
  std::string file;
  for (int c = cur(); c >= 0 && c != '\n' && c != '"'; c = cur()) {
    advance();
    if (c == '\\' && cur() >= 0 && cur() != '\n') {
      c = cur();
      advance();
    }
    if (file.size() < 4096) file += static_cast<char>(c);
  }
  if (cur() == '"') advance();
  skip_rest_of_line();
  // The next physical line (line_ + 1) is line `number`.
  line_shift_ = number - (line_ + 1);
  // Bounded: past 4096 names a file keeps the last one (tokens point into files_, so none
  // is ever dropped).
  if ((file_ == nullptr || *file_ != file) && files_.size() < 4096) {
    files_.push_back(std::move(file));
    file_ = &files_.back();
  }
}

void cpp_lexer::read_directive(cpp_token&, bool&) {
  note_code_line(line_);
  advance();  // '#'
  while (is_space(cur())) advance();
  std::string name;
  read_identifier(name);
  // `#line N "file"`, and GNU's `# N "file"` (whose N read_identifier took as a name).
  if (name == "line" || (!name.empty() && std::all_of(name.begin(), name.end(), is_digit))) {
    read_line_directive(name == "line" ? std::string_view{} : std::string_view(name));
    return;
  }
  if (name != "define") {
    skip_rest_of_line();
    return;
  }
  // The body of a macro is lexed like code; its name and parameters are not.
  in_define_ = true;
  while (is_space(cur())) advance();
  std::string macro;
  read_identifier(macro);
  if (cur() == '(') {
    for (int c = cur(); c >= 0 && c != '\n'; c = cur()) {
      advance();
      if (c == ')') break;
    }
  }
}

// Long (about 100 lines) on purpose: the lexer's dispatch on the next character (space and
// comments, directives, literals, identifiers, brackets, punctuation), one short case each
// over the shared position.
bool cpp_lexer::next(cpp_token& token) {
  while (true) {
    int c = cur();
    if (c < 0 || c == '\n') {
      if (c == '\n') advance();
      at_line_start_ = true;
      if (in_define_) {
        in_define_ = false;
        token = cpp_token{};
        token.kind = cpp_token_kind::directive_end;
        token.line = line_;
        return true;
      }
      if (c < 0) return false;
      continue;
    }
    if (is_space(c)) {
      advance();
      continue;
    }
    if (c == '/' && peek_after(1) == '/') {
      skip_line_comment();
      continue;
    }
    if (c == '/' && peek_after(1) == '*') {
      skip_block_comment();
      continue;
    }
    if (c == '#' && at_line_start_ && !in_define_) {
      at_line_start_ = false;
      bool produced = false;
      read_directive(token, produced);
      if (in_define_) {
        token = cpp_token{};
        token.kind = cpp_token_kind::directive_begin;
        token.line = line_;
        return true;
      }
      continue;
    }
    at_line_start_ = false;

    token.kind = cpp_token_kind::other;
    token.text = {};
    token.value.clear();
    token.problem.clear();
    token.comments = {};
    token.line = line_ + line_shift_;
    token.file = file_;
    token.column = column();
    note_code_line(line_);

    if (is_ident_start(c)) {
      read_identifier(ident_);
      const int q = cur();
      if (q == '"' || q == '\'') {
        const std::string_view p = ident_;
        const bool plain_prefix = p == "u8" || p == "L" || p == "u" || p == "U";
        const bool raw_prefix = p == "R" || p == "u8R" || p == "LR" || p == "uR" || p == "UR";
        if (q == '\'' && plain_prefix) {
          read_char_literal();
          return true;
        }
        if (q == '"' && (plain_prefix || raw_prefix)) {
          token.kind = cpp_token_kind::string;
          token.text = ident_;
          if (raw_prefix) {
            read_raw_string(token);
          } else {
            read_string(token, p == "u8" ? narrow : wide);
          }
          if (keep_comments_ && comment_lines_) token.comments = {comment_lines_, comment_lines_->size()};
          return true;
        }
      }
      token.kind = cpp_token_kind::identifier;
      token.text = ident_;
      return true;
    }
    if (is_digit(c) || (c == '.' && is_digit(peek_after(1)))) {
      read_number();
      return true;
    }
    if (c == '"') {
      token.kind = cpp_token_kind::string;
      read_string(token, narrow);
      if (keep_comments_ && comment_lines_) token.comments = {comment_lines_, comment_lines_->size()};
      return true;
    }
    if (c == '\'') {
      read_char_literal();
      return true;
    }
    advance();
    static constexpr std::string_view brackets = "([{)]},";
    if (const std::size_t k = brackets.find(static_cast<char>(c)); k != std::string_view::npos) {
      token.kind = k < 3 ? cpp_token_kind::open : k < 6 ? cpp_token_kind::close : cpp_token_kind::comma;
      token.text = brackets.substr(k, 1);
    }
    return true;
  }
}

// xgettext's guess is msgfmt's check (c_format.h) with two more refusals: `%` as a conversion
// after other pieces (`%5%`; but printf's format argument may have it, as Boost's `%1%`), and
// the `I` flag, which is for translations.
bool is_c_format(std::string_view s, bool directive_needed) {
  if (!c_format::parse_c_format(s).valid) return false;
  std::size_t directives = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '%') {
      ++i;
      continue;
    }
    const printf_directive d = read_printf_directive(s, i);
    i = d.end;
    ++directives;
    if (d.bare_percent()) continue;
    if ((d.conversion == '%' && directive_needed) || d.flags.find('I') != std::string_view::npos)
      return false;
  }
  return directives != 0 || !directive_needed;
}

// The runtime's grammar itself, so that a message is flagged erli18n-format exactly when
// interpolation would substitute something in it (a name over max_placeholder_name is not).
bool has_erli18n_placeholder(std::string_view s) { return !placeholders(s).empty(); }

}  // namespace erli18n::detail
