// How the GNU tools that rewrite catalogs (msgmerge, msgcat, msguniq, msgattrib) order messages
// and which references they keep: one implementation for all of them, as their options are the
// same (`--sort-output`, `--sort-by-file`, `--add-location=TYPE`, `--no-location`).
#pragma once

#include <optional>
#include <string_view>
#include <utility>

#include "erli18n/po.h"
#include "erli18n/tools/merge.h"

namespace erli18n::detail {

// `--sort-output` (by msgid, then context, none first, as bytes) or, with `by_file`,
// `--sort-by-file` (each message's references sorted by file then line, then the messages by
// their first reference, none first, msgid and context). The header stays first and obsolete
// entries after the live messages, sorted the same way; the sort is stable.
void sort_catalog(po_file& catalog, bool by_file);

// A `range: MIN..MAX` flag (as the reader keeps it: `range:`, blanks, the word after them) as
// numbers, so that "range: 01..5" equals "range: 1..5"; nothing when `flag` is no range or a
// malformed one (MIN above MAX included). What follows MAX is ignored, as GNU's tools read it
// (msgcat 0.21 writes `range: 1..3x` as `range: 1..3`).
std::optional<std::pair<unsigned long, unsigned long>> flag_range(std::string_view flag);

// `--add-location=file` drops the line numbers (the writer then names each file once);
// `never` (`--no-location`) drops the references; `full` keeps them.
void keep_locations(po_file& catalog, merge_location kind);

}  // namespace erli18n::detail
