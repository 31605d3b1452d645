// Finding the catalogs `erli18n report` counts, and naming their domain and locale.
//
// In the gettext layout `LOCALE/LC_MESSAGES/DOMAIN.po` the path says both, the locale
// canonicalized as the runtime's folder scan (watch_scan.cc) does, so that `pt-br/` and
// `pt_BR.UTF-8/` are the one locale `pt_BR` a program looks up, read from the first folder in
// byte order as there (the other is named in a warning). A loose `NAME.po` (GNU projects keep
// `po/fr.po` beside `po/hello.pot`) names its locale in the `Language` header, canonicalized
// when it is a locale name, else NAME is the locale. Its domain is NAME unless NAME is the
// locale; then it is the only template beside it (`hello` for `po/hello.pot`), else "messages",
// xgettext's default domain.
#include <errno.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
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

// The locale a folder `LOCALE/` of the gettext layout stands for: canonical, as the runtime
// loads it, or the name as written when it is no locale name.
std::string locale_of_folder(const std::string& name) {
  result<std::string> canonical = canonical_locale(name);
  return canonical ? *canonical : name;
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
    const fs::file_status status = fs::status(path, ec);
    if (!fs::exists(status)) {
      // Not a row of an empty catalog: a path that names nothing is a mistake to report.
      return fail(io_error(path, "cannot open", ec ? ec.value() : ENOENT).to_string());
    }
    if (fs::is_directory(status)) {
      const std::size_t before = found_;
      add_directory(path);
      if (found_ == before)
        fail(path + ": error: no catalog here (looked for LOCALE/LC_MESSAGES/DOMAIN.po, *.po and *.pot)");
    } else if (fs::path(path).extension() == ".pot") {
      add_template(path);
    } else {
      add_file(path);
    }
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
        if (p.extension() == ".pot") add_template(p.string());
        if (p.extension() == ".po") add_file(p.string());
      }
    }
  }

  // A template names a domain, and its messages are what a missing catalog lacks.
  void add_template(const std::string& path) {
    ++found_;
    const std::string domain = fs::path(path).stem().string();
    domains_.insert(domain);
    result<po_file> pot = read_po_file(path);
    if (!pot) return fail(pot.error().to_string());
    std::size_t& most = model_.template_messages[domain];
    most = std::max(most, count_messages(*pot).total());
  }

  void add_locale_directory(const fs::path& locale_dir) {
    ++found_;
    // Two spellings of one locale (`pt-br/`, `pt_BR.UTF-8/`) are one locale to the runtime,
    // whose folder scan reads the first name in byte order only: so does the report.
    const std::string locale = locale_of_folder(locale_dir.filename().string());
    const std::string parent = locale_dir.parent_path().string();
    auto [first, inserted] = locale_folders_.try_emplace({parent, locale}, locale_dir.string());
    if (!inserted) {
      std::cerr << locale_dir.string() << ": warning: names locale '" << locale << "' as " << first->second
                << " does; only " << first->second << " is read (the first in byte order)\n";
      return;
    }
    // A locale directory counts even without catalogs: its domains then show as missing.
    locales_.insert(locale);
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(locale_dir / "LC_MESSAGES", ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".po") files.push_back(it->path());
    if (ec)
      return fail(
          io_error((locale_dir / "LC_MESSAGES").string(), "cannot read directory", ec.value()).to_string());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      warn_if_shadowed(f.string());  // counted all the same: the .po is what translators edit
      add_file(f.string());
    }
  }

  void add_file(const std::string& path) {
    ++found_;
    const fs::path p(path);
    result<po_file> po = read_po_file(path);
    std::string domain = p.stem().string(), locale;
    if (p.parent_path().filename() == "LC_MESSAGES" && p.parent_path().has_parent_path()) {
      locale = locale_of_folder(p.parent_path().parent_path().filename().string());
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
  std::map<std::pair<std::string, std::string>, std::string> locale_folders_;  // (parent, locale) -> folder
  std::size_t found_ = 0;  // catalogs, templates and locale folders seen
};

}  // namespace

// A catalog of the layout with its twin beside it (`web.po` and `web.mo` in one LC_MESSAGES):
// a watcher or the C ABI reading that folder loads the .mo, never the .po. `report` and
// `lookup` read the file they are given, but say which one a program would see.
void warn_if_shadowed(const std::string& path) {
  fs::path p(path), twin(path);
  if (p.parent_path().filename() != "LC_MESSAGES") return;
  if (p.extension() == ".po")
    twin.replace_extension(".mo");
  else if (p.extension() == ".mo")
    twin.replace_extension(".po");
  else
    return;
  std::error_code ec;
  if (!fs::exists(twin, ec)) return;
  const std::string mo = p.extension() == ".mo" ? path : twin.string();
  const std::string po = p.extension() == ".po" ? path : twin.string();
  std::cerr << po << ": warning: " << mo
            << " is beside it: a program reading this folder loads the .mo, and edits to the .po change "
               "nothing until it is compiled again\n";
}

const report_catalog* report_model::find(const std::string& domain, const std::string& locale) const {
  auto it = catalogs.find({domain, locale});
  return it == catalogs.end() ? nullptr : &it->second;
}

std::size_t report_model::domain_messages(const std::string& domain) const {
  std::size_t most = 0;
  if (auto it = template_messages.find(domain); it != template_messages.end()) most = it->second;
  for (const auto& [key, catalog] : catalogs)
    if (key.first == domain && catalog.counts) most = std::max(most, catalog.counts->total());
  return most;
}

namespace {

// The sum over the cells (domain, locale) that `in` selects.
template <class Selects>
report_total sum_cells(const report_model& m, Selects in) {
  report_total sum;
  for (const std::string& domain : m.domains)
    for (const std::string& locale : m.locales) {
      if (!in(domain, locale)) continue;
      const report_catalog* c = m.find(domain, locale);
      if (c == nullptr) {
        sum.counts.untranslated += m.domain_messages(domain);
        ++sum.missing;
      } else if (c->counts) {
        sum.counts += *c->counts;
        ++sum.catalogs;
      }
    }
  return sum;
}

}  // namespace

report_total report_model::domain_total(const std::string& domain) const {
  return sum_cells(*this, [&](const std::string& d, const std::string&) { return d == domain; });
}

report_total report_model::locale_total(const std::string& locale) const {
  return sum_cells(*this, [&](const std::string&, const std::string& l) { return l == locale; });
}

report_total report_model::total() const {
  return sum_cells(*this, [](const std::string&, const std::string&) { return true; });
}

report_model collect_catalogs(const std::vector<std::string>& paths) {
  collector c;
  for (const std::string& p : paths) c.add_path(p);
  return c.take();
}

}  // namespace erli18n::cli
