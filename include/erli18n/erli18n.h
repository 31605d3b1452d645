/// \file
/// erli18n/erli18n.h — a small C API over erli18n's process-wide catalog store, for C
/// programs and other languages' foreign-function interfaces. Exported by
/// liberli18n_intl.so. The store is the C++ API's `catalog_store::default_store()`.
///
/// Catalogs are keyed by (domain, locale); locale names are canonicalized (`pt-BR`,
/// `pt_BR.UTF-8` -> `pt_BR`). Lookups take no lock and return NUL-terminated UTF-8 text that
/// stays valid for the life of the process, even after the catalog is reloaded or unloaded.
/// On a miss they return their own argument: the msgid, or for the plural forms
/// msgid_plural unless n == 1. A NULL domain, locale or context finds nothing; a NULL msgid
/// returns NULL.
///
/// Failing calls return a status and leave the thread's last error message, the GNU-style
/// `file:line:col: error: message`, in `erli18n_last_error()`.
///
/// \code
/// if (erli18n_load("app", "de", "po/de.po") != ERLI18N_OK)
///   fprintf(stderr, "%s\n", erli18n_last_error());
/// puts(erli18n_gettext("app", "de", "Hello"));
/// \endcode
///
/// Valid C99 and later, and C++.
#ifndef ERLI18N_ERLI18N_H
#define ERLI18N_ERLI18N_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a call that changes the store. The values are those of erli18n::errc.
typedef enum erli18n_status {
  ERLI18N_OK = 0,             ///< the call succeeded
  ERLI18N_ERR_SYNTAX = 1,     ///< the file is not a valid .po or .mo
  ERLI18N_ERR_CHARSET = 2,    ///< unknown charset, or bytes invalid in it
  ERLI18N_ERR_LIMIT = 3,      ///< the file exceeds a bound (size, entries)
  ERLI18N_ERR_IO = 4,         ///< the file could not be read
  ERLI18N_ERR_ARGUMENT = 5,   ///< a NULL, empty or malformed domain, locale or path
  ERLI18N_ERR_NOT_FOUND = 6,  ///< no such catalog (unload)
  ERLI18N_ERR_NO_MEMORY = 7,  ///< an allocation failed; nothing changed
  ERLI18N_ERR_INTERNAL = 8    ///< an unexpected failure; nothing changed
} erli18n_status;

/// Loads the .po or .mo at `path` as the catalog of (domain, locale), replacing any.
///
/// Returns ERLI18N_OK, or the failure's status (then the published catalogs are unchanged
/// and `erli18n_last_error()` tells why). The default load bounds apply (64 MiB, 500000
/// entries); fuzzy entries are left out.
erli18n_status erli18n_load(const char* domain, const char* locale, const char* path);
/// Removes the catalog of (domain, locale); ERLI18N_ERR_NOT_FOUND when none is loaded.
/// Text already returned stays valid.
erli18n_status erli18n_unload(const char* domain, const char* locale);

/// The translation of `msgid` in the catalog of (domain, locale), or `msgid` itself.
const char* erli18n_gettext(const char* domain, const char* locale, const char* msgid);
/// The plural form for `n` of (`msgid`, `msgid_plural`) in the catalog of (domain, locale),
/// chosen by its `Plural-Forms`; on a miss `msgid` when n == 1, else `msgid_plural`.
const char* erli18n_ngettext(const char* domain, const char* locale, const char* msgid,
                             const char* msgid_plural, unsigned long n);
/// erli18n_gettext() for the message `msgid` in the msgctxt `context`.
const char* erli18n_pgettext(const char* domain, const char* locale, const char* context, const char* msgid);
/// erli18n_ngettext() for the plural message `msgid` in the msgctxt `context`.
const char* erli18n_npgettext(const char* domain, const char* locale, const char* context, const char* msgid,
                              const char* msgid_plural, unsigned long n);

/// The calling thread's last error message ("" when none), valid until its next failing
/// call. A successful call does not clear it.
const char* erli18n_last_error(void);
/// A short English name for a status ("ok", "syntax error", ...); never NULL
/// ("unknown status" for a value that is none of the enumerators).
const char* erli18n_status_string(erli18n_status status);

#ifdef __cplusplus
}
#endif

#endif /* ERLI18N_ERLI18N_H */
