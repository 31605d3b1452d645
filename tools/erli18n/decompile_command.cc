// erli18n decompile IN.mo [-o OUT.po]: print an MO catalog as PO text, exactly as msgunfmt.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "commands.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace erli18n::cli {

void add_decompile_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("decompile", "Print an MO catalog as a PO file, as msgunfmt does");
  cmd->add_option("input", opts->input, "MO file to read")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->callback([opts, &exit_code] {
    prepare_heap_for(opts->input);
    result<mo_catalog> mo = mo_catalog::open(opts->input);
    if (!succeeded(mo, exit_code)) return;
    result<po_file> po = decompile_mo(*mo);
    if (!succeeded(po, exit_code)) return;
    result<std::string> bytes = write_po(*po);
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
