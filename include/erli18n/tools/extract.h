/// \file
/// erli18n/tools/extract.h — message extraction from C and C++ sources into `.pot` templates.
///
/// `extract_sources` reads C/C++ files with a real C++ lexer (comments, preprocessor lines,
/// every string-literal form including raw strings, adjacent-literal concatenation, escapes,
/// line continuations, digit separators), finds the calls named by `keyword_spec`s (by
/// default the erli18n lookup API and GNU's C defaults) and collects their literal msgids into
/// one template per text domain, the way `xgettext --language=C++` does: messages merged by
/// (msgctxt, msgid), references `file:line` of the msgid literal, translator comments, the
/// `c-format` flags xgettext adds, plus erli18n's own `erli18n-format` flag on messages with
/// `%{name}` placeholders. `render_template` writes a template with xgettext's header, so
/// that the output equals xgettext's byte for byte except the creation date (and where
/// xgettext misreads raw strings).
///
/// `xgettext:` flag comments among the comments in effect before a message (the rules of
/// `--add-comments`, whether or not comments are extracted) give it flags as xgettext 0.21
/// does: `[no-|possible-|impossible-]LANG-format` for xgettext's format languages, `wrap`,
/// `no-wrap`, `range: MIN..MAX`, separated by spaces or commas, later ones winning. A c-format
/// flag of any kind (or an objc, qt, qt-plural, kde, kde-kuit or boost one) replaces the
/// c-format guess; `no-wrap` leaves the message's lines unwrapped; a comment line naming a
/// flag is not an extracted comment.
///
/// `<inttypes.h>`'s printf macros (`PRId64`, `PRIuLEAST8`, `PRIxMAX`...) read in a string
/// concatenation as the text `<PRId64>`, as xgettext expands them (`"%" PRId64` is the msgid
/// `%<PRId64>`, a c-format string).
///
/// `#line N "file"` (and `# N "file"`) makes the next line line N of `file` in references, as
/// xgettext 0.21 reads it: `#if` is not evaluated, a directive without a file name is ignored.
///
/// A call whose msgid, plural or context argument is not a string literal is skipped with a
/// warning; a domain argument that is not a string literal sends the message to
/// `extract_options::default_domain`. `gettext("")` is kept (with a warning) and, as in
/// xgettext, lends its references and comments to the header when one is rendered (and with
/// `sort_by_file` the header stays where those references sort, as xgettext leaves it). A literal
/// ends at a NUL byte or `\0`, as a C string does. Input is any bytes: the lexer is linear and
/// bounded (bracket depth, arguments per call, comment lines, message size).
///
/// All functions are thread-safe; the types are plain values.
///
/// \code
/// erli18n::extract_options opts;
/// opts.package_name = "hello";
/// auto r = erli18n::extract_sources(erli18n::collect_source_files({"src"}).value(), opts);
/// if (!r) { std::cerr << r.error().to_string() << '\n'; return 1; }
/// for (const auto& w : r->warnings) std::cerr << erli18n::to_string(w) << '\n';
/// auto pot = erli18n::render_template(erli18n::merge_templates(*r), opts);  // xgettext -o
/// \endcode
#ifndef ERLI18N_EXTRACT_H
#define ERLI18N_EXTRACT_H

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "erli18n/po.h"
#include "erli18n/result.h"

namespace erli18n {

/// Where a keyword function takes its strings: 1-based argument positions, 0 = none.
///
/// Several specs may share a name (overloads). For a call with N arguments the spec whose
/// `total` equals N is used; failing that, the first spec of that name with `total == 0`;
/// failing that, the call is not a keyword call. So `log(msgid, args)` (`log:1,2t`) and
/// `log(channel, msgid, args)` (`log:2,3t`) are told apart by their argument count, as
/// xgettext does with `Nt`. Arguments are counted at the call's top level: commas inside
/// (), [], {} and string or character literals do not separate arguments.
struct keyword_spec {
  std::string name;           ///< function name, matched against the last name component
  unsigned msgid = 1;         ///< argument holding the msgid
  unsigned msgid_plural = 0;  ///< argument holding the plural msgid (0 = singular)
  unsigned context = 0;       ///< argument holding the msgctxt (xgettext's `Nc`)
  unsigned total = 0;         ///< required argument count (xgettext's `Nt`; 0 = any)
  unsigned domain = 0;        ///< argument naming the text domain (erli18n's `Nd`; 0 = none)
  /// Extracted comments every message of this call gets (xgettext's `name:1,"text"`), after
  /// its translator comments, whether or not comments are extracted.
  std::vector<std::string> comments = {};
  /// The msgid or plural argument whose text is `msgctxt|text`, split at its first `|`, as
  /// glib's `Q_` writes it (xgettext's `Ng`; 0 = none). Text without `|` has no context
  /// (with a warning, as xgettext).
  unsigned glib_context = 0;

  /// True when every field of `a` equals that of `b`.
  friend bool operator==(const keyword_spec& a, const keyword_spec& b) {
    return a.name == b.name && a.msgid == b.msgid && a.msgid_plural == b.msgid_plural &&
           a.context == b.context && a.total == b.total && a.domain == b.domain &&
           a.glib_context == b.glib_context && a.comments == b.comments;
  }
};

/// Parses a keyword spec in xgettext's `--keyword` syntax: `name`, `name:1`, `name:1,2`,
/// `name:1c,2`, `name:2,3t`, `name:1c,2,3,4t`, `name:1g` (see `glib_context`). Extension: `Nd` names the
/// domain argument
/// (`dgettext:1d,2`); xgettext has no such letter, so keep `d` out of specs shared with it.
/// A spec with no position numbers means `name:1`. Positions are 1..1000; at most two plain
/// positions (msgid, plural), one `c`, one `t`, one `d`; positions must differ and `t` must
/// cover them. Malformed specs are `errc::invalid_argument` errors naming the problem.
/// A quoted extracted comment (`name:1,"text"`, several allowed) goes to `comments`.
result<keyword_spec> parse_keyword_spec(std::string_view spec);

/// The spec in xgettext's syntax (the `d` extension included when `domain != 0`).
std::string to_string(const keyword_spec& spec);

/// The default keywords: the erli18n lookup API and GNU's C defaults.
///
/// The erli18n lookup API: `gettext`, `ngettext`, `pgettext`, `npgettext` (free functions
/// and `translator` members, matched by the name after `.` or `->`) and their `d` and `dl`
/// variants; a lookup wrapped in `erli18n::format(...)` is found by its own name. GNU's C
/// defaults: `gettext`, `dgettext`, `dcgettext`, `ngettext`,
/// `dngettext`, `dcngettext`, `pgettext`, `dpgettext`, `dcpgettext`, `npgettext`,
/// `dnpgettext`, `dcnpgettext`, `_`, `N_`, `gettext_noop`. Domain arguments are marked
/// (`d`). The macros of `erli18n/checked.h`: `ERLI18N_MSGID`, `ERLI18N_GETTEXT`,
/// `ERLI18N_GETTEXTF` (msgid first), `ERLI18N_PGETTEXT`, `ERLI18N_PGETTEXTF` (context,
/// msgid), `ERLI18N_NGETTEXT`, `ERLI18N_NGETTEXTF` (msgid, plural), `ERLI18N_NPGETTEXT`
/// (context, msgid, plural). `xgettext` keeps GNU's defaults only.
std::vector<keyword_spec> default_keywords();

/// The default keywords as xgettext `--keyword` specs (the `d` marks removed), for running
/// `xgettext -k SPEC` for each as an oracle with the same call forms.
std::vector<std::string> default_keywords_for_xgettext();

/// xgettext's `--flag=WORD:ARG:FLAG` for C's format strings: what the messages extracted in
/// argument `argument` of calls to `function` (and its own msgid when `function` is a keyword
/// whose msgid is that argument) are. `c-format` and `possible-c-format`: a format argument, as
/// printf's first (`c-format` even without a directive); `no-c-format`: flagged `no-c-format`;
/// `pass-c-format`: the keyword `function` passes on the format argument it sits in, as
/// GNU's own keywords do (`printf(_("..."))`).
struct format_flag {
  std::string function;
  unsigned argument = 1;
  std::string flag;  ///< `c-format`, `possible-c-format`, `no-c-format` or `pass-c-format`
};

/// xgettext's `--check=NAME` syntax checks of extracted msgids and plurals (not contexts).
enum class syntax_check : unsigned char {
  ellipsis_unicode,  ///< `ellipsis-unicode`: a sentence ending in ASCII `...` (before `.?!` too)
  space_ellipsis,    ///< `space-ellipsis`: white space before a sentence's ending ellipsis
  quote_unicode,     ///< `quote-unicode`: pairs of ASCII quotes (`"x"`, `'x'` between spaces, `` `x' ``)
  bullet_unicode     ///< `bullet-unicode`: consecutive lines listed with the same ASCII `-`/`*` bullet
};

/// The check of a `--check` name (`ellipsis-unicode`…), or nothing for a name xgettext 0.21
/// does not know.
std::optional<syntax_check> parse_syntax_check(std::string_view name);

/// The check's `--check` name.
std::string_view to_string(syntax_check check);

/// xgettext's `--sentence-end=TYPE`: what ends a sentence for the ellipsis checks after its
/// `.`, `?`, `!` or `…` (and closing quotes or brackets): the end of the string, a tab or a
/// newline, and one space (`single_space`) or two (`double_space`).
enum class sentence_end : unsigned char { single_space, double_space };

/// The type of a `--sentence-end` name (`single-space`, `double-space`), or nothing.
std::optional<sentence_end> parse_sentence_end(std::string_view name);

/// What to extract and how to render it; the CLI's options.
struct extract_options {
  std::vector<keyword_spec> keywords = default_keywords();  ///< the calls to extract from
  std::vector<format_flag> format_flags;                    ///< `--flag` rules
  /// `--add-comments[=TAG]`, as xgettext: the comments collected before a message's msgid
  /// literal (consecutive comment lines, and a comment on a code line just before it; a later
  /// code line or an extracted message forgets them), from the first line containing TAG,
  /// starting at TAG; "" keeps them all. Unset: no extracted comments.
  std::optional<std::string> comment_tag;
  /// `--from-code=CHARSET`: the charset the sources are written in. Unset: erli18n's own
  /// default, bytes taken as they are (UTF-8 expected, nothing checked). `ASCII` (or
  /// `US-ASCII`, what xgettext assumes without `--from-code`): a message whose msgid, plural
  /// or context holds a non-ASCII byte (escapes included), or whose comments in effect do
  /// (whether or not `comment_tag` keeps them), is an `errc::charset` error at that string's
  /// line: `non-ASCII string` or `non-ASCII comment at or before` (xgettext's `Non-ASCII
  /// string at FILE:LINE.`, exit 1, no output). `UTF-8`: extracted strings must be valid UTF-8.
  /// One of the other names xgettext 0.21 knows (ISO-8859-1..9/13/14/15, CP1250..CP1257,
  /// KOI8-R, EUC-JP, SHIFT_JIS, GB18030…, any case): each file converted to UTF-8 before it is
  /// scanned; bytes invalid in it are an `errc::charset` error at their line. A name xgettext
  /// does not know (`latin1`, `UTF8`) means ASCII, with a warning, as xgettext falls back.
  std::optional<std::string> from_code;
  /// What the references of a message say (xgettext's `--add-location`).
  enum class locations {
    full,  ///< `file:line`
    file,  ///< `file` only
    never  ///< no references
  };
  locations add_location = locations::full;  ///< `--add-location`: `file:line`, `file`, none
  bool sort_output = false;                  ///< `--sort-output`: by msgid, then msgctxt
  bool sort_by_file = false;                 ///< `--sort-by-file`: by first reference, msgid, msgctxt
  bool omit_header = false;                  ///< `--omit-header`: no header entry
  std::string package_name;                  ///< `Project-Id-Version` (default "PACKAGE VERSION")
  /// Appended to `Project-Id-Version` after `package_name` when both are set.
  std::string package_version;
  std::string msgid_bugs_address;           ///< `Report-Msgid-Bugs-To`
  std::string copyright_holder;             ///< the header comment's copyright line
  std::string default_domain = "messages";  ///< domain of calls that name none
  /// The header comment says `This file is put in the public domain.` in place of the
  /// copyright and license lines (xgettext's `--foreign-user`, or `--copyright-holder=""`).
  bool public_domain = false;
  /// False: no `erli18n-format` flag (xgettext knows no such format; the GNU-compatible
  /// command leaves it out).
  bool erli18n_format = true;
  /// False: a keyword call whose message argument is not a string literal
  /// (`gettext(names[i])`) is skipped without a warning, as xgettext skips it.
  bool warn_skipped_calls = true;
  /// Every string literal (a run of adjacent ones, <inttypes.h> macros included) is a
  /// message, keyword calls too, each argument on its own (xgettext 0.21's `--extract-all`:
  /// no context, no plural); `#include` file names are not.
  bool extract_all = false;
  /// xgettext's `--qt`: a message with Qt's `%0`…`%99` (or `%L1`) gets `qt-format`, one with
  /// `%n` (`%Ln`) `qt-plural-format`; either takes the place of the c-format that printf's
  /// format argument gives (a message that is a C format itself keeps it).
  bool qt = false;
  /// xgettext's `--kde`: a message with KDE's `%1`…`%N`, at most one number up to the highest
  /// missing, gets `kde-format` (the same rule for c-format as `qt`).
  bool kde = false;
  /// xgettext's `--boost`: a message that is a valid Boost.Format string with a directive
  /// (`%1%`, `%|1$5d|`, printf's `%1$s`, `%%`) gets `boost-format`, next to any c-format.
  bool boost = false;
  /// Which inputs are C++, the only ones where `qt`, `kde` and `boost` look for their formats
  /// (as xgettext 0.21). Unset: by the reference's file name, as xgettext guesses from the
  /// extension (C, c++, cc, cxx, cpp, hh, hxx, hpp; `.h`, `.c`, standard input are C); true:
  /// every input (`-L C++`, `-C`); false: none (`-L C`).
  std::optional<bool> cxx;
  /// Trigraphs (`??=` for `#`...) read as ANSI C reads them (xgettext's `--trigraphs`).
  bool trigraphs = false;
  /// Where a relative file name is looked for, in order, as xgettext's `-D` (references keep
  /// the name as given); empty: the name as given only.
  std::vector<std::string> directories;
  /// True: the file name `-` is standard input, `standard input` in references (xgettext).
  bool standard_input = false;
  /// (msgctxt, msgid) of the messages not to extract (xgettext's `--exclude-file`).
  std::set<std::pair<std::optional<std::string>, std::string>> exclude;
  /// `--msgstr-prefix[=TEXT]`, `--msgstr-suffix[=TEXT]`: set, every message but the header
  /// gets msgstr prefix + msgid + suffix (msgstr[1]: the plural), as xgettext `-m`/`-M`.
  std::optional<std::string> msgstr_prefix;
  std::optional<std::string> msgstr_suffix;  ///< see `msgstr_prefix`
  /// The charset the header names when every message is ASCII (xgettext's `CHARSET`; with
  /// `--join-existing`, the name the joined file's header gives). Otherwise `UTF-8`.
  std::string ascii_charset = "CHARSET";
  /// How `render_template` lays the template out (`--width`, `--no-wrap`); `force_po` is
  /// `--force-po`: without it a template of nothing but its header renders as nothing.
  po_write_options layout = {};
  /// `POT-Creation-Date`, seconds since the epoch; unset = now. The CLI sets it from
  /// `SOURCE_DATE_EPOCH`.
  std::optional<long long> creation_time;
  /// False: `extract_sources` fills only `extract_result::all` (templates and first_seen
  /// stay empty), half the work when one template with every domain is all that is needed.
  bool per_domain = true;
  /// Threads that read and scan files in `extract_sources`: 0 = one per core, 1 = none (all
  /// on the calling thread). The result is the same whatever the number: files are recorded
  /// in their given order.
  unsigned jobs = 0;
  /// `--check=NAME`: the syntax checks every message gets, as xgettext 0.21 runs them.
  /// An `xgettext: NAME-check` or `xgettext: no-NAME-check` comment before an occurrence
  /// turns one on or off for that message whatever this says (the last occurrence saying so
  /// wins). What they find is `extract_result::syntax_errors`.
  std::set<syntax_check> checks;
  /// `--sentence-end=TYPE`: where sentences end for the checks.
  sentence_end sentence_end_type = sentence_end::single_space;
  /// Called by `extract_sources` after each file is read and scanned, with the files done so
  /// far and the total (e.g. to draw a progress bar); on the calling thread; empty = none.
  std::function<void(std::size_t done, std::size_t total)> on_file_done;
};

/// A non-fatal finding, e.g. a keyword call whose msgid is not a string literal.
struct extract_warning {
  std::string file;        ///< the file name as given (or `file_name` of `extract_text`)
  std::size_t line = 0;    ///< 1-based line of the finding
  std::size_t column = 0;  ///< 1-based column of the finding
  std::string message;     ///< what was found, in English
};

/// `file:line: warning: message` (xgettext's layout).
std::string to_string(const extract_warning& warning);

/// Extracted messages: one template per text domain, without header (see `render_template`).
/// Messages carry references, extracted comments and flags; `msgstr` is empty ("" twice for
/// plurals); messages are in first-seen order, or sorted as the options ask.
struct extract_result {
  std::map<std::string, po_file> templates;  ///< by domain
  std::vector<extract_warning> warnings;     ///< in file and source order
  /// (domain, index in that template) of every message, in first-seen order across domains;
  /// empty when the templates were sorted. `merge_templates` follows it.
  std::vector<std::pair<std::string, std::size_t>> first_seen;
  /// Every domain in one template, as xgettext writes them with `-o`: messages in first-seen
  /// order (or sorted), each with its references in occurrence order across domains.
  po_file all;
  /// What the syntax checks (`extract_options::checks` and the comments) found, in the order
  /// of `all`'s messages, per message the msgid's findings before the plural's, per string
  /// in the order of `syntax_check`: `file` and `line` of the message's first occurrence,
  /// `message` in xgettext's words (`ASCII ellipsis ('...') instead of Unicode`). xgettext
  /// reports each as `file:line: message` and writes no output when there is any.
  std::vector<extract_warning> syntax_errors;
};

/// Extracts from `files`, in the given order (references use the names as given).
/// A file that cannot be read is an `errc::io` error (`file: error: …`).
result<extract_result> extract_sources(const std::vector<std::string>& files,
                                       const extract_options& options = {});

/// Extracts from one source text; `file_name` appears in references and warnings. Any text
/// is accepted: what cannot be extracted becomes a warning, not an error.
result<extract_result> extract_text(std::string_view source, std::string_view file_name,
                                    const extract_options& options = {});

/// Every domain's messages in one template.
///
/// All domains in one template, as xgettext writes them with `-o` (it ignores domains):
/// `extracted.all`; for a result without `all` (built by hand), the domains' messages merged
/// by (msgctxt, msgid) in `first_seen` order (else domain by domain), sorted per `options`.
po_file merge_templates(const extract_result& extracted, const extract_options& options = {});

/// xgettext's `--join-existing`: the messages of `existing` (an earlier template, its header
/// left out: the rendering writes a new one) in their order, each extracted message merged
/// into its twin by (msgctxt, msgid) (references, extracted comments and flags added, the
/// translation kept), the others after them; sorted per `options`.
po_file join_existing(po_file existing, const po_file& extracted, const extract_options& options = {});

/// Renders a template as xgettext does.
///
/// Unless `omit_header`: the comment block that starts `SOME DESCRIPTIVE TITLE.`, the
/// fuzzy header (`Project-Id-Version` to `Content-Transfer-Encoding`, and
/// `Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;` when some message is plural). Then
/// the messages, wrapped as xgettext wraps (at 79 columns unless `layout` says otherwise).
/// A template of nothing but its header renders as nothing unless `layout.force_po`.
result<std::string> render_template(const po_file& pot, const extract_options& options = {});

/// `render_template` for a template no longer needed: its messages are moved, not copied.
result<std::string> render_template(po_file&& pot, const extract_options& options = {});

/// The C and C++ source files under `paths`, for extraction.
///
/// A file path is taken as is (whatever its extension); a directory is walked recursively
/// (symlinked directories are not followed, hidden entries whose names start with a dot are
/// skipped) for files ending in `.c .h .cc .cp .cpp .cxx .c++ .hh .hp .hpp .hxx .h++`
/// `.C .H .CC .CPP .ipp .tpp .inl .ixx .cppm`. Files found in directories are sorted
/// bytewise; `paths` keep their order; duplicates are dropped. A path that does not exist is
/// an `errc::io` error.
result<std::vector<std::string>> collect_source_files(const std::vector<std::string>& paths);

}  // namespace erli18n

#endif  // ERLI18N_EXTRACT_H
