// Finding the catalogs `erli18n report` counts, and naming their domain and locale.
//
// In the gettext layout `LOCALE/LC_MESSAGES/DOMAIN.po` the path says both, verbatim, as the
// directory names are what a program looks up. A loose `NAME.po` (GNU projects keep
// `po/fr.po` beside `po/hello.pot`) names its locale in the `Language` header, canonicalized
// when it is a locale name, else NAME is the locale. Its domain is NAME unless NAME is the
// locale; then it is the only template beside it (`hello` for `po/hello.pot`), else "messages",
// xgettext's default domain.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "erli18n/locale_name.h"
#include "erli18n/po.h"
#include "file_io.h"
#include "report_model.h"

namespace erli18n::cli {
namespace {

namespace fs = std::filesystem;

// Locale names compared as spellings of the same locale (`pt-BR` and `pt_BR`) when both are
// locale names, else as written.
bool same_locale(const std::string& a, const std::string& b) {
  result<std::string> ca = canonical_locale(a), cb = canonical_locale(b);
  return ca && cb ? *ca == *cb : a == b;
}

// The stem of the only `*.pot` in `dir`, or "messages".
std::string domain_of_loose_catalog(const fs::path& dir) {
  std::vector<std::string> templates;
  std::error_code ec;
  for (fs::directory_iterator it(dir.empty() ? fs::path(".") : dir, ec), end; !ec && it != end;
       it.increment(ec))
    if (it->path().extension() == ".pot") templates.push_back(it->path().stem().string());
  return templates.size() == 1 ? templates.front() : "messages";
}

class collector {
 public:
  report_model take() {
    std::vector<std::string> d(domains_.begin(), domains_.end()), l(locales_.begin(), locales_.end());
    model_.domains = std::move(d);
    model_.locales = std::move(l);
    return std::move(model_);
  }

  void add_path(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec))
      add_directory(path);
    else if (fs::path(path).extension() == ".pot")
      domains_.insert(fs::path(path).stem().string());
    else
      add_file(path);
  }

 private:
  void add_directory(const fs::path& dir) {
    std::vector<fs::path> entries;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      entries.push_back(it->path());
    if (ec) return fail(io_error(dir.string(), "cannot read directory", ec.value()).to_string());
    std::sort(entries.begin(), entries.end());  // a stable order for diagnostics
    for (const fs::path& p : entries) {
      std::error_code type_ec;
      if (fs::is_directory(p / "LC_MESSAGES", type_ec)) {
        add_locale_directory(p);
      } else if (fs::is_regular_file(p, type_ec)) {
        if (p.extension() == ".pot") domains_.insert(p.stem().string());
        if (p.extension() == ".po") add_file(p.string());
      }
    }
  }

  void add_locale_directory(const fs::path& locale_dir) {
    // A locale directory counts even without catalogs: its domains then show as missing.
    locales_.insert(locale_dir.filename().string());
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(locale_dir / "LC_MESSAGES", ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".po") files.push_back(it->path());
    if (ec)
      return fail(
          io_error((locale_dir / "LC_MESSAGES").string(), "cannot read directory", ec.value()).to_string());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) add_file(f.string());
  }

  void add_file(const std::string& path) {
    const fs::path p(path);
    result<po_file> po = read_po_file(path);
    std::string domain = p.stem().string(), locale;
    if (p.parent_path().filename() == "LC_MESSAGES" && p.parent_path().has_parent_path()) {
      locale = p.parent_path().parent_path().filename().string();
    } else {
      locale = p.stem().string();
      if (po) {
        std::optional<std::string> language = po->header_field("Language");
        if (language && !language->empty()) {
          result<std::string> canonical = canonical_locale(*language);
          locale = canonical ? *canonical : *language;
        }
      }
      if (same_locale(domain, locale)) domain = domain_of_loose_catalog(p.parent_path());
    }
    report_catalog catalog{path, std::nullopt, {}};
    if (po) {
      catalog.counts = count_messages(*po);
    } else {
      catalog.error = po.error().to_string();
      fail(catalog.error);
    }
    auto [it, inserted] = model_.catalogs.try_emplace({domain, locale}, std::move(catalog));
    if (!inserted)
      return fail(path + ": error: domain '" + domain + "' in locale '" + locale +
                  "' is already counted from " + it->second.file);
    domains_.insert(domain);
    locales_.insert(locale);
  }

  void fail(const std::string& diagnostic) {
    std::cerr << diagnostic << '\n';
    model_.failed = true;
  }

  report_model model_;
  std::set<std::string> domains_, locales_;
};

}  // namespace

const report_catalog* report_model::find(const std::string& domain, const std::string& locale) const {
  auto it = catalogs.find({domain, locale});
  return it == catalogs.end() ? nullptr : &it->second;
}

report_total report_model::domain_total(const std::string& domain) const {
  report_total sum;
  for (const auto& [key, catalog] : catalogs)
    if (key.first == domain && catalog.counts) sum.counts += *catalog.counts, ++sum.catalogs;
  return sum;
}

report_total report_model::locale_total(const std::string& locale) const {
  report_total sum;
  for (const auto& [key, catalog] : catalogs)
    if (key.second == locale && catalog.counts) sum.counts += *catalog.counts, ++sum.catalogs;
  return sum;
}

report_total report_model::total() const {
  report_total sum;
  for (const auto& [key, catalog] : catalogs)
    if (catalog.counts) sum.counts += *catalog.counts, ++sum.catalogs;
  return sum;
}

report_model collect_catalogs(const std::vector<std::string>& paths) {
  collector c;
  for (const std::string& p : paths) c.add_path(p);
  return c.take();
}

}  // namespace erli18n::cli
