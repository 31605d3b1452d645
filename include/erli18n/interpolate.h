/// \file
/// erli18n/interpolate.h — `%{name}` interpolation from named bindings.
///
/// `interpolate` fills the `%{name}` placeholders of a text (usually a translation) from a
/// list of named bindings, in one left-to-right pass whose output is never re-scanned:
///   - `%{name}`, where name is an ASCII identifier `[A-Za-z_][A-Za-z0-9_]*` of 1 to
///     `max_placeholder_name` bytes closed at once by `}`, is replaced by the bound value;
///   - `%%` is a literal `%`, so `%%{x}` prints `%{x}` and `100%%` prints `100%`;
///   - anything else is literal text: a lone `%`, and a `%{` that does not start a valid
///     placeholder (`%{}`, `%{1x}`, `%{é}`, `%{a b}`, an unterminated `%{x`) is copied as the
///     two bytes `%{`, scanning going on right after the `{`.
///
/// Text bytes are copied as they are: invalid UTF-8 passes through unchanged.
///
/// A placeholder with no binding is left as written (`interpolation_mode::lenient`, the
/// default) or makes the call fail with `errc::not_found` and the message
/// `missing binding 'name'` for the first one, left to right (`interpolation_mode::strict`).
/// When two bindings have the same name, the first one wins.
///
/// Values (`arg_value`) render as: strings byte for byte; integers in decimal; booleans as
/// `true` / `false`; floating point in the shortest form that reads back as the same double,
/// independent of the C or C++ locale, always with a `.` or an exponent: `3.5`, `100.0`,
/// `0.1`, `-0.0`, `1.0e300`, `1.5e-10`; `nan` (whatever its sign), `inf`, `-inf`.
///
/// Bounded on any input, in time linear in the text (times the number of bindings, which
/// are meant to be a handful: each placeholder is looked up by a linear scan):
///   - a string value is cut to `max_interpolated_value` bytes;
///   - at most `max_substitutions` placeholders are replaced; the later bound ones are left
///     as written (unbound ones do not count);
///   - one call appends at most `max_interpolated_output` bytes: the piece that would
///     overflow is cut to the room left and the rest of the text is dropped (a strict call
///     then checks no further placeholder).
///
/// A cut never splits a UTF-8 sequence: it backs off (by at most 3 bytes) while the first
/// byte it would drop is a continuation byte (0x80-0xBF).
///
/// `arg`, `arg_value` and `arg_list` are views, like `std::string_view`: they own nothing,
/// allocate nothing, and are meant to be built at the call site for the duration of the
/// call; a string value must outlive the call. Do not keep an `arg_list` built from a braced
/// list past the statement. A temporary `std::string` (`s + "!"`, a function's result) is
/// refused at compile time: it dies at the end of its statement, and a view of it kept in a
/// named `arg`, array or `arg_list` would read freed memory; name it first
/// (`const std::string shout = s + "!";`, then `{"name", shout}`). The functions have no state: call them
/// from any thread. Allocation failure is reported as `errc::out_of_memory`, never thrown.
///
/// \code
/// erli18n::result<std::string> s = erli18n::interpolate(
///     "%{name} has %{count} new messages (%{ratio}%% read)",
///     {{"name", "Ada"}, {"count", 3}, {"ratio", 12.5}});
/// // *s == "Ada has 3 new messages (12.5% read)"
/// auto strict = erli18n::interpolate("Hi %{who}", {}, erli18n::interpolation_mode::strict);
/// // !strict, strict.error().message == "missing binding 'who'"
/// \endcode
///
/// format.h applies this to the text of any lookup of gettext.h (`erli18n::format`), binding
/// `count` for the plural ones; `erli18n::strict` is its switch to strict mode.
#ifndef ERLI18N_INTERPOLATE_H
#define ERLI18N_INTERPOLATE_H

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

namespace detail {
template <class T>
inline constexpr bool is_character_v = std::is_same_v<T, char> || std::is_same_v<T, wchar_t> ||
                                       std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t>
#if defined(__cpp_char8_t)
                                       || std::is_same_v<T, char8_t>
#endif
    ;
template <class T>
inline constexpr bool is_number_v = std::is_integral_v<T> && !std::is_same_v<T, bool> && !is_character_v<T>;
}  // namespace detail

/// Longest placeholder name, in bytes; a longer one is literal text.
inline constexpr std::size_t max_placeholder_name = 256;
/// A string value longer than this is cut (at a UTF-8 boundary).
inline constexpr std::size_t max_interpolated_value = 8192;
/// Placeholders replaced per call at most; later bound ones stay as written.
inline constexpr std::size_t max_substitutions = 1024;
/// Bytes one call appends at most; the rest of the text is dropped.
inline constexpr std::size_t max_interpolated_output = 65536;

/// What an unbound placeholder does.
enum class interpolation_mode {
  lenient,  ///< it stays as written (`%{name}`)
  strict    ///< the call fails: `errc::not_found`, "missing binding 'name'"
};

/// The value of a binding: a string, a signed or unsigned integer, a double or a bool. A
/// small tagged union, built implicitly from any of those (`"Ada"`, `std::string`,
/// `std::string_view`, `3`, `3u`, `2.5`, `true`). Integer types of any width are accepted,
/// including `signed char` / `unsigned char` (`int8_t`, `uint8_t`: printed as numbers);
/// plain `char` and the other character types are refused at compile time (a letter or a
/// number? say which: `std::string_view(&c, 1)` or `int{c}`), and so are pointers other
/// than `const char*` (a null `const char*` is the empty string). `float` and `long double`
/// are converted to double.
class arg_value {
 public:
  /// Which alternative the value holds.
  enum class kind : unsigned char {
    string,            ///< a string view (`as_string`)
    signed_integer,    ///< a signed integer, widened to long long (`as_signed`)
    unsigned_integer,  ///< an unsigned integer, widened to unsigned long long (`as_unsigned`)
    floating,          ///< a floating-point number, as double (`as_double`)
    boolean            ///< a bool (`as_bool`)
  };

  /// A string value viewing `text` (not copied: it must outlive the call).
  constexpr arg_value(std::string_view text) noexcept
      : kind_(kind::string), string_{text.data(), text.size()} {}
  /// A string value viewing the NUL-terminated `text`; a null pointer is the empty string.
  constexpr arg_value(const char* text) noexcept
      : arg_value(text ? std::string_view(text) : std::string_view()) {}
  /// A string value viewing `text` (not copied: it must outlive the call).
  arg_value(const std::string& text) noexcept : arg_value(std::string_view(text)) {}
  /// Refused at compile time: a temporary string (`s + "!"`, `out.str()`) dies at the end of
  /// its statement, before an `arg` or `arg_list` kept in a variable is read. Name the string
  /// first: `const std::string shout = s + "!";`, then `{"name", shout}`.
  arg_value(std::string&& text) = delete;
  /// Refused at compile time: a literal `nullptr` is no value (a `const char*` that is null
  /// at run time is the empty string).
  arg_value(std::nullptr_t) = delete;

  /// A signed integer value of any width (`signed char` included; not `char` or `bool`).
  template <class Int, std::enable_if_t<detail::is_number_v<Int> && std::is_signed_v<Int>, int> = 0>
  constexpr arg_value(Int value) noexcept
      : kind_(kind::signed_integer), signed_(static_cast<long long>(value)) {}
  /// An unsigned integer value of any width (`unsigned char` included; not a character type
  /// or `bool`).
  template <class Int, std::enable_if_t<detail::is_number_v<Int> && std::is_unsigned_v<Int>, int> = 0>
  constexpr arg_value(Int value) noexcept
      : kind_(kind::unsigned_integer), unsigned_(static_cast<unsigned long long>(value)) {}
  /// A floating-point value; `float` and `long double` are converted to double.
  template <class Float, std::enable_if_t<std::is_floating_point_v<Float>, int> = 0>
  constexpr arg_value(Float value) noexcept : kind_(kind::floating), floating_(static_cast<double>(value)) {}
  /// A boolean value, rendered `true` or `false` (a template, so that no other type converts
  /// to it implicitly).
  template <class Bool, std::enable_if_t<std::is_same_v<Bool, bool>, int> = 0>
  constexpr arg_value(Bool value) noexcept : kind_(kind::boolean), boolean_(value) {}
  /// Refused: a character (`char`, `wchar_t`, `char8_t`, `char16_t`, `char32_t`) could mean
  /// a letter or a number; write `std::string_view(&c, 1)` or `int{c}`.
  template <class Char, std::enable_if_t<detail::is_character_v<Char>, int> = 0>
  arg_value(Char) = delete;

  /// Which alternative the value holds.
  constexpr kind type() const noexcept { return kind_; }
  /// The string, when `type()` is `kind::string`: each `as_` accessor reads the alternative
  /// `type()` names; asking for another one is a bug.
  constexpr std::string_view as_string() const noexcept { return {string_.data, string_.size}; }
  /// The integer, when `type()` is `kind::signed_integer`; asking for another one is a bug.
  constexpr long long as_signed() const noexcept { return signed_; }
  /// The integer, when `type()` is `kind::unsigned_integer`; asking for another one is a bug.
  constexpr unsigned long long as_unsigned() const noexcept { return unsigned_; }
  /// The number, when `type()` is `kind::floating`; asking for another one is a bug.
  constexpr double as_double() const noexcept { return floating_; }
  /// The bool, when `type()` is `kind::boolean`; asking for another one is a bug.
  constexpr bool as_bool() const noexcept { return boolean_; }

 private:
  struct text_ref {
    const char* data;
    std::size_t size;
  };

  kind kind_;
  union {
    text_ref string_;
    long long signed_;
    unsigned long long unsigned_;
    double floating_;
    bool boolean_;
  };
};

/// One named binding: `{"name", value}`. A name that is not a valid placeholder name
/// (see above) can never match.
struct arg {
  std::string_view name;  ///< the placeholder name it fills (without `%{` and `}`)
  arg_value value;        ///< what the placeholder is replaced by
};

/// A view of the bindings of one call: a braced list at the call site
/// (`{{"name", "Ada"}, {"count", 3}}`), an array, or a pointer and a size (a
/// `std::vector<arg>`: `{v.data(), v.size()}`). It does not copy the bindings.
class arg_list {
 public:
  /// No bindings.
  constexpr arg_list() noexcept = default;
// Keeping the pointer of a braced list is the point: the list lives until the end of the
// call's full expression, as long as this view (std::span has the same constructor in C++26).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  /// The bindings of a braced list: valid until the end of the full expression it is in.
  constexpr arg_list(std::initializer_list<arg> args) noexcept : data_(args.begin()), size_(args.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  /// The `size` bindings starting at `data` (for a `std::vector<arg>`: `{v.data(), v.size()}`).
  constexpr arg_list(const arg* data, std::size_t size) noexcept : data_(data), size_(size) {}
  /// The bindings of an array.
  template <std::size_t N>
  constexpr arg_list(const arg (&args)[N]) noexcept : data_(args), size_(N) {}

  /// The first binding.
  constexpr const arg* begin() const noexcept { return data_; }
  /// Past the last binding.
  constexpr const arg* end() const noexcept { return data_ + size_; }
  /// The number of bindings.
  constexpr std::size_t size() const noexcept { return size_; }
  /// True when there are no bindings.
  constexpr bool empty() const noexcept { return size_ == 0; }

 private:
  const arg* data_ = nullptr;
  std::size_t size_ = 0;
};

/// `text` with its placeholders filled from `args`. Fails only in strict mode on an unbound
/// placeholder (`errc::not_found`) or when memory runs out (`errc::out_of_memory`).
result<std::string> interpolate(std::string_view text, arg_list args,
                                interpolation_mode mode = interpolation_mode::lenient);

/// `interpolate`, appended to `out` (the output bound counts only what this call appends). On
/// failure `out` is left as it was; `errc::limit_exceeded` if `out` would pass max_size().
result<void> interpolate_to(std::string& out, std::string_view text, arg_list args,
                            interpolation_mode mode = interpolation_mode::lenient);

/// One `%{name}` placeholder of a text: its name, and the byte offset of its `%`.
struct placeholder {
  std::string_view name;   ///< the name between `%{` and `}`, a view into the text
  std::size_t offset = 0;  ///< byte offset of the placeholder's `%` in the text
};

/// The placeholders of `text`, left to right, read exactly as `interpolate` reads them (`%%{x}`
/// is no placeholder, `%{1x}` neither). The names are views into `text`. `erli18n lint` uses
/// it to compare a translation's placeholders with its msgid's.
std::vector<placeholder> placeholders(std::string_view text);

namespace detail {
/// `interpolate_to` with one more binding, consulted after all of `args` (format.h binds
/// `count` this way, so that a caller's own `count` wins). `fallback` may be null.
result<void> interpolate_to(std::string& out, std::string_view text, arg_list args, const arg* fallback,
                            interpolation_mode mode);
}  // namespace detail

}  // namespace erli18n

#endif  // ERLI18N_INTERPOLATE_H
