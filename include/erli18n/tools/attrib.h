/// \file
/// Select the messages of a catalog by their attributes and change those attributes, as GNU
/// `msgattrib` does.
///
/// `attrib_catalog(po, options)` returns the catalog `msgattrib` writes for `po`:
///  - the header is always kept (no selection removes it; changes apply to it);
///  - a message is translated when its first form is not empty (fuzzy ones count);
///  - the selections (`translated`, `untranslated`, `no_fuzzy`, `only_fuzzy`, `no_obsolete`,
///    `only_obsolete`) are read on the input's attributes and all of them must hold;
///  - then, on each kept message the `only_file` / `ignore_file` lists allow (by context and
///    msgid): fuzziness set (`set_fuzzy`, which records the message as its own previous msgid
///    with `keep_previous` when it is translated and was not fuzzy) then cleared
///    (`clear_fuzzy`, emptying the translation with `empty`), obsoleteness set (`set_obsolete`,
///    the header excepted) then cleared (`clear_obsolete`), and the previous msgids dropped
///    (`clear_previous`);
///  - sorted and references kept as the other GNU tools do (erli18n/tools/merge.h's
///    `merge_location`).
/// The writer then leaves out what GNU's leaves out (the fuzzy flag of an untranslated
/// message, obsolete entries without a translation).
///
/// \code
/// auto kept = erli18n::attrib_catalog(*po, {.only_fuzzy = true, .clear_fuzzy = true});
/// auto bytes = erli18n::write_po(kept);  // what `msgattrib --fuzzy` writes
/// \endcode
#ifndef ERLI18N_TOOLS_ATTRIB_H
#define ERLI18N_TOOLS_ATTRIB_H

#include <optional>

#include "erli18n/po.h"
#include "erli18n/tools/merge.h"

namespace erli18n {

/// Options of `attrib_catalog`, as msgattrib's.
struct attrib_options {
  bool translated = false;     ///< `--translated`: keep the translated messages
  bool untranslated = false;   ///< `--untranslated`: keep the untranslated ones
  bool no_fuzzy = false;       ///< `--no-fuzzy`: remove the fuzzy ones
  bool only_fuzzy = false;     ///< `--only-fuzzy`: keep the fuzzy ones
  bool no_obsolete = false;    ///< `--no-obsolete`: remove the obsolete ones
  bool only_obsolete = false;  ///< `--only-obsolete`: keep the obsolete ones

  bool set_fuzzy = false;       ///< `--set-fuzzy`
  bool clear_fuzzy = false;     ///< `--clear-fuzzy`
  bool set_obsolete = false;    ///< `--set-obsolete`
  bool clear_obsolete = false;  ///< `--clear-obsolete`
  bool keep_previous = false;   ///< `--previous`: `set_fuzzy` records the previous msgid
  bool clear_previous = false;  ///< `--clear-previous`
  bool empty = false;           ///< `--empty`: `clear_fuzzy` also empties the translation

  /// `--only-file=FILE.po`: only its messages (by context and msgid) are changed.
  std::optional<po_file> only_file = std::nullopt;
  /// `--ignore-file=FILE.po`: its messages are not changed.
  std::optional<po_file> ignore_file = std::nullopt;

  bool sort_output = false;                            ///< `--sort-output`
  bool sort_by_file = false;                           ///< `--sort-by-file`
  merge_location add_location = merge_location::full;  ///< `--add-location`, `--no-location`
};

/// The catalog `msgattrib` writes for `po` with these options.
po_file attrib_catalog(const po_file& po, const attrib_options& options);

}  // namespace erli18n

#endif  // ERLI18N_TOOLS_ATTRIB_H
