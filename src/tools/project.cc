// The project file's reader and GNU's po/POTFILES.in and po/LINGUAS lists (project.h).
#include "erli18n/tools/project.h"

#include <algorithm>
#include <string>
#include <utility>

#include "file_io.h"

namespace erli18n {
namespace {

using kind = project_value_kind;

bool blank(char c) { return c == ' ' || c == '\t'; }

bool key_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'; }

// The lines of `text` without their end (`\n`, or `\r\n`).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
  }
  return lines;
}

class project_parser {
 public:
  explicit project_parser(std::string_view file_name) { out_.path = std::string(file_name); }

  result<project_file> parse(std::string_view text) {
    const std::vector<std::string_view> lines = split_lines(text);
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (result<void> done = parse_line(lines[i], i + 1); !done) return std::move(done).error();
    return std::move(out_);
  }

 private:
  error at(std::size_t line, std::size_t column, std::string message) const {
    return error{errc::syntax, std::move(message), out_.path, line, column};
  }

  result<void> parse_line(std::string_view text, std::size_t line) {
    std::size_t i = 0;
    while (i < text.size() && blank(text[i])) ++i;
    if (i == text.size() || text[i] == '#') return {};
    const std::size_t key_start = i;
    while (i < text.size() && key_char(text[i])) ++i;
    if (i == key_start)
      return at(line, i + 1, "expected a key (lower-case letters, digits and '-') at the start of the line");
    const std::string key(text.substr(key_start, i - key_start));
    const auto& keys = project_keys();
    auto known =
        std::find_if(keys.begin(), keys.end(), [&key](const project_key& k) { return key == k.name; });
    if (known == keys.end()) return at(line, key_start + 1, "unknown key '" + key + "'");
    while (i < text.size() && blank(text[i])) ++i;
    if (i == text.size() || text[i] != '=') return at(line, i + 1, "expected '=' after '" + key + "'");
    ++i;
    std::vector<project_word> words;
    if (result<void> read = read_words(text, i, line, words); !read) return read;
    return add(*known, line, key_start + 1, i + 1, std::move(words));
  }

  // The words from `text[i]` to the end of the line (or to a comment: a `#` starting a word).
  // `i` ends past the last character read.
  result<void> read_words(std::string_view text, std::size_t& i, std::size_t line,
                          std::vector<project_word>& words) const {
    for (;;) {
      while (i < text.size() && blank(text[i])) ++i;
      if (i == text.size() || text[i] == '#') return {};
      project_word word{{}, line, i + 1};
      if (text[i] == '"') {
        const std::size_t quote = i++;
        for (;;) {
          if (i == text.size()) return at(line, quote + 1, "unterminated quoted value");
          const char c = text[i++];
          if (c == '"') break;
          if (c == '\\') {
            if (i == text.size() || (text[i] != '"' && text[i] != '\\'))
              return at(line, i, "unknown escape in a quoted value (only \\\" and \\\\)");
            word.text += text[i++];
            continue;
          }
          word.text += c;
        }
        if (i < text.size() && !blank(text[i]))
          return at(line, i + 1, "expected a space after the closing quote");
      } else {
        while (i < text.size() && !blank(text[i])) {
          if (text[i] == '"') return at(line, i + 1, "a quote inside a word (quote the whole word)");
          word.text += text[i++];
        }
      }
      words.push_back(std::move(word));
    }
  }

  result<void> add(const project_key& key, std::size_t line, std::size_t column, std::size_t value_column,
                   std::vector<project_word> words) {
    auto same = std::find_if(out_.entries.begin(), out_.entries.end(),
                             [&key](const project_entry& e) { return e.key == key.name; });
    if (key.kind == kind::list) {
      if (same == out_.entries.end()) {
        out_.entries.push_back({key.name, line, column, std::move(words)});
      } else {
        std::move(words.begin(), words.end(), std::back_inserter(same->values));
      }
      return {};
    }
    const std::string name = key.name;
    if (same != out_.entries.end())
      return at(line, column, "'" + name + "' is already set at line " + std::to_string(same->line));
    if (words.empty()) return at(line, value_column, "'" + name + "' needs a value");
    if (words.size() > 1)
      return at(line, words[1].column,
                "'" + name + "' takes one value (put a value with spaces in double quotes)");
    const project_word& w = words.front();
    if (result<void> valid = check_value(key, w); !valid) return valid;
    out_.entries.push_back({name, line, column, std::move(words)});
    return {};
  }

  result<void> check_value(const project_key& key, const project_word& w) const {
    const std::string name = key.name;
    if (key.kind == kind::boolean) {
      if (w.text != "true" && w.text != "false")
        return at(w.line, w.column, "'" + name + "' takes true or false, not '" + w.text + "'");
    } else if (key.kind == kind::number) {
      std::size_t n = 0;
      bool fits = !w.text.empty() && w.text.size() <= 9;
      for (char c : w.text) {
        if (c < '0' || c > '9') fits = false;
        if (fits) n = n * 10 + static_cast<std::size_t>(c - '0');
      }
      if (!fits || n < key.min || n > key.max)
        return at(w.line, w.column,
                  "'" + name + "' takes a number from " + std::to_string(key.min) + " to " +
                      std::to_string(key.max) + ", not '" + w.text + "'");
    } else if (key.choices != nullptr) {
      const std::string choices = key.choices;
      std::size_t start = 0;
      for (;;) {
        const std::size_t end = choices.find(' ', start);
        if (choices.compare(start, end == std::string::npos ? std::string::npos : end - start, w.text) == 0)
          return {};
        if (end == std::string::npos) break;
        start = end + 1;
      }
      return at(w.line, w.column, "'" + name + "' takes one of " + choices + ", not '" + w.text + "'");
    }
    return {};
  }

  project_file out_;
};

}  // namespace

const std::vector<project_key>& project_keys() {
  static const std::vector<project_key> keys{
      {"domain", kind::text},
      {"sources", kind::list},
      {"potfiles", kind::text},
      {"template", kind::text},
      {"catalogs", kind::text},
      {"layout", kind::text, 0, 0, "flat lc_messages"},
      {"locales", kind::list},
      {"linguas", kind::text},
      {"keywords", kind::list},
      {"default-keywords", kind::boolean},
      {"from-code", kind::text},
      {"add-comments", kind::text},
      {"add-location", kind::text, 0, 0, "full file never"},
      {"sort-output", kind::boolean},
      {"sort-by-file", kind::boolean},
      {"omit-header", kind::boolean},
      {"package-name", kind::text},
      {"package-version", kind::text},
      {"msgid-bugs-address", kind::text},
      {"copyright-holder", kind::text},
      {"jobs", kind::number, 0, 256},
      {"width", kind::number, 1, 100000},
      {"wrap", kind::boolean},
      {"previous", kind::boolean},
      {"fuzzy-matching", kind::boolean},
      {"werror", kind::boolean},
      {"check-duplicates", kind::boolean},
      {"use-fuzzy", kind::boolean},
  };
  return keys;
}

const project_entry* project_file::find(std::string_view key) const {
  auto found =
      std::find_if(entries.begin(), entries.end(), [key](const project_entry& e) { return e.key == key; });
  return found == entries.end() ? nullptr : &*found;
}

std::optional<std::string> project_file::text(std::string_view key) const {
  const project_entry* e = find(key);
  if (e == nullptr || e->values.empty()) return std::nullopt;
  return e->values.front().text;
}

std::optional<bool> project_file::flag(std::string_view key) const {
  std::optional<std::string> t = text(key);
  if (!t) return std::nullopt;
  return *t == "true";
}

std::optional<std::size_t> project_file::number(std::string_view key) const {
  std::optional<std::string> t = text(key);
  if (!t) return std::nullopt;
  std::size_t n = 0;
  for (char c : *t) n = n * 10 + static_cast<std::size_t>(c - '0');  // digits only (checked)
  return n;
}

std::vector<std::string> project_file::list(std::string_view key) const {
  std::vector<std::string> words;
  if (const project_entry* e = find(key))
    for (const project_word& w : e->values) words.push_back(w.text);
  return words;
}

result<project_file> parse_project_file(std::string_view text, std::string_view file_name) {
  return project_parser(file_name).parse(text);
}

result<project_file> read_project_file(const std::string& path) {
  result<std::string> text = read_whole_file(path, std::size_t{1} << 20);
  if (!text) return std::move(text).error();
  return parse_project_file(*text, path);
}

std::vector<std::string> parse_potfiles(std::string_view text) {
  std::vector<std::string> files;
  for (std::string_view line : split_lines(text)) {
    while (!line.empty() && blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && blank(line.back())) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    files.emplace_back(line);
  }
  return files;
}

std::vector<std::string> parse_linguas(std::string_view text) {
  std::vector<std::string> locales;
  for (std::string_view line : split_lines(text)) {
    line = line.substr(0, line.find('#'));
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && blank(line[i])) ++i;
      const std::size_t start = i;
      while (i < line.size() && !blank(line[i])) ++i;
      if (i > start) locales.emplace_back(line.substr(start, i - start));
    }
  }
  return locales;
}

}  // namespace erli18n
