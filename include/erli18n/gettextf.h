/// \file
/// The lookup family of gettext.h, followed by `%{name}` interpolation.
///
/// Each `…f` function looks its text up exactly as its sibling in gettext.h does (same
/// store, domain, locale, context, plural rule, and on a miss the msgid or msgid_plural),
/// then fills the placeholders of the result from `args` (interpolate.h: grammar, value
/// rendering, bounds). The plural forms bind `count` to `n`, unless `args` binds `count`
/// itself: the caller's value is then printed, while `n` still selects the plural form.
/// Two families, with the same names and arguments:
///   - `erli18n::gettextf`, ...: lenient (an unbound `%{name}` stays as written); they return
///     a `std::string` and cannot fail (if memory runs out, the string is empty);
///   - `erli18n::strict::gettextf`, ...: strict; they return `result<std::string>`, an
///     error (`errc::not_found`, "missing binding 'name'") for the first unbound placeholder,
///     or `errc::out_of_memory` (`errc::limit_exceeded` if the string would pass `max_size()`).
///
/// The `translator` forms are free functions taking the translator first.
///
/// Thread-safety is that of the lookups: call them from any thread. Unlike the lookups they
/// allocate (the returned string), and the arguments are views that must outlive the call.
///
/// \code
/// // de: msgid "%{count} file in %{dir}" / "%{count} files in %{dir}"
/// //     msgstr[0] "%{count} Datei in %{dir}", msgstr[1] "%{count} Dateien in %{dir}"
/// std::string s = erli18n::ngettextf("%{count} file in %{dir}", "%{count} files in %{dir}", 3,
///                                    {{"dir", "/tmp"}});   // "3 Dateien in /tmp"
/// erli18n::translator fr(erli18n::catalog_store::default_store(), "app", "fr");
/// std::string t = erli18n::gettextf(fr, "Hello, %{name}!", {{"name", user}});
/// erli18n::result<std::string> checked = erli18n::strict::gettextf("Hello, %{name}!", {});
/// // !checked: "missing binding 'name'"
/// \endcode
#ifndef ERLI18N_GETTEXTF_H
#define ERLI18N_GETTEXTF_H

#include <string>
#include <string_view>

#include "erli18n/gettext.h"
#include "erli18n/interpolate.h"
#include "erli18n/result.h"

namespace erli18n {

/// `gettext(msgid)`, with `args` filled in.
std::string gettextf(std::string_view msgid, arg_list args) noexcept;
/// `ngettext(msgid, msgid_plural, n)`, with `args` filled in (`count` bound to `n`
/// unless `args` binds it).
std::string ngettextf(std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                      arg_list args) noexcept;
/// `pgettext(context, msgid)`, with `args` filled in.
std::string pgettextf(std::string_view context, std::string_view msgid, arg_list args) noexcept;
/// `npgettext(context, msgid, msgid_plural, n)`, with `args` filled in (`count` bound
/// to `n` unless `args` binds it).
std::string npgettextf(std::string_view context, std::string_view msgid, std::string_view msgid_plural,
                       unsigned long n, arg_list args) noexcept;

/// `dgettext(domain, msgid)`, with `args` filled in.
std::string dgettextf(std::string_view domain, std::string_view msgid, arg_list args) noexcept;
/// `dngettext(domain, msgid, msgid_plural, n)`, with `args` filled in (`count` bound to
/// `n` unless `args` binds it).
std::string dngettextf(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                       unsigned long n, arg_list args) noexcept;
/// `dpgettext(domain, context, msgid)`, with `args` filled in.
std::string dpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                       arg_list args) noexcept;
/// `dnpgettext(domain, context, msgid, msgid_plural, n)`, with `args` filled in (`count`
/// bound to `n` unless `args` binds it).
std::string dnpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                        std::string_view msgid_plural, unsigned long n, arg_list args) noexcept;

/// `dlgettext(domain, locale, msgid)`, with `args` filled in.
std::string dlgettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                       arg_list args) noexcept;
/// `dlngettext(domain, locale, msgid, msgid_plural, n)`, with `args` filled in (`count`
/// bound to `n` unless `args` binds it).
std::string dlngettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                        std::string_view msgid_plural, unsigned long n, arg_list args) noexcept;
/// `dlpgettext(domain, locale, context, msgid)`, with `args` filled in.
std::string dlpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                        std::string_view msgid, arg_list args) noexcept;
/// `dlnpgettext(domain, locale, context, msgid, msgid_plural, n)`, with `args` filled in
/// (`count` bound to `n` unless `args` binds it).
std::string dlnpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                         std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                         arg_list args) noexcept;

/// `t.gettext(msgid)`, with `args` filled in.
std::string gettextf(const translator& t, std::string_view msgid, arg_list args) noexcept;
/// `t.ngettext(msgid, msgid_plural, n)`, with `args` filled in (`count` bound to `n`
/// unless `args` binds it).
std::string ngettextf(const translator& t, std::string_view msgid, std::string_view msgid_plural,
                      unsigned long n, arg_list args) noexcept;
/// `t.pgettext(context, msgid)`, with `args` filled in.
std::string pgettextf(const translator& t, std::string_view context, std::string_view msgid,
                      arg_list args) noexcept;
/// `t.npgettext(context, msgid, msgid_plural, n)`, with `args` filled in (`count` bound to
/// `n` unless `args` binds it).
std::string npgettextf(const translator& t, std::string_view context, std::string_view msgid,
                       std::string_view msgid_plural, unsigned long n, arg_list args) noexcept;

/// The same functions in strict mode: an unbound placeholder is an error.
namespace strict {

/// `gettext(msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> gettextf(std::string_view msgid, arg_list args);
/// `ngettext(msgid, msgid_plural, n)`, with `args` filled in (`count` bound to `n`
/// unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> ngettextf(std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                              arg_list args);
/// `pgettext(context, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> pgettextf(std::string_view context, std::string_view msgid, arg_list args);
/// `npgettext(context, msgid, msgid_plural, n)`, with `args` filled in (`count` bound
/// to `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> npgettextf(std::string_view context, std::string_view msgid,
                               std::string_view msgid_plural, unsigned long n, arg_list args);

/// `dgettext(domain, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dgettextf(std::string_view domain, std::string_view msgid, arg_list args);
/// `dngettext(domain, msgid, msgid_plural, n)`, with `args` filled in (`count` bound to
/// `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dngettextf(std::string_view domain, std::string_view msgid, std::string_view msgid_plural,
                               unsigned long n, arg_list args);
/// `dpgettext(domain, context, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                               arg_list args);
/// `dnpgettext(domain, context, msgid, msgid_plural, n)`, with `args` filled in (`count`
/// bound to `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dnpgettextf(std::string_view domain, std::string_view context, std::string_view msgid,
                                std::string_view msgid_plural, unsigned long n, arg_list args);

/// `dlgettext(domain, locale, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dlgettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                               arg_list args);
/// `dlngettext(domain, locale, msgid, msgid_plural, n)`, with `args` filled in (`count`
/// bound to `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dlngettextf(std::string_view domain, std::string_view locale, std::string_view msgid,
                                std::string_view msgid_plural, unsigned long n, arg_list args);
/// `dlpgettext(domain, locale, context, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dlpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                                std::string_view msgid, arg_list args);
/// `dlnpgettext(domain, locale, context, msgid, msgid_plural, n)`, with `args` filled in
/// (`count` bound to `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> dlnpgettextf(std::string_view domain, std::string_view locale, std::string_view context,
                                 std::string_view msgid, std::string_view msgid_plural, unsigned long n,
                                 arg_list args);

/// `t.gettext(msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> gettextf(const translator& t, std::string_view msgid, arg_list args);
/// `t.ngettext(msgid, msgid_plural, n)`, with `args` filled in (`count` bound to `n`
/// unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> ngettextf(const translator& t, std::string_view msgid, std::string_view msgid_plural,
                              unsigned long n, arg_list args);
/// `t.pgettext(context, msgid)`, with `args` filled in.
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> pgettextf(const translator& t, std::string_view context, std::string_view msgid,
                              arg_list args);
/// `t.npgettext(context, msgid, msgid_plural, n)`, with `args` filled in (`count` bound to
/// `n` unless `args` binds it).
/// An error for the first unbound placeholder (see gettextf.h).
result<std::string> npgettextf(const translator& t, std::string_view context, std::string_view msgid,
                               std::string_view msgid_plural, unsigned long n, arg_list args);

}  // namespace strict
}  // namespace erli18n

#endif  // ERLI18N_GETTEXTF_H
