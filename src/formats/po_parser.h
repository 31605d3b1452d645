// The PO reader's private parts, shared by its files: the parser class with its tokens, and
// the charset helpers it reads non-UTF-8 files with. po_reader.cc holds the entry points
// (read_po, read_po_file) and the grammar GNU accepts; po_lexer.cc the lexer;
// po_entry.cc the assembly of entries (keywords, strings, comments, flags, references);
// po_charset.cc the UTF-8 checks and the conversion of declared charsets.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "charset.h"
#include "erli18n/po.h"

namespace erli18n::po_detail {

inline constexpr std::size_t npos = std::string_view::npos;

// How strings are checked while lexing.
enum class text_mode {
  raw,        // bytes as they are, unchecked: the header pass
  utf8,       // strings must be UTF-8 (checked as they are scanned); comments are kept as bytes
  ascii,      // `charset=CHARSET`: strings must be ASCII (GNU: "invalid multibyte sequence")
  converted,  // another charset: each string and comment is converted to UTF-8 on its own
};

inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
inline bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
inline bool is_ident_start(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
inline bool is_ident(char c) noexcept { return is_ident_start(c) || is_digit(c); }
inline bool is_hex(char c) noexcept { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

struct utf8_scan {
  std::size_t first_non_ascii = npos;
  std::size_t first_invalid = npos;
};

// Length of the well-formed UTF-8 sequence at p[0] (a non-ASCII byte), or 0 if ill-formed.
std::size_t utf8_sequence_length(const unsigned char* p, std::size_t avail) noexcept;

// One pass over the whole input: where it first leaves ASCII and where it is first invalid.
utf8_scan scan_utf8(std::string_view s) noexcept;

inline bool is_ascii(std::string_view s) noexcept {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

using byte_table = std::array<bool, 256>;

// The lead bytes of the charsets whose second byte may be an ASCII `\` or `"`, or nullopt.
std::optional<byte_table> double_byte_leads(std::string_view name);

// Why the declared charset `name` cannot be read, or empty when it can.
std::string charset_problem(std::string_view name);

// Converts text of a declared charset to UTF-8, keeping ASCII as ASCII (see po_charset.cc).
class decoder {
 public:
  decoder(std::string_view charset, const byte_table* leads);

  charset::conversion operator()(std::string_view s) const;

 private:
  std::string_view charset_;
  const byte_table* leads_;
  bool ascii_exact_ = true;
};

// Appends `s` as UTF-8; bytes `decode` cannot decode become '?'. For comments.
void append_converted_lossy(std::string& out, std::string_view s, const decoder& decode);

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

class parser {
 public:
  parser(std::string_view text, std::string_view file_name, text_mode mode, std::size_t base_offset,
         const po_read_options& options, std::string_view charset_name = {});
  // Parses entries until the end (or, with `first_only`, after the first entry).
  bool parse(std::vector<po_message>& out, bool first_only);

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

  // ---- lexer (po_lexer.cc) ----
  void new_line() {
    ++line_;
    line_start_ = pos_;
    line_obsolete_ = false;
    line_previous_ = false;
  }

  bool advance();
  bool lex_comment();
  bool lex_string();
  bool convert_appended(std::string& out, std::size_t start, std::size_t body);
  std::optional<std::string> to_utf8_or_fail(std::string_view text, std::size_t body);
  bool convert_string(std::size_t body);
  std::size_t scan_plain(std::size_t i);
  bool check_decoded(std::string_view v);

  // ---- comments (po_entry.cc) ----
  void add_flags(po_message& m, std::string_view t);
  static std::optional<std::size_t> parse_line_number(std::string_view d);
  static bool all_digits(std::string_view d);
  void add_reference(po_message& m, std::string_view file, std::optional<std::size_t> line);
  void add_references(po_message& m, std::string_view t);
  void reserve_comments(po_message& m);
  void add_comment(po_message& m, const token& t);

  // ---- grammar (po_entry.cc) ----
  bool check_obsolete(const token& t) {
    if (t.obsolete == entry_obsolete_) return true;
    fail(errc::syntax, t.line, t.column, "inconsistent use of #~");
    return false;
  }

  bool read_strings(std::string& out);
  bool read_string_list(const token& kw, std::string& out, bool advanced);
  bool read_string_list_into_sink(const token& kw, bool advanced);
  bool read_optional_strings(std::optional<std::string>& out);
  bool parse_entry(po_message& m, bool& got);

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

}  // namespace erli18n::po_detail
