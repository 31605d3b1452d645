// `msgcat` as GNU gettext 0.21 documents it (`msgcat --help`, the manual's "Invoking msgcat"),
// for PO input and output: the concatenation of `erli18n normalize` (cat_catalogs). msguniq
// (msguniq_command.cc) runs the same code over one input. Java .properties and NeXTstep
// .strings input and output and colours are recognised, so that abbreviations resolve as GNU's
// do, and refused as not supported; docs/cli.md lists which.
#include "msgcat_command.h"

#include <sys/stat.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/cat.h"
#include "file_io.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "merge_command.h"

namespace erli18n::gnu {

namespace {

// Every long option of GNU msgcat 0.21, in its order, so that a prefix means what it means there
// and an ambiguous one lists the same possibilities.
constexpr long_option msgcat_options[] = {
    po_row_add_location,
    {"color", takes::optional, cat_opt_color},
    {"directory", takes::required, 'D'},
    po_row_escape,
    {"files-from", takes::required, 'f'},
    po_row_force_po,
    {"help", takes::none, 'h'},
    po_row_indent,
    {"lang", takes::required, cat_opt_lang},
    {"less-than", takes::required, '<'},
    {"more-than", takes::required, '>'},
    po_row_no_escape,
    po_row_no_location,
    po_row_no_wrap,
    {"output-file", takes::required, 'o'},
    {"properties-input", takes::none, 'P'},
    {"properties-output", takes::none, 'p'},
    po_row_sort_by_file,
    po_row_sort_output,
    po_row_strict,
    {"stringtable-input", takes::none, cat_opt_stringtable_input},
    {"stringtable-output", takes::none, cat_opt_stringtable_output},
    {"style", takes::required, cat_opt_style},
    {"to-code", takes::required, 't'},
    {"unique", takes::none, 'u'},
    {"use-first", takes::none, cat_opt_use_first},
    {"version", takes::none, 'V'},
    po_row_width,
};
constexpr std::string_view msgcat_short_options = "<:>:D:eEf:Fhino:pPst:uVw:";

// A number as msgcat reads --more-than and --less-than: leading digits with an optional sign,
// the rest ignored, nothing at all read as 0.
long leading_number(std::string_view text) {
  const std::string copy(text);
  return std::strtol(copy.c_str(), nullptr, 10);
}

// The names a --files-from file lists: one a line, trailing blanks dropped, empty lines and
// lines starting with '#' skipped.
result<std::vector<std::string>> names_from(const std::string& path) {
  result<std::string> text = read_whole_file(path);
  if (!text) return text.error();
  std::vector<std::string> names;
  std::string_view rest = *text;
  while (!rest.empty()) {
    std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    names.emplace_back(line);
  }
  return names;
}

// Where an input named on the command line is: a relative name in the first -D directory that
// has it (without -D, the current one).
std::string located(const std::string& name, const std::vector<std::string>& directories) {
  if (name == "-" || name.empty() || name.front() == '/' || directories.empty()) return name;
  for (const std::string& dir : directories) {
    std::string path = dir + "/" + name;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) return path;
  }
  return directories.front() + "/" + name;
}

void print_error(std::string_view program, const error& e) {
  if (e.file.empty()) std::cerr << program << ": ";
  std::cerr << e.to_string() << '\n';
}

}  // namespace

int run_cat_command(cat_command command, std::string_view program, std::span<const char* const> args,
                    std::string_view short_options, std::span<const long_option> options) {
  const parsed_args parsed = parse_gnu_options(program, args, short_options, options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  const bool uniq = command == cat_command::msguniq;
  std::string output;
  std::vector<std::string> directories;
  std::vector<std::string> listed;
  po_output_options output_options;
  cat_options cat;
  cat.merge_duplicates = uniq;
  long more_than = 0;
  long less_than = LONG_MAX;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    switch (event.code) {
      case 'o':
        output = std::string(*event.value);
        break;
      case 'D':
        directories.emplace_back(*event.value);
        break;
      case 'f': {
        result<std::vector<std::string>> names = names_from(std::string(*event.value));
        if (!names) {
          print_error(program, names.error());
          return 1;
        }
        listed = std::move(*names);  // the last --files-from is the one read
        break;
      }
      case '>':
        more_than = leading_number(*event.value);
        break;
      case '<':
        less_than = leading_number(*event.value);
        break;
      case 'u':
        if (uniq) {
          more_than = 0;
          less_than = 2;
        } else {
          less_than = 2;
        }
        break;
      case 'd':  // msguniq's --repeated
        more_than = 1;
        less_than = LONG_MAX;
        break;
      case cat_opt_use_first:
        cat.use_first = true;
        break;
      case 't':
        cat.to_code = std::string(*event.value);
        break;
      case cat_opt_lang:
        cat.lang = std::string(*event.value);
        break;
      case 'h':
        return print_help(base_name(program), uniq ? "[OPTION] [INPUTFILE]" : "[OPTION] [INPUTFILE]...",
                          options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, options, event.code);
    }
  }
  cat.sort_output = output_options.sort_output;
  cat.sort_by_file = output_options.sort_by_file;
  cat.add_location = output_options.add_location;
  if (cat.sort_output && cat.sort_by_file) {
    std::cerr << program << ": --sort-output and --sort-by-file are mutually exclusive\n";
    return 1;
  }
  if (less_than <= more_than) {
    std::cerr << program << ": impossible selection criteria specified (" << more_than << " < n < "
              << less_than << ")\n";
    return 1;
  }
  // A count is at least 1: a negative bound keeps every message or none.
  cat.more_than = more_than < 0 ? 0 : static_cast<std::size_t>(more_than);
  cat.less_than = less_than < 0 ? 0 : static_cast<std::size_t>(less_than);

  // A name given twice is read once, as msgcat does (so it counts once for --more-than).
  std::vector<std::string> names;
  for (std::string_view name : listed)
    if (std::ranges::find(names, name) == names.end()) names.emplace_back(name);
  for (std::string_view operand : parsed.operands)
    if (std::ranges::find(names, operand) == names.end()) names.emplace_back(operand);
  if (uniq) {
    if (names.size() > 1) {
      std::cerr << program << ": at most one input file allowed\n" << try_help_line(program);
      return 1;
    }
    if (names.empty()) names.emplace_back("-");
  }
  int exit_code = 0;
  std::vector<std::string> paths;
  std::size_t size = 0;
  for (const std::string& name : names) {
    paths.push_back(located(name, directories));
    struct stat st {};
    if (::stat(paths.back().c_str(), &st) == 0 && S_ISREG(st.st_mode))
      size += static_cast<std::size_t>(st.st_size);
  }
  cli::prepare_heap_for_size(size);
  // The inputs of each domain (`domain` lines), "messages" first, then in the order they first
  // appear: msgcat concatenates each domain's on its own.
  std::vector<std::pair<std::string, std::vector<cat_input>>> domains;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    result<std::vector<po_domain>> read = cli::read_catalog_domains(paths[i]);
    if (!cli::succeeded(read, exit_code)) return exit_code;
    for (po_domain& domain : *read) {
      auto same = std::ranges::find(domains, domain.name,
                                    [](const auto& d) -> const std::string& { return d.first; });
      if (same == domains.end()) same = domains.insert(same, {domain.name, {}});
      same->second.push_back({std::move(domain.po), name == "-" ? name : std::string(base_name(name))});
    }
  }
  // GNU's counts for --more-than, --less-than and -u span the domains in a way of its own.
  if (domains.size() > 1 && (cat.more_than != 0 || cat.less_than != static_cast<std::size_t>(LONG_MAX))) {
    std::cerr
        << program
        << ": selecting messages by count (--more-than, --less-than, -u, -d) in catalogs of several domains "
           "is not supported by erli18n\n";
    return 1;
  }
  std::vector<po_domain> joined;
  int status = 0;
  for (auto& [domain, inputs] : domains) {
    result<cat_result> concatenated = cat_catalogs(std::move(inputs), cat);
    if (!concatenated) {
      print_error(program, concatenated.error());
      return 1;
    }
    for (const std::string& warning : concatenated->warnings) std::cerr << program << ": " << warning << '\n';
    for (const std::string& problem : concatenated->problems) std::cerr << program << ": " << problem << '\n';
    if (!concatenated->problems.empty()) status = 1;
    joined.push_back({domain, std::move(concatenated->catalog)});
  }
  result<std::string> text = joined.size() == 1 ? write_po(joined.front().po, output_options.layout)
                                                : write_po_domains(joined, output_options.layout);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  // A catalog of nothing but its header writes nothing (no file either) without --force-po.
  if (text->empty()) return status;
  return cli::write_output(output, *text) ? status : 1;
}

namespace {
int msgcat_main(std::string_view program, std::span<const char* const> args) {
  return run_cat_command(cat_command::msgcat, program, args, msgcat_short_options, msgcat_options);
}
}  // namespace

command_main msgcat_command() { return msgcat_main; }

}  // namespace erli18n::gnu
