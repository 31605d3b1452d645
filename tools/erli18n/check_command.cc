// erli18n check [--pot-dir DIR] [--names-only] [--po] [extract options…] PATH…: the CI gate.
// Extracts PATH… in memory exactly as `erli18n extract` would (same options) and compares each
// domain's template with DIR/DOMAIN.pot (as `extract --output-dir DIR` writes them), or with
// --template FILE the single merged template with FILE (as `extract -o FILE` writes it). Exit 0: every
// template is up to date (and, with --po, every DIR/LOCALE/LC_MESSAGES/DOMAIN.po has every message); 1:
// something differs, with an account on stdout; 2: the check could not run (usage error, unreadable source).
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "commands.h"
#include "erli18n/catalog_path.h"
#include "erli18n/po.h"
#include "erli18n/tools/extract.h"
#include "erli18n/tools/lint.h"
#include "erli18n/tools/template_diff.h"
#include "extract_cli_options.h"
#include "file_io.h"
#include "progress.h"
#include "project_options.h"

namespace erli18n::cli {
namespace {

namespace fs = std::filesystem;

constexpr int exit_differs = 1;
constexpr int exit_cannot_check = 2;

struct check_options {
  std::string pot_dir = "po";
  std::string template_file;
  bool names_only = false;
  bool po = false;
  extract_cli_options extract;
  project_cli_options project;  ///< with no PATH in a project: the project's CI gate
};

// A template as extraction writes it: the bytes, and those bytes parsed.
struct fresh_template {
  std::string bytes;
  po_file po;
};

std::string join_path(std::string dir, const std::string& name) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  if (dir.empty()) return name;
  if (dir.back() != '/') dir += '/';
  return dir + name;
}

// The names of the `*.pot` files directly in `dir` (none when it does not exist).
std::set<std::string> committed_domains(const std::string& dir) {
  std::set<std::string> domains;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".pot" && it->is_regular_file(ec)) domains.insert(p.stem().string());
  }
  return domains;
}

// What the committed file holds, or why it could not be compared.
struct committed_template {
  bool exists = false;
  std::string bytes;
  std::optional<po_file> po;
  std::string problem;  ///< set when the file exists but cannot be read or parsed
};

committed_template read_committed(const std::string& path) {
  committed_template c;
  std::error_code ec;
  if (!fs::exists(path, ec)) return c;
  c.exists = true;
  result<std::string> bytes = read_whole_file(path);
  if (!bytes) {
    c.problem = bytes.error().to_string();
    return c;
  }
  c.bytes = std::move(*bytes);
  result<po_file> po = read_po(c.bytes, path);
  if (!po) {
    c.problem = po.error().to_string();
    return c;
  }
  c.po = std::move(*po);
  return c;
}

// Compares one domain and prints its account; true when up to date.
bool check_domain(const std::string& path, const fresh_template* fresh, bool names_only) {
  committed_template committed = read_committed(path);
  if (!committed.problem.empty()) {
    std::cout << path << ": cannot be compared\n  " << committed.problem << '\n';
    return false;
  }
  template_diff_options options;
  options.names_only = names_only;
  if (!committed.exists) {
    template_diff d = diff_templates(po_file{}, fresh->po, options);
    d.header_changes.clear();
    std::cout << format_template_diff(d, path + " (missing)");
    return false;
  }
  if (!fresh) {
    template_diff d = diff_templates(*committed.po, po_file{}, options);
    d.header_changes.clear();
    std::cout << format_template_diff(d, path + " (stale: no message of this domain is extracted)");
    return false;
  }
  template_diff d = diff_templates(*committed.po, fresh->po, options);
  if (!d.empty()) {
    std::cout << format_template_diff(d, path);
    return false;
  }
  if (!names_only && !same_template_text(committed.bytes, fresh->bytes)) {
    std::cout << path
              << ": layout differs from what erli18n extract writes (line wrapping, comments or entry "
                 "details); the messages are the same\n";
    return false;
  }
  return true;
}

// Whether `catalog` has every message of `templ`; if not, prints the ones it lacks.
bool has_every_message(const std::string& path, const po_file& catalog, const po_file& templ) {
  std::vector<std::size_t> missing = missing_messages(catalog, templ);
  if (missing.empty()) return true;
  std::cout << path << ": " << missing.size() << " missing\n";
  for (std::size_t i : missing) {
    const po_message& m = templ.messages[i];
    std::cout << "  " << describe_message(m.msgctxt, m.msgid, m.references) << '\n';
  }
  return false;
}

// --po: each DIR/LOCALE/LC_MESSAGES/DOMAIN.po of an extracted domain against that domain's
// fresh template. Returns false when a catalog lacks messages or cannot be read.
bool check_catalogs(const std::string& pot_dir, const std::map<std::string, fresh_template>& fresh,
                    std::size_t& catalogs) {
  bool ok = true;
  std::set<std::string> locales;
  std::error_code ec;
  for (fs::directory_iterator it(pot_dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code dir_ec;
    if (it->is_directory(dir_ec) && fs::is_directory(it->path() / "LC_MESSAGES", dir_ec))
      locales.insert(it->path().filename().string());
  }
  for (const std::string& locale : locales) {
    for (const auto& [domain, templ] : fresh) {
      std::string path = join_path(join_path(pot_dir, locale), "LC_MESSAGES/" + domain + ".po");
      std::error_code exists_ec;
      if (!fs::exists(path, exists_ec)) continue;
      ++catalogs;
      result<po_file> catalog = read_po_file(path);
      if (!catalog) {
        std::cout << path << ": cannot be compared\n  " << catalog.error().to_string() << '\n';
        ok = false;
        continue;
      }
      if (!has_every_message(path, *catalog, templ.po)) ok = false;
    }
  }
  return ok;
}

// The closing line on stdout, and the exit status.
int report(std::size_t stale, std::size_t templates, bool catalogs_ok, bool po, std::size_t catalogs) {
  if (stale > 0)
    std::cout << "erli18n check: " << stale << " of " << templates
              << (templates == 1 ? " template" : " templates")
              << " out of date; run erli18n extract with the same options and commit the result\n";
  if (!catalogs_ok)
    std::cout << "erli18n check: some catalogs lack messages of their template; run erli18n merge "
                 "--for-each-locale DIR (or erli18n merge -U CATALOG TEMPLATE)\n";
  if (stale > 0 || !catalogs_ok) return exit_differs;
  std::cout << "erli18n check: " << templates << (templates == 1 ? " template" : " templates")
            << " up to date";
  if (po) std::cout << ", " << catalogs << (catalogs == 1 ? " catalog" : " catalogs") << " complete";
  std::cout << '\n';
  return 0;
}

// In a project: its template against the sources (done by the caller, `up_to_date`), then
// every catalog of the project merged with the fresh template and lint-clean.
int check_project(const project_setup& project, const fresh_template& fresh, bool up_to_date) {
  std::size_t unmerged = 0;
  std::size_t unclean = 0;
  for (const project_catalog& c : project.catalogs) {
    if (!c.exists) {
      std::cout << c.path << ": missing: no catalog for locale " << c.locale
                << (project.locales_from.empty() ? "" : " (listed in " + project.locales_from + ")") << '\n';
      ++unmerged;
      continue;
    }
    result<po_file> catalog = read_po_file(c.path);
    if (!catalog) {
      std::cout << c.path << ": cannot be compared\n  " << catalog.error().to_string() << '\n';
      ++unmerged;
      continue;
    }
    if (!has_every_message(c.path, *catalog, fresh.po)) ++unmerged;
    bool clean = true;
    for (const lint_diagnostic& d : lint_po_file(c.path, project.lint)) {
      if (d.severity == lint_severity::error || project.werror) clean = false;
      std::cout << to_string(d) << '\n';
    }
    if (!clean) ++unclean;
  }
  const std::size_t n = project.catalogs.size();
  if (!up_to_date)
    std::cout << "erli18n check: " << project.template_path
              << " is out of date; run erli18n update and commit the result\n";
  if (unmerged > 0)
    std::cout << "erli18n check: " << unmerged << " of " << n << (n == 1 ? " catalog" : " catalogs")
              << " not merged with the template; run erli18n update\n";
  if (unclean > 0)
    std::cout << "erli18n check: " << unclean << " of " << n << (n == 1 ? " catalog" : " catalogs")
              << " with lint " << (project.werror ? "errors or warnings" : "errors") << '\n';
  if (!up_to_date || unmerged > 0 || unclean > 0) return exit_differs;
  std::cout << "erli18n check: " << project.template_path << " up to date, " << n
            << (n == 1 ? " catalog" : " catalogs") << " merged and lint-clean\n";
  return 0;
}

int run_check(const check_options& given, const CLI::App& cmd) {
  check_options opts = given;
  std::optional<project_setup> project;
  if (runs_on_project(opts.project, opts.extract)) {
    opts.project.template_path = opts.template_file;
    result<project_setup> loaded = load_project(cmd, opts.project, opts.extract);
    if (!loaded) {
      std::cerr << loaded.error().to_string() << '\n';
      return exit_cannot_check;
    }
    project = std::move(*loaded);
    opts.extract = project->extract;
    opts.template_file = project->template_path;
  }
  result<extract_options> options =
      project ? project_extract_options(*project) : make_extract_options(opts.extract);
  if (!options) {
    std::cerr << "erli18n check: error: " << options.error().message << '\n';
    return exit_cannot_check;
  }
  result<std::vector<std::string>> files = source_files(opts.extract);
  if (!files) {
    std::cerr << (files.error().code == errc::invalid_argument
                      ? "erli18n check: error: " + files.error().message
                      : files.error().to_string())
              << '\n';
    return exit_cannot_check;
  }
  progress_bar bar("extracting", files->size());
  options->on_file_done = [&bar](std::size_t done, std::size_t) { bar.update(done); };
  result<extract_result> extracted = extract_sources(*files, *options);
  options->on_file_done = nullptr;
  bar.finish();  // the line is cleared before any warning or account is printed
  if (!extracted) {
    std::cerr << extracted.error().to_string() << '\n';
    return exit_cannot_check;
  }
  for (const extract_warning& w : extracted->warnings) std::cerr << to_string(w) << '\n';

  // The templates extract would write: one per domain (--output-dir), or with --template
  // FILE the one `extract -o FILE` writes, every domain merged, named after FILE.
  std::vector<std::pair<std::string, const po_file*>> templates;
  po_file merged;
  if (opts.template_file.empty()) {
    for (const auto& [domain, templ] : extracted->templates) {
      if (result<void> valid = validate_path_component(domain, "domain"); !valid) {
        std::cerr << "erli18n check: error: text domain \"" << domain << "\": " << valid.error().message
                  << '\n';
        return exit_cannot_check;
      }
      templates.emplace_back(domain, &templ);
    }
  } else {
    merged = merge_templates(*extracted, *options);
    templates.emplace_back(fs::path(opts.template_file).stem().string(), &merged);
  }
  std::map<std::string, fresh_template> fresh;
  for (const auto& [domain, templ] : templates) {
    result<std::string> bytes = render_template(*templ, *options);
    if (!bytes) {
      std::cerr << bytes.error().to_string() << '\n';
      return exit_cannot_check;
    }
    result<po_file> po = read_po(*bytes, domain + ".pot");
    if (!po) {
      std::cerr << "erli18n check: internal error: the extracted template does not parse: "
                << po.error().to_string() << '\n';
      return exit_cannot_check;
    }
    fresh.emplace(domain, fresh_template{std::move(*bytes), std::move(*po)});
  }

  if (!opts.template_file.empty()) {
    bool up_to_date = check_domain(opts.template_file, &fresh.begin()->second, opts.names_only);
    if (project) return check_project(*project, fresh.begin()->second, up_to_date);
    std::size_t catalogs = 0;
    bool catalogs_ok = !opts.po || check_catalogs(opts.pot_dir, fresh, catalogs);
    return report(up_to_date ? 0 : 1, 1, catalogs_ok, opts.po, catalogs);
  }
  std::set<std::string> domains = committed_domains(opts.pot_dir);
  for (const auto& entry : fresh) domains.insert(entry.first);
  std::size_t stale = 0;
  for (const std::string& domain : domains) {
    auto found = fresh.find(domain);
    const fresh_template* f = found == fresh.end() ? nullptr : &found->second;
    if (!check_domain(join_path(opts.pot_dir, domain + ".pot"), f, opts.names_only)) ++stale;
  }
  std::size_t catalogs = 0;
  bool catalogs_ok = !opts.po || check_catalogs(opts.pot_dir, fresh, catalogs);
  return report(stale, domains.size(), catalogs_ok, opts.po, catalogs);
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<check_options>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Fail when the committed templates differ from what extract would write now (CI gate)");
  cmd->add_option("--pot-dir", opts->pot_dir, "Folder of the committed DOMAIN.pot templates (default: po)");
  cmd->add_option("--template", opts->template_file,
                  "Compare FILE with the one template extract -o FILE writes (every domain merged) instead");
  cmd->add_flag("--names-only", opts->names_only,
                "Compare references by file name only (ignore line numbers and message order)");
  cmd->add_flag("--po", opts->po,
                "Also require every DIR/LOCALE/LC_MESSAGES/DOMAIN.po to have every message");
  add_project_options(*cmd, opts->project, false);
  add_extract_options(*cmd, opts->extract);
  cmd->callback([opts, cmd, &exit_code] {
    exit_code = run_check(*opts, *cmd);
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
