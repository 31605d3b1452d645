// erli18n compile IN.po [-o OUT.mo] [--use-fuzzy] [--no-hash] [--endianness=big|little]:
// write the MO file msgfmt writes for the same input and options (messages.mo by default),
// failing the inputs msgfmt fails.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "commands.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace erli18n::cli {

void add_compile_command(CLI::App& app, int& exit_code) {
  struct options {
    std::string input;
    std::string output = "messages.mo";
    bool use_fuzzy = false;
    bool no_hash = false;
    std::string endianness = "little";
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("compile", "Compile a PO file into an MO catalog, as msgfmt does");
  cmd->add_option("input", opts->input, "PO file to read")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: messages.mo; - for standard output)");
  cmd->add_flag("-f,--use-fuzzy", opts->use_fuzzy, "Use fuzzy entries in output");
  cmd->add_flag("--no-hash", opts->no_hash, "Write no hash table");
  cmd->add_option("--endianness", opts->endianness, "Byte order of the output: big or little")
      ->check(CLI::IsMember({"big", "little"}));
  cmd->callback([opts, &exit_code] {
    prepare_heap_for(opts->input);
    result<po_file> po = read_po_file(opts->input);
    if (!succeeded(po, exit_code)) return;
    mo_compile_options compile_options;
    compile_options.use_fuzzy = opts->use_fuzzy;
    compile_options.no_hash = opts->no_hash;
    compile_options.big_endian = opts->endianness == "big";
    result<std::string> bytes = compile_mo(*po, compile_options);
    if (!succeeded(bytes, exit_code)) return;
    // msgfmt writes no file at all when no message is translated.
    if (bytes->empty()) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
