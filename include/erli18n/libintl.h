/// \file
/// erli18n/libintl.h — the GNU libintl C API that liberli18n_intl.so exports, plus the
/// context lookups (pgettext and friends) that GNU provides in its gettext.h.
///
/// The declarations match glibc's `<libintl.h>`, so both headers may be included. Contexts use
/// GNU's key form: the context, a byte 4, the msgid. The context macros need string literals
/// for the context and msgid (they are glued at compile time); when nothing is found, the
/// msgid (or msgid_plural) is returned, never the glued key.
///
/// A lookup uses the thread's erli18n locale when it has one (erli18n::setlocale), else the
/// C locale of the category (`uselocale`, else `setlocale`), with `LANGUAGE` as glibc reads
/// it, and the catalog `DIR/LOCALE/CATEGORY/DOMAIN.mo` of the domain's directory
/// (`bindtextdomain`); the locale `C` or `POSIX` translates nothing (docs/c-abi.md has the
/// details). The lookups are thread-safe and leave `errno` unchanged. The text they return
/// must not be modified; on a miss it is the caller's own msgid (or msgid_plural).
///
/// \code
/// #include <erli18n/libintl.h>
/// setlocale(LC_ALL, "");
/// bindtextdomain("app", "/usr/share/locale");
/// textdomain("app");
/// puts(pgettext("menu", "Open"));
/// printf(npgettext("mail", "%lu message", "%lu messages", n), n);
/// \endcode
///
/// Valid C99 and later, and C++. In C the context family are macros; in C++ they are function
/// templates (same names, arguments and answers), so that a C++ file may include
/// erli18n/gettext.h as well, before or after this header.
#ifndef ERLI18N_LIBINTL_H
#define ERLI18N_LIBINTL_H

#include <locale.h> /* LC_MESSAGES */

/* The names are parenthesized because glibc's <libintl.h> may define some of them as
 * function-like macros (gettext -> dgettext when optimizing). */
/// \cond INTERNAL
/* ERLI18N_INTL_NOTHROW only spells the declarations' exception specification in C and C++;
 * it is #undef'd at the end of this header, so it is no API. */
#ifdef __cplusplus
#define ERLI18N_INTL_NOTHROW noexcept
extern "C" {
#else
#define ERLI18N_INTL_NOTHROW
#endif
/// \endcond

/// The translation of `msgid` in the current text domain (`textdomain`) for LC_MESSAGES, or
/// `msgid` itself; NULL for a NULL msgid.
char*(gettext)(const char* msgid)ERLI18N_INTL_NOTHROW;
/// `gettext` in the text domain `domain` (NULL: the current one).
char*(dgettext)(const char* domain, const char* msgid)ERLI18N_INTL_NOTHROW;
/// `dgettext` for the locale category `category` (LC_MESSAGES, LC_TIME, ...; LC_ALL or an
/// unknown category translates nothing).
char*(dcgettext)(const char* domain, const char* msgid, int category)ERLI18N_INTL_NOTHROW;
/// The plural form for `n` of (`msgid`, `msgid_plural`) in the current text domain, chosen
/// by the catalog's `Plural-Forms`; on a miss `msgid` when n == 1, else `msgid_plural`.
char*(ngettext)(const char* msgid, const char* msgid_plural, unsigned long n)ERLI18N_INTL_NOTHROW;
/// `ngettext` in the text domain `domain` (NULL: the current one).
char*(dngettext)(const char* domain, const char* msgid, const char* msgid_plural,
                 unsigned long n)ERLI18N_INTL_NOTHROW;
/// `dngettext` for the locale category `category`.
char*(dcngettext)(const char* domain, const char* msgid, const char* msgid_plural, unsigned long n,
                  int category)ERLI18N_INTL_NOTHROW;
/// Sets the current text domain and returns it; NULL only queries it, "" resets it to
/// "messages". The returned string stays valid for the life of the process; NULL when memory
/// runs out.
char*(textdomain)(const char* domain)ERLI18N_INTL_NOTHROW;
/// Binds `domain`'s catalogs to the directory `dir` (kept as given) and returns it; a NULL
/// `dir` only queries (`/usr/share/locale` when unbound). NULL for a NULL or empty domain,
/// or when memory runs out.
char*(bindtextdomain)(const char* domain, const char* dir)ERLI18N_INTL_NOTHROW;
/// Sets the codeset `domain`'s translations are converted to and returns it; a NULL
/// `codeset` only queries (NULL when unset; "" means unset). Unset: the locale's codeset.
/// NULL for a NULL or empty domain, or when memory runs out.
char*(bind_textdomain_codeset)(const char* domain, const char* codeset)ERLI18N_INTL_NOTHROW;

/// The context lookup behind `pgettext` and the other singular context macros.
///
/// `key` is `"context\004msgid"`; a lookup that returns the key itself found nothing, and
/// the msgid is the answer. Call the macros rather than this.
static inline const char* erli18n_intl_pgettext(const char* domain, const char* key, const char* msgid,
                                                int category) {
  const char* found = (dcgettext)(domain, key, category);
  return found == key ? msgid : found;
}
/// The context lookup behind `npgettext` and the other plural context macros: on a miss
/// `msgid` when n == 1, else `msgid_plural`. Call the macros rather than this.
static inline const char* erli18n_intl_npgettext(const char* domain, const char* key, const char* msgid,
                                                 const char* msgid_plural, unsigned long n, int category) {
  const char* found = (dcngettext)(domain, key, msgid_plural, n, category);
  if (found == key || found == msgid_plural) return n == 1 ? msgid : msgid_plural;
  return found;
}

#ifdef __cplusplus
}
#endif
#undef ERLI18N_INTL_NOTHROW

#ifdef __cplusplus
/* In C++ the context family are function templates, not macros: a function-like macro named
 * pgettext would rewrite erli18n::pgettext and translator::pgettext of erli18n/gettext.h in
 * the same file (whichever header comes first). The literals' sizes are template arguments,
 * so the glued key is built on the stack, without allocating; the C ABI compares the text,
 * not the pointer, so a key rebuilt at the same address each call is looked up correctly.
 * They are static, as the helpers they call. */
/// \cond INTERNAL
namespace erli18n_intl_detail {
using size = decltype(sizeof 0);
/* "context\004msgid" in `key`. A char array may hold a shorter string than its size (the
 * lengths are measured up to the terminator) or none at all (then all of it is copied): the
 * key has room for both arrays whole, the \004 and a terminator. */
template <size C, size M>
inline void glue(char (&key)[C + M + 2], const char (&context)[C], const char (&msgid)[M]) noexcept {
  size k = 0;
  for (size i = 0; i < C && context[i] != '\0'; ++i) key[k++] = context[i];
  key[k++] = '\004';
  for (size i = 0; i < M && msgid[i] != '\0'; ++i) key[k++] = msgid[i];
  key[k] = '\0';
}
}  // namespace erli18n_intl_detail
/// \endcond

/// The translation of `msgid` in the msgctxt `context` (string literals or char arrays), in
/// the current text domain for LC_MESSAGES, or `msgid`.
///
/// In this family a null domain is the current one (textdomain), as for dgettext. In C they
/// are macros; in C++ function templates, so that erli18n/gettext.h may be included too.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* pgettext(const char (&context)[C], const char (&msgid)[M]) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_pgettext(0, key, msgid, LC_MESSAGES);
}
/// `pgettext` in the text domain `domain`.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* dpgettext(const char* domain, const char (&context)[C],
                                    const char (&msgid)[M]) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_pgettext(domain, key, msgid, LC_MESSAGES);
}
/// `dpgettext` for the locale category `category`.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* dcpgettext(const char* domain, const char (&context)[C], const char (&msgid)[M],
                                     int category) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_pgettext(domain, key, msgid, category);
}
/// The plural form for `n` of (`msgid`, `msgid_plural`) in the msgctxt `context`, in the
/// current text domain for LC_MESSAGES; on a miss `msgid` when n == 1, else `msgid_plural`.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* npgettext(const char (&context)[C], const char (&msgid)[M],
                                    const char* msgid_plural, unsigned long n) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_npgettext(0, key, msgid, msgid_plural, n, LC_MESSAGES);
}
/// `npgettext` in the text domain `domain`.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* dnpgettext(const char* domain, const char (&context)[C], const char (&msgid)[M],
                                     const char* msgid_plural, unsigned long n) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_npgettext(domain, key, msgid, msgid_plural, n, LC_MESSAGES);
}
/// `dnpgettext` for the locale category `category`.
template <decltype(sizeof 0) C, decltype(sizeof 0) M>
static inline const char* dcnpgettext(const char* domain, const char (&context)[C], const char (&msgid)[M],
                                      const char* msgid_plural, unsigned long n, int category) noexcept {
  char key[C + M + 2];
  erli18n_intl_detail::glue(key, context, msgid);
  return erli18n_intl_npgettext(domain, key, msgid, msgid_plural, n, category);
}
#else
/// The translation of `msgid` in the msgctxt `context` (both string literals), in the current
/// text domain for LC_MESSAGES, or `msgid`.
///
/// In the macros of this family a null domain is the current one (textdomain), as for
/// dgettext.
#define pgettext(context, msgid) erli18n_intl_pgettext(0, context "\004" msgid, msgid, LC_MESSAGES)
/// `pgettext` in the text domain `domain`.
#define dpgettext(domain, context, msgid) \
  erli18n_intl_pgettext(domain, context "\004" msgid, msgid, LC_MESSAGES)
/// `dpgettext` for the locale category `category`.
#define dcpgettext(domain, context, msgid, category) \
  erli18n_intl_pgettext(domain, context "\004" msgid, msgid, category)
/// The plural form for `n` of (`msgid`, `msgid_plural`) in the msgctxt `context` (string
/// literals), in the current text domain for LC_MESSAGES; on a miss `msgid` when n == 1,
/// else `msgid_plural`.
#define npgettext(context, msgid, msgid_plural, n) \
  erli18n_intl_npgettext(0, context "\004" msgid, msgid, msgid_plural, n, LC_MESSAGES)
/// `npgettext` in the text domain `domain`.
#define dnpgettext(domain, context, msgid, msgid_plural, n) \
  erli18n_intl_npgettext(domain, context "\004" msgid, msgid, msgid_plural, n, LC_MESSAGES)
/// `dnpgettext` for the locale category `category`.
#define dcnpgettext(domain, context, msgid, msgid_plural, n, category) \
  erli18n_intl_npgettext(domain, context "\004" msgid, msgid, msgid_plural, n, category)

#endif /* __cplusplus */

#endif /* ERLI18N_LIBINTL_H */
