// The distance between a desired and a supported locale, as CLDR's language-matching rules
// ("written_new" in languageInfo.xml) define it and ICU's LocaleMatcher computes it: the sum of
// a language, a script and a region distance, each from the first rule that matches the two
// maximized locales at that level (a rule with `oneway` only from desired to supported). Two
// different languages are 80 apart unless a rule names the pair; scripts 50; regions 4, or
// what the region groups say (`$americas`: es_MX is closer to es_419 than to es_ES). A
// macroregion (419, 001) is as far as the farthest of the regions it contains.
#ifndef ERLI18N_SRC_LOCALE_DISTANCE_H
#define ERLI18N_SRC_LOCALE_DISTANCE_H

#include <span>
#include <string_view>

#include "likely_subtags.h"

namespace erli18n::detail {

// A distance at or beyond this is no match (ICU's default threshold: CLDR's default script
// distance, so that a different script alone never matches).
inline constexpr int no_match_distance = 50;

// The distance from `desired` to `supported`, or some value >= `threshold` as soon as the
// distance is known to reach it.
int locale_distance(const maximized_locale& desired, const maximized_locale& supported, int threshold = 100);

// How much farther each desired locale is than the one before it (ICU's region demotion: the
// distance from en_US to en_GB, so that a region difference for one desired locale is as good
// as a perfect match for the next).
int desired_locale_demotion();

// The languages that a desired `language` can match at a distance below no_match_distance,
// other than itself (da: nb, no, nn...): the only supported languages worth comparing.
std::span<const std::string_view> related_languages(std::string_view language);

// Whether `locale` is one of CLDR's paradigm locales (en, en_GB, es, es_419, pt_BR, pt_PT),
// which a tie between supported locales prefers.
bool is_paradigm_locale(const maximized_locale& locale);

// ICU's tie-break between two supported locales as far from the desired one: `a` is preferred
// to `b` when it has the same language and its differing script or region is the likely one
// (fr_FR rather than fr_CA for fr_BE).
bool more_likely(const maximized_locale& a, const maximized_locale& b);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_LOCALE_DISTANCE_H
