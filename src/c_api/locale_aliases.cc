#include "locale_aliases.h"

#include <string>
#include <utility>

#include "file_io.h"

namespace erli18n::intl {
namespace {

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

bool same_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The next blank-separated word of `line` from `at`, which moves past it.
std::string_view word(std::string_view line, std::size_t& at) {
  while (at < line.size() && is_blank(line[at])) ++at;
  const std::size_t start = at;
  while (at < line.size() && !is_blank(line[at])) ++at;
  return line.substr(start, at - start);
}

// glibc's alias directory on Debian; its alias file has used this name for decades.
constexpr const char* alias_file = "/usr/share/locale/locale.alias";

}  // namespace

std::string_view expand_locale_alias_in(std::string_view name, std::string_view file_text) {
  if (name.empty()) return name;
  std::size_t line_start = 0;
  while (line_start < file_text.size()) {
    std::size_t line_end = file_text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = file_text.size();
    std::string_view line = file_text.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::size_t at = 0;
    std::string_view alias = word(line, at);
    std::string_view value = word(line, at);
    if (!alias.empty() && !value.empty() && same_ignoring_ascii_case(alias, name)) return value;
  }
  return name;
}

// Read once and kept for the life of the process, as glibc keeps its table; a change to the
// file is seen by the next process.
std::string_view locale_alias_text() {
  // A file that cannot be read holds no aliases, as glibc reads it.
  static const std::string* text = [] {
    result<std::string> bytes = read_whole_file(alias_file);
    return new std::string(bytes ? std::move(*bytes) : std::string());
  }();
  return *text;
}

}  // namespace erli18n::intl
