// erli18n lint [--format text|json] [--werror] [--check-duplicates] [--use-fuzzy] FILE.po...:
// the checks of erli18n/tools/lint.h (msgfmt --check's, plus placeholders, CLDR plural rules,
// the Language header and, on request, duplicate translations).
//
// Text diagnostics go to stderr as `file:line:col: error|warning: message [check]`; with
// --format json, stdout gets one array of {file, line, column, severity, check, message}.
// Exit status: 0 when no error was found (warnings allowed unless --werror), 1 otherwise
// (a file that cannot be read counts as an error), 2 on a usage error.
#include <CLI/CLI.hpp>

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "erli18n/tools/lint.h"

namespace erli18n::cli {

void add_lint_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> files;
    std::string format = "text";
    bool werror = false;
    lint_options lint;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("lint", "Check translated catalogs (msgfmt --check's checks and more)");
  cmd->add_option("files", opts->files, "PO files")->required();
  cmd->add_option("--format", opts->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--werror", opts->werror, "Treat warnings as errors");
  cmd->add_flag("--check-duplicates", opts->lint.check_duplicates,
                "Warn about the same translation for different msgids");
  cmd->add_flag("--use-fuzzy", opts->lint.use_fuzzy, "Check fuzzy entries too");
  cmd->callback([opts, &exit_code] {
    std::vector<lint_diagnostic> found;
    for (const std::string& f : opts->files) {
      std::vector<lint_diagnostic> more = lint_po_file(f, opts->lint);
      found.insert(found.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    bool failed = false;
    for (const lint_diagnostic& d : found)
      failed = failed || d.severity == lint_severity::error || opts->werror;
    if (opts->format == "json") {
      nlohmann::json all = nlohmann::json::array();
      for (const lint_diagnostic& d : found)
        all.push_back({{"file", d.file},
                       {"line", d.line},
                       {"column", d.column},
                       {"severity", d.severity == lint_severity::error ? "error" : "warning"},
                       {"check", d.check},
                       {"message", d.message}});
      std::cout << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else {
      for (const lint_diagnostic& d : found) std::cerr << to_string(d) << '\n';
    }
    exit_code = failed ? 1 : 0;
  });
}

}  // namespace erli18n::cli
