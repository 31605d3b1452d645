// Fuzzes locale-name canonicalization and catalog-path validation, both of which take names
// from requests. canonical_locale fails closed with a lower-case message, its two overloads
// agree byte for byte, its result is canonical (a fixed point), no longer than the input and
// safe as a path component, and parent_locale walks from it through ever shorter canonical
// names to none. validate_path_component agrees with a direct reading of its contract.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "erli18n/catalog_path.h"
#include "erli18n/locale_name.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

bool is_canonical_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '@';
}

void check_parents(std::string_view canonical) {
  char buf[erli18n::max_locale_name + 1];
  std::memcpy(buf, canonical.data(), canonical.size());
  std::string_view current(buf, canonical.size());
  // language, script, region and modifier: at most four steps to the top.
  for (int steps = 0;; ++steps) {
    check(steps <= 4);
    const std::string_view parent = erli18n::parent_locale(current, buf, sizeof buf);
    if (parent.empty()) break;
    check(parent.size() < current.size());
    const std::string copy(parent);
    erli18n::result<std::string> again = erli18n::canonical_locale(copy);
    check(again.has_value() && *again == copy);
    current = parent;
  }
}

void check_path_component(std::string_view text) {
  const bool expected = !text.empty() && text != "." && text.find('/') == std::string_view::npos &&
                        text.find('\\') == std::string_view::npos &&
                        text.find('\0') == std::string_view::npos &&
                        text.find("..") == std::string_view::npos;
  erli18n::result<void> ok = erli18n::validate_path_component(text, "locale");
  check(ok.has_value() == expected);
  if (!ok) check(ok.error().message.rfind("locale ", 0) == 0);
  erli18n::result<std::string> path = erli18n::catalog_path("root/", text, "domain");
  check(path.has_value() == expected);
  if (path) check(*path == "root/" + std::string(text) + "/LC_MESSAGES/domain.mo");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_path_component(text);

  erli18n::result<std::string> canonical = erli18n::canonical_locale(text);
  char buf[erli18n::max_locale_name + 1];
  const std::size_t n = erli18n::canonical_locale(text, buf, sizeof buf);
  if (!canonical) {
    const erli18n::error& e = canonical.error();
    check(n == 0);
    check(!e.message.empty());
    check(e.message[0] < 'A' || e.message[0] > 'Z');
    check(e.code == (size > erli18n::max_locale_name ? erli18n::errc::limit_exceeded
                                                     : erli18n::errc::invalid_argument));
    return 0;
  }
  const std::string& c = *canonical;
  check(n == c.size() && std::string_view(buf, n) == c && buf[n] == '\0');
  check(!c.empty() && c.size() <= size && c.size() <= erli18n::max_locale_name);
  for (char ch : c) check(is_canonical_byte(ch));

  // Exactly enough room, and one byte too little.
  char tight[erli18n::max_locale_name + 1];
  check(erli18n::canonical_locale(text, tight, n + 1) == n);
  check(erli18n::canonical_locale(text, tight, n) == 0);

  erli18n::result<std::string> again = erli18n::canonical_locale(c);
  check(again.has_value() && *again == c);
  check(erli18n::validate_path_component(c, "locale").has_value());
  check_parents(c);
  return 0;
}
