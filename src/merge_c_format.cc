// C format strings reduced to the arguments they take, for the merge's format check.
#include "merge_c_format.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>

namespace erli18n::detail {
namespace {

// Argument position (1-based) -> the type the directives read it as.
using argument_types = std::map<std::size_t, std::string>;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads digits at `at`; nothing when there are none.
std::optional<std::size_t> read_number(std::string_view s, std::size_t& at) {
  if (at >= s.size() || !is_digit(s[at])) return std::nullopt;
  std::size_t n = 0;
  while (at < s.size() && is_digit(s[at])) {
    n = n * 10 + static_cast<std::size_t>(s[at] - '0');
    if (n > 100000) return std::nullopt;
    ++at;
  }
  return n;
}

class c_format_reader {
 public:
  explicit c_format_reader(std::string_view s) : s_(s) {}

  /// The arguments, or nothing for an invalid format. `complete`: numbered arguments must be
  /// 1..N with none skipped (a caller could not pass a gap; a plural form may leave some out).
  std::optional<argument_types> arguments(bool complete) {
    for (std::size_t at = 0; at < s_.size(); ++at) {
      if (s_[at] != '%') continue;
      if (!directive(++at)) return std::nullopt;
    }
    if (!complete) return types_;
    std::size_t expected = 1;
    for (const auto& [position, type] : types_)
      if (position != expected++) return std::nullopt;
    return types_;
  }

 private:
  // Records that argument `position` (or the next one) is read as `type`.
  bool take(std::optional<std::size_t> position, const std::string& type) {
    if (position) {
      if (numbered_ == 0 || *position == 0) return false;  // numbered and unnumbered mixed
      numbered_ = 1;
    } else {
      if (numbered_ == 1) return false;
      numbered_ = 0;
      position = ++next_;
    }
    auto [it, added] = types_.emplace(*position, type);
    return added || it->second == type;
  }

  // A `*` width or precision, possibly numbered (`*N$`): an int argument.
  bool star(std::size_t& at) {
    ++at;
    std::size_t probe = at;
    if (auto n = read_number(s_, probe); n && probe < s_.size() && s_[probe] == '$') {
      at = probe + 1;
      return take(*n, "int");
    }
    return take(std::nullopt, "int");
  }

  bool directive(std::size_t& at) {
    if (at < s_.size() && s_[at] == '%') return true;
    std::optional<std::size_t> position;
    std::size_t probe = at;
    if (auto n = read_number(s_, probe); n && probe < s_.size() && s_[probe] == '$') {
      position = *n;
      at = probe + 1;
    }
    while (at < s_.size() && std::string_view("-+ #0'I").find(s_[at]) != std::string_view::npos) ++at;
    if (at < s_.size() && s_[at] == '*') {
      if (!star(at)) return false;
    } else {
      (void)read_number(s_, at);
    }
    if (at < s_.size() && s_[at] == '.') {
      ++at;
      if (at < s_.size() && s_[at] == '*') {
        if (!star(at)) return false;
      } else {
        (void)read_number(s_, at);
      }
    }
    std::string size;
    while (at < s_.size() && std::string_view("hlLqjzZt").find(s_[at]) != std::string_view::npos)
      size += s_[at++];
    if (at >= s_.size()) return false;
    const char conversion = s_[at];
    if (conversion == '<') {
      // <PRId64> and friends: the macro names the type.
      std::size_t end = s_.find('>', at);
      if (end == std::string_view::npos) return false;
      std::string_view macro = s_.substr(at + 1, end - at - 1);
      if (macro.size() < 4 || macro.substr(0, 3) != "PRI") return false;
      for (char c : macro)
        if (!(is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_')) return false;
      at = end;
      const char kind = macro[3];
      return take(position, (kind == 'd' || kind == 'i' ? "int" : "unsigned") + std::string(macro.substr(4)));
    }
    switch (conversion) {
      case 'd':
      case 'i':
        return take(position, "int" + size);
      case 'o':
      case 'u':
      case 'x':
      case 'X':
        return take(position, "unsigned" + size);
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        return take(position, "double" + size);
      case 'c':
        return take(position, size == "l" ? "wint" : "char");
      case 'C':
        return take(position, "wint");
      case 's':
        return take(position, size == "l" ? "wstring" : "string");
      case 'S':
        return take(position, "wstring");
      case 'p':
        return take(position, "pointer");
      case 'n':
        return take(position, "count" + size);
      case 'm':
        return true;  // glibc's strerror(errno): no argument
      default:
        return false;
    }
  }

  std::string_view s_;
  argument_types types_;
  std::size_t next_ = 0;
  int numbered_ = -1;  // unknown, 0 = plain directives, 1 = `%N$` directives
};

}  // namespace

bool c_format_translation_fits(std::string_view original, std::string_view translation, bool may_omit) {
  std::optional<argument_types> wanted = c_format_reader(original).arguments(true);
  if (!wanted) return true;
  std::optional<argument_types> given = c_format_reader(translation).arguments(!may_omit);
  if (!given) return false;
  if (may_omit) {
    for (const auto& [position, type] : *given) {
      auto it = wanted->find(position);
      if (it == wanted->end() || it->second != type) return false;
    }
    return true;
  }
  return *wanted == *given;
}

}  // namespace erli18n::detail
