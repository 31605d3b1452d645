#include "erli18n/locale_name.h"

#include <array>
#include <cstring>
#include <string>
#include <string_view>

namespace erli18n {
namespace {

// Locale names come from requests, so the classification is ASCII-only and independent of the
// process's C locale (std::isalpha would depend on it).
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alnum(char c) noexcept { return is_alpha(c) || is_digit(c); }
constexpr bool is_separator(char c) noexcept { return c == '-' || c == '_'; }
constexpr char to_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
constexpr char to_upper(char c) noexcept {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

bool all_of(std::string_view s, bool (*pred)(char) noexcept) noexcept {
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}

bool equals_ignoring_case(std::string_view a, std::string_view lower) noexcept {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != lower[i]) return false;
  return true;
}

bool is_variant(std::string_view s) noexcept {
  if (!all_of(s, is_alnum)) return false;
  return (s.size() >= 5 && s.size() <= 8) || (s.size() == 4 && is_digit(s[0]));
}

// The canonical name is never longer than the (bounded) input, so a fixed buffer holds it;
// `put` still checks, so that a mistake in that reasoning drops the name instead of
// overrunning the buffer.
class writer {
 public:
  void put(char c) noexcept {
    if (size_ < buf_.size()) buf_[size_] = c;
    ++size_;
  }
  void put_lower(std::string_view s) noexcept {
    for (char c : s) put(to_lower(c));
  }
  void put_upper(std::string_view s) noexcept {
    for (char c : s) put(to_upper(c));
  }
  std::string_view view() const noexcept { return {buf_.data(), size_ <= buf_.size() ? size_ : 0}; }

 private:
  std::array<char, max_locale_name> buf_{};
  std::size_t size_ = 0;
};

// Why `canonicalize` rejected a name (the message doubles as the error text); no message
// means success.
struct failure {
  errc code = errc::invalid_argument;
  const char* message = nullptr;
};
constexpr failure success{};

// The one parser behind both overloads, so that they cannot disagree. Returns the canonical
// name in `w`, or a failure with a static message.
// Long (about 100 lines) on purpose: the one parser behind both overloads reads a name in one
// pass (characters, modifier, codeset, then its subtags one at a time) and writes as it goes,
// without allocating; the steps share the remaining text and the writer.
failure canonicalize(std::string_view name, writer& w) noexcept {
  if (name.empty()) return {errc::invalid_argument, "empty locale name"};
  if (name.size() > max_locale_name) return {errc::limit_exceeded, "locale name longer than 63 bytes"};
  for (char c : name)
    if (!is_alnum(c) && !is_separator(c) && c != '.' && c != '@')
      return {errc::invalid_argument, "invalid character in locale name"};

  std::string_view main = name;
  std::string_view modifier;
  bool has_modifier = false;
  if (std::size_t at = name.find('@'); at != std::string_view::npos) {
    main = name.substr(0, at);
    modifier = name.substr(at + 1);
    has_modifier = true;
    if (modifier.empty()) return {errc::invalid_argument, "empty modifier in locale name"};
    if (!all_of(modifier, is_alnum)) return {errc::invalid_argument, "invalid modifier in locale name"};
    // glibc's `@euro` picks the currency of a locale (LC_MONETARY) and never names a
    // translation: no catalog is filed under it, so it is dropped like a codeset, and
    // `pt_BR.UTF-8@euro` finds the `pt_BR` catalog. Other modifiers name scripts or
    // varieties (`sr@latin`, `ca@valencia`) and are kept.
    if (equals_ignoring_case(modifier, "euro")) has_modifier = false;
  }
  if (std::size_t dot = main.find('.'); dot != std::string_view::npos) {
    std::string_view codeset = main.substr(dot + 1);
    main = main.substr(0, dot);
    if (codeset.empty()) return {errc::invalid_argument, "empty codeset in locale name"};
    for (char c : codeset)
      if (!is_alnum(c) && !is_separator(c)) return {errc::invalid_argument, "invalid codeset in locale name"};
  }

  // Subtags of `main`, one at a time; an empty one (leading, trailing or doubled separator)
  // is an error wherever it is.
  std::size_t pos = 0;
  auto next = [&](std::string_view& subtag) noexcept {
    if (pos > main.size()) return false;
    std::size_t end = pos;
    while (end < main.size() && !is_separator(main[end])) ++end;
    subtag = main.substr(pos, end - pos);
    pos = end + 1;
    return true;
  };
  std::string_view subtag;
  next(subtag);
  if (subtag.empty()) return {errc::invalid_argument, "empty subtag in locale name"};

  if (equals_ignoring_case(subtag, "c") || equals_ignoring_case(subtag, "posix")) {
    if (pos <= main.size() || has_modifier)
      return {errc::invalid_argument, "locale names C and POSIX take no subtags or modifier"};
    w.put_upper(subtag);
    return success;
  }
  if (subtag.size() < 2 || subtag.size() > 3 || !all_of(subtag, is_alpha))
    return {errc::invalid_argument, "language must be 2 or 3 letters"};
  static constexpr std::string_view legacy[][2] = {
      {"iw", "he"}, {"in", "id"}, {"ji", "yi"}, {"jw", "jv"}, {"mo", "ro"}};
  std::string_view language = subtag;
  for (const auto& [old_code, new_code] : legacy)
    if (equals_ignoring_case(subtag, old_code)) language = new_code;
  w.put_lower(language);

  // BCP 47 fixes the order script, region, variants; `at` is the earliest kind still allowed.
  enum class stage { script, region, variant };
  stage at = stage::script;
  bool in_extension = false;    // after a singleton, every subtag is dropped
  bool extension_open = false;  // a singleton still waits for its first subtag
  bool private_use = false;     // after `x`, single characters are subtags, not singletons
  while (next(subtag)) {
    if (subtag.empty()) return {errc::invalid_argument, "empty subtag in locale name"};
    if (subtag.size() > 8) return {errc::invalid_argument, "locale subtag longer than 8 characters"};
    if (in_extension) {
      const bool singleton = subtag.size() == 1 && !private_use;
      if (singleton && extension_open) return {errc::invalid_argument, "locale extension without subtags"};
      extension_open = singleton;
      private_use = private_use || (singleton && to_lower(subtag[0]) == 'x');
      continue;
    }
    if (at == stage::script && subtag.size() == 4 && all_of(subtag, is_alpha)) {
      w.put('_');
      w.put(to_upper(subtag[0]));
      w.put_lower(subtag.substr(1));
      at = stage::region;
    } else if (at <= stage::region && ((subtag.size() == 2 && all_of(subtag, is_alpha)) ||
                                       (subtag.size() == 3 && all_of(subtag, is_digit)))) {
      w.put('_');
      w.put_upper(subtag);
      at = stage::variant;
    } else if (is_variant(subtag)) {
      at = stage::variant;
    } else if (subtag.size() == 1) {
      in_extension = true;
      extension_open = true;
      private_use = to_lower(subtag[0]) == 'x';
    } else {
      return {errc::invalid_argument, "unexpected subtag in locale name"};
    }
  }
  if (extension_open) return {errc::invalid_argument, "locale extension without subtags"};

  if (has_modifier) {
    w.put('@');
    w.put_lower(modifier);
  }
  return success;
}

}  // namespace

result<std::string> canonical_locale(std::string_view name) {
  writer w;
  failure f = canonicalize(name, w);
  if (f.message != nullptr) return error{f.code, f.message, {}, 0, 0};
  return std::string(w.view());
}

std::size_t canonical_locale(std::string_view name, char* out, std::size_t cap) noexcept {
  writer w;
  if (canonicalize(name, w).message != nullptr) return 0;
  std::string_view canonical = w.view();
  if (out == nullptr || canonical.size() >= cap) return 0;
  std::memcpy(out, canonical.data(), canonical.size());
  out[canonical.size()] = '\0';
  return canonical.size();
}

std::string_view parent_locale(std::string_view canonical, char* out, std::size_t cap) noexcept {
  const std::size_t at = canonical.find('@');
  const bool has_modifier = at != std::string_view::npos;
  const std::string_view base = canonical.substr(0, at);
  const std::string_view modifier = has_modifier ? canonical.substr(at + 1) : std::string_view{};
  const std::size_t last = base.rfind('_');
  if (last == std::string_view::npos) return has_modifier ? base : std::string_view{};
  if (!has_modifier) return base.substr(0, last);

  // `canonical` may live in `out`, so the parent is assembled aside before it is copied.
  std::array<char, max_locale_name + 1> parent;
  const std::size_t size = last + 1 + modifier.size();
  if (size >= parent.size() || out == nullptr || size >= cap) return {};
  std::memcpy(parent.data(), base.data(), last);
  parent[last] = '@';
  std::memcpy(parent.data() + last + 1, modifier.data(), modifier.size());
  parent[size] = '\0';
  std::memcpy(out, parent.data(), size + 1);
  return {out, size};
}

}  // namespace erli18n
