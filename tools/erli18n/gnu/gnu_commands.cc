// The table of GNU-compatible commands. A command not written yet says so and fails, so that a
// build system that calls it stops instead of going on without its output.
#include "gnu_commands.h"

#include <array>
#include <iostream>
#include <utility>

namespace erli18n::gnu {

namespace {

template <const char* Name>
int not_implemented(std::string_view, std::span<const char* const>) {
  std::cerr << Name << ": not implemented yet in erli18n\n";
  return 1;
}

constexpr char xgettext_name[] = "xgettext";
constexpr char msgfmt_name[] = "msgfmt";
constexpr char msgmerge_name[] = "msgmerge";
constexpr char msgcat_name[] = "msgcat";
constexpr char msgunfmt_name[] = "msgunfmt";
constexpr char msginit_name[] = "msginit";
constexpr char msgattrib_name[] = "msgattrib";
constexpr char msguniq_name[] = "msguniq";

const std::array<std::pair<std::string_view, command_main>, 8> commands{{
    {xgettext_name, not_implemented<xgettext_name>},
    {msgfmt_name, not_implemented<msgfmt_name>},
    {msgmerge_name, not_implemented<msgmerge_name>},
    {msgcat_name, msgcat_command()},
    {msgunfmt_name, msgunfmt_command()},
    {msginit_name, not_implemented<msginit_name>},
    {msgattrib_name, not_implemented<msgattrib_name>},
    {msguniq_name, msguniq_command()},
}};

}  // namespace

command_main find_command(std::string_view name) {
  for (const auto& [command_name, entry] : commands)
    if (command_name == name) return entry;
  return nullptr;
}

std::string_view base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace erli18n::gnu
