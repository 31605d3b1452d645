// erli18n negotiate --available en,pt,de [--default LOCALE] ACCEPT_LANGUAGE: prints the
// locale a server with those catalogs would answer the header in, and a newline.
//
// It runs the library's own negotiate_locale, so it shows what a server does with a header
// a user reports. Unlike the library, which must cope with whatever a request brings, the
// command checks what the operator typed: a malformed --available or --default entry is a
// usage error rather than silently never matching.
//
// Exit status: 0 with the locale printed (the default when nothing matches), 2 on a usage
// error (no --available, a malformed locale name).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "erli18n/locale_name.h"
#include "erli18n/negotiate.h"

namespace erli18n::cli {
namespace {

bool valid_locale(const std::string& name, const char* option) {
  result<std::string> canonical = canonical_locale(name);
  if (canonical) return true;
  std::cerr << "erli18n: error: " << option << ": invalid locale name '" << name
            << "': " << canonical.error().message << '\n';
  return false;
}

}  // namespace

void add_negotiate_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> available;
    std::string default_locale;
    std::string header;
    bool lookup = false;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("negotiate", "Choose the locale to answer an Accept-Language header in");
  cmd->add_option("--available", opts->available, "Locales with catalogs, comma-separated, e.g. en,pt_BR,de")
      ->delimiter(',')
      ->required();
  cmd->add_option("--default", opts->default_locale,
                  "Locale when nothing matches (default: the first --available locale)");
  cmd->add_flag("--lookup", opts->lookup,
                "RFC 4647 lookup (the preference and its truncations, exactly) instead of best-fit matching");
  cmd->add_option("header", opts->header, "Accept-Language value, e.g. 'fr-CH, de;q=0.9, en;q=0.5'")
      ->required();
  cmd->footer(
      "Best-fit matching, as ICU's LocaleMatcher with CLDR's data: zh-TW finds zh_Hant, pt finds\n"
      "pt_BR, es-MX finds es_419, no finds nb; a language no rule relates to an available one\n"
      "(ca for es) matches nothing. '*' and q=0 entries select nothing. Prints the available\n"
      "locale as spelled in --available, or the default.\n"
      "Exit status: 0 with a locale printed, 2 on a usage error (no --available, a malformed name).\n");
  cmd->callback([opts, cmd, &exit_code] {
    for (const std::string& locale : opts->available)
      if (!valid_locale(locale, "--available")) {
        exit_code = 2;
        return;
      }
    if (opts->available.empty()) {
      std::cerr << "erli18n: error: --available: no locale given\n";
      exit_code = 2;
      return;
    }
    if (cmd->count("--default") == 0) {
      opts->default_locale = opts->available.front();
    } else if (!valid_locale(opts->default_locale, "--default")) {
      exit_code = 2;
      return;
    }
    const match_scheme scheme = opts->lookup ? match_scheme::lookup : match_scheme::best_fit;
    std::cout << negotiate_locale(opts->header, opts->available, opts->default_locale, scheme) << '\n';
  });
}

}  // namespace erli18n::cli
