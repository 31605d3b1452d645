#include "erli18n/negotiate.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/locale_name.h"
#include "locale_chain.h"

namespace erli18n {
namespace {

constexpr unsigned full_quality = 1000;

// RFC 9110's OWS: spaces and horizontal tabs only (a header never holds CR or LF).
std::string_view trim_ows(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The part of the header within `max_bytes`, without an element the bound cut in two: the
// beginning of `de-CH` must not be read as a preference for `de`.
std::string_view within_bound(std::string_view header, std::size_t max_bytes) noexcept {
  if (header.size() <= max_bytes) return header;
  if (header[max_bytes] == ',') return header.substr(0, max_bytes);
  const std::size_t last_comma = header.substr(0, max_bytes).rfind(',');
  return last_comma == std::string_view::npos ? std::string_view{} : header.substr(0, last_comma);
}

// RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in
// thousandths. Exact, so that q=0.001 stays above q=0 and q=1.0 ties with no q.
std::optional<unsigned> parse_quality(std::string_view text) noexcept {
  if (text.empty() || (text[0] != '0' && text[0] != '1')) return std::nullopt;
  unsigned value = text[0] == '1' ? full_quality : 0;
  if (text.size() == 1) return value;
  if (text[1] != '.' || text.size() > 5) return std::nullopt;
  unsigned scale = 100;
  for (char c : text.substr(2)) {
    if (c < '0' || c > '9') return std::nullopt;
    value += static_cast<unsigned>(c - '0') * scale;
    scale /= 10;
  }
  if (value > full_quality) return std::nullopt;
  return value;
}

// One list element, already trimmed and not empty; nothing when it is malformed.
std::optional<language_preference> parse_element(std::string_view element) {
  const std::size_t semicolon = element.find(';');
  const std::string_view range = trim_ows(element.substr(0, semicolon));
  unsigned quality = full_quality;
  if (semicolon != std::string_view::npos) {
    // Exactly one parameter, `q=` (any case): the only one RFC 9110 defines.
    const std::string_view weight = trim_ows(element.substr(semicolon + 1));
    if (weight.size() < 2 || (weight[0] != 'q' && weight[0] != 'Q') || weight[1] != '=') return std::nullopt;
    std::optional<unsigned> q = parse_quality(weight.substr(2));
    if (!q) return std::nullopt;
    quality = *q;
  }
  if (range == "*") return language_preference{"*", quality};
  char canonical[max_locale_name + 1];
  const std::size_t size = canonical_locale(range, canonical, sizeof canonical);
  if (size == 0) return std::nullopt;
  return language_preference{std::string(canonical, size), quality};
}

// The available locales by canonical form, to find the first one (in the caller's order)
// with a given canonical form in log time however many there are.
class available_index {
 public:
  explicit available_index(const std::vector<std::string>& available) {
    entries_.reserve(available.size());
    char canonical[max_locale_name + 1];
    for (std::size_t i = 0; i < available.size(); ++i)
      if (std::size_t size = canonical_locale(available[i], canonical, sizeof canonical))
        entries_.push_back({std::string(canonical, size), i});
    std::sort(entries_.begin(), entries_.end(), [](const entry& a, const entry& b) {
      return a.canonical != b.canonical ? a.canonical < b.canonical : a.position < b.position;
    });
  }

  /// The position in `available` of the first entry whose canonical form is `canonical`.
  std::optional<std::size_t> find(std::string_view canonical) const noexcept {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), canonical,
                               [](const entry& e, std::string_view name) { return e.canonical < name; });
    if (it == entries_.end() || it->canonical != canonical) return std::nullopt;
    return it->position;
  }

 private:
  struct entry {
    std::string canonical;
    std::size_t position;
  };
  std::vector<entry> entries_;
};

}  // namespace

std::vector<language_preference> parse_accept_language(std::string_view header,
                                                       const accept_language_limits& limits) {
  std::vector<language_preference> preferences;
  std::string_view rest = within_bound(header, limits.max_bytes);
  while (preferences.size() < limits.max_items && !rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view element = trim_ows(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (element.empty()) continue;
    std::optional<language_preference> preference = parse_element(element);
    if (preference && preference->quality > 0) preferences.push_back(std::move(*preference));
  }
  std::stable_sort(
      preferences.begin(), preferences.end(),
      [](const language_preference& a, const language_preference& b) { return a.quality > b.quality; });
  return preferences;
}

std::optional<std::size_t> find_locale(const std::vector<language_preference>& preferences,
                                       const std::vector<std::string>& available, match_scheme scheme) {
  if (scheme == match_scheme::best_fit) return locale_matcher(available).find(preferences);
  const available_index index(available);
  char canonical[max_locale_name + 1];
  for (const language_preference& preference : preferences) {
    if (preference.quality == 0 || preference.locale == "*") continue;
    const std::size_t size = canonical_locale(preference.locale, canonical, sizeof canonical);
    if (size == 0) continue;
    std::optional<std::size_t> match = index.find(std::string_view(canonical, size));
    if (match ||
        detail::visit_parent_locales(
            std::string_view(canonical, size),
            [&](std::string_view parent) { return (match = index.find(parent)).has_value(); }, parent_locale))
      return match;
  }
  return std::nullopt;
}

std::string negotiate_locale(const std::vector<language_preference>& preferences,
                             const std::vector<std::string>& available, std::string_view default_locale,
                             match_scheme scheme) {
  if (const std::optional<std::size_t> match = find_locale(preferences, available, scheme))
    return available[*match];
  char canonical[max_locale_name + 1];
  if (canonical_locale(default_locale, canonical, sizeof canonical) == 0) return "C";
  return std::string(default_locale);
}

std::string negotiate_locale(std::string_view accept_language, const std::vector<std::string>& available,
                             std::string_view default_locale, match_scheme scheme) {
  return negotiate_locale(parse_accept_language(accept_language), available, default_locale, scheme);
}

}  // namespace erli18n
