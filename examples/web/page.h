// The web example's page: a function of the request alone (its negotiation and query), so
// that identical requests get identical bytes. The caller has set the thread's locale (the
// adapter's locale_scope) and the text domain; every text comes from gettext.
#ifndef ERLI18N_EXAMPLES_WEB_PAGE_H
#define ERLI18N_EXAMPLES_WEB_PAGE_H

#include <string>
#include <string_view>
#include <vector>

#include "erli18n/http.h"

namespace web {

/// A language the switcher offers: the locale as the server lists it, and its own name.
struct language {
  std::string locale;
  std::string autonym;
};

/// The HTML page for a request whose raw query string is `query`.
std::string render_page(const erli18n::http::negotiation& n, std::string_view query,
                        const std::vector<language>& languages);

/// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
std::string html_escape(std::string_view text);

}  // namespace web

#endif  // ERLI18N_EXAMPLES_WEB_PAGE_H
