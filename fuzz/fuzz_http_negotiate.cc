// Fuzzes the HTTP negotiation core, which reads a request's query string, Cookie header and
// Accept-Language header. The input is split at its first two newlines into those three
// values; its first byte also picks the source order and tight bounds, so that the cuts and
// every order are exercised. Checked: the chosen locale is one of the available list or the
// default, the source named really holds a matching value, a cookie value is a slice of the
// header, a decoded query value is never longer than the query, and the response headers
// hold only the bytes their grammar allows.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/http.h"

namespace {

namespace http = erli18n::http;

void check(bool condition) {
  if (!condition) std::abort();
}

std::string_view next_line(std::string_view& rest) {
  const std::size_t end = rest.find('\n');
  const std::string_view line = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  return line;
}

void check_negotiation(const http::request_view& request, const http::options& opts) {
  const http::negotiation n = http::negotiate(request, opts);
  const bool listed =
      std::find(opts.available.begin(), opts.available.end(), n.locale) != opts.available.end();
  if (n.from == http::source::default_locale) {
    check(n.locale == opts.default_locale);
  } else {
    check(listed);
    check(std::find(opts.order.begin(), opts.order.end(), n.from) != opts.order.end());
  }
  if (n.from == http::source::query)
    check(http::query_value(request.query, opts.query_param, opts.limits).has_value());
  if (n.from == http::source::cookie)
    check(http::cookie_value(request.cookie, opts.cookie_name, opts.limits).has_value());
  if (n.from == http::source::header) check(!request.accept_language.empty());
  // Deterministic: the same request gets the same answer.
  const http::negotiation again = http::negotiate(request, opts);
  check(again.locale == n.locale && again.from == n.from);

  const std::string tag = http::content_language(n);
  check(std::all_of(tag.begin(), tag.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  }));
  const std::optional<std::string> cookie = http::set_cookie(n, opts);
  check(cookie.has_value() ==
        (n.from == http::source::query && http::vary(opts).find("Cookie") != std::string::npos));
  if (cookie) check(cookie->find_first_of("\r\n") == std::string::npos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const std::uint8_t knobs = size > 0 ? data[0] : 0;
  const http::request_view request{next_line(rest), next_line(rest), next_line(rest)};

  for (const std::string_view name : {"locale", "a"}) {
    const std::optional<std::string> q = http::query_value(request.query, name);
    if (q) check(q->size() <= request.query.size());
    const std::optional<std::string_view> c = http::cookie_value(request.cookie, name);
    if (c)
      check(c->data() >= request.cookie.data() &&
            c->data() + c->size() <= request.cookie.data() + request.cookie.size());
  }

  http::options opts;
  opts.available = {"en", "de", "pt-BR", "pt", "zh_Hant", "sr@latin", "ja", "not valid", "fr.UTF-8"};
  opts.default_locale = "en";
  check_negotiation(request, opts);

  // An order and bounds chosen by the first byte.
  static const std::vector<std::vector<http::source>> orders = {
      {},
      {http::source::header},
      {http::source::cookie, http::source::query},
      {http::source::header, http::source::cookie, http::source::query, http::source::header},
  };
  opts.order = orders[knobs % orders.size()];
  opts.query_param = "a";
  opts.limits.max_query_bytes = knobs;
  opts.limits.max_cookie_bytes = knobs / 2u;
  opts.limits.max_pairs = knobs % 7u;
  opts.limits.accept_language = {knobs, knobs % 5u};
  check_negotiation(request, opts);
  return 0;
}
