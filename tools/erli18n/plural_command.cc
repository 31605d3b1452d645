// erli18n plural 'nplurals=...; plural=...;' N [N ...]: print the form index for each N.
// erli18n plural --cldr LOCALE: print CLDR's Plural-Forms value for LOCALE (see
// erli18n/cldr_plurals.h), which the first form can then evaluate.
//
// Exit status: 0 on success, 1 when the rule does not compile (diagnostic with the column
// and a caret under the problem) or CLDR has no rule for the locale, 2 on a usage error such
// as a number that is not a decimal integer from 0 to ULONG_MAX.
#include <CLI/CLI.hpp>

#include <climits>
#include <iostream>
#include <optional>
#include <string_view>

#include "commands.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/locale_name.h"
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

void print_cldr_rule(const std::string& locale, int& exit_code) {
  if (result<std::string> key = canonical_locale(locale); !key) {
    std::cerr << "erli18n: error: invalid locale name '" << locale << "': " << key.error().message << '\n';
    exit_code = 1;
    return;
  }
  const cldr_plural_entry* entry = find_cldr_plural(locale);
  if (entry == nullptr) {
    std::cerr << "erli18n: error: CLDR " << cldr_version() << " has no plural rule for locale '" << locale
              << "' or any of its parents\n";
    exit_code = 1;
    return;
  }
  std::string out(entry->plural_forms);
  out += '\n';
  if (!write_output("", out)) exit_code = 1;
}

}  // namespace

void add_plural_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string rule;
    std::vector<std::string> numbers;
    std::string cldr;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("plural", "Evaluate a Plural-Forms rule for numbers");
  // rule and numbers are required unless --cldr is given, which excludes them.
  CLI::Option* rule =
      cmd->add_option("rule", opts->rule, "Plural-Forms value, e.g. 'nplurals=2; plural=n != 1;'");
  CLI::Option* numbers = cmd->add_option("numbers", opts->numbers, "Values of n (0 to ULONG_MAX)");
  CLI::Option* cldr =
      cmd->add_option("--cldr", opts->cldr, "Print CLDR's Plural-Forms value for this locale instead")
          ->excludes(rule)
          ->excludes(numbers);
  cmd->callback([opts, rule, numbers, cldr, &exit_code] {
    if (cldr->count() != 0) {
      print_cldr_rule(opts->cldr, exit_code);
      return;
    }
    if (rule->count() == 0) throw CLI::RequiredError(rule->get_name());
    if (numbers->count() == 0) throw CLI::RequiredError(numbers->get_name());
    std::vector<unsigned long> values;
    for (const std::string& text : opts->numbers) {
      std::optional<unsigned long> n = parse_number(text);
      if (!n) {
        std::cerr << "erli18n: error: invalid number '" << text << "': expected a decimal integer from 0 to "
                  << ULONG_MAX << '\n';
        exit_code = 2;
        return;
      }
      values.push_back(*n);
    }
    result<plural_rule> parsed = plural_rule::parse(opts->rule);
    if (!parsed) {
      error e = parsed.error();
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
    for (unsigned long n : values) {
      out += std::to_string(parsed->form(n));
      out += '\n';
    }
    if (!write_output("", out)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
