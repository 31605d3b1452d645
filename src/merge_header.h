// Header rewriting for merge_catalogs and init_catalog.
#ifndef ERLI18N_SRC_MERGE_HEADER_H
#define ERLI18N_SRC_MERGE_HEADER_H

#include <optional>
#include <string>
#include <string_view>

namespace erli18n::detail {

/// The value of `field` in header text (what follows "Field:" up to the newline), matched
/// without regard to case; nothing when absent.
std::optional<std::string> header_value(std::string_view header, std::string_view field);

/// The catalog header msgmerge writes when the template has a POT-Creation-Date: the ten
/// standard fields first, in the standard order with their standard spelling, each with its
/// last value in `header`, POT-Creation-Date set to `pot_creation_date`; then every other
/// line in its original order.
std::string header_with_creation_date(std::string_view header, std::string_view pot_creation_date);

/// `header` with `field` set to `value`: the line replaced in place, or added before the
/// line of `before` (or at the end when that is absent too).
std::string header_with_field(std::string_view header, std::string_view field, std::string_view value,
                              std::string_view before);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MERGE_HEADER_H
