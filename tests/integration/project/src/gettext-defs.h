/* The gettext shortcuts the sources use, defined the way gnulib's gettext.h and GLib define
   them: pgettext and npgettext look up the context and the message as one key, separated by
   \004, and fall back to the message itself when no translation has it. */
#ifndef GREETER_GETTEXT_DEFS_H
#define GREETER_GETTEXT_DEFS_H

#include <libintl.h>
#include <locale.h>

#define _(String) gettext(String)
#define N_(String) String

static inline const char* greeter_pgettext(const char* key, const char* msgid) {
  const char* translation = dcgettext(NULL, key, LC_MESSAGES);
  return translation == key ? msgid : translation;
}

static inline const char* greeter_npgettext(const char* key, const char* msgid, const char* plural,
                                            unsigned long n) {
  const char* translation = dcngettext(NULL, key, plural, n, LC_MESSAGES);
  return translation == key || translation == plural ? (n == 1 ? msgid : plural) : translation;
}

#define pgettext(Context, Msgid) greeter_pgettext(Context "\004" Msgid, Msgid)
#define npgettext(Context, Msgid, Plural, N) greeter_npgettext(Context "\004" Msgid, Msgid, Plural, N)
#define C_(Context, Msgid) pgettext(Context, Msgid)

#endif
