// The calling thread's own locale (set by erli18n::setlocale or a locale_scope), for the
// libintl-compatible library (intl/), which lets it override the process locale of C's
// setlocale for that thread only.
#ifndef ERLI18N_SRC_THREAD_LOCALE_H
#define ERLI18N_SRC_THREAD_LOCALE_H

#include <string_view>

namespace erli18n::detail {

/// The thread's canonical locale, or an empty view when the thread follows the process
/// default. Valid until the thread's locale changes. Allocates nothing.
std::string_view thread_locale_override() noexcept;

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_THREAD_LOCALE_H
