// cldr_parent_locale: CLDR's parent chain (parentLocales, then truncation that never changes the
// script), over the generated tables. Allocation-free: the store walks it on the lookup path.
#include <array>
#include <cstring>

#include "cldr_locale_data.h"
#include "erli18n/locale_name.h"
#include "likely_subtags.h"

namespace erli18n {
namespace {

// The script CLDR's likely subtags give `language` (with `region` when not empty), or empty.
std::string_view likely_script(std::string_view language, std::string_view region) noexcept {
  std::array<char, max_locale_name + 1> key;
  if (language.size() + 1 + region.size() >= key.size()) return {};
  std::memcpy(key.data(), language.data(), language.size());
  std::size_t size = language.size();
  if (!region.empty()) {
    key[size++] = '_';
    std::memcpy(key.data() + size, region.data(), region.size());
    size += region.size();
  }
  return detail::split_locale(cldr::find(cldr::likely_subtags, std::string_view(key.data(), size))).script;
}

// `parts` joined by `_`, written with a NUL into `out` (which may hold the name they view).
std::string_view write_parent(std::initializer_list<std::string_view> parts, char* out,
                              std::size_t cap) noexcept {
  std::array<char, max_locale_name + 1> parent;
  std::size_t size = 0;
  for (std::string_view part : parts) {
    if (part.empty()) continue;
    if (size + (size ? 1 : 0) + part.size() >= parent.size()) return {};
    if (size) parent[size++] = '_';
    std::memcpy(parent.data() + size, part.data(), part.size());
    size += part.size();
  }
  if (out == nullptr || size >= cap) return {};
  parent[size] = '\0';
  std::memcpy(out, parent.data(), size + 1);
  return {out, size};
}

}  // namespace

std::string_view cldr_parent_locale(std::string_view canonical, char* out, std::size_t cap) noexcept {
  const detail::locale_subtags s = detail::split_locale(canonical);
  if (!s.modifier.empty()) {
    // glibc's script modifiers: sr@latin is sr_Latn, whose parent is not sr (Cyrillic).
    if (s.script.empty() && s.region.empty()) {
      const std::string_view script = s.modifier == "latin"        ? "Latn"
                                      : s.modifier == "cyrillic"   ? "Cyrl"
                                      : s.modifier == "devanagari" ? "Deva"
                                                                   : "";
      if (!script.empty() && script != likely_script(s.language, {})) return {};
    }
    return parent_locale(canonical, out, cap);
  }
  if (cldr::contains(cldr::parent_locales, canonical)) {
    const std::string_view parent = cldr::find(cldr::parent_locales, canonical);
    return parent.empty() ? std::string_view() : write_parent({parent}, out, cap);
  }
  if (!s.script.empty() && s.region.empty()) {
    // zh_Hant is not zh (Simplified): a script other than the language's own has no parent.
    return s.script == likely_script(s.language, {}) ? parent_locale(canonical, out, cap)
                                                     : std::string_view();
  }
  if (s.script.empty() && !s.region.empty()) {
    // zh_TW is written in Hant: its parent is zh_Hant, not zh.
    const std::string_view here = likely_script(s.language, s.region);
    const std::string_view usual = likely_script(s.language, {});
    if (!here.empty() && !usual.empty() && here != usual) return write_parent({s.language, here}, out, cap);
  }
  return parent_locale(canonical, out, cap);
}

}  // namespace erli18n
