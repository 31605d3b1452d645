// Translations re-encoded from the store's UTF-8 into a program's output codeset.
#ifndef ERLI18N_INTL_CODESET_CONVERSION_H
#define ERLI18N_INTL_CODESET_CONVERSION_H

#include <string_view>

namespace erli18n::intl {

/// True when `codeset` names UTF-8 (any spelling glibc accepts: UTF-8, utf8, ...).
bool is_utf8(const char* codeset) noexcept;

/// `text` (UTF-8, NUL-terminated, valid forever) in `codeset`, transliterating what the
/// codeset lacks (as glibc: `ü` becomes `u` in ASCII). Each conversion is made once and
/// kept forever, so the pointer stays valid. NULL when `codeset` is unknown to iconv:
/// glibc then answers untranslated.
const char* converted(std::string_view text, const char* codeset);

}  // namespace erli18n::intl

#endif  // ERLI18N_INTL_CODESET_CONVERSION_H
