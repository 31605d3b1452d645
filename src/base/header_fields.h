// header_fields.h — the one reader of a PO/MO header's "Name: value" fields.
//
// The header (the msgstr of the empty msgid) is lines of "Name: value". Its readers all go
// through this file: po_file::header_field, mo_catalog::header_field (and the MO reader's
// Plural-Forms and charset), and the toolchain's merge. It lives in base, not formats,
// because the toolchain (src/tools) may use base but no runtime layer's private headers.
//
// Field names compare exactly, byte for byte, by default: msgfmt and glibc do (msgfmt -c
// reports "header field 'Content-Type' missing" for a "content-type:" line; checked with
// gettext 0.21). msgmerge alone matches its standard fields without regard to ASCII case when
// it rebuilds a header, so merge asks for `field_case::ignored`.
//
// Pure functions over views: thread-safe, no allocation.
#ifndef ERLI18N_SRC_HEADER_FIELDS_H
#define ERLI18N_SRC_HEADER_FIELDS_H

#include <optional>
#include <string_view>

namespace erli18n {

/// How field names compare.
enum class field_case {
  exact,   ///< byte for byte, as msgfmt and glibc
  ignored  ///< ASCII letters without regard to case, as msgmerge's header rebuild
};

/// Whether `line` is a field named `name`: it starts with `name` and a colon. An empty name
/// names no field.
bool is_header_field(std::string_view line, std::string_view name,
                     field_case match = field_case::exact) noexcept;

/// The first field named `name` in `header`: what follows its colon up to the end of its line
/// (the newline excluded), untouched; nothing when there is none.
std::optional<std::string_view> raw_header_field(std::string_view header, std::string_view name,
                                                 field_case match = field_case::exact) noexcept;

/// `raw_header_field` with the blanks (spaces, tabs) after the colon left out: the value.
std::optional<std::string_view> find_header_field(std::string_view header, std::string_view name,
                                                  field_case match = field_case::exact) noexcept;

}  // namespace erli18n

#endif  // ERLI18N_SRC_HEADER_FIELDS_H
