// locale_from_environment: the locale of messages and its fallbacks, from the variables GNU
// gettext reads (glibc's behaviour, checked against its dgettext in
// tests/unit/environment_locale_test.cc).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/locale_name.h"
#include "locale_chain.h"

namespace erli18n {
namespace {

std::string_view value_of(const environment_lookup& env_lookup, const char* name) {
  const char* v = env_lookup ? env_lookup(name) : nullptr;
  return v != nullptr ? std::string_view(v) : std::string_view();
}

void add_once(std::vector<std::string>& list, std::string locale) {
  if (std::find(list.begin(), list.end(), locale) == list.end()) list.push_back(std::move(locale));
}

// `canonical` and the more general names glibc tries after it: with a modifier, every
// truncation keeping the modifier comes first (`sr_RS@latin`, `sr@latin`), then the ones
// without it (`sr_RS`, `sr`), as glibc's catalog search orders them.
void add_with_parents(std::vector<std::string>& list, const std::string& canonical) {
  const std::size_t at = canonical.find('@');
  const std::string base = canonical.substr(0, at);
  std::vector<std::string> bases{base};
  detail::visit_parent_locales(
      base,
      [&](std::string_view parent) {
        bases.emplace_back(parent);
        return false;
      },
      parent_locale);
  if (at != std::string::npos)
    for (const std::string& b : bases) add_once(list, b + canonical.substr(at));
  for (std::string& b : bases) add_once(list, std::move(b));
}

bool is_c_locale(std::string_view canonical) { return canonical == "C" || canonical == "POSIX"; }

}  // namespace

environment_locale locale_from_environment(const environment_lookup& env_lookup) {
  environment_locale out;
  std::string_view messages;
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    messages = value_of(env_lookup, variable);
    if (messages.empty()) continue;
    out.variable = variable;
    break;
  }
  std::vector<std::string> chain;
  result<std::string> canonical = canonical_locale(messages);
  if (!messages.empty() && !canonical) {
    // glibc's setlocale refuses the name, so messages stay in "C" and LANGUAGE is ignored.
    out.ignored.push_back(out.variable + ": " + std::string(messages));
    out.variable.clear();
  }
  // The exact names, not the canonical ones: `C.UTF-8` is not "C" to glibc, and LANGUAGE applies.
  const bool c_locale = !canonical || messages == "C" || messages == "POSIX";
  std::string_view language = c_locale ? std::string_view() : value_of(env_lookup, "LANGUAGE");
  if (!language.empty()) {
    out.variable = "LANGUAGE";
    while (!language.empty()) {
      const std::size_t colon = language.find(':');
      const std::string_view entry = language.substr(0, colon);
      language = colon == std::string_view::npos ? std::string_view() : language.substr(colon + 1);
      if (entry.empty()) continue;
      result<std::string> c = canonical_locale(entry);
      if (!c) {
        out.ignored.push_back("LANGUAGE: " + std::string(entry));
        continue;
      }
      if (is_c_locale(*c)) break;
      add_with_parents(chain, *c);
    }
  } else if (canonical && !is_c_locale(*canonical)) {
    add_with_parents(chain, *canonical);
  }
  if (chain.empty()) {  // "C", or a LANGUAGE list that starts with "C" or names no locale
    out.locale = "C";
    return out;
  }
  out.locale = std::move(chain.front());
  out.fallbacks.assign(std::make_move_iterator(chain.begin() + 1), std::make_move_iterator(chain.end()));
  return out;
}

}  // namespace erli18n
