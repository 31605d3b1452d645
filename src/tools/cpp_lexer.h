// A C++ lexer for message extraction (private to the library).
//
// It follows the translation phases that matter for finding string literals: line splices
// (backslash-newline) are removed everywhere except inside raw strings, comments are
// collected (for `--add-comments`), preprocessor directives are skipped except the bodies of
// `#define` (xgettext extracts calls written in macros, and so do we), character literals
// and pp-numbers (digit separators included) are consumed whole, and string literals of every
// form (plain, u8, L, u, U, raw with any of these prefixes, user-defined suffixes) are decoded
// to UTF-8. Adjacent literals are not joined here: the parser does it, since it also needs
// the line of the first one.
//
// Linear in the input: every byte is looked at a bounded number of times; no recursion.
#ifndef ERLI18N_SRC_CPP_LEXER_H
#define ERLI18N_SRC_CPP_LEXER_H

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n::detail {

enum class cpp_token_kind : unsigned char {
  identifier,       ///< text = the identifier
  string,           ///< value = the decoded literal
  open,             ///< ( [ {
  close,            ///< ) ] }
  comma,            ///< ,
  other,            ///< any other punctuator, number or character literal
  directive_begin,  ///< start of a `#define` body (after the macro's name and parameters)
  directive_end,    ///< end of a `#define` body: calls left open there are abandoned
};

/// Comment lines in effect before a token, as xgettext keeps them: each line of a comment,
/// stripped of surrounding white space. A block is the first `count` lines of an append-only
/// vector shared by every token that saw it, so taking one costs O(1).
struct comment_block {
  std::shared_ptr<const std::vector<std::string>> lines;
  std::size_t count = 0;

  bool empty() const noexcept { return count == 0; }
};

struct cpp_token {
  cpp_token_kind kind = cpp_token_kind::other;
  std::string_view text;  ///< the token's first byte(s): identifier, punctuator; for strings the prefix
  std::string value;      ///< string: the literal's bytes, decoded to UTF-8
  /// 1-based line of the token's first byte, as `#line` directives number it (xgettext's
  /// references); the physical line when there is none.
  std::size_t line = 0;
  /// The file name the last `#line N "file"` gave, null before any (the scanned file).
  const std::string* file = nullptr;
  std::size_t column = 0;  ///< 1-based byte column
  /// string: why the literal cannot be used as a message (empty when it can), e.g. an
  /// unterminated literal or an escape out of range.
  std::string problem;
  comment_block comments;  ///< string: the comments in effect (empty when none or not kept)
};

class cpp_lexer {
 public:
  /// `keep_comments`: collect comments and attach them to string tokens.
  explicit cpp_lexer(std::string_view source, bool keep_comments = false);

  /// The next token; false at the end of the input.
  bool next(cpp_token& token);

  /// Forgets the comments collected so far: xgettext gives a comment to one message only,
  /// the first extracted after it.
  void clear_comments() { comment_lines_.reset(); }

 private:
  // current byte after splices, -1 at the end
  int cur() {
    if (has_splices_) skip_splices();
    return pos_ < src_.size() ? static_cast<unsigned char>(src_[pos_]) : -1;
  }
  int peek_after(std::size_t count);  // the byte `count` logical bytes ahead, -1 at the end
  // past the current (logical) byte
  void advance() {
    if (has_splices_) skip_splices();
    if (pos_ >= src_.size()) return;
    if (src_[pos_] == '\n') {
      ++line_;
      line_start_ = pos_ + 1;
    }
    ++pos_;
  }
  void skip_splices();
  std::size_t column() const { return pos_ - line_start_ + 1; }

  void skip_line_comment();
  void skip_block_comment();
  void read_directive(cpp_token& token, bool& produced);
  void skip_rest_of_line();
  void read_line_directive(std::string_view read_digits);
  void read_identifier(std::string& out);
  void read_number();
  void read_char_literal();
  void read_string(cpp_token& token, int encoding);
  void read_raw_string(cpp_token& token);
  void skip_ud_suffix();
  void note_code_line(std::size_t line);
  void add_comment_line(std::string_view text);
  void begin_comment(std::size_t line);

  std::string_view src_;
  // Whether the source holds a backslash-newline at all. Most files hold none, and then
  // every byte is its own logical byte: cur() and advance() skip the splice check, and
  // comments and plain literal runs are scanned with memchr.
  bool has_splices_;
  std::string ident_;  // the last identifier (splices removed)
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  bool keep_comments_;
  bool at_line_start_ = true;  // only white space and comments so far on this logical line
  bool in_define_ = false;     // inside the body of a #define
  std::size_t directive_line_ = 0;
  // `#line N "file"`: added to the physical line (modulo 2^64) to give the token's line, and
  // the file named (stable addresses: tokens point at them).
  std::size_t line_shift_ = 0;
  const std::string* file_ = nullptr;
  std::deque<std::string> files_;

  // Comment state (xgettext's rule): comments accumulate; they are forgotten when a comment
  // or a token starts on a new line after a line that held code after the last comment.
  std::shared_ptr<std::vector<std::string>> comment_lines_;  // append-only; replaced on reset
  std::size_t last_comment_line_ = 0;
  std::size_t last_code_line_ = 0;
};

/// True when `text` is a valid C format string with at least one directive, which is when
/// xgettext marks a message `c-format` (measured on xgettext 0.21 --language=C++). With
/// `directive_needed = false`, any valid format string (used for the msgid of a gettext call
/// written as printf's format argument, which xgettext marks even without directives, and
/// with `%` as a conversion after other pieces, `%5%`).
bool is_c_format(std::string_view text, bool directive_needed = true);

/// True when `text` holds at least one erli18n `%{name}` placeholder (interpolate.h grammar).
bool has_erli18n_placeholder(std::string_view text);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_CPP_LEXER_H
