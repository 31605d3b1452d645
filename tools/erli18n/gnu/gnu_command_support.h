// What the GNU-compatible commands share beyond the option syntax (gnu_options.h): how an option
// is named in a message, the refusal of an option erli18n does not support, --width values, and
// --version and --help. Each command's file holds only what is its own.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "erli18n/po.h"
#include "erli18n/result.h"
#include "erli18n/tools/merge.h"
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

// A PO file operand: the file, or standard input for `-` (named `<stdin>` in diagnostics, as GNU's
// tools name it).
[[nodiscard]] result<po_file> read_po_operand(std::string_view path);

// Where GNU's tools open a catalog operand given with -D/--directory: a relative name is looked
// for as given and then with `.po` added, in each of `dirs` in turn (the current folder alone
// when there are none, and then the name as given when nothing is found, so that the reader's
// error names it). With `dirs` and nothing found there: GNU's error on stderr, and nullopt.
[[nodiscard]] std::optional<std::string> find_catalog_file(std::string_view program, std::string_view name,
                                                           std::span<const std::string> dirs);

// An --add-location value (full, file or never; yes is full and no never, as GNU 0.21 takes them),
// or nullopt after GNU's diagnostic on stderr.
[[nodiscard]] std::optional<merge_location> parse_add_location(std::string_view program,
                                                               std::string_view text);

// --version: the first line names the command and the GNU gettext version whose command line it
// runs, first of the line's numbers (autotools' po/Makefile.in.in reads it so); then erli18n's
// own version. Returns 0.
int print_version(std::string_view command);

// --help: the usage line and GNU's long options (`  --name`, one a line: autotools' configure
// greps msgmerge's help for ` --for-msgfmt `), and where erli18n's support of each is listed.
// Returns 0.
int print_help(std::string_view command, std::string_view usage, std::span<const long_option> options);

}  // namespace erli18n::gnu
