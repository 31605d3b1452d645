#include "locale_variants.h"

#include <algorithm>

namespace erli18n::intl {

std::string normalized_codeset(std::string_view codeset) {
  std::string out;
  bool only_digits = true;
  for (char c : codeset) {
    if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
      only_digits = false;
    } else if (c >= 'a' && c <= 'z') {
      out += c;
      only_digits = false;
    } else if (c >= '0' && c <= '9') {
      out += c;
    }
  }
  if (only_digits && !out.empty()) out.insert(0, "iso");
  return out;
}

std::vector<std::string> locale_variants(std::string_view name) {
  std::vector<std::string> out;
  if (name.empty()) return out;
  // Split as glibc does: the language ends at the first `_`, `.` or `@`; the territory
  // follows `_`, the codeset `.`, the modifier `@` (last).
  std::string_view modifier, codeset, territory;
  std::string_view rest = name;
  if (auto at = rest.find('@'); at != std::string_view::npos) {
    modifier = rest.substr(at + 1);
    rest = rest.substr(0, at);
  }
  if (auto dot = rest.find('.'); dot != std::string_view::npos) {
    codeset = rest.substr(dot + 1);
    rest = rest.substr(0, dot);
  }
  if (auto us = rest.find('_'); us != std::string_view::npos) {
    territory = rest.substr(us + 1);
    rest = rest.substr(0, us);
  }
  const std::string_view language = rest;
  const std::string normalized = normalized_codeset(codeset);

  out.emplace_back(name);  // the name exactly as given comes first
  // glibc 2.36 makes no variants of a name without a language (".utf8", "_x", "..@x"): they
  // would be the bound directory itself, or ".." above it.
  if (language.empty()) return out;
  auto add = [&](std::string_view terr, std::string_view cs, std::string_view mod) {
    std::string v(language);
    if (!terr.empty()) v.append("_").append(terr);
    if (!cs.empty()) v.append(".").append(cs);
    if (!mod.empty()) v.append("@").append(mod);
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(std::move(v));
  };
  for (std::string_view mod : {modifier, std::string_view()}) {
    for (std::string_view terr : {territory, std::string_view()}) {
      add(terr, codeset, mod);  // duplicates (no modifier) are dropped by add
      add(terr, normalized, mod);
      add(terr, {}, mod);
    }
  }
  return out;
}

}  // namespace erli18n::intl
