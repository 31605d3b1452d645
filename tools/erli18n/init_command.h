// The header fields `erli18n init` and `erli18n pseudo` fill in a new catalog (init_command.cc),
// from their options and the environment.
#ifndef ERLI18N_TOOLS_INIT_COMMAND_H
#define ERLI18N_TOOLS_INIT_COMMAND_H

#include <optional>
#include <string>
#include <string_view>

#include "erli18n/result.h"
#include "erli18n/tools/init.h"

namespace CLI {
class App;
}

namespace erli18n::cli {

/// The options both commands take: `--translator`, `--language-team`, `--project`.
struct init_header_options {
  std::string translator;
  std::string language_team;
  std::string project;
};
void add_init_header_options(CLI::App& cmd, init_header_options& opts);

/// What a new catalog is made for.
struct new_catalog_settings {
  std::string locale;        ///< canonical
  std::string plural_forms;  ///< the one given, else CLDR's for the locale
  init_header header;
};

/// The settings of a new catalog for `locale`: the Plural-Forms given (checked) or CLDR's; the
/// header's translator from `--translator`, else `ERLI18N_TRANSLATOR`, else `EMAIL` (with `NAME`
/// before it when it holds no `<`), else "Automatically generated"; the project from
/// `--project`, else the template's file name without its extension; the date and year now, or
/// at `SOURCE_DATE_EPOCH`. On bad usage (no locale name, no rule, a rule or SOURCE_DATE_EPOCH
/// that does not read) prints `erli18n COMMAND: error: ...` and returns nothing.
[[nodiscard]] std::optional<new_catalog_settings> new_catalog_settings_from(std::string_view command,
                                                                            const std::string& locale,
                                                                            const std::string& plural_forms,
                                                                            const init_header_options& header,
                                                                            const std::string& template_path);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_INIT_COMMAND_H
