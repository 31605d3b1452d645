#include "erli18n/catalog_path.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace erli18n {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string path(std::string_view root, std::string_view locale, std::string_view domain,
                 std::string_view extension = ".mo") {
  result<std::string> p = catalog_path(root, locale, domain, extension);
  EXPECT_TRUE(p.has_value()) << (p ? "" : p.error().message);
  return p ? *p : "<error>";
}

error component_error(std::string_view name, std::string_view what) {
  result<void> r = validate_path_component(name, what);
  EXPECT_FALSE(r.has_value()) << name << " was accepted";
  return r ? error{} : r.error();
}

error path_error(std::string_view root, std::string_view locale, std::string_view domain,
                 std::string_view extension = ".mo") {
  result<std::string> p = catalog_path(root, locale, domain, extension);
  EXPECT_FALSE(p.has_value()) << "accepted as " << (p ? *p : "");
  return p ? error{} : p.error();
}

TEST(ValidatePathComponent, AcceptsOrdinaryNames) {
  for (std::string_view name :
       {"pt_BR", "sr_RS@latin", "de_DE.UTF-8", "hello", "my-app", ".hidden", "a.b", "x.", "C"}) {
    EXPECT_TRUE(validate_path_component(name, "domain").has_value()) << name;
  }
}

struct bad_component {
  std::string_view name;
  std::string_view problem;  // the message after "<what> "
};

constexpr bad_component bad_components[] = {
    {"", "is empty"},
    {".", "is \".\""},
    {"..", "contains \"..\""},
    {"...", "contains \"..\""},
    {"a..b", "contains \"..\""},
    {"..a", "contains \"..\""},
    {"a..", "contains \"..\""},
    {"/etc", "is an absolute path"},
    {"/", "is an absolute path"},
    {"a/b", "contains '/'"},
    {"a/", "contains '/'"},
    {"../x", "contains '/'"},
    {"a\\b", "contains '\\'"},
    {"\\", "contains '\\'"},
    {"..\\x", "contains '\\'"},
    {{"a\0b", 3}, "contains a NUL byte"},
    {{"\0", 1}, "contains a NUL byte"},
};

TEST(ValidatePathComponent, Rejections) {
  for (const bad_component& bad : bad_components) {
    const error e = component_error(bad.name, "locale");
    EXPECT_EQ(e.code, errc::invalid_argument) << bad.name;
    EXPECT_EQ(e.message, "locale " + std::string(bad.problem)) << bad.name;
  }
}

TEST(ValidatePathComponent, NamesWhat) {
  EXPECT_THAT(component_error("", "locale").message, StartsWith("locale "));
  EXPECT_THAT(component_error("", "domain").message, StartsWith("domain "));
}

TEST(CatalogPath, Layout) {
  EXPECT_EQ(path("/usr/share/locale", "pt_BR", "hello"), "/usr/share/locale/pt_BR/LC_MESSAGES/hello.mo");
  EXPECT_EQ(path("/usr/share/locale/", "pt_BR", "hello"), "/usr/share/locale/pt_BR/LC_MESSAGES/hello.mo");
  EXPECT_EQ(path("po", "de", "app", ".po"), "po/de/LC_MESSAGES/app.po");
  EXPECT_EQ(path("./locale", "de", "app"), "./locale/de/LC_MESSAGES/app.mo");
  EXPECT_EQ(path("../share/locale", "de", "app"), "../share/locale/de/LC_MESSAGES/app.mo");
  EXPECT_EQ(path(".", "de", "app"), "./de/LC_MESSAGES/app.mo");
  EXPECT_EQ(path("locale", "de", "app", ".gmo"), "locale/de/LC_MESSAGES/app.gmo");
}

TEST(CatalogPath, NoDoubledSlash) {
  EXPECT_EQ(path("/", "fr", "app"), "/fr/LC_MESSAGES/app.mo");
  EXPECT_EQ(path("//", "fr", "app"), "/fr/LC_MESSAGES/app.mo");
  EXPECT_EQ(path("locale///", "fr", "app"), "locale/fr/LC_MESSAGES/app.mo");
}

TEST(CatalogPath, LocaleIsUsedAsGiven) {
  EXPECT_EQ(path("l", "pt_BR.UTF-8", "d"), "l/pt_BR.UTF-8/LC_MESSAGES/d.mo");
  EXPECT_EQ(path("l", "sr_RS@latin", "d"), "l/sr_RS@latin/LC_MESSAGES/d.mo");
  EXPECT_EQ(path("l", "pt-br", "d"), "l/pt-br/LC_MESSAGES/d.mo");
}

TEST(CatalogPath, RejectsBadLocaleAndDomain) {
  for (const bad_component& bad : bad_components) {
    const error locale = path_error("l", bad.name, "d");
    EXPECT_EQ(locale.code, errc::invalid_argument) << bad.name;
    EXPECT_EQ(locale.message, "locale " + std::string(bad.problem)) << bad.name;
    const error domain = path_error("l", "de", bad.name);
    EXPECT_EQ(domain.code, errc::invalid_argument) << bad.name;
    EXPECT_EQ(domain.message, "domain " + std::string(bad.problem)) << bad.name;
  }
}

TEST(CatalogPath, LocaleIsCheckedBeforeDomain) {
  EXPECT_EQ(path_error("l", "", "").message, "locale is empty");
}

TEST(CatalogPath, RejectsBadExtension) {
  EXPECT_EQ(path_error("l", "de", "d", "").message, "extension does not start with '.'");
  EXPECT_EQ(path_error("l", "de", "d", "mo").message, "extension does not start with '.'");
  EXPECT_EQ(path_error("l", "de", "d", ".").message, "extension is \".\"");
  EXPECT_EQ(path_error("l", "de", "d", "..").message, "extension contains \"..\"");
  EXPECT_EQ(path_error("l", "de", "d", ".mo/x").message, "extension contains '/'");
  EXPECT_EQ(path_error("l", "de", "d", ".mo\\x").message, "extension contains '\\'");
  EXPECT_EQ(path_error("l", "de", "d", std::string_view(".mo\0", 4)).message,
            "extension contains a NUL byte");
}

TEST(CatalogPath, RejectsBadRoot) {
  const error e = path_error("", "de", "d");
  EXPECT_EQ(e.code, errc::invalid_argument);
  EXPECT_EQ(e.message, "root is empty");
  EXPECT_EQ(path_error(std::string_view("/a\0b", 4), "de", "d").message, "root contains a NUL byte");
}

TEST(CatalogPath, ErrorsHaveNoPosition) {
  const error e = path_error("l", "..", "d");
  EXPECT_TRUE(e.file.empty());
  EXPECT_EQ(e.line, 0u);
  EXPECT_EQ(e.column, 0u);
  EXPECT_THAT(e.to_string(), HasSubstr("error: locale contains"));
}

}  // namespace
}  // namespace erli18n
