// The C API of erli18n/erli18n.h over the default catalog store.
#include "erli18n/erli18n.h"

#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "erli18n/catalog_store.h"

#define ERLI18N_C_EXPORT extern "C" __attribute__((visibility("default")))

// erli18n_status mirrors erli18n::errc value for value: a status is a cast errc.
static_assert(ERLI18N_ERR_SYNTAX == static_cast<int>(erli18n::errc::syntax));
static_assert(ERLI18N_ERR_CHARSET == static_cast<int>(erli18n::errc::charset));
static_assert(ERLI18N_ERR_LIMIT == static_cast<int>(erli18n::errc::limit_exceeded));
static_assert(ERLI18N_ERR_IO == static_cast<int>(erli18n::errc::io));
static_assert(ERLI18N_ERR_ARGUMENT == static_cast<int>(erli18n::errc::invalid_argument));
static_assert(ERLI18N_ERR_NOT_FOUND == static_cast<int>(erli18n::errc::not_found));
static_assert(ERLI18N_ERR_NO_MEMORY == static_cast<int>(erli18n::errc::out_of_memory));
static_assert(ERLI18N_ERR_INTERNAL == static_cast<int>(erli18n::errc::internal));

namespace {

thread_local std::string t_last_error;

erli18n_status fail(const erli18n::error& e) noexcept {
  try {
    t_last_error = e.to_string();
  } catch (...) {
    t_last_error.clear();  // no room for the message; the status still tells
  }
  return static_cast<erli18n_status>(e.code);
}

erli18n_status fail(erli18n_status status, const char* message) noexcept {
  try {
    t_last_error = message;
  } catch (...) {
    t_last_error.clear();
  }
  return status;
}

// Runs a store call that returns a result, turning its error or an exception into a status.
template <class Call>
erli18n_status guarded(Call&& call) noexcept {
  try {
    auto r = call();
    if (!r) return fail(r.error());
    return ERLI18N_OK;
  } catch (const std::bad_alloc&) {
    return fail(ERLI18N_ERR_NO_MEMORY, "error: out of memory");
  } catch (...) {
    return fail(ERLI18N_ERR_INTERNAL, "error: internal error");
  }
}

erli18n::catalog_store& store() noexcept { return erli18n::catalog_store::default_store(); }

}  // namespace

ERLI18N_C_EXPORT erli18n_status erli18n_load(const char* domain, const char* locale, const char* path) {
  if (domain == nullptr || locale == nullptr || path == nullptr)
    return fail(ERLI18N_ERR_ARGUMENT, "error: NULL domain, locale or path");
  return guarded([&] { return store().load(domain, locale, path); });
}

ERLI18N_C_EXPORT erli18n_status erli18n_unload(const char* domain, const char* locale) {
  if (domain == nullptr || locale == nullptr)
    return fail(ERLI18N_ERR_ARGUMENT, "error: NULL domain or locale");
  return guarded([&] { return store().unload(domain, locale); });
}

// The store returns a view of its own NUL-terminated text, or the very argument on a miss
// (whose pointer is the caller's NUL-terminated string): data() is always a C string.
ERLI18N_C_EXPORT const char* erli18n_gettext(const char* domain, const char* locale, const char* msgid) {
  if (msgid == nullptr || domain == nullptr || locale == nullptr) return msgid;
  return store().dlgettext(domain, locale, msgid).data();
}

ERLI18N_C_EXPORT const char* erli18n_ngettext(const char* domain, const char* locale, const char* msgid,
                                              const char* msgid_plural, unsigned long n) {
  if (msgid == nullptr) return nullptr;
  if (msgid_plural == nullptr || domain == nullptr || locale == nullptr) return n == 1 ? msgid : msgid_plural;
  return store().dlngettext(domain, locale, msgid, msgid_plural, n).data();
}

ERLI18N_C_EXPORT const char* erli18n_pgettext(const char* domain, const char* locale, const char* context,
                                              const char* msgid) {
  if (msgid == nullptr || domain == nullptr || locale == nullptr || context == nullptr) return msgid;
  return store().dlpgettext(domain, locale, context, msgid).data();
}

ERLI18N_C_EXPORT const char* erli18n_npgettext(const char* domain, const char* locale, const char* context,
                                               const char* msgid, const char* msgid_plural, unsigned long n) {
  if (msgid == nullptr) return nullptr;
  if (msgid_plural == nullptr || domain == nullptr || locale == nullptr || context == nullptr)
    return n == 1 ? msgid : msgid_plural;
  return store().dlnpgettext(domain, locale, context, msgid, msgid_plural, n).data();
}

ERLI18N_C_EXPORT const char* erli18n_last_error(void) { return t_last_error.c_str(); }

ERLI18N_C_EXPORT const char* erli18n_status_string(erli18n_status status) {
  // A C caller may pass any int. In C++ an erli18n_status holds only the values its
  // enumerators' bits span (0 to 15), so the argument is read as the int it was passed as.
  int value = 0;
  static_assert(sizeof value == sizeof status);
  std::memcpy(&value, &status, sizeof value);
  switch (value) {
    case ERLI18N_OK:
      return "ok";
    case ERLI18N_ERR_SYNTAX:
      return "syntax error";
    case ERLI18N_ERR_CHARSET:
      return "charset error";
    case ERLI18N_ERR_LIMIT:
      return "limit exceeded";
    case ERLI18N_ERR_IO:
      return "i/o error";
    case ERLI18N_ERR_ARGUMENT:
      return "invalid argument";
    case ERLI18N_ERR_NOT_FOUND:
      return "not found";
    case ERLI18N_ERR_NO_MEMORY:
      return "out of memory";
    case ERLI18N_ERR_INTERNAL:
      return "internal error";
  }
  return "unknown status";
}
