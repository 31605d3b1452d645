/// \file
/// Per-request locales for cpp-httplib servers (target
/// erli18n::http_httplib, built when pkg-config finds Debian's libcpp-httplib-dev).
///
/// `localized` wraps a route handler: each request is negotiated (http.h), the response gets
/// its Content-Language, Vary and, after a `?locale=` choice, Set-Cookie headers, and the
/// handler runs inside a `locale_scope`, so it calls `gettext(…)` with no locale argument. The
/// worker thread's previous locale is restored when the handler returns or throws, so a pooled
/// thread carries nothing over to its next request. The wrapper is copyable and thread-safe
/// (the options are shared, read-only); it costs one negotiation per request.
///
/// cpp-httplib 0.11 (Debian 12) percent-decodes every header value when it reads a request, so
/// a cookie `locale=pt%2DBR` reaches the negotiation as `pt-BR` (the core does not decode
/// cookies itself). The query string is taken raw from the request target.
///
/// \code
/// httplib::Server server;
/// erli18n::http::options options;                    // query > cookie > header > default
/// server.Get("/", erli18n::http::localized([](const httplib::Request&, httplib::Response& res) {
///   res.set_content(std::string(erli18n::gettext("Hello")), "text/plain; charset=utf-8");
/// }, options));
/// \endcode
#ifndef ERLI18N_HTTP_HTTPLIB_H
#define ERLI18N_HTTP_HTTPLIB_H

#include <httplib.h>

#include <functional>

#include "erli18n/http.h"

namespace erli18n::http {

/// A handler that is also told the negotiation (to show where the locale came from, say).
using negotiated_handler =
    std::function<void(const httplib::Request&, httplib::Response&, const negotiation&)>;

/// The raw query string (from the request target, still encoded), Cookie and Accept-Language
/// of `request`: views into it.
request_view request_of(const httplib::Request& request);

/// The negotiation for `request` (http.h).
negotiation negotiate_httplib(const httplib::Request& request, const options& opts = {});

/// Adds Content-Language (unless empty), Vary (unless empty) and Set-Cookie (when the query
/// chose) to `response`. Existing headers are kept: HTTP allows several Vary lines.
void add_response_headers(httplib::Response& response, const negotiation& n, const options& opts = {});

/// `handler`, run in the negotiated locale with the response headers added first (rules in
/// http_httplib.h).
httplib::Server::Handler localized(httplib::Server::Handler handler, options opts = {});
/// The same for a handler that is also passed the negotiation.
httplib::Server::Handler localized(negotiated_handler handler, options opts = {});

}  // namespace erli18n::http

#endif  // ERLI18N_HTTP_HTTPLIB_H
