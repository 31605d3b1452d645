// The GNU libintl C API, exported with C linkage. Everything else in the library stays
// hidden (-fvisibility=hidden), except the erli18n C++ API it is built from, which a C++
// program linking this library uses so that erli18n::setlocale reaches these lookups.
#include <locale.h>

#include "domain_bindings.h"
#include "translate.h"

#define ERLI18N_INTL_EXPORT extern "C" __attribute__((visibility("default")))

using erli18n::intl::translate;

ERLI18N_INTL_EXPORT char* gettext(const char* msgid) noexcept {
  return const_cast<char*>(translate(nullptr, msgid, nullptr, false, 0, LC_MESSAGES));
}
ERLI18N_INTL_EXPORT char* dgettext(const char* domain, const char* msgid) noexcept {
  return const_cast<char*>(translate(domain, msgid, nullptr, false, 0, LC_MESSAGES));
}
ERLI18N_INTL_EXPORT char* dcgettext(const char* domain, const char* msgid, int category) noexcept {
  return const_cast<char*>(translate(domain, msgid, nullptr, false, 0, category));
}
ERLI18N_INTL_EXPORT char* ngettext(const char* msgid, const char* msgid_plural, unsigned long n) noexcept {
  return const_cast<char*>(translate(nullptr, msgid, msgid_plural, true, n, LC_MESSAGES));
}
ERLI18N_INTL_EXPORT char* dngettext(const char* domain, const char* msgid, const char* msgid_plural,
                                    unsigned long n) noexcept {
  return const_cast<char*>(translate(domain, msgid, msgid_plural, true, n, LC_MESSAGES));
}
ERLI18N_INTL_EXPORT char* dcngettext(const char* domain, const char* msgid, const char* msgid_plural,
                                     unsigned long n, int category) noexcept {
  return const_cast<char*>(translate(domain, msgid, msgid_plural, true, n, category));
}
ERLI18N_INTL_EXPORT char* textdomain(const char* domain) noexcept {
  try {
    return const_cast<char*>(erli18n::intl::set_text_domain(domain));
  } catch (...) {
    return nullptr;  // glibc returns NULL when it cannot allocate
  }
}
ERLI18N_INTL_EXPORT char* bindtextdomain(const char* domain, const char* dir) noexcept {
  try {
    return const_cast<char*>(erli18n::intl::bind_domain_dir(domain, dir));
  } catch (...) {
    return nullptr;
  }
}
ERLI18N_INTL_EXPORT char* bind_textdomain_codeset(const char* domain, const char* codeset) noexcept {
  try {
    return const_cast<char*>(erli18n::intl::bind_domain_codeset(domain, codeset));
  } catch (...) {
    return nullptr;
  }
}
