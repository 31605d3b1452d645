// erli18n decompile: lands with the MO issue.
#include <CLI/CLI.hpp>

#include "commands.h"

namespace erli18n::cli {

void add_decompile_command(CLI::App&, int&) {}

}  // namespace erli18n::cli
