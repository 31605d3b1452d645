#include "erli18n/gettextf.h"

#include <new>
#include <string>
#include <string_view>

namespace erli18n {
namespace {

// `count` goes after the caller's bindings: the first binding of a name wins.
struct counted {
  explicit counted(unsigned long n) noexcept : binding{"count", n} {}
  arg binding;
};

std::string lenient(std::string_view text, arg_list args, const arg* fallback = nullptr) noexcept {
  try {
    std::string out;
    if (!detail::interpolate_to(out, text, args, fallback, interpolation_mode::lenient)) return {};
    return out;
  } catch (...) {  // only std::bad_alloc can get here
    return {};
  }
}

result<std::string> checked(std::string_view text, arg_list args, const arg* fallback = nullptr) {
  try {
    std::string out;
    result<void> r = detail::interpolate_to(out, text, args, fallback, interpolation_mode::strict);
    if (!r) return r.error();
    return out;
  } catch (const std::bad_alloc&) {
    return error{errc::out_of_memory, "out of memory while interpolating", "", 0, 0};
  }
}

}  // namespace

std::string gettextf(std::string_view msgid, arg_list args) noexcept { return lenient(gettext(msgid), args); }
std::string ngettextf(std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                      arg_list args) noexcept {
  const counted c(n);
  return lenient(ngettext(msgid, msgid_plural, n), args, &c.binding);
}
std::string pgettextf(std::string_view context, std::string_view msgid, arg_list args) noexcept {
  return lenient(pgettext(context, msgid), args);
}
std::string npgettextf(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                       unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(npgettext(context, msgid, msgid_plural, n), args, &c.binding);
}

std::string dgettextf(std::string_view domain, std::string_view msgid, arg_list args) noexcept {
  return lenient(dgettext(domain, msgid), args);
}
std::string dngettextf(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                       unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(dngettext(domain, msgid, msgid_plural, n), args, &c.binding);
}
std::string dpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                       arg_list args) noexcept {
  return lenient(dpgettext(domain, context, msgid), args);
}
std::string dnpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                        std::string_view msgid_plural, unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(dnpgettext(domain, context, msgid, msgid_plural, n), args, &c.binding);
}

std::string dlgettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                       arg_list args) noexcept {
  return lenient(dlgettext(domain, locale, msgid), args);
}
std::string dlngettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                        std::string_view msgid_plural, unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(dlngettext(domain, locale, msgid, msgid_plural, n), args, &c.binding);
}
std::string dlpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                        std::string_view msgid, arg_list args) noexcept {
  return lenient(dlpgettext(domain, locale, context, msgid), args);
}
std::string dlnpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                         std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                         arg_list args) noexcept {
  const counted c(n);
  return lenient(dlnpgettext(domain, locale, context, msgid, msgid_plural, n), args, &c.binding);
}

std::string gettextf(const translator& t, std::string_view msgid, arg_list args) noexcept {
  return lenient(t.gettext(msgid), args);
}
std::string ngettextf(const translator& t, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(t.ngettext(msgid, msgid_plural, n), args, &c.binding);
}
std::string pgettextf(const translator& t, std::string_view context, std::string_view msgid,
                      arg_list args) noexcept {
  return lenient(t.pgettext(context, msgid), args);
}
std::string npgettextf(const translator& t, std::string_view context, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n, arg_list args) noexcept {
  const counted c(n);
  return lenient(t.npgettext(context, msgid, msgid_plural, n), args, &c.binding);
}

namespace strict {

result<std::string> gettextf(std::string_view msgid, arg_list args) {
  return checked(erli18n::gettext(msgid), args);
}
result<std::string> ngettextf(std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                              arg_list args) {
  const counted c(n);
  return checked(erli18n::ngettext(msgid, msgid_plural, n), args, &c.binding);
}
result<std::string> pgettextf(std::string_view context, std::string_view msgid, arg_list args) {
  return checked(erli18n::pgettext(context, msgid), args);
}
result<std::string> npgettextf(std::string_view context, std::string_view msgid,
                               std::string_view msgid_plural, unsigned long n, arg_list args) {
  const counted c(n);
  return checked(erli18n::npgettext(context, msgid, msgid_plural, n), args, &c.binding);
}

result<std::string> dgettextf(std::string_view domain, std::string_view msgid, arg_list args) {
  return checked(erli18n::dgettext(domain, msgid), args);
}
result<std::string> dngettextf(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                               unsigned long n, arg_list args) {
  const counted c(n);
  return checked(erli18n::dngettext(domain, msgid, msgid_plural, n), args, &c.binding);
}
result<std::string> dpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                               arg_list args) {
  return checked(erli18n::dpgettext(domain, context, msgid), args);
}
result<std::string> dnpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                                std::string_view msgid_plural, unsigned long n, arg_list args) {
  const counted c(n);
  return checked(erli18n::dnpgettext(domain, context, msgid, msgid_plural, n), args, &c.binding);
}

result<std::string> dlgettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                               arg_list args) {
  return checked(erli18n::dlgettext(domain, locale, msgid), args);
}
result<std::string> dlngettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                                std::string_view msgid_plural, unsigned long n, arg_list args) {
  const counted c(n);
  return checked(erli18n::dlngettext(domain, locale, msgid, msgid_plural, n), args, &c.binding);
}
result<std::string> dlpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                                std::string_view msgid, arg_list args) {
  return checked(erli18n::dlpgettext(domain, locale, context, msgid), args);
}
result<std::string> dlnpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                                 std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                                 arg_list args) {
  const counted c(n);
  return checked(erli18n::dlnpgettext(domain, locale, context, msgid, msgid_plural, n), args, &c.binding);
}

result<std::string> gettextf(const translator& t, std::string_view msgid, arg_list args) {
  return checked(t.gettext(msgid), args);
}
result<std::string> ngettextf(const translator& t, std::string_view msgid, std::string_view msgid_plural,
                              unsigned long n, arg_list args) {
  const counted c(n);
  return checked(t.ngettext(msgid, msgid_plural, n), args, &c.binding);
}
result<std::string> pgettextf(const translator& t, std::string_view context, std::string_view msgid,
                              arg_list args) {
  return checked(t.pgettext(context, msgid), args);
}
result<std::string> npgettextf(const translator& t, std::string_view context, std::string_view msgid,
                               std::string_view msgid_plural, unsigned long n, arg_list args) {
  const counted c(n);
  return checked(t.npgettext(context, msgid, msgid_plural, n), args, &c.binding);
}

}  // namespace strict
}  // namespace erli18n
