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

// The PO-output options the commands that write PO share (msgcat, msguniq, msgattrib, msgmerge,
// msgunfmt, msginit, xgettext): their table rows, with the same codes in every command's table
// (the long-only ones above the commands' own codes, which start at 256), and what they set.
enum : int {
  po_opt_force_po = 0x400,
  po_opt_no_location,
  po_opt_no_wrap,
  po_opt_strict,
};
inline constexpr long_option po_row_add_location{"add-location", takes::optional, 'n'};
inline constexpr long_option po_row_escape{"escape", takes::none, 'E'};
inline constexpr long_option po_row_force_po{"force-po", takes::none, po_opt_force_po};
inline constexpr long_option po_row_indent{"indent", takes::none, 'i'};
inline constexpr long_option po_row_no_escape{"no-escape", takes::none, 'e'};
inline constexpr long_option po_row_no_location{"no-location", takes::none, po_opt_no_location};
inline constexpr long_option po_row_no_wrap{"no-wrap", takes::none, po_opt_no_wrap};
inline constexpr long_option po_row_sort_by_file{"sort-by-file", takes::none, 'F'};
inline constexpr long_option po_row_sort_output{"sort-output", takes::none, 's'};
inline constexpr long_option po_row_strict{"strict", takes::none, po_opt_strict};
inline constexpr long_option po_row_width{"width", takes::required, 'w'};

// What the PO-output options ask for: the writer's layout, and which references are kept and
// how the messages are sorted (applied by each command's library call).
struct po_output_options {
  po_write_options layout;
  merge_location add_location = merge_location::full;
  bool sort_output = false;
  bool sort_by_file = false;
};

enum class option_use {
  other,   // not a PO-output option of this command: the command's own switch handles it
  taken,   // applied to the po_output_options
  failed,  // a bad value, said on stderr: the command exits with status 1
};

// Applies `event` when its code is one of the PO-output rows above and `options` (the
// command's table) has that row: a command whose letter means something else (msginit's -i is
// --input) keeps it. The last of contradicting options wins, as in GNU's tools.
[[nodiscard]] option_use apply_po_output_option(std::string_view program,
                                                std::span<const long_option> options,
                                                const option_event& event, po_output_options& out);

// --version: the first line names the command and the GNU gettext version whose command line it
// runs, first of the line's numbers (autotools' po/Makefile.in.in reads it so); then erli18n's
// own version. Returns 0.
int print_version(std::string_view command);

// --help: the usage line and GNU's long options (`  --name`, one a line: autotools' configure
// greps msgmerge's help for ` --for-msgfmt `), and where erli18n's support of each is listed.
// Returns 0.
int print_help(std::string_view command, std::string_view usage, std::span<const long_option> options);

}  // namespace erli18n::gnu
