// What the GNU-compatible commands share beyond the option syntax (gnu_options.h): how an option
// is named in a message, the refusal of an option erli18n does not support, --width values, and
// --version and --help. Each command's file holds only what is its own.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "gnu_options.h"

namespace erli18n::gnu {

// `--name` for a long option of `options` whose code is `code`, else `-c` for the short option.
[[nodiscard]] std::string option_spelling(std::span<const long_option> options, int code);

// Says on stderr that the option is not supported ("PROGRAM: option --name is not supported by
// erli18n") and returns 1, the exit status: an option is never silently ignored.
[[nodiscard]] int refuse_option(std::string_view program, std::span<const long_option> options, int code);

// A --width/-w value: a plain positive decimal number. Anything else is refused on stderr
// (GNU reads other spellings in ways of its own), giving nullopt.
[[nodiscard]] std::optional<std::size_t> parse_width(std::string_view program, std::string_view text);

// --version: the first line names the command and the GNU gettext version whose command line it
// runs, first of the line's numbers (autotools' po/Makefile.in.in reads it so); then erli18n's
// own version. Returns 0.
int print_version(std::string_view command);

// --help: the usage line, and where the supported options are listed. Returns 0.
int print_help(std::string_view command, std::string_view usage);

}  // namespace erli18n::gnu
