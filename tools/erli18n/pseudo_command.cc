// erli18n pseudo IN.pot|IN.po [-o OUT.po] [--locale L] [--plural-forms RULE] [--expansion PCT]
// [--translator T]: a pseudo-localized catalog (erli18n/tools/pseudo.h) for locale L (default
// en_XA), every msgstr its msgid accented, lengthened and bracketed, with the Plural-Forms of
// CLDR's rule for L (English's for en_XA) and a header `erli18n lint --werror` accepts.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/pseudo.h"
#include "init_command.h"

namespace erli18n::cli {

void add_pseudo_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
    std::string locale = std::string(default_pseudo_locale);
    std::string plural_forms;
    unsigned expansion = 35;
    init_header_options header;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand(
      "pseudo",
      "Write a pseudo-localized catalog: every msgstr its msgid accented, lengthened, in [brackets]");
  cmd->add_option("input", opts->input, "Template (.pot) or catalog (.po); its msgids are used")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_option("-l,--locale", opts->locale, "Locale of the catalog (default: en_XA)");
  cmd->add_option("--plural-forms", opts->plural_forms,
                  "Plural-Forms to use instead of CLDR's rule (en_XA: English's)");
  cmd->add_option("--expansion", opts->expansion,
                  "Lengthening in percent of each text's letters (default: 35)")
      ->check(CLI::Range(0u, 1000u));
  add_init_header_options(*cmd, opts->header);
  cmd->callback([opts, &exit_code] {
    std::optional<new_catalog_settings> settings =
        new_catalog_settings_from("pseudo", opts->locale, opts->plural_forms, opts->header, opts->input);
    if (!settings) {
      exit_code = 2;
      return;
    }
    result<po_file> source = read_po_file(opts->input);
    if (!succeeded(source, exit_code)) return;
    pseudo_options po;
    po.locale = settings->locale;
    po.plural_forms = settings->plural_forms;
    po.expansion_percent = opts->expansion;
    po.header = settings->header;
    result<std::string> bytes = write_po(pseudo_catalog(*source, po));
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
