// erli18n-web — a cpp-httplib server answering each request in its user's language
// (`make web-demo`).
//
// Loads CATALOGS/<locale>/LC_MESSAGES/web.po into the process-wide store, then serves one page
// on 127.0.0.1 through erli18n::http::localized: the locale comes from `?locale=`, then the
// `locale` cookie, then Accept-Language, else English (the source language). The page's
// language switcher links set `?locale=`, and the response's Set-Cookie keeps the choice.
//
// Usage: erli18n-web [--port N] [--catalogs DIR] [--address ADDR] [--plain LOCALE]
//   --port N         port to listen on (default 8080; 0 picks a free one)
//   --catalogs DIR   catalog folder (default: the example's own po/ folder)
//   --address ADDR   address to listen on (default 127.0.0.1: this is a demo, not a service)
//   --plain LOCALE   serve the same page without the middleware, always in LOCALE (the
//                    baseline of bench/http_overhead.sh, which measures what the middleware
//                    costs)
// It prints "listening on http://ADDR:PORT/" once it accepts connections.
#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/events.h"
#include "erli18n/gettext.h"
#include "erli18n/http_httplib.h"
#include "erli18n/watch.h"
#include "page.h"

namespace {

namespace http = erli18n::http;

struct arguments {
  int port = 8080;
  std::string catalogs = ERLI18N_WEB_CATALOGS;
  std::string address = "127.0.0.1";
  std::string plain;  // the locale of --plain; empty: the middleware is on
};

int usage_error(std::string_view message) {
  std::cerr << "erli18n-web: " << message
            << "\nusage: erli18n-web [--port N] [--catalogs DIR] [--address ADDR] [--plain LOCALE]\n";
  return 2;
}

// Each language's name in that language, for the switcher; English is the source language,
// listed although it has no catalog, so that a user can switch back to it.
std::string autonym(std::string_view locale) {
  if (locale == "ar") return "العربية";
  if (locale == "de") return "Deutsch";
  if (locale == "en") return "English";
  if (locale == "fr") return "Français";
  if (locale == "he") return "עברית";
  if (locale == "ja") return "日本語";
  if (locale == "pt_BR") return "Português (Brasil)";
  if (locale == "ru") return "Русский";
  return std::string(locale);
}

// Loads every CATALOGS/<locale>/LC_MESSAGES/web.po (or .mo); false (with the reader's
// file:line:col diagnostic printed) if one does not load or there is none.
bool load_catalogs(const std::string& root) {
  const auto loaded = erli18n::catalog_store::default_store().load_domain("web", root);
  if (!loaded) std::cerr << loaded.error().to_string() << '\n';
  return static_cast<bool>(loaded);
}

// cpp-httplib 0.11 (Debian 12) listens with a queue of 5 connections: its
// CPPHTTPLIB_LISTEN_BACKLOG is read when libcpp-httplib.so is compiled, so defining it here
// changes nothing, and the server has no setter. In a burst the connections beyond the queue
// are dropped and each client's kernel sends its SYN again a second later (2,000 requests from
// 8 clients overflowed it 49 times). listen(2) called again on the bound socket sets a longer
// queue (Linux updates the backlog of a socket already listening); the kernel caps it at
// net.core.somaxconn (4096 since Linux 5.4).
class backlog_server : public httplib::Server {
 public:
  bool set_listen_backlog(int backlog) { return ::listen(svr_sock_.load(), backlog) == 0; }
};

}  // namespace

int main(int argc, char** argv) {
  arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--plain" && has_value) {
      args.plain = argv[++i];
    } else if (arg == "--port" && has_value) {
      const std::string_view text = argv[++i];
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), args.port);
      if (ec != std::errc{} || end != text.data() + text.size() || args.port < 0 || args.port > 65535)
        return usage_error("--port takes a number from 0 to 65535");
    } else if (arg == "--catalogs" && has_value) {
      args.catalogs = argv[++i];
    } else if (arg == "--address" && has_value) {
      args.address = argv[++i];
    } else {
      return usage_error("unknown or incomplete argument '" + std::string(arg) + "'");
    }
  }
  if (!load_catalogs(args.catalogs)) return 1;
  if (!erli18n::textdomain("web") || !erli18n::set_default_locale("en")) return 1;
  // Translations follow the files while the server runs (a catalog saved by a translator is
  // live within the debounce, about 0.1 s); a file that does not load is reported and the
  // catalog already loaded stays.
  erli18n::catalog_store& store = erli18n::catalog_store::default_store();
  const auto reported = store.add_observer([](const erli18n::store_event& e) {
    if (e.kind == erli18n::event_kind::load_failure && e.failure) std::cerr << e.failure->to_string() << '\n';
  });
  if (!reported) return 1;
  erli18n::watch_options watching;
  watching.on_error = [](const erli18n::error& e) { std::cerr << e.to_string() << '\n'; };
  auto watcher = store.watch(args.catalogs, watching);
  if (!watcher) {
    std::cerr << watcher.error().to_string() << '\n';
    return 1;
  }

  http::options options;
  options.default_locale = "en";
  // Listed once: translations reload live, but the set of languages offered is the one found
  // at start (English, which has no catalog, included).
  options.available = erli18n::catalog_store::default_store().locales();
  options.available.insert(options.available.begin(), "en");
  std::vector<web::language> languages;
  for (const std::string& locale : options.available) languages.push_back({locale, autonym(locale)});

  backlog_server server;
  // cpp-httplib writes the headers and the body separately; with Nagle's algorithm on, the body
  // then waits for the client's delayed ACK (about 40 ms on Linux) on kept-alive connections.
  server.set_tcp_nodelay(true);
  if (!args.plain.empty()) {
    // The same page without negotiation, scope or headers, in the process default locale: the
    // baseline of the overhead figure.
    if (!erli18n::set_default_locale(args.plain)) return usage_error("--plain takes a locale name");
    const http::negotiation fixed{args.plain, http::source::default_locale};
    server.Get("/", [languages, fixed](const httplib::Request& request, httplib::Response& response) {
      const std::string_view target = request.target;
      const std::size_t question = target.find('?');
      const std::string_view query = question == std::string_view::npos ? "" : target.substr(question + 1);
      response.set_content(web::render_page(fixed, query, languages), "text/html; charset=utf-8");
    });
  } else {
    server.Get("/", http::localized(
                        [languages](const httplib::Request& request, httplib::Response& response,
                                    const http::negotiation& n) {
                          response.set_content(
                              web::render_page(n, http::request_of(request).query, languages),
                              "text/html; charset=utf-8");
                        },
                        options));
  }

  const int port = args.port == 0 ? server.bind_to_any_port(args.address)
                                  : (server.bind_to_port(args.address, args.port) ? args.port : -1);
  if (port < 0) {
    std::cerr << "erli18n-web: cannot listen on " << args.address << ":" << args.port << '\n';
    return 1;
  }
  if (!server.set_listen_backlog(SOMAXCONN)) {
    std::cerr << "erli18n-web: cannot set the listen queue: " << std::strerror(errno) << '\n';
    return 1;
  }
  std::cout << "listening on http://" << args.address << ":" << port << "/" << std::endl;
  return server.listen_after_bind() ? 0 : 1;
}
