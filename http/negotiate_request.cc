// The per-request negotiation: each enabled source in order, the first that names an
// available locale wins.
#include <optional>
#include <string>
#include <vector>

#include "erli18n/gettext.h"
#include "erli18n/http.h"
#include "erli18n/locale_name.h"
#include "erli18n/negotiate.h"

namespace erli18n::http {
namespace {

// The best-fit matcher for `available`, kept per thread: a server negotiates every request
// against the same list, and preparing it (maximizing each locale) costs more than a match.
// Comparing the list with the last one is a few string comparisons.
const locale_matcher& matcher_for(const std::vector<std::string>& available) {
  thread_local std::optional<locale_matcher> cached;
  if (!cached || cached->available() != available) cached.emplace(available);
  return *cached;
}

// The locales to choose from, listed from the store only when a source has a value to match:
// most requests of a busy server carry an Accept-Language, but a bot's may carry nothing.
class lazy_available {
 public:
  explicit lazy_available(const options& opts) : opts_(opts) {}
  const std::vector<std::string>& get() {
    if (!opts_.available.empty()) return opts_.available;
    if (!listed_) {
      const catalog_store& store = opts_.store ? *opts_.store : catalog_store::default_store();
      listed_ = store.locales();
    }
    return *listed_;
  }

 private:
  const options& opts_;
  std::optional<std::vector<std::string>> listed_;
};

// A query or cookie value names one locale; it is matched like a single Accept-Language range.
std::optional<std::size_t> match_one(std::string_view value, lazy_available& available) {
  if (value.empty()) return std::nullopt;
  const std::vector<language_preference> preference = {{std::string(value), 1000}};
  return matcher_for(available.get()).find(preference);
}

std::string default_for(const options& opts) {
  if (opts.default_locale.empty()) return std::string(erli18n::default_locale());
  char canonical[max_locale_name + 1];
  // Same rule as negotiate_locale: a default that is not a locale name would break lookups.
  if (canonical_locale(opts.default_locale, canonical, sizeof canonical) == 0) return "C";
  return opts.default_locale;
}

}  // namespace

std::string_view to_string(source s) noexcept {
  switch (s) {
    case source::query:
      return "query";
    case source::cookie:
      return "cookie";
    case source::header:
      return "header";
    case source::default_locale:
      break;
  }
  return "default";
}

negotiation negotiate(const request_view& request, const options& opts) {
  lazy_available available(opts);
  for (const source s : opts.order) {
    std::optional<std::size_t> match;
    switch (s) {
      case source::query: {
        const std::optional<std::string> value = query_value(request.query, opts.query_param, opts.limits);
        if (value) match = match_one(*value, available);
        break;
      }
      case source::cookie: {
        const std::optional<std::string_view> value =
            cookie_value(request.cookie, opts.cookie_name, opts.limits);
        if (value) match = match_one(*value, available);
        break;
      }
      case source::header: {
        if (request.accept_language.empty()) break;
        const std::vector<language_preference> preferences =
            parse_accept_language(request.accept_language, opts.limits.accept_language);
        if (!preferences.empty()) match = matcher_for(available.get()).find(preferences);
        break;
      }
      case source::default_locale:
        break;  // not a request source: the default comes last anyway
    }
    if (match) return {available.get()[*match], s};
  }
  return {default_for(opts), source::default_locale};
}

}  // namespace erli18n::http
