// erli18n plural 'nplurals=...; plural=...;' N [N ...]: print the form index for each N.
//
// Exit status: 0 on success, 1 when the rule does not compile (diagnostic with the column
// and a caret under the problem), 2 on a usage error such as a number that is not a decimal
// integer from 0 to ULONG_MAX.
#include <CLI/CLI.hpp>

#include <climits>
#include <iostream>
#include <optional>
#include <string_view>

#include "commands.h"
#include "erli18n/plural.h"

namespace erli18n::cli {
namespace {

// Decimal digits only: CLI11's own conversion accepts "-1" (as ULONG_MAX) and blanks, which
// would silently evaluate a number the user did not mean.
std::optional<unsigned long> parse_number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  unsigned long value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<unsigned long>(c - '0');
    if (value > (ULONG_MAX - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace

void add_plural_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string rule;
    std::vector<std::string> numbers;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("plural", "Evaluate a Plural-Forms rule for numbers");
  cmd->add_option("rule", opts->rule, "Plural-Forms value, e.g. 'nplurals=2; plural=n != 1;'")->required();
  cmd->add_option("numbers", opts->numbers, "Values of n (0 to ULONG_MAX)")->required();
  cmd->callback([opts, &exit_code] {
    std::vector<unsigned long> numbers;
    for (const std::string& text : opts->numbers) {
      std::optional<unsigned long> n = parse_number(text);
      if (!n) {
        std::cerr << "erli18n: error: invalid number '" << text << "': expected a decimal integer from 0 to "
                  << ULONG_MAX << '\n';
        exit_code = 2;
        return;
      }
      numbers.push_back(*n);
    }
    result<plural_rule> rule = plural_rule::parse(opts->rule);
    if (!rule) {
      error e = rule.error();
      e.file = "<plural-forms>";
      e.line = 1;
      std::cerr << "erli18n: " << e.to_string() << '\n';
      if (e.column != 0 && e.column <= opts->rule.size() + 1 && opts->rule.find('\n') == std::string::npos) {
        // Tabs stay tabs so that the caret lines up with the problem.
        std::string pad;
        for (std::size_t i = 0; i + 1 < e.column; ++i) pad += opts->rule[i] == '\t' ? '\t' : ' ';
        std::cerr << "  " << opts->rule << "\n  " << pad << "^\n";
      }
      exit_code = 1;
      return;
    }
    std::string out;
    for (unsigned long n : numbers) {
      out += std::to_string(rule->form(n));
      out += '\n';
    }
    if (!write_output("", out)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
