#include "catalog_paths.h"

#include <sys/auxv.h>

#include <algorithm>

#include "erli18n/catalog_path.h"
#include "locale_aliases.h"
#include "locale_variants.h"

namespace erli18n::intl {

bool secure_mode() noexcept {
  static const bool secure = getauxval(AT_SECURE) != 0;
  return secure;
}

bool usable_language(std::string_view name, bool secure) {
  return !secure || static_cast<bool>(validate_path_component(name, "locale"));
}

std::vector<std::string> catalog_paths(std::string_view dir, std::string_view category,
                                       std::string_view domain, std::string_view languages,
                                       std::string_view aliases, bool secure) {
  std::vector<std::string> paths;
  while (!languages.empty()) {
    std::size_t colon = languages.find(':');
    std::string_view language = languages.substr(0, colon);
    languages = colon == std::string_view::npos ? std::string_view() : languages.substr(colon + 1);
    if (language.empty()) continue;
    if (language == "C") break;
    // Both the entry and what it stands for: the user chose the one, the alias file the other.
    if (!usable_language(language, secure)) continue;
    std::string_view expanded = expand_locale_alias_in(language, aliases);
    if (!usable_language(expanded, secure)) continue;
    for (const std::string& variant : locale_variants(expanded)) {
      std::string path(dir);
      path.append("/").append(variant).append("/").append(category).append("/").append(domain).append(".mo");
      // "de:de" or "de_DE:de" name a directory twice; asking it again cannot change the answer.
      if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(std::move(path));
    }
  }
  return paths;
}

}  // namespace erli18n::intl
