// The extraction options `erli18n extract` and `erli18n check` share (xgettext's spelling):
// which calls to read and how the template is written. `check` must extract exactly as
// `extract` did, so both commands register these with `add_extract_options` and turn them
// into an `erli18n::extract_options` with `make_extract_options`.
#ifndef ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H
#define ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H

#include <optional>
#include <string>
#include <vector>

#include "erli18n/result.h"
#include "erli18n/tools/extract.h"

namespace CLI {
class App;
}

namespace erli18n::cli {

struct extract_cli_options {
  /// `--keyword[=SPEC]` and `-k[SPEC]`, in order; an empty item (`--keyword` or `-k` alone)
  /// means no default keywords, wherever it appears (as xgettext).
  std::vector<std::string> keywords;
  /// `--add-comments[=TAG]` and `-c[TAG]`: the last one given ("" = every comment block).
  std::optional<std::string> add_comments;
  std::optional<std::string> from_code;     ///< `--from-code=CHARSET` (unset: bytes as they are)
  std::string add_location = "full";        ///< `--add-location=full|file|never`
  bool no_location = false;                 ///< `--no-location` (= `--add-location=never`)
  bool full_location = false;               ///< `-n` (= `--add-location=full`, the default)
  std::string default_domain = "messages";  ///< `-d`/`--default-domain`
  bool sort_output = false;
  bool sort_by_file = false;
  unsigned jobs = 0;  ///< `--jobs N`: threads reading and scanning files (0 = one per core)
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

/// xgettext's `-k` and `-c` take a value only when it is attached (`-kSPEC`, `-cTAG`): alone
/// they never take the next argument, so `-k name` is `-k` (no default keywords) then the
/// path `name`. CLI11 cannot say that of a short option (an optional value takes the next
/// argument), but it can of a long flag (`--keyword[=SPEC]` takes a value only after `=`). So
/// `main` passes the command line (without the program name) through this before parsing:
/// in the arguments of a subcommand of `app` registered with `add_extract_options`, `-k[SPEC]`
/// becomes `--keyword[=SPEC]` and `-c[TAG]` `--add-comments[=TAG]`. Arguments are read as
/// getopt reads them: a cluster of short flags (`-sk` = `-s -k`), the value of another
/// option left alone (`-o -k` writes to the file `-k`), nothing rewritten after `--`.
std::vector<std::string> spell_out_attached_values(CLI::App& app, std::vector<std::string> args);

/// The library's options for `options` (keyword specs parsed, SOURCE_DATE_EPOCH read).
/// A malformed spec or value, or no keyword left (`-k` alone), is an `errc::invalid_argument`
/// error.
result<extract_options> make_extract_options(const extract_cli_options& options);

/// The source files to read: PATH… then the lines of each `--files-from` file (blank lines
/// and lines starting with `#` skipped), collected by `collect_source_files`. No path at all is an
/// `errc::invalid_argument` error.
result<std::vector<std::string>> source_files(const extract_cli_options& options);

/// `SOURCE_DATE_EPOCH` as seconds, or nullopt when it is unset or empty; anything but a
/// decimal number is an `errc::invalid_argument` error.
result<std::optional<long long>> source_date_epoch();

/// Appends the file names listed in `list` (`-`: standard input), one per line, to `paths`:
/// trailing white space removed, blank lines and lines starting with `#` skipped (xgettext's
/// `--files-from`). An unreadable list is an `errc::io` error.
result<void> read_file_list(const std::string& list, std::vector<std::string>& paths);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_EXTRACT_CLI_OPTIONS_H
