/// \file
/// Pseudo-localization: a catalog whose every translation is its msgid made to look foreign.
///
/// A team loads it as one more locale before translators start, and sees in its own UI the
/// strings that are not looked up (they stay plain English), the layouts that truncate or
/// overflow (the text is about a third longer) and the code that splits or concatenates
/// sentences (each translation is one bracketed block: a `]` missing or in the middle shows
/// a cut or a join).
///
/// `pseudo_localize("Save %{count} files as %s")` is `[Šáṽé %{count} ƒíļéš áš %s ~~~~]`:
///  - each ASCII letter becomes an accented form of itself (`a` `á`, `S` `Š`), one code point
///    each in UTF-8; other bytes stay as they are;
///  - kept exactly as written, so the program still fills them: `%{name}` placeholders (read
///    as erli18n/interpolate.h reads them), C printf directives (as msgfmt reads them: `%s`,
///    `%5.2f`, `%1$s`, `%lu`, `%<PRId64>`, `%%`), brace fields (`{0}`, `{name}`, `{}`),
///    markup tags (`<b>`, `</a>`, `<br/>`, `<!-- -->`) and entities (`&amp;`, `&#169;`);
///  - then `expansion_percent` percent of the letters' count (rounded up) of `~` added after
///    a blank, inside `[` and `]`;
///  - newlines that begin or end the text stay outside the brackets (msgfmt and `erli18n
///    lint` require a translation to begin and end as its msgid does); text of newlines only,
///    and the empty text, stay as they are.
///
/// It is not idempotent on a text (a second pass brackets again); `pseudo_catalog` always
/// starts from the msgids, so running it over its own output gives the same translations.
/// Pure functions: call them from any thread. They throw only std::bad_alloc.
///
/// \code
/// erli18n::result<erli18n::po_file> pot = erli18n::read_po_file("app.pot");
/// if (pot) {
///   erli18n::po_file pseudo = erli18n::pseudo_catalog(*pot);  // en_XA, English's plural rule
///   erli18n::result<std::string> bytes = erli18n::write_po(pseudo);
/// }
/// \endcode
#ifndef ERLI18N_TOOLS_PSEUDO_H
#define ERLI18N_TOOLS_PSEUDO_H

#include <string>
#include <string_view>

#include "erli18n/po.h"
#include "erli18n/tools/init.h"

namespace erli18n {

/// The pseudo-locale erli18n suggests: `en_XA`, the private-use region of the accented
/// pseudo-locale Android and Chromium use, with English's plural rule.
inline constexpr std::string_view default_pseudo_locale = "en_XA";

/// `text` pseudo-localized (see above).
std::string pseudo_localize(std::string_view text, unsigned expansion_percent = 35);

/// What `pseudo_catalog` writes.
struct pseudo_options {
  /// The catalog's Language.
  std::string locale = std::string(default_pseudo_locale);
  /// Its Plural-Forms: how many msgstr forms each plural message gets.
  std::string plural_forms = "nplurals=2; plural=(n != 1);";
  /// Lengthening, in percent of the letters of each text.
  unsigned expansion_percent = 35;
  /// The header's other fields (erli18n/tools/init.h's `fill_init_header`).
  init_header header{};
};

/// A catalog for `options.locale` from a template or a catalog: every message but the obsolete
/// ones, with its context, comments, references and flags, not fuzzy, no previous msgid, and
/// its translation the pseudo-localized msgid; a plural message gets as many forms as the
/// rule says, form 0 from the msgid and the others from msgid_plural (all from msgid_plural
/// when the rule has a single form). The header is filled as `erli18n init` fills it.
po_file pseudo_catalog(const po_file& source, const pseudo_options& options = {});

}  // namespace erli18n

#endif  // ERLI18N_TOOLS_PSEUDO_H
