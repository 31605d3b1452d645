// A lookup that also returns the catalog's own copy of the key it matched, for the
// libintl-compatible library (intl/), which remembers answers per call site: a later call
// with the same msgid pointer is recognised by comparing the caller's text with that copy,
// without hashing or searching the catalog again.
#ifndef ERLI18N_SRC_MESSAGE_LOOKUP_H
#define ERLI18N_SRC_MESSAGE_LOOKUP_H

#include <optional>
#include <string_view>

namespace erli18n {
class translator;
}

namespace erli18n::detail {

/// A message found in a catalog. All three views point into text the store retains for
/// its own life (see store_impl.h), so they stay valid after the catalog is reloaded or
/// unloaded. `context.data()` is null for a message without context (and `msgid.data()`
/// for a system-dependent string, see below).
struct found_message {
  std::string_view text;  // the translation: the first form, or the form for n
  std::string_view msgid;
  std::string_view context;
};

/// What `t.gettext`/`ngettext`/`pgettext`/`npgettext` would answer from the translator's
/// own catalog (fallback locales are not tried); nullopt on a miss. A message found as a
/// `.mo` system-dependent string has no single key copy: its `msgid.data()` is null.
/// Never delivers lookup events.
std::optional<found_message> find_message(const translator& t, const std::string_view* context,
                                          std::string_view msgid, bool plural, unsigned long n) noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_MESSAGE_LOOKUP_H
