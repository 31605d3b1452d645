/// \file
/// erli18n/checked.h — lookups whose literal msgids are checked at compile time (opt-in).
///
/// `erli18n compile --keys -o app_keys.h TEMPLATES.pot...` writes a header listing the
/// templates' keys (context, msgid) as constant data and defining ERLI18N_CHECKED_KEYS to
/// them. With it included, the macros below check their literal arguments while compiling:
///   - the key must be in the templates: `ERLI18N_GETTEXT("Helo")` fails with
///     `static assertion failed: erli18n: msgid "Helo" is not in the templates`;
///   - the `f` forms format the lookup's text (format.h) with the bindings, written as in
///     `erli18n::format`'s list (`{"name", value}, ...`, without the outer braces),
///     and require them to name exactly the `%{name}` placeholders of the msgid (and of
///     msgid_plural): a missing or unknown name, a repeated one, or a name that is not a
///     string literal fails compilation. The plural forms bind `count` themselves, so it may
///     be left out.
///
/// Each macro expands to the unchecked call next to a lambda holding the static_asserts,
/// which is never called: the generated code is that of the unchecked call (tests/checked/
/// compares the object code). The msgids and binding names must be string literals (a
/// variable fails to compile: `'id' is not captured`).
///
/// \code
/// #include "app_keys.h"   // generated; includes this header
/// std::string_view a = ERLI18N_GETTEXT("Hello");
/// std::string_view b = ERLI18N_PGETTEXT("menu", "Open");
/// std::string c = ERLI18N_GETTEXTF("Hello, %{name}!", {"name", user});
/// std::string d = ERLI18N_NGETTEXTF("%{count} file in %{dir}", "%{count} files in %{dir}", n,
///                                   {"dir", dir});
/// auto e = fr.gettext(ERLI18N_MSGID("Hello"));  // any other call: the checked literal itself
/// \endcode
///
/// C++17; the `f` forms need at least one binding (use the plain form for none).
///
/// The functions of namespace erli18n::checked are the constant-evaluated checks the macros
/// run; they are public because the macros expand to calls of them in the caller's code,
/// not meant to be called directly.
#ifndef ERLI18N_CHECKED_H
#define ERLI18N_CHECKED_H

#include <cstddef>
#include <string_view>

#include "erli18n/format.h"
#include "erli18n/gettext.h"

/// The compile-time checks behind the ERLI18N_* macros of checked.h, and the key table type
/// that `erli18n compile --keys` generates.
namespace erli18n::checked {

/// One key of a template; `compile --keys` writes them sorted as `compare` orders them.
struct key {
  bool has_context;          ///< whether the message has a msgctxt (which may be empty)
  std::string_view context;  ///< the msgctxt; empty when `has_context` is false
  std::string_view msgid;    ///< the msgid (the singular one of a plural message)
};

/// The keys of the templates: a view of the sorted array the keys header defines
/// (ERLI18N_CHECKED_KEYS names one).
struct key_set {
  const key* data;   ///< the first key, sorted as `compare` orders them
  std::size_t size;  ///< the number of keys
};

/// Orders keys by (has_context, context, msgid), bytes compared as unsigned: negative when
/// `a` comes first, 0 when equal, positive when `b` comes first.
constexpr int compare(const key& a, const key& b) noexcept {
  if (a.has_context != b.has_context) return a.has_context ? 1 : -1;
  if (int c = a.context.compare(b.context); c != 0) return c;
  return a.msgid.compare(b.msgid);
}

/// True when (context, msgid) is one of `keys` (a binary search: cheap for the compiler).
constexpr bool contains(key_set keys, bool has_context, std::string_view context,
                        std::string_view msgid) noexcept {
  const key wanted{has_context, context, msgid};
  std::size_t low = 0, high = keys.size;
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    const int c = compare(keys.data[mid], wanted);
    if (c == 0) return true;
    if (c < 0)
      low = mid + 1;
    else
      high = mid;
  }
  return false;
}

/// Names, by view, with a fixed capacity (constant evaluation cannot allocate in C++17).
struct name_list {
  static constexpr std::size_t capacity = 64;  ///< names kept at most; one more makes it invalid
  std::string_view items[capacity] = {};       ///< the names, the first `size` of them in use
  std::size_t size = 0;                        ///< names in `items`
  /// False when a name could not be read or there were too many.
  bool valid = true;

  /// True when `name` is one of the names.
  constexpr bool has(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < size; ++i)
      if (items[i] == name) return true;
    return false;
  }
  /// Appends `name` (repeats included); past `capacity` marks the list invalid instead.
  constexpr void add(std::string_view name) noexcept {
    if (size == capacity)
      valid = false;
    else
      items[size++] = name;
  }
};

/// True when `c` may start a placeholder name (`[A-Za-z_]`, as interpolate.h reads them).
constexpr bool is_name_start(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
/// True when `c` may continue a placeholder name (`[A-Za-z0-9_]`).
constexpr bool is_name_char(char c) noexcept { return is_name_start(c) || (c >= '0' && c <= '9'); }

/// Adds to `out` the placeholder names of `text`, by the grammar of interpolate.h, each
/// once.
///
/// A copy of the runtime's reading (`erli18n::placeholders`, interpolate.cc) because this
/// header is constant-evaluated C++17 and the runtime's is compiled C++23 code that cannot be
/// `constexpr` here; placeholder_grammar_test runs both over the same corpus so that they
/// cannot drift apart.
constexpr void add_placeholders(std::string_view text, name_list& out) noexcept {
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '%' || i + 1 == text.size()) {
      ++i;
      continue;
    }
    if (text[i + 1] == '%') {  // `%%` is a literal `%`
      i += 2;
      continue;
    }
    if (text[i + 1] != '{') {
      ++i;
      continue;
    }
    std::size_t end = i + 2;
    if (end < text.size() && is_name_start(text[end]))
      while (end < text.size() && is_name_char(text[end])) ++end;
    const std::size_t length = end - (i + 2);
    if (length > 0 && length <= max_placeholder_name && end < text.size() && text[end] == '}') {
      const std::string_view name = text.substr(i + 2, length);
      if (!out.has(name)) out.add(name);
      i = end + 1;
    } else {
      i += 2;  // literal `%{`: scanning goes on after the brace
    }
  }
}

/// The names of bindings written `{"name", value}, ...`, read from their spelling (the
/// macro's stringized arguments). `valid` is false when a binding is not a braced pair
/// whose first element is a plain string literal.
constexpr name_list binding_names(std::string_view spelling) noexcept {
  name_list names;
  int depth = 0;
  bool expect_name = false;
  for (std::size_t i = 0; i < spelling.size(); ++i) {
    const char c = spelling[i];
    if (expect_name) {
      if (c == ' ') continue;
      expect_name = false;
      if (c != '"') {
        names.valid = false;
        return names;
      }
      const std::size_t end = spelling.find('"', i + 1);
      const std::string_view name = spelling.substr(i + 1, end - (i + 1));
      if (end == std::string_view::npos || name.find('\\') != std::string_view::npos) {
        names.valid = false;
        return names;
      }
      if (names.has(name)) names.valid = false;  // a repeated binding is a mistake too
      names.add(name);
      i = end;
      continue;
    }
    if (c == '"' || (c == '\'' && (i == 0 || !is_name_char(spelling[i - 1])))) {
      // A string or character literal inside a value: skip it, escapes included (a `'`
      // after a digit or letter is a digit separator, not a literal).
      for (++i; i < spelling.size() && spelling[i] != c; ++i)
        if (spelling[i] == '\\') ++i;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') {
      if (depth == 0 && c == '{') expect_name = true;
      if (depth == 0 && c != '{') names.valid = false;
      ++depth;
    } else if (c == '}' || c == ')' || c == ']') {
      --depth;
    } else if (depth == 0 && c != ',' && c != ' ') {
      names.valid = false;  // a binding not written as a braced pair
    }
  }
  return names;
}

/// True when every placeholder of `msgid` and `msgid_plural` has a binding in `spelling`
/// (`count` may be left to the plural forms when `count_is_bound`).
constexpr bool placeholders_bound(std::string_view msgid, std::string_view msgid_plural,
                                  std::string_view spelling, bool count_is_bound) noexcept {
  name_list wanted;
  add_placeholders(msgid, wanted);
  add_placeholders(msgid_plural, wanted);
  const name_list given = binding_names(spelling);
  for (std::size_t i = 0; i < wanted.size; ++i)
    if (!given.has(wanted.items[i]) && !(count_is_bound && wanted.items[i] == "count")) return false;
  return wanted.valid;
}

/// True when every binding in `spelling` is a string literal naming a placeholder of
/// `msgid` or `msgid_plural`, each once.
constexpr bool bindings_used(std::string_view msgid, std::string_view msgid_plural,
                             std::string_view spelling) noexcept {
  name_list wanted;
  add_placeholders(msgid, wanted);
  add_placeholders(msgid_plural, wanted);
  const name_list given = binding_names(spelling);
  if (!given.valid) return false;
  for (std::size_t i = 0; i < given.size; ++i)
    if (!wanted.has(given.items[i])) return false;
  return true;
}

}  // namespace erli18n::checked

/// \cond INTERNAL
// The checks, as statements for the lambdas of the macros below: helpers of the public
// macros, not meant to be used on their own, so they stay out of the API reference.
#define ERLI18N_DETAIL_CHECK_KEY(msgid)                                               \
  static_assert(::erli18n::checked::contains(ERLI18N_CHECKED_KEYS, false, {}, msgid), \
                "erli18n: msgid " #msgid                                              \
                " is not in the templates (regenerate the keys header with "          \
                "erli18n compile --keys?)")
#define ERLI18N_DETAIL_CHECK_PKEY(context, msgid)                                         \
  static_assert(::erli18n::checked::contains(ERLI18N_CHECKED_KEYS, true, context, msgid), \
                "erli18n: msgid " #msgid " in context " #context                          \
                " is not in the templates (regenerate "                                   \
                "the keys header with erli18n compile --keys?)")
#define ERLI18N_DETAIL_CHECK_ARGS(msgid, msgid_plural, count_is_bound, ...)                                \
  static_assert(::erli18n::checked::placeholders_bound(msgid, msgid_plural, #__VA_ARGS__, count_is_bound), \
                "erli18n: a %{placeholder} of " #msgid " has no binding among " #__VA_ARGS__);             \
  static_assert(::erli18n::checked::bindings_used(msgid, msgid_plural, #__VA_ARGS__),                      \
                "erli18n: the bindings " #__VA_ARGS__                                                      \
                " must be {\"name\", value} pairs, each naming a "                                         \
                "different %{placeholder} of " #msgid)

/// \endcond

/// The literal msgid itself, checked: for any call of the API.
///
/// Fails to compile unless the string literal `msgid` is a key (without context) of
/// ERLI18N_CHECKED_KEYS; evaluates to `msgid`.
#define ERLI18N_MSGID(msgid) ((void)[] { ERLI18N_DETAIL_CHECK_KEY(msgid); }, msgid)

/// `erli18n::gettext(msgid)`, with the literal `msgid` checked against the templates.
#define ERLI18N_GETTEXT(msgid) ((void)[] { ERLI18N_DETAIL_CHECK_KEY(msgid); }, ::erli18n::gettext(msgid))
/// `erli18n::pgettext(context, msgid)`, with the literal key (context, msgid) checked
/// against the templates.
#define ERLI18N_PGETTEXT(context, msgid) \
  ((void)[] { ERLI18N_DETAIL_CHECK_PKEY(context, msgid); }, ::erli18n::pgettext(context, msgid))
/// `erli18n::ngettext(msgid, msgid_plural, n)`, with the literal `msgid` checked against
/// the templates.
#define ERLI18N_NGETTEXT(msgid, msgid_plural, n) \
  ((void)[] { ERLI18N_DETAIL_CHECK_KEY(msgid); }, ::erli18n::ngettext(msgid, msgid_plural, n))
/// `erli18n::npgettext(context, msgid, msgid_plural, n)`, with the literal key (context,
/// msgid) checked against the templates.
#define ERLI18N_NPGETTEXT(context, msgid, msgid_plural, n)  \
  ((void)[] { ERLI18N_DETAIL_CHECK_PKEY(context, msgid); }, \
   ::erli18n::npgettext(context, msgid, msgid_plural, n))

/// `erli18n::format(erli18n::gettext(msgid), {bindings...})`: the literal `msgid` is checked against the
/// templates, and the bindings (`{"name", value}, ...`, at least one) must name exactly the
/// placeholders of `msgid`, each once.
#define ERLI18N_GETTEXTF(msgid, ...)                              \
  (                                                               \
      (void)[] {                                                  \
        ERLI18N_DETAIL_CHECK_KEY(msgid);                          \
        ERLI18N_DETAIL_CHECK_ARGS(msgid, "", false, __VA_ARGS__); \
      },                                                          \
      ::erli18n::format(::erli18n::gettext(msgid), {__VA_ARGS__}))
/// `erli18n::format(erli18n::pgettext(context, msgid), {bindings...})`: the literal key (context, msgid)
/// is checked against the templates, and the bindings as for ERLI18N_GETTEXTF.
#define ERLI18N_PGETTEXTF(context, msgid, ...)                    \
  (                                                               \
      (void)[] {                                                  \
        ERLI18N_DETAIL_CHECK_PKEY(context, msgid);                \
        ERLI18N_DETAIL_CHECK_ARGS(msgid, "", false, __VA_ARGS__); \
      },                                                          \
      ::erli18n::format(::erli18n::pgettext(context, msgid), {__VA_ARGS__}))
/// `erli18n::format(erli18n::ngettext(msgid, msgid_plural, n), {bindings...})`: the literal `msgid` is
/// checked against the templates, and the bindings must name exactly the placeholders of
/// `msgid` and `msgid_plural`, except that `count` (bound by format to `n`) may be left out.
#define ERLI18N_NGETTEXTF(msgid, msgid_plural, n, ...)                     \
  (                                                                        \
      (void)[] {                                                           \
        ERLI18N_DETAIL_CHECK_KEY(msgid);                                   \
        ERLI18N_DETAIL_CHECK_ARGS(msgid, msgid_plural, true, __VA_ARGS__); \
      },                                                                   \
      ::erli18n::format(::erli18n::ngettext(msgid, msgid_plural, n), {__VA_ARGS__}))

#endif  // ERLI18N_CHECKED_H
