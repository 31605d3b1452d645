/// \file
/// Locale names reduced to one canonical spelling, and their fallbacks.
///
/// Catalogs are keyed by (domain, canonical locale), while locale names arrive in many
/// spellings — `pt_BR.UTF-8` from the environment, `pt-BR` from an HTTP header, `PT-br` from a
/// user. `canonical_locale` maps all of them to one key (`pt_BR`) or rejects the name;
/// `parent_locale` walks from a canonical name to the more general ones a lookup falls back to.
/// Input is treated as untrusted: every function is bounded by `max_locale_name` and never
/// reads outside the given view.
///
/// The functions are pure: call them from any thread. The allocation-free overloads suit the
/// lookup path.
///
/// \code
/// char key[erli18n::max_locale_name + 1];
/// std::size_t n = erli18n::canonical_locale("zh-hant-tw", key, sizeof key);  // "zh_Hant_TW"
/// for (std::string_view l(key, n); !l.empty(); l = erli18n::parent_locale(l, key, sizeof key))
///   try_catalog(l);  // zh_Hant_TW, zh_Hant, zh
/// \endcode
///
/// What `canonical_locale` accepts: POSIX spellings `language[_territory][.codeset][@modifier]`
/// and BCP 47 tags `language[-script][-region](-variant)*(-extension)*[-x-private]`, in any
/// letter case, with `-` and `_` interchangeable as subtag separators. The name is split at
/// the first `.` or `@`; the part before is split into subtags, read in this order:
///
///  - language: 2 or 3 letters, lower-cased; the withdrawn codes iw, in, ji, jw and mo become
///    he, id, yi, jv and ro. `C` and `POSIX` (any case) are kept as `C` and `POSIX`; they take
///    no further subtags and no modifier other than `@euro` (`C.UTF-8@euro` is `C`).
///  - script (optional): 4 letters, Title-cased (`hant` -> `Hant`).
///  - region (optional): 2 letters, upper-cased, or 3 digits (`419`).
///  - variants: 5 to 8 letters or digits, or a digit and 3 letters or digits (`1996`); dropped.
///  - extensions: a single letter or digit (`u`, `t`, `x` for private use) followed by at least
///    one subtag of 1 to 8 letters or digits; the singleton and everything after it is dropped.
///  - codeset (after `.`, before any `@`): one or more letters, digits, `-` or `_`; dropped.
///  - modifier (after `@`, last): one or more letters or digits, lower-cased and kept
///    (`sr@latin`, `ca@valencia`), except `@euro` (any case), which is dropped: glibc uses it
///    to pick a currency, never to name a catalog, so `pt_BR.UTF-8@euro` is `pt_BR`.
///
/// The result is `language[_Script][_REGION][@modifier]`. It is never longer than the input,
/// and canonicalizing it again returns it unchanged. Anything else is an error: an empty name,
/// one longer than `max_locale_name` bytes, a byte other than an ASCII letter, digit, `-`, `_`,
/// `.` or `@`, an empty subtag (`pt--BR`, `pt_`, `pt_BR.`, `pt@`), a language that is not 2 or
/// 3 letters, a subtag of the wrong shape or in the wrong place (`en-Latn-US-Latn`,
/// `en-u`), a second `@`, or a `.` after the `@`. No table of registered subtags is consulted:
/// `qq_ZZ` is well-formed and kept.
#ifndef ERLI18N_LOCALE_NAME_H
#define ERLI18N_LOCALE_NAME_H

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

/// Longest locale name accepted (bytes, without NUL), as input and therefore as output.
inline constexpr std::size_t max_locale_name = 63;

/// The canonical form of `name` (rules in locale_name.h), or an error whose message names
/// the problem: `errc::limit_exceeded` for a name longer than `max_locale_name` bytes,
/// `errc::invalid_argument` for every other malformed name.
result<std::string> canonical_locale(std::string_view name);

/// The same canonical form without allocating: writes it plus a NUL into `out` (capacity
/// `cap` bytes) and returns its length, or returns 0 when `name` is malformed or the result
/// and its NUL do not fit (then `out` holds unspecified bytes). A buffer of
/// `max_locale_name + 1` bytes always suffices.
std::size_t canonical_locale(std::string_view name, char* out, std::size_t cap) noexcept;

/// The next, more general locale to fall back to from the canonical name `canonical`, or an
/// empty view when there is none:
///
///  - `pt_BR` -> `pt` -> none;
///  - `zh_Hant_TW` -> `zh_Hant` -> `zh` -> none;
///  - `sr_RS@latin` -> `sr@latin` -> `sr` -> none;
///  - `C` -> none.
///
/// The last `_` subtag is removed; when there is none, the modifier is removed; when there is
/// neither, there is no parent. When the parent is a prefix of `canonical` (no modifier, or
/// the modifier is the part removed), the result views `canonical`'s storage and is not
/// NUL-terminated. Otherwise (`sr_RS@latin` -> `sr@latin`) the parent is written into `out`
/// with a NUL after it, and the result views `out`; `out` may be the very buffer that holds
/// `canonical`, so one buffer serves a whole fallback walk. If that parent and its NUL do not
/// fit in `cap` bytes the result is empty; `max_locale_name + 1` bytes always suffice.
/// `canonical` must be a result of `canonical_locale`; for other input the result is
/// unspecified (but no memory outside `canonical` and `out[0, cap)` is touched).
std::string_view parent_locale(std::string_view canonical, char* out, std::size_t cap) noexcept;

/// The parent CLDR gives the canonical name `canonical` (its `parentLocales`, then the
/// truncation of `parent_locale` where it keeps the script), or an empty view when there is
/// none. The store's `base_language` fallback walks it:
///
///  - `es_MX` -> `es_419` -> `es`; `pt_AO` -> `pt_PT` -> `pt`; `en_AU` -> `en_001` -> `en`;
///  - `zh_Hant_HK` -> `zh_Hant` -> none (never `zh`, which is Simplified Chinese);
///  - `zh_TW` -> `zh_Hant` -> none (Taiwan writes Traditional Chinese);
///  - `sr_Latn` -> none; `sr@latin` -> none (Serbian's usual script is Cyrillic);
///  - `pt_BR` -> `pt`; `fr_CA` -> `fr`; `sr_RS@latin` -> `sr@latin`; `ca@valencia` -> `ca`.
///
/// The result views `canonical` or `out` under the same rules as `parent_locale`.
std::string_view cldr_parent_locale(std::string_view canonical, char* out, std::size_t cap) noexcept;

/// Reads one environment variable: the value, or null when it is not set. The C library's
/// `getenv` is one (`locale_from_environment(getenv)`); tests pass a lambda over a map. The
/// pointer need only stay valid until the next call.
using environment_lookup = std::function<const char*(const char*)>;

/// The locales the environment asks messages in, read as GNU gettext reads them.
struct environment_locale {
  /// The canonical locale to set (`pt_BR`), "C" when the environment names none.
  std::string locale;
  /// The canonical locales a message missing in `locale` is looked for in, in order.
  std::vector<std::string> fallbacks;
  /// The variable that decided `locale`: "LANGUAGE", "LC_ALL", "LC_MESSAGES" or "LANG"; empty
  /// when none is set, or the one that is set is no locale name (see `ignored`).
  std::string variable;
  /// Names the environment gave that are not locale names (`LANG=en US`), each as
  /// "VARIABLE: name"; they were skipped, as glibc finds no catalog for them.
  std::vector<std::string> ignored;
};

/// The locale and fallbacks of messages that GNU gettext takes from the environment.
///
/// The locale of messages is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`, else
/// "C". Unless that value is exactly `C` or `POSIX` (glibc then ignores `LANGUAGE`, so that
/// POSIX-specified output stays in English; `C.UTF-8` is not ignored), a non-empty `LANGUAGE`
/// replaces it with its colon-separated priority list: `LANGUAGE=pt_BR:de` looks for each
/// message in pt_BR, then pt, then de. Each name is canonicalized (`pt_BR.UTF-8`, `pt-br` and
/// `pt_br` are all `pt_BR`) and followed by its more general forms, as glibc tries them
/// (`sr_RS@latin`, `sr@latin`, `sr_RS`, `sr`); each locale is listed once. Empty entries and
/// names that are not locales are skipped; an entry `C` or `POSIX` ends the list (glibc then
/// returns the msgid). Unlike glibc, the locale need not be installed on the system
/// (`locale -a`): only catalogs are needed. Reads the variables only; `getenv` is not
/// thread-safe against `setenv`, so call this during start-up. Throws only std::bad_alloc.
environment_locale locale_from_environment(const environment_lookup& getenv);

/// Which way a locale's text runs.
enum class writing_direction {
  left_to_right,
  right_to_left,
};

/// The direction of the script `locale` is written in: its own script subtag, else the one
/// CLDR's likely subtags give it (`ar`, `he`, `fa`, `ur`, `ps`, `yi`, `sd`, `ckb`, `dv`:
/// right to left; `ks_Deva`, `az_Arab`... by their script), as CLDR's script metadata says.
/// A malformed name, `C` or an unknown language is left to right. For an HTML `dir`
/// attribute: `http::text_direction` gives "ltr" or "rtl". Throws only std::bad_alloc.
writing_direction text_direction(std::string_view locale);

}  // namespace erli18n

#endif  // ERLI18N_LOCALE_NAME_H
