// `erli18n report --format json`: the same figures as the text table, for scripts.
//
//   {"catalogs": [{"domain", "locale", "status": "ok"|"missing"|"error", "file", counts…}],
//    "domains": [{"domain", counts…}], "locales": [{"locale", counts…}], "total": {counts…}}
//
// counts: translated, fuzzy, untranslated, partial_plurals, obsolete, total, percent_complete
// (rounded down to one decimal, as in the text). Catalogs come in domain, then locale order.
// A missing catalog counts its domain's messages (the most of its template and catalogs) as
// untranslated: its entry says how many ("untranslated"), and the totals add them.
// Totals also say how many catalogs they add up ("catalogs") and how many were missing
// ("missing"); over nothing to count, percent_complete is null.
#include <nlohmann/json.hpp>
#include <string>

#include "report_model.h"

namespace erli18n::cli {
namespace {

void put_counts(nlohmann::ordered_json& j, const message_counts& c, bool counted = true) {
  j["translated"] = c.translated;
  j["fuzzy"] = c.fuzzy;
  j["untranslated"] = c.untranslated;
  j["partial_plurals"] = c.partial_plurals;
  j["obsolete"] = c.obsolete;
  j["total"] = c.total();
  // A total over no catalog has no percentage (0 of 0 is not "100% complete").
  j["percent_complete"] = counted ? nlohmann::ordered_json(c.percent_complete()) : nlohmann::ordered_json();
}

void put_total(nlohmann::ordered_json& j, const report_total& t) {
  j["catalogs"] = t.catalogs;
  j["missing"] = t.missing;
  put_counts(j, t.counts, t.counted());
}

}  // namespace

std::string render_report_json(const report_model& model) {
  nlohmann::ordered_json out;
  out["catalogs"] = nlohmann::ordered_json::array();
  for (const std::string& domain : model.domains)
    for (const std::string& locale : model.locales) {
      nlohmann::ordered_json j{{"domain", domain}, {"locale", locale}};
      const report_catalog* c = model.find(domain, locale);
      if (c == nullptr) {
        j["status"] = "missing";
        j["untranslated"] = model.domain_messages(domain);  // what the totals count for it
      } else {
        j["status"] = c->counts ? "ok" : "error";
        j["file"] = c->file;
        if (c->counts)
          put_counts(j, *c->counts);
        else
          j["error"] = c->error;
      }
      out["catalogs"].push_back(std::move(j));
    }
  out["domains"] = nlohmann::ordered_json::array();
  for (const std::string& domain : model.domains) {
    nlohmann::ordered_json j{{"domain", domain}};
    put_total(j, model.domain_total(domain));
    out["domains"].push_back(std::move(j));
  }
  out["locales"] = nlohmann::ordered_json::array();
  for (const std::string& locale : model.locales) {
    nlohmann::ordered_json j{{"locale", locale}};
    put_total(j, model.locale_total(locale));
    out["locales"].push_back(std::move(j));
  }
  nlohmann::ordered_json total = nlohmann::ordered_json::object();
  put_total(total, model.total());
  out["total"] = std::move(total);
  // File names need not be UTF-8: invalid bytes become U+FFFD rather than aborting the dump.
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace erli18n::cli
