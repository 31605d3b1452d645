// The command-line syntax of GNU's tools: glibc's getopt_long, as GNU gettext's programs call
// it (a short option string and a table of long options), reproduced so that the GNU-compatible
// commands accept exactly what the GNU tools accept and reject the rest in the same words.
// tests/unit/gnu_options_test.cc drives this and glibc's getopt_long over the same argv arrays.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n::gnu {

enum class takes { none, required, optional };

// One long option: `--name`, `--name=value` or `--name value` (required), `--name[=value]`
// (optional: the value only after `=`). `code` is what the option is reported as, as
// getopt_long's `val`: usually its short letter, or a number above 255 for long-only options.
struct long_option {
  std::string_view name;
  takes argument = takes::none;
  int code = 0;
};

// What getopt_long would return, one call at a time. `code` is the option's code, '?' for an
// error (and ':' for a missing argument when the short option string starts with ':'), or 1
// for an operand when the short option string starts with '-'.
struct option_event {
  int code = 0;
  std::optional<std::string_view> value;  // the option's argument, or the operand (code 1)
  std::string diagnostic;                 // the error's line(s), "\n" included; empty if none
};

struct parsed_args {
  std::vector<option_event> events;
  std::vector<std::string_view> operands;  // in their order on the command line
  // The first error's diagnostic, or empty: GNU's tools stop at the first '?'.
  [[nodiscard]] const option_event* first_error() const;
};

// Parses `args` (argv[1..argc), which must outlive the result) as getopt_long(argc, argv,
// short_options, long_options) does, `program` (argv[0], printed as is) starting each
// diagnostic. Options after operands are taken unless `short_options` starts with '+' or
// `posixly_correct` (the POSIXLY_CORRECT variable is set) and it does not start with '-'.
[[nodiscard]] parsed_args parse_gnu_options(std::string_view program, std::span<const char* const> args,
                                            std::string_view short_options,
                                            std::span<const long_option> long_options, bool posixly_correct);

// As above, reading POSIXLY_CORRECT from the environment.
[[nodiscard]] parsed_args parse_gnu_options(std::string_view program, std::span<const char* const> args,
                                            std::string_view short_options,
                                            std::span<const long_option> long_options);

// GNU's tools follow a usage error with this line (and exit 1).
[[nodiscard]] std::string try_help_line(std::string_view program);

}  // namespace erli18n::gnu
