#include "printf_directive.h"

namespace erli18n {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// The digits at `i` (advanced past them) as a number saturated at printf_number_cap.
std::size_t read_digits(std::string_view s, std::size_t& i) noexcept {
  std::size_t n = 0;
  for (; i < s.size() && is_digit(s[i]); ++i)
    n = n >= printf_number_cap ? printf_number_cap : n * 10 + static_cast<std::size_t>(s[i] - '0');
  return n > printf_number_cap ? printf_number_cap : n;
}

// `digits$` at `i`: its number, `i` moved past the `$`; nothing (and `i` kept) otherwise.
std::optional<std::size_t> read_position(std::string_view s, std::size_t& i) noexcept {
  std::size_t j = i;
  const std::size_t n = read_digits(s, j);
  if (j == i || j >= s.size() || s[j] != '$') return std::nullopt;
  i = j + 1;
  return n;
}

// A width or precision: `*`, `*N$` or digits. After a `*` the digits belong to it only when
// a `$` follows; otherwise they are left for the conversion (where they are no conversion).
printf_amount read_amount(std::string_view s, std::size_t& i) noexcept {
  printf_amount a;
  if (i < s.size() && s[i] == '*') {
    ++i;
    a.form = printf_amount::kind::star;
    a.number = read_position(s, i);
  } else if (i < s.size() && is_digit(s[i])) {
    a.form = printf_amount::kind::digits;
    (void)read_digits(s, i);
  }
  return a;
}

}  // namespace

printf_directive read_printf_directive(std::string_view s, std::size_t at) noexcept {
  printf_directive d;
  d.start = at;
  std::size_t i = at + 1;
  d.number = read_position(s, i);
  const std::size_t flags = i;
  while (i < s.size() && std::string_view("-+ #0'I").find(s[i]) != std::string_view::npos) ++i;
  d.flags = s.substr(flags, i - flags);
  d.width = read_amount(s, i);
  if (i < s.size() && s[i] == '.') {
    ++i;
    d.has_precision = true;
    d.precision = read_amount(s, i);
  }
  const std::size_t sizes = i;
  while (i < s.size() && std::string_view("hlLqjzZt").find(s[i]) != std::string_view::npos) ++i;
  d.sizes = s.substr(sizes, i - sizes);
  d.end = i;
  if (i >= s.size()) {
    d.problem = printf_problem::ends_inside;
    return d;
  }
  d.conversion = s[i];
  if (d.conversion == '<') {
    const std::size_t close = s.find('>', i);
    if (close == std::string_view::npos) {
      d.problem = printf_problem::unclosed_macro;
      return d;
    }
    d.macro = s.substr(i + 1, close - i - 1);
    d.end = close + 1;
    return d;
  }
  if (std::string_view("diouxXeEfFgGaAcCsSpnm%").find(d.conversion) == std::string_view::npos) {
    d.problem = printf_problem::bad_conversion;
    return d;
  }
  d.end = i + 1;
  return d;
}

std::optional<pri_macro> read_pri_macro(std::string_view name) noexcept {
  if (name.size() < 4 || name.substr(0, 3) != "PRI") return std::nullopt;
  pri_macro m;
  m.conversion = name[3];
  if (std::string_view("diouxX").find(m.conversion) == std::string_view::npos) return std::nullopt;
  std::string_view rest = name.substr(4);
  if (rest == "MAX" || rest == "PTR") {
    m.kind = rest == "MAX" ? pri_macro::family::max : pri_macro::family::ptr;
    return m;
  }
  if (rest.substr(0, 5) == "LEAST") {
    m.kind = pri_macro::family::least;
    rest.remove_prefix(5);
  } else if (rest.substr(0, 4) == "FAST") {
    m.kind = pri_macro::family::fast;
    rest.remove_prefix(4);
  }
  if (rest == "8")
    m.bits = 8;
  else if (rest == "16")
    m.bits = 16;
  else if (rest == "32")
    m.bits = 32;
  else if (rest == "64")
    m.bits = 64;
  else
    return std::nullopt;
  return m;
}

}  // namespace erli18n
