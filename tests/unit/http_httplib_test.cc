// The cpp-httplib adapter, with real requests over 127.0.0.1: the precedence matrix, malformed
// inputs, the response headers, the thread's locale restored after a throwing handler, and
// many parallel requests in different languages on a small pool of reused worker threads.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "erli18n/gettext.h"
#include "erli18n/http_httplib.h"

namespace {

namespace http = erli18n::http;

const std::map<std::string, std::string> hello = {
    {"de", "Hallo"}, {"fr", "Bonjour"}, {"ja", "こんにちは"}, {"pt_BR", "Olá"}, {"ru", "Привет"}};

void load_catalogs() {
  for (const auto& [locale, text] : hello) {
    const std::string po =
        "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\nmsgid \"Hello\"\nmsgstr \"" +
        text + "\"\n";
    ASSERT_TRUE(erli18n::catalog_store::default_store().load_buffer("messages", locale, po, locale + ".po"));
  }
}

// A server on 127.0.0.1 with `workers` pooled threads: `/` is localized and answers
// "<gettext(Hello)>|<which_locale()>|<source>"; `/raw` is not and answers the thread's locale,
// which must be the process default whatever ran on that thread before; `/throw` is localized
// and throws.
class test_server {
 public:
  explicit test_server(std::size_t workers, http::options opts = {}) {
    server_.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
    server_.Get("/", http::localized(
                         [this](const httplib::Request&, httplib::Response& res, const http::negotiation& n) {
                           record_thread();
                           res.set_content(std::string(erli18n::gettext("Hello")) + "|" +
                                               std::string(erli18n::which_locale()) + "|" +
                                               std::string(http::to_string(n.from)),
                                           "text/plain");
                         },
                         opts));
    server_.Get("/raw", [this](const httplib::Request&, httplib::Response& res) {
      record_thread();
      res.set_content(std::string(erli18n::which_locale()), "text/plain");
    });
    server_.Get("/throw", http::localized([](const httplib::Request&, httplib::Response&)
                                              -> void { throw std::runtime_error("handler failed"); },
                                          opts));
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~test_server() {
    server_.stop();
    thread_.join();
  }
  int port() const { return port_; }
  std::size_t threads_seen() {
    std::lock_guard lock(mutex_);
    return threads_.size();
  }

 private:
  void record_thread() {
    std::lock_guard lock(mutex_);
    threads_.insert(std::this_thread::get_id());
  }
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  std::mutex mutex_;
  std::set<std::thread::id> threads_;
};

class HttplibAdapter : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    load_catalogs();
    ASSERT_TRUE(erli18n::set_default_locale("C"));
  }
};

struct answer {
  int status = 0;
  std::string body;
  httplib::Headers headers;
};

answer get(int port, const std::string& path, const std::string& cookie, const std::string& accept_language) {
  httplib::Client client("127.0.0.1", port);
  httplib::Headers headers;
  if (!cookie.empty()) headers.emplace("Cookie", cookie);
  if (!accept_language.empty()) headers.emplace("Accept-Language", accept_language);
  const httplib::Result result = client.Get(path, headers);
  if (!result) return {};
  return {result->status, result->body, result->headers};
}

std::string header(const answer& a, const std::string& name) {
  const auto it = a.headers.find(name);
  return it == a.headers.end() ? "(none)" : it->second;
}

TEST_F(HttplibAdapter, PrecedenceMatrix) {
  test_server server(2);
  struct row {
    bool q, c, h;
    std::string body;
  };
  // query fr, cookie ja, header de; each present or not.
  const std::vector<row> matrix = {
      {true, true, true, "Bonjour|fr|query"},      {true, true, false, "Bonjour|fr|query"},
      {true, false, true, "Bonjour|fr|query"},     {true, false, false, "Bonjour|fr|query"},
      {false, true, true, "こんにちは|ja|cookie"}, {false, true, false, "こんにちは|ja|cookie"},
      {false, false, true, "Hallo|de|header"},     {false, false, false, "Hello|C|default"},
  };
  for (const row& r : matrix) {
    const answer a = get(server.port(), r.q ? "/?n=1&locale=fr" : "/?n=1", r.c ? "theme=dark; locale=ja" : "",
                         r.h ? "es;q=0.9, de;q=0.8" : "");
    EXPECT_EQ(a.status, 200);
    EXPECT_EQ(a.body, r.body) << r.q << r.c << r.h;
  }
}

TEST_F(HttplibAdapter, ResponseHeaders) {
  test_server server(2);
  answer a = get(server.port(), "/?locale=pt-br", "", "");
  EXPECT_EQ(a.body, "Olá|pt_BR|query");
  EXPECT_EQ(header(a, "Content-Language"), "pt-BR");
  EXPECT_EQ(header(a, "Vary"), "Accept-Language, Cookie");
  EXPECT_EQ(header(a, "Set-Cookie"), "locale=pt_BR; Path=/; Max-Age=31536000; SameSite=Lax");

  a = get(server.port(), "/", "locale=ru", "de");
  EXPECT_EQ(header(a, "Content-Language"), "ru");
  EXPECT_EQ(header(a, "Set-Cookie"), "(none)");  // the cookie is already there

  a = get(server.port(), "/", "", "");
  EXPECT_EQ(header(a, "Content-Language"), "(none)");  // "C" is no language
  EXPECT_EQ(header(a, "Vary"), "Accept-Language, Cookie");

  http::options header_only;
  header_only.order = {http::source::header};
  test_server other(1, header_only);
  a = get(other.port(), "/?locale=fr", "locale=ja", "de");
  EXPECT_EQ(a.body, "Hallo|de|header");
  EXPECT_EQ(header(a, "Vary"), "Accept-Language");
  EXPECT_EQ(header(a, "Set-Cookie"), "(none)");
}

TEST_F(HttplibAdapter, MalformedInputsFallThrough) {
  test_server server(2);
  // Each: a broken query, then cookie, then header, with a good value in the next source.
  EXPECT_EQ(get(server.port(), "/?locale=%ZZ", "locale=fr", "").body, "Bonjour|fr|cookie");
  EXPECT_EQ(get(server.port(), "/?locale=%", "", "ru").body, "Привет|ru|header");
  EXPECT_EQ(get(server.port(), "/?locale=%E0%&locale=de", "", "").body, "Hallo|de|query");
  EXPECT_EQ(get(server.port(), "/?locale=xx-!!", "locale=\"\"", "ja").body, "こんにちは|ja|header");
  EXPECT_EQ(get(server.port(), "/", "locale=de!", "de;q=abc, fr").body, "Bonjour|fr|header");
  // cpp-httplib 0.11 percent-decodes every header value before handlers see it, so under this
  // adapter an encoded cookie is read decoded (the core itself does not decode cookies).
  EXPECT_EQ(get(server.port(), "/", "locale=%64%65", "fr").body, "Hallo|de|cookie");
  EXPECT_EQ(get(server.port(), "/", "", std::string(5000, ',') + "de").body, "Hello|C|default");
  EXPECT_EQ(get(server.port(), "/", ";;;;=;locale", "*, en;q=0.5").body, "Hello|C|default");

  // Over the bounds (httplib itself refuses lines over 8 KiB, so the bounds are lowered).
  http::options tight;
  tight.limits.max_query_bytes = 1000;
  tight.limits.max_cookie_bytes = 1000;
  test_server bounded(1, tight);
  EXPECT_EQ(get(bounded.port(), "/", std::string(1000, 'x') + "; locale=de", "").body, "Hello|C|default");
  EXPECT_EQ(get(bounded.port(), "/?" + std::string(1000, 'a') + "&locale=de", "", "").body,
            "Hello|C|default");
  EXPECT_EQ(get(bounded.port(), "/?" + std::string(900, 'a') + "&locale=de", "", "").body, "Hallo|de|query");
}

TEST_F(HttplibAdapter, ThrowingHandlerRestoresTheThreadsLocale) {
  // Called directly: the exception reaches the caller and the thread's own locale is back.
  ASSERT_TRUE(erli18n::setlocale("fr"));
  httplib::Server::Handler wrapped =
      http::localized([](const httplib::Request&, httplib::Response&) { throw std::runtime_error("boom"); });
  httplib::Request request;
  request.target = "/?locale=de";
  httplib::Response response;
  EXPECT_THROW(wrapped(request, response), std::runtime_error);
  EXPECT_EQ(erli18n::which_locale(), "fr");
  ASSERT_TRUE(erli18n::setlocale(""));

  // Through a server with a single worker: the thread that threw answers the next request
  // with no locale of its own.
  test_server server(1);
  EXPECT_EQ(get(server.port(), "/throw?locale=de", "", "ru").status, 500);
  EXPECT_EQ(get(server.port(), "/raw", "", "").body, "C");
  EXPECT_EQ(server.threads_seen(), 1U);
}

TEST_F(HttplibAdapter, ParallelRequestsEachInTheirLanguageOnReusedThreads) {
  constexpr std::size_t workers = 4;
  test_server server(workers);
  const std::vector<std::string> locales = {"de", "fr", "ja", "pt_BR", "ru"};
  constexpr int clients = 10;
  constexpr int requests_each = 40;
  std::atomic<int> wrong{0};
  std::atomic<int> done{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      for (int i = 0; i < requests_each; ++i) {
        const std::string& locale = locales[static_cast<std::size_t>(c + i) % locales.size()];
        // Alternate the source so that every path runs concurrently; every 5th request goes
        // to the unlocalized route, which must never see another request's locale.
        answer a;
        std::string expected;
        switch (i % 5) {
          case 0:
            a = get(server.port(), "/?locale=" + locale, "", "en");
            expected = hello.at(locale) + "|" + locale + "|query";
            break;
          case 1:
            a = get(server.port(), "/", "locale=" + locale, "en");
            expected = hello.at(locale) + "|" + locale + "|cookie";
            break;
          case 2:
          case 3:
            a = get(server.port(), "/", "", "xx, " + locale + ";q=0.5");
            expected = hello.at(locale) + "|" + locale + "|header";
            break;
          default:
            a = get(server.port(), "/raw", "", locale);
            expected = "C";
        }
        if (a.status != 200 || a.body != expected) ++wrong;
        ++done;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(done.load(), clients * requests_each);
  EXPECT_EQ(wrong.load(), 0);
  // 400 requests served by at most the pool's threads: each was reused many times.
  EXPECT_LE(server.threads_seen(), workers);
  EXPECT_GE(server.threads_seen(), 1U);
}

}  // namespace
