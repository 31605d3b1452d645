/// \file
/// Choosing the locale to answer a request in, from its Accept-Language.
///
/// A server has catalogs for a few locales; each request says which languages its user reads,
/// best first, in an HTTP `Accept-Language` header (RFC 9110 §12.5.4). `parse_accept_language`
/// turns the header into canonical locale names ordered by preference; `negotiate_locale` picks
/// the first of the server's locales that serves them, or the server's default. The header is
/// untrusted: parsing is bounded (`accept_language_limits`), never fails, and skips whatever it
/// cannot read; a request's locale only ever selects among the names the caller passes.
///
/// The functions are pure: call them from any thread. They throw nothing but std::bad_alloc.
///
/// \code
/// std::vector<std::string> available = {"en", "pt_BR", "de"};
/// std::string locale = erli18n::negotiate_locale("fr-CH, de;q=0.9, en;q=0.5", available, "en");
/// // "de": nothing serves fr_CH or fr, and de is preferred to en.
/// \endcode
///
/// Parsing (`parse_accept_language`). The header is a comma-separated list of
/// `language-range [OWS ";" OWS "q=" qvalue]`; spaces and tabs around commas and semicolons are
/// ignored, and so are empty elements (`en,,de`). An element is skipped, and the rest still
/// read, when:
///  - its range is neither `*` nor a name `canonical_locale` accepts (`en-US` and `en_US` are
///    both read; `#bad!`, non-ASCII or NUL bytes are not);
///  - it has a parameter other than a single `q` (`q` or `Q`): RFC 9110 defines no other, so
///    an element carrying one is not understood rather than half-understood;
///  - its qvalue is not `0` or `1` optionally followed by `.` and up to 3 digits, at most 1
///    (`0.5`, `0.125`, `1.000`; not `1.5`, `0.1234`, `.5`, `abc`, or space around `=`);
///  - its qvalue is 0: the user does not accept that language (the element is dropped; it does
///    not veto a more specific or more general match of another element).
///
/// The result is stably sorted by quality, highest first (equal qualities keep header order).
/// Duplicates are kept. The bounds cut, never reject: only the first `max_bytes` bytes are
/// read, ending at the last comma within them unless the cut falls just before a comma (an
/// element cut in two is not read), and reading stops once `max_items` elements are kept.
///
/// Negotiation (`negotiate_locale`) is the RFC 4647 §3.4 "lookup" scheme. For each preference
/// in order, its canonical name is looked for among the canonical forms of `available`, then
/// each of its parents in turn, as the store's base-language fallback walks them
/// (`zh_Hant_TW`, `zh_Hant`, `zh`; see `parent_locale`); the first hit wins. So all of one
/// preference's fallbacks are tried before the next preference, and a preference never
/// matches a *more* specific locale (`en` does not select `en_US`; list `en` as available).
/// The wildcard `*` is skipped, as RFC 4647 §3.4 does in lookup: it names no locale to look
/// for, and if nothing else matches the result is the default anyway. Preferences with quality
/// 0 and names that do not canonicalize are skipped; `available` entries that do not
/// canonicalize never match. When no preference matches, the result is `default_locale`.
///
/// What is returned is always one of the caller's own strings, as spelled: the first
/// `available` entry whose canonical form matched (so `"pt-BR"` is returned for an available
/// `"pt-BR"`), or else `default_locale`. If `default_locale` is empty or does not canonicalize
/// it is replaced by "C" (the locale with no translations: lookups return the msgids), so the
/// result is always a usable locale name. The default need not be in `available`.
#ifndef ERLI18N_NEGOTIATE_H
#define ERLI18N_NEGOTIATE_H

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n {

/// How much of an untrusted Accept-Language header is read. The defaults cover any real
/// browser's header (they send a handful of ranges, well under 200 bytes).
struct accept_language_limits {
  std::size_t max_bytes = 4096;  ///< bytes of the header read; the rest is ignored
  std::size_t max_items = 32;    ///< preferences kept; later elements are ignored
};

/// One language the client accepts.
struct language_preference {
  std::string locale;       ///< canonical (see `canonical_locale`), or "*" for any language
  unsigned quality = 1000;  ///< the q-value in thousandths: 1000 is q=1, 500 is q=0.5
};

/// The preferences in `header`, best first (rules in negotiate.h). Never fails: an unreadable
/// header gives an empty list.
std::vector<language_preference> parse_accept_language(std::string_view header,
                                                       const accept_language_limits& limits = {});

/// How a preference is matched against the available locales.
enum class match_scheme {
  /// CLDR's language matching, as ICU's LocaleMatcher does it (the default): likely subtags,
  /// aliases, region groups and parent locales make `zh-TW` match `zh_Hant`, `pt` match
  /// `pt_BR`, `no` match `nb` and `es-MX` match `es_419`; a language no rule relates never
  /// matches (`ca` does not answer a request for `es`). See "Best-fit matching" above.
  best_fit,
  /// RFC 4647 §3.4 lookup: each preference, then its parents, compared exactly.
  lookup,
};

/// The available locales prepared once for best-fit matching, for a server that negotiates
/// every request against the same list: construction does the CLDR work, `find` only compares.
/// Immutable once built: share it between threads.
class locale_matcher {
 public:
  /// `available` as the caller spells the names; those that do not canonicalize never match.
  explicit locale_matcher(std::vector<std::string> available);
  /// Where the best match of `preferences` is in `available` (rules in negotiate.h), or nothing.
  [[nodiscard]] std::optional<std::size_t> find(const std::vector<language_preference>& preferences) const;
  /// The list given to the constructor.
  [[nodiscard]] const std::vector<std::string>& available() const noexcept;

 private:
  struct prepared;
  std::shared_ptr<const prepared> prepared_;
};

/// The locale to answer in (rules in negotiate.h): the first match of `preferences`, in
/// order, among `available`, or `default_locale` ("C" if that is not a well-formed locale
/// name). The preferences' qualities only matter when 0 (skipped): their order is their
/// priority.
std::string negotiate_locale(const std::vector<language_preference>& preferences,
                             const std::vector<std::string>& available, std::string_view default_locale,
                             match_scheme scheme = match_scheme::best_fit);

/// Where the first match of `preferences` is in `available` (the rules of `negotiate_locale`),
/// or nothing: for callers that must tell "no match" from "matched the default", such as an
/// HTTP negotiator falling through to its next source.
std::optional<std::size_t> find_locale(const std::vector<language_preference>& preferences,
                                       const std::vector<std::string>& available,
                                       match_scheme scheme = match_scheme::best_fit);

/// The same, with the preferences parsed from `accept_language` with the default limits.
std::string negotiate_locale(std::string_view accept_language, const std::vector<std::string>& available,
                             std::string_view default_locale, match_scheme scheme = match_scheme::best_fit);

}  // namespace erli18n

#endif  // ERLI18N_NEGOTIATE_H
