// glibc's locale name aliases for catalog lookups: a LANGUAGE entry or locale name such
// as `german` or `french` names a locale through /usr/share/locale/locale.alias
// (`german de_DE.ISO-8859-1`). Found by experiment against glibc 2.36: with
// LANGUAGE=german, `ls --help` is German, so the alias is expanded before the directory
// variants are made, and the expansion replaces the name (the alias itself is not tried).
#ifndef ERLI18N_C_API_LOCALE_ALIASES_H
#define ERLI18N_C_API_LOCALE_ALIASES_H

#include <string>
#include <string_view>

namespace erli18n::intl {

/// The text of glibc's alias file (/usr/share/locale/locale.alias), read once, on first use,
/// and kept (empty when unreadable).
std::string_view locale_alias_text();

/// The whole text of the alias file at `path` (empty when it cannot be opened or read):
/// what locale_alias_text() reads, apart for tests. Reads in one `read` a file that fits
/// 4 KiB (Debian's is 3), and more only when it does not.
std::string read_alias_file(const char* path);

/// The locale `name` stands for in `file_text`, the text of an alias file (matched without
/// regard to ASCII case), or `name` itself when it is no alias: `alias value` per line,
/// blanks between, `#` starting a comment; the first line naming an alias wins.
std::string_view expand_locale_alias_in(std::string_view name, std::string_view file_text);

}  // namespace erli18n::intl

#endif  // ERLI18N_C_API_LOCALE_ALIASES_H
