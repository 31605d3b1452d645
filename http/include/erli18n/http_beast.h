/// \file
/// Per-request locales for Boost.Beast servers (target
/// erli18n::http_beast, header-only, built when Boost is found).
///
/// Beast has no middleware: a server reads a `%http::request` and writes a `%http::response` in
/// a loop of its own. `localize(request)` negotiates (http.h) and returns the result together
/// with a `locale_scope`: while the returned object lives, the thread's `gettext(…)` answers in
/// the request's locale; when it is destroyed (normally, or while an exception unwinds) the
/// thread's previous locale is back. Keep it on the stack of the code that builds the response;
/// in a coroutine that may resume on another thread, use a `translator` for
/// `result().locale` instead, since a scope belongs to its thread.
///
/// \code
/// boost::beast::http::request<boost::beast::http::string_body> req = read_it();
/// const erli18n::http::localized_request localized = erli18n::http::localize(req, options);
/// boost::beast::http::response<boost::beast::http::string_body> res{
///     boost::beast::http::status::ok, 11};
/// res.body() = erli18n::gettext("Hello");
/// erli18n::http::add_response_headers(res, localized.result(), options);
/// \endcode
#ifndef ERLI18N_HTTP_BEAST_H
#define ERLI18N_HTTP_BEAST_H

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/message.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "erli18n/gettext.h"
#include "erli18n/http.h"

namespace erli18n::http {

/// A negotiation and the scope that makes it the thread's locale. Not copyable or movable
/// (the scope is tied to its thread and its place on the stack); functions return it by
/// guaranteed copy elision.
class localized_request {
 public:
  /// Holds `n` and makes `n.locale` the calling thread's locale until destruction.
  explicit localized_request(negotiation n) : result_(std::move(n)), scope_(result_.locale) {}
  /// The negotiation: the locale chosen and its source.
  const negotiation& result() const noexcept { return result_; }

 private:
  negotiation result_;
  locale_scope scope_;
};

/// Helpers of the templates in http_beast.h; not part of the API.
namespace beast_detail {
/// `s` (Beast's own string view type) as a `std::string_view` over the same characters.
inline std::string_view view(boost::beast::string_view s) noexcept {
  return std::string_view(s.data(), s.size());
}
}  // namespace beast_detail

/// The raw query string (from the target, still encoded), Cookie and Accept-Language of
/// `request`: views into it.
template <class Body, class Fields>
request_view request_of(const boost::beast::http::request<Body, Fields>& request) {
  namespace field = boost::beast::http;
  const std::string_view target = beast_detail::view(request.target());
  const std::size_t question = target.find('?');
  return {question == std::string_view::npos ? std::string_view{} : target.substr(question + 1),
          beast_detail::view(request[field::field::cookie]),
          beast_detail::view(request[field::field::accept_language])};
}

/// Negotiates `request` and makes the result the calling thread's locale until the returned
/// object is destroyed.
template <class Body, class Fields>
localized_request localize(const boost::beast::http::request<Body, Fields>& request,
                           const options& opts = {}) {
  return localized_request(negotiate(request_of(request), opts));
}

/// Adds Content-Language (unless empty), Vary (unless empty) and Set-Cookie (when the query
/// chose) to `response`; existing fields are kept.
template <class Body, class Fields>
void add_response_headers(boost::beast::http::response<Body, Fields>& response, const negotiation& n,
                          const options& opts = {}) {
  namespace field = boost::beast::http;
  if (std::string language = content_language(n); !language.empty())
    response.set(field::field::content_language, language);
  if (std::string fields = vary(opts); !fields.empty()) response.insert(field::field::vary, fields);
  if (std::optional<std::string> cookie = set_cookie(n, opts))
    response.insert(field::field::set_cookie, *cookie);
}

}  // namespace erli18n::http

#endif  // ERLI18N_HTTP_BEAST_H
