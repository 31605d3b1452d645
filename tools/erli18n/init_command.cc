// erli18n init --locale L [-o OUT.po] [--plural-forms RULE] [--translator T] REF.pot: a new,
// untranslated catalog for locale L from a template, with the Plural-Forms of CLDR's rule for L
// (or the one given), as many msgstr forms per plural message as that rule has, and a header
// `erli18n lint --werror` accepts (no field left as the template wrote it).
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "erli18n/cldr_plurals.h"
#include "erli18n/locale_name.h"
#include "erli18n/plural.h"
#include "erli18n/po.h"
#include "erli18n/tools/init.h"
#include "erli18n/tools/merge.h"
#include "extract_cli_options.h"
#include "init_command.h"

namespace erli18n::cli {

void add_init_header_options(CLI::App& cmd, init_header_options& opts) {
  cmd.add_option("--translator", opts.translator,
                 "Last-Translator, e.g. \"Ada Lovelace <ada@example.org>\" (default: $ERLI18N_TRANSLATOR, "
                 "else $NAME <$EMAIL>)");
  cmd.add_option("--language-team", opts.language_team, "Language-Team (default: none)");
  cmd.add_option("--project", opts.project,
                 "Project-Id-Version when the template has none (default: the template's file name)");
}

namespace {

std::string env_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

// The translator a user has said who they are with, in the variables mail and version
// control tools read too.
std::string translator_from_environment() {
  if (std::string t = env_or_empty("ERLI18N_TRANSLATOR"); !t.empty()) return t;
  const std::string email = env_or_empty("EMAIL");
  if (email.empty()) return {};
  if (email.find('<') != std::string::npos) return email;
  const std::string name = env_or_empty("NAME");
  return name.empty() ? email : name + " <" + email + ">";
}

result<init_header> init_header_from(const init_header_options& opts, const std::string& template_path) {
  init_header h;
  if (std::string t = opts.translator.empty() ? translator_from_environment() : opts.translator; !t.empty())
    h.translator = std::move(t);
  if (!opts.language_team.empty()) h.language_team = opts.language_team;
  h.project = opts.project;
  if (h.project.empty() && template_path != "-")
    h.project = std::filesystem::path(template_path).stem().string();
  result<std::optional<long long>> epoch = source_date_epoch();
  if (!epoch) return std::move(epoch).error();
  const std::time_t t = *epoch ? static_cast<std::time_t>(**epoch) : std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M%z", &tm);
  h.revision_date = date;
  h.year = h.revision_date.substr(0, 4);
  return h;
}

}  // namespace

std::optional<new_catalog_settings> new_catalog_settings_from(std::string_view command,
                                                              const std::string& locale,
                                                              const std::string& plural_forms,
                                                              const init_header_options& header,
                                                              const std::string& template_path) {
  const std::string lead = "erli18n " + std::string(command) + ": error: ";
  new_catalog_settings out;
  result<std::string> canonical = canonical_locale(locale);
  if (!canonical) {
    std::cerr << lead << "'" << locale << "' is not a locale name\n";
    return std::nullopt;
  }
  out.locale = *canonical;
  out.plural_forms = plural_forms;
  if (out.plural_forms.empty()) {
    std::optional<std::string_view> cldr = cldr_plural_forms(out.locale);
    if (!cldr) {
      std::cerr << lead << "CLDR has no plural rule for '" << out.locale
                << "'; give one with --plural-forms\n";
      return std::nullopt;
    }
    out.plural_forms = std::string(*cldr);
  } else if (result<plural_rule> rule = plural_rule::parse(out.plural_forms); !rule) {
    std::cerr << lead << "--plural-forms: " << rule.error().message << '\n';
    return std::nullopt;
  }
  result<init_header> filled = init_header_from(header, template_path);
  if (!filled) {
    std::cerr << lead << filled.error().message << '\n';
    return std::nullopt;
  }
  out.header = std::move(*filled);
  return out;
}

void add_init_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
    std::string locale;
    std::string plural_forms;
    init_header_options header;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("init", "Create a new catalog for a locale from a template");
  cmd->add_option("input", opts->input, "Template (.pot)")->required();
  cmd->add_option("-l,--locale", opts->locale, "Locale of the new catalog (e.g. pt_BR)")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_option("--plural-forms", opts->plural_forms, "Plural-Forms to use instead of CLDR's rule");
  add_init_header_options(*cmd, opts->header);
  cmd->callback([opts, &exit_code] {
    std::optional<new_catalog_settings> settings =
        new_catalog_settings_from("init", opts->locale, opts->plural_forms, opts->header, opts->input);
    if (!settings) {
      exit_code = 2;
      return;
    }
    result<po_file> pot = read_po_file(opts->input);
    if (!succeeded(pot, exit_code)) return;
    result<std::string> bytes =
        write_po(init_catalog(*pot, settings->locale, settings->plural_forms, settings->header));
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
