// The GNU-compatible commands: the program started as `msgfmt` (a link in build/gnu/bin or
// libexec/erli18n/gnu), or as `erli18n msgfmt`, runs GNU's msgfmt command line.
#pragma once

#include <span>
#include <string_view>

namespace erli18n::gnu {

// A command's entry: `program` names it in diagnostics (argv[0] as given, as glibc prints
// it), `args` are its arguments (argv[1..]). Returns the exit status.
using command_main = int (*)(std::string_view program, std::span<const char* const> args);

// The GNU command called `name` (xgettext, msgfmt, msgmerge, msgcat, msgunfmt, msginit,
// msgattrib, msguniq), or nullptr for any other name.
[[nodiscard]] command_main find_command(std::string_view name);

// The commands, each in gnu/<name>_command.cc.
[[nodiscard]] command_main msgunfmt_command();
[[nodiscard]] command_main xgettext_command();
[[nodiscard]] command_main msginit_command();
[[nodiscard]] command_main msgattrib_command();
[[nodiscard]] command_main msgfmt_command();
[[nodiscard]] command_main msgmerge_command();
[[nodiscard]] command_main msgcat_command();
[[nodiscard]] command_main msguniq_command();

// The last part of a path, as the name a program was started as.
[[nodiscard]] std::string_view base_name(std::string_view path);

}  // namespace erli18n::gnu
