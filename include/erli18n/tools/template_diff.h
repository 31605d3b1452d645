/// \file
/// What differs between a committed template and a fresh one.
///
/// `%erli18n check` keeps `.pot` templates honest in CI: it extracts the sources again and
/// compares each domain's fresh template with the one committed. `diff_templates` is that
/// comparison on parsed files. A message is identified by (context, msgid), an absent context
/// being distinct from an empty one; obsolete (`#~`) entries are not messages. The result
/// lists the messages added (only in the fresh template), removed (only in the committed one)
/// and changed (in both, with a different msgid_plural, references, extracted comments or
/// flags, `fuzzy` included), the header fields that differ (POT-Creation-Date is never
/// compared: it changes on every run), and whether the common messages are in another order.
///
/// With `names_only`, references are compared by file name alone: line numbers are ignored
/// and a file named several times counts once, so moving code inside a file (or between
/// functions) does not fail CI, while a message that starts or stops being used in a file
/// still does. Order is then not compared either, since a template in source order reorders
/// when code moves. Everything else is compared as in the default mode.
///
/// `format_template_diff` renders the short account the CLI prints, one line for the template
/// then one per message:
///
/// \code{.unparsed}
/// po/app.pot: 1 added, 1 removed, 1 changed
///   + "Save as…" (src/ui.cc:40)
///   - "Save" (src/ui.cc:38)
///   ~ "%d file" (src/ui.cc:52): references src/ui.cc:50 -> src/ui.cc:52
/// \endcode
///
/// All functions are pure and thread-safe.
///
/// \code
/// erli18n::template_diff d = erli18n::diff_templates(*committed, *fresh);
/// if (!d.empty()) std::cout << erli18n::format_template_diff(d, "po/app.pot");
/// \endcode
#ifndef ERLI18N_TEMPLATE_DIFF_H
#define ERLI18N_TEMPLATE_DIFF_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/po.h"

namespace erli18n {

/// How `diff_templates` compares.
struct template_diff_options {
  /// Compare references by file name only (no line numbers, each file once), and ignore the
  /// order of messages.
  bool names_only = false;
};

/// How a message differs between the committed template and the fresh one.
enum class template_change_kind {
  added,    ///< only in the fresh template
  removed,  ///< only in the committed template
  changed   ///< in both, with a different msgid_plural, references, extracted comments or flags
};

/// One message that differs.
struct template_change {
  template_change_kind kind = template_change_kind::added;  ///< added, removed or changed
  /// The message's context; nothing when it has none.
  std::optional<std::string> msgctxt;
  /// The message's msgid.
  std::string msgid;
  /// Where the message is used: the fresh template's references for an added or changed
  /// message, the committed template's for a removed one.
  std::vector<po_reference> references;
  /// For a changed message, one readable item per field that differs, in the order
  /// msgid_plural, references, extracted comments, flags (e.g.
  /// `references src/a.cc:12 -> src/a.cc:14`; when either list has more than three
  /// references, what went and what came: `references -src/a.cc:12 +src/a.cc:14`, or
  /// `references in another order`). Empty for added and removed messages.
  std::vector<std::string> details;
};

/// The differences between two templates; `empty()` when they are equal.
struct template_diff {
  /// Added messages in fresh-template order, then removed ones in committed-template order,
  /// then changed ones in fresh-template order.
  std::vector<template_change> changes;
  /// One readable item per header difference (e.g. `Project-Id-Version "1.0" -> "1.1"`),
  /// POT-Creation-Date excepted.
  std::vector<std::string> header_changes;
  /// The messages both templates hold are not in the same order. Never set with `names_only`.
  bool order_changed = false;

  /// True when the templates are equal: no change, no header change, same order.
  bool empty() const noexcept { return changes.empty() && header_changes.empty() && !order_changed; }
  /// How many changes of one kind there are.
  std::size_t count(template_change_kind kind) const noexcept;
};

/// Compares `committed` (the template on disk) with `fresh` (what extraction gives now).
template_diff diff_templates(const po_file& committed, const po_file& fresh,
                             const template_diff_options& options = {});

/// The account of `diff` for the template called `name`: `NAME: 2 added, 1 removed, 1 changed`
/// (kinds with no message left out; `header changed` and `order changed` added when they
/// apply), then one line per message indented by two spaces: `+`, `-` or `~`, the quoted
/// msgid (escaped, cut after 60 bytes), `[context "…"]` when there is one, the first
/// reference in parentheses (`and N more` when there are others), and for a changed message
/// `: ` and its details joined by `; `. Header differences follow, one per line
/// (`  header: …`). Every line ends with `\n`; an empty diff gives `NAME: up to date\n`.
std::string format_template_diff(const template_diff& diff, std::string_view name);

/// One message as the account names it: the quoted msgid (escaped, cut after 60 bytes),
/// ` [context "…"]` when there is a context, then ` (FIRST-REFERENCE)` or
/// ` (FIRST-REFERENCE and N more)` when there are references. E.g. `"Bye" (src/b.cc:3)`.
std::string describe_message(const std::optional<std::string>& msgctxt, std::string_view msgid,
                             const std::vector<po_reference>& references);

/// Whether two template texts are the same bytes once their `POT-Creation-Date` header lines
/// are set aside: the check that a committed template is exactly what extraction writes
/// (layout, wrapping and comments included), on top of `diff_templates`.
bool same_template_text(std::string_view committed, std::string_view fresh);

/// The indexes in `templ.messages` of the messages (header and obsolete entries excepted)
/// that `catalog` lacks: no entry of `catalog` that is not obsolete has their context and
/// msgid. A fuzzy or untranslated entry counts as present. In template order.
std::vector<std::size_t> missing_messages(const po_file& catalog, const po_file& templ);

}  // namespace erli18n

#endif  // ERLI18N_TEMPLATE_DIFF_H
