// `msgunfmt` as GNU gettext 0.21 documents it (`msgunfmt --help`), for MO input: the same
// decompiler as `erli18n decompile`. The options of its other modes (Java, C#, Tcl) and of
// other output styles are recognised, so that abbreviations resolve as GNU's do, and refused
// as not supported; docs/cli.md lists which are which.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"
#include "file_io.h"
#include "gnu_command_support.h"
#include "gnu_commands.h"
#include "gnu_options.h"

namespace erli18n::gnu {

namespace {

enum : int {
  opt_color = 256,
  opt_csharp,
  opt_csharp_resources,
  opt_force_po,
  opt_no_wrap,
  opt_strict,
  opt_stringtable_output,
  opt_style,
  opt_tcl,
};

// Every long option of GNU msgunfmt 0.21, so that a prefix means what it means there.
constexpr long_option msgunfmt_options[] = {
    {"color", takes::optional, opt_color},
    {"csharp", takes::none, opt_csharp},
    {"csharp-resources", takes::none, opt_csharp_resources},
    {"escape", takes::none, 'E'},
    {"force-po", takes::none, opt_force_po},
    {"help", takes::none, 'h'},
    {"indent", takes::none, 'i'},
    {"java", takes::none, 'j'},
    {"locale", takes::required, 'l'},
    {"no-escape", takes::none, 'e'},
    {"no-wrap", takes::none, opt_no_wrap},
    {"output-file", takes::required, 'o'},
    {"properties-output", takes::none, 'p'},
    {"resource", takes::required, 'r'},
    {"sort-output", takes::none, 's'},
    {"strict", takes::none, opt_strict},
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"tcl", takes::none, opt_tcl},
    {"verbose", takes::none, 'v'},
    {"version", takes::none, 'V'},
    {"width", takes::required, 'w'},
};
constexpr std::string_view msgunfmt_short_options = "d:eEhijl:o:pr:svVw:";

int msgunfmt_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msgunfmt_short_options, msgunfmt_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  std::string output;
  po_write_options layout;
  bool sort_output = false;
  for (const option_event& event : parsed.events) {
    switch (event.code) {
      case 'o':
        output = std::string(*event.value);
        break;
      case opt_no_wrap:
        layout.wrap = false;
        break;
      case opt_force_po:
        layout.force_po = true;
        break;
      case 'i':
        layout.indent = true;
        break;
      case 'e':
        break;  // no C escapes beyond GNU's usual ones: the default
      case 's':
        sort_output = true;
        break;
      case 'v':
        break;  // GNU's msgunfmt prints nothing more for MO input
      case 'w': {
        const std::optional<std::size_t> width = parse_width(program, *event.value);
        if (!width) return 1;
        layout.width = *width;
        break;
      }
      case 'h':
        return print_help(base_name(program), "[OPTION] [FILE]", msgunfmt_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, msgunfmt_options, event.code);
    }
  }
  if (parsed.operands.size() > 1) {
    std::cerr << program << ": several input files are not supported by erli18n\n";
    return 1;
  }
  const std::string input = parsed.operands.empty() ? "-" : std::string(parsed.operands.front());
  std::string bytes;
  result<mo_catalog> mo = [&]() -> result<mo_catalog> {
    if (input != "-") return mo_catalog::open(input);
    if (result<void> read = read_to_end(0, "<stdin>", no_size_limit, bytes); !read) return read.error();
    return mo_catalog::from_memory(bytes.data(), bytes.size(), "<stdin>");
  }();
  int exit_code = 0;
  if (!cli::succeeded(mo, exit_code)) return exit_code;
  result<po_file> po = decompile_mo(*mo);
  if (!cli::succeeded(po, exit_code)) return exit_code;
  if (sort_output) {
    // By msgid, then msgctxt (none first), compared as bytes: the header, whose msgid is
    // empty, stays first. Each pair is unique in an MO file, so the order is total.
    std::ranges::sort(po->messages, [](const po_message& a, const po_message& b) {
      if (int order = a.msgid.compare(b.msgid); order != 0) return order < 0;
      return a.msgctxt < b.msgctxt;
    });
  }
  result<std::string> text = write_po(*po, layout);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  // A catalog of nothing but its header writes nothing (no file either) without --force-po.
  if (text->empty()) return 0;
  return cli::write_output(output, *text) ? 0 : 1;
}

}  // namespace

command_main msgunfmt_command() { return msgunfmt_main; }

}  // namespace erli18n::gnu
