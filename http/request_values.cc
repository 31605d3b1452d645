// Reading one value out of a query string or a Cookie header. Both are split lazily, so a
// request with thousands of pairs costs no more than `max_pairs` of them.
#include <optional>
#include <string>
#include <string_view>

#include "erli18n/http.h"

namespace erli18n::http {
namespace {

// The next piece of `rest` up to `separator`, consumed from `rest`.
std::string_view next_piece(std::string_view& rest, char separator) noexcept {
  const std::size_t end = rest.find(separator);
  const std::string_view piece = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  return piece;
}

std::string_view trim_spaces(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// application/x-www-form-urlencoded decoding, which is what browsers send for forms and what
// links built with encodeURIComponent decode as. Nothing when an escape is malformed: a
// half-decoded value could name a different locale than the user meant.
std::optional<std::string> form_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out.push_back(' ');
    } else if (text[i] != '%') {
      out.push_back(text[i]);
    } else {
      if (i + 2 >= text.size()) return std::nullopt;  // `%` or `%4` at the end
      const int high = hex_digit(text[i + 1]);
      const int low = hex_digit(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out.push_back(static_cast<char>(high * 16 + low));
      i += 2;
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> query_value(std::string_view query, std::string_view name,
                                       const http_limits& limits) {
  if (query.size() > limits.max_query_bytes) return std::nullopt;
  std::string_view rest = query;
  for (std::size_t pairs = 0; pairs < limits.max_pairs && !rest.empty(); ++pairs) {
    const std::string_view pair = next_piece(rest, '&');
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos || pair.substr(0, equals) != name) continue;
    if (std::optional<std::string> value = form_decode(pair.substr(equals + 1))) return value;
  }
  return std::nullopt;
}

std::optional<std::string_view> cookie_value(std::string_view header, std::string_view name,
                                             const http_limits& limits) {
  if (header.size() > limits.max_cookie_bytes) return std::nullopt;
  std::string_view rest = header;
  for (std::size_t pairs = 0; pairs < limits.max_pairs && !rest.empty(); ++pairs) {
    const std::string_view pair = trim_spaces(next_piece(rest, ';'));
    const std::size_t equals = pair.find('=');
    if (equals == std::string_view::npos) continue;
    const std::string_view key = trim_spaces(pair.substr(0, equals));
    if (key.empty() || key != name) continue;
    std::string_view value = trim_spaces(pair.substr(equals + 1));
    // RFC 6265 §4.1.1 allows a cookie value in double quotes; the quotes are not part of it.
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return value;
  }
  return std::nullopt;
}

}  // namespace erli18n::http
