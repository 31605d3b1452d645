// erli18n extract [options] PATH...: C and C++ sources -> .pot templates, as xgettext
// --language=C++ writes them, with erli18n's keywords and one template per text domain.
#include <sys/stat.h>

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "commands.h"
#include "erli18n/extract.h"

namespace erli18n::cli {
namespace {

bool read_list(const std::string& path, std::vector<std::string>& out) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << path << ": error: cannot open\n";
    return false;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    out.push_back(line);
  }
  return true;
}

// A domain name becomes a file name in --output-dir: refuse anything that could leave it.
bool safe_domain(const std::string& d) {
  return !d.empty() && d != "." && d != ".." && d.find('/') == std::string::npos &&
         d.find('\0') == std::string::npos;
}

}  // namespace

void add_extract_command(CLI::App& app, int& exit_code) {
  struct options {
    std::vector<std::string> paths;
    std::string output;
    std::string output_dir;
    std::vector<std::string> files_from;
    std::vector<std::string> keywords;
    std::string add_location = "full";
    extract_options extract;
    std::string comments;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("extract", "Extract translatable messages from C/C++ sources into .pot");
  cmd->add_option("paths", opts->paths, "Source files and directories (searched recursively)");
  cmd->add_option("-o,--output", opts->output, "Write one template with every domain to FILE ('-': stdout)");
  cmd->add_option("-p,--output-dir", opts->output_dir, "Write DOMAIN.pot per text domain into DIR");
  cmd->add_option("-f,--files-from", opts->files_from, "Read the list of input files from FILE");
  cmd->add_option("-k,--keyword", opts->keywords,
                  "Keyword spec (xgettext syntax, plus Nd for the domain); alone, clears the defaults")
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
  cmd->add_option("-c,--add-comments", opts->comments,
                  "Keep comments before keyword lines (starting with TAG)")
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->allow_extra_args(false);
  cmd->add_option("--add-location", opts->add_location, "full, file or never")
      ->check(CLI::IsMember({"full", "file", "never"}));
  cmd->add_flag(
      "-n", [opts](std::int64_t) { opts->add_location = "full"; }, "Same as --add-location=full");
  cmd->add_flag(
      "--no-location", [opts](std::int64_t) { opts->add_location = "never"; }, "No #: lines");
  cmd->add_flag("-s,--sort-output", opts->extract.sort_output, "Sort by msgid");
  cmd->add_flag("-F,--sort-by-file", opts->extract.sort_by_file, "Sort by file location");
  cmd->add_flag("--omit-header", opts->extract.omit_header, "Do not write the header entry");
  cmd->add_option("--package-name", opts->extract.package_name, "Package name in the header");
  cmd->add_option("--package-version", opts->extract.package_version, "Package version in the header");
  cmd->add_option("--msgid-bugs-address", opts->extract.msgid_bugs_address, "Report-Msgid-Bugs-To address");
  cmd->add_option("--copyright-holder", opts->extract.copyright_holder, "Copyright holder in the header");
  cmd->add_option("-d,--default-domain", opts->extract.default_domain,
                  "Domain of calls that name none (default: messages)");
  cmd->callback([opts, cmd, &exit_code] {
    extract_options& eo = opts->extract;
    // Keywords: each --keyword adds; a bare --keyword clears everything before it.
    if (cmd->count("--keyword") > 0) {
      std::vector<keyword_spec> ks = default_keywords();
      // The raw results: CLI11 drops the empty values of a bare --keyword from the vector.
      for (const std::string& spec : cmd->get_option("--keyword")->results()) {
        if (spec.empty()) {
          ks.clear();
          continue;
        }
        result<keyword_spec> k = parse_keyword_spec(spec);
        if (!k) {
          std::cerr << "erli18n extract: " << k.error().message << '\n';
          exit_code = 2;
          return;
        }
        ks.push_back(*k);
      }
      eo.keywords = std::move(ks);
    }
    if (cmd->count("--add-comments") > 0) eo.comment_tag = opts->comments;
    eo.add_location = opts->add_location == "never"  ? extract_options::locations::never
                      : opts->add_location == "file" ? extract_options::locations::file
                                                     : extract_options::locations::full;
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0') {
      char* end = nullptr;
      long long v = std::strtoll(epoch, &end, 10);
      if (*end != '\0') {
        std::cerr << "erli18n extract: SOURCE_DATE_EPOCH is not a number\n";
        exit_code = 2;
        return;
      }
      eo.creation_time = v;
    }
    if (!opts->output.empty() && !opts->output_dir.empty()) {
      std::cerr << "erli18n extract: -o and --output-dir exclude each other\n";
      exit_code = 2;
      return;
    }
    std::vector<std::string> inputs = opts->paths;
    for (const std::string& list : opts->files_from) {
      if (!read_list(list, inputs)) {
        exit_code = 1;
        return;
      }
    }
    if (inputs.empty()) {
      std::cerr << "erli18n extract: no input files\n";
      exit_code = 2;
      return;
    }
    result<std::vector<std::string>> files = collect_source_files(inputs);
    if (!succeeded(files, exit_code)) return;
    {
      // The heap grown once for what the extraction keeps (see prepare_heap_for).
      std::size_t total = 0;
      struct stat st {};
      for (const std::string& f : *files)
        if (::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode)) total += static_cast<std::size_t>(st.st_size);
      prepare_heap_for_size(total);
    }
    eo.per_domain = !opts->output_dir.empty();  // -o needs only the merged template
    result<extract_result> extracted = extract_sources(*files, eo);
    if (!succeeded(extracted, exit_code)) return;
    for (const extract_warning& w : extracted->warnings) std::cerr << to_string(w) << '\n';
    if (!opts->output_dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(opts->output_dir, ec);
      if (ec) {
        std::cerr << opts->output_dir << ": error: cannot create directory: " << ec.message() << '\n';
        exit_code = 1;
        return;
      }
      for (const auto& [domain, pot] : extracted->templates) {
        if (!safe_domain(domain)) {
          std::cerr << "erli18n extract: error: domain name '" << domain << "' cannot be a file name\n";
          exit_code = 1;
          continue;
        }
        result<std::string> bytes = render_template(pot, eo);
        if (!succeeded(bytes, exit_code)) return;
        if (!write_output(opts->output_dir + "/" + domain + ".pot", *bytes)) exit_code = 1;
      }
      return;
    }
    // The one template of every domain is moved out rather than copied.
    po_file merged;
    if (!extracted->all.messages.empty() || extracted->templates.empty()) {
      merged = std::move(extracted->all);
      merged.file_name = eo.default_domain + ".pot";
    } else {
      merged = merge_templates(*extracted, eo);
    }
    result<std::string> bytes = render_template(std::move(merged), eo);
    if (!succeeded(bytes, exit_code)) return;
    std::string out = opts->output.empty() ? eo.default_domain + ".pot" : opts->output;
    if (!write_output(out, *bytes)) exit_code = 1;
    exit_now(exit_code);
  });
}

}  // namespace erli18n::cli
