#include "gnu_command_support.h"

#include <charconv>
#include <iostream>
#include <system_error>

namespace erli18n::gnu {

std::string option_spelling(std::span<const long_option> options, int code) {
  for (const long_option& option : options)
    if (option.code == code) return "--" + std::string(option.name);
  return std::string("-") + static_cast<char>(code);
}

int refuse_option(std::string_view program, std::span<const long_option> options, int code) {
  std::cerr << program << ": option " << option_spelling(options, code) << " is not supported by erli18n\n";
  return 1;
}

std::optional<std::size_t> parse_width(std::string_view program, std::string_view text) {
  std::size_t width = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), width);
  if (ec != std::errc{} || end != text.data() + text.size() || width == 0) {
    std::cerr << program << ": --width=" << text << " is not supported by erli18n (a positive number is)\n";
    return std::nullopt;
  }
  return width;
}

int print_version(std::string_view command) {
  // No digit before "0.21": build scripts take the first number of the line as the version.
  std::cout << command << " (GNU gettext-tools compatible) 0.21\n"
            << "erli18n " << ERLI18N_VERSION_STRING << ": docs/cli.md lists the options it supports.\n";
  return 0;
}

int print_help(std::string_view command, std::string_view usage) {
  std::cout << "Usage: " << command << ' ' << usage << '\n'
            << "GNU gettext 0.21's " << command
            << " command line, run by erli18n; docs/cli.md lists the options it supports.\n";
  return 0;
}

}  // namespace erli18n::gnu
