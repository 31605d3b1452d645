#include "gnu_command_support.h"

#include <charconv>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "file_io.h"

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

result<po_file> read_po_operand(std::string_view path) {
  if (path != "-") return read_po_file(std::string(path));
  std::string text;
  if (result<void> read = read_to_end(0, "<stdin>", no_size_limit, text); !read) return read.error();
  return read_po(text, "<stdin>");
}

std::optional<std::string> find_catalog_file(std::string_view program, std::string_view name,
                                             std::span<const std::string> dirs) {
  if (name == "-") return std::string(name);
  const std::string given(name);
  const bool absolute = !given.empty() && given.front() == '/';
  for (std::string_view suffix : {"", ".po"}) {
    if (absolute || dirs.empty()) {
      std::error_code ec;
      const std::string path = given + std::string(suffix);
      if (std::filesystem::exists(path, ec)) return path;
      continue;
    }
    for (const std::string& dir : dirs) {
      std::error_code ec;
      const std::string path = dir + "/" + given + std::string(suffix);
      if (std::filesystem::exists(path, ec)) return path;
    }
  }
  if (absolute || dirs.empty()) return given;
  std::cerr << program << ": error while opening \"" << given
            << "\" for reading: No such file or directory\n";
  return std::nullopt;
}

std::optional<merge_location> parse_add_location(std::string_view program, std::string_view text) {
  if (text == "full" || text == "yes") return merge_location::full;
  if (text == "file") return merge_location::file;
  if (text == "never" || text == "no") return merge_location::never;
  std::cerr << "invalid --add-location argument: " << text << '\n' << try_help_line(program);
  return std::nullopt;
}

option_use apply_po_output_option(std::string_view program, std::span<const long_option> options,
                                  const option_event& event, po_output_options& out) {
  static constexpr const long_option* rows[] = {
      &po_row_add_location, &po_row_escape,      &po_row_force_po, &po_row_indent,
      &po_row_no_escape,    &po_row_no_location, &po_row_no_wrap,  &po_row_sort_by_file,
      &po_row_sort_output,  &po_row_strict,      &po_row_width,
  };
  const auto same = [](const long_option& a, const long_option& b) {
    return a.name == b.name && a.argument == b.argument && a.code == b.code;
  };
  const long_option* row = nullptr;
  for (const long_option* candidate : rows)
    if (candidate->code == event.code) row = candidate;
  if (row == nullptr) return option_use::other;
  bool listed = false;
  for (const long_option& option : options) listed = listed || same(option, *row);
  if (!listed) return option_use::other;
  switch (event.code) {
    case 'n': {
      if (!event.value) {
        out.add_location = merge_location::full;
        break;
      }
      const std::optional<merge_location> kind = parse_add_location(program, *event.value);
      if (!kind) return option_use::failed;
      out.add_location = *kind;
      break;
    }
    case po_opt_no_location:
      out.add_location = merge_location::never;
      break;
    case 'E':
      out.layout.escape = true;
      break;
    case 'e':
      out.layout.escape = false;
      break;
    case po_opt_force_po:
      out.layout.force_po = true;
      break;
    case 'i':
      out.layout.indent = true;
      break;
    case po_opt_no_wrap:
      out.layout.wrap = false;
      break;
    case 'F':
      out.sort_by_file = true;
      break;
    case 's':
      out.sort_output = true;
      break;
    case po_opt_strict:
      out.layout.strict = true;
      break;
    case 'w': {
      const std::optional<std::size_t> width = parse_width(program, *event.value);
      if (!width) return option_use::failed;
      out.layout.width = *width;
      break;
    }
    default:
      return option_use::other;
  }
  return option_use::taken;
}

int print_version(std::string_view command) {
  // No digit before "0.21": build scripts take the first number of the line as the version.
  std::cout << command << " (GNU gettext-tools compatible) 0.21\n"
            << "erli18n " << ERLI18N_VERSION_STRING << ": docs/cli.md lists the options it supports.\n";
  return 0;
}

int print_help(std::string_view command, std::string_view usage, std::span<const long_option> options) {
  std::cout << "Usage: " << command << ' ' << usage << '\n'
            << "GNU gettext 0.21's " << command
            << " command line, run by erli18n. GNU's long options (docs/cli.md says which erli18n\n"
            << "supports; the others are refused):\n";
  for (const long_option& option : options)
    std::cout << "  --" << option.name
              << (option.argument == takes::required   ? "=VALUE"
                  : option.argument == takes::optional ? "[=VALUE]"
                                                       : "")
              << " \n";
  return 0;
}

}  // namespace erli18n::gnu
