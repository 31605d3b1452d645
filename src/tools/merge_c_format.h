// The c-format check msgmerge applies to a merged translation: when the template calls a
// message `c-format` and the translation's directives do not take the msgid's arguments
// (same positions, same types, as c_format.h reads them), the entry is marked fuzzy for review.
#ifndef ERLI18N_SRC_MERGE_C_FORMAT_H
#define ERLI18N_SRC_MERGE_C_FORMAT_H

#include <string_view>

namespace erli18n::detail {

/// False when `translation` is not a valid C format string or its arguments differ from those
/// of `original`. When `may_omit` (a plural form), the translation may leave arguments out.
/// An `original` that is not a valid C format string accepts any translation.
bool c_format_translation_fits(std::string_view original, std::string_view translation, bool may_omit);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MERGE_C_FORMAT_H
