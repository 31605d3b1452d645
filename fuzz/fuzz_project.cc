// Fuzzes the project file's reader (erli18n/tools/project.h) and GNU's POTFILES.in and LINGUAS
// lists, all read from a project's files. A failure is an errc::syntax error at a position in
// the text, with a message; a success gives known keys only, each word where the text has it
// and of its key's kind, and written back (every word quoted) it parses to the same entries.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/tools/project.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  return lines;
}

const erli18n::project_key* key_named(std::string_view name) {
  for (const erli18n::project_key& k : erli18n::project_keys())
    if (name == k.name) return &k;
  return nullptr;
}

// The file written back: one line per word of a list, every word quoted.
std::string write_back(const erli18n::project_file& p) {
  std::string out;
  for (const erli18n::project_entry& e : p.entries) {
    if (e.values.empty()) out += e.key + " =\n";
    for (const erli18n::project_word& w : e.values) {
      out += e.key + " = \"";
      for (char c : w.text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += "\"\n";
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = lines_of(text);
  erli18n::result<erli18n::project_file> parsed = erli18n::parse_project_file(text, "erli18n.conf");
  if (!parsed) {
    const erli18n::error& e = parsed.error();
    check(e.code == erli18n::errc::syntax && e.file == "erli18n.conf" && !e.message.empty());
    check(e.line >= 1 && e.line <= lines.size() && e.column >= 1);
    check(e.column <= lines[e.line - 1].size() + 1);
  } else {
    for (const erli18n::project_entry& e : parsed->entries) {
      const erli18n::project_key* key = key_named(e.key);
      check(key != nullptr);
      check(std::count_if(parsed->entries.begin(), parsed->entries.end(),
                          [&e](const erli18n::project_entry& o) { return o.key == e.key; }) == 1);
      if (key->kind != erli18n::project_value_kind::list) check(e.values.size() == 1);
      for (const erli18n::project_word& w : e.values) {
        check(w.line >= 1 && w.line <= lines.size() && w.column >= 1 && w.column <= lines[w.line - 1].size());
        const std::string_view at = lines[w.line - 1].substr(w.column - 1);
        if (at.front() != '"') check(at.substr(0, w.text.size()) == w.text);
        if (key->kind == erli18n::project_value_kind::boolean) check(w.text == "true" || w.text == "false");
        if (key->kind == erli18n::project_value_kind::number) {
          const std::optional<std::size_t> n = parsed->number(e.key);
          check(n && *n >= key->min && *n <= key->max);
        }
      }
    }
    erli18n::result<erli18n::project_file> again = erli18n::parse_project_file(write_back(*parsed), "again");
    check(again.has_value() && again->entries.size() == parsed->entries.size());
    for (std::size_t i = 0; i < parsed->entries.size(); ++i) {
      check(again->entries[i].key == parsed->entries[i].key);
      check(again->list(again->entries[i].key) == parsed->list(parsed->entries[i].key));
    }
  }
  for (const std::string& file : erli18n::parse_potfiles(text)) {
    check(!file.empty() && file.front() != '#' && file.front() != ' ' && file.back() != ' ');
    check(file.find('\n') == std::string::npos);
  }
  for (const std::string& locale : erli18n::parse_linguas(text)) {
    check(!locale.empty() && locale.find_first_of(" \t\n#") == std::string::npos);
  }
  return 0;
}
