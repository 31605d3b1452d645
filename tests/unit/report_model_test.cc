// The model behind `erli18n report` (tools/erli18n/report_catalogs.cc): catalogs found in a
// folder, named by the runtime's canonical locales, and totals that count a missing catalog's
// domain as untranslated. The CLI's own test (tests/cli/report_cli.sh) checks the output.
#include <gtest/gtest.h>

#include <string>

#include "report_model.h"
#include "temp_dir.h"

namespace erli18n::cli {
namespace {

using test_support::temp_dir;

const std::string header = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n";

// A catalog of `count` messages m0, m1, ..., the first `translated` of them translated.
std::string catalog(int count, int translated) {
  std::string text = header;
  for (int i = 0; i < count; ++i)
    text += "msgid \"m" + std::to_string(i) + "\"\nmsgstr \"" + (i < translated ? "t" : "") + "\"\n\n";
  return text;
}

TEST(ReportModel, MissingCatalogCountsItsDomainAsUntranslated) {
  temp_dir dir;
  dir.write("po/app.pot", catalog(42, 0));
  dir.write("po/web.pot", catalog(48, 0));
  dir.write("po/de/LC_MESSAGES/app.po", catalog(42, 36));
  dir.write("po/fr/LC_MESSAGES/app.po", catalog(42, 42));
  dir.write("po/fr/LC_MESSAGES/web.po", catalog(48, 48));
  const report_model m = collect_catalogs({dir.path("po")});
  EXPECT_FALSE(m.failed);
  EXPECT_EQ(m.domain_messages("web"), 48u);
  // "all domains / de": 36 of 90, not 36 of 42.
  const report_total de = m.locale_total("de");
  EXPECT_EQ(de.counts.translated, 36u);
  EXPECT_EQ(de.counts.total(), 90u);
  EXPECT_EQ(de.catalogs, 1u);
  EXPECT_EQ(de.missing, 1u);
  EXPECT_EQ(m.domain_total("web").counts.total(), 96u);
  EXPECT_EQ(m.total().counts.translated, 126u);
  EXPECT_EQ(m.total().counts.total(), 180u);
  EXPECT_NE(render_report_text(m).find("(all)   de              36      0            54         0     40.0%"),
            std::string::npos)
      << render_report_text(m);
}

TEST(ReportModel, WithoutTemplateTheLargestCatalogSizesTheDomain) {
  temp_dir dir;
  dir.write("po/de/LC_MESSAGES/app.po", catalog(3, 3));
  dir.write("po/fr/LC_MESSAGES/app.po", catalog(5, 1));
  dir.write("po/fr/LC_MESSAGES/lib.po", catalog(2, 2));
  const report_model m = collect_catalogs({dir.path("po")});
  EXPECT_EQ(m.domain_messages("app"), 5u);
  EXPECT_EQ(m.domain_messages("lib"), 2u);
  EXPECT_EQ(m.locale_total("de").counts.total(), 5u);  // 3 of app, 2 of the missing lib
  EXPECT_EQ(m.locale_total("de").counts.untranslated, 2u);
}

TEST(ReportModel, SpellingsOfOneLocaleAreOneCanonicalLocale) {
  temp_dir dir;
  dir.write("po/pt-br/LC_MESSAGES/app.po", catalog(2, 2));
  dir.write("po/pt_BR.UTF-8/LC_MESSAGES/app.po", catalog(2, 0));
  dir.write("po/de_DE/LC_MESSAGES/app.po", catalog(2, 1));
  const report_model m = collect_catalogs({dir.path("po")});
  EXPECT_FALSE(m.failed);  // a warning, not an error
  EXPECT_EQ(m.locales, (std::vector<std::string>{"de_DE", "pt_BR"}));
  const report_catalog* pt = m.find("app", "pt_BR");
  ASSERT_NE(pt, nullptr);
  EXPECT_EQ(pt->file, dir.path("po/pt-br/LC_MESSAGES/app.po"));  // the folder the runtime reads
}

TEST(ReportModel, PathsWithoutCatalogsAreErrors) {
  temp_dir dir;
  dir.write("empty/README", "nothing here");
  for (const std::string& path : {dir.path("no/such/dir/"), dir.path("empty")}) {
    const report_model m = collect_catalogs({path});
    EXPECT_TRUE(m.failed) << path;
    EXPECT_TRUE(m.catalogs.empty()) << path;
    EXPECT_TRUE(m.locales.empty()) << path;
  }
}

}  // namespace
}  // namespace erli18n::cli
