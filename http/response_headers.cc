// The response headers that follow from a negotiation.
#include <algorithm>
#include <optional>
#include <string>

#include "erli18n/http.h"
#include "erli18n/locale_name.h"

namespace erli18n::http {
namespace {

bool enabled(const options& opts, source s) {
  return std::find(opts.order.begin(), opts.order.end(), s) != opts.order.end();
}

// RFC 6265 §4.1.1 cookie-octet, and RFC 9110 token characters for the name: anything else
// would let a configured name or locale break the header apart.
bool cookie_octets(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u < 0x7f && c != '"' && c != ',' && c != ';' && c != '\\';
  });
}

bool token(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u < 0x7f && std::string_view("()<>@,;:\\\"/[]?={}").find(c) == std::string_view::npos;
  });
}

}  // namespace

std::string_view text_direction(std::string_view locale) {
  return erli18n::text_direction(locale) == writing_direction::right_to_left ? "rtl" : "ltr";
}

std::string content_language(std::string_view locale) {
  char canonical[max_locale_name + 1];
  const std::size_t size = canonical_locale(locale, canonical, sizeof canonical);
  std::string tag(canonical, size);
  if (tag == "C" || tag == "POSIX") return {};
  // A POSIX modifier (`sr@latin`) has no fixed BCP 47 spelling; the language alone is right.
  tag = tag.substr(0, tag.find('@'));
  std::replace(tag.begin(), tag.end(), '_', '-');
  return tag;
}

std::string vary(const options& opts) {
  std::string out;
  if (enabled(opts, source::header)) out = "Accept-Language";
  if (enabled(opts, source::cookie)) out += out.empty() ? "Cookie" : ", Cookie";
  return out;
}

std::optional<std::string> set_cookie(const negotiation& n, const options& opts) {
  if (n.from != source::query || !enabled(opts, source::cookie)) return std::nullopt;
  if (!token(opts.cookie_name) || n.locale.empty() || !cookie_octets(n.locale)) return std::nullopt;
  std::string out = opts.cookie_name + "=" + n.locale;
  if (!opts.cookie_attributes.empty()) out += "; " + opts.cookie_attributes;
  return out;
}

}  // namespace erli18n::http
