// CLDR's locale data for the best-fit matcher, the parent-locale fallback and text direction,
// generated into cldr_locale_data.inc by scripts/gen_cldr_locales.py (which documents each
// table) and read only through the lookups below.
#ifndef ERLI18N_SRC_CLDR_LOCALE_DATA_H
#define ERLI18N_SRC_CLDR_LOCALE_DATA_H

#include <algorithm>
#include <span>
#include <string_view>

namespace erli18n::cldr {

struct string_pair {
  std::string_view from;
  std::string_view to;
};

// One <languageMatch>: patterns of 1 to 3 subtags (`*`, `$variable`, `$!variable` in a region).
struct match_rule {
  std::string_view desired;
  std::string_view supported;
  int distance;
  bool oneway;
};

#include "cldr_locale_data.inc"

// The `to` of the row whose `from` is `key` in a table sorted by `from`, or an empty view.
inline std::string_view find(std::span<const string_pair> table, std::string_view key) noexcept {
  auto at = std::lower_bound(table.begin(), table.end(), key,
                             [](const string_pair& row, std::string_view k) { return row.from < k; });
  return at != table.end() && at->from == key ? at->to : std::string_view();
}

// Whether `key` is a `from` of the table (a parent may be the empty string: root).
inline bool contains(std::span<const string_pair> table, std::string_view key) noexcept {
  auto at = std::lower_bound(table.begin(), table.end(), key,
                             [](const string_pair& row, std::string_view k) { return row.from < k; });
  return at != table.end() && at->from == key;
}

}  // namespace erli18n::cldr

#endif  // ERLI18N_SRC_CLDR_LOCALE_DATA_H
