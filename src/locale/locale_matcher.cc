// The best-fit matcher: ICU's LocaleMatcher's choices (its defaults) over CLDR's data, without
// ICU. The available locales are maximized once; a request then compares each preference only
// with the available locales of its language and of the languages a rule relates to it.
#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "erli18n/locale_name.h"
#include "erli18n/negotiate.h"
#include "likely_subtags.h"
#include "locale_distance.h"

namespace erli18n {

namespace {

// The subtags, which were explicit and the modifier: ICU's exact match compares the first two,
// and ca@valencia must find itself rather than ca.
std::string key_of(const detail::maximized_locale& l) {
  std::string key;
  key.reserve(l.language.size() + l.script.size() + l.region.size() + 3);
  key.append(l.language).append(1, '_').append(l.script).append(1, '_').append(l.region);
  key.push_back(static_cast<char>('0' + l.explicit_subtags));
  if (!l.variant.empty()) key.append(1, '@').append(l.variant);
  return key;
}

// by_language is searched with the preference's language as a view.
struct string_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

// Distances are compared in eighths, as ICU does: two locales that maximize alike are 0 apart
// plus a fraction for each subtag only one of them spelled out.
constexpr int shift = 3;

}  // namespace

struct locale_matcher::prepared {
  struct entry {
    std::size_t index;  // in available
    detail::maximized_locale locale;
  };
  std::vector<std::string> available;
  // ICU's order, which settles ties: the first available locale and those equivalent to it,
  // then CLDR's paradigm locales, then the rest, each maximized form once (its first spelling).
  std::vector<entry> ordered;
  std::unordered_map<std::string, std::size_t> exact;  // maximized form -> position in ordered
  std::unordered_map<std::string, std::vector<std::size_t>, string_hash, std::equal_to<>>
      by_language;                                                // positions, ascending
  std::vector<std::pair<std::string, std::size_t>> untranslated;  // C or POSIX, index
};

locale_matcher::locale_matcher(std::vector<std::string> available) {
  auto p = std::make_shared<prepared>();
  p->available = std::move(available);
  std::vector<prepared::entry> entries;
  char canonical[max_locale_name + 1];
  for (std::size_t i = 0; i < p->available.size(); ++i) {
    const std::size_t size = canonical_locale(p->available[i], canonical, sizeof canonical);
    if (size == 0) continue;
    const std::string_view name(canonical, size);
    if (name == "C" || name == "POSIX") {  // no language to match: only the same name
      p->untranslated.emplace_back(name, i);
      continue;
    }
    entries.push_back({i, detail::maximize_locale(name)});
  }
  auto rank = [&](const prepared::entry& e) {
    if (e.locale == entries.front().locale) return 0;
    return detail::is_paradigm_locale(e.locale) ? 1 : 2;
  };
  std::stable_sort(entries.begin(), entries.end(),
                   [&](const prepared::entry& a, const prepared::entry& b) { return rank(a) < rank(b); });
  for (prepared::entry& e : entries) {
    if (!p->exact.emplace(key_of(e.locale), p->ordered.size()).second) continue;
    p->by_language[e.locale.language].push_back(p->ordered.size());
    p->ordered.push_back(std::move(e));
  }
  prepared_ = std::move(p);
}

const std::vector<std::string>& locale_matcher::available() const noexcept { return prepared_->available; }

std::optional<std::size_t> locale_matcher::find(const std::vector<language_preference>& preferences) const {
  const prepared& p = *prepared_;
  const int demotion = detail::desired_locale_demotion() << shift;
  int best_distance = detail::no_match_distance << shift;
  std::optional<std::size_t> best;
  std::vector<std::size_t> candidates;
  char canonical[max_locale_name + 1];
  for (const language_preference& preference : preferences) {
    if (preference.quality == 0 || preference.locale == "*") continue;
    const std::size_t size = canonical_locale(preference.locale, canonical, sizeof canonical);
    if (size == 0) continue;
    const std::string_view name(canonical, size);
    if (name == "C" || name == "POSIX") {
      for (const auto& [untranslated, index] : p.untranslated)
        if (untranslated == name) return index;
      continue;
    }
    const detail::maximized_locale desired = detail::maximize_locale(name);
    if (auto exact = p.exact.find(key_of(desired)); exact != p.exact.end())
      return p.ordered[exact->second].index;
    candidates.clear();
    auto add = [&](std::string_view language) {
      if (auto found = p.by_language.find(language); found != p.by_language.end())
        candidates.insert(candidates.end(), found->second.begin(), found->second.end());
    };
    add(desired.language);
    for (std::string_view related : detail::related_languages(desired.language)) add(related);
    std::sort(candidates.begin(), candidates.end());
    // Strictly closer than the best so far wins; a tie within this preference goes to the
    // more likely locale, as ICU breaks it.
    int threshold = best_distance;
    std::optional<std::size_t> local;
    for (std::size_t at : candidates) {
      const detail::maximized_locale& supported = p.ordered[at].locale;
      int distance = detail::locale_distance(desired, supported, (threshold + (1 << shift) - 1) >> shift)
                     << shift;
      // Equal after maximizing: the spelling decides (ICU's fraction), and a different modifier
      // (ca@valencia for ca) counts as a distance of 1.
      if (distance == 0)
        distance = static_cast<int>(desired.explicit_subtags ^ supported.explicit_subtags) +
                   (desired.variant == supported.variant ? 0 : 1 << shift);
      if (distance < threshold) {
        local = at;
        threshold = distance;
      } else if (distance == threshold && local && distance > 0 &&
                 detail::more_likely(supported, p.ordered[*local].locale)) {
        local = at;
      }
    }
    if (local) {
      best = local;
      best_distance = threshold;
    }
    best_distance -= demotion;
    if (best_distance <= 0) break;
  }
  if (!best) return std::nullopt;
  return p.ordered[*best].index;
}

}  // namespace erli18n
