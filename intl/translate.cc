// How a lookup proceeds (each step found by experiment against glibc 2.36; see
// docs/intl-status.md):
//  1. The locale of the category: the thread's erli18n locale if it has one, else the
//     thread's C locale (uselocale, else setlocale's). "C" or "POSIX" -> untranslated, and
//     LANGUAGE is then ignored; "C.UTF-8" is not "C" and does translate.
//  2. The languages: for a thread with an erli18n locale, that locale alone; else LANGUAGE
//     (colon-separated, empty entries skipped) when set and non-empty, replacing the locale
//     entirely; else the locale name. An entry "C" ends the search untranslated.
//  3. For each language, each of its directory variants (locale_variants.h), the catalog
//     DIR/VARIANT/CATEGORY/DOMAIN.mo; the first that has the message answers. A catalog
//     lacking the message passes to the next variant, then the next language.
//  4. The answer is re-encoded to the output codeset (bind_textdomain_codeset, else the
//     locale's) unless that is UTF-8.
#include "translate.h"

#include <langinfo.h>
#include <locale.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "catalog_files.h"
#include "codeset_conversion.h"
#include "domain_bindings.h"
#include "locale_variants.h"
#include "thread_caches.h"
#include "thread_locale.h"

namespace erli18n::intl {
namespace {

const char* category_name(int category) noexcept {
  switch (category) {
    case LC_CTYPE:
      return "LC_CTYPE";
    case LC_NUMERIC:
      return "LC_NUMERIC";
    case LC_TIME:
      return "LC_TIME";
    case LC_COLLATE:
      return "LC_COLLATE";
    case LC_MONETARY:
      return "LC_MONETARY";
    case LC_MESSAGES:
      return "LC_MESSAGES";
    case LC_PAPER:
      return "LC_PAPER";
    case LC_NAME:
      return "LC_NAME";
    case LC_ADDRESS:
      return "LC_ADDRESS";
    case LC_TELEPHONE:
      return "LC_TELEPHONE";
    case LC_MEASUREMENT:
      return "LC_MEASUREMENT";
    case LC_IDENTIFICATION:
      return "LC_IDENTIFICATION";
    default:
      return nullptr;  // LC_ALL and unknown categories: glibc answers untranslated
  }
}

// Restores errno on every return path: gettext must not disturb it (glibc does not).
struct errno_keeper {
  int saved = errno;
  ~errno_keeper() { errno = saved; }
};

struct request {
  const char* domain;
  std::string_view context;
  bool has_context;
  std::string_view msgid;
  std::string_view msgid_plural;
  bool plural;
  unsigned long n;
  const char* category;
};

// The catalogs to try for one language, resolved once per thread: the directory
// variants and their catalog entries do not change for a given (dir, category, domain,
// language), so later calls skip building names and searching the shared path map. A
// per-thread map (thread_caches.h) takes no lock and writes no memory other threads share.
const std::vector<catalog_file*>& catalogs_for(const request& r, const char* dir, std::string_view language) {
  thread_caches& caches = this_thread_caches();
  auto& resolved = caches.resolved;
  std::string& key = caches.key;
  key.assign(dir).append(1, '\n').append(r.category).append(1, '\n').append(r.domain).append(1, '\n');
  key.append(language);
  auto it = resolved.find(key);
  if (it != resolved.end()) return it->second;
  std::vector<catalog_file*> files;
  for (const std::string& variant : locale_variants(language)) {
    std::string path(dir);
    path.append("/")
        .append(variant)
        .append("/")
        .append(r.category)
        .append("/")
        .append(r.domain)
        .append(".mo");
    files.push_back(&catalog_at(path));
  }
  return resolved.emplace(key, std::move(files)).first->second;
}

std::optional<std::string_view> find_in_language(const request& r, const char* dir,
                                                 std::string_view language) {
  for (catalog_file* file : catalogs_for(r, dir, language)) {
    if (!catalog_ready(*file)) continue;
    auto found = lookup_message(*file, r.has_context ? &r.context : nullptr, r.msgid,
                                r.plural ? &r.msgid_plural : nullptr, r.n);
    if (found) return found;
  }
  return std::nullopt;
}

}  // namespace

const char* translate(const char* domain, const char* msgid, const char* msgid_plural, bool plural,
                      unsigned long n, int category) noexcept {
  errno_keeper keep;
  if (msgid == nullptr) return nullptr;
  const char* untranslated = (plural && n != 1) ? msgid_plural : msgid;
  try {
    const char* cat = category_name(category);
    if (cat == nullptr) return untranslated;
    if (domain == nullptr) domain = text_domain();
    if (*domain == '\0') return untranslated;

    std::string locale(detail::thread_locale_override());
    const bool thread_override = !locale.empty();
    if (!thread_override) {
      const char* name = nl_langinfo(NL_LOCALE_NAME(category));  // honours uselocale
      locale = name != nullptr ? name : "C";
    }
    if (locale == "C" || locale == "POSIX") return untranslated;

    request r{domain, {}, false, msgid, {}, plural, n, cat};
    if (plural && msgid_plural != nullptr) r.msgid_plural = msgid_plural;
    // GNU's context form "context\004msgid" (pgettext in gettext.h) reaches us as one key.
    if (auto eot = r.msgid.find('\004'); eot != std::string_view::npos) {
      r.has_context = true;
      r.context = r.msgid.substr(0, eot);
      r.msgid = r.msgid.substr(eot + 1);
    }

    const domain_binding binding = binding_of(domain);
    const char* languages = std::getenv("LANGUAGE");
    std::string_view list = locale;
    // A thread's erli18n locale is an explicit choice for that thread: LANGUAGE, which
    // speaks for the whole process, does not override it.
    if (!thread_override && languages != nullptr && *languages != '\0') list = languages;
    std::optional<std::string_view> found;
    while (!list.empty() && !found) {
      std::size_t colon = list.find(':');
      std::string_view language = list.substr(0, colon);
      list = colon == std::string_view::npos ? std::string_view() : list.substr(colon + 1);
      if (language.empty()) continue;
      if (language == "C") break;
      found = find_in_language(r, binding.dir, language);
    }
    if (!found) return untranslated;

    // The C++ API is UTF-8: a thread with an erli18n locale gets UTF-8 unless bound otherwise.
    const char* codeset = binding.codeset;
    if (codeset == nullptr && !thread_override) codeset = nl_langinfo(CODESET);
    if (codeset == nullptr || is_utf8(codeset)) return found->data();
    const char* text = converted(*found, codeset);
    return text != nullptr ? text : untranslated;
  } catch (...) {  // allocation failure: answer as a miss rather than throw into C
    return untranslated;
  }
}

}  // namespace erli18n::intl
