// A locale's language, script and region as CLDR's "Add Likely Subtags" fills them in
// (`zh_TW` is zh_Hant_TW, `sr` is sr_Cyrl_RS, `pt` is pt_Latn_BR), after replacing CLDR's
// language, script and territory aliases (`iw` -> he, `sh` -> sr_Latn, `SU` -> RU). The best-fit
// matcher compares these, so that spellings of one locale compare equal and a script differs
// from a region.
#ifndef ERLI18N_SRC_LIKELY_SUBTAGS_H
#define ERLI18N_SRC_LIKELY_SUBTAGS_H

#include <string>
#include <string_view>

namespace erli18n::detail {

// The subtags of a canonical name (`language[_Script][_REGION][@modifier]`), as views into it.
struct locale_subtags {
  std::string_view language;
  std::string_view script;
  std::string_view region;
  std::string_view modifier;
};

// Splits a name in canonical_locale's form; anything else gives whatever its parts look like.
locale_subtags split_locale(std::string_view canonical) noexcept;

// Language, script, region: each filled in, or left empty when CLDR knows nothing of the
// language (`qq` stays qq with no script or region).
// `explicit_subtags` says which were in the name before maximizing (4 the language, 2 the
// script, 1 the region), as ICU keeps them: the matcher prefers, among locales that maximize
// alike, the one spelled as the request is (`pt_BR` rather than `pt` for `pt-BR`), and
// `variant` the one with the same modifier. Equality compares the subtags only.
struct maximized_locale {
  std::string language;
  std::string script;
  std::string region;
  unsigned explicit_subtags = 0;
  std::string variant;  // a modifier that names no script (`valencia` of ca@valencia)
  bool operator==(const maximized_locale& o) const {
    return language == o.language && script == o.script && region == o.region;
  }
};

// The maximized form of the canonical name `canonical`. glibc's script modifiers count as the
// script (`sr@latin` is sr_Latn_RS); other modifiers are ignored. A language alias that also
// names a script or region (`sh` -> sr_Latn) gives those but keeps its language, as ICU does:
// CLDR's matching rules name such languages themselves (`sh` is close to bs and hr).
maximized_locale maximize_locale(std::string_view canonical);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_LIKELY_SUBTAGS_H
