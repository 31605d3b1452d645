// The merge of one catalog, as `erli18n merge` and the GNU-compatible `msgmerge` (gnu/) run it:
// both fill these options from their own command lines and share the rest (merge_command.cc).
#ifndef ERLI18N_TOOLS_MERGE_COMMAND_H
#define ERLI18N_TOOLS_MERGE_COMMAND_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"

namespace erli18n::cli {

struct merge_cli_options {
  std::string def;
  std::string ref;
  std::string output;
  std::string for_each_locale;
  bool update = false;
  std::string backup;  // CONTROL; empty: $VERSION_CONTROL or "existing"
  std::string suffix;
  bool previous = false;
  bool no_fuzzy_matching = false;
  bool for_msgfmt = false;
  bool no_location = false;
  bool sort_output = false;
  bool sort_by_file = false;
  std::optional<std::string> lang;  // --lang; --lang= empties the header's Language
  std::string add_location = "full";
  bool no_wrap = false;
  bool indent = false;  // msgmerge --indent
  bool escape = false;  // msgmerge --escape
  bool strict = false;  // msgmerge --strict
  bool quiet = false;
  /// msgmerge's -m: the template merged into every domain of the catalog, not only the default one.
  bool multi_domain = false;
  std::size_t width = 79;
  /// msgmerge's -C catalogs, read by the caller (merge_options::compendia).
  std::vector<const po_file*> compendia;
  /// msgmerge without -q: its progress dots and " done." on stderr.
  bool progress = false;
  /// msgmerge's -v: the counts of kept, fuzzy, new and obsolete messages on stderr.
  bool verbose = false;
  /// The GNU command's name as started, for the diagnostics it words as msgmerge does; empty
  /// for `erli18n merge`.
  std::string program;
};

/// The PO file at `path`, or standard input's for `-`.
[[nodiscard]] result<po_file> read_catalog(const std::string& path);

/// The catalog at `path` (standard input's for `-`, named `<stdin>`) in its domains, in the
/// order they first appear, "messages" (the default one, maybe empty) first; one when the text
/// has no `domain` directive.
[[nodiscard]] result<std::vector<po_domain>> read_catalog_domains(const std::string& path);

/// Merges the catalog at `def_path` with `ref`; writes to `output` (empty or "-": stdout), or
/// back to `def_path` when `in_place`, and then only when its bytes change by more than the
/// template's POT-Creation-Date (backed up first as `opts` says). Diagnostics go to stderr.
[[nodiscard]] bool merge_one(const std::string& def_path, const po_file& ref, const merge_cli_options& opts,
                             const std::string& output, bool in_place);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_MERGE_COMMAND_H
