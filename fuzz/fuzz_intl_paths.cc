// Fuzzes how liberli18n_intl (src/c_api) turns a LANGUAGE list, an alias file and a domain
// into the catalog paths it opens: the list, the locale.alias text and the domain come from
// the input (fields separated by NUL bytes), and the paths are built both in ordinary and in
// secure mode (a setuid program's). Checked: every path is DIR/COMPONENT/CATEGORY/DOMAIN.mo
// with a non-empty COMPONENT; no path twice; in secure mode every COMPONENT is one plain path
// component (no `/`, no `..`: what a setuid program's user must not be able to name) and
// every path one the ordinary mode tries too; the directory variants of a name start with the
// name, are non-empty and distinct, and bring no `/` or `..` the name lacks; a normalized
// codeset is [a-z0-9] only; an alias expands to the name itself or to one word of the alias
// text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "catalog_paths.h"
#include "erli18n/catalog_path.h"
#include "locale_aliases.h"
#include "locale_variants.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

constexpr std::string_view dir = "/D";
constexpr std::string_view category = "LC_MESSAGES";

std::string_view next_field(std::string_view& rest) {
  std::size_t nul = rest.find('\0');
  std::string_view field = rest.substr(0, nul);
  rest = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
  return field;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// The COMPONENT of DIR/COMPONENT/CATEGORY/DOMAIN.mo, after checking the rest of the shape.
std::string_view component_of(std::string_view path, std::string_view domain) {
  std::string suffix = "/";
  suffix.append(category).append("/").append(domain).append(".mo");
  check(path.starts_with(dir) && path.size() > dir.size() + 1 + suffix.size());
  check(path[dir.size()] == '/' && path.ends_with(suffix));
  return path.substr(dir.size() + 1, path.size() - dir.size() - 1 - suffix.size());
}

void check_paths(std::string_view languages, std::string_view aliases, std::string_view domain) {
  const std::vector<std::string> open =
      erli18n::intl::catalog_paths(dir, category, domain, languages, aliases, false);
  const std::vector<std::string> secure =
      erli18n::intl::catalog_paths(dir, category, domain, languages, aliases, true);
  for (const std::vector<std::string>* list : {&open, &secure}) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string_view component = component_of((*list)[i], domain);
      check(!component.empty());
      for (std::size_t j = 0; j < i; ++j) check((*list)[j] != (*list)[i]);
    }
  }
  // Secure mode only leaves entries out: each of its paths is an ordinary one. (Not always in
  // the same order: "de_X/Y:fr:de" puts de before fr, from the entry secure mode skips.)
  for (const std::string& path : secure) {
    const std::string_view component = component_of(path, domain);
    check(!contains(component, "/") && component != ".." && component != ".");
    check(static_cast<bool>(erli18n::validate_path_component(component, "locale")));
    check(std::find(open.begin(), open.end(), path) != open.end());
  }
}

void check_variants(std::string_view name) {
  const std::vector<std::string> variants = erli18n::intl::locale_variants(name);
  if (name.empty()) {
    check(variants.empty());
    return;
  }
  check(!variants.empty() && variants.front() == name);
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const std::string& v = variants[i];
    check(!v.empty() && v.size() <= name.size() + 3);  // at most "iso" added to a codeset
    check(contains(name, "/") || !contains(v, "/"));
    check(contains(name, "..") || !contains(v, ".."));
    for (std::size_t j = 0; j < i; ++j) check(variants[j] != v);
  }
}

void check_codeset(std::string_view codeset) {
  const std::string normalized = erli18n::intl::normalized_codeset(codeset);
  for (char c : normalized) check((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));
}

void check_alias(std::string_view name, std::string_view aliases) {
  const std::string_view expanded = erli18n::intl::expand_locale_alias_in(name, aliases);
  if (expanded.data() == name.data() && expanded.size() == name.size()) return;
  check(!name.empty() && !expanded.empty());
  // A view into the alias text, one word of one line.
  check(expanded.data() >= aliases.data() &&
        expanded.data() + expanded.size() <= aliases.data() + aliases.size());
  for (char c : expanded) check(c != ' ' && c != '\t' && c != '\n' && c != '#');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const std::string_view languages = next_field(rest);
  const std::string_view aliases = next_field(rest);
  std::string_view domain = next_field(rest);
  if (domain.empty()) domain = "app";
  check_paths(languages, aliases, domain);
  for (std::size_t start = 0; start <= languages.size();) {
    std::size_t colon = languages.find(':', start);
    if (colon == std::string_view::npos) colon = languages.size();
    const std::string_view entry = languages.substr(start, colon - start);
    check_variants(entry);
    check_variants(erli18n::intl::expand_locale_alias_in(entry, aliases));
    check_alias(entry, aliases);
    if (std::size_t dot = entry.find('.'); dot != std::string_view::npos)
      check_codeset(entry.substr(dot + 1));
    start = colon + 1;
  }
  return 0;
}
