// erli18n normalize IN.po... [-o OUT.po] [--no-wrap] [--width=N]: rewrite PO files exactly as
// `msgcat` would, several concatenated as `msgcat IN1.po IN2.po` does (cat_catalogs, the code of
// the GNU-compatible msgcat).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "erli18n/po.h"
#include "erli18n/tools/cat.h"
#include "gnu/gnu_commands.h"

namespace erli18n::cli {

void add_normalize_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> inputs;
    std::string output;
    bool no_wrap = false;
    std::size_t width = 79;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd =
      app.add_subcommand("normalize", "Rewrite PO files as msgcat writes them (several: concatenated)");
  cmd->add_option("input", opts->inputs, "PO files to read (several are concatenated)")->required();
  cmd->add_option("-o,--output", opts->output, "Output file (default: standard output)");
  cmd->add_flag("--no-wrap", opts->no_wrap, "Do not break long message lines");
  cmd->add_option("-w,--width", opts->width, "Output page width")->check(CLI::Range(1, 100000));
  cmd->callback([opts, &exit_code] {
    std::vector<cat_input> inputs;
    inputs.reserve(opts->inputs.size());
    if (opts->inputs.size() == 1) prepare_heap_for(opts->inputs.front());
    for (std::size_t i = 0; i < opts->inputs.size(); ++i) {
      const std::string& path = opts->inputs[i];
      // A name given twice is read once, as msgcat does.
      if (std::find(opts->inputs.begin(), opts->inputs.begin() + static_cast<std::ptrdiff_t>(i), path) !=
          opts->inputs.begin() + static_cast<std::ptrdiff_t>(i))
        continue;
      result<po_file> po = read_po_file(path);
      if (!succeeded(po, exit_code)) return;
      inputs.push_back({std::move(*po), std::string(gnu::base_name(path))});
    }
    result<cat_result> joined = cat_catalogs(std::move(inputs));
    if (!succeeded(joined, exit_code)) return;
    for (const std::string& warning : joined->warnings) std::cerr << "erli18n normalize: " << warning << '\n';
    for (const std::string& problem : joined->problems)
      std::cerr << "erli18n normalize: error: " << problem << '\n';
    if (!joined->problems.empty()) exit_code = 1;
    po_write_options write_options;
    write_options.width = opts->width;
    write_options.wrap = !opts->no_wrap;
    result<std::string> bytes = write_po(joined->catalog, write_options);
    if (!succeeded(bytes, exit_code)) return;
    if (!write_output(opts->output, *bytes)) exit_code = 1;
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
