#include "header_fields.h"

#include <algorithm>
#include <cstddef>

namespace erli18n {
namespace {

constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool is_header_field(std::string_view line, std::string_view name, field_case match) noexcept {
  if (name.empty() || line.size() <= name.size() || line[name.size()] != ':') return false;
  if (match == field_case::exact) return line.substr(0, name.size()) == name;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (ascii_lower(line[i]) != ascii_lower(name[i])) return false;
  return true;
}

std::optional<std::string_view> raw_header_field(std::string_view header, std::string_view name,
                                                 field_case match) noexcept {
  while (!header.empty()) {
    const std::size_t nl = header.find('\n');
    const std::string_view line = header.substr(0, nl);
    header.remove_prefix(nl == std::string_view::npos ? header.size() : nl + 1);
    if (is_header_field(line, name, match)) return line.substr(name.size() + 1);
  }
  return std::nullopt;
}

std::optional<std::string_view> find_header_field(std::string_view header, std::string_view name,
                                                  field_case match) noexcept {
  std::optional<std::string_view> value = raw_header_field(header, name, match);
  if (value) value->remove_prefix(std::min(value->find_first_not_of(" \t"), value->size()));
  return value;
}

}  // namespace erli18n
