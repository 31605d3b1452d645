// The Boost.Beast adapter: requests built in memory (raw values, precedence, the scope and its
// restoration, response fields), and one real request through a Beast server loop on 127.0.0.1.
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <stdexcept>
#include <string>
#include <thread>

#include "erli18n/gettext.h"
#include "erli18n/http_beast.h"

namespace {

namespace http = erli18n::http;
namespace bhttp = boost::beast::http;
using request = bhttp::request<bhttp::string_body>;
using response = bhttp::response<bhttp::string_body>;

class BeastAdapter : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string header = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";
    auto& store = erli18n::catalog_store::default_store();
    ASSERT_TRUE(store.load_buffer("messages", "de", header + "msgid \"Hello\"\nmsgstr \"Hallo\"\n"));
    ASSERT_TRUE(store.load_buffer("messages", "pt_BR", header + "msgid \"Hello\"\nmsgstr \"Olá\"\n"));
    ASSERT_TRUE(erli18n::set_default_locale("C"));
  }
};

request make(const std::string& target, const std::string& cookie, const std::string& accept_language) {
  request r{bhttp::verb::get, target, 11};
  if (!cookie.empty()) r.set(bhttp::field::cookie, cookie);
  if (!accept_language.empty()) r.set(bhttp::field::accept_language, accept_language);
  return r;
}

TEST_F(BeastAdapter, RawValuesComeFromTheTargetAndFields) {
  const request r = make("/page?n=2&locale=pt%2DBR", "locale=de", "fr");
  const http::request_view v = http::request_of(r);
  EXPECT_EQ(v.query, "n=2&locale=pt%2DBR");
  EXPECT_EQ(v.cookie, "locale=de");
  EXPECT_EQ(v.accept_language, "fr");
  const http::request_view none = http::request_of(make("/page", "", ""));
  EXPECT_EQ(none.query, "");
  EXPECT_EQ(none.cookie, "");
  EXPECT_EQ(none.accept_language, "");
}

TEST_F(BeastAdapter, LocalizeSetsTheThreadsLocaleForItsLifetime) {
  ASSERT_TRUE(erli18n::setlocale(""));
  {
    const http::localized_request l = http::localize(make("/?locale=pt-br", "locale=de", "de"));
    EXPECT_EQ(l.result().locale, "pt_BR");
    EXPECT_EQ(l.result().from, http::source::query);
    EXPECT_EQ(erli18n::gettext("Hello"), "Olá");
  }
  EXPECT_EQ(erli18n::which_locale(), "C");
  EXPECT_EQ(erli18n::gettext("Hello"), "Hello");
  {
    const http::localized_request l = http::localize(make("/", "locale=de", "pt-BR"));
    EXPECT_EQ(l.result().from, http::source::cookie);
    EXPECT_EQ(erli18n::gettext("Hello"), "Hallo");
  }
  {
    const http::localized_request l = http::localize(make("/?locale=%ZZ", "x", "es, it;q=0.5"));
    EXPECT_EQ(l.result().from, http::source::default_locale);
    EXPECT_EQ(l.result().locale, "C");
  }
}

TEST_F(BeastAdapter, ThePreviousLocaleIsBackAfterAThrow) {
  ASSERT_TRUE(erli18n::setlocale("de"));
  EXPECT_THROW(
      {
        const http::localized_request l = http::localize(make("/?locale=pt_BR", "", ""));
        EXPECT_EQ(erli18n::gettext("Hello"), "Olá");
        throw std::runtime_error("handler failed");
      },
      std::runtime_error);
  EXPECT_EQ(erli18n::which_locale(), "de");
  ASSERT_TRUE(erli18n::setlocale(""));
}

TEST_F(BeastAdapter, ResponseFields) {
  const http::negotiation n{"pt_BR", http::source::query};
  response res{bhttp::status::ok, 11};
  res.set(bhttp::field::vary, "Origin");
  http::add_response_headers(res, n);
  EXPECT_EQ(res[bhttp::field::content_language], "pt-BR");
  EXPECT_EQ(res.count(bhttp::field::vary), 2U);
  EXPECT_EQ(res[bhttp::field::set_cookie], "locale=pt_BR; Path=/; Max-Age=31536000; SameSite=Lax");

  response plain{bhttp::status::ok, 11};
  http::add_response_headers(plain, {"C", http::source::default_locale});
  EXPECT_EQ(plain.count(bhttp::field::content_language), 0U);
  EXPECT_EQ(plain.count(bhttp::field::set_cookie), 0U);
  EXPECT_EQ(plain[bhttp::field::vary], "Accept-Language, Cookie");
}

// A one-request Beast server, as an application would write its loop, and a Beast client.
TEST_F(BeastAdapter, RealRequest) {
  namespace asio = boost::asio;
  using tcp = asio::ip::tcp;
  asio::io_context io;
  tcp::acceptor acceptor(io, {asio::ip::make_address("127.0.0.1"), 0});
  const unsigned short port = acceptor.local_endpoint().port();
  std::thread server([&acceptor, &io] {
    tcp::socket socket(io);
    acceptor.accept(socket);
    boost::beast::flat_buffer buffer;
    request req;
    bhttp::read(socket, buffer, req);
    const http::localized_request l = http::localize(req);
    response res{bhttp::status::ok, req.version()};
    res.body() = std::string(erli18n::gettext("Hello"));
    http::add_response_headers(res, l.result());
    res.prepare_payload();
    bhttp::write(socket, res);
  });

  tcp::socket client(io);
  client.connect({asio::ip::make_address("127.0.0.1"), port});
  request req = make("/", "", "de-CH, en;q=0.5");
  req.set(bhttp::field::host, "127.0.0.1");
  bhttp::write(client, req);
  boost::beast::flat_buffer buffer;
  response res;
  bhttp::read(client, buffer, res);
  server.join();
  EXPECT_EQ(res.body(), "Hallo");
  EXPECT_EQ(res[bhttp::field::content_language], "de");
}

}  // namespace
