#include "erli18n/negotiate.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace erli18n {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Preferences as (locale, quality) pairs, for readable expectations.
using pairs = std::vector<std::pair<std::string, unsigned>>;

pairs parse(std::string_view header, const accept_language_limits& limits = {}) {
  pairs out;
  for (const language_preference& p : parse_accept_language(header, limits))
    out.emplace_back(p.locale, p.quality);
  return out;
}

// ---- Parsing -------------------------------------------------------------------------------

TEST(ParseAcceptLanguage, OrdersByQuality) {
  EXPECT_EQ(parse("da, en-gb;q=0.8, en;q=0.7"), (pairs{{"da", 1000}, {"en_GB", 800}, {"en", 700}}));
  EXPECT_EQ(parse("en;q=0.1, fr;q=0.9, de"), (pairs{{"de", 1000}, {"fr", 900}, {"en", 100}}));
}

TEST(ParseAcceptLanguage, EqualQualitiesKeepHeaderOrder) {
  EXPECT_EQ(parse("fr;q=0.5, de, it;q=0.5, en, es;q=1"),
            (pairs{{"de", 1000}, {"en", 1000}, {"es", 1000}, {"fr", 500}, {"it", 500}}));
  // Duplicates are kept, in order.
  EXPECT_EQ(parse("en;q=0.5, en, en-US;q=0.5"), (pairs{{"en", 1000}, {"en", 500}, {"en_US", 500}}));
}

TEST(ParseAcceptLanguage, ValidQualities) {
  const std::pair<std::string_view, unsigned> cases[] = {
      {"1", 1000},  {"1.", 1000},  {"1.0", 1000},  {"1.00", 1000}, {"1.000", 1000}, {"0.", 0},      {"0", 0},
      {"0.5", 500}, {"0.50", 500}, {"0.125", 125}, {"0.005", 5},   {"0.001", 1},    {"0.999", 999},
  };
  for (const auto& [q, quality] : cases) {
    const std::string header = "en;q=" + std::string(q);
    if (quality == 0) {
      EXPECT_THAT(parse(header), IsEmpty()) << header;
    } else {
      EXPECT_EQ(parse(header), (pairs{{"en", quality}})) << header;
    }
  }
}

TEST(ParseAcceptLanguage, InvalidQualitySkipsTheElement) {
  for (std::string_view q :
       {"1.5", "1.001", "1.0000", "0.1234", "0.0000", "2",   "00",  "01",   ".5",      "abc",
        "",    "-0.5",  "+1",     "0,5",    "0.5x",   "1e0", "0x1", " 0.5", "0.5 0.1", "0 .5"}) {
    const std::string header = "de, en;q=" + std::string(q) + ", fr;q=0.2";
    EXPECT_EQ(parse(header), (pairs{{"de", 1000}, {"fr", 200}})) << header;
  }
}

TEST(ParseAcceptLanguage, QualityZeroIsExcluded) {
  EXPECT_EQ(parse("fr;q=0, de"), (pairs{{"de", 1000}}));
  EXPECT_EQ(parse("fr;q=0.000, de;q=0.001"), (pairs{{"de", 1}}));
  EXPECT_THAT(parse("*;q=0"), IsEmpty());
}

TEST(ParseAcceptLanguage, ParameterNameIsCaseInsensitive) {
  EXPECT_EQ(parse("de;Q=0.8, en;q=0.7"), (pairs{{"de", 800}, {"en", 700}}));
}

TEST(ParseAcceptLanguage, OtherParametersSkipTheElement) {
  // RFC 9110 defines only `q`; an element with anything else is not understood.
  for (std::string_view element :
       {"en;level=1", "en;q=0.5;level=1", "en;level=1;q=0.5", "en;q=0.5;q=0.4", "en;", "en;;q=0.5", "en;q",
        "en;q=", "en;qq=0.5", "en;q =0.5", "en;q= 0.5", "en;=0.5"}) {
    const std::string header = std::string(element) + ", de;q=0.3";
    EXPECT_EQ(parse(header), (pairs{{"de", 300}})) << header;
  }
}

TEST(ParseAcceptLanguage, Wildcard) {
  EXPECT_EQ(parse("*"), (pairs{{"*", 1000}}));
  EXPECT_EQ(parse("de, *;q=0.1"), (pairs{{"de", 1000}, {"*", 100}}));
  EXPECT_THAT(parse("**, *-US, en-*"), IsEmpty());
}

TEST(ParseAcceptLanguage, OptionalWhitespace) {
  const pairs expected{{"de", 800}, {"en", 700}};
  EXPECT_EQ(parse("  de ; Q=0.8 ,en;q=0.7  "), expected);
  EXPECT_EQ(parse("de\t;\tq=0.8\t,\ten;q=0.7"), expected);
  EXPECT_EQ(parse("de;q=0.8,en;q=0.7"), expected);
  EXPECT_EQ(parse(" \t de;q=0.8 \t , \t en \t ; \t q=0.7 \t "), expected);
  // Only SP and HTAB are whitespace; inside a range, a space makes it malformed.
  EXPECT_THAT(parse("de\n"), IsEmpty());
  EXPECT_THAT(parse("de\r\n"), IsEmpty());
  EXPECT_THAT(parse("de\v, en\f"), IsEmpty());
  EXPECT_EQ(parse("en US, fr"), (pairs{{"fr", 1000}}));
}

TEST(ParseAcceptLanguage, EmptyElementsAreIgnored) {
  EXPECT_EQ(parse("en,,de"), (pairs{{"en", 1000}, {"de", 1000}}));
  EXPECT_EQ(parse(",, en , , ,de,"), (pairs{{"en", 1000}, {"de", 1000}}));
  EXPECT_THAT(parse(""), IsEmpty());
  EXPECT_THAT(parse(",,,"), IsEmpty());
  EXPECT_THAT(parse(" \t "), IsEmpty());
  EXPECT_THAT(parse(";q=0.5"), IsEmpty());
}

TEST(ParseAcceptLanguage, TagsAreCanonicalized) {
  EXPECT_EQ(parse("EN-us, zh-hant-tw, pt_BR, iw, sr-Latn-RS, de-CH-1996, en-US-u-ca-gregory, es-419"),
            (pairs{{"en_US", 1000},
                   {"zh_Hant_TW", 1000},
                   {"pt_BR", 1000},
                   {"he", 1000},
                   {"sr_Latn_RS", 1000},
                   {"de_CH", 1000},
                   {"en_US", 1000},
                   {"es_419", 1000}}));
}

TEST(ParseAcceptLanguage, MalformedElementsAreSkipped) {
  EXPECT_EQ(parse("en, #bad!, "), (pairs{{"en", 1000}}));
  EXPECT_EQ(parse("e, english, en--US, -en, 12, x-klingon, i-klingon, en-u, fr"), (pairs{{"fr", 1000}}));
  EXPECT_EQ(parse("de;q=0.5, \"en\", 'fr', <it>"), (pairs{{"de", 500}}));
  // Longer than a locale name can be.
  EXPECT_EQ(parse("en-" + std::string(70, 'a') + ", de"), (pairs{{"de", 1000}}));
}

TEST(ParseAcceptLanguage, NonAsciiAndNulAreSkipped) {
  EXPECT_EQ(parse("fran\xc3\xa7"
                  "ais, de"),
            (pairs{{"de", 1000}}));
  EXPECT_EQ(parse("\xff\xfe, en;q=0.\xd9\xa5, de"), (pairs{{"de", 1000}}));
  constexpr char with_nul[] = "en\0US, de, fr;q=0.5\0, it";
  const std::string nul(with_nul, sizeof with_nul - 1);
  EXPECT_EQ(parse(nul), (pairs{{"de", 1000}, {"it", 1000}}));
  EXPECT_THAT(parse(std::string_view("\0", 1)), IsEmpty());
}

TEST(ParseAcceptLanguage, ItemBound) {
  std::string header;
  for (int i = 0; i < 40; ++i) header += "en,";
  EXPECT_EQ(parse(header).size(), 32u);
  EXPECT_EQ(parse("en, de, fr", {4096, 2}), (pairs{{"en", 1000}, {"de", 1000}}));
  EXPECT_THAT(parse("en", {4096, 0}), IsEmpty());
  // Only kept elements count: malformed, empty and q=0 ones do not use up the bound.
  EXPECT_EQ(parse("#, , fr;q=0, en, de, it", {4096, 2}), (pairs{{"en", 1000}, {"de", 1000}}));
  // The bound applies in header order, before sorting.
  EXPECT_EQ(parse("en;q=0.1, de;q=0.2, fr", {4096, 2}), (pairs{{"de", 200}, {"en", 100}}));
}

TEST(ParseAcceptLanguage, ByteBoundCutsAtTheLastCompleteElement) {
  // "en-US, de-CH" cut after 9 bytes ("en-US, de") must not read "de".
  EXPECT_EQ(parse("en-US, de-CH", {9, 32}), (pairs{{"en_US", 1000}}));
  EXPECT_EQ(parse("en-US, de-CH", {12, 32}), (pairs{{"en_US", 1000}, {"de_CH", 1000}}));
  // A cut just before a comma keeps the element before it.
  EXPECT_EQ(parse("en-US,de-CH", {5, 32}), (pairs{{"en_US", 1000}}));
  EXPECT_EQ(parse("en;q=0.5,de", {7, 32}), pairs{});  // "en;q=0." would mean q=0
  EXPECT_THAT(parse("en-US", {4, 32}), IsEmpty());
  EXPECT_THAT(parse("en", {0, 32}), IsEmpty());
}

TEST(ParseAcceptLanguage, VeryLongHeader) {
  // A megabyte of preferences: the default bounds keep the first 4096 bytes, then 32 items.
  std::string header;
  while (header.size() < (1u << 20)) header += "de-CH;q=0.5, ";
  const pairs got = parse(header);
  EXPECT_EQ(got.size(), 32u);
  for (const auto& [locale, quality] : got) {
    EXPECT_EQ(locale, "de_CH");
    EXPECT_EQ(quality, 500u);
  }
  // Past 4096 bytes nothing is read, even a better preference.
  std::string padded(5000, ',');
  EXPECT_THAT(parse(padded + "en"), IsEmpty());
  EXPECT_EQ(parse(std::string(4000, ' ') + "fr," + std::string(200, ' ') + "en"), (pairs{{"fr", 1000}}));
  // A single element longer than the bound: nothing complete to read.
  EXPECT_THAT(parse(std::string(5000, 'a')), IsEmpty());
}

// ---- Negotiation ---------------------------------------------------------------------------

std::vector<language_preference> prefs(std::vector<std::string> locales) {
  std::vector<language_preference> out;
  for (std::string& l : locales) out.push_back({std::move(l), 1000});
  return out;
}

// A header negotiated against `available`, with a comment saying what the case shows.
struct negotiation {
  std::string_view header;
  std::vector<std::string> available;
  std::string_view default_locale;
  std::string_view expected;
};

// RFC 4647 lookup (match_scheme::lookup).
const std::vector<negotiation> lookup_negotiations = {
    // The example: nothing serves fr_CH or fr, and de is preferred to en.
    {"fr-CH, de;q=0.9, en;q=0.5", {"en", "pt", "de"}, "en", "de"},
    // Exact matches compare canonical forms and return the caller's spelling: the first of
    // several spellings of one locale.
    {"pt-br", {"en", "pt_BR", "de"}, "en", "pt_BR"},
    {"pt-BR", {"en", "PT-br"}, "en", "PT-br"},
    {"en_US", {"de", "en-us.UTF-8"}, "de", "en-us.UTF-8"},
    {"iw", {"he_IL", "he"}, "en", "he"},
    {"de", {"en", "de.UTF-8", "de", "DE"}, "en", "de.UTF-8"},
    // Then the preference's parents: region, then script, dropped.
    {"pt-BR", {"en", "pt", "zh_Hant", "zh"}, "en", "pt"},
    {"zh-Hant-TW", {"en", "pt", "zh_Hant", "zh"}, "en", "zh_Hant"},
    {"zh-Hans-CN", {"en", "pt", "zh_Hant", "zh"}, "en", "zh"},
    {"es-419", {"es", "en"}, "en", "es"},
    {"zh-Hant-TW", {"zh_Hant_TW", "zh_Hans", "sr_Latn"}, "C", "zh_Hant_TW"},
    {"zh-Hans-SG", {"zh_Hant_TW", "zh_Hans", "sr_Latn"}, "C", "zh_Hans"},
    {"sr-Latn-RS", {"zh_Hant_TW", "zh_Hans", "sr_Latn"}, "C", "sr_Latn"},
    // Never a more specific locale, nor a sibling region: RFC 4647 lookup only truncates.
    {"zh-Hant", {"zh_Hant_TW", "zh_Hans", "sr_Latn", "en_GB"}, "C", "C"},
    {"zh", {"zh_Hant_TW", "zh_Hans", "sr_Latn", "en_GB"}, "C", "C"},
    {"en-US", {"zh_Hant_TW", "zh_Hans", "sr_Latn", "en_GB"}, "C", "C"},
    {"sr", {"zh_Hant_TW", "zh_Hans", "sr_Latn", "en_GB"}, "C", "C"},
    // All fallbacks of one preference come before the next preference.
    {"fr-CH, de", {"de", "fr"}, "en", "fr"},
    {"de-AT, de-DE;q=0.9", {"de_DE", "de"}, "en", "de"},
    // `*` selects nothing: the default, or a later preference.
    {"*", {"en", "de"}, "de", "de"},
    {"*", {"en", "de"}, "fr", "fr"},
    {"*, de;q=0.5", {"en", "de"}, "en", "de"},
    {"fr, *;q=0.5", {"en", "de"}, "it", "it"},
    // No match: the default, which need not be available and is returned as spelled.
    {"fr, it", {"en", "de"}, "de", "de"},
    {"", {"en", "de"}, "de", "de"},
    {"#garbage", {"en", "de"}, "de", "de"},
    {"fr", {"en"}, "pt-BR", "pt-BR"},
    {"en, de", {}, "en", "en"},
    // Malformed available entries never match.
    {"en", {"", "en/../x", "*", "en_"}, "de", "de"},
    {"en", {"e n", "en"}, "de", "en"},
    // An empty or malformed default is "C".
    {"fr", {"en"}, "", "C"},
    {"fr", {"en"}, "../etc", "C"},
    {"fr", {"en"}, "*", "C"},
    {"fr", {"en"}, "POSIX", "POSIX"},
};

// Best-fit matching (the default), each case checked against ICU's LocaleMatcher: what a lookup
// misses, and the rules of CLDR's data that decide it.
const std::vector<negotiation> best_fit_negotiations = {
    // The examples: likely subtags make these the same language and script.
    {"zh", {"en", "zh_CN"}, "en", "zh_CN"},
    {"zh-TW", {"en", "zh_Hant"}, "en", "zh_Hant"},
    {"zh-Hant-TW", {"en", "zh_TW"}, "en", "zh_TW"},
    {"pt", {"en", "pt_BR"}, "en", "pt_BR"},
    {"no", {"en", "nb"}, "en", "nb"},
    {"es-MX", {"en", "es_419"}, "en", "es_419"},
    {"pt-AO", {"en", "pt_PT", "pt_BR"}, "en", "pt_PT"},
    {"zh-HK", {"en", "zh_CN", "zh_TW"}, "en", "zh_TW"},
    {"zh-HK", {"en", "zh_CN", "zh_Hant"}, "en", "zh_Hant"},
    {"zh-MO", {"zh_Hans", "zh_Hant_HK", "zh_Hant_TW"}, "en", "zh_Hant_HK"},
    // Region groups: Latin America, English outside the US, Portuguese outside Brazil.
    {"es-MX", {"en", "es", "es_419"}, "en", "es_419"},
    {"es-ES", {"en", "es", "es_419"}, "en", "es"},
    {"en-AU", {"en", "en_GB"}, "fr", "en_GB"},
    {"en-CA", {"en_GB", "en"}, "fr", "en"},
    // A tie goes to the likelier region: fr_FR for Belgium, whatever the order.
    {"fr-BE", {"fr_CA", "fr_FR"}, "en", "fr_FR"},
    // Aliases and close languages.
    {"iw", {"en", "he"}, "en", "he"},
    {"he", {"en", "iw"}, "en", "iw"},
    {"tl", {"en", "fil"}, "en", "fil"},
    {"mo", {"en", "ro"}, "en", "ro"},
    {"nn", {"en", "nb"}, "en", "nb"},
    {"da", {"en", "nb"}, "en", "nb"},
    {"sh", {"en", "bs"}, "en", "bs"},
    {"gsw", {"fr", "de"}, "fr", "de"},
    {"am", {"fr", "en"}, "fr", "en"},
    // A different script alone is too far; a different language with no rule never matches.
    {"zh-TW", {"en", "zh_CN"}, "en", "en"},
    {"sr", {"en", "sr_Latn"}, "en", "sr_Latn"},
    {"es", {"en", "ca"}, "en", "en"},
    {"ca", {"es", "en"}, "en", "es"},
    // The user's order: a region difference for the first language beats an exact match for
    // the second; a different language for the first does not.
    {"de-AT, fr", {"fr", "de"}, "en", "de"},
    {"ja, de;q=0.5", {"fr", "de"}, "en", "de"},
    {"fr;q=0.9, de;q=0.8", {"en", "de"}, "en", "de"},
    // Among spellings that maximize alike, the one written as the request is.
    {"pt-BR", {"pt", "pt_BR"}, "en", "pt_BR"},
    {"pt", {"pt", "pt_BR"}, "en", "pt"},
    {"de-AT, de-DE;q=0.9", {"de_DE", "de"}, "en", "de_DE"},
    // An unknown language is compared as it is spelled (with und's script and region).
    {"xx-YY", {"en", "xx"}, "en", "xx"},
    {"zz-Latn-ZZ", {"en", "zz"}, "en", "zz"},
    // What lookup gets too.
    {"fr-CH, de;q=0.9, en;q=0.5", {"en", "pt", "de"}, "en", "de"},
    {"*", {"en", "de"}, "fr", "fr"},
    {"fr, it", {"en", "de"}, "de", "de"},
};

TEST(NegotiateLocale, Examples) {
  for (const negotiation& n : lookup_negotiations)
    EXPECT_EQ(negotiate_locale(n.header, n.available, n.default_locale, match_scheme::lookup), n.expected)
        << "header '" << n.header << "', default '" << n.default_locale << "'";
  for (const negotiation& n : best_fit_negotiations)
    EXPECT_EQ(negotiate_locale(n.header, n.available, n.default_locale), n.expected)
        << "header '" << n.header << "', available " << ::testing::PrintToString(n.available);
  EXPECT_EQ(negotiate_locale("fr", {"en"}, std::string_view("en\0", 3)), "C");
}

TEST(NegotiateLocale, PreferencesFromTheCaller) {
  // Any spelling is canonicalized; q=0, "*" and malformed names are skipped; otherwise order,
  // not quality, is the priority.
  std::vector<language_preference> p = {
      {"de", 0}, {"*", 1000}, {"bad name", 1000}, {"PT-br", 10}, {"en", 1000}};
  EXPECT_EQ(negotiate_locale(p, {"en", "de", "pt"}, "C"), "pt");
  EXPECT_EQ(negotiate_locale(std::vector<language_preference>{}, {"en"}, "en"), "en");
  EXPECT_EQ(negotiate_locale(prefs({"sr_RS@latin"}), {"sr", "sr@latin"}, "en"), "sr@latin");
  // A modifier that names no script is matched too: the same one first, else none.
  EXPECT_EQ(negotiate_locale(prefs({"ca@valencia"}), {"ca", "ca@valencia"}, "en"), "ca@valencia");
  EXPECT_EQ(negotiate_locale(prefs({"ca_ES@valencia"}), {"ca", "ca@valencia"}, "en"), "ca@valencia");
  EXPECT_EQ(negotiate_locale(prefs({"ca"}), {"ca@valencia", "ca"}, "en"), "ca");
  EXPECT_EQ(negotiate_locale(prefs({"ca_ES"}), {"ca@valencia", "ca"}, "en"), "ca");
  EXPECT_EQ(negotiate_locale(prefs({"ca@valencia"}), {"ca"}, "en"), "ca");
  EXPECT_EQ(negotiate_locale(prefs({"fr", "de", "en"}), {"en", "de"}, "C"), "de");
  EXPECT_EQ(negotiate_locale(prefs({"en"}), {}, "fr"), "fr");
}

TEST(NegotiateLocale, ManyAvailableLocales) {
  std::vector<std::string> available;
  for (char a = 'a'; a <= 'z'; ++a)
    for (char b = 'a'; b <= 'z'; ++b) available.push_back(std::string{a, b});
  EXPECT_EQ(negotiate_locale("xx-YY, qq", available, "en"), "xx");
  EXPECT_EQ(negotiate_locale("zz-Latn-ZZ", available, "en"), "zz");
}

// find_locale tells a miss from a match of the default, which negotiate_locale cannot.
TEST(FindLocale, IndexOfTheMatchOrNothing) {
  EXPECT_EQ(find_locale(prefs({"fr", "de-AT"}), {"en", "de"}), std::optional<std::size_t>(1));
  EXPECT_EQ(find_locale(prefs({"es"}), {"en", "ca"}), std::nullopt);
  EXPECT_EQ(find_locale(prefs({"es"}), {"en", "ca"}, match_scheme::lookup), std::nullopt);
  EXPECT_EQ(find_locale(prefs({"es-MX"}), {"en", "es_419"}), std::optional<std::size_t>(1));
  EXPECT_EQ(find_locale(prefs({"es-MX"}), {"en", "es_419"}, match_scheme::lookup), std::nullopt);
  EXPECT_EQ(find_locale(prefs({"C"}), {"en", "C"}), std::optional<std::size_t>(1));
  EXPECT_EQ(find_locale(prefs({"fr"}), {"en", "de"}), std::nullopt);
  EXPECT_EQ(find_locale(prefs({"*"}), {"en"}), std::nullopt);
  EXPECT_EQ(find_locale({}, {"en"}), std::nullopt);
}

}  // namespace
}  // namespace erli18n
