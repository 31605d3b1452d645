// `erli18n report --format text`: one aligned table, a row per (domain, locale), then totals.
//
//   domain  locale  translated  fuzzy  untranslated  obsolete  complete
//   app     de               4      1             2         0     57.1%
//   app     ja      (no catalog)
//   app     (all)            4      1             2         0     57.1%
//   (all)   (all)            4      1             2         0     57.1%
//
// A domain's total row appears when there is more than one locale, the per-locale totals
// (`(all)  de`) when there is more than one domain; the grand total is always the last row.
// Totals add up the catalogs that could be read, and count each missing catalog's domain
// messages as untranslated (so "all domains / de" is over every domain, not those de has).
#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "report_model.h"

namespace erli18n::cli {
namespace {

constexpr std::size_t columns = 7;
struct row {
  std::array<std::string, columns> cells;
  bool note = false;  ///< cells[2] is a note in place of the counts
};

std::string percent_text(const message_counts& c) {
  const std::size_t p = c.permille_complete();
  return std::to_string(p / 10) + "." + std::to_string(p % 10) + "%";
}

row counts_row(const std::string& domain, const std::string& locale, const message_counts& c) {
  return {{domain, locale, std::to_string(c.translated), std::to_string(c.fuzzy),
           std::to_string(c.untranslated), std::to_string(c.obsolete), percent_text(c)}};
}

// A row whose counts are replaced by a note (a missing or unreadable catalog).
row note_row(const std::string& domain, const std::string& locale, const std::string& note) {
  return {{domain, locale, note, "", "", "", ""}, true};
}

// A total over nothing has no percentage to show (0 of 0 is not "100% complete"); a missing
// catalog of a domain with messages is something: all of them untranslated.
row total_row(const std::string& domain, const std::string& locale, const report_total& t) {
  return !t.counted() ? note_row(domain, locale, "(no catalog counted)")
                      : counts_row(domain, locale, t.counts);
}

}  // namespace

std::string render_report_text(const report_model& model) {
  const std::string all = "(all)";
  std::vector<row> rows;
  rows.push_back({{"domain", "locale", "translated", "fuzzy", "untranslated", "obsolete", "complete"}});
  for (const std::string& domain : model.domains) {
    for (const std::string& locale : model.locales) {
      const report_catalog* c = model.find(domain, locale);
      if (c == nullptr)
        rows.push_back(note_row(domain, locale, "(no catalog)"));
      else if (!c->counts)
        rows.push_back(note_row(domain, locale, "(unreadable)"));
      else
        rows.push_back(counts_row(domain, locale, *c->counts));
    }
    if (model.locales.size() > 1) rows.push_back(total_row(domain, all, model.domain_total(domain)));
  }
  if (model.domains.size() > 1)
    for (const std::string& locale : model.locales)
      rows.push_back(total_row(all, locale, model.locale_total(locale)));
  const report_total total = model.total();
  rows.push_back(total_row(all, all, total));

  // Names are left-aligned, numbers right-aligned; a note spills over the count columns.
  // Widths are in bytes: names outside ASCII may shift their row (the JSON is for machines).
  std::array<std::size_t, columns> width{};
  for (const row& r : rows)
    for (std::size_t i = 0; i < (r.note ? 2 : columns); ++i) width[i] = std::max(width[i], r.cells[i].size());
  std::string out;
  for (const row& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < columns; ++i) {
      if (i > 0) line += "  ";
      const std::string& cell = r.cells[i];
      const std::size_t pad = width[i] > cell.size() ? width[i] - cell.size() : 0;
      if (i < 2 || r.note)
        line += cell + std::string(pad, ' ');
      else
        line += std::string(pad, ' ') + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  if (total.missing > 0) {
    out += "note: a missing catalog counts its domain's messages as untranslated (";
    for (std::size_t i = 0; i < model.domains.size(); ++i)
      out +=
          (i ? ", " : "") + model.domains[i] + ": " + std::to_string(model.domain_messages(model.domains[i]));
    out += ")\n";
  }
  if (total.counts.partial_plurals > 0)
    out += "note: " + std::to_string(total.counts.partial_plurals) +
           " plural message(s) with a translated first form but an empty other form count as untranslated "
           "(msgfmt --statistics counts them as translated)\n";
  return out;
}

}  // namespace erli18n::cli
