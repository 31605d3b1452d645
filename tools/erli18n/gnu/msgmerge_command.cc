// `msgmerge` as GNU gettext 0.21 documents it (`msgmerge --help`), for PO input and output: the
// same merge as `erli18n merge` (merge_command.h, erli18n/tools/merge.h). The options of its
// other syntaxes (Java .properties, NeXTstep .strings) and output styles are recognised, so that
// abbreviations resolve as GNU's do, and refused as not supported; docs/cli.md lists which are
// which.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"
#include "merge_command.h"

namespace erli18n::gnu {

namespace {

namespace fs = std::filesystem;

enum : int {
  opt_backup = 256,
  opt_color,
  opt_for_msgfmt,
  opt_lang,
  opt_previous,
  opt_stringtable_input,
  opt_stringtable_output,
  opt_style,
  opt_suffix,
};

// Every long option of GNU msgmerge 0.21, so that a prefix means what it means there, in the
// order of its table (an ambiguous prefix lists them so: --silent after the two --sort-).
constexpr long_option msgmerge_options[] = {
    po_row_add_location,
    {"backup", takes::required, opt_backup},
    {"color", takes::optional, opt_color},
    {"compendium", takes::required, 'C'},
    {"directory", takes::required, 'D'},
    po_row_escape,
    {"for-msgfmt", takes::none, opt_for_msgfmt},
    po_row_force_po,
    {"help", takes::none, 'h'},
    po_row_indent,
    {"lang", takes::required, opt_lang},
    {"multi-domain", takes::none, 'm'},
    po_row_no_escape,
    {"no-fuzzy-matching", takes::none, 'N'},
    po_row_no_location,
    po_row_no_wrap,
    {"output-file", takes::required, 'o'},
    {"previous", takes::none, opt_previous},
    {"properties-input", takes::none, 'P'},
    {"properties-output", takes::none, 'p'},
    {"quiet", takes::none, 'q'},
    po_row_sort_by_file,
    po_row_sort_output,
    {"silent", takes::none, 'q'},
    po_row_strict,
    {"stringtable-input", takes::none, opt_stringtable_input},
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"suffix", takes::required, opt_suffix},
    {"update", takes::none, 'U'},
    {"verbose", takes::none, 'v'},
    {"version", takes::none, 'V'},
    po_row_width,
};
// -n takes its argument in msgmerge 0.21 (`-n file` is --add-location=file).
constexpr std::string_view msgmerge_short_options = "C:D:eEFhimn:No:pPqsUvVw:";

// An input file as msgmerge finds it: `-`, an absolute name or one that exists as given is
// itself; else the first -D directory holding it (else itself, for the error to name).
std::string find_input(const std::string& name, const std::vector<std::string>& directories) {
  if (name == "-" || name.empty() || name.front() == '/') return name;
  std::error_code ec;
  if (fs::exists(name, ec)) return name;
  for (const std::string& directory : directories) {
    const std::string candidate = (fs::path(directory) / name).string();
    if (fs::exists(candidate, ec)) return candidate;
  }
  return name;
}

// A usage error as msgmerge words it: the message, then (when `try_help`) where help is.
int usage_error(std::string_view program, std::string_view message, bool try_help) {
  std::cerr << program << ": " << message << '\n';
  if (try_help) std::cerr << try_help_line(program);
  return 1;
}

int msgmerge_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msgmerge_short_options, msgmerge_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  // --version, then --help, win over everything else on the line, as in msgmerge.
  for (int wanted : {'V', 'h'})
    for (const option_event& event : parsed.events)
      if (event.code == wanted)
        return wanted == 'V' ? print_version(base_name(program))
                             : print_help(base_name(program), "[OPTION] def.po ref.pot", msgmerge_options);

  cli::merge_cli_options opts;
  std::vector<std::string> compendium_names;
  std::vector<std::string> directories;
  bool backup_given = false;
  bool suffix_given = false;
  int verbosity = 0;
  bool color_auto = false;
  // --force-po changes nothing: msgmerge writes the header of an otherwise empty result anyway.
  po_output_options output_options;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, msgmerge_options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    switch (event.code) {
      case 'o':
        opts.output = std::string(*event.value);
        break;
      case 'U':
        opts.update = true;
        break;
      case 'C':
        compendium_names.emplace_back(*event.value);
        break;
      case 'D':
        directories.emplace_back(*event.value);
        break;
      case 'm':
        opts.multi_domain = true;
        break;
      case opt_backup:
        opts.backup = std::string(*event.value);
        backup_given = true;
        break;
      case opt_suffix:
        opts.suffix = std::string(*event.value);
        suffix_given = true;
        break;
      case opt_previous:
        opts.previous = true;
        break;
      case 'N':
        opts.no_fuzzy_matching = true;
        break;
      case opt_for_msgfmt:
        opts.for_msgfmt = true;
        break;
      case opt_lang:
        opts.lang = std::string(*event.value);
        break;
      case 'q':
        opts.quiet = true;
        break;
      case 'v':
        // Twice lists each decision (GNU's own words, message by message): not written.
        if (++verbosity > 1) return refuse_option(program, msgmerge_options, event.code);
        break;
      case opt_color:
        // No colours: "never" asks for none, "auto" for none unless writing to a terminal
        // (checked once the output is known).
        if (event.value && (*event.value == "never" || *event.value == "auto")) {
          color_auto = *event.value == "auto";
          break;
        }
        return refuse_option(program, msgmerge_options, event.code);
      default:
        return refuse_option(program, msgmerge_options, event.code);
    }
  }

  opts.sort_output = output_options.sort_output;
  opts.sort_by_file = output_options.sort_by_file;
  opts.add_location = output_options.add_location == merge_location::file    ? "file"
                      : output_options.add_location == merge_location::never ? "never"
                                                                             : "full";
  opts.width = output_options.layout.width;
  opts.no_wrap = !output_options.layout.wrap;
  opts.indent = output_options.layout.indent;
  opts.escape = output_options.layout.escape;
  opts.strict = output_options.layout.strict;

  // msgmerge's checks of the command line, in its order.
  if (parsed.operands.empty()) return usage_error(program, "no input files given", true);
  if (parsed.operands.size() != 2) return usage_error(program, "exactly 2 input files required", true);
  if (opts.update && !opts.output.empty())
    return usage_error(program, "--update and --output-file are mutually exclusive", false);
  if (opts.update && opts.for_msgfmt)
    return usage_error(program, "--update and --for-msgfmt are mutually exclusive", false);
  if (!opts.update && backup_given) return usage_error(program, "--backup is only valid with --update", true);
  if (!opts.update && suffix_given) return usage_error(program, "--suffix is only valid with --update", true);
  if (opts.sort_output && opts.sort_by_file)
    return usage_error(program, "--sort-output and --sort-by-file are mutually exclusive", false);
  const bool to_stdout = !opts.update && (opts.output.empty() || opts.output == "-");
  if (color_auto && to_stdout && isatty(1) != 0) {
    std::cerr << program << ": option --color=auto is not supported by erli18n on a terminal\n";
    return 1;
  }
  opts.progress = !opts.quiet;
  opts.program = std::string(program);  // a bad --backup is refused when the backup is made
  opts.verbose = verbosity > 0;

  // -U writes back to the catalog named, which msgmerge does not look for under -D either.
  const std::string def = opts.update ? std::string(parsed.operands[0])
                                      : find_input(std::string(parsed.operands[0]), directories);
  const std::string ref_name = find_input(std::string(parsed.operands[1]), directories);
  // The catalog, the template and the merged copy: about twice the catalog's size.
  std::error_code ec;
  const std::uintmax_t def_size = fs::file_size(def, ec);
  if (!ec) cli::prepare_heap_for_size(static_cast<std::size_t>(def_size) * 2);
  result<po_file> ref = cli::read_catalog(ref_name);
  int exit_code = 0;
  if (!cli::succeeded(ref, exit_code)) return exit_code;
  std::vector<po_file> compendia;
  compendia.reserve(compendium_names.size());
  for (const std::string& name : compendium_names) {
    result<po_file> compendium = cli::read_catalog(find_input(name, directories));
    if (!cli::succeeded(compendium, exit_code)) return exit_code;
    compendia.push_back(std::move(*compendium));
  }
  for (const po_file& compendium : compendia) opts.compendia.push_back(&compendium);
  if (!cli::merge_one(def, *ref, opts, opts.output, opts.update)) return 1;
  cli::exit_now(0);
}

}  // namespace

command_main msgmerge_command() { return msgmerge_main; }

}  // namespace erli18n::gnu
