// The HTTP targets as C++17: erli18n::http with both adapters (cpp-httplib, Boost.Beast).
#include <erli18n/http.h>
#include <erli18n/http_beast.h>
#include <erli18n/http_httplib.h>

#include <boost/beast/http/string_body.hpp>
#include <iostream>

int main() {
  erli18n::http::options opts;
  opts.available = {"en", "de"};
  opts.default_locale = "en";

  httplib::Request from_httplib;
  from_httplib.set_header("Accept-Language", "fr-CH, de;q=0.9");
  if (erli18n::http::negotiate_httplib(from_httplib, opts).locale != "de") return 1;

  boost::beast::http::request<boost::beast::http::string_body> from_beast;
  from_beast.target("/?locale=de");
  if (erli18n::http::negotiate(erli18n::http::request_of(from_beast), opts).locale != "de") return 1;
  std::cout << "ok\n";
  return 0;
}
