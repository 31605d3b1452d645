// The process-wide default locale and domain that the default lookups (erli18n/gettext.h)
// follow. They live in the store layer because the store's base-language fallback ends at the
// process default locale; the lookup layer sets and reads them through these functions.
#ifndef ERLI18N_SRC_STORE_PROCESS_DEFAULTS_H
#define ERLI18N_SRC_STORE_PROCESS_DEFAULTS_H

#include <cstdint>
#include <string>
#include <string_view>

namespace erli18n::detail {

/// A process-wide name (default locale or domain) with its hash. Never freed: a reader may
/// be using the previous one while a setter replaces it, so a pointer to one stays valid for
/// the process's life and identifies the name (the lookup layer's slot cache compares them).
struct name_record {
  std::string name;
  std::uint64_t hash;
};

/// The process default locale, "C" until `set_process_default_locale`. Lock-free.
const name_record& current_default_locale() noexcept;
/// The default domain, "messages" (GNU's default) until `set_process_domain`. Lock-free.
const name_record& current_domain() noexcept;

/// Replace the default locale; `canonical` must already be a canonical locale name.
void set_process_default_locale(std::string_view canonical);
/// Replace the default domain; `domain` must already be validated.
void set_process_domain(std::string_view domain);

/// `current_default_locale().name`: the last step of base-language fallback.
inline std::string_view process_default_locale() noexcept { return current_default_locale().name; }

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_STORE_PROCESS_DEFAULTS_H
