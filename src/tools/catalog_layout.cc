// The message order and references of the GNU tools' --sort-output, --sort-by-file and
// --add-location, as found by running msgmerge 0.21 on tests/data/merge's sorted pairs.
#include "catalog_layout.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <system_error>

namespace erli18n::detail {
namespace {

int compare_context(const std::optional<std::string>& a, const std::optional<std::string>& b) {
  if (!a || !b) return static_cast<int>(a.has_value()) - static_cast<int>(b.has_value());
  return a->compare(*b);
}

bool reference_less(const po_reference& a, const po_reference& b) {
  if (int c = a.file.compare(b.file); c != 0) return c < 0;
  return a.line.value_or(0) < b.line.value_or(0);  // a file without a line comes first
}

}  // namespace

std::optional<std::pair<unsigned long, unsigned long>> flag_range(std::string_view flag) {
  if (!flag.starts_with("range:")) return std::nullopt;
  std::string_view rest = flag.substr(6);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  auto number = [&rest](unsigned long& out) {
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), out);
    if (ec != std::errc() || end == rest.data()) return false;
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
    return true;
  };
  unsigned long lo = 0;
  unsigned long hi = 0;
  if (!number(lo) || !rest.starts_with("..")) return std::nullopt;
  rest.remove_prefix(2);
  if (!number(hi) || lo > hi) return std::nullopt;
  return std::pair{lo, hi};
}

// The header first and the obsolete entries after the live messages is where the writer's order
// puts them; the sort is stable, so duplicates keep their order.
void sort_catalog(po_file& catalog, bool by_file) {
  if (by_file)
    for (po_message& m : catalog.messages)
      std::stable_sort(m.references.begin(), m.references.end(), reference_less);
  auto less = [by_file](const po_message& a, const po_message& b) {
    if (a.is_header() != b.is_header()) return a.is_header();
    if (a.obsolete != b.obsolete) return b.obsolete;
    if (by_file && a.references.empty() != b.references.empty()) return a.references.empty();
    if (by_file && !a.references.empty()) {
      if (reference_less(a.references[0], b.references[0])) return true;
      if (reference_less(b.references[0], a.references[0])) return false;
    }
    if (int c = a.msgid.compare(b.msgid); c != 0) return c < 0;
    return compare_context(a.msgctxt, b.msgctxt) < 0;
  };
  std::stable_sort(catalog.messages.begin(), catalog.messages.end(), less);
}

void keep_locations(po_file& catalog, merge_location kind) {
  if (kind == merge_location::full) return;
  for (po_message& m : catalog.messages) {
    if (kind == merge_location::never) m.references.clear();
    // The writer keeps the first of repeated references: a file named twice is written once.
    for (po_reference& r : m.references) r.line.reset();
  }
}

}  // namespace erli18n::detail
