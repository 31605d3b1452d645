// What the HTTP middleware does per request, in process: negotiation (from each source), the
// response header values, and the locale_scope. Compared with the server's CPU time per request
// (bench/http_overhead.sh), it says how much of a request the middleware is, without the noise
// of a loaded machine's network stack.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "erli18n/catalog_store.h"
#include "erli18n/gettext.h"
#include "erli18n/http.h"

namespace {

namespace http = erli18n::http;

const std::vector<std::string> available = {"en", "de", "fr", "ja", "pt_BR", "ru"};

http::options listed() {
  http::options o;
  o.available = available;
  o.default_locale = "en";
  return o;
}

// A Chrome-like header for a German user, which the example server gets from wrk.
const http::request_view from_header{"n=5&name=Lea", "", "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7"};
const http::request_view from_cookie{"n=5&name=Lea", "_ga=GA1.1.123; locale=pt_BR; theme=dark",
                                     "de-DE,de;q=0.9"};
const http::request_view from_query{"n=5&name=Lea&locale=ja", "locale=pt_BR", "de-DE,de;q=0.9"};

void negotiate(benchmark::State& state, const http::request_view& request, const http::options& o) {
  for (auto _ : state) benchmark::DoNotOptimize(http::negotiate(request, o));
}

// Everything localized() adds to a request but the header map inserts of cpp-httplib.
void middleware(benchmark::State& state, const http::request_view& request, const http::options& o) {
  for (auto _ : state) {
    const http::negotiation n = http::negotiate(request, o);
    benchmark::DoNotOptimize(http::content_language(n));
    benchmark::DoNotOptimize(http::vary(o));
    benchmark::DoNotOptimize(http::set_cookie(n, o));
    const erli18n::locale_scope scope(n.locale);
    benchmark::DoNotOptimize(erli18n::which_locale());
  }
}

void BM_NegotiateHeader(benchmark::State& state) { negotiate(state, from_header, listed()); }
void BM_NegotiateCookie(benchmark::State& state) { negotiate(state, from_cookie, listed()); }
void BM_NegotiateQuery(benchmark::State& state) { negotiate(state, from_query, listed()); }
// `available` left empty: the store's locales are listed per request (its writer lock).
void BM_NegotiateHeaderStoreLocales(benchmark::State& state) {
  static const bool loaded = [] {
    const std::string po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n";
    for (const std::string& l : available)
      if (!erli18n::catalog_store::default_store().load_buffer("bench", l, po)) return false;
    return true;
  }();
  if (!loaded) state.SkipWithError("cannot load the catalogs");
  http::options o;
  o.default_locale = "en";
  negotiate(state, from_header, o);
}
void BM_MiddlewareHeader(benchmark::State& state) { middleware(state, from_header, listed()); }
void BM_MiddlewareQuery(benchmark::State& state) { middleware(state, from_query, listed()); }

BENCHMARK(BM_NegotiateHeader);
BENCHMARK(BM_NegotiateCookie);
BENCHMARK(BM_NegotiateQuery);
BENCHMARK(BM_NegotiateHeaderStoreLocales);
BENCHMARK(BM_MiddlewareHeader);
BENCHMARK(BM_MiddlewareQuery);

}  // namespace

BENCHMARK_MAIN();
