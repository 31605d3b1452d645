// erli18n compile IN.po [-o OUT.mo] [--use-fuzzy] [--no-hash] [--endianness=big|little]:
// write the MO file msgfmt writes for the same input and options (messages.mo by default),
// failing the inputs msgfmt fails.
// erli18n compile --cpp -o OUT.cc [--namespace NS] [--domain D] [--locale L] CATALOGS...:
// a C++ source embedding the catalogs (compile_cpp.cc).
// erli18n compile --keys -o OUT.h [--namespace NS] TEMPLATES...: a header of the templates'
// keys for the checked API (compile_keys.cc).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "commands.h"
#include "compile_cpp.h"
#include "erli18n/mo.h"
#include "erli18n/po.h"

namespace erli18n::cli {
namespace {

struct compile_command_options {
  std::vector<std::string> inputs;
  std::string output;  // messages.mo for an MO file, standard output for --cpp and --keys
  bool use_fuzzy = false;
  bool no_hash = false;
  std::string endianness = "little";
  bool cpp = false;
  bool keys = false;
  std::string name_space;
  std::string domain;
  std::string locale;
};

void compile_one_mo(const compile_command_options& opts, const mo_compile_options& compile_options,
                    int& exit_code) {
  if (opts.inputs.size() != 1) {
    std::cerr << "erli18n compile: error: one PO file at a time (or --cpp / --keys)\n";
    exit_code = 1;
    return;
  }
  prepare_heap_for(opts.inputs[0]);
  result<po_file> po = read_po_file(opts.inputs[0]);
  if (!succeeded(po, exit_code)) return;
  result<std::string> bytes = compile_mo(*po, compile_options);
  if (!succeeded(bytes, exit_code)) return;
  // msgfmt writes no file at all when no message is translated.
  if (bytes->empty()) return;
  if (!write_output(opts.output.empty() ? "messages.mo" : opts.output, *bytes)) exit_code = 1;
  exit_now(exit_code);
}

void compile_cpp(const compile_command_options& opts, const mo_compile_options& compile_options,
                 int& exit_code) {
  const std::string ns = opts.name_space.empty() ? "erli18n_catalogs" : opts.name_space;
  if (!is_namespace_name(ns)) {
    std::cerr << "erli18n compile: error: --namespace '" << ns << "' is not a C++ namespace name\n";
    exit_code = 1;
    return;
  }
  result<std::vector<embed_input>> catalogs =
      read_embed_inputs(opts.inputs, embed_naming{opts.domain, opts.locale}, compile_options);
  if (!succeeded(catalogs, exit_code)) return;
  if (!write_output(opts.output, render_embedded_cpp(*catalogs, ns))) exit_code = 1;
}

}  // namespace

void add_compile_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<compile_command_options>();
  CLI::App* cmd = app.add_subcommand("compile", "Compile a PO file into an MO catalog, as msgfmt does");
  cmd->add_option("input", opts->inputs, "PO file to read (--cpp: catalogs; --keys: templates)")->required();
  cmd->add_option(
      "-o,--output", opts->output,
      "Output file (default: messages.mo, with --cpp or --keys standard output; - for standard output)");
  cmd->add_flag("-f,--use-fuzzy", opts->use_fuzzy, "Use fuzzy entries in output");
  cmd->add_flag("--no-hash", opts->no_hash, "Write no hash table");
  cmd->add_option("--endianness", opts->endianness, "Byte order of the output: big or little")
      ->check(CLI::IsMember({"big", "little"}));
  CLI::Option* cpp =
      cmd->add_flag("--cpp", opts->cpp, "Write a C++ source embedding the catalogs (.po or .mo)");
  CLI::Option* keys = cmd->add_flag("--keys", opts->keys, "Write a C++ header of the templates' keys");
  cpp->excludes(keys);
  cmd->add_option("--namespace", opts->name_space,
                  "Namespace of the generated C++ (default erli18n_catalogs)");
  cmd->add_option("--domain", opts->domain, "--cpp: the catalogs' domain (default: from each path)");
  cmd->add_option("--locale", opts->locale, "--cpp: the locale of the one catalog (default: from its path)");
  cmd->callback([opts, &exit_code] {
    mo_compile_options compile_options;
    compile_options.use_fuzzy = opts->use_fuzzy;
    compile_options.no_hash = opts->no_hash;
    compile_options.big_endian = opts->endianness == "big";
    if (opts->cpp) return compile_cpp(*opts, compile_options, exit_code);
    if (opts->keys) return compile_keys(opts->inputs, opts->output, opts->name_space, exit_code);
    compile_one_mo(*opts, compile_options, exit_code);
  });
}

}  // namespace erli18n::cli
