// erli18n init --locale L [-o OUT.po] [--plural-forms RULE] REF.pot: a new, untranslated
// catalog for locale L from a template, with the Plural-Forms of CLDR's rule for L (or the
// one given) and as many msgstr forms per plural message as that rule has.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/locale_name.h"
#include "erli18n/plural.h"
#include "erli18n/po.h"
#include "erli18n/tools/merge.h"

namespace erli18n::cli {

void add_init_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
    std::string locale;
    std::string plural_forms;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("init", "Create a new catalog for a locale from a template");
  cmd->add_option("input", opts->input, "Template (.pot)")->required();
  cmd->add_option("-l,--locale", opts->locale, "Locale of the new catalog (e.g. pt_BR)")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_option("--plural-forms", opts->plural_forms, "Plural-Forms to use instead of CLDR's rule");
  cmd->callback([opts, &exit_code] {
    auto locale = canonical_locale(opts->locale);
    if (!locale) {
      std::cerr << "erli18n init: error: '" << opts->locale << "' is not a locale name\n";
      exit_code = 2;
      return;
    }
    std::string forms = opts->plural_forms;
    if (forms.empty()) {
      auto cldr = cldr_plural_forms(*locale);
      if (!cldr) {
        std::cerr << "erli18n init: error: CLDR has no plural rule for '" << *locale
                  << "'; give one with --plural-forms\n";
        exit_code = 2;
        return;
      }
      forms = std::string(*cldr);
    } else if (auto rule = plural_rule::parse(forms); !rule) {
      std::cerr << "erli18n init: error: --plural-forms: " << rule.error().message << '\n';
      exit_code = 2;
      return;
    }
    result<po_file> pot = read_po_file(opts->input);
    if (!succeeded(pot, exit_code)) return;
    result<std::string> bytes = write_po(init_catalog(*pot, *locale, forms));
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
