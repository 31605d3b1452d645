/* erli18n/libintl.h — the GNU libintl C API that liberli18n_intl.so exports, plus the
 * context lookups (pgettext and friends) that GNU provides in its gettext.h.
 *
 * The declarations match glibc's <libintl.h>, so both headers may be included. Contexts use
 * GNU's key form: the context, a byte 4, the msgid. The context macros need string literals
 * for the context and msgid (they are glued at compile time); when nothing is found, the
 * msgid (or msgid_plural) is returned, never the glued key.
 *
 *   #include <erli18n/libintl.h>
 *   setlocale(LC_ALL, "");
 *   bindtextdomain("app", "/usr/share/locale");
 *   textdomain("app");
 *   puts(pgettext("menu", "Open"));
 *   printf(npgettext("mail", "%lu message", "%lu messages", n), n);
 *
 * Valid C99 and later, and C++. */
#ifndef ERLI18N_LIBINTL_H
#define ERLI18N_LIBINTL_H

#include <locale.h> /* LC_MESSAGES */

/* The names are parenthesized because glibc's <libintl.h> may define some of them as
 * function-like macros (gettext -> dgettext when optimizing). */
#ifdef __cplusplus
#define ERLI18N_INTL_NOTHROW noexcept
extern "C" {
#else
#define ERLI18N_INTL_NOTHROW
#endif

char*(gettext)(const char* msgid)ERLI18N_INTL_NOTHROW;
char*(dgettext)(const char* domain, const char* msgid)ERLI18N_INTL_NOTHROW;
char*(dcgettext)(const char* domain, const char* msgid, int category)ERLI18N_INTL_NOTHROW;
char*(ngettext)(const char* msgid, const char* msgid_plural, unsigned long n)ERLI18N_INTL_NOTHROW;
char*(dngettext)(const char* domain, const char* msgid, const char* msgid_plural,
                 unsigned long n)ERLI18N_INTL_NOTHROW;
char*(dcngettext)(const char* domain, const char* msgid, const char* msgid_plural, unsigned long n,
                  int category)ERLI18N_INTL_NOTHROW;
char*(textdomain)(const char* domain)ERLI18N_INTL_NOTHROW;
char*(bindtextdomain)(const char* domain, const char* dir)ERLI18N_INTL_NOTHROW;
char*(bind_textdomain_codeset)(const char* domain, const char* codeset)ERLI18N_INTL_NOTHROW;

/* The context lookups behind the macros below. `key` is "context\004msgid"; a lookup that
 * returns the key itself found nothing, and the msgid is the answer. */
static inline const char* erli18n_intl_pgettext(const char* domain, const char* key, const char* msgid,
                                                int category) {
  const char* found = (dcgettext)(domain, key, category);
  return found == key ? msgid : found;
}
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

/* A null domain is the current one (textdomain), as for dgettext. */
#define pgettext(context, msgid) erli18n_intl_pgettext(0, context "\004" msgid, msgid, LC_MESSAGES)
#define dpgettext(domain, context, msgid) \
  erli18n_intl_pgettext(domain, context "\004" msgid, msgid, LC_MESSAGES)
#define dcpgettext(domain, context, msgid, category) \
  erli18n_intl_pgettext(domain, context "\004" msgid, msgid, category)
#define npgettext(context, msgid, msgid_plural, n) \
  erli18n_intl_npgettext(0, context "\004" msgid, msgid, msgid_plural, n, LC_MESSAGES)
#define dnpgettext(domain, context, msgid, msgid_plural, n) \
  erli18n_intl_npgettext(domain, context "\004" msgid, msgid, msgid_plural, n, LC_MESSAGES)
#define dcnpgettext(domain, context, msgid, msgid_plural, n, category) \
  erli18n_intl_npgettext(domain, context "\004" msgid, msgid, msgid_plural, n, category)

#endif /* ERLI18N_LIBINTL_H */
