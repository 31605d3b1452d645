/// \file
/// erli18n/cldr_plurals.h — CLDR's plural rule for a locale, as a `Plural-Forms` value.
///
/// The Unicode CLDR says how each language forms plurals. A catalog's own `Plural-Forms`
/// header always decides which msgstr a lookup uses; this table only lets the catalog store
/// (and tools such as `erli18n plural --cldr`) notice when a header disagrees with CLDR, for
/// instance after CLDR 38 gave French, Spanish, Italian and Portuguese a `many` form for
/// 1000000 that gettext's long-standing `nplurals=2` rules do not have.
///
/// The table is generated from CLDR's plurals.xml by scripts/gen_cldr_plurals.py and compiled
/// in; it is constant, so every function here may be called from any thread, and every view
/// it returns is over static, NUL-terminated storage that lives as long as the process.
///
/// \code
/// if (auto forms = erli18n::cldr_plural_forms("pt-BR"))  // CLDR's rule for pt
///   std::cout << *forms << '\n';  // nplurals=3; plural=(n<=1 ? 0 : n!=0 && n%1000000==0 ? 1 : 2);
/// \endcode
///
/// What the rules mean for gettext's n, a non-negative integer:
///  - Only CLDR's cardinal rules, and of them only the categories that can apply to an integer:
///    a category that CLDR uses for decimals only (`many` in Czech, `other` in Russian) has no
///    form, so nplurals may be smaller than the number of CLDR categories.
///  - The expression is the one GNU gettext's converter (`cldr-plurals`) prints, except where
///    it cannot or does not convert correctly: CLDR's exponent operand (`e`, `c`) is taken as 0,
///    and two-form rules it leaves un-negated are repaired. The generated table names each
///    such row, and every row was checked against CLDR's integer samples.
#ifndef ERLI18N_CLDR_PLURALS_H
#define ERLI18N_CLDR_PLURALS_H

#include <cstddef>
#include <optional>
#include <string_view>

#include "erli18n/plural.h"

namespace erli18n {

/// One locale's CLDR rule.
struct cldr_plural_entry {
  std::string_view locale;        ///< canonical locale key (`fr`, `pt_PT`)
  unsigned long nplurals;         ///< forms of the rule
  std::string_view plural_forms;  ///< `nplurals=N; plural=EXPR;`, ready for plural_rule::parse
  std::string_view categories;    ///< CLDR category of each form in order: `one many other`
};

/// All entries, sorted by locale (byte order): a view of the static table, usable in a
/// range-based for loop.
struct cldr_plural_table {
  const cldr_plural_entry* first = nullptr;  ///< the first entry
  std::size_t count = 0;                     ///< the number of entries

  /// The first entry.
  const cldr_plural_entry* begin() const noexcept { return first; }
  /// Past the last entry.
  const cldr_plural_entry* end() const noexcept { return first + count; }
  /// The number of entries.
  std::size_t size() const noexcept { return count; }
};

/// The CLDR release the table was generated from, e.g. `41`.
std::string_view cldr_version() noexcept;

/// Every locale the table knows (CLDR's `root` is not one of them).
cldr_plural_table cldr_plural_entries() noexcept;

/// The entry for `locale` (any spelling `canonical_locale` accepts), or nullptr. The name is
/// canonicalized, then it and each of its `parent_locale`s is looked up in turn: `pt_BR`
/// finds `pt`, `pt_PT` its own entry, `de_AT.UTF-8` finds `de`, `sr_RS@latin` finds `sr`.
/// A malformed name, `C` and a language CLDR does not list find nothing.
const cldr_plural_entry* find_cldr_plural(std::string_view locale) noexcept;

/// CLDR's `Plural-Forms` value for `locale`: `find_cldr_plural(locale)->plural_forms`, or
/// nothing when that finds no entry.
std::optional<std::string_view> cldr_plural_forms(std::string_view locale) noexcept;

/// A catalog rule that behaves unlike CLDR's for its locale.
struct cldr_divergence {
  const cldr_plural_entry* cldr = nullptr;  ///< CLDR's entry for the locale
  plural_comparison comparison;             ///< `compare_plural_rules(rule, CLDR's rule)`
};

/// Compares `rule` (a catalog's) with CLDR's rule for `locale` by behaviour: nothing when
/// CLDR has no rule for the locale or both pick the same forms. The one check that the
/// catalog store's plural-divergence event and `erli18n lint` share. Allocates (CLDR's rule
/// is compiled); throws only std::bad_alloc.
std::optional<cldr_divergence> compare_with_cldr(const plural_rule& rule, std::string_view locale);

}  // namespace erli18n

#endif  // ERLI18N_CLDR_PLURALS_H
