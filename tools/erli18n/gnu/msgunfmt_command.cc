// `msgunfmt` as GNU gettext 0.21 documents it (`msgunfmt --help`), for MO input: the same
// decompiler as `erli18n decompile`. The options of its other modes (Java, C#, Tcl) and of
// other output styles are recognised, so that abbreviations resolve as GNU's do, and refused
// as not supported; docs/cli.md lists which are which.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <utility>
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
  opt_stringtable_output,
  opt_style,
  opt_tcl,
};

// Every long option of GNU msgunfmt 0.21, so that a prefix means what it means there.
constexpr long_option msgunfmt_options[] = {
    {"color", takes::optional, opt_color},
    {"csharp", takes::none, opt_csharp},
    {"csharp-resources", takes::none, opt_csharp_resources},
    po_row_escape,
    po_row_force_po,
    {"help", takes::none, 'h'},
    po_row_indent,
    {"java", takes::none, 'j'},
    {"locale", takes::required, 'l'},
    po_row_no_escape,
    po_row_no_wrap,
    {"output-file", takes::required, 'o'},
    {"properties-output", takes::none, 'p'},
    {"resource", takes::required, 'r'},
    po_row_sort_output,
    po_row_strict,
    {"stringtable-output", takes::none, opt_stringtable_output},
    {"style", takes::required, opt_style},
    {"tcl", takes::none, opt_tcl},
    {"verbose", takes::none, 'v'},
    {"version", takes::none, 'V'},
    po_row_width,
};
constexpr std::string_view msgunfmt_short_options = "d:eEhijl:o:pr:svVw:";

// `po` written as write_po writes it, except that a message may repeat another (several inputs
// define it): the writer refuses that, so the messages are written in runs without a repeat,
// each run's text separated from the next as two entries are.
result<std::string> write_repeating(const po_file& po, po_write_options layout) {
  // Without --force-po nothing is written for a catalog of only its header; two inputs' headers
  // are two messages, written (msgunfmt 0.21).
  if (po.messages.empty() || (po.messages.size() == 1 && po.messages.front().is_header() && !layout.force_po))
    return std::string();
  layout.force_po = true;  // a run of headers is written when the whole is
  std::string text;
  po_file run;
  run.file_name = po.file_name;
  run.charset = po.charset;
  run.unconverted = po.unconverted;
  std::set<std::pair<std::optional<std::string>, std::string>> keys;
  const auto flush = [&]() -> result<void> {
    if (run.messages.empty()) return {};
    result<std::string> bytes = write_po(run, layout);
    if (!bytes) return std::move(bytes).error();
    if (!text.empty()) text += layout.strict ? "#\n" : "\n";
    text += *bytes;
    run.messages.clear();
    keys.clear();
    return {};
  };
  for (const po_message& m : po.messages) {
    if (!keys.emplace(m.msgctxt, m.msgid).second)
      if (result<void> written = flush(); !written) return written.error();
    keys.emplace(m.msgctxt, m.msgid);
    run.messages.push_back(m);
  }
  if (result<void> written = flush(); !written) return written.error();
  return text;
}

int msgunfmt_main(std::string_view program, std::span<const char* const> args) {
  const parsed_args parsed = parse_gnu_options(program, args, msgunfmt_short_options, msgunfmt_options);
  if (const option_event* error = parsed.first_error()) {
    std::cerr << error->diagnostic << try_help_line(program);
    return 1;
  }
  std::string output;
  po_output_options output_options;
  for (const option_event& event : parsed.events) {
    const option_use use = apply_po_output_option(program, msgunfmt_options, event, output_options);
    if (use == option_use::failed) return 1;
    if (use == option_use::taken) continue;
    switch (event.code) {
      case 'o':
        output = std::string(*event.value);
        break;
      case 'v':
        break;  // GNU's msgunfmt prints nothing more for MO input
      case 'h':
        return print_help(base_name(program), "[OPTION] [FILE]...", msgunfmt_options);
      case 'V':
        return print_version(base_name(program));
      default:
        return refuse_option(program, msgunfmt_options, event.code);
    }
  }
  std::vector<std::string_view> inputs(parsed.operands.begin(), parsed.operands.end());
  if (inputs.empty()) inputs.emplace_back("-");
  // GNU's msgunfmt puts the messages of every input in one list, in order, repeats included
  // (each input's header too).
  int exit_code = 0;
  po_file all;
  bool charset_fixed = false;  // a header was read: its charset is the output's
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string input(inputs[i]);
    std::string bytes;
    result<mo_catalog> mo = [&]() -> result<mo_catalog> {
      if (input != "-") return mo_catalog::open(input);
      if (result<void> read = read_to_end(0, "<stdin>", no_size_limit, bytes); !read) return read.error();
      return mo_catalog::from_memory(bytes.data(), bytes.size(), "<stdin>");
    }();
    if (!cli::succeeded(mo, exit_code)) return exit_code;
    result<po_file> po = decompile_mo(*mo);
    if (!cli::succeeded(po, exit_code)) return exit_code;
    const bool has_header = po->header() != nullptr;
    if (i == 0) {
      all = std::move(*po);
      charset_fixed = has_header;
      continue;
    }
    if (po->charset != all.charset) {
      // msgunfmt writes every input's bytes in the charset of the first header it reads (ASCII
      // when that one names none): unconverted text (UTF-8, ASCII) is read in it as it is.
      if (!all.unconverted || !po->unconverted) {
        std::cerr << program << ": input files of different charsets (" << all.charset << ", " << po->charset
                  << ") are not supported by erli18n\n";
        return 1;
      }
      if (!charset_fixed && has_header) all.charset = po->charset;
    }
    charset_fixed = charset_fixed || has_header;
    std::ranges::move(po->messages, std::back_inserter(all.messages));
  }
  if (output_options.sort_output) {
    // By msgid, then msgctxt (none first), compared as bytes: the header, whose msgid is
    // empty, stays first; repeats from several inputs in their order.
    std::ranges::stable_sort(all.messages, [](const po_message& a, const po_message& b) {
      if (int order = a.msgid.compare(b.msgid); order != 0) return order < 0;
      return a.msgctxt < b.msgctxt;
    });
  }
  result<std::string> text = write_repeating(all, output_options.layout);
  if (!cli::succeeded(text, exit_code)) return exit_code;
  // A catalog of nothing but its header writes nothing (no file either) without --force-po.
  if (text->empty()) return 0;
  return cli::write_output(output, *text) ? 0 : 1;
}

}  // namespace

command_main msgunfmt_command() { return msgunfmt_main; }

}  // namespace erli18n::gnu
