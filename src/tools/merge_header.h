// Header rewriting for merge_catalogs and init_catalog.
#ifndef ERLI18N_SRC_MERGE_HEADER_H
#define ERLI18N_SRC_MERGE_HEADER_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n::detail {

/// The value of `field` in header text (what follows "Field:" up to the newline), matched
/// without regard to case; nothing when absent.
std::optional<std::string> header_value(std::string_view header, std::string_view field);

/// A template field that replaces (or adds) the catalog's.
struct header_override {
  std::string_view field;
  std::string_view value;
};

/// The catalog header as msgmerge rewrites it: the ten standard fields first, in the standard
/// order with their standard spelling, each with its last value in `header` (or the override's),
/// then every other line in its original order. A header with a Language-Team and no Language
/// gets the Language msgmerge guesses from the team's name (empty when it knows none).
std::string rebuilt_header(std::string_view header, const std::vector<header_override>& overrides);

/// `header` with the charset named in its Content-Type replaced by `charset`.
std::string header_with_charset(std::string_view header, std::string_view charset);

/// `header` with `field` set to `value`: the line replaced in place, or added before the
/// line of `before` (or at the end when that is absent too).
std::string header_with_field(std::string_view header, std::string_view field, std::string_view value,
                              std::string_view before);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MERGE_HEADER_H
