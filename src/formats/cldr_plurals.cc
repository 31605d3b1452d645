// CLDR's plural rules: the generated table and its lookup.
#include "erli18n/cldr_plurals.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>
#include <new>

#include "erli18n/locale_name.h"

namespace erli18n {
namespace {

// The generated rows, read at compile time only. A table of string_views at run time would
// hold about 700 pointers, which the dynamic linker relocates at every start of a program
// linking the library (three copy-on-write pages of liberli18n_intl.so's for `ls --help`),
// whether or not anything reads them. So the rows are packed below into one text and offsets,
// which need no relocation, and the entries are made from them at the first call.
constexpr cldr_plural_entry rows[] = {
#include "cldr_plurals_table.inc"
};
constexpr std::size_t row_count = std::size(rows);

constexpr bool sorted_and_unique() {
  for (std::size_t i = 1; i < row_count; ++i)
    if (!(rows[i - 1].locale < rows[i].locale)) return false;
  return true;
}
static_assert(sorted_and_unique(), "cldr_plurals_table.inc must be sorted by locale, without duplicates");

constexpr std::size_t text_size() {
  std::size_t n = 0;
  for (const cldr_plural_entry& r : rows)
    n += r.locale.size() + r.plural_forms.size() + r.categories.size() + 3;
  return n;
}

// A row as three pieces of `packed.text`, one after the other, each followed by a NUL (the
// header promises a NUL after the rule): the locale, the rule, the categories.
struct packed_row {
  std::uint16_t offset;
  std::uint8_t locale_size;
  std::uint8_t nplurals;
  std::uint16_t plural_forms_size;
  std::uint8_t categories_size;
};
static_assert(text_size() <= UINT16_MAX, "the packed CLDR text outgrew its 16-bit offsets");

struct packed_table {
  std::array<char, text_size()> text{};
  std::array<packed_row, row_count> rows{};
};

constexpr packed_table pack() {
  packed_table t;
  std::size_t at = 0;
  for (std::size_t i = 0; i < row_count; ++i) {
    const cldr_plural_entry& r = rows[i];
    t.rows[i] = {static_cast<std::uint16_t>(at), static_cast<std::uint8_t>(r.locale.size()),
                 static_cast<std::uint8_t>(r.nplurals), static_cast<std::uint16_t>(r.plural_forms.size()),
                 static_cast<std::uint8_t>(r.categories.size())};
    for (std::string_view piece : {r.locale, r.plural_forms, r.categories}) {
      for (char c : piece) t.text[at++] = c;
      t.text[at++] = '\0';
    }
  }
  return t;
}

constexpr bool fits_packed() {
  for (const cldr_plural_entry& r : rows)
    if (r.locale.size() > UINT8_MAX || r.nplurals > UINT8_MAX || r.plural_forms.size() > UINT16_MAX ||
        r.categories.size() > UINT8_MAX)
      return false;
  return true;
}
static_assert(fits_packed(), "a CLDR row outgrew its packed sizes");

constexpr packed_table packed = pack();

// The entries, from the packed rows. Not constexpr, nor a lambda (which would be): an
// initializer that is a constant expression is evaluated at compile time, into the table
// of pointers this file avoids.
std::array<cldr_plural_entry, row_count> unpack() noexcept {
  std::array<cldr_plural_entry, row_count> e{};
  const char* text = packed.text.data();
  for (std::size_t i = 0; i < row_count; ++i) {
    const packed_row& r = packed.rows[i];
    const char* locale = text + r.offset;
    const char* forms = locale + r.locale_size + 1;
    const char* categories = forms + r.plural_forms_size + 1;
    e[i] = {
        {locale, r.locale_size}, r.nplurals, {forms, r.plural_forms_size}, {categories, r.categories_size}};
  }
  return e;
}

// Made at the first call, on the heap and kept for the life of the process: nothing
// relocated at load, and nothing touched by a program that never asks. Not a static
// array: its 12 KB of zeroed storage would lie in .bss between variables that every
// program using liberli18n_intl.so touches, and spread them over one page more (an
// anonymous page, the dearest kind at start-up: docs/performance.md). A failed
// allocation terminates, as it would in any static initialiser.
const cldr_plural_entry* table() noexcept {
  static const auto* const entries = new std::array<cldr_plural_entry, row_count>(unpack());
  return entries->data();
}

const cldr_plural_entry* find_exact(std::string_view key) noexcept {
  const cldr_plural_entry* first = table();
  const cldr_plural_entry* last = first + row_count;
  const auto* it = std::lower_bound(
      first, last, key, [](const cldr_plural_entry& e, std::string_view k) { return e.locale < k; });
  return it != last && it->locale == key ? it : nullptr;
}

}  // namespace

std::string_view cldr_version() noexcept { return ERLI18N_CLDR_VERSION; }

cldr_plural_table cldr_plural_entries() noexcept { return {table(), row_count}; }

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
