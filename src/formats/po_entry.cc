// The PO reader's assembly of entries: the parser's members that read an entry's keywords and
// strings in GNU's order (previous msgid, msgctxt, msgid, msgid_plural, msgstr[N]) and file
// its comments, flags and references, deduplicated as msgcat does.
#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "po_parser.h"

namespace erli18n::po_detail {

// Parses entries until the end (or, with `first_only`, after the first entry).
bool parser::parse(std::vector<po_message>& out, bool first_only) {
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

void parser::add_flags(po_message& m, std::string_view t) {
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
std::optional<std::size_t> parser::parse_line_number(std::string_view d) {
  std::size_t v = 0;
  for (char c : d) v = v * 10 + static_cast<std::size_t>(c - '0');
  if (v == static_cast<std::size_t>(-1)) return std::nullopt;
  return v;
}

bool parser::all_digits(std::string_view d) {
  return !d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return is_digit(c); });
}

void parser::add_reference(po_message& m, std::string_view file, std::optional<std::size_t> line) {
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
void parser::add_references(po_message& m, std::string_view t) {
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
void parser::reserve_comments(po_message& m) {
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

void parser::add_comment(po_message& m, const token& t) {
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

// cur_ is a keyword; reads it and the strings that follow into `out`.
bool parser::read_strings(std::string& out) {
  const token kw = cur_;
  if (!check_obsolete(kw)) return false;
  return read_string_list(kw, out, false);
}

// Reads the strings after `kw` into `out`; `advanced` when cur_ is already the first one.
// The lexer appends each string straight into `out` (sink_): no intermediate copy.
bool parser::read_string_list(const token& kw, std::string& out, bool advanced) {
  sink_ = &out;
  bool ok = read_string_list_into_sink(kw, advanced);
  sink_ = nullptr;
  return ok;
}

bool parser::read_string_list_into_sink(const token& kw, bool advanced) {
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

bool parser::read_optional_strings(std::optional<std::string>& out) {
  out.emplace();
  return read_strings(*out);
}

// Reads one entry into `m`; `got` is false at the end of the input.
bool parser::parse_entry(po_message& m, bool& got) {
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

}  // namespace erli18n::po_detail
