// `msgattrib` as GNU gettext 0.21 documents it (`msgattrib --help`), for PO input and output:
// attrib_catalog (erli18n/tools/attrib.h) selects and changes the messages. The options of other
// syntaxes (Java .properties, NeXTstep .strings), of colours and of other output styles are
// recognised, so that abbreviations resolve as GNU's do, and refused as not supported;
// docs/cli.md lists which are which.
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/attrib.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"

namespace erli18n::gnu {

namespace {

enum : int {
  opt_clear_fuzzy = 256,
  opt_clear_obsolete,
  opt_clear_previous,
  opt_color,
  opt_empty,
  opt_fuzzy,
  opt_ignore_file,
  opt_no_fuzzy,
  opt_no_obsolete,
  opt_obsolete,
  opt_only_file,
  opt_only_fuzzy,
  opt_only_obsolete,
  opt_previous,
  opt_set_fuzzy,
  opt_set_obsolete,
  opt_stringtable_input,
  opt_stringtable_output,
  opt_style,
  opt_translated,
  opt_untranslated,
};

// Every long option of GNU msgattrib 0.21, so that a prefix means what it means there.
constexpr long_option msgattrib_options[] = {
    po_row_add_location,
    {"clear-fuzzy", takes::none, opt_clear_fuzzy},
    {"clear-obsolete", takes::none, opt_clear_obsolete},
    {"clear-previous", takes::none, opt_clear_previous},
    {"color", takes::optional, opt_color},
    {"directory", takes::required, 'D'},
    {"empty", takes::none, opt_empty},
    po_row_escape,
    po_row_force_po,
    {"fuzzy", takes::none, opt_fuzzy},
    {"help", takes::none, 'h'},
    {"ignore-file", takes::required, opt_ignore_file},
    po_row_indent,
    po_row_no_escape,
    {"no-fuzzy", takes::none, opt_no_fuzzy},
    po_row_no_location,
    {"no-obsolete", takes::none, opt_no_obsolete},
    po_row_no_wrap,
    {"obsolete", takes::none, opt_obsolete},
    {"only-file", takes::required, opt_only_file},
    {"only-fuzzy", takes::none, opt_only_fuzzy},
    {"only-obsolete", takes::none, opt_only_obsolete},
    {"output-file", takes::required, 'o'},
    {"previous", takes::none, opt_previous},
    {"properties-input", takes::none, 'P'},
    {"properties-output", takes::none, 'p'},
    {"set-fuzzy", takes::none, opt_set_fuzzy},
    {"set-obsolete", takes::none, opt_set_obsolete},
    po_row_sort_by_file,
    po_row_sort_output,
    po_row_strict,
    {"stringtable-input", takes::none, opt_stringtable_input},
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"translated", takes::none, opt_translated},
    {"untranslated", takes::none, opt_untranslated},
    {"version", takes::none, 'V'},
    po_row_width,
};
constexpr std::string_view msgattrib_short_options = "D:eEFhino:pPsVw:";

int msgattrib_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msgattrib_short_options, msgattrib_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  std::string output;
  std::vector<std::string> dirs;
  std::optional<std::string> only_file;
  std::optional<std::string> ignore_file;
  attrib_options options;
  po_output_options output_options;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, msgattrib_options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    switch (event.code) {
      case 'o':
        output = std::string(*event.value);
        break;
      case 'D':
        dirs.emplace_back(*event.value);
        break;
      case opt_translated:
        options.translated = true;
        break;
      case opt_untranslated:
        options.untranslated = true;
        break;
      case opt_no_fuzzy:
        options.no_fuzzy = true;
        break;
      case opt_only_fuzzy:
        options.only_fuzzy = true;
        break;
      case opt_no_obsolete:
        options.no_obsolete = true;
        break;
      case opt_only_obsolete:
        options.only_obsolete = true;
        break;
      case opt_set_fuzzy:
        options.set_fuzzy = true;
        break;
      case opt_clear_fuzzy:
        options.clear_fuzzy = true;
        break;
      case opt_set_obsolete:
        options.set_obsolete = true;
        break;
      case opt_clear_obsolete:
        options.clear_obsolete = true;
        break;
      case opt_previous:
        options.keep_previous = true;
        break;
      case opt_clear_previous:
        options.clear_previous = true;
        break;
      case opt_empty:
        options.empty = true;
        break;
      case opt_fuzzy:  // GNU's shorthand for the pair
        options.only_fuzzy = options.clear_fuzzy = true;
        break;
      case opt_obsolete:
        options.only_obsolete = options.clear_obsolete = true;
        break;
      case opt_only_file:
        only_file = std::string(*event.value);
        break;
      case opt_ignore_file:
        ignore_file = std::string(*event.value);
        break;
      case 'h':
        return print_help(base_name(program), "[OPTION] [INPUTFILE]", msgattrib_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, msgattrib_options, event.code);
    }
  }
  if (parsed.operands.size() > 1) {
    std::cerr << program << ": at most one input file allowed\n" << try_help_line(program);
    return 1;
  }
  options.sort_output = output_options.sort_output;
  options.sort_by_file = output_options.sort_by_file;
  options.add_location = output_options.add_location;
  if (options.sort_output && options.sort_by_file) {
    std::cerr << program << ": --sort-output and --sort-by-file are mutually exclusive\n";
    return 1;
  }
  int exit_code = 0;
  for (auto [name, list] :
       {std::pair{&only_file, &options.only_file}, std::pair{&ignore_file, &options.ignore_file}}) {
    if (!*name) continue;
    const std::optional<std::string> path = find_catalog_file(program, **name, dirs);
    if (!path) return 1;
    result<po_file> listed = read_po_operand(*path);
    if (!cli::succeeded(listed, exit_code)) return exit_code;
    *list = std::move(*listed);
  }
  const std::optional<std::string> input =
      parsed.operands.empty() ? "-" : find_catalog_file(program, parsed.operands.front(), dirs);
  if (!input) return 1;
  result<po_file> po = read_po_operand(*input);
  if (!cli::succeeded(po, exit_code)) return exit_code;
  result<std::string> text = write_po(attrib_catalog(*po, options), output_options.layout);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  // A catalog of nothing but its header writes nothing (no file either) without --force-po.
  if (text->empty()) return 0;
  return cli::write_output(output, *text) ? 0 : 1;
}

}  // namespace

command_main msgattrib_command() { return msgattrib_main; }

}  // namespace erli18n::gnu
