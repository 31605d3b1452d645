// The table of GNU-compatible commands: the name a program was started as, and its entry.
#include "gnu_commands.h"

#include <array>
#include <utility>

namespace erli18n::gnu {

namespace {

constexpr char xgettext_name[] = "xgettext";
constexpr char msgfmt_name[] = "msgfmt";
constexpr char msgmerge_name[] = "msgmerge";
constexpr char msgcat_name[] = "msgcat";
constexpr char msgunfmt_name[] = "msgunfmt";
constexpr char msginit_name[] = "msginit";
constexpr char msgattrib_name[] = "msgattrib";
constexpr char msguniq_name[] = "msguniq";

const std::array<std::pair<std::string_view, command_main>, 8> commands{{
    {xgettext_name, xgettext_command()},
    {msgfmt_name, msgfmt_command()},
    {msgmerge_name, msgmerge_command()},
    {msgcat_name, msgcat_command()},
    {msgunfmt_name, msgunfmt_command()},
    {msginit_name, msginit_command()},
    {msgattrib_name, msgattrib_command()},
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
