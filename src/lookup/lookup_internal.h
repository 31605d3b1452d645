// The lookup layer's one private interface, for the libintl-compatible library (src/c_api/),
// which uses the public headers and this file only.
//
// `find_message` is a lookup that also returns the catalog's own copy of the key it matched:
// liberli18n_intl remembers answers per call site, and recognises a later call with the same
// msgid pointer by comparing the caller's text with that copy, without hashing or searching
// the catalog again. `thread_locale_override` lets it override the process locale of C's
// setlocale for a thread that set its own (erli18n::setlocale or a locale_scope).
#ifndef ERLI18N_SRC_LOOKUP_LOOKUP_INTERNAL_H
#define ERLI18N_SRC_LOOKUP_LOOKUP_INTERNAL_H

#include <optional>
#include <string_view>

#include "found_message.h"

namespace erli18n {
class translator;
}

namespace erli18n::detail {

/// What `t.gettext`/`ngettext`/`pgettext`/`npgettext` would answer from the translator's
/// own catalog (fallback locales are not tried); nullopt on a miss. A message found as a
/// `.mo` system-dependent string has no single key copy: its `msgid.data()` is null.
/// Never delivers lookup events.
std::optional<found_message> find_message(const translator& t, const std::string_view* context,
                                          std::string_view msgid, bool plural, unsigned long n) noexcept;

/// The thread's canonical locale, or an empty view when the thread follows the process
/// default. Valid until the thread's locale changes. Allocates nothing.
std::string_view thread_locale_override() noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_LOOKUP_LOOKUP_INTERNAL_H
