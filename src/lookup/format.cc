#include "erli18n/format.h"

#include <new>
#include <string>
#include <string_view>

namespace erli18n {
namespace {

// The four overloads meet here: `count` (when there is one) goes after the caller's bindings,
// as interpolate_to's fallback, so that the first binding of a name, the caller's, wins.
std::string lenient(std::string_view text, arg_list args, const arg* count) noexcept {
  try {
    std::string out;
    if (!detail::interpolate_to(out, text, args, count, interpolation_mode::lenient)) return {};
    return out;
  } catch (...) {  // only std::bad_alloc can get here
    return {};
  }
}

result<std::string> checked(std::string_view text, arg_list args, const arg* count) {
  try {
    std::string out;
    result<void> r = detail::interpolate_to(out, text, args, count, interpolation_mode::strict);
    if (!r) return r.error();
    return out;
  } catch (const std::bad_alloc&) {
    return error{errc::out_of_memory, "out of memory while interpolating", "", 0, 0};
  }
}

}  // namespace

std::string format(std::string_view text, arg_list args) noexcept { return lenient(text, args, nullptr); }
std::string format(const plural_text& text, arg_list args) noexcept {
  const arg count{"count", text.n()};
  return lenient(text, args, &count);
}
result<std::string> format(std::string_view text, arg_list args, strict_t) {
  return checked(text, args, nullptr);
}
result<std::string> format(const plural_text& text, arg_list args, strict_t) {
  const arg count{"count", text.n()};
  return checked(text, args, &count);
}

}  // namespace erli18n
