/// \file
/// erli18n/gettext.h — the gettext lookup family, the thread's locale, and `translator`.
///
/// The free functions look up in `catalog_store::default_store()`:
///   - `gettext`, `ngettext`, `pgettext`, `npgettext`: the default domain (`textdomain`) and
///     the current locale (the thread's, set by `setlocale` or a `locale_scope`, else the
///     process default set by `set_default_locale`, initially "C");
///   - the `d` variants (`dgettext`, ...) take the domain first; the `dl` variants
///     (`dlgettext`, ...) take the domain and the locale.
///
/// Argument order follows GNU (domain, then context, then msgid, msgid_plural, n). Overloads
/// are never used to tell a domain from a context from a msgid: each form has its own name.
///
/// Every lookup is `noexcept`, takes no lock, allocates nothing and writes no memory shared
/// with other threads. It returns a view over NUL-terminated text that stays valid as long
/// as the store does, even after a reload (catalog_store.h). On a miss it returns its own
/// argument: `msgid`, or for the plural forms `msgid_plural` unless n == 1 — glibc's rule,
/// whatever the language (the language's plural rule is only applied to translations).
/// The plural forms return a `plural_text`: that view, which also remembers `n`, so that
/// `erli18n::format` (format.h) binds `%{count}` to it.
///
/// A `translator` is bound to a store, a domain and a locale: a small value, cheap to copy,
/// safe to use from any thread or coroutine (it does not depend on the thread's locale).
///
/// \code
/// erli18n::catalog_store::default_store().ensure_loaded("app", "de", "de/app.mo");
/// erli18n::textdomain("app");
/// erli18n::locale_scope scope("de_DE.UTF-8");        // this thread, until scope ends
/// std::cout << erli18n::ngettext("%d file", "%d files", 3);
/// erli18n::translator fr(erli18n::catalog_store::default_store(), "app", "fr");
/// std::cout << fr.pgettext("menu", "Open");
/// \endcode
#ifndef ERLI18N_GETTEXT_H
#define ERLI18N_GETTEXT_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "erli18n/catalog_store.h"
#include "erli18n/hashed.h"
#include "erli18n/locale_name.h"
#include "erli18n/result.h"

namespace erli18n {

/// What a plural lookup returns: the text it chose, as a `std::string_view` (it is one, and
/// converts to one wherever a view is expected), together with the `n` that chose it.
/// `erli18n::format` (format.h) binds the placeholder `%{count}` to `n()`. A trivially
/// copyable value: it owns nothing, and the text stays valid as the lookup promises.
class plural_text : public std::string_view {
 public:
  /// The text `text`, chosen for `n`.
  constexpr plural_text(std::string_view text, unsigned long n) noexcept : std::string_view(text), n_(n) {}
  /// The number the plural form was chosen for.
  constexpr unsigned long n() const noexcept { return n_; }

 private:
  unsigned long n_;
};

/// The translation of `msgid` in the default domain and the current locale, or `msgid`.
std::string_view gettext(std::string_view msgid) noexcept;
/// The plural form for `n` of (`msgid`, `msgid_plural`) in the default domain and the current
/// locale, chosen by the catalog's `Plural-Forms`; on a miss `msgid` when n == 1, else
/// `msgid_plural`.
plural_text ngettext(std::string_view msgid, std::string_view msgid_plural, unsigned long n) noexcept;
/// `gettext` for the message `msgid` in the msgctxt `context`.
std::string_view pgettext(std::string_view context, std::string_view msgid) noexcept;
/// `ngettext` for the plural message `msgid` in the msgctxt `context`.
plural_text npgettext(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept;

/// `gettext` of a msgid hashed while compiling (`ERLI18N_MSG("Save")`, hashed.h): the same
/// answer, without hashing at run time. The other hashed forms below likewise.
std::string_view gettext(const hashed_msgid& msgid) noexcept;
/// `ngettext(msgid.singular().msgid(), msgid.msgid_plural(), n)` (`ERLI18N_NMSG`).
plural_text ngettext(const hashed_nmsgid& msgid, unsigned long n) noexcept;
/// `pgettext(msgid.context(), msgid.msgid())` (`ERLI18N_PMSG`).
std::string_view pgettext(const hashed_pmsgid& msgid) noexcept;
/// `npgettext` of a hashed (msgctxt, msgid) and its msgid_plural (`ERLI18N_NPMSG`).
plural_text npgettext(const hashed_npmsgid& msgid, unsigned long n) noexcept;

/// `gettext` in the text domain `domain` instead of the default one.
std::string_view dgettext(std::string_view domain, std::string_view msgid) noexcept;
/// `ngettext` in the text domain `domain`.
plural_text dngettext(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n) noexcept;
/// `pgettext` in the text domain `domain`.
std::string_view dpgettext(std::string_view domain, std::string_view context,
                           std::string_view msgid) noexcept;
/// `npgettext` in the text domain `domain`.
plural_text dnpgettext(std::string_view domain, std::string_view context, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n) noexcept;

/// `dgettext` of a hashed msgid (hashed.h).
std::string_view dgettext(std::string_view domain, const hashed_msgid& msgid) noexcept;
/// `dngettext` of a hashed plural message.
plural_text dngettext(std::string_view domain, const hashed_nmsgid& msgid, unsigned long n) noexcept;
/// `dpgettext` of a hashed (msgctxt, msgid).
std::string_view dpgettext(std::string_view domain, const hashed_pmsgid& msgid) noexcept;
/// `dnpgettext` of a hashed plural message in a msgctxt.
plural_text dnpgettext(std::string_view domain, const hashed_npmsgid& msgid, unsigned long n) noexcept;

/// `gettext` in the text domain `domain` and the locale `locale` (canonicalized; a malformed
/// name finds nothing): `catalog_store::default_store().dlgettext(...)`.
std::string_view dlgettext(std::string_view domain, std::string_view locale, std::string_view msgid) noexcept;
/// `ngettext` in the text domain `domain` and the locale `locale`.
plural_text dlngettext(std::string_view domain, std::string_view locale, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n) noexcept;
/// `pgettext` in the text domain `domain` and the locale `locale`.
std::string_view dlpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                            std::string_view msgid) noexcept;
/// `npgettext` in the text domain `domain` and the locale `locale`.
plural_text dlnpgettext(std::string_view domain, std::string_view locale, std::string_view context,
                        std::string_view msgid, std::string_view msgid_plural, unsigned long n) noexcept;

/// Sets the calling thread's locale (canonicalized). An empty name clears it, so the
/// thread follows the process default again. An error for a malformed name (the thread's
/// locale is then unchanged).
result<void> setlocale(std::string_view locale);
/// The calling thread's locale, or the process default when the thread has none. The view
/// is valid until the thread's locale changes.
std::string_view which_locale() noexcept;

/// Sets the process default locale (canonicalized), used by threads without their own. An
/// error for a malformed name (the default is then unchanged).
result<void> set_default_locale(std::string_view locale);
/// The process default locale ("C" until `set_default_locale` succeeds). The view stays
/// valid for the life of the process.
std::string_view default_locale() noexcept;

/// Sets the default domain of the free functions (atomic, process-wide; initially
/// "messages", as GNU). An `errc::invalid_argument` error for an empty name or one containing
/// a NUL byte (the default domain is then unchanged).
result<void> textdomain(std::string_view domain);
/// The default domain of the free functions. The view stays valid for the life of the
/// process.
std::string_view textdomain() noexcept;

/// Loads the installed catalogs of `domain` under `root` into the default store:
/// `catalog_store::default_store().load_domain(domain, root, options)` (see there). With
/// `textdomain` and `use_environment_locale`, the set-up of a program:
///
/// \code
/// erli18n::textdomain("hello");
/// if (auto r = erli18n::bind_domain("hello", LOCALEDIR); !r) std::cerr << r.error().to_string() << '\n';
/// erli18n::use_environment_locale();  // LANGUAGE, LC_ALL, LC_MESSAGES, LANG
/// std::cout << erli18n::gettext("Hello") << '\n';  // in the user's language
/// \endcode
result<domain_load> bind_domain(std::string_view domain, const std::string& root,
                                const load_options& options = {});

/// Which locale `use_environment_locale` sets.
enum class locale_target : unsigned char {
  process,  ///< the process default (`set_default_locale`), for every thread without its own
  thread    ///< the calling thread's (`setlocale`)
};

/// Takes the user's locale of messages from the environment, as a GNU program's
/// `setlocale(LC_ALL, "")` and gettext do, for the default store: `use_environment_locale(
/// catalog_store::default_store(), getenv, target)` with the C library's `getenv`.
result<environment_locale> use_environment_locale(locale_target target = locale_target::process);
/// Sets the locale `locale_from_environment(getenv)` gives (locale_name.h: `LANGUAGE`'s
/// priority list unless the locale is "C", then `LC_ALL`, `LC_MESSAGES`, `LANG`) as the process
/// default or the thread's locale, and makes its fallbacks the explicit chain of that locale
/// in `store` (`set_fallback`), so that with `LANGUAGE=pt_BR:de` a message pt_BR lacks comes
/// from pt, then de, as with glibc. The store's other chains are kept; a fallback mode other
/// than `explicit_chain` is replaced by it (when there are fallbacks to set). Returns what was
/// read, `ignored` names included. Errors: those of `set_fallback` (then nothing is set).
/// Call it during start-up: `getenv` is not safe against a concurrent `setenv`.
result<environment_locale> use_environment_locale(catalog_store& store, const environment_lookup& getenv,
                                                  locale_target target = locale_target::process);

/// Sets the thread's locale for a scope and restores the previous one (or none) at its end,
/// so a pooled thread hands nothing over to its next task. Not copyable or movable. A
/// malformed locale leaves the thread's locale as it was; `ok()` tells.
class locale_scope {
 public:
  /// Saves the thread's locale (or its absence), then `setlocale(locale)`.
  explicit locale_scope(std::string_view locale);
  /// Restores the thread's locale saved at construction, or clears it if it had none.
  ~locale_scope();
  locale_scope(const locale_scope&) = delete;             ///< Not copyable.
  locale_scope& operator=(const locale_scope&) = delete;  ///< Not copyable.
  /// True when the locale given at construction was set; false when it was malformed.
  bool ok() const noexcept { return ok_; }

 private:
  char saved_[64];
  std::size_t saved_size_ = 0;
  bool ok_ = false;
};

namespace detail {
struct bound_key;
}

/// Lookups in one (store, domain, locale). The locale is canonicalized at construction; a
/// malformed one matches no catalog, so every lookup misses. The store must outlive it.
/// Catalogs loaded, reloaded or unloaded later are seen by the next lookup. A translator
/// made while its (domain, locale) has a catalog loaded reaches the catalog directly; one
/// made before searches the store's map on each lookup (a little slower, same answers).
class translator {
 public:
  /// Binds `store`, `domain` and `locale`. Allocates (may throw std::bad_alloc) but takes no
  /// lock: a load or reload in progress on another thread does not delay it, so a
  /// translator per request is fine. Copies are cheap (they share the bound key).
  translator(const catalog_store& store, std::string_view domain, std::string_view locale);

  /// The translation of `msgid` in the bound catalog, or `msgid` on a miss.
  std::string_view gettext(std::string_view msgid) const noexcept;
  /// The plural form for `n` of (`msgid`, `msgid_plural`) in the bound catalog; on a miss
  /// `msgid` when n == 1, else `msgid_plural`.
  plural_text ngettext(std::string_view msgid, std::string_view msgid_plural, unsigned long n) const noexcept;
  /// `gettext` for the message `msgid` in the msgctxt `context`.
  std::string_view pgettext(std::string_view context, std::string_view msgid) const noexcept;
  /// `ngettext` for the plural message `msgid` in the msgctxt `context`.
  plural_text npgettext(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                        unsigned long n) const noexcept;

  /// `gettext` of a msgid hashed while compiling (`ERLI18N_MSG`, hashed.h): the same answer,
  /// without hashing at run time. The other hashed forms likewise.
  std::string_view gettext(const hashed_msgid& msgid) const noexcept;
  /// `ngettext` of a hashed plural message (`ERLI18N_NMSG`).
  plural_text ngettext(const hashed_nmsgid& msgid, unsigned long n) const noexcept;
  /// `pgettext` of a hashed (msgctxt, msgid) (`ERLI18N_PMSG`).
  std::string_view pgettext(const hashed_pmsgid& msgid) const noexcept;
  /// `npgettext` of a hashed plural message in a msgctxt (`ERLI18N_NPMSG`).
  plural_text npgettext(const hashed_npmsgid& msgid, unsigned long n) const noexcept;

  /// The bound text domain, as given.
  std::string_view domain() const noexcept;
  /// The bound locale: canonicalized, or as given when it was malformed.
  std::string_view locale() const noexcept;

 private:
  friend struct store_access;  // detail::find_message (src/lookup/lookup_internal.h)
  // Every member lookup; `hash` is the key's lookup hash (msgid_hash).
  std::string_view lookup(const std::string_view* context, std::string_view msgid,
                          const std::string_view* msgid_plural, unsigned long n,
                          std::uint64_t hash) const noexcept;
  const catalog_store* store_;
  std::shared_ptr<const detail::bound_key> key_;
};

}  // namespace erli18n

#endif  // ERLI18N_GETTEXT_H
