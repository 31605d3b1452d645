// `msginit` as GNU gettext 0.21 documents it (`msginit --help`), for PO templates and
// --no-translator, the form build systems run (autotools' po/Makefile.in.in does). Without
// --no-translator GNU's asks the translator's name and address on the terminal and fetches the
// team's address from the network: refused. The header is filled as msginit_catalog
// (erli18n/tools/init.h) says; this file finds what it takes from the environment.
#include <langinfo.h>
#include <locale.h>
#include <clocale>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/init.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"

namespace erli18n::gnu {

namespace {

enum : int {
  opt_color = 256,
  opt_no_translator,
  opt_stringtable_input,
  opt_stringtable_output,
  opt_style,
};

// Every long option of GNU msginit 0.21, so that a prefix means what it means there.
constexpr long_option msginit_long_options[] = {
    {"color", takes::optional, opt_color},
    {"help", takes::none, 'h'},
    {"input", takes::required, 'i'},
    {"locale", takes::required, 'l'},
    {"no-translator", takes::none, opt_no_translator},
    po_row_no_wrap,
    {"output-file", takes::required, 'o'},
    {"properties-input", takes::none, 'P'},
    {"properties-output", takes::none, 'p'},
    {"stringtable-input", takes::none, opt_stringtable_input},
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"version", takes::none, 'V'},
    po_row_width,
};
constexpr std::string_view msginit_short_options = "hi:l:o:pPVw:";

// The single .pot file of the current folder, as msginit looks for it, or nothing after saying
// why on stderr.
std::optional<std::string> template_in_current_folder(std::string_view program) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(".", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 4 && name.ends_with(".pot")) found.push_back(name);
  }
  if (found.size() == 1) return found.front();
  std::cerr << program
            << (found.empty() ? ": Found no .pot file in the current directory.\n"
                              : ": Found more than one .pot file.\n")
            << "         Please specify the input .pot file through the --input option.\n"
            << try_help_line(program);
  return std::nullopt;
}

// The locale of messages the environment sets (LC_ALL, LC_MESSAGES, LANG), as the C library
// takes it: a locale that is not installed, or any category that fails, leaves "C".
std::string environment_locale() {
  const char* current = std::setlocale(LC_ALL, nullptr);
  const std::string saved = current != nullptr ? current : "C";
  std::string name = "C";
  if (std::setlocale(LC_ALL, "") != nullptr)
    if (const char* messages = std::setlocale(LC_MESSAGES, nullptr)) name = messages;
  std::setlocale(LC_ALL, saved.c_str());
  return name;
}

// The codeset of `locale` when it is installed, in msginit's spelling; ASCII otherwise (the C
// locale's).
std::string locale_charset(const std::string& locale) {
  locale_t loc = newlocale(LC_CTYPE_MASK, locale.c_str(), static_cast<locale_t>(nullptr));
  if (loc == static_cast<locale_t>(nullptr)) return "ASCII";
  std::string codeset = nl_langinfo_l(CODESET, loc);
  freelocale(loc);
  if (codeset.empty() || codeset == "ANSI_X3.4-1968") return "ASCII";
  return codeset;
}

std::string current_year() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return std::to_string(local.tm_year + 1900);
}

int msginit_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msginit_short_options, msginit_long_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  std::string input;
  std::string output;
  std::string locale;
  bool no_translator = false;
  po_output_options output_options;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, msginit_long_options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    switch (event.code) {
      case 'i':
        input = std::string(*event.value);
        break;
      case 'o':
        output = std::string(*event.value);
        break;
      case 'l':
        locale = std::string(*event.value);
        break;
      case opt_no_translator:
        no_translator = true;
        break;
      case 'h':
        return print_help(base_name(program), "[OPTION]", msginit_long_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, msginit_long_options, event.code);
    }
  }
  if (!parsed.operands.empty()) {
    std::cerr << program << ": too many arguments\n";
    return 1;
  }
  if (!no_translator) {
    std::cerr << program
              << ": without --no-translator msginit asks for the translator on the terminal; "
                 "erli18n supports only --no-translator\n";
    return 1;
  }
  if (input.empty()) {
    std::optional<std::string> found = template_in_current_folder(program);
    if (!found) return 1;
    input = *found;
  }
  if (locale.empty()) {
    locale = environment_locale();
    if (locale == "C" || locale == "POSIX") {
      std::cerr << program
                << ": You are in a language indifferent environment.  Please set\n"
                   "         your LANG environment variable, as described in\n"
                   "         <https://www.gnu.org/software/gettext/manual/html_node/"
                   "Setting-the-POSIX-Locale.html>.\n"
                   "         This is necessary so you can test your translations.\n";
      return 1;
    }
  }
  if (output.empty()) {
    output = msginit_catalog_name(locale) + ".po";
    std::error_code exists_error;
    if (std::filesystem::exists(output, exists_error)) {
      std::cerr << program << ": Output file " << output
                << " already exists.\n"
                   "         Please specify the locale through the --locale option or\n"
                   "         the output .po file through the --output-file option.\n";
      return 1;
    }
  }

  result<po_file> pot = read_po_operand(input);
  int exit_code = 0;
  if (!cli::succeeded(pot, exit_code)) return exit_code;
  std::error_code ec;
  const msginit_project_id project = msginit_project(std::filesystem::current_path(ec).string());
  msginit_options options{
      .locale = locale,
      .project_name = project.name,
      .project_version = project.version,
      .year = current_year(),
      .locale_charset = locale_charset(locale),
  };
  po_write_options& layout = output_options.layout;
  layout.force_po = true;  // the new catalog is written even when it holds only its header
  result<std::string> text = write_po(msginit_catalog(*pot, options), layout);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  if (!cli::write_output(output, *text)) return 1;
  std::cerr << "Created " << output << ".\n";
  return 0;
}

}  // namespace

command_main msginit_command() { return msginit_main; }

}  // namespace erli18n::gnu
