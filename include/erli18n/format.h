/// \file
/// erli18n/format.h — `%{name}` interpolation of any lookup's text: one step, `format`.
///
/// `erli18n::format(text, args)` fills the placeholders of `text` from `args` (interpolate.h:
/// grammar, value rendering, bounds). `text` is what a lookup of gettext.h returned — any of
/// them, free (`gettext`, the `d` and `dl` forms), of a `translator` or of a `catalog_store` —
/// or any other view. The plural lookups return a `plural_text`, which remembers its `n`:
/// `format` then binds `count` to `n`, unless `args` binds `count` itself (the caller's value
/// is printed, while `n` still selected the plural form).
///
/// Lenient or strict is the one switch, the last argument:
///   - `format(text, args)`: lenient, an unbound `%{name}` stays as written; it returns a
///     `std::string` and cannot fail (if memory runs out, the string is empty);
///   - `format(text, args, erli18n::strict)`: strict, it returns `result<std::string>`, an
///     error (`errc::not_found`, "missing binding 'name'") for the first unbound placeholder,
///     or `errc::out_of_memory` (`errc::limit_exceeded` if the string would pass `max_size()`).
///
/// Write it qualified, `erli18n::format`: its arguments are views of namespace std, so an
/// unqualified `format(...)` may also find `std::format` (C++20) by argument-dependent lookup.
///
/// Thread-safety is that of the lookups and of `interpolate`: call it from any thread. Unlike
/// the lookups it allocates (the returned string), and the bindings are views that must
/// outlive the call.
///
/// \code
/// // de: msgid "%{count} file in %{dir}" / "%{count} files in %{dir}"
/// //     msgstr[0] "%{count} Datei in %{dir}", msgstr[1] "%{count} Dateien in %{dir}"
/// std::string s = erli18n::format(
///     erli18n::ngettext("%{count} file in %{dir}", "%{count} files in %{dir}", 3), {{"dir", "/tmp"}});
/// // "3 Dateien in /tmp"
/// erli18n::translator fr(erli18n::catalog_store::default_store(), "app", "fr");
/// std::string t = erli18n::format(fr.gettext("Hello, %{name}!"), {{"name", user}});
/// erli18n::result<std::string> checked = erli18n::format(erli18n::gettext("Hello, %{name}!"), {},
/// erli18n::strict);
/// // !checked: "missing binding 'name'"
/// \endcode
#ifndef ERLI18N_FORMAT_H
#define ERLI18N_FORMAT_H

#include <string>
#include <string_view>

#include "erli18n/gettext.h"
#include "erli18n/interpolate.h"
#include "erli18n/result.h"

namespace erli18n {

/// The type of `erli18n::strict`, the switch that makes `format` strict.
struct strict_t {
  /// Explicit, so that `{}` never means strict.
  explicit constexpr strict_t() noexcept = default;
};
/// Pass as the last argument of `format` for a strict interpolation: an unbound placeholder
/// is an error.
inline constexpr strict_t strict{};

/// `text` with its placeholders filled from `args`, lenient: an unbound placeholder stays
/// as written. Empty if memory runs out.
std::string format(std::string_view text, arg_list args = {}) noexcept;
/// A plural lookup's `text` with its placeholders filled from `args`, and `count` bound to
/// `text.n()` unless `args` binds it; lenient. Empty if memory runs out.
std::string format(const plural_text& text, arg_list args = {}) noexcept;
/// `text` with its placeholders filled from `args`, strict: an error for the first unbound
/// placeholder, or when memory runs out.
result<std::string> format(std::string_view text, arg_list args, strict_t);
/// A plural lookup's `text` with its placeholders filled from `args`, and `count` bound to
/// `text.n()` unless `args` binds it; strict: an error for the first unbound placeholder, or
/// when memory runs out.
result<std::string> format(const plural_text& text, arg_list args, strict_t);

}  // namespace erli18n

#endif  // ERLI18N_FORMAT_H
