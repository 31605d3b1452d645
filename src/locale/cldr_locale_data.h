// CLDR's locale data for the best-fit matcher, the parent-locale fallback and text direction,
// generated into cldr_locale_data.inc by scripts/gen_cldr_locales.py (which documents each
// table) and read only through the lookups below.
#ifndef ERLI18N_SRC_CLDR_LOCALE_DATA_H
#define ERLI18N_SRC_CLDR_LOCALE_DATA_H

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace erli18n::cldr {

// A string of at most N bytes held in the table's row itself. The large tables are made of
// these, not of string_views: a table of pointers is relocated by the dynamic linker at
// every start of every process that loads the library (a write, so a page fault and a
// private copy, for each of its pages: likely_subtags alone spans 15), where a table of
// bytes is read-only data of the file, touched only when looked up. The generator sizes
// each table's strings (scripts/gen_cldr_locales.py).
template <std::size_t N>
struct short_text {
  static_assert(N < 256, "the size is one byte");
  char text[N];
  unsigned char size;
  template <std::size_t M>
  consteval short_text(const char (&s)[M]) : text{}, size(static_cast<unsigned char>(M - 1)) {
    static_assert(M - 1 <= N, "a string longer than its table's strings");
    for (std::size_t i = 0; i + 1 < M; ++i) text[i] = s[i];
  }
  constexpr operator std::string_view() const noexcept { return {text, size}; }
};

template <std::size_t From, std::size_t To>
struct short_pair {
  short_text<From> from;
  short_text<To> to;
};

// The rows of the few tables with long strings (lists of regions), read whole.
struct string_pair {
  std::string_view from;
  std::string_view to;
};

// One <languageMatch>: patterns of 1 to 3 subtags (`*`, `$variable`, `$!variable` in a region).
struct match_rule {
  short_text<24> desired;
  short_text<24> supported;
  int distance;
  bool oneway;
};

#include "cldr_locale_data.inc"

// The row whose `from` is `key` in rows sorted by `from`, or `last`.
template <class Row>
const Row* find_row(const Row* first, const Row* last, std::string_view key) noexcept {
  const Row* at = std::lower_bound(
      first, last, key, [](const Row& row, std::string_view k) { return std::string_view(row.from) < k; });
  return at != last && std::string_view(at->from) == key ? at : last;
}

// The `to` of the row whose `from` is `key` in a table sorted by `from`, or an empty view.
template <std::size_t From, std::size_t To, std::size_t N>
std::string_view find(const short_pair<From, To> (&table)[N], std::string_view key) noexcept {
  const short_pair<From, To>* at = find_row(table, table + N, key);
  return at != table + N ? std::string_view(at->to) : std::string_view();
}

// Whether `key` is a `from` of the table (a parent may be the empty string: root).
template <std::size_t From, std::size_t To, std::size_t N>
bool contains(const short_pair<From, To> (&table)[N], std::string_view key) noexcept {
  return find_row(table, table + N, key) != table + N;
}

}  // namespace erli18n::cldr

#endif  // ERLI18N_SRC_CLDR_LOCALE_DATA_H
