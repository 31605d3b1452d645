// erli18n plural 'nplurals=...; plural=...;' N [N ...]: print the form index for each N.
#include <CLI/CLI.hpp>

#include <iostream>

#include "commands.h"
#include "erli18n/plural.h"

namespace erli18n::cli {

void add_plural_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string rule;
    std::vector<unsigned long> numbers;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("plural", "Evaluate a Plural-Forms rule for numbers");
  cmd->add_option("rule", opts->rule, "Plural-Forms value, e.g. 'nplurals=2; plural=n != 1;'")->required();
  cmd->add_option("numbers", opts->numbers, "Values of n (0 to ULONG_MAX)")->required();
  cmd->callback([opts, &exit_code] {
    result<plural_rule> rule = plural_rule::parse(opts->rule);
    if (!rule) {
      std::cerr << "erli18n: " << rule.error().to_string() << '\n';
      exit_code = 1;
      return;
    }
    std::string out;
    for (unsigned long n : opts->numbers) {
      out += std::to_string(rule->form(n));
      out += '\n';
    }
    if (!write_output("", out)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
