// A project as `erli18n update` and `erli18n check` run it (docs/project-file.md): the
// project file's keys (erli18n/tools/project.h) turned into the same option structures the
// commands' own options fill (extract_cli_options, merge_cli_options, lint_options), every
// option given on the command line winning over the file. GNU's po/POTFILES.in and po/LINGUAS
// are read where they exist. Shared by update_command.cc and check_command.cc.
#ifndef ERLI18N_TOOLS_PROJECT_OPTIONS_H
#define ERLI18N_TOOLS_PROJECT_OPTIONS_H

#include <cstddef>
#include <string>
#include <vector>

#include "erli18n/result.h"
#include "erli18n/tools/extract.h"
#include "erli18n/tools/lint.h"
#include "extract_cli_options.h"
#include "merge_command.h"

namespace CLI {
class App;
}

namespace erli18n::cli {

/// The command-line options that find and lay out a project (both commands).
struct project_cli_options {
  std::string directory;  ///< `-C DIR`: the project's root (default: the current folder)
  std::string file;       ///< `--project FILE`: the project file (its folder is the root)
  std::string template_path;
  std::string catalogs;
  std::string layout;
  std::vector<std::string> locales;
  std::size_t width = 79;
  bool no_wrap = false;
  // update
  bool previous = false;
  bool no_fuzzy_matching = false;
  // check
  bool werror = false;
  bool check_duplicates = false;
  bool use_fuzzy = false;
};

/// Registers -C, --project and the layout options on `cmd`; the merge options (`for_update`)
/// or the lint options (else). `--template` is check's own option, registered here for update.
void add_project_options(CLI::App& cmd, project_cli_options& options, bool for_update);

/// One catalog of the project: its locale and path (relative to the root).
struct project_catalog {
  std::string locale;
  std::string path;
  bool exists = false;
};

/// A project resolved: the process is in its root, every path below is relative to it.
struct project_setup {
  std::string file;             ///< the project file read, or "" (POTFILES.in only)
  extract_cli_options extract;  ///< the extraction's options; `paths` = the sources
  std::string template_path;    ///< the template update writes and check compares
  std::string locales_from;     ///< where the locale list came from ("" = the catalogs found)
  std::vector<project_catalog> catalogs;
  merge_cli_options merge;  ///< how update merges each catalog
  lint_options lint;        ///< how check lints each catalog
  bool werror = false;      ///< check: lint warnings fail too
  std::size_t width = 79;   ///< the template's and catalogs' page width
  bool wrap = true;
};

/// Whether a command given `extract` (and `project`) runs on a project: -C or --project, or
/// no source path at all and a project file or po/POTFILES.in in the current folder.
bool runs_on_project(const project_cli_options& project, const extract_cli_options& extract);

/// Goes to the project's root (-C, --project) and reads it: the project file's keys, each
/// used only where `cmd`'s command line did not give its option, over `given`.
result<project_setup> load_project(const CLI::App& cmd, const project_cli_options& project,
                                   const extract_cli_options& given);

/// `make_extract_options` for the project, with its page width.
result<extract_options> project_extract_options(const project_setup& project);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_PROJECT_OPTIONS_H
