/// \file
/// The PO (and POT) file model, reader and writer.
///
/// `read_po` parses GNU PO syntax into a `po_file` that keeps everything needed to write the
/// file back: entry order, every comment kind, flags, previous msgids (`#|`) and obsolete
/// (`#~`) entries. Text is converted to UTF-8 at read time from the charset the header
/// declares; `po_file::charset` remembers it so `write_po` can write the same encoding back.
/// `write_po` produces exactly the bytes GNU `msgcat` writes for the same input, line
/// wrapping included.
///
/// The reader accepts what `msgcat` accepts and rejects the rest with an `error` whose
/// position is `%file:line:col`. Input is bounded (`po_read_options`). The further checks
/// `msgfmt` makes (header fields, duplicates, plural counts) belong to the MO compiler.
///
/// All functions are thread-safe; a `po_file` is a plain value.
///
/// \code
/// auto po = erli18n::read_po_file("fr.po");
/// if (!po) { std::cerr << po.error().to_string() << '\n'; return 1; }
/// for (const erli18n::po_message& m : po->messages)
///   if (!m.obsolete && !m.msgstr.empty()) std::cout << m.msgid << " => " << m.msgstr[0] << '\n';
/// auto bytes = erli18n::write_po(*po);  // what `msgcat fr.po` prints
/// \endcode
#ifndef ERLI18N_PO_H
#define ERLI18N_PO_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/result.h"

namespace erli18n {

/// One `#:` reference: `%file:line`, or just `file` when the line is absent.
struct po_reference {
  /// The referenced file, as written.
  std::string file;
  /// The line number; nothing when the reference names only the file.
  std::optional<std::size_t> line;

  /// Equal when file and line are.
  friend bool operator==(const po_reference& a, const po_reference& b) {
    return a.file == b.file && a.line == b.line;
  }
};

/// One entry of a PO file. All strings are unescaped UTF-8, with one exception: comments
/// and references of a UTF-8 file keep their bytes as written, invalid sequences included,
/// so that `write_po` writes them back unchanged, as `msgcat` does.
struct po_message {
  std::vector<std::string> translator_comments;  ///< `#` lines, text after the `#` (e.g. " note")
  std::vector<std::string> extracted_comments;   ///< `#.` lines, text after the `#.`
  std::vector<po_reference> references;          ///< `#:` lines, split into references
  bool fuzzy = false;                            ///< the `fuzzy` flag
  /// Other `#,` flags (e.g. "c-format"), in first-seen order, without repeats.
  std::vector<std::string> flags;

  std::optional<std::string> previous_msgctxt;       ///< `#| msgctxt`
  std::optional<std::string> previous_msgid;         ///< `#| msgid`
  std::optional<std::string> previous_msgid_plural;  ///< `#| msgid_plural`

  /// The `msgctxt`; nothing when absent (an empty context is a context).
  std::optional<std::string> msgctxt;
  /// The `msgid` (empty for the header entry).
  std::string msgid;
  /// The `msgid_plural`; nothing for a singular entry.
  std::optional<std::string> msgid_plural;
  /// One string for a singular entry; one per `msgstr[N]` for a plural entry, in index order.
  std::vector<std::string> msgstr;

  bool obsolete = false;  ///< the entry was written as `#~` lines

  std::size_t line = 0;    ///< 1-based line of the entry's `msgid` keyword in the source
  std::size_t column = 0;  ///< 1-based column of that keyword

  /// The header entry: empty msgid, no context, not obsolete.
  bool is_header() const noexcept { return !msgctxt && msgid.empty() && !obsolete; }
  /// The entry has a `msgid_plural`.
  bool is_plural() const noexcept { return msgid_plural.has_value(); }
};

/// A parsed PO file.
struct po_file {
  std::string file_name;  ///< name used in diagnostics
  /// Entries in file order, the header (empty msgid, no context) included where present.
  std::vector<po_message> messages;
  /// The charset the header declared (as written, e.g. "ISO-8859-1"); "UTF-8" when the file
  /// has no header or the header names none; "CHARSET" for an unfilled template.
  std::string charset = "UTF-8";
  /// False (what `read_po` makes): the text is UTF-8, converted to `charset` when written.
  /// True: the strings and comments hold bytes in `charset` as GNU's tools hold them when they
  /// convert nothing (`decompile_mo` for a catalog in UTF-8 or ASCII, msgunfmt's reading of
  /// one that names no charset; `msginit_catalog` for a template in another charset than the
  /// catalog's), read as UTF-8 when `charset` names it, else as ASCII. `write_po` writes them
  /// as they are, except that it leaves out of a string every byte that starts no character
  /// (as GNU's writer does, warning "invalid multibyte sequence"), or with `escape` writes it
  /// as an octal escape.
  bool unconverted = false;

  /// The header entry, or nullptr.
  const po_message* header() const noexcept;
  /// The value of a header field (e.g. "Plural-Forms"), without the trailing newline.
  std::optional<std::string> header_field(std::string_view name) const;
};

/// Bounds on untrusted input. Exceeding one is an `errc::limit_exceeded` error.
struct po_read_options {
  std::size_t max_bytes = std::size_t{16} << 20;  ///< size of the file in bytes
  /// Entries, the header and obsolete ones included.
  std::size_t max_entries = 500000;
  /// False reads only what a catalog needs at run time (`catalog_store` reads so): no
  /// translator or extracted comments, no references, and of the flags only `fuzzy` and
  /// `c-format`. Comment lines are still checked, but cost no memory, whatever their number;
  /// kept, each costs at least a `std::string` (32 bytes) in the model.
  bool keep_comments = true;
};

/// Parses PO text. `file_name` is used only in diagnostics.
result<po_file> read_po(std::string_view text, std::string_view file_name = "<input>",
                        const po_read_options& options = {});

/// Reads and parses a PO file.
result<po_file> read_po_file(const std::string& path, const po_read_options& options = {});

/// Output layout, as `msgcat`'s options: `width` is `--width=N`, `wrap=false` is `--no-wrap`,
/// `indent` is `--indent`, `escape` is `--escape`, `strict` is `--strict`.
struct po_write_options {
  /// Widest line, in display columns, when strings are filled (`--width=N`; below 20 counts
  /// as 20).
  std::size_t width = 79;
  /// False (`--no-wrap`): strings are not filled, only broken after embedded newlines;
  /// `#:` reference lines are folded at `width` either way.
  bool wrap = true;
  /// True (`--force-po`): a file holding nothing but its header is written too; by default it
  /// comes out empty, as msgcat and msgunfmt write it. msgmerge always writes it (`erli18n
  /// merge` sets this).
  bool force_po = false;
  /// True (`--indent`, `-i`): the indented style. Each keyword is padded with spaces to the
  /// next tab stop (every 8 columns) and its string starts there, its first piece on the
  /// keyword's line (no `keyword ""` line); the string's other lines are padded to the tab
  /// stop after their prefix (`#~ `...). In a message with previous fields (`#| `), every
  /// keyword's tab stop is counted as if it had that prefix, as msgcat 0.21 does.
  bool indent = false;
  /// True (`--escape`, `-E`): strings are written in ASCII, every other byte of the output
  /// charset as a C octal escape (`\303\251` for "é" in UTF-8, `\351` in ISO-8859-1), control
  /// characters without an escape of their own too (`\001`, `\177`). Lines are filled on
  /// the escaped text, as msgcat 0.21 does. Comments are written as they are.
  bool escape = false;
  /// True (`--strict`): the Uniforum style. Entries are separated by a `#` line instead of an
  /// empty one, and each reference is a comment line of its own, `# File: NAME, line: N`
  /// (`line: -1` when it has no line), never folded.
  bool strict = false;
};

/// Writes `po` as `msgcat` would, in `po.charset`.
result<std::string> write_po(const po_file& po, const po_write_options& options = {});

/// One section of a PO file with `domain "NAME"` directives: what follows a directive, up to
/// the next, belongs to domain NAME; what precedes the first, to the default one.
struct po_domain_section {
  /// The NAME of the section's directive; empty for the part before the first directive.
  std::string domain;
  /// The section's lines, preceded by as many newlines as lines came before it, so that
  /// `read_po` on it reports the positions of the whole file.
  std::string text;
  /// The 1-based line of the section's `domain` directive; 0 for the default part.
  std::size_t directive_line = 0;
};

/// Splits PO text at its `domain "NAME"` lines (a line starting with `domain`, a space or tab,
/// and a quoted name). Text without directives is one section of the default domain; else the
/// default section (possibly empty) comes first, then one per directive, in file order.
std::vector<po_domain_section> split_po_domains(std::string text);

/// One domain's catalog, for `write_po_domains`.
struct po_domain {
  std::string name;  ///< the domain ("messages" is the default one)
  po_file po;        ///< its messages
};

/// Writes several domains as one file, as msgmerge and msgcat do: each domain written as
/// `write_po` would, preceded by a `domain "NAME"` line (and a blank line unless the domain
/// writes nothing), except a first domain named "messages"; one blank line between domains.
result<std::string> write_po_domains(const std::vector<po_domain>& domains,
                                     const po_write_options& options = {});

}  // namespace erli18n

#endif  // ERLI18N_PO_H
