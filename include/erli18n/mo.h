/// \file
/// GNU MO catalogs: a zero-copy reader, a writer and a decompiler.
///
/// `mo_catalog` reads a compiled catalog in place: `open` maps the file read-only (shared),
/// `from_memory` reads a buffer the caller owns (a catalog embedded in the binary), and
/// lookups return `std::string_view`s into those bytes — nothing is copied for a UTF-8
/// catalog. Both byte orders are read, revisions 0 and 1 (major 0 and 1, minor 0 and 1),
/// with or without a hash table (`msgfmt --no-hash`: lookups then binary-search the sorted
/// table).
///
/// System-dependent strings (minor revision 1, which msgfmt writes for c-format messages
/// that use `<inttypes.h>` macros such as `%<PRIu64>`, or the `I` flag) are supported. They
/// are expanded at open, for this platform, exactly as glibc expands them (`<PRIu64>` reads
/// "lu" on LP64 glibc, the `I` flag stays `I`), so `lookup("%" PRIu64 " files")` finds them.
/// A string using a segment this platform does not know is kept for iteration but cannot
/// be looked up, as glibc skips it. Iteration shows them as msgunfmt does (`%<PRIu64>`).
/// The memory the expansion takes is bounded by `mo_open_options::max_expansion` (a file
/// whose strings all share one text would otherwise take thousands of times its size) and
/// counted in `owned_bytes()`.
///
/// Validation. `open` checks in O(1) the header, the magic, the revision and that every
/// table (strings, hash, system-dependent segments) lies inside the file, after the header
/// and without overlapping another table; hash sizes 1 and 2 are rejected (GNU's probe step
/// would divide by zero). The offset, length and NUL terminator of each individual string
/// are checked lazily, when a lookup or `entry()` first touches it, with bounds-checked
/// reads: a lookup can never read outside the catalog, and a corrupt entry behaves as a
/// missing one (`entry()` reports it as an error). Opening therefore costs the same for ten
/// messages or a million when the catalog is UTF-8 and has a hash table; `validate()` does
/// the full O(N) check up front for callers that want every problem reported. A catalog
/// read as UTF-8 (it says so, or declares no charset) must hold UTF-8, as a `.po` must:
/// `entry()` and `validate()` report a string that is not (`translated string 3 (descriptor
/// at offset 44) is not valid UTF-8 (byte 6 of the string)`), and `open` a system-dependent
/// one. Lookups hand out the bytes as they are, as glibc does; the catalog store reads every
/// entry when it loads a `.mo`, so it refuses such a file. Exceptions
/// to O(1): a catalog in another charset is validated and converted to UTF-8 at open (it
/// then owns its converted text, in a private native-order MO image), and the few
/// system-dependent strings are expanded at open.
///
/// Errors are `file: error: message` with the byte offset in the message. A mapped file must
/// not be truncated while a catalog maps it (the kernel would raise SIGBUS on access, as for
/// glibc's own mapped catalogs); replace catalogs by renaming a new file over the old one.
///
/// Lifetime and threads: a `mo_catalog` is move-only; the views it returns stay valid while
/// it lives (and, for `from_memory`, while the caller's buffer does). All const member
/// functions are safe to call from many threads at once; lookups are `noexcept`, take no
/// lock and allocate nothing.
///
/// \code
/// auto mo = erli18n::mo_catalog::open("/usr/share/locale/de/LC_MESSAGES/tar.mo");
/// if (!mo) { std::cerr << mo.error().to_string() << '\n'; return 1; }
/// if (auto s = mo->lookup("Print version")) std::cout << *s << '\n';
/// std::cout << mo->lookup_plural("file", "files", 3).value_or("files") << '\n';
/// \endcode
///
/// The writer side: `compile_mo` turns a `po_file` into the exact bytes `msgfmt` writes
/// (same options, same checks), `decompile_mo` turns a catalog into the `po_file` whose
/// `write_po` output is exactly what `msgunfmt` prints.
#ifndef ERLI18N_MO_H
#define ERLI18N_MO_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "erli18n/plural.h"
#include "erli18n/po.h"
#include "erli18n/result.h"

namespace erli18n {
namespace detail {
struct mo_access;  // the catalog store's view of the tables (library-private)
}

/// Whether `bytes` start with the MO magic number 0x950412de, in either byte order: how a
/// compiled catalog is told from a `.po` file whatever its name (`.mo`, `.gmo`, none).
bool is_mo_image(std::string_view bytes) noexcept;

/// One message of a catalog, as views into the catalog.
struct mo_entry {
  /// The stored key has a context (an empty context still counts).
  bool has_context = false;
  std::string_view context;  ///< the part before `\x04` in the stored key
  /// The msgid (the part after the context, if any).
  std::string_view msgid;
  /// The entry has a msgid_plural.
  bool has_plural = false;
  /// The msgid_plural; empty when `has_plural` is false.
  std::string_view msgid_plural;
  /// The msgstr bytes: one form, or the plural forms separated by NUL.
  std::string_view translation;
  /// A revision-1 system-dependent string, shown with its `<PRIu64>`-style segments.
  bool system_dependent = false;
  /// For a system-dependent string: its translation uses a `<PRI...>` segment (rather
  /// than only the `I` flag).
  bool uses_format_macros = false;

  /// Number of forms in `translation` (1 for a singular message).
  std::size_t form_count() const noexcept;
  /// Form `i`, or an empty view when there is no such form.
  std::string_view form(std::size_t i) const noexcept;
};

/// Bounds on untrusted MO input.
struct mo_open_options {
  std::size_t max_bytes = std::size_t{1} << 30;  ///< larger files are refused (limit_exceeded)
  /// Bound on the memory the system-dependent strings take once expanded at open (each
  /// text as looked up and as shown, and 52 bytes of bookkeeping per string pair, all
  /// counted in `owned_bytes()`): at most `max_expansion` times the file's size, and at most
  /// `max_bytes`. A file that needs more is refused (limit_exceeded) before anything is
  /// expanded. msgfmt's output needs less than twice its size (every message system-dependent,
  /// each with many `<PRI...>` segments); a hostile file whose strings all point at one text
  /// would need thousands of times its size. 0 refuses every system-dependent string.
  std::size_t max_expansion = 4;
  /// Run `validate()` at open (O(N)): every entry checked before the catalog is returned.
  bool validate_all = false;
  /// The first `populate_bytes` of a mapped file (all of it when smaller) are put in the
  /// mapping at open, in one system call (Linux's MADV_POPULATE_READ; nothing where the
  /// kernel lacks it), rather than by a page fault at the first read of each page: for a
  /// program that reads much of a catalog soon after opening it, as a gettext program's
  /// `--help` does (liberli18n_intl.so asks for 1 MiB). They count in the resident size from
  /// then on. 0 (the default): each page when first read. No effect on `from_memory`.
  std::size_t populate_bytes = 0;
};

/// A compiled GNU MO catalog, read in place (see mo.h).
///
/// Move-only; a moved-from catalog may only be assigned to or destroyed.
class mo_catalog {
 public:
  /// Maps `path` read-only and reads it in place.
  static result<mo_catalog> open(const std::string& path, const mo_open_options& options = {});
  /// Reads `size` bytes at `data`, which the caller keeps alive and unchanged for the
  /// catalog's life. `name` is used in diagnostics.
  static result<mo_catalog> from_memory(const void* data, std::size_t size,
                                        std::string_view name = "<memory>",
                                        const mo_open_options& options = {});

  /// Takes over the other catalog's mapping or buffer; the views it returned stay valid.
  mo_catalog(mo_catalog&&) noexcept;
  /// Releases this catalog (its views become invalid), then takes over the other one's
  /// mapping or buffer; the views that one returned stay valid.
  mo_catalog& operator=(mo_catalog&&) noexcept;
  mo_catalog(const mo_catalog&) = delete;
  mo_catalog& operator=(const mo_catalog&) = delete;
  ~mo_catalog();

  /// The translation (first form) of `msgid` without context, or nullopt on a miss.
  std::optional<std::string_view> lookup(std::string_view msgid) const noexcept;
  /// The translation of `msgid` in `context` (an empty context is still a context).
  std::optional<std::string_view> lookup(std::string_view context, std::string_view msgid) const noexcept;

  /// All stored forms of `msgid`, NUL-separated, or nullopt on a miss.
  std::optional<std::string_view> lookup_forms(std::string_view msgid) const noexcept;
  /// All stored forms of `msgid` in `context`, NUL-separated, or nullopt on a miss.
  std::optional<std::string_view> lookup_forms(std::string_view context,
                                               std::string_view msgid) const noexcept;

  /// The form the catalog's plural rule selects for `n`, or the first form when the entry
  /// holds fewer forms than that (a singular entry asked for a plural, say), as glibc
  /// answers. nullopt on a miss: the caller then shows `msgid` or `msgid_plural` (`n == 1`
  /// picks `msgid`), as GNU does.
  std::optional<std::string_view> lookup_plural(std::string_view msgid, unsigned long n) const noexcept;
  /// As `lookup_plural(msgid, n)`, for `msgid` in `context`.
  std::optional<std::string_view> lookup_plural(std::string_view context, std::string_view msgid,
                                                unsigned long n) const noexcept;

  /// Number of entries: the static ones (file order), then the system-dependent ones.
  std::size_t size() const noexcept;
  /// Entry `index` (< size()); an error if that entry is corrupt.
  result<mo_entry> entry(std::size_t index) const;
  /// Entry `index` (< size()) as lookups match it: a system-dependent string with this
  /// platform's expansions (`%<PRIu64>` reads `%lu` on LP64), or nullopt for one that uses
  /// a segment this platform does not know (no lookup finds it); other entries as `entry()`.
  /// The views stay valid while the catalog lives.
  result<std::optional<mo_entry>> expanded_entry(std::size_t index) const;
  /// Checks every entry; the first problem found, with its byte offset.
  result<void> validate() const;

  /// The header entry's translation (the msgstr of the empty msgid), empty when absent.
  std::string_view header() const noexcept;
  /// A header field's value (e.g. "Plural-Forms"), without the trailing newline.
  std::optional<std::string_view> header_field(std::string_view name) const noexcept;
  /// The charset the header declares ("UTF-8" when it declares none).
  const std::string& charset() const noexcept;
  /// True when the text was converted to UTF-8 at open (the catalog then owns a copy).
  bool converted() const noexcept;
  /// The compiled `Plural-Forms`; GNU's default rule when absent or invalid, as glibc.
  const plural_rule& plural() const noexcept;

  /// True when the file is big-endian (as read, before any conversion).
  bool big_endian() const noexcept;
  /// The file's revision word: major revision in the high 16 bits, minor in the low 16.
  std::uint32_t revision() const noexcept;
  /// Size of the hash table in the file, 0 when lookups binary-search.
  std::uint32_t hash_size() const noexcept;
  /// The bytes lookups read: the file or buffer as given, or the UTF-8 image of a catalog
  /// converted at open.
  std::string_view image() const noexcept;
  /// Bytes the catalog maps or owns: the file mapping, plus the converted image of a
  /// catalog converted at open, plus its expanded system-dependent strings (a
  /// `from_memory` catalog does not own the caller's buffer).
  std::size_t owned_bytes() const noexcept;
  /// The name given at open (the path for `open`).
  const std::string& name() const noexcept;

 private:
  struct impl;
  explicit mo_catalog(std::unique_ptr<impl> p) noexcept;
  friend result<po_file> decompile_mo(const mo_catalog& catalog);  // reads the text unchecked
  friend struct detail::mo_access;
  std::unique_ptr<impl> impl_;
};

/// Options of `compile_mo`, as msgfmt's.
struct mo_compile_options {
  bool use_fuzzy = false;   ///< `--use-fuzzy`: include fuzzy entries
  bool no_hash = false;     ///< `--no-hash`: write no hash table
  bool big_endian = false;  ///< `--endianness=big`
  /// `--alignment`: each string of the file starts at a multiple of this many bytes, with
  /// zeros before it (1, msgfmt's default, packs them; 0 is taken for 1).
  std::size_t alignment = 1;
  /// False: a newline mismatch is not refused. msgfmt reports it as an error (exit status 1)
  /// but still writes the MO file, entry included; the `msgfmt` command reports it itself
  /// (lint's [newlines]) and writes the bytes this then gives.
  bool refuse_newline_mismatch = true;
};

/// The bytes `msgfmt` writes for `po` with the same options, or the first error msgfmt
/// would report (as `%file:line:col: error: message`, at the entry's `msgid` keyword). An
/// empty string when no message is translated: msgfmt then writes no file.
///
/// What msgfmt 0.21 keeps: translated entries (msgstr, or msgstr[0], non-empty), fuzzy ones
/// only with `use_fuzzy` (a fuzzy header always), never obsolete ones; the header loses its
/// first `POT-Creation-Date:` line. Strings are written in `po.charset`. What it refuses
/// without `--check` (found by experiment): a (context, msgid) defined twice — fuzzy,
/// untranslated, obsolete or not — and, in every entry it keeps except the header, a msgid whose
/// leading or trailing newline is not matched by msgid_plural and every msgstr. A
/// `Plural-Forms` mismatch or a broken header is only refused by `msgfmt --check`, which
/// this function does not emulate. msgfmt reports every error; this reports the first.
result<std::string> compile_mo(const po_file& po, const mo_compile_options& options = {});

/// A message that repeats the key (msgctxt, EOT byte, msgid) of an earlier one
/// (`find_repeated_messages`), as indexes into the catalogs given and their messages.
struct po_repeat {
  std::size_t catalog = 0;        ///< the repeat's catalog
  std::size_t index = 0;          ///< the repeat's message
  std::size_t first_catalog = 0;  ///< the catalog of the key's first definition
  std::size_t first_index = 0;    ///< the message of the key's first definition
};

/// Every message of `catalogs`, taken as one catalog in their order, whose key an earlier
/// message already has, whatever the entries' state (fuzzy, untranslated, obsolete), sorted
/// by position. msgfmt 0.21 reports each as a duplicate message definition; `compile_mo`
/// refuses the first. One pass with a hash table of the keys, which copies none of them.
std::vector<po_repeat> find_repeated_messages(const std::vector<const po_file*>& catalogs);

/// The PO model whose `write_po` output is what `msgunfmt` prints for `catalog`. The model's
/// charset is the one the header names, or "ASCII" (msgunfmt's reading) when it names none.
/// Text the catalog holds unconverted (UTF-8, ASCII, no charset) is kept as its bytes
/// (`po_file::unconverted`), bytes invalid there included: msgunfmt writes them left out of
/// the strings, or as octal escapes under `--escape`.
result<po_file> decompile_mo(const mo_catalog& catalog);

}  // namespace erli18n

#endif  // ERLI18N_MO_H
