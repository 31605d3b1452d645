// Header rewriting for merge_catalogs and init_catalog.
#include "merge_header.h"

#include <array>
#include <cstddef>
#include <vector>

namespace erli18n::detail {
namespace {

// The fields msgmerge 0.21 puts first, in this order, whenever it merges (found by merging
// headers with shuffled, repeated and re-cased fields; Plural-Forms is not one of them: it
// stays among the other lines).
constexpr std::array<std::string_view, 10> standard_fields = {
    "Project-Id-Version", "Report-Msgid-Bugs-To",
    "POT-Creation-Date",  "PO-Revision-Date",
    "Last-Translator",    "Language-Team",
    "Language",           "MIME-Version",
    "Content-Type",       "Content-Transfer-Encoding"};

bool starts_with_field(std::string_view line, std::string_view field) {
  if (line.size() <= field.size() || line[field.size()] != ':') return false;
  for (std::size_t i = 0; i < field.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(line[i]) != lower(field[i])) return false;
  }
  return true;
}

// The lines of `text`, each with its newline (the last one may lack it).
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::size_t take = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(0, take));
    text.remove_prefix(take);
  }
  return lines;
}

// What follows "Field:" in `line`, without the newline.
std::string_view value_of(std::string_view line, std::string_view field) {
  std::string_view value = line.substr(field.size() + 1);
  if (!value.empty() && value.back() == '\n') value.remove_suffix(1);
  return value;
}

}  // namespace

std::optional<std::string> header_value(std::string_view header, std::string_view field) {
  for (std::string_view line : lines_of(header))
    if (starts_with_field(line, field)) return std::string(value_of(line, field));
  return std::nullopt;
}

std::string rebuilt_header(std::string_view header, const std::vector<header_override>& overrides) {
  std::array<std::optional<std::string_view>, standard_fields.size()> values;
  std::string others;
  for (std::string_view line : lines_of(header)) {
    bool standard = false;
    for (std::size_t i = 0; i < standard_fields.size() && !standard; ++i) {
      if (!starts_with_field(line, standard_fields[i])) continue;
      values[i] = value_of(line, standard_fields[i]);  // a repeated field: the last one wins
      standard = true;
    }
    if (!standard) others += line;
  }
  for (const header_override& o : overrides)
    for (std::size_t i = 0; i < standard_fields.size(); ++i)
      if (standard_fields[i] == o.field) values[i] = o.value;
  std::string out;
  for (std::size_t i = 0; i < standard_fields.size(); ++i) {
    if (!values[i]) continue;
    out.append(standard_fields[i]).append(":").append(*values[i]).append("\n");
  }
  return out + others;
}

std::string header_with_charset(std::string_view header, std::string_view charset) {
  std::string out;
  for (std::string_view line : lines_of(header)) {
    std::size_t at = line.find("charset=");
    if (!starts_with_field(line, "Content-Type") || at == std::string_view::npos) {
      out += line;
      continue;
    }
    at += 8;
    std::size_t end = line.find_first_of(" \t;\n", at);
    if (end == std::string_view::npos) end = line.size();
    out.append(line.substr(0, at)).append(charset).append(line.substr(end));
  }
  return out;
}

std::string header_with_field(std::string_view header, std::string_view field, std::string_view value,
                              std::string_view before) {
  const std::string line = std::string(field) + ": " + std::string(value) + "\n";
  std::vector<std::string_view> lines = lines_of(header);
  std::string out;
  bool done = false;
  for (std::string_view l : lines)
    if (starts_with_field(l, field)) done = true;
  for (std::string_view l : lines) {
    if (starts_with_field(l, field)) {
      out += line;
      continue;
    }
    if (!done && starts_with_field(l, before)) {
      out += line;
      done = true;
    }
    out += l;
  }
  if (!done) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += line;
  }
  return out;
}

}  // namespace erli18n::detail
