// The cpp-httplib adapter: reading a request's raw values and wrapping handlers.
#include <memory>
#include <string>
#include <utility>

#include "erli18n/gettext.h"
#include "erli18n/http_httplib.h"

namespace erli18n::http {
namespace {

std::string_view header_of(const httplib::Request& request, const char* name) {
  // The header map compares names case-insensitively; a view avoids get_header_value's copy.
  const auto it = request.headers.find(name);
  return it == request.headers.end() ? std::string_view{} : std::string_view(it->second);
}

}  // namespace

request_view request_of(const httplib::Request& request) {
  // httplib decodes `params` already (and keeps every value); the core wants the raw query to
  // apply its own bounds and escape rules, so it is taken from the request target.
  const std::string_view target = request.target;
  const std::size_t question = target.find('?');
  return {question == std::string_view::npos ? std::string_view{} : target.substr(question + 1),
          header_of(request, "Cookie"), header_of(request, "Accept-Language")};
}

negotiation negotiate_httplib(const httplib::Request& request, const options& opts) {
  return negotiate(request_of(request), opts);
}

void add_response_headers(httplib::Response& response, const negotiation& n, const options& opts) {
  if (std::string language = content_language(n); !language.empty())
    response.set_header("Content-Language", language);
  if (std::string fields = vary(opts); !fields.empty()) response.set_header("Vary", fields);
  if (std::optional<std::string> cookie = set_cookie(n, opts)) response.set_header("Set-Cookie", *cookie);
}

httplib::Server::Handler localized(negotiated_handler handler, options opts) {
  // Shared rather than copied into each std::function copy httplib makes of the handler.
  auto shared = std::make_shared<const options>(std::move(opts));
  return
      [handler = std::move(handler), shared](const httplib::Request& request, httplib::Response& response) {
        const negotiation n = negotiate_httplib(request, *shared);
        add_response_headers(response, n, *shared);
        // The scope's destructor restores the thread's locale on return and during unwinding.
        const locale_scope scope(n.locale);
        handler(request, response, n);
      };
}

httplib::Server::Handler localized(httplib::Server::Handler handler, options opts) {
  return localized(negotiated_handler([handler = std::move(handler)](
                                          const httplib::Request& request, httplib::Response& response,
                                          const negotiation&) { handler(request, response); }),
                   std::move(opts));
}

}  // namespace erli18n::http
