#include "locale_aliases.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace erli18n::intl {
namespace {

bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

char ascii_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_ignoring_ascii_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
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
  const char first = ascii_lower(name[0]);
  const char* const end = file_text.data() + file_text.size();
  const char* at = file_text.data();
  while (at < end) {
    const char* line_end =
        static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)));
    if (line_end == nullptr) line_end = end;
    std::string_view line(at, static_cast<std::size_t>(line_end - at));
    at = line_end + 1;
    // Most lines name another alias: their first word's first letter already says so, and
    // the rest of the line is passed over with one memchr (no comment search, no words).
    std::size_t start = 0;
    while (start < line.size() && is_blank(line[start])) ++start;
    if (start == line.size() || ascii_lower(line[start]) != first) continue;
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::string_view alias = word(line, start);
    std::string_view value = word(line, start);
    if (!alias.empty() && !value.empty() && same_ignoring_ascii_case(alias, name)) return value;
  }
  return name;
}

std::string read_alias_file(const char* path) {
  std::string text;
  int fd;
  do fd = ::open(path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return text;  // a file that cannot be read holds no aliases, as glibc reads it
  // Into the stack (its pages are in use already), then copied at its size. No fstat first:
  // a read that comes back short of the buffer has reached the end of the (regular) file,
  // so a file that fits takes one read; a larger one is read on until a read gives nothing.
  char chunk[4096];
  for (;;) {
    ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {  // unreadable (a folder, an I/O error): no aliases
      text.clear();
      break;
    }
    text.append(chunk, static_cast<std::size_t>(got));
    if (static_cast<std::size_t>(got) < sizeof chunk) break;
  }
  ::close(fd);
  return text;
}

// Read once and kept for the life of the process, as glibc keeps its table; a change to the
// file is seen by the next process.
std::string_view locale_alias_text() {
  static const std::string* text = new std::string(read_alias_file(alias_file));
  return *text;
}

}  // namespace erli18n::intl
