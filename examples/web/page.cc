#include "page.h"

#include <optional>
#include <string>

#include "erli18n/format.h"
#include "erli18n/gettext.h"

namespace web {
namespace {

namespace http = erli18n::http;

// The counter shown, from `?n=`: up to 9 digits, else 1. The bound keeps the number in range
// of every plural rule and the page small.
unsigned long count_of(std::string_view query) {
  const std::optional<std::string> value = http::query_value(query, "n");
  if (!value || value->empty() || value->size() > 9) return 1;
  unsigned long n = 0;
  for (const char c : *value) {
    if (c < '0' || c > '9') return 1;
    n = n * 10 + static_cast<unsigned long>(c - '0');
  }
  return n;
}

// The name greeted, from `?name=`: at most 40 bytes (longer ones are ignored, not cut, so a
// multi-byte character is never split); escaped where it is written.
std::string name_of(std::string_view query) {
  const std::optional<std::string> value = http::query_value(query, "name");
  if (!value || value->empty() || value->size() > 40) return std::string(erli18n::gettext("visitor"));
  return *value;
}

std::string how_chosen(http::source from) {
  switch (from) {
    case http::source::query:
      return std::string(erli18n::gettext("chosen with a link (?locale=)"));
    case http::source::cookie:
      return std::string(erli18n::gettext("remembered in a cookie"));
    case http::source::header:
      return std::string(erli18n::gettext("from your browser's languages (Accept-Language)"));
    case http::source::default_locale:
      break;
  }
  return std::string(erli18n::gettext("the default language"));
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_page(const http::negotiation& n, std::string_view query,
                        const std::vector<language>& languages) {
  const unsigned long count = count_of(query);
  const std::string lang = http::content_language(n);
  std::string page;
  page.reserve(4096);
  // dir: Arabic and Hebrew pages run right to left (the browser then mirrors the layout).
  page += "<!DOCTYPE html>\n<html lang=\"" + html_escape(lang.empty() ? "en" : lang) + "\" dir=\"" +
          std::string(http::text_direction(n)) + "\">\n<head>\n";
  page +=
      "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  page += "<title>" + html_escape(erli18n::gettext("erli18n web example")) + "</title>\n";
  page +=
      "<style>body{font-family:sans-serif;max-width:40em;margin:2em auto;padding:0 1em;line-height:1.5}"
      "nav a{margin-right:.8em}nav a[aria-current]{font-weight:bold;text-decoration:none}"
      "dt{font-weight:bold}</style>\n</head>\n<body>\n";
  page += "<h1 id=\"title\">" + html_escape(erli18n::gettext("erli18n web example")) + "</h1>\n";

  page += "<nav id=\"languages\" aria-label=\"" + html_escape(erli18n::gettext("Language")) + "\">";
  for (const language& l : languages) {
    const std::string tag = http::content_language(l.locale);
    page += "<a href=\"?locale=" + html_escape(tag) + "\" hreflang=\"" + html_escape(tag) + "\" lang=\"" +
            html_escape(tag) + "\"" + (l.locale == n.locale ? " aria-current=\"page\"" : "") + ">" +
            html_escape(l.autonym) + "</a>";
  }
  page += "</nav>\n";

  // TRANSLATORS: %{how} is one of the phrases saying how the language was chosen.
  const std::string_view language = erli18n::gettext("Language: %{how}.");
  const std::string how = how_chosen(n.from), chosen = erli18n::format(language, {{"how", how}});
  page += "<p id=\"source\" data-locale=\"" + html_escape(n.locale) + "\" data-source=\"" +
          std::string(http::to_string(n.from)) + "\">" + html_escape(chosen) + "</p>\n";
  // TRANSLATORS: %{name} is the name given in the address (?name=), or the word "visitor".
  const std::string_view hello = erli18n::gettext("Hello, %{name}!");
  const std::string name = name_of(query), greeting = erli18n::format(hello, {{"name", name}});
  page += "<p id=\"greeting\">" + html_escape(greeting) + "</p>\n";
  page += "<p id=\"messages\">" +
          html_escape(erli18n::format(erli18n::ngettext("You have %{count} new message.",
                                                        "You have %{count} new messages.", count))) +
          "</p>\n";
  page += "<p id=\"counts\">" + html_escape(erli18n::gettext("Try another count:"));
  for (const unsigned long k : {0UL, 1UL, 2UL, 5UL, 21UL}) {
    page += " <a href=\"?n=" + std::to_string(k) + "\">" + std::to_string(k) + "</a>";
  }
  page += "</p>\n<dl id=\"open\">\n";
  // The same English word, two meanings: the context tells translators which one this is.
  page += "<dt>" + html_escape(erli18n::gettext("Button")) + "</dt><dd><button type=\"button\">" +
          html_escape(erli18n::pgettext("command", "Open")) + "</button></dd>\n";
  page += "<dt>" + html_escape(erli18n::gettext("Shop")) + "</dt><dd id=\"shop-state\">" +
          html_escape(erli18n::pgettext("state", "Open")) + "</dd>\n";
  page += "</dl>\n</body>\n</html>\n";
  return page;
}

}  // namespace web
