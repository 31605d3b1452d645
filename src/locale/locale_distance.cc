#include "locale_distance.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "cldr_locale_data.h"

namespace erli18n::detail {
namespace {

// A region pattern of a rule: any region, or one in (or not in) a group. A region named
// literally (`GB` in `en_*_GB`) is a group of one.
struct region_pattern {
  enum class kind : std::uint8_t { any, in, not_in } form = kind::any;
  std::uint32_t bit = 0;
};

struct rule_side {
  std::string_view language;  // `*` matches any
  std::string_view script;    // `*` matches any
  region_pattern region;
};

struct parsed_rule {
  rule_side desired;
  rule_side supported;
  int distance = 0;
  bool oneway = false;
};

bool subtag_matches(std::string_view pattern, std::string_view value) {
  return pattern == "*" || pattern == value;
}

bool region_matches(const region_pattern& p, std::uint32_t groups) {
  switch (p.form) {
    case region_pattern::kind::any:
      return true;
    case region_pattern::kind::in:
      return (groups & p.bit) != 0;
    case region_pattern::kind::not_in:
      return (groups & p.bit) == 0;
  }
  return false;
}

std::string pair_key(std::string_view desired, std::string_view supported) {
  std::string key(desired);
  key += '\0';
  key += supported;
  return key;
}

// The rules, parsed once and indexed for the matcher's inner loop.
class distance_table {
 public:
  distance_table() {
    for (const cldr::string_pair& variable : cldr::match_variables) bit_of(variable.from);
    for (const cldr::string_pair& variable : cldr::match_variables)
      for (std::string_view region : words(variable.to)) groups_[region] |= bit_of(variable.from);
    for (const cldr::match_rule& r : cldr::match_rules) add_rule(r);
    for (const cldr::string_pair& macro : cldr::macroregions) {
      // A macroregion is in the groups of the regions it contains, not in its own (419 is in
      // no group, but every region in it is in $americas).
      std::vector<std::uint32_t>& masks = macroregion_groups_[macro.from];
      for (std::string_view leaf : words(macro.to)) masks.push_back(groups_of(leaf));
      std::sort(masks.begin(), masks.end());
      masks.erase(std::unique(masks.begin(), masks.end()), masks.end());
    }
    for (std::string_view name : cldr::paradigm_locales) paradigms_.push_back(maximize_locale(name));
    demotion_ = distance({"en", "Latn", "US", 7, {}}, {"en", "Latn", "GB", 7, {}}, 100);
  }

  int distance(const maximized_locale& d, const maximized_locale& s, int threshold) const {
    int total = 0;
    if (d.language != s.language) {
      const std::string key = pair_key(d.language, s.language);
      if (auto found = language_pairs_.find(key); found != language_pairs_.end())
        total = found->second;
      else if (!deeper_pairs_.contains(key))
        total = default_language_;
      // else: only script or region rules name the pair; they carry its distance.
    }
    if (total >= threshold) return total;
    if (d.script != s.script) {
      int script = default_script_;
      for (const parsed_rule& r : script_rules_) {
        if (applies(r, d, s)) {
          script = r.distance;
          break;
        }
      }
      total += script;
      if (total >= threshold) return total;
    }
    if (d.region != s.region) total += region_distance(d, s, threshold - total);
    return total;
  }

  std::span<const std::string_view> related(std::string_view language) const {
    auto found = related_.find(language);
    if (found == related_.end()) return {};
    return found->second;
  }

  bool is_paradigm(const maximized_locale& locale) const {
    return std::find(paradigms_.begin(), paradigms_.end(), locale) != paradigms_.end();
  }

  int demotion() const { return demotion_; }

 private:
  static std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
      const std::size_t space = text.find(' ');
      out.push_back(text.substr(0, space));
      text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    }
    return out;
  }

  std::uint32_t bit_of(std::string_view group) {
    auto [at, added] = bits_.emplace(group, 0);
    if (added) at->second = std::uint32_t{1} << (bits_.size() - 1);
    return at->second;
  }

  std::uint32_t groups_of(std::string_view region) const {
    auto found = groups_.find(region);
    return found == groups_.end() ? 0 : found->second;
  }

  rule_side side(std::string_view pattern) {
    rule_side out;
    const std::size_t first = pattern.find('_');
    out.language = pattern.substr(0, first);
    out.script = "*";
    if (first == std::string_view::npos) return out;
    const std::size_t second = pattern.find('_', first + 1);
    out.script = pattern.substr(first + 1, second - first - 1);
    if (second == std::string_view::npos) return out;
    const std::string_view region = pattern.substr(second + 1);
    if (region == "*") return out;
    if (region.starts_with("$!")) {
      out.region = {region_pattern::kind::not_in, bit_of(region.substr(2))};
    } else if (region.starts_with("$")) {
      out.region = {region_pattern::kind::in, bit_of(region.substr(1))};
    } else {
      out.region = {region_pattern::kind::in, bit_of(region)};
      groups_[region] |= bit_of(region);
    }
    return out;
  }

  void add_rule(const cldr::match_rule& r) {
    const std::string_view desired = r.desired;
    const std::size_t levels = 1 + static_cast<std::size_t>(std::count(desired.begin(), desired.end(), '_'));
    parsed_rule parsed{side(r.desired), side(r.supported), r.distance, r.oneway};
    const std::string_view d = parsed.desired.language, s = parsed.supported.language;
    const bool literal_pair = d != "*" && s != "*" && d != s;
    if (levels == 1) {
      if (!literal_pair) {
        default_language_ = r.distance;
        return;
      }
      // The first rule for a pair wins, as CLDR orders them.
      if (language_pairs_.emplace(pair_key(d, s), r.distance).second && r.distance < no_match_distance)
        related_[d].push_back(s);
      if (!r.oneway && language_pairs_.emplace(pair_key(s, d), r.distance).second &&
          r.distance < no_match_distance)
        related_[s].push_back(d);
      return;
    }
    if (literal_pair) {
      if (deeper_pairs_.insert(pair_key(d, s)).second) related_[d].push_back(s);
      if (!r.oneway && deeper_pairs_.insert(pair_key(s, d)).second) related_[s].push_back(d);
    }
    if (levels == 2) {
      if (parsed.desired.language == "*" && parsed.desired.script == "*") default_script_ = r.distance;
      script_rules_.push_back(parsed);
    } else {
      region_rules_.push_back(parsed);
    }
  }

  static bool side_matches(const rule_side& side, const maximized_locale& l) {
    return subtag_matches(side.language, l.language) && subtag_matches(side.script, l.script);
  }

  static bool applies(const parsed_rule& r, const maximized_locale& d, const maximized_locale& s) {
    if (side_matches(r.desired, d) && side_matches(r.supported, s)) return true;
    return !r.oneway && side_matches(r.desired, s) && side_matches(r.supported, d);
  }

  // The first region rule for (d, s) whose groups match `dg` and `sg`.
  int region_rule(const maximized_locale& d, const maximized_locale& s, std::uint32_t dg,
                  std::uint32_t sg) const {
    for (const parsed_rule& r : region_rules_) {
      if (side_matches(r.desired, d) && side_matches(r.supported, s) &&
          region_matches(r.desired.region, dg) && region_matches(r.supported.region, sg))
        return r.distance;
      if (!r.oneway && side_matches(r.desired, s) && side_matches(r.supported, d) &&
          region_matches(r.desired.region, sg) && region_matches(r.supported.region, dg))
        return r.distance;
    }
    return default_region_;
  }

  std::span<const std::uint32_t> groups_for(const std::string& region, std::uint32_t& single) const {
    if (auto macro = macroregion_groups_.find(region); macro != macroregion_groups_.end())
      return macro->second;
    single = groups_of(region);
    return {&single, 1};
  }

  int region_distance(const maximized_locale& d, const maximized_locale& s, int threshold) const {
    std::uint32_t d_single = 0, s_single = 0;
    const std::span<const std::uint32_t> dg = groups_for(d.region, d_single);
    const std::span<const std::uint32_t> sg = groups_for(s.region, s_single);
    int farthest = 0;
    for (std::uint32_t a : dg) {
      for (std::uint32_t b : sg) {
        farthest = std::max(farthest, region_rule(d, s, a, b));
        if (farthest >= threshold) return farthest;
      }
    }
    return farthest;
  }

  std::unordered_map<std::string_view, std::uint32_t> bits_;
  std::unordered_map<std::string_view, std::uint32_t> groups_;
  std::unordered_map<std::string_view, std::vector<std::uint32_t>> macroregion_groups_;
  std::unordered_map<std::string, int> language_pairs_;
  std::unordered_set<std::string> deeper_pairs_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> related_;
  std::vector<parsed_rule> script_rules_;
  std::vector<parsed_rule> region_rules_;
  std::vector<maximized_locale> paradigms_;
  int default_language_ = 80;
  int default_script_ = 50;
  int default_region_ = 4;
  int demotion_ = 0;
};

const distance_table& table() {
  static const distance_table instance;
  return instance;
}

}  // namespace

int locale_distance(const maximized_locale& desired, const maximized_locale& supported, int threshold) {
  return table().distance(desired, supported, threshold);
}

int desired_locale_demotion() { return table().demotion(); }

std::span<const std::string_view> related_languages(std::string_view language) {
  return table().related(language);
}

bool is_paradigm_locale(const maximized_locale& locale) { return table().is_paradigm(locale); }

bool more_likely(const maximized_locale& a, const maximized_locale& b) {
  if (a.language != b.language) return false;
  if (a.script != b.script) return a.script == maximize_locale(a.language).script;
  if (a.region != b.region) {
    std::string name = a.language;
    name.append(1, '_').append(a.script);
    return a.region == maximize_locale(name).region;
  }
  return false;
}

}  // namespace erli18n::detail
