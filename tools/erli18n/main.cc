// erli18n: the command-line tool. Each subcommand lives in its own <name>_command.cc.
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include "commands.h"

namespace erli18n::cli {

bool write_output(const std::string& path, std::string_view bytes) {
  if (path.empty() || path == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "erli18n: error: cannot write to standard output\n";
      return false;
    }
    return true;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (out) out.close();
  if (!out) {
    std::cerr << path << ": error: cannot write: " << std::strerror(errno) << '\n';
    return false;
  }
  return true;
}

}  // namespace erli18n::cli

int main(int argc, char** argv) {
  CLI::App app{"erli18n: GNU gettext-compatible catalog tools"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "erli18n 0.1.0");
  int exit_code = 0;
  erli18n::cli::add_normalize_command(app, exit_code);
  erli18n::cli::add_plural_command(app, exit_code);
  erli18n::cli::add_compile_command(app, exit_code);
  erli18n::cli::add_decompile_command(app, exit_code);
  erli18n::cli::add_lookup_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : 2;  // usage errors exit 2, as the GNU tools do
  }
  return exit_code;
}
