/// \file
/// Update a translated catalog from a new template, as GNU `msgmerge` does.
///
/// `merge_catalogs(def, ref)` takes a translator's catalog (`def.po`) and a freshly extracted
/// template (`ref.pot`) and returns the catalog `msgmerge def.po ref.pot` writes:
///  - the messages are the template's, in its order; each keeps the translation, translator
///    comments and fuzziness of the catalog entry with the same context and msgid (obsolete
///    entries count: a message that comes back is revived);
///  - a message with no such entry takes the translation of the most similar translated entry,
///    marked fuzzy (similarity as msgmerge measures it: 2·LCS/(|a|+|b|) over bytes, above 0.6,
///    entries sharing no 4-character run with the msgid never considered); with nothing to
///    take, the template's message as it is (a translation of its own included);
///  - the compendia (`merge_options::compendia`) are searched after the catalog, the same ways;
///  - references, extracted comments and format flags come from the template;
///  - catalog entries no message used become obsolete (`#~`) when translated, else vanish;
///  - a message the template has as obsolete takes its translation the same way but stays
///    obsolete (written after the live messages, before the unused entries), and vanishes
///    without one; with nothing to take it becomes a live untranslated message;
///  - the header is the catalog's (else the first compendium's that has one), merged as a
///    message carried to the template's header, with the template's POT-Creation-Date;
///  - a plural message gets as many forms as the catalog's Plural-Forms says (2 by default).
///
/// Merging the result again with the same template gives the same catalog, unless the template
/// has obsolete messages (msgmerge's result then alternates between two catalogs too).
///
/// The function is pure and thread-safe. Fuzzy matching uses a 4-gram index and bit-parallel
/// LCS with length bounds, so it makes msgmerge's choices without its exhaustive comparisons.
///
/// \code
/// auto merged = erli18n::merge_catalogs(*def, *ref, {.keep_previous = true});
/// auto bytes = erli18n::write_po(merged.catalog);  // what `msgmerge --previous` writes
/// \endcode
#ifndef ERLI18N_MERGE_H
#define ERLI18N_MERGE_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"

namespace erli18n {

/// Which `#:` references a merged catalog keeps (msgmerge's `--add-location=TYPE`).
enum class merge_location {
  full,   ///< file and line, as the template has them (the default)
  file,   ///< file names only, each once per message
  never,  ///< none (`--no-location`)
};

/// Options of `merge_catalogs`, as msgmerge's.
struct merge_options {
  bool fuzzy_matching = true;  ///< false is msgmerge's `--no-fuzzy-matching`
  bool keep_previous = false;  ///< msgmerge's `--previous`: write `#|` on fuzzy entries
  /// msgmerge's `--for-msgfmt`: keep only what msgfmt compiles. Fuzzy and untranslated
  /// messages and unused catalog entries are left out (the decisions still tell what the merge
  /// chose for them); the rest lose translator comments, references and previous msgids.
  bool for_msgfmt = false;
  /// msgmerge's `--add-location=TYPE` (`--no-location` is `never`).
  merge_location add_location = merge_location::full;
  /// msgmerge's `--sort-output`: messages by msgid, then context (none first), as bytes; the
  /// obsolete entries after the live ones, sorted the same way.
  bool sort_output = false;
  /// msgmerge's `--sort-by-file`: each message's references sorted (file, then line), then the
  /// messages by their first reference (none first), msgid and context.
  bool sort_by_file = false;
  /// msgmerge's `--lang=CATALOGNAME`: the header's Language, whatever the catalog says (`--lang=`
  /// empties it; nothing: the catalog's, or the one its Language-Team names).
  std::optional<std::string> lang;
  /// msgmerge's `-C FILE` (`--compendium`), in the order given; not owned, they must outlive the
  /// call. A message takes its translation from the first of the catalog and the compendia
  /// that translates the same context and msgid (fuzzy and obsolete entries count), else from
  /// the first that has it untranslated, else from the most similar translated entry of them
  /// all (marked fuzzy; the catalog wins ties, then the earlier compendium). Compendium entries
  /// never become obsolete entries of the result; the catalog entries they replace do. A
  /// catalog without a header takes the first compendium's that has one.
  std::vector<const po_file*> compendia;
};

/// What happened to one message.
enum class merge_decision_kind {
  kept,      ///< the catalog had the same context and msgid
  fuzzy,     ///< seeded from a similar catalog entry (`source_*`), marked fuzzy
  added,     ///< nothing similar: untranslated
  obsolete,  ///< a translated catalog entry no message used, now `#~`; or a message obsolete in
             ///< the template that took a translation (`source_*` set when by similarity)
  dropped,   ///< an untranslated catalog entry no message used, or a template's obsolete
             ///< message whose translation is empty, left out
};

/// What `merge_catalogs` did with one message or one catalog entry.
struct merge_decision {
  /// What happened to it.
  merge_decision_kind kind = merge_decision_kind::added;
  std::optional<std::string> msgctxt;         ///< the message's context
  std::string msgid;                          ///< the message's msgid
  std::optional<std::string> source_msgctxt;  ///< fuzzy only: the seeding entry's context
  std::string source_msgid;                   ///< fuzzy only: the seeding entry's msgid
  /// kept, fuzzy and obsolete template messages: the position in `merge_options::compendia` of
  /// the compendium the translation came from; nothing when it came from the catalog.
  std::optional<std::size_t> compendium;
};

/// What `merge_catalogs` returns: the merged catalog and an account of each decision.
struct merge_result {
  /// The merged catalog, named as `def`; in UTF-8 when the template's header says
  /// `charset=UTF-8`, else in `def`'s charset spelled as `def` spells it, as msgmerge does.
  po_file catalog;
  /// One per template message in template order, then one per unused catalog entry in
  /// catalog order.
  std::vector<merge_decision> decisions;
};

/// Merges `ref` (the template) into `def` (the catalog).
merge_result merge_catalogs(const po_file& def, const po_file& ref, const merge_options& options = {});

/// `merged` with the header's POT-Creation-Date put back to `def`'s. msgmerge `-U` leaves the
/// file alone (no rewrite, no backup, mtime kept) when this writes the file's own bytes: a new
/// template date alone is no change. `merged` is returned as it is when either header has no
/// such field.
po_file with_pot_creation_date_of(const po_file& merged, const po_file& def);

/// msgmerge's similarity of two strings: 2·LCS/(|a|+|b|) over bytes; 1 for two empty strings.
double merge_similarity(std::string_view a, std::string_view b);

/// The `nplurals` of a `Plural-Forms` value, or nothing when it is not a positive integer.
std::optional<std::size_t> plural_forms_count(std::string_view plural_forms);

/// A new catalog for `locale` from a template: header with Language, Plural-Forms (given) and
/// charset UTF-8, the header's fuzzy flag removed, every plural message with `nplurals` empty
/// forms.
po_file init_catalog(const po_file& pot, std::string_view locale, std::string_view plural_forms);

}  // namespace erli18n

#endif  // ERLI18N_MERGE_H
