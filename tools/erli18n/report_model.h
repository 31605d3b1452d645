// The data behind `erli18n report`: which catalogs were found, for which (domain, locale),
// and their message counts; and the three renderings of it. Private to the CLI.
#ifndef ERLI18N_TOOLS_REPORT_MODEL_H
#define ERLI18N_TOOLS_REPORT_MODEL_H

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "erli18n/tools/report.h"

namespace erli18n::cli {

/// One catalog: where it was read from, and its counts, or why it could not be read.
struct report_catalog {
  std::string file;
  std::optional<message_counts> counts;  ///< absent when reading failed
  std::string error;                     ///< the diagnostic, when reading failed
};

/// A sum over catalogs: `catalogs` is how many were counted (readable ones only), `missing`
/// how many (domain, locale) cells had no catalog; each added its domain's messages to
/// `counts.untranslated`.
struct report_total {
  message_counts counts;
  std::size_t catalogs = 0;
  std::size_t missing = 0;
  /// Something to show a percentage of: a catalog, or a missing one of a non-empty domain.
  bool counted() const noexcept { return catalogs > 0 || counts.total() > 0; }
};

/// Domains × locales. A (domain, locale) without a catalog is a "missing" cell: a domain
/// known from a template (`DOMAIN.pot`) or from another locale has no catalog there.
/// Locales are the runtime's canonical names (`pt-br/` and `pt_BR.UTF-8/` are both `pt_BR`).
struct report_model {
  std::vector<std::string> domains;                                        ///< sorted, unique
  std::vector<std::string> locales;                                        ///< sorted, unique
  std::map<std::pair<std::string, std::string>, report_catalog> catalogs;  ///< key: (domain, locale)
  /// Live messages of each template read (`DOMAIN.pot`).
  std::map<std::string, std::size_t> template_messages;
  bool failed = false;  ///< some input could not be read; diagnostics went to stderr

  const report_catalog* find(const std::string& domain, const std::string& locale) const;
  /// The messages a catalog of `domain` has to translate: the most live messages of its
  /// template or of any of its readable catalogs. A missing catalog counts them untranslated.
  std::size_t domain_messages(const std::string& domain) const;
  /// Sums of the catalogs that could be read, and of the missing cells counted as wholly
  /// untranslated (an unreadable catalog adds nothing: its error fails the command).
  report_total domain_total(const std::string& domain) const;
  report_total locale_total(const std::string& locale) const;
  report_total total() const;
};

/// Reads the catalogs named by `paths`: a directory is searched for
/// `DIR/LOCALE/LC_MESSAGES/DOMAIN.po`, loose `DIR/*.po` and templates `DIR/*.pot` (which only
/// name domains); a file is taken as it is. Diagnostics for unreadable or invalid input go
/// to stderr as `file:line:col: error: …` and set `failed`; the other catalogs are kept.
report_model collect_catalogs(const std::vector<std::string>& paths);

std::string render_report_text(const report_model& model);
std::string render_report_json(const report_model& model);
std::string render_report_html(const report_model& model);

}  // namespace erli18n::cli

#endif  // ERLI18N_TOOLS_REPORT_MODEL_H
