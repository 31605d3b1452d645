// Charset conversion between a catalog's declared charset and UTF-8, over the system iconv.
// Private to the library. Thread-safe: each call opens its own iconv descriptor.
#ifndef ERLI18N_SRC_CHARSET_H
#define ERLI18N_SRC_CHARSET_H

#include <cstddef>
#include <string>
#include <string_view>

namespace erli18n::charset {

/// True for the names that mean UTF-8 ("UTF-8", "utf8", ...), which need no conversion.
bool is_utf8(std::string_view name) noexcept;

/// True for the names GNU gettext reads as ASCII ("ASCII", "US-ASCII", "ANSI_X3.4-1968", in
/// any case), whose text is the same bytes in UTF-8.
bool is_ascii(std::string_view name) noexcept;

/// The charset name a catalog header declares, or empty: the text after the first `charset=`
/// anywhere in the header (glibc and msgfmt search the whole header, not only the
/// Content-Type line), up to white space, a newline or `;`. The PO and MO readers both use
/// it, so that a catalog and its compiled form are read in the same charset.
std::string_view header_charset(std::string_view header) noexcept;

/// True when the system iconv can convert between `name` and UTF-8.
bool is_supported(std::string_view name);

struct conversion {
  bool ok = false;
  std::string text;              ///< the converted text (when ok)
  std::size_t error_offset = 0;  ///< offset in the input of the first invalid byte (when !ok)
};

/// Converts `input` from charset `from` to UTF-8 (or validates it when `from` is UTF-8).
conversion to_utf8(std::string_view input, std::string_view from);

/// Converts UTF-8 `input` to charset `to`; fails on characters `to` cannot represent. An
/// ASCII `\` or `~` that `to` has no byte for (JOHAB, whose 0x5C is the won sign) is written
/// as its ASCII byte, as the GNU tools write PO and MO files in such charsets.
conversion from_utf8(std::string_view input, std::string_view to);

/// Offset of the first byte that does not start a well-formed UTF-8 sequence, or npos.
std::size_t find_invalid_utf8(std::string_view input) noexcept;

}  // namespace erli18n::charset

#endif  // ERLI18N_SRC_CHARSET_H
