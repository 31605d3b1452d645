// xgettext 0.21's `--check` syntax checks, as measured on its output (tests/parity/xgettext_gnu.sh
// runs both over the same strings): the ellipsis and space-before-ellipsis checks look at the
// end of each sentence, the quote check at pairs of ASCII quotes, the bullet check at lists of
// lines starting with the same ASCII bullet at the same indentation.
#include "extract_syntax_check.h"

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace erli18n::extract_detail {

namespace {

constexpr char32_t replacement = 0xFFFD;
constexpr char32_t horizontal_ellipsis = 0x2026;

// The code point at `text[at]` and its length in bytes; a byte that does not start a valid
// UTF-8 sequence is U+FFFD, one byte long (so a scan never skips what follows it).
std::pair<char32_t, std::size_t> decode_at(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, cp = lead & 0x1F, min = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, cp = lead & 0x0F, min = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, cp = lead & 0x07, min = 0x10000;
  } else {
    return {replacement, 1};
  }
  if (at + length > text.size()) return {replacement, 1};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return {replacement, 1};
    cp = (cp << 6) | (byte(at + i) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {replacement, 1};
  return {cp, length};
}

// The code point that ends just before `at`, not looking before `from`; `found` false when
// there is none. A byte that ends no valid sequence is U+FFFD on its own.
char32_t decode_before(std::string_view text, std::size_t from, std::size_t at, bool& found) {
  found = at > from;
  if (!found) return replacement;
  std::size_t start = at - 1;
  while (start > from && at - start < 4 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  const auto [cp, length] = decode_at(text, start);
  return start + length == at ? cp : replacement;
}

bool ends_sentence(char32_t c) { return c == '.' || c == '?' || c == '!' || c == horizontal_ellipsis; }

// The quotes and brackets that may close a sentence after its ending character.
bool closes_sentence(char32_t c) {
  return c == ')' || c == ']' || c == '}' || c == '\'' || c == '"' || c == 0x201D;
}

// The spaces `--sentence-end` counts (a tab or a newline ends a sentence on its own).
bool is_sentence_space(char32_t c) { return c == ' ' || c == 0xA0; }

// White space as the Unicode character database defines it, no-break spaces excepted (what
// the space-before-ellipsis check takes for a space).
bool is_unicode_space(char32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0D) || c == 0x1680 || (c >= 0x2000 && c <= 0x2006) ||
         (c >= 0x2008 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x205F || c == 0x3000;
}

// Where the `...` that ends the sentence starts: the last three of a run of dots, or the three
// before another ending character; npos when it ends otherwise.
std::size_t ascii_ellipsis_at(std::string_view text, std::size_t start, std::size_t end, char32_t ending) {
  const std::size_t before = ending == '.' ? 2 : 3;
  if (end < start + before) return std::string_view::npos;
  return text.substr(end - before, 3) == "..." ? end - before : std::string_view::npos;
}

// Each sentence of `text` as (start, end, ending character); a sentence after the last end
// starts just after it (inside a `…`, as xgettext resumes there).
template <typename Visit>
void for_each_sentence(std::string_view text, sentence_end type, Visit visit) {
  std::size_t start = 0;
  while (start < text.size()) {
    char32_t ending = replacement;
    const std::size_t end = start + sentence_end_of(text.substr(start), type, ending);
    visit(start, end, ending);
    start = end + 1;
  }
}

// C's isspace in the C locale.
bool is_c_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The ASCII quote pairs of `text`, each reported by `report('"')` or `report('\'')`, as
// xgettext 0.21 pairs them (measured). A quote opens a pair when none is open. A double
// quote closes an open double quote (`""` is not reported); a single quote closes an open
// backquote, or an open single quote when the opening one follows a space and the closing
// one comes before a space, a newline or the end, or when the opening one starts a line and
// the closing one comes before a space. A quote that closes nothing: after an opening quote
// that follows a space or starts a line, a single quote ends the pair unreported and the
// others change nothing; after one inside a word (`it's`), it takes the opening one's place
// when either is a single quote.
template <typename Report>
void scan_ascii_quotes(std::string_view text, Report report) {
  bool open = false;
  std::size_t start = 0;
  const std::size_t last = text.empty() ? 0 : text.size() - 1;
  for (std::size_t p = 0; p < text.size(); ++p) {
    const char c = text[p];
    if (c != '"' && c != '`' && c != '\'') continue;
    if (!open) {
      open = true, start = p;
      continue;
    }
    const char opening = text[start];
    const bool after_space = start > 0 && text[start - 1] == ' ';
    const bool line_start = start == 0 || text[start - 1] == '\n';
    if (c == '"' && opening == '"') {
      if (p > start + 1) report('"');
      open = false;
      continue;
    }
    if (c == '\'') {
      const bool before_space = p < last && text[p + 1] == ' ';
      const bool before_end = p == last || text[p + 1] == '\n';
      if (opening == '`' || (opening == '\'' && ((after_space && (before_space || before_end)) ||
                                                 (line_start && before_space)))) {
        report('\'');
        open = false;
        continue;
      }
    }
    if (!after_space && !line_start) {
      if (opening == '\'' || c == '\'') start = p;
    } else if (c == '\'') {
      open = false;
    }
  }
}

// The first ASCII bullet ('-' or '*' and a space, after white space at the start of a line)
// that repeats the one before it at the same indentation, as a list written with ASCII
// bullets does; 0 when there is none. Indentation is counted from where the line starts,
// across empty lines before the bullet; a deeper bullet opens a nested list, a shallower
// one returns to the enclosing list, any other line ends every list.
char repeated_ascii_bullet(std::string_view text) {
  struct list {
    std::size_t depth;
    char bullet;
  };
  std::vector<list> lists;
  list* current = nullptr;
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t p = line;
    while (p < text.size() && is_c_space(text[p])) ++p;
    if (p + 1 < text.size() && (text[p] == '-' || text[p] == '*') && text[p + 1] == ' ') {
      const std::size_t depth = p - line;
      if (current == nullptr || depth > current->depth) {
        lists.push_back({depth, text[p]});
        current = &lists.back();
      } else {
        if (depth < current->depth) {
          if (lists.size() > 1) {
            lists.pop_back();
            current = &lists.back();
          } else {
            current = nullptr;
          }
        }
        if (current != nullptr && depth == current->depth) {
          if (current->bullet == text[p]) return text[p];
          current->bullet = text[p];
        }
      }
    } else {
      lists.clear();
      current = nullptr;
    }
    const std::size_t newline = text.find('\n', line);
    if (newline == std::string_view::npos) break;
    line = newline + 1;
  }
  return 0;
}

}  // namespace

std::size_t sentence_end_of(std::string_view text, sentence_end type, char32_t& ending) {
  enum class state { outside, after_end, after_closer, after_space };
  state s = state::outside;
  std::size_t point = 0;
  ending = replacement;
  char32_t seen = replacement;
  for (std::size_t at = 0; at <= text.size();) {
    if (at == text.size()) {
      if (s != state::outside) {
        ending = seen;
        return point;
      }
      break;
    }
    const auto [c, length] = decode_at(text, at);
    switch (s) {
      case state::after_end:
        if (ends_sentence(c)) {
          seen = c, point = at;
          break;
        }
        [[fallthrough]];
      case state::after_closer:
        if (closes_sentence(c)) {
          s = state::after_closer;
        } else if (is_sentence_space(c) && type == sentence_end::double_space) {
          s = state::after_space;
        } else if (is_sentence_space(c) || c == '\t' || c == '\n') {
          ending = seen;
          return point;
        } else {
          s = state::outside;
          continue;  // read again as the start of a new ending
        }
        break;
      case state::after_space:
        // A second space or a newline; a tab after a space does not end it (measured).
        if (is_sentence_space(c) || c == '\n') {
          ending = seen;
          return point;
        }
        s = state::outside;
        continue;
      case state::outside:
        if (ends_sentence(c)) seen = c, point = at, s = state::after_end;
        break;
    }
    at += length;
  }
  return text.size();
}

void run_syntax_check(syntax_check check, std::string_view text, sentence_end type,
                      std::vector<std::string>& problems) {
  switch (check) {
    case syntax_check::ellipsis_unicode:
      for_each_sentence(text, type, [&](std::size_t start, std::size_t end, char32_t ending) {
        if (ascii_ellipsis_at(text, start, end, ending) != std::string_view::npos)
          problems.emplace_back("ASCII ellipsis ('...') instead of Unicode");
      });
      break;
    case syntax_check::space_ellipsis:
      for_each_sentence(text, type, [&](std::size_t start, std::size_t end, char32_t ending) {
        std::size_t at = ending == horizontal_ellipsis ? end : ascii_ellipsis_at(text, start, end, ending);
        // Before a `?` or `!` (not a `.`) a `…` is an ellipsis too.
        if (at == std::string_view::npos && ending != '.' && ending != horizontal_ellipsis &&
            end >= start + 3 && text.substr(end - 3, 3) == "\u2026")
          at = end - 3;
        if (at == std::string_view::npos) return;
        bool found = false;
        const char32_t before = decode_before(text, start, at, found);
        if (found && is_unicode_space(before))
          problems.emplace_back("space before ellipsis found in user visible strings");
      });
      break;
    case syntax_check::quote_unicode:
      scan_ascii_quotes(text, [&](char quote) {
        problems.emplace_back(quote == '"' ? "ASCII double quote used instead of Unicode"
                                           : "ASCII single quote used instead of Unicode");
      });
      break;
    case syntax_check::bullet_unicode:
      if (const char bullet = repeated_ascii_bullet(text); bullet != 0)
        problems.push_back(std::string("ASCII bullet ('") + bullet + "') instead of Unicode");
      break;
  }
}

}  // namespace erli18n::extract_detail

namespace erli18n {

namespace {

constexpr std::string_view check_names[] = {"ellipsis-unicode", "space-ellipsis", "quote-unicode",
                                            "bullet-unicode"};

}  // namespace

std::optional<syntax_check> parse_syntax_check(std::string_view name) {
  for (std::size_t i = 0; i < std::size(check_names); ++i)
    if (name == check_names[i]) return static_cast<syntax_check>(i);
  return std::nullopt;
}

std::string_view to_string(syntax_check check) { return check_names[static_cast<std::size_t>(check)]; }

std::optional<sentence_end> parse_sentence_end(std::string_view name) {
  if (name == "single-space") return sentence_end::single_space;
  if (name == "double-space") return sentence_end::double_space;
  return std::nullopt;
}

}  // namespace erli18n
