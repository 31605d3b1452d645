// The one lookup behind every exported gettext function, with glibc's semantics.
#ifndef ERLI18N_INTL_TRANSLATE_H
#define ERLI18N_INTL_TRANSLATE_H

namespace erli18n::intl {

/// dcngettext's work (`plural` false: dcgettext's, msgid_plural and n unused). Keeps errno.
const char* translate(const char* domain, const char* msgid, const char* msgid_plural, bool plural,
                      unsigned long n, int category) noexcept;

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_TRANSLATE_H
