/// \file
/// Errors and the value-or-error type every fallible call returns.
///
/// No exception crosses erli18n's public API. A fallible operation returns
/// `erli18n::result<T>`: either a T or an `erli18n::error` with a code, a lower-case
/// message and, for errors in input files, the position `%file:line:col`.
/// `error::to_string()` renders the GNU-style diagnostic `%file:line:col: error: message`.
///
/// Both types are plain values: copy them, move them, use them from any thread.
///
/// Reading the alternative a result does not hold is a bug, and it stops the program in every
/// build (debug or release, `NDEBUG` or not): `value()`, `operator*` or `operator->` on an
/// error print `erli18n: result::value() on an error: <error::to_string()>` to stderr, and
/// `error()` on a success prints `erli18n: result::error() on a value`, then call
/// `std::abort()`. Test with `if (r)` / `has_value()` first.
///
/// \code
/// erli18n::result<erli18n::po_file> po = erli18n::read_po_file("fr.po");
/// if (!po) { std::cerr << po.error().to_string() << '\n'; return 1; }
/// use(*po);
/// \endcode
#ifndef ERLI18N_RESULT_H
#define ERLI18N_RESULT_H

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace erli18n {

/// What kind of failure an `error` reports.
enum class errc {
  syntax = 1,        ///< input is not valid in its format (PO, MO, plural expression, ...)
  charset,           ///< unknown charset, or bytes invalid in the declared charset
  limit_exceeded,    ///< a configured bound (bytes, entries, depth, ...) was exceeded
  io,                ///< the operating system refused a file operation
  invalid_argument,  ///< the caller passed a value the function does not accept
  not_found,         ///< the catalog (or other named thing) asked for does not exist
  out_of_memory,     ///< an allocation failed; nothing was changed
  internal           ///< an unexpected exception was caught; nothing was changed
};

/// A failure: a code, a lower-case message, and where in an input file it happened.
struct error {
  /// What kind of failure this is.
  errc code = errc::syntax;
  /// What went wrong, lower-case, without the position.
  std::string message;
  std::string file;        ///< empty when the error is not tied to a file
  std::size_t line = 0;    ///< 1-based; 0 when unknown
  std::size_t column = 0;  ///< 1-based, counted in bytes; 0 when unknown

  /// `%file:line:col: error: message`, dropping the parts that are unknown.
  std::string to_string() const;
};

namespace detail {
/// Prints `erli18n: result::value() on an error: ` and `err.to_string()` to stderr, then
/// aborts (result.cc). Out of line, so that the header needs no <cstdio> and the check costs
/// one compare and a call never taken.
[[noreturn]] void value_of_error(const error& err) noexcept;
/// Prints `erli18n: result::error() on a value` to stderr, then aborts.
[[noreturn]] void error_of_value() noexcept;
}  // namespace detail

/// Either a value of type T or an `error`. Reading the alternative it does not hold stops the
/// program with a message, in every build (see above).
template <class T>
class [[nodiscard]] result {
 public:
  /// A success holding `value` (implicit, so a function can `return value;`).
  result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  /// A failure holding `err` (implicit, so a function can `return error{...};`).
  result(erli18n::error err) : state_(std::in_place_index<1>, std::move(err)) {}

  /// True when this holds a value rather than an error.
  bool has_value() const noexcept { return state_.index() == 0; }
  /// `has_value()`: `if (r)` tests for success.
  explicit operator bool() const noexcept { return has_value(); }

  /// The value. On an error, prints the error and aborts (every build).
  T& value() & { return *checked_value(); }
  /// The value. On an error, prints the error and aborts (every build).
  const T& value() const& { return *checked_value(); }
  /// The value, moved out of this rvalue. On an error, prints the error and aborts.
  T&& value() && { return std::move(*checked_value()); }
  /// `value()`.
  T& operator*() & { return value(); }
  /// `value()`.
  const T& operator*() const& { return value(); }
  /// `value()`, moved out of this rvalue.
  T&& operator*() && { return std::move(*this).value(); }
  /// Access to the value's members. On an error, prints the error and aborts.
  T* operator->() { return checked_value(); }
  /// Access to the value's members. On an error, prints the error and aborts.
  const T* operator->() const { return checked_value(); }

  /// The error. On a success, prints a message and aborts (every build).
  const erli18n::error& error() const& { return *checked_error(); }
  /// The error, moved out of this rvalue. On a success, prints a message and aborts.
  erli18n::error&& error() && { return std::move(*checked_error()); }

 private:
  T* checked_value() {
    if (T* v = std::get_if<0>(&state_)) return v;
    detail::value_of_error(*std::get_if<1>(&state_));
  }
  const T* checked_value() const {
    if (const T* v = std::get_if<0>(&state_)) return v;
    detail::value_of_error(*std::get_if<1>(&state_));
  }
  erli18n::error* checked_error() {
    if (erli18n::error* e = std::get_if<1>(&state_)) return e;
    detail::error_of_value();
  }
  const erli18n::error* checked_error() const {
    if (const erli18n::error* e = std::get_if<1>(&state_)) return e;
    detail::error_of_value();
  }

  std::variant<T, erli18n::error> state_;
};

/// `result<void>`: success carries nothing.
template <>
class [[nodiscard]] result<void> {
 public:
  /// A success.
  result() = default;
  /// A failure holding `err` (implicit, so a function can `return error{...};`).
  result(erli18n::error err) : failed_(true), error_(std::move(err)) {}

  /// True on success.
  bool has_value() const noexcept { return !failed_; }
  /// `has_value()`: `if (r)` tests for success.
  explicit operator bool() const noexcept { return has_value(); }

  /// The error. On a success, prints a message and aborts (every build).
  const erli18n::error& error() const& {
    if (!failed_) detail::error_of_value();
    return error_;
  }

 private:
  bool failed_ = false;
  erli18n::error error_;
};

}  // namespace erli18n

#endif  // ERLI18N_RESULT_H
