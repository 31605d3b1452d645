#include "erli18n/tools/report.h"

#include <algorithm>
#include <string>

namespace erli18n {

std::size_t message_counts::permille_complete() const noexcept {
  const std::size_t live = total();
  if (live == 0) return 1000;
  // translated <= live, and live is bounded by the reader's entry limit: no overflow.
  return translated * 1000 / live;
}

double message_counts::percent_complete() const noexcept {
  return static_cast<double>(permille_complete()) / 10.0;
}

message_counts& message_counts::operator+=(const message_counts& other) noexcept {
  translated += other.translated;
  fuzzy += other.fuzzy;
  untranslated += other.untranslated;
  partial_plurals += other.partial_plurals;
  obsolete += other.obsolete;
  return *this;
}

message_counts count_messages(const po_file& po) noexcept {
  message_counts counts;
  for (const po_message& m : po.messages) {
    if (m.is_header()) continue;
    if (m.obsolete) {
      ++counts.obsolete;
      continue;
    }
    // The reader gives every entry at least one form; an entry without any is untranslated.
    const bool first_form = !m.msgstr.empty() && !m.msgstr.front().empty();
    if (!first_form) {
      ++counts.untranslated;
    } else if (m.fuzzy) {
      ++counts.fuzzy;
    } else if (std::any_of(m.msgstr.begin(), m.msgstr.end(),
                           [](const std::string& s) { return s.empty(); })) {
      ++counts.untranslated;
      ++counts.partial_plurals;
    } else {
      ++counts.translated;
    }
  }
  return counts;
}

}  // namespace erli18n
