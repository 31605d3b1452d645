// erli18n extract [options] PATH...: C and C++ sources -> .pot templates, as xgettext
// --language=C++ writes them, with erli18n's keywords and one template per text domain.
// The extraction options are those `erli18n check` takes (extract_cli_options.h).
#include <sys/stat.h>

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "commands.h"
#include "erli18n/tools/extract.h"
#include "extract_cli_options.h"
#include "file_io.h"
#include "progress.h"

namespace erli18n::cli {
namespace {

constexpr int exit_bad_input = 1;
constexpr int exit_usage = 2;

struct extract_command_options {
  std::string output;
  std::string output_dir;
  std::vector<std::string> checks;  // --check=NAME…, xgettext's syntax checks
  std::string sentence_end;         // --sentence-end=TYPE
  extract_cli_options extract;
};

// A domain name becomes a file name in --output-dir: refuse anything that could leave it.
bool safe_domain(const std::string& d) {
  return !d.empty() && d != "." && d != ".." && d.find('/') == std::string::npos &&
         d.find('\0') == std::string::npos;
}

// The heap grown once for what the extraction keeps (see prepare_heap_for).
void prepare_heap_for_files(const std::vector<std::string>& files) {
  std::size_t total = 0;
  struct stat st {};
  for (const std::string& f : files)
    if (::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode)) total += static_cast<std::size_t>(st.st_size);
  prepare_heap_for_size(total);
}

// --output-dir DIR: one DIR/DOMAIN.pot per text domain.
int write_per_domain(const std::string& dir, const extract_result& extracted, const extract_options& eo) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << io_error(dir, "cannot create directory", ec.value()).to_string() << '\n';
    return exit_bad_input;
  }
  int exit_code = 0;
  for (const auto& [domain, pot] : extracted.templates) {
    if (!safe_domain(domain)) {
      std::cerr << "erli18n extract: error: domain name '" << domain << "' cannot be a file name\n";
      exit_code = exit_bad_input;
      continue;
    }
    result<std::string> bytes = render_template(pot, eo);
    if (!succeeded(bytes, exit_code)) return exit_code;
    if (!write_output(dir + "/" + domain + ".pot", *bytes)) exit_code = exit_bad_input;
  }
  return exit_code;
}

int run_extract(extract_command_options& opts) {
  result<extract_options> made = make_extract_options(opts.extract);
  if (!made) {
    std::cerr << "erli18n extract: error: " << made.error().message << '\n';
    return exit_usage;
  }
  extract_options& eo = *made;
  for (const std::string& name : opts.checks) {
    const std::optional<syntax_check> check = parse_syntax_check(name);
    if (!check) {
      std::cerr << "erli18n extract: error: syntax check '" << name << "' unknown\n";
      return exit_usage;
    }
    eo.checks.insert(*check);
  }
  if (!opts.sentence_end.empty()) {
    const std::optional<sentence_end> type = parse_sentence_end(opts.sentence_end);
    if (!type) {
      std::cerr << "erli18n extract: error: sentence end type '" << opts.sentence_end << "' unknown\n";
      return exit_usage;
    }
    eo.sentence_end_type = *type;
  }
  if (!opts.output.empty() && !opts.output_dir.empty()) {
    std::cerr << "erli18n extract: error: -o and --output-dir exclude each other\n";
    return exit_usage;
  }
  result<std::vector<std::string>> files = source_files(opts.extract);
  if (!files) {
    // No path at all is a usage error; an unreadable list or a missing path is bad input.
    if (files.error().code == errc::invalid_argument) {
      std::cerr << "erli18n extract: error: " << files.error().message << '\n';
      return exit_usage;
    }
    std::cerr << files.error().to_string() << '\n';
    return exit_bad_input;
  }
  prepare_heap_for_files(*files);
  eo.per_domain = !opts.output_dir.empty();  // -o needs only the merged template
  result<extract_result> extracted = [&] {
    progress_bar bar("extracting", files->size());
    eo.on_file_done = [&bar](std::size_t done, std::size_t) { bar.update(done); };
    result<extract_result> r = extract_sources(*files, eo);
    eo.on_file_done = nullptr;
    bar.finish();  // the line is cleared before any warning is printed
    return r;
  }();
  int exit_code = 0;
  if (!succeeded(extracted, exit_code)) return exit_code;
  for (const extract_warning& w : extracted->warnings) std::cerr << to_string(w) << '\n';
  // A syntax check's finding is an error: reported, and no template written (as xgettext).
  for (const extract_warning& e : extracted->syntax_errors)
    std::cerr << e.file << ':' << e.line << ": error: " << e.message << '\n';
  if (!extracted->syntax_errors.empty()) return exit_bad_input;
  if (!opts.output_dir.empty()) return write_per_domain(opts.output_dir, *extracted, eo);
  // The one template of every domain is moved out rather than copied.
  po_file merged;
  if (!extracted->all.messages.empty() || extracted->templates.empty()) {
    merged = std::move(extracted->all);
    merged.file_name = eo.default_domain + ".pot";
  } else {
    merged = merge_templates(*extracted, eo);
  }
  result<std::string> bytes = render_template(std::move(merged), eo);
  if (!succeeded(bytes, exit_code)) return exit_code;
  const std::string out = opts.output.empty() ? eo.default_domain + ".pot" : opts.output;
  return write_output(out, *bytes) ? 0 : exit_bad_input;
}

}  // namespace

void add_extract_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<extract_command_options>();
  CLI::App* cmd = app.add_subcommand("extract", "Extract translatable messages from C/C++ sources into .pot");
  cmd->add_option("-o,--output", opts->output, "Write one template with every domain to FILE ('-': stdout)");
  cmd->add_option("-p,--output-dir", opts->output_dir, "Write DOMAIN.pot per text domain into DIR");
  cmd->add_option("--check", opts->checks,
                  "Syntax check NAME on every message, as xgettext (ellipsis-unicode, space-ellipsis, "
                  "quote-unicode, bullet-unicode); repeatable");
  cmd->add_option("--sentence-end", opts->sentence_end,
                  "Where sentences end for --check: single-space (the default) or double-space");
  add_extract_options(*cmd, opts->extract);
  cmd->callback([opts, &exit_code] {
    exit_code = run_extract(*opts);
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
