// erli18n update [-C DIR | --project FILE] [options…]: in a project (docs/project-file.md),
// extract the sources into the template and merge it into every locale's catalog, with the
// options the project file states once. As msgmerge -U, a file whose bytes would change only
// in POT-Creation-Date is left alone; a locale listed without a catalog is reported, not
// created. Also the project loading `erli18n check` shares (project_options.h).
#include <glob.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "commands.h"
#include "erli18n/catalog_path.h"
#include "erli18n/po.h"
#include "erli18n/tools/project.h"
#include "erli18n/tools/template_diff.h"
#include "file_io.h"
#include "project_options.h"

namespace erli18n::cli {
namespace {

namespace fs = std::filesystem;

constexpr int update_failed = 1;
constexpr int update_usage = 2;

error project_error(std::string message, std::string file = {}, std::size_t line = 0,
                    std::size_t column = 0) {
  return error{errc::invalid_argument, std::move(message), std::move(file), line, column};
}

bool exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

bool option_given(const CLI::App& cmd, const char* name) {
  const CLI::Option* option = cmd.get_option_no_throw(name);
  return option != nullptr && option->count() > 0;
}

// The extraction's options: the command line's, each one it did not give from the file.
void fill_extract(const project_file& p, const CLI::App& cmd, extract_cli_options& o) {
  auto text = [&](const char* key, const char* option, std::string& field) {
    if (option_given(cmd, option)) return;
    if (std::optional<std::string> v = p.text(key)) field = *v;
  };
  auto optional_text = [&](const char* key, const char* option, std::optional<std::string>& field) {
    if (option_given(cmd, option)) return;
    if (std::optional<std::string> v = p.text(key)) field = *v;
  };
  auto flag = [&](const char* key, const char* option, bool& field) {
    if (option_given(cmd, option)) return;
    if (std::optional<bool> v = p.flag(key)) field = *v;
  };
  text("domain", "--default-domain", o.default_domain);
  if (!option_given(cmd, "--keyword")) {
    o.keywords = p.list("keywords");
    if (p.flag("default-keywords") == false) o.keywords.insert(o.keywords.begin(), std::string{});
  }
  optional_text("from-code", "--from-code", o.from_code);
  optional_text("add-comments", "--add-comments", o.add_comments);
  if (!option_given(cmd, "--no-location") && !option_given(cmd, "-n"))
    text("add-location", "--add-location", o.add_location);
  flag("sort-output", "--sort-output", o.sort_output);
  flag("sort-by-file", "--sort-by-file", o.sort_by_file);
  flag("omit-header", "--omit-header", o.omit_header);
  text("package-name", "--package-name", o.package_name);
  text("package-version", "--package-version", o.package_version);
  text("msgid-bugs-address", "--msgid-bugs-address", o.msgid_bugs_address);
  text("copyright-holder", "--copyright-holder", o.copyright_holder);
  if (!option_given(cmd, "--jobs"))
    if (std::optional<std::size_t> n = p.number("jobs")) o.jobs = static_cast<unsigned>(*n);
}

// A `sources` word: a path as it is, or a glob(3) pattern (`*`, `?`, `[…]`) that must match.
result<void> expand_source(const std::string& file, const project_word& word,
                           std::vector<std::string>& paths) {
  if (word.text.find_first_of("*?[") == std::string::npos) {
    if (!exists(word.text))
      return project_error("source '" + word.text + "' does not exist", file, word.line, word.column);
    paths.push_back(word.text);
    return {};
  }
  glob_t found{};
  const int rc = ::glob(word.text.c_str(), 0, nullptr, &found);
  if (rc == 0)
    for (std::size_t i = 0; i < found.gl_pathc; ++i) paths.emplace_back(found.gl_pathv[i]);
  ::globfree(&found);
  if (rc == GLOB_NOMATCH)
    return project_error("pattern '" + word.text + "' matches no file", file, word.line, word.column);
  if (rc != 0)
    return project_error("cannot expand pattern '" + word.text + "'", file, word.line, word.column);
  return {};
}

// A GNU list file's text, or nothing when the file does not exist.
result<std::optional<std::string>> read_list(const std::string& path, bool must_exist,
                                             const std::string& named_in) {
  if (!exists(path)) {
    if (must_exist) return project_error("'" + path + "' does not exist (named in " + named_in + ")");
    return std::optional<std::string>();
  }
  result<std::string> text = read_whole_file(path);
  if (!text) return std::move(text).error();
  return std::optional<std::string>(std::move(*text));
}

// The locales with a catalog in `dir`: `LL.po` files (flat) or `LL/LC_MESSAGES/DOMAIN.po`.
std::vector<std::string> found_locales(const std::string& dir, bool flat, const std::string& domain) {
  std::vector<std::string> locales;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const std::string name = p.filename().string();
    if (name.starts_with('.')) continue;
    std::error_code kind_ec;
    if (flat && p.extension() == ".po" && it->is_regular_file(kind_ec)) locales.push_back(p.stem().string());
    if (!flat && it->is_directory(kind_ec) &&
        fs::is_regular_file(p / "LC_MESSAGES" / (domain + ".po"), kind_ec))
      locales.push_back(name);
  }
  std::sort(locales.begin(), locales.end());
  return locales;
}

std::string join(const std::string& dir, const std::string& name) {
  return dir.empty() || dir == "." ? name : (fs::path(dir) / name).generic_string();
}

}  // namespace

void add_project_options(CLI::App& cmd, project_cli_options& o, bool for_update) {
  cmd.add_option("-C,--directory", o.directory, "Run in the project at DIR (default: the current folder)");
  cmd.add_option("--project", o.file, "The project file (default: erli18n.conf in the project's folder)");
  if (for_update)
    cmd.add_option("--template", o.template_path, "The template to write (project key: template)");
  cmd.add_option("--catalogs", o.catalogs, "The catalog folder (project key: catalogs; default po)");
  cmd.add_option("--layout", o.layout,
                 "Catalogs as DIR/LL.po (flat) or DIR/LL/LC_MESSAGES/DOMAIN.po (lc_messages)")
      ->check(CLI::IsMember({"flat", "lc_messages"}));
  cmd.add_option("--locale", o.locales, "A locale of the project (several: the list; project key: locales)")
      ->allow_extra_args(false);
  cmd.add_option("-w,--width", o.width, "Page width of the template and catalogs (project key: width)")
      ->check(CLI::Range(1, 100000));
  cmd.add_flag("--no-wrap", o.no_wrap, "Do not fill long strings (project key: wrap = false)");
  if (for_update) {
    cmd.add_flag("--previous", o.previous,
                 "Keep the previous msgid of fuzzy entries (project key: previous)");
    cmd.add_flag("-N,--no-fuzzy-matching", o.no_fuzzy_matching,
                 "Do not seed new messages from similar ones (project key: fuzzy-matching = false)");
  } else {
    cmd.add_flag("--werror", o.werror, "Lint warnings fail the check too (project key: werror)");
    cmd.add_flag("--check-duplicates", o.check_duplicates,
                 "Lint: the same translation for different msgids (project key: check-duplicates)");
    cmd.add_flag("--use-fuzzy", o.use_fuzzy, "Lint fuzzy entries too (project key: use-fuzzy)");
  }
}

bool runs_on_project(const project_cli_options& project, const extract_cli_options& extract) {
  if (!project.directory.empty() || !project.file.empty()) return true;
  if (!extract.paths.empty() || !extract.files_from.empty()) return false;
  return exists(project_file_name) || exists("po/POTFILES.in");
}

result<project_setup> load_project(const CLI::App& cmd, const project_cli_options& given_project,
                                   const extract_cli_options& given) {
  // As make -C and git -C: the project's paths, and those the output names, are the root's.
  auto go_to = [](const std::string& dir) -> result<void> {
    if (dir.empty() || ::chdir(dir.c_str()) == 0) return {};
    return io_error(dir, "cannot change to the project's folder", errno);
  };
  if (result<void> moved = go_to(given_project.directory); !moved) return std::move(moved).error();
  std::string file = project_file_name;
  if (!given_project.file.empty()) {
    const fs::path path(given_project.file);
    if (!exists(given_project.file)) return io_error(given_project.file, "cannot read", ENOENT);
    if (result<void> moved = go_to(path.parent_path().string()); !moved) return std::move(moved).error();
    file = path.filename().string();
  }
  project_file p;
  project_setup setup;
  if (exists(file)) {
    result<project_file> read = read_project_file(file);
    if (!read) return std::move(read).error();
    p = std::move(*read);
    setup.file = file;
  } else if (!exists("po/POTFILES.in")) {
    return project_error("no project here: neither " + std::string(project_file_name) +
                         " nor po/POTFILES.in (give -C DIR or --project FILE)");
  }
  auto pick = [&](const char* option, const std::string& from_cli, const char* key, std::string fallback) {
    if (option_given(cmd, option)) return from_cli;
    return p.text(key).value_or(std::move(fallback));
  };
  const std::string catalogs = pick("--catalogs", given_project.catalogs, "catalogs", "po");

  setup.extract = given;
  fill_extract(p, cmd, setup.extract);
  // A GNU project names its domain nowhere we read: the one template of its po/ folder says it.
  if (setup.file.empty() && !option_given(cmd, "--default-domain")) {
    std::vector<std::string> templates;
    std::error_code ec;
    for (fs::directory_iterator it(catalogs, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".pot") templates.push_back(it->path().stem().string());
    if (templates.size() == 1) setup.extract.default_domain = templates.front();
  }
  const std::string& domain = setup.extract.default_domain;
  if (result<void> valid = validate_path_component(domain, "domain"); !valid)
    return project_error(valid.error().message, setup.file);
  setup.template_path =
      pick("--template", given_project.template_path, "template", join(catalogs, domain + ".pot"));

  // The sources: the command line's PATH…, else the file's `sources`, else POTFILES.in.
  if (given.paths.empty() && given.files_from.empty()) {
    if (const project_entry* sources = p.find("sources"); sources != nullptr && !sources->values.empty()) {
      for (const project_word& w : sources->values)
        if (result<void> added = expand_source(setup.file, w, setup.extract.paths); !added)
          return std::move(added).error();
    } else {
      const std::optional<std::string> named = p.text("potfiles");
      const std::string potfiles = named.value_or(join(catalogs, "POTFILES.in"));
      result<std::optional<std::string>> list = read_list(potfiles, named.has_value(), setup.file);
      if (!list) return std::move(list).error();
      if (!*list)
        return project_error(
            "no sources: the project file gives no 'sources' and " + potfiles + " does not exist",
            setup.file);
      setup.extract.paths = parse_potfiles(**list);
      if (setup.extract.paths.empty()) return project_error("no sources: " + potfiles + " lists no file");
    }
  }

  // The locales: --locale…, else the file's `locales`, else LINGUAS, else the catalogs found.
  const std::optional<std::string> linguas_named = p.text("linguas");
  const std::string linguas = linguas_named.value_or(join(catalogs, "LINGUAS"));
  result<std::optional<std::string>> linguas_text = read_list(linguas, linguas_named.has_value(), setup.file);
  if (!linguas_text) return std::move(linguas_text).error();
  // GNU's layout (po/LL.po) where GNU's list is, unless the project says otherwise.
  const std::string layout =
      pick("--layout", given_project.layout, "layout", linguas_text->has_value() ? "flat" : "lc_messages");
  const bool flat = layout == "flat";
  std::vector<std::string> locales;
  if (option_given(cmd, "--locale")) {
    locales = given_project.locales;
    setup.locales_from = "--locale";
  } else if (p.find("locales") != nullptr) {
    locales = p.list("locales");
    setup.locales_from = setup.file;
  } else if (linguas_text->has_value()) {
    locales = parse_linguas(**linguas_text);
    setup.locales_from = linguas;
  } else {
    locales = found_locales(catalogs, flat, domain);
  }
  for (const std::string& locale : locales) {
    if (result<void> valid = validate_path_component(locale, "locale"); !valid)
      return project_error(valid.error().message + " (in " + setup.locales_from + ")");
    project_catalog c{locale, flat ? join(catalogs, locale + ".po")
                                   : join(catalogs, locale + "/LC_MESSAGES/" + domain + ".po")};
    std::error_code ec;
    c.exists = fs::is_regular_file(c.path, ec);
    setup.catalogs.push_back(std::move(c));
  }

  std::optional<std::size_t> width = p.number("width");
  setup.width = option_given(cmd, "--width") || !width ? given_project.width : *width;
  setup.wrap = option_given(cmd, "--no-wrap") ? false : p.flag("wrap").value_or(true);
  merge_cli_options& m = setup.merge;
  m.previous = option_given(cmd, "--previous") || p.flag("previous").value_or(false);
  m.no_fuzzy_matching = option_given(cmd, "--no-fuzzy-matching") || !p.flag("fuzzy-matching").value_or(true);
  m.width = setup.width;
  m.no_wrap = !setup.wrap;
  m.backup = "none";  // the catalogs are under version control
  setup.werror = option_given(cmd, "--werror") || p.flag("werror").value_or(false);
  setup.lint.check_duplicates =
      option_given(cmd, "--check-duplicates") || p.flag("check-duplicates").value_or(false);
  setup.lint.use_fuzzy = option_given(cmd, "--use-fuzzy") || p.flag("use-fuzzy").value_or(false);
  return setup;
}

result<extract_options> project_extract_options(const project_setup& project) {
  result<extract_options> options = make_extract_options(project.extract);
  if (!options) return options;
  options->layout.width = project.width;
  options->layout.wrap = project.wrap;
  return options;
}

namespace {

struct update_options {
  project_cli_options project;
  extract_cli_options extract;
};

// The file's bytes, or nothing when it does not exist or cannot be read.
std::optional<std::string> current_bytes(const std::string& path) {
  result<std::string> bytes = read_whole_file(path);
  if (!bytes) return std::nullopt;
  return std::move(*bytes);
}

int run_update(const update_options& opts, const CLI::App& cmd) {
  result<project_setup> loaded = load_project(cmd, opts.project, opts.extract);
  if (!loaded) {
    std::cerr << loaded.error().to_string() << '\n';
    return update_usage;
  }
  const project_setup& project = *loaded;
  result<extract_options> options = project_extract_options(project);
  if (!options) {
    std::cerr << "erli18n update: error: " << options.error().message << '\n';
    return update_usage;
  }
  result<std::vector<std::string>> files = source_files(project.extract);
  if (!files) {
    std::cerr << files.error().to_string() << '\n';
    return update_failed;
  }
  result<extract_result> extracted = extract_sources(*files, *options);
  if (!extracted) {
    std::cerr << extracted.error().to_string() << '\n';
    return update_failed;
  }
  for (const extract_warning& w : extracted->warnings) std::cerr << to_string(w) << '\n';
  // One template, every domain merged, as `extract -o TEMPLATE` and `check` write and read it.
  result<std::string> fresh = render_template(merge_templates(*extracted, *options), *options);
  if (!fresh) {
    std::cerr << fresh.error().to_string() << '\n';
    return update_failed;
  }
  std::size_t written = 0;
  const std::optional<std::string> committed = current_bytes(project.template_path);
  if (!committed || !same_template_text(*committed, *fresh)) {
    std::error_code ec;
    const fs::path parent = fs::path(project.template_path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (!write_output(project.template_path, *fresh)) return update_failed;
    std::cout << project.template_path << ": updated\n";
    ++written;
  }
  result<po_file> ref = read_po(*fresh, project.template_path);
  if (!ref) {
    std::cerr << "erli18n update: internal error: the extracted template does not parse: "
              << ref.error().to_string() << '\n';
    return update_failed;
  }
  bool ok = true;
  std::size_t merged = 0;
  for (const project_catalog& c : project.catalogs) {
    if (!c.exists) {
      std::cerr << "erli18n update: warning: " << c.path << ": no catalog for locale " << c.locale
                << (project.locales_from.empty() ? "" : " (listed in " + project.locales_from + ")")
                << "; start it with erli18n init --locale " << c.locale << " -o " << c.path << ' '
                << project.template_path << '\n';
      continue;
    }
    const std::optional<std::string> before = current_bytes(c.path);
    if (!merge_one(c.path, *ref, project.merge, "", true)) {
      ok = false;
      continue;
    }
    ++merged;
    if (current_bytes(c.path) != before) {
      std::cout << c.path << ": updated\n";
      ++written;
    }
  }
  std::cout << "erli18n update: 1 template and " << merged << (merged == 1 ? " catalog" : " catalogs") << ", "
            << written << (written == 1 ? " file" : " files") << " changed\n";
  return ok ? 0 : update_failed;
}

}  // namespace

void add_update_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<update_options>();
  CLI::App* cmd = app.add_subcommand(
      "update", "In a project (erli18n.conf, or po/POTFILES.in): extract the template, merge every catalog");
  add_project_options(*cmd, opts->project, true);
  add_extract_options(*cmd, opts->extract);
  cmd->callback([opts, cmd, &exit_code] {
    exit_code = run_update(*opts, *cmd);
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
