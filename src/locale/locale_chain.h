// The walk from a canonical locale to its ever more general parents, shared by the store's
// base-language fallback and by locale negotiation so that a request negotiated to a locale
// and a lookup falling back from it agree on which locales are "more general".
#ifndef ERLI18N_SRC_LOCALE_CHAIN_H
#define ERLI18N_SRC_LOCALE_CHAIN_H

#include <string_view>

#include "erli18n/locale_name.h"

namespace erli18n::detail {

/// Calls `visit(parent)` for each parent of the canonical name `canonical`, most specific
/// first, until `visit` returns true; returns whether it did. `step` gives a parent: CLDR's
/// (`es_MX`: `es_419`, then `es`) by default, or `parent_locale`'s truncation (RFC 4647
/// lookup). Allocates nothing. A parent view is valid only during its call.
template <class Visit>
bool visit_parent_locales(std::string_view canonical, Visit&& visit,
                          std::string_view (*step)(std::string_view, char*,
                                                   std::size_t) noexcept = cldr_parent_locale) {
  // Two buffers: a parent may be written from the previous one.
  char buffers[2][max_locale_name + 1];
  std::string_view locale = canonical;
  for (int turn = 0;; turn ^= 1) {
    locale = step(locale, buffers[turn], sizeof buffers[turn]);
    if (locale.empty()) return false;
    if (visit(locale)) return true;
  }
}

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_LOCALE_CHAIN_H
