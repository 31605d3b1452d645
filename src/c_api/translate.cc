// How a lookup proceeds (each step found by experiment against glibc 2.36; see
// docs/c-abi.md):
//  1. The locale of the category: the thread's erli18n locale if it has one, else the
//     thread's C locale (uselocale, else setlocale's). "C" or "POSIX" -> untranslated, and
//     LANGUAGE is then ignored; "C.UTF-8" is not "C" and does translate.
//  2. The languages: for a thread with an erli18n locale, that locale alone; else LANGUAGE
//     (colon-separated, empty entries skipped) when set and non-empty, replacing the locale
//     entirely; else the locale name. An entry "C" ends the search untranslated. LANGUAGE
//     is read again when setlocale, textdomain or a binding moved glibc's or our catalog
//     counter, as GNU documents (glibc answers from its cache until then).
//  3. For each language, expanded when it is an alias (locale_aliases.h), each of its
//     directory variants (locale_variants.h), the catalog DIR/VARIANT/CATEGORY/DOMAIN.mo
//     (catalog_paths.h; in secure mode, as in a setuid program, a language that is not one
//     plain path component names no file); the first that has the message answers. A catalog lacking the
//     message passes to the next variant, then the next language.
//  4. Each thread remembers recent answers by msgid pointer (string literals, mostly),
//     checked against the catalog's copy of the key before use, and for one second at most.
//     A thread in the global locale reuses its last resolution without reading the locale
//     name again while glibc's counter holds (only setlocale renames a global category).
//  5. The answer is re-encoded to the output codeset (bind_textdomain_codeset, else the
//     locale's) unless that is UTF-8.
#include "translate.h"

#include <langinfo.h>
#include <locale.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog_files.h"
#include "catalog_paths.h"
#include "codeset_conversion.h"
#include "domain_bindings.h"
#include "locale_aliases.h"
#include "lookup_internal.h"
#include "thread_caches.h"

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

// glibc's catalog counter: setlocale and textdomain move it, and glibc answers from its
// cache of translations until it does (exported by glibc for GNU libintl).
extern "C" int _nl_msg_cat_cntr;

int glibc_catalog_counter() noexcept { return __atomic_load_n(&_nl_msg_cat_cntr, __ATOMIC_RELAXED); }

struct request {
  std::string_view context;
  bool has_context;
  std::string_view msgid;
  std::string_view msgid_plural;
  bool plural;
  unsigned long n;
};

// The catalogs to try for `domain` under `languages`, in order (catalog_paths.h: in secure
// mode, languages that would leave the bound directory are skipped).
std::vector<catalog_file*> catalogs_to_try(const char* dir, const char* category, const char* domain,
                                           std::string_view languages) {
  std::vector<catalog_file*> files;
  for (const std::string& path :
       catalog_paths(dir, category, domain, languages, locale_alias_text(), secure_mode()))
    files.push_back(&catalog_at(path));
  return files;
}

// The LANGUAGE list the thread uses: read again only when a binding or glibc's counter
// moved since the last read. (getenv on every lookup would scan the whole environment.)
std::string_view language_list(thread_caches& caches, std::uint64_t bindings, int counter) {
  if (caches.language_bindings != bindings || caches.language_counter != counter) {
    const char* list = std::getenv("LANGUAGE");
    caches.language.assign(list != nullptr ? list : "");
    caches.language_bindings = bindings;
    caches.language_counter = counter;
  }
  return caches.language;
}

bool matches(const resolution& r, const char* domain, int category, std::string_view locale,
             bool thread_locale, bool global_locale, std::uint64_t bindings, int counter) noexcept {
  return r.category == category && r.bindings == bindings && r.glibc_counter == counter &&
         r.thread_locale == thread_locale && r.global_locale == global_locale && r.locale == locale &&
         std::strcmp(r.domain.c_str(), domain) == 0;
}

// The resolution the thread used last, when it still answers this call under the process's
// global locale: made under the global locale with the same counters, so the category's
// locale name is the one it was made for (only setlocale renames it, and that moves
// glibc's counter). Null when the full check must run.
resolution* same_global_resolution(thread_caches& caches, const char* domain, int category,
                                   std::uint64_t bindings, int counter) noexcept {
  if (caches.last >= caches.filled) return nullptr;
  resolution& r = caches.resolutions[caches.last];
  if (!r.global_locale || r.category != category || r.bindings != bindings || r.glibc_counter != counter ||
      std::strcmp(r.domain.c_str(), domain) != 0)
    return nullptr;
  return &r;
}

// resolution::utf8_output: whether the output codeset is UTF-8 for as long as a resolution
// made now is used.
bool utf8_for_good(const char* bound_codeset, bool thread_locale, bool global_locale) noexcept {
  if (bound_codeset != nullptr) return is_utf8(bound_codeset);
  if (thread_locale) return true;    // see translate()
  if (!global_locale) return false;  // uselocale's locale: asked on every lookup
  const char* codeset = nl_langinfo(CODESET);
  return codeset != nullptr && is_utf8(codeset);
}

// The calling thread's resolution of (domain, category) for `locale`, made when none of its
// recent ones matches. Matching compares texts, never only pointers: a caller may reuse a
// buffer for another domain.
resolution& resolved(thread_caches& caches, const char* domain, int category, const char* category_dir,
                     std::string_view locale, bool thread_locale, bool global_locale, std::uint64_t bindings,
                     int counter) {
  for (std::size_t i = 0; i < caches.filled; ++i) {
    if (matches(caches.resolutions[i], domain, category, locale, thread_locale, global_locale, bindings,
                counter)) {
      caches.last = i;
      return caches.resolutions[i];
    }
  }
  // A thread's erli18n locale is an explicit choice for that thread: LANGUAGE, which
  // speaks for the whole process, does not override it. Else a non-empty LANGUAGE
  // replaces the locale entirely.
  std::string_view languages = locale;
  if (!thread_locale) {
    std::string_view list = language_list(caches, bindings, counter);
    if (!list.empty()) languages = list;
  }
  std::size_t slot = caches.filled;
  if (slot == thread_caches::resolution_slots) {
    slot = caches.next_victim;
    caches.next_victim = (caches.next_victim + 1) % thread_caches::resolution_slots;
  }
  const domain_binding binding = binding_of(domain);
  resolution fresh;
  fresh.domain = domain;
  fresh.category = category;
  fresh.locale = locale;
  fresh.thread_locale = thread_locale;
  fresh.global_locale = global_locale;
  fresh.bindings = bindings;
  fresh.glibc_counter = counter;
  fresh.files = catalogs_to_try(binding.dir, category_dir, domain, languages);
  fresh.bound_codeset = binding.codeset;
  fresh.utf8_output = utf8_for_good(binding.codeset, thread_locale, global_locale);
  resolution& r = caches.resolutions[slot];
  r = std::move(fresh);  // only after everything that may throw
  if (slot == caches.filled) ++caches.filled;
  caches.last = slot;
  return r;
}

// The answer the thread remembers for this call in `a`, or null. strncmp stops at the
// caller's NUL, so a shorter caller text is never read past its end.
const char* remembered(const remembered_answer& a, const char* msgid, std::uint16_t n_plus,
                       std::uint32_t serial) noexcept {
  if (a.site != remembered_answer::site_of(msgid) || a.serial != serial || a.n_plus != n_plus) return nullptr;
  return std::strncmp(msgid, a.key, a.key_size) == 0 && msgid[a.key_size] == '\0' ? a.text() : nullptr;
}

// The answer `set` remembers for this call under `serial`, or null (also when n does not
// fit an answer: such a call is never remembered).
const char* remembered_in(const remembered_answer* set, const char* msgid, bool plural, unsigned long n,
                          std::uint32_t serial) noexcept {
  const std::uint16_t n_plus = remembered_answer::n_plus_of(plural, n);
  if (plural && n_plus == 0) return nullptr;
  for (unsigned way = 0; way < thread_caches::answer_ways; ++way)
    if (const char* text = remembered(set[way], msgid, n_plus, serial)) return text;
  return nullptr;
}

// The catalog's copy of the key the caller passed as `msgid` ("context\004msgid" for a
// context): the message's msgid, with its context when that lies right before it, as a
// `.mo` keeps them. Null when there is no such copy.
std::string_view key_copy(const catalog_message& m) noexcept {
  if (m.context.data() == nullptr) return m.msgid;
  const char* context_end = m.context.data() + m.context.size();
  if (context_end + 1 != m.msgid.data() || *context_end != '\004') return {};
  return {m.context.data(), m.context.size() + 1 + m.msgid.size()};
}

std::optional<catalog_message> find_message(const resolution& resolution, const request& r,
                                            std::int64_t now) {
  for (catalog_file* file : resolution.files) {
    if (!catalog_ready(*file, now)) continue;
    auto found = lookup_message(*file, r.has_context ? &r.context : nullptr, r.msgid,
                                r.plural ? &r.msgid_plural : nullptr, r.n);
    if (found) return found;
  }
  return std::nullopt;
}

// The translation of the call, before codeset conversion; null when untranslated.
// `set` is caches.answer_set(msgid, n), n being 0 for a singular lookup.
const char* lookup(thread_caches& caches, remembered_answer* set, resolution& resolution, const char* msgid,
                   const char* msgid_plural, bool plural, unsigned long n) {
  if (!plural) n = 0;
  const std::uint64_t epoch = catalogs_epoch();  // before the lookup whose answer it stamps
  const std::int64_t now = catalog_clock();
  if (resolution.answers_epoch != epoch || resolution.answers_second != now) {
    resolution.serial = caches.next_serial();
    resolution.answers_epoch = epoch;
    resolution.answers_second = now;
  }
  const auto serial = static_cast<std::uint32_t>(resolution.serial);
  if (const char* text = remembered_in(set, msgid, plural, n, serial)) return text;

  request r{{}, false, msgid, {}, plural, n};
  if (plural && msgid_plural != nullptr) r.msgid_plural = msgid_plural;
  // GNU's context form "context\004msgid" (pgettext in gettext.h) reaches us as one key.
  if (auto eot = r.msgid.find('\004'); eot != std::string_view::npos) {
    r.has_context = true;
    r.context = r.msgid.substr(0, eot);
    r.msgid = r.msgid.substr(eot + 1);
  }
  std::optional<catalog_message> found = find_message(resolution, r, now);
  if (!found) return nullptr;
  // Remembered when the key has one copy in the catalog that fits the slot, within 2 GiB of
  // the translation, and n fits too.
  const std::string_view key = key_copy(*found);
  const std::uint16_t n_plus = remembered_answer::n_plus_of(plural, n);
  const std::optional<std::int32_t> text_offset =
      key.data() != nullptr ? remembered_answer::text_offset_of(key.data(), found->text.data())
                            : std::nullopt;
  if (text_offset && key.size() <= UINT16_MAX && (!plural || n_plus != 0)) {
    if (!caches.note_answer_stored()) set = caches.answer_set(msgid, n);  // a larger table
    remembered_answer& slot = thread_caches::way_for_new_answer(set, msgid, n_plus);
    slot.site = remembered_answer::site_of(msgid);
    slot.key = key.data();
    slot.text_offset = *text_offset;
    slot.serial = serial;
    slot.key_size = static_cast<std::uint16_t>(key.size());
    slot.n_plus = n_plus;
  }
  return found->text.data();
}

// The answer the thread remembers for this call, when it can be told without leaving the
// thread's caches: the thread in the process's global locale with no erli18n locale of its
// own, the resolution it used last still the call's (same domain, category and counters),
// its serial still current (the catalogs' epoch and clock second unchanged), the answer's
// text needing no conversion. Null when any of that does not hold: translate_in_full then
// decides, and remembers. Nothing here sets errno, and nothing allocates. (Most lookups of
// a program end here: without errno's keeping, the category's name, the try block and
// translate_in_full's frame, a remembered answer costs about a fifth less.)
const char* remembered_answer_of(const char* domain, const char* msgid, bool plural, unsigned long n,
                                 int category) noexcept {
  thread_caches* caches = t_caches;
  if (caches == nullptr || msgid == nullptr) return nullptr;
  if (domain == nullptr) domain = text_domain();
  // Both counters are read before the state they guard, as in translate_in_full.
  const std::uint64_t bindings = bindings_generation();
  const int counter = glibc_catalog_counter();
  if (!detail::thread_locale_override().empty() ||
      uselocale(static_cast<locale_t>(nullptr)) != LC_GLOBAL_LOCALE)
    return nullptr;
  const resolution* r = same_global_resolution(*caches, domain, category, bindings, counter);
  if (r == nullptr || !r->utf8_output) return nullptr;
  if (r->answers_epoch != catalogs_epoch() || r->answers_second != catalog_clock()) return nullptr;
  return remembered_in(caches->answer_set(msgid, plural ? n : 0), msgid, plural, n,
                       static_cast<std::uint32_t>(r->serial));
}

// translate's every case: a lookup that remembered_answer_of could not answer.
[[gnu::noinline]] const char* translate_in_full(const char* domain, const char* msgid,
                                                const char* msgid_plural, bool plural, unsigned long n,
                                                int category) noexcept {
  errno_keeper keep;
  if (msgid == nullptr) return nullptr;
  const char* untranslated = (plural && n != 1) ? msgid_plural : msgid;
  try {
    const char* cat = category_name(category);
    if (cat == nullptr) return untranslated;
    if (domain == nullptr) domain = text_domain();
    if (*domain == '\0') return untranslated;

    // The remembered answer's slot and the caller's text are read last, and are often not
    // in the L1 cache: asked for now, they arrive while the checks below run. (The caches
    // are made only once a lookup gets past the "C" locale: a program that never
    // translates allocates nothing.)
    thread_caches* caches = t_caches;
    remembered_answer* set = caches != nullptr ? caches->answer_set(msgid, plural ? n : 0) : nullptr;
    __builtin_prefetch(set);
    __builtin_prefetch(msgid);

    std::string_view locale = detail::thread_locale_override();
    const bool thread_locale = !locale.empty();
    // Both counters are read before the state they guard (the locale, LANGUAGE, bindings).
    const std::uint64_t bindings = bindings_generation();
    const int counter = glibc_catalog_counter();
    const bool global_locale =
        !thread_locale && uselocale(static_cast<locale_t>(nullptr)) == LC_GLOBAL_LOCALE;
    resolution* r = caches != nullptr && global_locale
                        ? same_global_resolution(*caches, domain, category, bindings, counter)
                        : nullptr;
    if (r == nullptr) {
      if (!thread_locale) {
        const char* name = nl_langinfo(NL_LOCALE_NAME(category));  // honours uselocale
        locale = name != nullptr ? name : "C";
      }
      if (locale == "C" || locale == "POSIX") return untranslated;
      caches = &this_thread_caches();
      r = &resolved(*caches, domain, category, cat, locale, thread_locale, global_locale, bindings, counter);
      set = caches->answer_set(msgid, plural ? n : 0);
    }
    const char* found = lookup(*caches, set, *r, msgid, msgid_plural, plural, n);
    if (found == nullptr) return untranslated;

    if (r->utf8_output) return found;
    // The C++ API is UTF-8: a thread with an erli18n locale gets UTF-8 unless bound otherwise.
    const char* codeset = r->bound_codeset;
    if (codeset == nullptr && !thread_locale) codeset = nl_langinfo(CODESET);
    if (codeset == nullptr || is_utf8(codeset)) return found;
    const char* text = converted(found, codeset);
    return text != nullptr ? text : untranslated;
  } catch (...) {  // allocation failure: answer as a miss rather than throw into C
    return untranslated;
  }
}

}  // namespace

const char* translate(const char* domain, const char* msgid, const char* msgid_plural, bool plural,
                      unsigned long n, int category) noexcept {
  if (const char* text = remembered_answer_of(domain, msgid, plural, n, category)) return text;
  return translate_in_full(domain, msgid, msgid_plural, plural, n, category);
}

}  // namespace erli18n::intl
