// The process-wide state of the libintl API: the default domain (textdomain) and, per
// domain, its catalog directory (bindtextdomain) and output codeset
// (bind_textdomain_codeset), with glibc's answers for NULL and empty arguments.
//
// Every string handed out is an interned copy that is never freed, so a pointer returned
// by any of these functions stays valid for the life of the process, even after the
// binding changes (glibc's pointers do too in practice; programs keep them).
#ifndef ERLI18N_INTL_DOMAIN_BINDINGS_H
#define ERLI18N_INTL_DOMAIN_BINDINGS_H

#include <atomic>
#include <cstdint>

namespace erli18n::intl {

/// glibc's directory for domains never bound.
inline constexpr const char* default_catalog_dir = "/usr/share/locale";

/// textdomain(): NULL queries; "" resets to "messages"; anything else sets and returns it.
const char* set_text_domain(const char* domain);
/// The current default domain (never NULL).
const char* text_domain() noexcept;

/// bindtextdomain(): NULL or "" domain -> NULL; NULL dir queries (the default directory
/// when unbound); otherwise binds and returns the directory, kept as given (glibc 2.36 does
/// not make a relative directory absolute).
const char* bind_domain_dir(const char* domain, const char* dir);
/// bind_textdomain_codeset(): NULL or "" domain -> NULL; NULL codeset queries (NULL when
/// unset); otherwise sets and returns it ("" is stored and returned, and means unset).
const char* bind_domain_codeset(const char* domain, const char* codeset);

/// The directory and codeset (NULL when unset or "") a lookup in `domain` uses.
struct domain_binding {
  const char* dir;
  const char* codeset;
};
domain_binding binding_of(const char* domain);

/// A counter that moves on every textdomain() that sets a domain and every binding change
/// (a lookup that resolved a domain's directory and codeset under one value must resolve
/// again under another, and reads LANGUAGE again, as glibc does when its counter moves).
/// Inline: every lookup reads it.
extern std::atomic<std::uint64_t> bindings_counter;
inline std::uint64_t bindings_generation() noexcept {
  return bindings_counter.load(std::memory_order_acquire);
}

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_DOMAIN_BINDINGS_H
