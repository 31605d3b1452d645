// erli18n report [--format text|json|html] [-o FILE] DIR|FILE…: how complete the catalogs are,
// per domain and locale, with totals. Counting rules: erli18n/tools/report.h; finding catalogs and
// naming their domain and locale: report_catalogs.cc.
//
// Exit status: 0; 1 when a path names nothing, a folder holds no catalog, or an input could
// not be read or parsed (its `file:line:col: error:` is on stderr, and the report is still
// written, with that catalog marked unreadable, so one broken file does not hide the state of
// the others); 2 on a usage error. Warnings (a .po beside its .mo, two folders of one locale)
// do not change it. Gaps in the translations never fail the command: it reports, `check --po`
// gates.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "report_model.h"

namespace erli18n::cli {

void add_report_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> paths;
    std::string format = "text";
    std::string output;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("report", "Count translated, fuzzy, untranslated and obsolete messages");
  cmd->add_option("paths", opts->paths, "Catalog directories (LOCALE/LC_MESSAGES/DOMAIN.po) or PO files")
      ->required();
  cmd->add_option("--format", opts->format, "text, json or html")
      ->check(CLI::IsMember({"text", "json", "html"}));
  cmd->add_option("-o,--output", opts->output, "Write the report to FILE instead of standard output");
  cmd->callback([opts, &exit_code] {
    const report_model model = collect_catalogs(opts->paths);
    std::string bytes;
    if (opts->format == "json")
      bytes = render_report_json(model);
    else if (opts->format == "html")
      bytes = render_report_html(model);
    else
      bytes = render_report_text(model);
    const bool written = write_output(opts->output, bytes);
    exit_code = model.failed || !written ? 1 : 0;
  });
}

}  // namespace erli18n::cli
