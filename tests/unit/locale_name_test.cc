#include "erli18n/locale_name.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n {
namespace {

using ::testing::HasSubstr;

// Both overloads, checked against each other on every call.
std::string canonical(std::string_view name) {
  result<std::string> r = canonical_locale(name);
  char buf[max_locale_name + 1];
  const std::size_t n = canonical_locale(name, buf, sizeof buf);
  if (!r) {
    EXPECT_EQ(n, 0u) << name;
    ADD_FAILURE() << name << " was rejected: " << r.error().message;
    return "<error>";
  }
  EXPECT_EQ(std::string_view(buf, n), *r) << name;
  EXPECT_EQ(buf[n], '\0') << name;
  return *r;
}

error rejected(std::string_view name) {
  result<std::string> r = canonical_locale(name);
  char buf[max_locale_name + 1];
  EXPECT_EQ(canonical_locale(name, buf, sizeof buf), 0u) << name;
  EXPECT_FALSE(r.has_value()) << name << " was accepted as " << (r ? *r : "");
  return r ? error{} : r.error();
}

struct example {
  std::string_view input;
  std::string_view canonical;
};

constexpr example accepted[] = {
    // One locale, many spellings.
    {"pt-BR", "pt_BR"},
    {"pt_br", "pt_BR"},
    {"pt_BR.UTF-8", "pt_BR"},
    {"PT-br", "pt_BR"},
    {"pt_BR", "pt_BR"},
    // Withdrawn language codes; only whole language subtags are mapped.
    {"iw", "he"},
    {"in_ID", "id_ID"},
    {"ji", "yi"},
    {"jw", "jv"},
    {"mo", "ro"},
    {"IW-il", "he_IL"},
    {"MO_md@cyrillic", "ro_MD@cyrillic"},
    {"iwo", "iwo"},
    {"en_IN", "en_IN"},
    // Languages: 2 or 3 letters, well-formed rather than registered.
    {"en", "en"},
    {"EN", "en"},
    {"ast", "ast"},
    {"Fil_PH", "fil_PH"},
    {"qq_ZZ", "qq_ZZ"},
    // C and POSIX.
    {"C", "C"},
    {"c", "C"},
    {"POSIX", "POSIX"},
    {"posix", "POSIX"},
    {"C.UTF-8", "C"},
    {"C.utf8", "C"},
    // Scripts.
    {"zh-Hant-TW", "zh_Hant_TW"},
    {"zh-hant-tw", "zh_Hant_TW"},
    {"ZH_HANS", "zh_Hans"},
    {"sr_Latn_RS", "sr_Latn_RS"},
    {"uz-Cyrl-1996", "uz_Cyrl"},
    // Regions.
    {"es-419", "es_419"},
    {"es_419.UTF-8", "es_419"},
    {"de-at", "de_AT"},
    // Codesets are dropped.
    {"de_DE.iso88591", "de_DE"},
    {"de_DE.ISO-8859-1", "de_DE"},
    {"ja_JP.eucJP", "ja_JP"},
    {"en.UTF_8", "en"},
    // `@euro` picks a currency, never a catalog: dropped like a codeset, in any case.
    {"pt_BR.UTF-8@euro", "pt_BR"},
    {"de_DE@euro", "de_DE"},
    {"fr@EURO", "fr"},
    {"C@euro", "C"},
    {"POSIX.UTF-8@Euro", "POSIX"},
    // Other modifiers are kept, lower-cased.
    {"uz_UZ@cyrillic", "uz_UZ@cyrillic"},
    {"sr@euros", "sr@euros"},
    {"sr_RS@Latin", "sr_RS@latin"},
    {"ca@valencia", "ca@valencia"},
    {"CA-es@VALENCIA", "ca_ES@valencia"},
    {"be_BY@tarask1", "be_BY@tarask1"},
    // Variants are dropped.
    {"de-DE-1996", "de_DE"},
    {"sl-rozaj", "sl"},
    {"sl-rozaj-biske-1994", "sl"},
    {"de-CH-1901-abcdefgh", "de_CH"},
    {"hy-Latn-IT-arevela", "hy_Latn_IT"},
    {"en-1abc", "en"},
    // Extensions and private use are dropped, whatever their subtags look like; after `x`,
    // single characters are subtags, not singletons.
    {"en-US-u-ca-gregory", "en_US"},
    {"en-u-ca-gregory-t-hi", "en"},
    {"de-DE-t-ar-h0-hybrid", "de_DE"},
    {"en-x-private", "en"},
    {"en-US-x-a-b", "en_US"},
    {"en-1996-u-nu-arab-x-foo", "en"},
    {"en-u-US-Latn-12345678", "en"},
    {"en_u_ca_gregory.UTF-8@euro", "en"},
    {"en_u_ca_gregory.UTF-8@latin", "en@latin"},
};

TEST(CanonicalLocale, Examples) {
  for (const example& e : accepted) EXPECT_EQ(canonical(e.input), e.canonical) << e.input;
}

TEST(CanonicalLocale, Idempotent) {
  for (const example& e : accepted) EXPECT_EQ(canonical(e.canonical), e.canonical) << e.input;
}

TEST(CanonicalLocale, RejectsEmpty) {
  const error e = rejected("");
  EXPECT_EQ(e.code, errc::invalid_argument);
  EXPECT_THAT(e.message, HasSubstr("empty locale name"));
}

TEST(CanonicalLocale, LengthBound) {
  // 63 bytes that canonicalize to something short are accepted; 64 bytes never are.
  const std::string longest = "en_US." + std::string(max_locale_name - 6, 'a');
  ASSERT_EQ(longest.size(), max_locale_name);
  EXPECT_EQ(canonical(longest), "en_US");
  const std::string modifier = "en@" + std::string(max_locale_name - 3, 'a');
  EXPECT_EQ(canonical(modifier), modifier);

  const error e = rejected(longest + "a");
  EXPECT_EQ(e.code, errc::limit_exceeded);
  EXPECT_THAT(e.message, HasSubstr("longer than 63 bytes"));
  EXPECT_EQ(rejected(std::string(10000, 'a')).code, errc::limit_exceeded);
}

struct rejection {
  std::string_view input;
  std::string_view problem;  // a part of the message
};

constexpr rejection rejected_names[] = {
    // Bytes outside letters, digits, `-`, `_`, `.` and `@`.
    {"pt BR", "invalid character"},
    {"pt/BR", "invalid character"},
    {"../etc", "invalid character"},
    {"pt\\BR", "invalid character"},
    {"pt,BR", "invalid character"},
    {"pt;q=0.8", "invalid character"},
    {"\xc3\xa9", "invalid character"},
    {"pt_BR\n", "invalid character"},
    {"*", "invalid character"},
    {"en+US", "invalid character"},
    {"en:US", "invalid character"},
    {{"pt\0BR", 5}, "invalid character"},
    {{"\0", 1}, "invalid character"},
    // Empty subtags.
    {"pt--BR", "empty subtag"},
    {"pt_", "empty subtag"},
    {"_pt", "empty subtag"},
    {"-", "empty subtag"},
    {"pt-_BR", "empty subtag"},
    {"pt_.UTF-8", "empty subtag"},
    {"pt_@euro", "empty subtag"},
    {".UTF-8", "empty subtag"},
    {"@euro", "empty subtag"},
    {"en-US-", "empty subtag"},
    {"en-u-ca-", "empty subtag"},
    // Codesets and modifiers.
    {"pt_BR.", "empty codeset"},
    {"pt_BR.@euro", "empty codeset"},
    {"pt_BR.UTF.8", "invalid codeset"},
    {"sr@", "empty modifier"},
    {"sr_RS@latin@x", "invalid modifier"},
    {"sr_RS@latin.UTF-8", "invalid modifier"},
    {"sr_RS@lat-in", "invalid modifier"},
    {"sr_RS@lat_in", "invalid modifier"},
    // C and POSIX stand alone.
    {"C_US", "C and POSIX"},
    {"POSIX-x-foo", "C and POSIX"},
    {"C@latin", "C and POSIX"},
    // Languages of the wrong shape.
    {"e", "language must be 2 or 3 letters"},
    {"e_US", "language must be 2 or 3 letters"},
    {"engl", "language must be 2 or 3 letters"},
    {"english", "language must be 2 or 3 letters"},
    {"e1", "language must be 2 or 3 letters"},
    {"12", "language must be 2 or 3 letters"},
    {"123", "language must be 2 or 3 letters"},
    {"Latn", "language must be 2 or 3 letters"},
    {"1996", "language must be 2 or 3 letters"},
    {"x-private", "language must be 2 or 3 letters"},
    {"i-klingon", "language must be 2 or 3 letters"},
    // Subtags of the wrong shape or in the wrong place.
    {"en-Latn-US-Latn", "unexpected subtag"},  // a second script
    {"en-US-Latn", "unexpected subtag"},       // script after region
    {"en-US-GB", "unexpected subtag"},         // a second region
    {"en-1996-US", "unexpected subtag"},       // region after variant
    {"zh-yue", "unexpected subtag"},           // extended language subtags are not accepted
    {"en-U1", "unexpected subtag"},
    {"en-41", "unexpected subtag"},
    {"en-abc", "unexpected subtag"},
    {"en-US-abcd", "unexpected subtag"},
    {"en-abcdefghi", "longer than 8"},
    {"en-u-abcdefghi", "longer than 8"},
    {"en-x-abcdefghi", "longer than 8"},
    // A singleton needs at least one subtag.
    {"en-u", "extension without subtags"},
    {"en-US-x", "extension without subtags"},
    {"en-u-t-ab", "extension without subtags"},
    {"en-u-ca-t", "extension without subtags"},
    {"de-1996-u", "extension without subtags"},
};

TEST(CanonicalLocale, Rejections) {
  for (const rejection& r : rejected_names) {
    const error e = rejected(r.input);
    EXPECT_EQ(e.code, errc::invalid_argument) << r.input;
    EXPECT_THAT(e.message, HasSubstr(std::string(r.problem))) << r.input;
  }
}

TEST(CanonicalLocale, MessagesAreLowerCaseAndHaveNoPosition) {
  for (std::string_view name : {"", "pt--BR", "e", "en-US-GB", "pt_BR.", "sr@", "a b"}) {
    const error e = rejected(name);
    ASSERT_FALSE(e.message.empty()) << name;
    EXPECT_FALSE(e.message[0] >= 'A' && e.message[0] <= 'Z') << name;
    EXPECT_TRUE(e.file.empty());
    EXPECT_EQ(e.line, 0u);
  }
}

TEST(CanonicalLocaleBuffer, NeedsRoomForTheNul) {
  char buf[16];
  EXPECT_EQ(canonical_locale("zh-hant-tw", buf, 10), 0u);  // 10 bytes + NUL do not fit in 10
  char big[11];
  EXPECT_EQ(canonical_locale("zh-hant-tw", big, sizeof big), 10u);
  EXPECT_STREQ(big, "zh_Hant_TW");
  EXPECT_EQ(canonical_locale("en", buf, 3), 2u);
  EXPECT_STREQ(buf, "en");
  EXPECT_EQ(canonical_locale("en", buf, 2), 0u);
  EXPECT_EQ(canonical_locale("en", buf, 0), 0u);
  EXPECT_EQ(canonical_locale("en", nullptr, 0), 0u);
  EXPECT_EQ(canonical_locale("en", nullptr, 64), 0u);
}

TEST(CanonicalLocaleBuffer, IsNoexcept) {
  char buf[4];
  static_assert(noexcept(canonical_locale(std::string_view(), buf, sizeof buf)));
  static_assert(noexcept(parent_locale(std::string_view(), buf, sizeof buf)));
}

std::vector<std::string> fallbacks(std::string_view name) {
  char buf[max_locale_name + 1];
  const std::size_t n = canonical_locale(name, buf, sizeof buf);
  EXPECT_NE(n, 0u) << name;
  std::vector<std::string> chain;
  // The walk reuses the buffer that holds the current name, as the header allows.
  for (std::string_view l(buf, n); !l.empty(); l = parent_locale(l, buf, sizeof buf)) {
    chain.emplace_back(l);
    if (chain.size() > 10) break;
  }
  return chain;
}

TEST(ParentLocale, Chains) {
  using v = std::vector<std::string>;
  EXPECT_EQ(fallbacks("pt_BR"), (v{"pt_BR", "pt"}));
  EXPECT_EQ(fallbacks("pt"), (v{"pt"}));
  EXPECT_EQ(fallbacks("zh_Hant_TW"), (v{"zh_Hant_TW", "zh_Hant", "zh"}));
  EXPECT_EQ(fallbacks("sr_RS@latin"), (v{"sr_RS@latin", "sr@latin", "sr"}));
  EXPECT_EQ(fallbacks("sr_Latn_RS@foo"), (v{"sr_Latn_RS@foo", "sr_Latn@foo", "sr@foo", "sr"}));
  EXPECT_EQ(fallbacks("ca@valencia"), (v{"ca@valencia", "ca"}));
  EXPECT_EQ(fallbacks("es-419"), (v{"es_419", "es"}));
  EXPECT_EQ(fallbacks("C"), (v{"C"}));
  EXPECT_EQ(fallbacks("POSIX"), (v{"POSIX"}));
}

// CLDR's parents (cldr_parent_locale): the store's base_language fallback.
std::vector<std::string> cldr_chain(std::string_view name) {
  char buf[max_locale_name + 1];
  std::vector<std::string> out;
  std::string_view l = name;
  for (int guard = 0; guard < 10; ++guard) {
    l = cldr_parent_locale(l, buf, sizeof buf);
    if (l.empty()) break;
    out.emplace_back(l);
  }
  return out;
}

TEST(CldrParentLocale, Chains) {
  static_assert(noexcept(cldr_parent_locale(std::string_view(), nullptr, 0)));
  using chain = std::vector<std::string>;
  EXPECT_EQ(cldr_chain("es_MX"), (chain{"es_419", "es"}));
  EXPECT_EQ(cldr_chain("pt_AO"), (chain{"pt_PT", "pt"}));
  EXPECT_EQ(cldr_chain("en_AU"), (chain{"en_001", "en"}));
  EXPECT_EQ(cldr_chain("en_AT"), (chain{"en_150", "en_001", "en"}));
  EXPECT_EQ(cldr_chain("zh_Hant_HK"), (chain{"zh_Hant"}));
  EXPECT_EQ(cldr_chain("zh_Hant_MO"), (chain{"zh_Hant_HK", "zh_Hant"}));
  EXPECT_EQ(cldr_chain("zh_TW"), (chain{"zh_Hant"}));
  EXPECT_EQ(cldr_chain("zh_HK"), (chain{"zh_Hant"}));
  EXPECT_EQ(cldr_chain("zh_CN"), (chain{"zh"}));
  EXPECT_EQ(cldr_chain("zh_Hans_CN"), (chain{"zh_Hans", "zh"}));
  EXPECT_EQ(cldr_chain("sr_Latn_RS"), (chain{"sr_Latn"}));
  EXPECT_EQ(cldr_chain("sr_RS@latin"), (chain{"sr@latin"}));
  EXPECT_EQ(cldr_chain("sr_Cyrl"), (chain{"sr"}));
  EXPECT_EQ(cldr_chain("nb"), (chain{"no"}));
  EXPECT_EQ(cldr_chain("pt_BR"), (chain{"pt"}));
  EXPECT_EQ(cldr_chain("fr_CA"), (chain{"fr"}));
  EXPECT_EQ(cldr_chain("ca_ES@valencia"), (chain{"ca@valencia", "ca"}));
  EXPECT_EQ(cldr_chain("uz_Arab_AF"), (chain{"uz_Arab"}));
  EXPECT_EQ(cldr_chain("qq_ZZ"), (chain{"qq"}));
  EXPECT_EQ(cldr_chain("C"), chain{});
  EXPECT_EQ(cldr_chain("en"), chain{});
}

TEST(CldrParentLocale, ParentsThatAreNoPrefixAreWrittenToOut) {
  char out[max_locale_name + 1];
  std::memcpy(out, "es_MX", 6);
  // The name may live in the very buffer the parent is written to.
  const std::string_view p = cldr_parent_locale(std::string_view(out, 5), out, sizeof out);
  EXPECT_EQ(p, "es_419");
  EXPECT_EQ(p.data(), out);
  EXPECT_EQ(out[6], '\0');
  char tiny[4];
  EXPECT_TRUE(cldr_parent_locale("es_MX", tiny, sizeof tiny).empty());  // does not fit
}

TEST(ParentLocale, PrefixResultsViewTheInput) {
  const std::string_view name = "zh_Hant_TW";
  const std::string_view p = parent_locale(name, nullptr, 0);
  EXPECT_EQ(p, "zh_Hant");
  EXPECT_EQ(p.data(), name.data());
  const std::string_view modified = "sr@latin";
  const std::string_view q = parent_locale(modified, nullptr, 0);
  EXPECT_EQ(q, "sr");
  EXPECT_EQ(q.data(), modified.data());
  EXPECT_TRUE(parent_locale("pt", nullptr, 0).empty());
  EXPECT_TRUE(parent_locale("", nullptr, 0).empty());
}

TEST(ParentLocale, ModifierResultIsWrittenToOut) {
  char out[16];
  std::memset(out, '#', sizeof out);
  const std::string_view p = parent_locale("sr_RS@latin", out, sizeof out);
  EXPECT_EQ(p, "sr@latin");
  EXPECT_EQ(p.data(), out);
  EXPECT_EQ(out[p.size()], '\0');
}

TEST(ParentLocale, ModifierResultThatDoesNotFitIsEmpty) {
  char out[16];
  EXPECT_EQ(parent_locale("sr_RS@latin", out, 9), "sr@latin");  // 8 bytes and the NUL
  EXPECT_TRUE(parent_locale("sr_RS@latin", out, 8).empty());
  EXPECT_TRUE(parent_locale("sr_RS@latin", out, 0).empty());
  EXPECT_TRUE(parent_locale("sr_RS@latin", nullptr, 64).empty());
}

TEST(ParentLocale, LongestModifierNameFitsTheDocumentedBuffer) {
  const std::string name = "sr_RS@" + std::string(max_locale_name - 6, 'a');
  char buf[max_locale_name + 1];
  const std::size_t n = canonical_locale(name, buf, sizeof buf);
  ASSERT_EQ(n, max_locale_name);
  const std::string_view p = parent_locale(std::string_view(buf, n), buf, sizeof buf);
  EXPECT_EQ(p, "sr@" + std::string(max_locale_name - 6, 'a'));
}

TEST(TextDirection, FromTheMaximizedScript) {
  const auto rtl = writing_direction::right_to_left, ltr = writing_direction::left_to_right;
  for (std::string_view l : {"ar", "ar-EG", "he", "iw", "he_IL.UTF-8", "fa", "ur", "ps", "yi", "ckb", "dv",
                             "sd", "az_Arab", "uz-Arab-AF", "pa_PK", "ks"})
    EXPECT_EQ(text_direction(l), rtl) << l;
  for (std::string_view l : {"en", "de", "zh_TW", "ja", "ru", "tr", "az", "uz", "pa", "sd_Deva", "ks_Deva",
                             "ar_Latn", "C", "POSIX", "xx", "", "not a locale"})
    EXPECT_EQ(text_direction(l), ltr) << l;
}

}  // namespace
}  // namespace erli18n
