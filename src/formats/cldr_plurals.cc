// CLDR's plural rules: the generated table and its lookup.
#include "erli18n/cldr_plurals.h"

#include <algorithm>
#include <iterator>
#include <new>

#include "erli18n/locale_name.h"

namespace erli18n {
namespace {

constexpr cldr_plural_entry table[] = {
#include "cldr_plurals_table.inc"
};

constexpr bool sorted_and_unique() {
  for (std::size_t i = 1; i < std::size(table); ++i)
    if (!(table[i - 1].locale < table[i].locale)) return false;
  return true;
}
static_assert(sorted_and_unique(), "cldr_plurals_table.inc must be sorted by locale, without duplicates");

const cldr_plural_entry* find_exact(std::string_view key) noexcept {
  const auto* it =
      std::lower_bound(std::begin(table), std::end(table), key,
                       [](const cldr_plural_entry& e, std::string_view k) { return e.locale < k; });
  return it != std::end(table) && it->locale == key ? it : nullptr;
}

}  // namespace

std::string_view cldr_version() noexcept { return ERLI18N_CLDR_VERSION; }

cldr_plural_table cldr_plural_entries() noexcept { return {table, std::size(table)}; }

const cldr_plural_entry* find_cldr_plural(std::string_view locale) noexcept {
  char key[max_locale_name + 1];
  const std::size_t size = canonical_locale(locale, key, sizeof key);
  for (std::string_view name(key, size); !name.empty(); name = parent_locale(name, key, sizeof key))
    if (const cldr_plural_entry* e = find_exact(name)) return e;
  return nullptr;
}

std::optional<std::string_view> cldr_plural_forms(std::string_view locale) noexcept {
  if (const cldr_plural_entry* e = find_cldr_plural(locale)) return e->plural_forms;
  return std::nullopt;
}

std::optional<cldr_divergence> compare_with_cldr(const plural_rule& rule, std::string_view locale) {
  const cldr_plural_entry* cldr = find_cldr_plural(locale);
  if (cldr == nullptr) return std::nullopt;
  result<plural_rule> cldr_rule = plural_rule::parse(cldr->plural_forms);
  if (!cldr_rule) throw std::bad_alloc();  // the table's rules all compile: only memory can fail
  const plural_comparison comparison = compare_plural_rules(rule, *cldr_rule);
  if (comparison.same) return std::nullopt;
  return cldr_divergence{cldr, comparison};
}

}  // namespace erli18n
