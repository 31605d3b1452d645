// erli18n normalize IN.po [-o OUT.po] [--no-wrap] [--width=N]: rewrite a PO file exactly as
// `msgcat` would.
#include <CLI/CLI.hpp>

#include <iostream>

#include "commands.h"
#include "erli18n/po.h"

namespace erli18n::cli {

void add_normalize_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
    bool no_wrap = false;
    std::size_t width = 79;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("normalize", "Rewrite a PO file as msgcat writes it");
  cmd->add_option("input", opts->input, "PO file to read")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_flag("--no-wrap", opts->no_wrap, "Do not break long message lines");
  cmd->add_option("-w,--width", opts->width, "Output page width")->check(CLI::Range(1, 100000));
  cmd->callback([opts, &exit_code] {
    result<po_file> po = read_po_file(opts->input);
    if (!po) {
      std::cerr << po.error().to_string() << '\n';
      exit_code = 1;
      return;
    }
    po_write_options write_options;
    write_options.width = opts->width;
    write_options.wrap = !opts->no_wrap;
    result<std::string> bytes = write_po(*po, write_options);
    if (!bytes) {
      std::cerr << bytes.error().to_string() << '\n';
      exit_code = 1;
      return;
    }
    if (!write_output(opts->output, *bytes)) exit_code = 1;
  });
}

}  // namespace erli18n::cli
