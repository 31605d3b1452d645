#include "extract_cli_options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "file_io.h"

namespace erli18n::cli {
namespace {

error invalid(std::string message) { return error{errc::invalid_argument, std::move(message), {}, 0, 0}; }

}  // namespace

void add_extract_options(CLI::App& cmd, extract_cli_options& o) {
  cmd.add_option("paths", o.paths, "Source files and directories (directories are searched recursively)");
  cmd.add_option("-f,--files-from", o.files_from, "Read the source paths from FILE, one per line")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
  // xgettext's `--keyword[=SPEC]` and `--add-comments[=TAG]` take an optional value, which
  // CLI11 offers only on flags (`--flag{default}`): so the value must follow `=`, and the next
  // argument is never taken as one. The short forms reach CLI11 spelled long (see
  // spell_out_attached_values); they are named here for --help.
  cmd.add_flag("-k{},--keyword{}", o.keywords,
               "Keyword spec in xgettext's syntax (--keyword=name:1,2, name:1c,2, name:2,3t, or -kSPEC); "
               "--keyword or -k alone: no default keywords")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_flag("-c{},--add-comments{}", o.add_comments,
               "Keep the comment blocks before keyword calls (--add-comments=TAG or -cTAG: those "
               "starting with TAG)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  cmd.add_option(
      "--from-code", o.from_code,
      "Charset of the sources: converted to UTF-8 (UTF-8: validated; ASCII: non-ASCII "
      "messages and comments refused, as xgettext without --from-code); default: bytes as they are");
  cmd.add_option("--add-location", o.add_location, "References: full (file:line), file or never")
      ->check(CLI::IsMember({"full", "file", "never"}));
  cmd.add_flag("--no-location", o.no_location, "No references (--add-location=never)");
  cmd.add_flag("-n", o.full_location, "References with line numbers (--add-location=full, the default)");
  cmd.add_option("-d,--default-domain", o.default_domain,
                 "Domain of calls that name none (default: messages)");
  cmd.add_flag("-s,--sort-output", o.sort_output, "Sort messages by msgid");
  cmd.add_flag("-F,--sort-by-file", o.sort_by_file, "Sort messages by file location");
  cmd.add_flag("--omit-header", o.omit_header, "No header entry");
  // Long form only: xgettext's -j is --join-existing.
  cmd.add_option("--jobs", o.jobs, "Threads reading and scanning files (default 0: one per core)")
      ->check(CLI::Range(0U, 256U));
  cmd.add_option("--package-name", o.package_name, "Package name in the header");
  cmd.add_option("--package-version", o.package_version, "Package version in the header");
  cmd.add_option("--msgid-bugs-address", o.msgid_bugs_address, "Report-Msgid-Bugs-To in the header");
  cmd.add_option("--copyright-holder", o.copyright_holder, "Copyright holder in the header comment");
}

result<extract_options> make_extract_options(const extract_cli_options& o) {
  extract_options out;
  const std::vector<std::string>& specs = o.keywords;
  if (std::find(specs.begin(), specs.end(), std::string{}) != specs.end()) out.keywords.clear();
  for (const std::string& spec : specs) {
    if (spec.empty()) continue;
    result<keyword_spec> parsed = parse_keyword_spec(spec);
    if (!parsed) return invalid("--keyword=" + spec + ": " + parsed.error().message);
    out.keywords.push_back(*parsed);
  }
  // As xgettext: a run that looks for nothing is a mistake (often `-k name`, read as `-k`
  // then the path `name`), not an empty template.
  if (out.keywords.empty())
    return invalid(
        "no keywords to look for: -k or --keyword alone drops the defaults (give -kSPEC or --keyword=SPEC)");
  out.comment_tag = o.add_comments;
  out.from_code = o.from_code;
  if (o.no_location || o.add_location == "never") {
    out.add_location = extract_options::locations::never;
  } else if (o.add_location == "file") {
    out.add_location = extract_options::locations::file;
  } else if (o.add_location == "full") {
    out.add_location = extract_options::locations::full;
  } else {
    return invalid("--add-location: expected full, file or never, got \"" + o.add_location + '"');
  }
  if (o.default_domain.empty()) return invalid("--default-domain: empty domain");
  out.default_domain = o.default_domain;
  out.sort_output = o.sort_output;
  out.sort_by_file = o.sort_by_file;
  out.jobs = o.jobs;
  out.omit_header = o.omit_header;
  out.package_name = o.package_name;
  out.package_version = o.package_version;
  out.msgid_bugs_address = o.msgid_bugs_address;
  out.copyright_holder = o.copyright_holder;
  result<std::optional<long long>> epoch = source_date_epoch();
  if (!epoch) return std::move(epoch).error();
  out.creation_time = *epoch;
  return out;
}

result<std::optional<long long>> source_date_epoch() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (epoch == nullptr || *epoch == '\0') return std::optional<long long>();
  char* end = nullptr;
  errno = 0;
  long long seconds = std::strtoll(epoch, &end, 10);
  if (errno != 0 || end == epoch || *end != '\0')
    return invalid(std::string("SOURCE_DATE_EPOCH: not a number of seconds: ") + epoch);
  return std::optional<long long>(seconds);
}

result<void> read_file_list(const std::string& list, std::vector<std::string>& paths) {
  std::string text;
  result<void> read =
      list == "-" ? read_to_end(0, "standard input", no_size_limit, text) : read_whole_file(list, text);
  if (!read) return read;
  for (std::string_view rest = text; !rest.empty();) {
    const std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    paths.emplace_back(line);
  }
  return {};
}

result<std::vector<std::string>> source_files(const extract_cli_options& o) {
  std::vector<std::string> paths = o.paths;
  for (const std::string& list : o.files_from)
    if (result<void> read = read_file_list(list, paths); !read) return std::move(read).error();
  if (paths.empty()) return invalid("no source paths given (PATH… or --files-from)");
  return collect_source_files(paths);
}

namespace {

// Whether `option` needs a value: then, unless attached, it takes the next argument.
bool takes_value(const CLI::Option* option) {
  return option != nullptr && option->get_items_expected_min() > 0;
}

}  // namespace

std::vector<std::string> spell_out_attached_values(CLI::App& app, std::vector<std::string> args) {
  // The top level takes flags only, so the first other argument names the subcommand.
  auto named =
      std::find_if(args.begin(), args.end(), [](const std::string& a) { return a.empty() || a[0] != '-'; });
  if (named == args.end()) return args;
  const std::string name = *named;
  std::vector<CLI::App*> subs = app.get_subcommands([&name](CLI::App* s) { return s->get_name() == name; });
  if (subs.empty() || subs.front()->get_option_no_throw("--keyword") == nullptr) return args;
  const CLI::App& sub = *subs.front();
  for (std::size_t i = static_cast<std::size_t>(named - args.begin()) + 1; i < args.size(); ++i) {
    const std::string arg = args[i];
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;  // a path, or "-"
    if (arg[1] == '-') {                            // --name=value, or --name then its value
      if (arg.find('=') == std::string::npos && takes_value(sub.get_option_no_throw(arg))) ++i;
      continue;
    }
    // A cluster of short options: flags, then perhaps one taking the rest or the next argument.
    for (std::size_t k = 1; k < arg.size(); ++k) {
      if (arg[k] == 'k' || arg[k] == 'c') {
        std::string spelled = arg[k] == 'k' ? "--keyword" : "--add-comments";
        if (k + 1 < arg.size()) spelled += '=' + arg.substr(k + 1);
        if (k == 1) {
          args[i] = std::move(spelled);
        } else {
          args[i] = arg.substr(0, k);  // the flags before it
          args.insert(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, std::move(spelled));
          ++i;
        }
        break;
      }
      const CLI::Option* option = sub.get_option_no_throw(std::string{'-', arg[k]});
      if (option == nullptr) break;  // unknown: CLI11 reports it
      if (takes_value(option)) {
        if (k + 1 == arg.size()) ++i;  // the next argument is its value
        break;
      }
    }
  }
  return args;
}

}  // namespace erli18n::cli
