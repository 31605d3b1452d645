// The HTTP negotiation core: query and cookie reading, source precedence, fail-soft inputs,
// bounds, and the response headers.
#include "erli18n/http.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "erli18n/gettext.h"

namespace {

namespace http = erli18n::http;
using http::source;

std::optional<std::string> query(std::string_view q, std::string_view name = "locale") {
  return http::query_value(q, name);
}
std::optional<std::string> cookie(std::string_view c, std::string_view name = "locale") {
  const std::optional<std::string_view> v = http::cookie_value(c, name);
  if (!v) return std::nullopt;
  return std::string(*v);
}

TEST(HttpQueryValue, FindsTheFirstPairWithTheKey) {
  EXPECT_EQ(query("locale=de"), "de");
  EXPECT_EQ(query("n=2&locale=fr&locale=de"), "fr");
  EXPECT_EQ(query("xlocale=de&locale_=fr"), std::nullopt);
  EXPECT_EQ(query("a=1&b=2"), std::nullopt);
  EXPECT_EQ(query(""), std::nullopt);
}

TEST(HttpQueryValue, FormDecodesTheValueButNotTheKey) {
  EXPECT_EQ(query("locale=pt%2dBR"), "pt-BR");
  EXPECT_EQ(query("locale=pt%2DBR"), "pt-BR");
  EXPECT_EQ(query("locale=a+b"), "a b");
  EXPECT_EQ(query("loc%61le=de"), std::nullopt);
  EXPECT_EQ(query("locale=%00"), std::string(1, '\0'));
}

TEST(HttpQueryValue, MalformedEscapeSkipsOnlyThatPair) {
  EXPECT_EQ(query("locale=%ZZ"), std::nullopt);
  EXPECT_EQ(query("locale=de%"), std::nullopt);
  EXPECT_EQ(query("locale=de%4"), std::nullopt);
  EXPECT_EQ(query("locale=%E0%&locale=fr"), "fr");
  EXPECT_EQ(query("locale=%g1&x=1&locale=ja"), "ja");
}

TEST(HttpQueryValue, PairsWithoutEqualsAndEmptyValues) {
  EXPECT_EQ(query("locale&locale=de"), "de");
  EXPECT_EQ(query("locale="), "");
  EXPECT_EQ(query("&&locale=de&"), "de");
  EXPECT_EQ(query("locale=de;locale=fr"), "de;locale=fr");  // `;` is not a separator
  EXPECT_EQ(query("locale=a=b"), "a=b");
}

TEST(HttpQueryValue, Bounds) {
  http::http_limits limits;
  limits.max_query_bytes = 16;
  EXPECT_EQ(http::query_value("locale=de", "locale", limits), "de");
  EXPECT_EQ(http::query_value("x=12345&locale=de", "locale", limits), std::nullopt);  // 17 bytes
  limits = {};
  limits.max_pairs = 2;
  EXPECT_EQ(http::query_value("a=1&locale=de", "locale", limits), "de");
  EXPECT_EQ(http::query_value("a=1&b=2&locale=de", "locale", limits), std::nullopt);
  std::string many;
  for (int i = 0; i < 100; ++i) many += "x=1&";
  EXPECT_EQ(query(many + "locale=de"), std::nullopt);  // beyond the default 64 pairs
  EXPECT_EQ(query(std::string(9000, 'a') + "&locale=de"), std::nullopt);
}

TEST(HttpCookieValue, FindsTheFirstCookieWithTheName) {
  EXPECT_EQ(cookie("locale=de"), "de");
  EXPECT_EQ(cookie("a=1; locale=fr; locale=de"), "fr");
  EXPECT_EQ(cookie("a=1;locale=ja"), "ja");
  EXPECT_EQ(cookie("Locale=de"), std::nullopt);  // names are case-sensitive
  EXPECT_EQ(cookie("mylocale=de"), std::nullopt);
  EXPECT_EQ(cookie(""), std::nullopt);
}

TEST(HttpCookieValue, TrimsAndUnquotesButDoesNotDecode) {
  EXPECT_EQ(cookie("  locale \t=  de  ; a=1"), "de");
  EXPECT_EQ(cookie("locale=\"pt_BR\""), "pt_BR");
  EXPECT_EQ(cookie("locale=\""), "\"");
  EXPECT_EQ(cookie("locale=pt%2DBR"), "pt%2DBR");
  EXPECT_EQ(cookie("locale="), "");  // present and empty: the first one still wins
  EXPECT_EQ(cookie("locale=; locale=de"), "");
}

TEST(HttpCookieValue, MalformedPairsAreSkipped) {
  EXPECT_EQ(cookie("garbage; =de; locale=fr"), "fr");
  EXPECT_EQ(cookie(";;;locale=ru"), "ru");
  EXPECT_EQ(cookie(std::string("\xff\x00junk", 6) + "; locale=de"), "de");
}

TEST(HttpCookieValue, Bounds) {
  EXPECT_EQ(cookie(std::string(8200, 'a') + "; locale=de"), std::nullopt);
  std::string many;
  for (int i = 0; i < 64; ++i) many += "x=1; ";
  EXPECT_EQ(cookie(many + "locale=de"), std::nullopt);
  EXPECT_EQ(cookie("x=1; " + std::string("locale=de")), "de");
}

http::options with_available(std::vector<std::string> available) {
  http::options o;
  o.available = std::move(available);
  o.default_locale = "en";
  return o;
}

TEST(HttpNegotiate, DefaultPrecedenceIsQueryCookieHeaderDefault) {
  const http::options o = with_available({"de", "fr", "ja", "pt_BR"});
  const std::string_view q = "locale=fr", c = "locale=ja", h = "de";
  // Every combination of the three sources being present.
  struct row {
    bool q, c, h;
    std::string locale;
    source from;
  };
  const std::vector<row> matrix = {
      {true, true, true, "fr", source::query},    {true, true, false, "fr", source::query},
      {true, false, true, "fr", source::query},   {true, false, false, "fr", source::query},
      {false, true, true, "ja", source::cookie},  {false, true, false, "ja", source::cookie},
      {false, false, true, "de", source::header}, {false, false, false, "en", source::default_locale},
  };
  for (const row& r : matrix) {
    const http::negotiation n = http::negotiate({r.q ? q : "", r.c ? c : "", r.h ? h : ""}, o);
    EXPECT_EQ(n.locale, r.locale) << r.q << r.c << r.h;
    EXPECT_EQ(n.from, r.from) << r.q << r.c << r.h;
  }
}

TEST(HttpNegotiate, ASourceThatMatchesNothingFallsThrough) {
  const http::options o = with_available({"de", "fr"});
  EXPECT_EQ(http::negotiate({"locale=xx", "locale=fr", "de"}, o).from, source::cookie);
  EXPECT_EQ(http::negotiate({"locale=#!", "locale=%41", "de"}, o).from, source::header);
  EXPECT_EQ(http::negotiate({"locale=", "locale=", "de"}, o).from, source::header);
  EXPECT_EQ(http::negotiate({"locale=%Z", "", "es, *;q=0.1"}, o).from, source::default_locale);
  EXPECT_EQ(http::negotiate({"locale=*", "", ""}, o).from, source::default_locale);
}

TEST(HttpNegotiate, ValuesAreMatchedLikeAcceptLanguageRanges) {
  const http::options o = with_available({"de", "pt-BR", "zh_Hant"});
  EXPECT_EQ(http::negotiate({"locale=pt_br", "", ""}, o).locale, "pt-BR");  // caller's spelling
  EXPECT_EQ(http::negotiate({"locale=de-AT", "", ""}, o).locale, "de");     // parent
  EXPECT_EQ(http::negotiate({"locale=de_DE.UTF-8", "", ""}, o).locale, "de");
  EXPECT_EQ(http::negotiate({"", "locale=zh-hant-tw", ""}, o).locale, "zh_Hant");
  // Best-fit: pt is Brazilian Portuguese; Catalan is no Spanish.
  EXPECT_EQ(http::negotiate({"locale=pt", "", ""}, o).locale, "pt-BR");
  EXPECT_EQ(http::negotiate({"locale=zh-TW", "", ""}, o).locale, "zh_Hant");
  EXPECT_EQ(http::negotiate({"locale=ca", "", ""}, o).from, source::default_locale);
  EXPECT_EQ(http::negotiate({"", "", "fr-CH, de;q=0.5"}, o).locale, "de");
}

TEST(HttpNegotiate, ConfigurableOrderAndNames) {
  http::options o = with_available({"de", "fr", "ja"});
  o.order = {source::header, source::query};
  const http::request_view r{"lang=ja&locale=fr", "locale=de", "ja;q=0.1, de"};
  http::negotiation n = http::negotiate(r, o);
  EXPECT_EQ(n.locale, "de");
  EXPECT_EQ(n.from, source::header);
  o.order = {source::query};
  o.query_param = "lang";
  EXPECT_EQ(http::negotiate(r, o).locale, "ja");
  o.order = {};
  EXPECT_EQ(http::negotiate(r, o).from, source::default_locale);
  o.order = {source::default_locale, source::cookie};  // the default is not a request source
  EXPECT_EQ(http::negotiate(r, o).from, source::cookie);
}

TEST(HttpNegotiate, DefaultLocale) {
  http::options o = with_available({"de"});
  o.default_locale = "not a locale";
  EXPECT_EQ(http::negotiate({}, o).locale, "C");
  o.default_locale = "";
  ASSERT_TRUE(erli18n::set_default_locale("fr_FR"));
  EXPECT_EQ(http::negotiate({}, o).locale, "fr_FR");
  ASSERT_TRUE(erli18n::set_default_locale("C"));
  EXPECT_EQ(http::negotiate({}, o).locale, "C");
}

TEST(HttpNegotiate, AvailableDefaultsToTheStoresLocales) {
  erli18n::catalog_store store;
  const std::string po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n";
  ASSERT_TRUE(store.load_buffer("app", "ru", po));
  ASSERT_TRUE(store.load_buffer("app", "pt_BR", po));
  http::options o;
  o.store = &store;
  o.default_locale = "en";
  EXPECT_EQ(http::negotiate({"", "", "pt-br, ru"}, o).locale, "pt_BR");
  EXPECT_EQ(http::negotiate({"locale=ru", "", ""}, o).locale, "ru");
  EXPECT_EQ(http::negotiate({"locale=de", "", ""}, o).locale, "en");
}

TEST(HttpNegotiate, HostileInputsFallThroughToTheDefault) {
  const http::options o = with_available({"de"});
  const std::string huge(100000, ',');
  const std::string nul("locale=d\0e", 10);
  const std::string long_name = "locale=" + std::string(500, 'a');
  for (const http::request_view& r :
       {http::request_view{huge, huge, huge}, http::request_view{nul, nul, nul},
        http::request_view{"locale=%", "locale", ";;;==;"}, http::request_view{long_name, "", ""}}) {
    const http::negotiation n = http::negotiate(r, o);
    EXPECT_EQ(n.locale, "en");
    EXPECT_EQ(n.from, source::default_locale);
  }
}

TEST(HttpNegotiate, HeaderIsBoundedAsConfigured) {
  http::options o = with_available({"de", "fr"});
  o.limits.accept_language.max_items = 1;
  EXPECT_EQ(http::negotiate({"", "", "es, de"}, o).from, source::default_locale);
  o.limits.accept_language = {};
  EXPECT_EQ(http::negotiate({"", "", "es, de"}, o).locale, "de");
}

TEST(HttpSourceNames, AreStable) {
  EXPECT_EQ(http::to_string(source::query), "query");
  EXPECT_EQ(http::to_string(source::cookie), "cookie");
  EXPECT_EQ(http::to_string(source::header), "header");
  EXPECT_EQ(http::to_string(source::default_locale), "default");
}

TEST(HttpContentLanguage, IsTheBcp47Tag) {
  EXPECT_EQ(http::content_language("pt_BR"), "pt-BR");
  EXPECT_EQ(http::content_language("zh_Hant_TW"), "zh-Hant-TW");
  EXPECT_EQ(http::content_language("de_DE.UTF-8"), "de-DE");
  EXPECT_EQ(http::content_language("sr@latin"), "sr");
  EXPECT_EQ(http::content_language("ja"), "ja");
  EXPECT_EQ(http::content_language("C"), "");
  EXPECT_EQ(http::content_language("POSIX"), "");
  EXPECT_EQ(http::content_language("not a locale"), "");
  EXPECT_EQ(http::content_language(http::negotiation{"ru", source::header}), "ru");
}

TEST(HttpVary, NamesTheEnabledRequestHeaders) {
  http::options o;
  EXPECT_EQ(http::vary(o), "Accept-Language, Cookie");
  o.order = {source::query, source::header};
  EXPECT_EQ(http::vary(o), "Accept-Language");
  o.order = {source::cookie};
  EXPECT_EQ(http::vary(o), "Cookie");
  o.order = {source::query};
  EXPECT_EQ(http::vary(o), "");
}

TEST(HttpSetCookie, OnlyWhenTheQueryChose) {
  http::options o;
  EXPECT_EQ(http::set_cookie({"pt_BR", source::query}, o),
            "locale=pt_BR; Path=/; Max-Age=31536000; SameSite=Lax");
  EXPECT_EQ(http::set_cookie({"pt_BR", source::cookie}, o), std::nullopt);
  EXPECT_EQ(http::set_cookie({"pt_BR", source::header}, o), std::nullopt);
  EXPECT_EQ(http::set_cookie({"en", source::default_locale}, o), std::nullopt);
  o.cookie_name = "lang";
  o.cookie_attributes = "";
  EXPECT_EQ(http::set_cookie({"de", source::query}, o), "lang=de");
  o.cookie_name = "bad name";
  EXPECT_EQ(http::set_cookie({"de", source::query}, o), std::nullopt);
  o.cookie_name = "locale";
  EXPECT_EQ(http::set_cookie({"de;x=1", source::query}, o), std::nullopt);
  o.order = {source::query, source::header};  // no cookie source: a cookie would never be read
  EXPECT_EQ(http::set_cookie({"de", source::query}, o), std::nullopt);
}

}  // namespace
