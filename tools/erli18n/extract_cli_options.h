// The extraction options `erli18n check` shares with `erli18n extract` (xgettext's spelling):
// which calls to read and how the template is written. `check` must extract exactly as
// `extract` did, so both commands should register these with `add_extract_options` and turn
// them into an `erli18n::extract_options` with `make_extract_options`.
#ifndef ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H
#define ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H

#include <optional>
#include <string>
#include <vector>

#include "erli18n/extract.h"
#include "erli18n/result.h"

namespace CLI {
class App;
}

namespace erli18n::cli {

struct extract_cli_options {
  /// `--keyword[=SPEC]`, in order; an empty item (`--keyword` alone) means no default
  /// keywords, wherever it appears (as xgettext).
  std::vector<std::string> keywords;
  std::vector<std::string> short_keywords;  ///< `-kSPEC`, `-k SPEC`, `-k` (after the `--keyword` ones)
  std::optional<std::string> add_comments;  ///< `--add-comments[=TAG]`
  bool all_comments = false;                ///< `-c` (`--add-comments` without a tag)
  std::string add_location = "full";        ///< `--add-location=full|file|never`
  bool no_location = false;                 ///< `--no-location` (= `--add-location=never`)
  bool full_location = false;               ///< `-n` (= `--add-location=full`, the default)
  std::string default_domain = "messages";  ///< `-d`/`--default-domain`
  bool sort_output = false;
  bool sort_by_file = false;
  bool omit_header = false;
  std::string package_name;
  std::string package_version;
  std::string msgid_bugs_address;
  std::string copyright_holder;
  std::vector<std::string> files_from;  ///< `-f`/`--files-from FILE`…: one source path per line
  std::vector<std::string> paths;       ///< positional PATH…
};

/// Registers the options above, and the positional PATH…, on `cmd`.
void add_extract_options(CLI::App& cmd, extract_cli_options& options);

/// The library's options for `options` (keyword specs parsed, SOURCE_DATE_EPOCH read).
/// A malformed spec or value is an `errc::invalid_argument` error.
result<extract_options> make_extract_options(const extract_cli_options& options);

/// The source files to read: PATH… then the lines of each `--files-from` file (blank lines
/// and lines starting with `#` skipped), collected by `collect_source_files`. No path at all is an
/// `errc::invalid_argument` error.
result<std::vector<std::string>> source_files(const extract_cli_options& options);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H
