/// \file
/// A new catalog for a locale from a template, as GNU `msginit --no-translator` writes it.
///
/// `msginit_catalog(pot, options)` returns what `msginit --no-translator -l LOCALE` writes for
/// the template `pot`: every message kept as the template has it (obsolete ones included), a
/// plural message whose forms are all empty given as many forms as the new Plural-Forms says
/// (two when it says no number),
/// and the header filled in as msginit 0.21 fills it:
///  - Project-Id-Version `PACKAGE VERSION` (exactly) becomes the project's name and version;
///  - PO-Revision-Date takes the template's POT-Creation-Date when it has one;
///  - Last-Translator `Automatically generated`, Language-Team `none`, Language the catalog
///    name, MIME-Version `1.0`, Content-Type `text/plain; charset=C` (UTF-8 when the template is
///    UTF-8, else the charset of the locale), Content-Transfer-Encoding `8bit`;
///  - Plural-Forms from msginit's table for the catalog name or its language (a language the
///    table lacks keeps the template's, or none);
///  - each field replaced where it is, or added after the others;
///  - for English (`en`, `en_GB`...), each message without a translation its own instead (a
///    singular one's msgid, a plural one of two forms its msgid and msgid_plural; other shapes
///    left as they are);
///  - the header's comments with `SOME DESCRIPTIVE TITLE`, `FIRST AUTHOR <EMAIL@ADDRESS>`,
///    `PACKAGE` and `YEAR` replaced, and the header no longer fuzzy.
///
/// msginit converts no text: the catalog holds the template's bytes under its own charset
/// (`po_file::unconverted` in UTF-8 or ASCII, where `write_po` leaves out of the strings what
/// is no character, as msginit does).
///
/// The function is pure: the environment's parts (the project, the year, the charset of the
/// locale) are in the options. `erli18n init` is the project's own command for this, with
/// CLDR's plural rules (`init_catalog` below); `msginit_catalog` is GNU's.
#ifndef ERLI18N_TOOLS_INIT_H
#define ERLI18N_TOOLS_INIT_H

#include <optional>
#include <string>
#include <string_view>

#include "erli18n/po.h"

namespace erli18n {

/// What `msginit_catalog` takes from the environment.
struct msginit_options {
  /// The locale as given to `-l` (or found in the environment), e.g. `de_DE.UTF-8`.
  std::string locale{};
  /// The project's name and version, for a template whose Project-Id-Version is
  /// `PACKAGE VERSION` (what `msginit_project` finds); an empty version is left out.
  std::string project_name = "PACKAGE";
  std::string project_version = "VERSION";
  /// Replaces `YEAR` in the header's comments (msginit: the current year).
  std::string year{};
  /// The charset of `locale` (msginit: its codeset if the locale is installed, else ASCII),
  /// used unless the template is UTF-8.
  std::string locale_charset = "ASCII";
};

/// The catalog `msginit --no-translator` writes for `pot`.
po_file msginit_catalog(const po_file& pot, const msginit_options& options);

/// The catalog name msginit gives a locale: without its codeset, and without its territory
/// when that is the language's main one and there is no modifier (`de_DE.UTF-8` is `de`,
/// `pt_BR` stays `pt_BR`, `de_DE@euro` stays so).
std::string msginit_catalog_name(std::string_view locale);

/// The English name msginit gives a language code (`de` is `German`), or nothing when its
/// table lacks the code.
std::optional<std::string_view> msginit_language_name(std::string_view language);

/// The Plural-Forms msginit writes for a catalog name (its own entry, else its language's),
/// or nothing when its table has neither.
std::optional<std::string_view> msginit_plural_forms(std::string_view catalog_name);

/// The project a folder belongs to, as msginit finds it: from the folder and each parent in
/// turn, the package name and version a generated `configure` script sets (`GNU ` added when a
/// file of that folder names it so), or a folder name holding a letter and later a digit
/// (`hello-2.3` is `hello` `2.3`; a folder called `i18n` is passed over); `PACKAGE` `VERSION`
/// when none says.
struct msginit_project_id {
  std::string name;
  std::string version;
};
msginit_project_id msginit_project(const std::string& folder);

/// What `erli18n init` (and `erli18n pseudo`) fill in the header of a new catalog, so that
/// `erli18n lint --werror` (and `msgfmt --check-header`) find no field left as the template
/// wrote it. An empty member leaves its field as the template has it.
struct init_header {
  /// Last-Translator, e.g. `Ada Lovelace <ada@example.org>`; also replaces the comments'
  /// `FIRST AUTHOR <EMAIL@ADDRESS>`.
  std::string translator = "Automatically generated";
  /// Language-Team, when the template's is missing or `LANGUAGE <LL@li.org>`.
  std::string language_team = "none";
  /// Project-Id-Version (and the comments' `PACKAGE`), when the template's is missing or
  /// `PACKAGE VERSION`.
  std::string project{};
  /// PO-Revision-Date, as msgfmt writes dates: `2026-12-01 22:40+0000`.
  std::string revision_date{};
  /// Replaces `YEAR` in the header's comments.
  std::string year{};
};

/// `catalog`'s header entry (added when it has none) filled for `locale`: the fields of
/// `fill`, Language, Plural-Forms `plural_forms` (unless empty), Content-Type UTF-8 (unless
/// the template names a charset), Content-Transfer-Encoding `8bit` where it says `ENCODING`,
/// and the comments' `SOME DESCRIPTIVE TITLE`, `FIRST AUTHOR <EMAIL@ADDRESS>`, `PACKAGE`
/// and `YEAR` replaced; the header is no longer fuzzy.
void fill_init_header(po_file& catalog, std::string_view locale, std::string_view plural_forms,
                      const init_header& fill);

/// `init_catalog(pot, locale, plural_forms)` (erli18n/tools/merge.h: every plural message
/// with as many empty forms as the rule has) with its header filled by `fill_init_header`.
po_file init_catalog(const po_file& pot, std::string_view locale, std::string_view plural_forms,
                     const init_header& fill);

}  // namespace erli18n

#endif  // ERLI18N_TOOLS_INIT_H
