/// \file
/// How complete a translation catalog is.
///
/// `count_messages` sorts the messages of a parsed PO file into translated, fuzzy, untranslated
/// and obsolete, the counts `%erli18n report` prints. The header entry is never counted.
///
/// The rules are GNU `msgfmt --statistics`'s, with one difference, kept visible:
///  - fuzzy: a live entry flagged `fuzzy` whose first form (msgstr or msgstr[0]) is non-empty;
///  - untranslated: a live entry whose first form is empty, fuzzy or not (msgfmt says so too);
///  - translated: a live entry, not fuzzy, whose forms are all non-empty;
///  - a plural entry, not fuzzy, with a non-empty first form but some other form empty is
///    untranslated here (a reader with that `n` sees the msgid), while msgfmt counts it as
///    translated because it looks at the first form only. Such entries are also counted in
///    `partial_plurals`, so that msgfmt's figures are `translated + partial_plurals` translated
///    and `untranslated - partial_plurals` untranslated;
///  - obsolete (`#~`) entries are counted apart and in no other count; msgfmt ignores them.
///
/// Pure functions over values: call them from any thread.
///
/// \code
/// auto po = erli18n::read_po_file("fr.po");
/// if (po) {
///   erli18n::message_counts c = erli18n::count_messages(*po);
///   std::cout << c.translated << '/' << c.total() << " (" << c.percent_complete() << "%)\n";
/// }
/// \endcode
#ifndef ERLI18N_REPORT_H
#define ERLI18N_REPORT_H

#include <cstddef>

#include "erli18n/po.h"

namespace erli18n {

/// The messages of one catalog (or of several, added up), by state.
struct message_counts {
  std::size_t translated = 0;       ///< live, not fuzzy, every form non-empty
  std::size_t fuzzy = 0;            ///< live, flagged `fuzzy`, first form non-empty
  std::size_t untranslated = 0;     ///< partial plurals included
  std::size_t partial_plurals = 0;  ///< untranslated plural entries msgfmt counts as translated
  std::size_t obsolete = 0;         ///< obsolete (`#~`) entries, in no other count

  /// Live messages: translated + fuzzy + untranslated (obsolete ones are not part of it).
  std::size_t total() const noexcept { return translated + fuzzy + untranslated; }

  /// Translated messages per thousand live ones, rounded down, so that 1000 means complete
  /// (never `100%` with a message missing). A catalog without live messages is complete.
  std::size_t permille_complete() const noexcept;

  /// `permille_complete() / 10.0`: the percentage with one decimal, rounded down.
  double percent_complete() const noexcept;

  /// Adds `other`'s counts to these, field by field (to total several catalogs).
  message_counts& operator+=(const message_counts& other) noexcept;

  /// Equal when every count is.
  friend bool operator==(const message_counts& a, const message_counts& b) noexcept {
    return a.translated == b.translated && a.fuzzy == b.fuzzy && a.untranslated == b.untranslated &&
           a.partial_plurals == b.partial_plurals && a.obsolete == b.obsolete;
  }
};

/// Counts the messages of `po` by state (rules in report.h).
message_counts count_messages(const po_file& po) noexcept;

}  // namespace erli18n

#endif  // ERLI18N_REPORT_H
