// A message as the store found it, with the catalog's own copies of the key it matched: the
// answer of the store's key-only lookup (store_impl.h) and of the lookup layer's
// `find_message` (lookup_internal.h), which liberli18n_intl uses to remember answers.
#ifndef ERLI18N_SRC_STORE_FOUND_MESSAGE_H
#define ERLI18N_SRC_STORE_FOUND_MESSAGE_H

#include <string_view>

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

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_STORE_FOUND_MESSAGE_H
