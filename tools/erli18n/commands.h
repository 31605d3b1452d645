// Each subcommand of the `erli18n` tool registers itself on the top-level CLI::App.
// A command's callback stores its exit status in `exit_code`; diagnostics go to stderr.
#ifndef ERLI18N_TOOLS_COMMANDS_H
#define ERLI18N_TOOLS_COMMANDS_H

#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>

#include "erli18n/result.h"

namespace CLI {
class App;
}

namespace erli18n::cli {

void add_normalize_command(CLI::App& app, int& exit_code);
void add_plural_command(CLI::App& app, int& exit_code);
void add_compile_command(CLI::App& app, int& exit_code);
void add_decompile_command(CLI::App& app, int& exit_code);
void add_lookup_command(CLI::App& app, int& exit_code);
void add_negotiate_command(CLI::App& app, int& exit_code);
void add_lint_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_extract_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_init_command(CLI::App& app, int& exit_code);
void add_update_command(CLI::App& app, int& exit_code);
void add_pseudo_command(CLI::App& app, int& exit_code);

/// When `r` failed: prints its diagnostic on stderr, sets `exit_code` to 1 and returns false.
template <class T>
bool succeeded(const result<T>& r, int& exit_code) {
  if (r) return true;
  std::cerr << r.error().to_string() << '\n';
  exit_code = 1;
  return false;
}

/// Writes `bytes` to `path`, or to stdout when `path` is empty or "-". Reports failures on
/// stderr and returns false.
bool write_output(const std::string& path, std::string_view bytes);

/// When `path` is `…/LC_MESSAGES/DOMAIN.po` or `.mo` with its twin beside it, warns on stderr
/// (naming both) that a program reading the folder loads the .mo and never the .po
/// (defined in report_catalogs.cc).
void warn_if_shadowed(const std::string& path);

/// Prepares the heap for a command about to read `input_path` (call it first): for a large
/// input the heap is grown once, to about ten times the file's size, and backed by
/// transparent huge pages, because faulting memory in 4 KB at a time costs more than the
/// parse itself on virtual machines. Does nothing for small inputs or non-regular files.
void prepare_heap_for(const std::string& input_path);

/// `prepare_heap_for` with the input's size given: for commands reading several files.
void prepare_heap_for_size(std::size_t input_size);

/// Ends the process after a successful command without running destructors or freeing
/// anything: the kernel takes the memory back in one go, which is cheaper than tens of
/// thousands of `free` calls. Flushes the standard streams first. Under AddressSanitizer it
/// calls `exit` instead, so that LeakSanitizer checks the command (main.cc).
[[noreturn]] void exit_now(int exit_code);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_COMMANDS_H
