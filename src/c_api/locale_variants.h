// The catalog directory names glibc's gettext tries for one locale name, in its order.
//
// A name `language[_territory][.codeset][@modifier]` (from LANGUAGE or from setlocale) is
// tried as given, then with ever fewer parts. Found by experiment against glibc 2.36 (see
// docs/c-abi.md): the modifier is kept longest, then the territory, then the codeset;
// a codeset is tried as written and then normalized (`UTF-8` -> `utf8`), e.g.
//   de_DE.UTF-8@euro: de_DE.UTF-8@euro de_DE.utf8@euro de_DE@euro de.UTF-8@euro de.utf8@euro
//                     de@euro de_DE.UTF-8 de_DE.utf8 de_DE de.UTF-8 de.utf8 de
#ifndef ERLI18N_INTL_LOCALE_VARIANTS_H
#define ERLI18N_INTL_LOCALE_VARIANTS_H

#include <string>
#include <string_view>
#include <vector>

namespace erli18n::intl {

/// The codeset as glibc normalizes it for directory names: letters lower-cased, digits
/// kept, everything else dropped, and `iso` put first when only digits remain
/// (`ISO-8859-1` -> `iso88591`, `8859-1` -> `iso88591`, `UTF-8` -> `utf8`).
std::string normalized_codeset(std::string_view codeset);

/// The directory names to try for `name`, most specific first, without duplicates. Empty
/// for an empty name; `name` alone when it has no language (it starts with `_`, `.` or `@`).
std::vector<std::string> locale_variants(std::string_view name);

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_LOCALE_VARIANTS_H
