/// \file
/// Checks a translated PO catalog for mistakes, as `%erli18n lint` does.
///
/// `lint_po` reports each problem as a diagnostic with its position, severity and the
/// check that found it. The checks (check ids in brackets):
///
/// What `msgfmt --check` checks, on the same entries (`%file:line` parity is tested in
/// tests/parity/lint_msgfmt.sh); like msgfmt, entries that are obsolete, untranslated
/// (first msgstr empty) or fuzzy (unless `use_fuzzy`) are not checked:
///  - [header] no header entry (error); a header field msgfmt expects (Project-Id-Version,
///    PO-Revision-Date, Last-Translator, Language-Team, MIME-Version, Content-Type,
///    Content-Transfer-Encoding, Language) missing or still at the template's value (warning).
///  - [plural-forms] plural entries without `nplurals=`/`plural=` in the header, an invalid
///    nplurals or expression, an expression that divides by zero (where C would evaluate
///    the divisor), yields a negative value or one >= nplurals for some n in 0..1000 (the
///    first such n is reported), entries with fewer or more msgstr[] than nplurals (errors;
///    like msgfmt, only the first count mismatch is reported).
///  - [c-format] in entries flagged `c-format`: each msgstr must read the same arguments, in
///    number and type, as the msgid (the msgid_plural for plural entries). A plural form
///    that the header's rule picks for fewer than 5 of the n in 0..1000 (French form 0: n = 0
///    and 1) may leave out trailing arguments, as may every form when the rule is unknown.
///    A msgid that is not a valid format is not checked. Errors.
///  - [newlines] msgid, msgid_plural and each msgstr must agree on beginning and on ending
///    with `\n` (errors).
///
/// Ours:
///  - [placeholders] the `%{name}` placeholders (read as interpolate.h reads them) of each
///    msgstr must be those of the msgid and msgid_plural: a missing one is an error (a plural
///    form used for few n may omit them, as for c-format), an extra one an error.
///  - [empty-forms] a translated plural entry (first form filled in) with another form left
///    empty: "the msgstr[2] is empty" (error; the placeholder check passes over empty forms).
///  - [plural-cldr] the header's rule picks other forms than CLDR's for the locale (warning).
///  - [language] the Language header is not a locale name (error) or not canonical (warning).
///  - [duplicates] (only with `check_duplicates`) the same non-empty translation for
///    different msgids (warning naming both entries).
///  - [syntax], [read] the file cannot be read or parsed (error; nothing else is checked).
///
/// The catalog's locale is its Language header, else taken from the file name
/// (`LOCALE/LC_MESSAGES/DOMAIN.po`, or `LOCALE.po`).
///
/// Positions are 1-based line and byte column: a header diagnostic points at its field, an
/// entry's at its (first, or offending) msgstr line. Diagnostics come in file order.
/// A file-level diagnostic has line 0. Stateless and thread-safe.
///
/// \code
/// for (const erli18n::lint_diagnostic& d : erli18n::lint_po_file("fr.po"))
///   std::cerr << erli18n::to_string(d) << '\n';  // fr.po:12:1: error: ... [c-format]
/// \endcode
#ifndef ERLI18N_LINT_H
#define ERLI18N_LINT_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace erli18n {

struct po_file;
struct po_message;

/// How serious a lint finding is (`to_string` prints it as `warning` or `error`).
enum class lint_severity {
  warning,  ///< worth a look; `%erli18n lint` fails on it only with `--werror`
  error     ///< a mistake; `%erli18n lint` fails on it
};

/// One problem `lint_po` found: where, how serious, which check, and what.
struct lint_diagnostic {
  /// The file name given to `lint_po` (the path for `lint_po_file`).
  std::string file;
  std::size_t line = 0;    ///< 1-based; 0 for a diagnostic about the whole file
  std::size_t column = 0;  ///< 1-based, in bytes; 0 for a diagnostic about the whole file
  /// Whether the problem is an error or a warning.
  lint_severity severity = lint_severity::error;
  std::string check;  ///< the check's id: "c-format", "placeholders", ...
  /// What is wrong, without position, severity or check id.
  std::string message;
  /// What `msgfmt --check` prints for the same problem, every line complete and in its form
  /// (`fr.po:12: number of format specifications in 'msgid' and 'msgstr' does not match\n`,
  /// at the entry's first msgstr line), or empty for a check of erli18n's own.
  std::string msgfmt_text;
  /// How many errors msgfmt counts for it in its final "found N fatal errors" (0 for its
  /// warnings; a newline mismatch in several msgstr forms is one finding of several errors).
  std::size_t msgfmt_errors = 0;
  /// For an entry's finding, the line of the entry's msgid (msgfmt prints only the first
  /// finding of an entry, but counts them all); 0 otherwise.
  std::size_t msgfmt_entry = 0;
};

/// Which optional checks `lint_po` runs.
struct lint_options {
  bool check_duplicates = false;  ///< report the same translation for different msgids
  bool use_fuzzy = false;         ///< check fuzzy entries too (`msgfmt --use-fuzzy`)
  /// Only the checks msgfmt makes (header, plural-forms, newlines, and c-format unless
  /// `c_format` is false), as the `msgfmt` command runs them; the diagnostics then come by
  /// check, each check's in msgfmt's order, instead of in file order.
  bool msgfmt_checks_only = false;
  bool c_format = true;  ///< with `msgfmt_checks_only`: the c-format check too
  /// With `msgfmt_checks_only`: the header and plural-forms checks too (`--check-header`).
  /// Without them, as in msgfmt, the c-format check does not know which plural forms are used
  /// for many n, and lets every form of a plural entry leave out arguments.
  bool header = true;
  /// `msgfmt --check-accelerators=CHAR`: when not 0, [accelerators] a msgid with one
  /// keyboard accelerator mark (`&File`; a doubled mark is a literal one) needs exactly one
  /// in its msgstr (an error for none or more).
  char accelerator_mark = 0;
};

/// Whether the checks look at `m`, as msgfmt's do: not obsolete, translated (first msgstr
/// non-empty), not fuzzy unless `use_fuzzy` (the header always).
bool lint_checks_entry(const po_message& m, const lint_options& options);

/// Lints PO text; `file_name` names it in diagnostics and gives the locale when the header
/// has no Language.
std::vector<lint_diagnostic> lint_po(std::string_view text, std::string_view file_name,
                                     const lint_options& options = {});

/// As `lint_po`, for `po` already read from `text` by `read_po(text, file_name)`: the
/// `msgfmt` command reads each file once.
std::vector<lint_diagnostic> lint_parsed_po(const po_file& po, std::string_view text,
                                            std::string_view file_name, const lint_options& options = {});

/// Reads and lints a file (a file that cannot be read is one [read] error).
std::vector<lint_diagnostic> lint_po_file(const std::string& path, const lint_options& options = {});

/// `%file:line:col: error|warning: message [check]` (without `:line:col` for line 0).
std::string to_string(const lint_diagnostic& d);

}  // namespace erli18n

#endif  // ERLI18N_LINT_H
