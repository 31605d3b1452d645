/// \file
/// Choosing the locale of an HTTP request, and the response headers that say so.
///
/// A server answers each request in its user's language. The language can come from a query
/// parameter (`?locale=pt-BR`, a link in a language switcher), a cookie (the choice saved), the
/// `Accept-Language` header (the browser's settings), or else the server's default. `negotiate`
/// tries those sources in a configurable order (by default query, cookie, header) against the
/// locales the server has, and returns the first match with the source it came from. The
/// response helpers then give `Content-Language`, `Vary` and, when the user chose through the
/// query, a `Set-Cookie` value that keeps the choice for later requests.
///
/// Every input is untrusted and bounded (`http_limits`): a malformed query string, percent
/// escape, cookie or header never fails the request, it only makes its source fall through to
/// the next one. The result is always one of `available` (as the caller spells it) or the
/// default locale, never a name taken from the request.
///
/// This target depends on no HTTP library: the adapters (http_httplib.h for cpp-httplib,
/// http_beast.h for Boost.Beast) extract the raw values and run handlers in a `locale_scope`.
/// The functions are pure apart from reading the store's locales and the default locale when
/// `options` leaves them empty; call them from any thread.
///
/// \code
/// erli18n::http::request_view request{"locale=de&n=2", "theme=dark", "fr-CH, fr;q=0.9"};
/// erli18n::http::options options;
/// options.available = {"de", "fr", "pt_BR"};
/// erli18n::http::negotiation n = erli18n::http::negotiate(request, options);
/// // n.locale == "de", n.from == erli18n::http::source::query
/// // content_language(n) == "de", vary(options) == "Accept-Language, Cookie",
/// // set_cookie(n, options) == "locale=de; Path=/; Max-Age=31536000; SameSite=Lax"
/// \endcode
#ifndef ERLI18N_HTTP_H
#define ERLI18N_HTTP_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/negotiate.h"

namespace erli18n::http {

/// Where a request's locale came from. `default_locale` means no source matched.
enum class source {
  query,          ///< the query parameter (`options::query_param`)
  cookie,         ///< the cookie (`options::cookie_name`)
  header,         ///< the `Accept-Language` header
  default_locale  ///< no source matched; listing it in `options::order` has no effect
};

/// "query", "cookie", "header" or "default".
std::string_view to_string(source s) noexcept;

/// The raw values of one request; empty means absent. Views: they must outlive `negotiate`.
struct request_view {
  std::string_view query;            ///< the query string after `?`, still percent-encoded
  std::string_view cookie;           ///< the `Cookie` header
  std::string_view accept_language;  ///< the `Accept-Language` header
};

/// How much of each untrusted value is read. Longer query strings and cookie headers are
/// ignored as a whole (not cut: a cut could change a value); the Accept-Language header is
/// cut as negotiate.h describes.
struct http_limits {
  std::size_t max_query_bytes = 8192;   ///< longer query strings are ignored
  std::size_t max_cookie_bytes = 8192;  ///< longer `Cookie` headers are ignored
  /// `&`- or `;`-separated pairs looked at; later ones are ignored.
  std::size_t max_pairs = 64;
  accept_language_limits accept_language;  ///< bounds of the `Accept-Language` parser
};

/// How `negotiate` chooses: the sources and their order, the names it reads, the locales to
/// choose from and the default; also what the response helpers write.
struct options {
  /// The sources tried, in order. Empty: always the default locale.
  std::vector<source> order = {source::query, source::cookie, source::header};
  std::string query_param = "locale";  ///< compared with the raw (undecoded) key
  std::string cookie_name = "locale";  ///< case-sensitive, as cookie names are
  /// The locales to choose from. Empty: the store's loaded locales, read once per request and
  /// only when a source has a value (catalog_store::locales takes the store's writer lock
  /// briefly; a busy server can list its locales here instead).
  std::vector<std::string> available;
  /// Used when nothing matches. Empty: erli18n::default_locale() at the time of the request.
  std::string default_locale;
  const catalog_store* store = nullptr;  ///< nullptr: catalog_store::default_store()
  /// The attributes of the cookie `set_cookie` writes.
  std::string cookie_attributes = "Path=/; Max-Age=31536000; SameSite=Lax";
  http_limits limits;  ///< bounds on the request's untrusted values
};

/// The locale chosen for a request, and why.
struct negotiation {
  /// One of `available`, as spelled there, or the default locale.
  std::string locale;
  source from = source::default_locale;  ///< the source that matched, or `default_locale`
};

/// The locale for `request` (rules in http.h and below). A query or cookie value
/// is read as one locale name (canonical_locale), matched like an Accept-Language preference
/// by the best-fit matcher of negotiate.h (`pt_BR` serves `pt-br` and `pt`, `de` serves
/// `de-AT`, `zh_Hant` serves `zh-TW`). Throws only std::bad_alloc.
negotiation negotiate(const request_view& request, const options& opts = {});

/// The value of the first `name=value` pair of a query string whose raw key is `name`,
/// form-decoded (`+` is a space, `%XX` a byte). A pair with a malformed escape (`%ZZ`, `%4`) is
/// skipped and the search goes on; a pair without `=` is skipped. Nothing for a query longer
/// than `max_query_bytes`; only the first `max_pairs` pairs are looked at.
std::optional<std::string> query_value(std::string_view query, std::string_view name,
                                       const http_limits& limits = {});

/// The value of the first cookie called `name` in a `Cookie` header (`a=1; locale=de`), with
/// spaces around it and one pair of surrounding double quotes removed; not decoded. Nothing
/// for a header longer than `max_cookie_bytes`; only the first `max_pairs` pairs are looked at.
std::optional<std::string_view> cookie_value(std::string_view header, std::string_view name,
                                             const http_limits& limits = {});

/// The `Content-Language` value for a locale: its BCP 47 tag (`pt_BR` -> `pt-BR`, `sr@latin`
/// -> `sr`, the modifier having no tag form here). Empty for "C", "POSIX" and names that do not
/// canonicalize: the response then has no language to announce.
std::string content_language(std::string_view locale);
/// `content_language(n.locale)`.
inline std::string content_language(const negotiation& n) { return content_language(n.locale); }

/// The HTML `dir` value for a locale: "rtl" when its script is written right to left
/// (`erli18n::text_direction`: Arabic, Hebrew, Persian, Urdu...), else "ltr".
std::string_view text_direction(std::string_view locale);
/// `text_direction(n.locale)`.
inline std::string_view text_direction(const negotiation& n) { return text_direction(n.locale); }

/// The `Vary` value a cache needs: `Accept-Language` when the header source is enabled,
/// `Cookie` when the cookie source is, comma-separated; empty when neither is (the query is
/// part of the URL, which caches key on anyway).
std::string vary(const options& opts = {});

/// A `Set-Cookie` value saving the locale the user chose through the query (`from` is
/// `source::query`), so that later requests without the parameter keep it: `name=locale;
/// attributes`. Nothing otherwise, or when the cookie source is not enabled.
std::optional<std::string> set_cookie(const negotiation& n, const options& opts = {});

}  // namespace erli18n::http

#endif  // ERLI18N_HTTP_H
