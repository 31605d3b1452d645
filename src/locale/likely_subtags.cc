#include "likely_subtags.h"

#include <array>
#include <functional>
#include <memory>
#include <string>

#include "cldr_locale_data.h"

namespace erli18n::detail {
namespace {

bool is_script(std::string_view s) noexcept { return s.size() == 4 && s[0] >= 'A' && s[0] <= 'Z'; }
bool is_region(std::string_view s) noexcept {
  return (s.size() == 2 && s[0] >= 'A' && s[0] <= 'Z') || (s.size() == 3 && s[0] >= '0' && s[0] <= '9');
}

// glibc names a script in the modifier: sr_RS@latin, uz_UZ@cyrillic, sd_IN@devanagari.
std::string_view modifier_script(std::string_view modifier) noexcept {
  if (modifier == "latin") return "Latn";
  if (modifier == "cyrillic") return "Cyrl";
  if (modifier == "devanagari") return "Deva";
  return {};
}

void fill(maximized_locale& out, std::string_view likely) {
  const locale_subtags found = split_locale(likely);
  if (out.script.empty()) out.script = found.script;
  if (out.region.empty()) out.region = found.region;
}

// The row for `key` ("lang_Script_REGION" and shorter) in the likely-subtags table.
std::string_view likely_row(std::string_view language, std::string_view script, std::string_view region) {
  std::string key(language);
  if (!script.empty()) key.append("_").append(script);
  if (!region.empty()) key.append("_").append(region);
  return cldr::find(cldr::likely_subtags, key);
}

}  // namespace

locale_subtags split_locale(std::string_view canonical) noexcept {
  locale_subtags out;
  if (const std::size_t at = canonical.find('@'); at != std::string_view::npos) {
    out.modifier = canonical.substr(at + 1);
    canonical = canonical.substr(0, at);
  }
  std::size_t sep = canonical.find('_');
  out.language = canonical.substr(0, sep);
  while (sep != std::string_view::npos) {
    canonical = canonical.substr(sep + 1);
    sep = canonical.find('_');
    const std::string_view part = canonical.substr(0, sep);
    if (out.script.empty() && out.region.empty() && is_script(part))
      out.script = part;
    else if (out.region.empty() && is_region(part))
      out.region = part;
  }
  return out;
}

maximized_locale maximize_uncached(std::string_view canonical) {
  const locale_subtags in = split_locale(canonical);
  maximized_locale out{std::string(in.language), std::string(in.script), std::string(in.region), 0, {}};
  out.explicit_subtags = (in.language.empty() || in.language == "und" ? 0U : 4U) |
                         (in.script.empty() ? 0U : 2U) | (in.region.empty() ? 0U : 1U);
  if (const std::string_view script = modifier_script(in.modifier); script.empty())
    out.variant = in.modifier;
  else if (out.script.empty())
    out.script = script;
  // Aliases first: the likely subtags are keyed by current codes.
  std::string language = out.language;  // the one whose likely subtags are looked up
  if (const std::string_view alias = cldr::find(cldr::language_aliases, out.language); !alias.empty()) {
    const locale_subtags replacement = split_locale(alias);
    language = replacement.language;
    if (out.script.empty()) out.script = replacement.script;
    if (out.region.empty()) out.region = replacement.region;
    if (replacement.script.empty() && replacement.region.empty()) out.language = language;
  }
  if (const std::string_view alias = cldr::find(cldr::script_aliases, out.script); !alias.empty())
    out.script = alias;
  if (const std::string_view alias = cldr::find(cldr::territory_aliases, out.region); !alias.empty()) {
    // A region split in several (SU): the one where the language is most likely, else the first.
    std::string_view chosen = alias.substr(0, alias.find(' '));
    if (chosen.size() != alias.size()) {
      const std::string_view likely = likely_row(language, {}, {});
      const std::string_view likely_region = split_locale(likely).region;
      for (std::string_view rest = alias; !rest.empty();) {
        const std::size_t space = rest.find(' ');
        if (rest.substr(0, space) == likely_region && !likely_region.empty()) chosen = likely_region;
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      }
    }
    out.region = chosen;
  }
  // CLDR's lookup order: language_script_region, language_region, language_script, language
  // (each only when it has those subtags).
  const bool has_script = !out.script.empty(), has_region = !out.region.empty();
  for (int form = 0; form < 4; ++form) {
    const bool with_script = form == 0 || form == 2, with_region = form <= 1;
    if ((with_script && !has_script) || (with_region && !has_region)) continue;
    const std::string_view row =
        likely_row(language, with_script ? std::string_view(out.script) : std::string_view(),
                   with_region ? std::string_view(out.region) : std::string_view());
    if (row.empty()) continue;
    const locale_subtags found = split_locale(row);
    if (out.language == "und") out.language = found.language;
    fill(out, row);
    return out;
  }
  // A language CLDR does not know takes und's script and region (Latn, US), as ICU does, so
  // that `xx` and `xx_Latn_US` compare equal.
  fill(out, likely_row("und", {}, {}));
  return out;
}

maximized_locale maximize_locale(std::string_view canonical) {
  // Requests repeat a few names (en, en-US, de...): a small per-thread cache makes the lookup
  // a hash and a comparison instead of the alias and likely-subtag searches.
  struct slot {
    std::string name;
    maximized_locale value;
  };
  // On the heap, reached through a pointer: a 10 KB thread_local would have to fit the static
  // TLS surplus of every process that dlopen()s liberli18n_intl.so (whose initial-exec
  // variable makes its whole TLS block static), and glibc's surplus is smaller than that.
  using table = std::array<slot, 64>;
  thread_local std::unique_ptr<table> cache;
  if (!cache) cache = std::make_unique<table>();
  slot& s = (*cache)[std::hash<std::string_view>{}(canonical) % cache->size()];
  if (s.name != canonical || s.name.empty()) {
    s.value = maximize_uncached(canonical);
    s.name = canonical;
  }
  return s.value;
}

}  // namespace erli18n::detail
